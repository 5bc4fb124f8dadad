"""Every vDiplomacy variant of the corpus imported by `variantkit import
webdiplomacy`: the graph exactly the site's (truth.json, made from
install.php), the traced outlines scored (each territory's point inside its
own outline, no two outlines overlapping), the result loaded, the seconds.

The table (docs/formats/webdiplomacy.md has it with the seconds): variant,
territories, outlines good.  Alacavre's install.php gives Classic's large-map
points on its own picture, so some of its points fall on a line, a
neighbour's patch or its black lagoon (the site draws its units there too):
the pixels round each point are its territory's, so each outline still holds
its point.
"""
import time

import pytest

from variantkit.cli import main
from variantkit.io import load

from tests.conftest import reference_dir
from tests.export.webdip_corpus import CORPUS, art_outlines, our_graph, outline_score, truth_graph


def apart_linked(truth, apart):
    """Territories of ``apart`` whose site links all stay among ``apart``: a part the map cannot reach."""
    return {n for n in apart if all(m in apart for m in truth[n][0] | truth[n][1])}

TABLE = {  # variant: (locations incl. coasts, outlines good of provinces)
    "Alacavre": (81, "75/75"), "AnarchyInTheUK": (78, "74/74"), "BalkanWarsVI": (52, "52/52"),
    "CelticBritain": (88, "76/76"), "Classic": (81, "75/75"), "Classic1880": (84, "78/78"),
    "ClassicChaoctopi": (81, "75/75"), "ClassicEconomic": (109, "103/103"), "ClassicFog": (91, "85/85"),
    "ClassicLayered": (162, "150/150"), "ClassicMilan": (81, "75/75"), "ClassicOctopus": (81, "75/75"),
    "ClassicPilot": (80, "74/74"), "ClassicSevenIslands": (88, "82/82"), "ClassicTouchy": (41, "37/37"),
    "Colonial1885": (271, "257/257"), "Duo": (104, "96/96"), "Enlightenment": (120, "116/116"),
    "Europe1939": (150, "148/148"), "Germany1648": (106, "106/106"), "GobbleEarth": (266, "244/244"),
    "GreatLakes": (116, "110/110"), "Habelya": (121, "111/111"), "Hundred": (45, "41/41"),
    "Hussite": (90, "90/90"), "Karibik": (93, "87/87"), "Lepanto": (98, "98/98"),
    "Maharajah": (84, "84/84"), "MateAgainstMate": (116, "114/114"), "Modern2": (143, "141/141"),
    "Pure": (7, "7/7"), "RatWars": (191, "191/191"), "SouthAmerica8": (96, "92/92"),
    "USofA": (93, "87/87"), "Viking": (184, "184/184"), "WWIV": (525, "513/513"),
    # two layers: map_2.png's territories are black on map.png, their borders another palette entry of it
    "WWIV_V6": (584, "568/568"),
    "War2020": (43, "37/37"), "World": (214, "192/192"), "Zeus5": (113, "101/101"),
}
# over 10 s each on the shared machine (the rest take 1-10 s; all 40 about 5 minutes)
SLOW = {"WWIV", "WWIV_V6", "GobbleEarth", "Hussite"}


def _cases():
    for name in sorted(TABLE):
        marks = [pytest.mark.slow] if name in SLOW else []
        yield pytest.param(name, marks=marks, id=name)


@pytest.mark.parametrize("name", list(_cases()))
def test_corpus_folder(tmp_path, name, capsys):
    folder = reference_dir() / CORPUS / name
    if not folder.is_dir():
        pytest.skip(f"the corpus is not at {folder}")
    out = tmp_path / name
    t0 = time.perf_counter()
    assert main(["import", "webdiplomacy", str(folder), "-o", str(out)]) == 0
    seconds = time.perf_counter() - t0
    assert main(["validate", str(out)]) == 0
    v = load(str(out)).variant
    # exact: every territory, army and fleet move; territories apart from the map (markers, counters'
    # boxes, which no unit on the map reaches) are read as impassable, their links among themselves
    # reported lost (VK768)
    apart = {p.name for p in v.provinces if p.terrain.value == "impassable"}
    truth = truth_graph(folder)
    assert {n for n in apart if truth[n] != (frozenset(), frozenset())} <= apart_linked(truth, apart)
    assert our_graph(v) == {n: ((a - apart, f - apart) if n not in apart else (frozenset(), frozenset()))
                            for n, (a, f) in truth.items()}
    locations, table_good = TABLE[name]
    assert len(our_graph(v)) == locations
    good, total = outline_score(v, art_outlines(out / v.art))
    want, of = map(int, table_good.split("/"))
    assert total == of and good >= want
    print(f"{name}: {good}/{total} outlines, {seconds:.1f} s")
