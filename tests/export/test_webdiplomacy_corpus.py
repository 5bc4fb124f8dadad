"""Every vDiplomacy variant of the corpus imported by `variantkit import
webdiplomacy`: the graph exactly the site's (truth.json, made from
install.php), the traced outlines scored (each territory's point inside its
own outline, no two outlines overlapping), the result loaded, the seconds.

The table (docs/formats/webdiplomacy.md has it with the seconds): variant,
territories, outlines good.  Alacavre's install.php gives Classic's large-map
points on its own picture, so five of its points fall in a neighbour's patch
or on the sea; the site draws its units there too.
"""
import time

import pytest

from variantkit.cli import main
from variantkit.io import load

from tests.conftest import reference_dir
from tests.export.webdip_corpus import CORPUS, art_outlines, our_graph, outline_score, truth_graph

TABLE = {  # variant: (locations incl. coasts, outlines good of provinces)
    "Alacavre": (81, "70/75"), "AnarchyInTheUK": (78, "74/74"), "BalkanWarsVI": (52, "52/52"),
    "CelticBritain": (88, "73/76"), "Classic": (81, "75/75"), "Classic1880": (84, "77/78"),
    "ClassicChaoctopi": (81, "75/75"), "ClassicEconomic": (109, "103/103"), "ClassicFog": (91, "85/85"),
    "ClassicLayered": (162, "149/150"), "ClassicMilan": (81, "75/75"), "ClassicOctopus": (81, "75/75"),
    "ClassicPilot": (80, "73/74"), "ClassicSevenIslands": (88, "80/82"), "ClassicTouchy": (41, "37/37"),
    "Colonial1885": (271, "256/257"), "Duo": (104, "96/96"), "Enlightenment": (120, "115/116"),
    "Europe1939": (150, "147/148"), "Germany1648": (106, "106/106"), "GobbleEarth": (266, "244/244"),
    "GreatLakes": (116, "110/110"), "Habelya": (121, "111/111"), "Hundred": (45, "41/41"),
    "Hussite": (90, "90/90"), "Karibik": (93, "87/87"), "Lepanto": (98, "98/98"),
    "Maharajah": (84, "84/84"), "MateAgainstMate": (116, "114/114"), "Modern2": (143, "140/141"),
    "Pure": (7, "7/7"), "RatWars": (191, "191/191"), "SouthAmerica8": (96, "91/92"),
    "USofA": (93, "87/87"), "Viking": (184, "183/184"), "WWIV": (525, "510/513"),
    # a map of two layers: the territories of map_2.png (not in the corpus) have no patch on map.png
    "WWIV_V6": (584, "332/568"),
    "War2020": (43, "37/37"), "World": (214, "191/192"), "Zeus5": (113, "101/101"),
}
QUICK = {"Classic", "Pure", "Hundred", "ClassicTouchy"}  # the rest take 10-40 s each on the shared machine


def _cases():
    for name in sorted(TABLE):
        marks = [] if name in QUICK else [pytest.mark.slow]
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
    assert our_graph(v) == truth_graph(folder)  # exact: every territory, army and fleet move
    locations, table_good = TABLE[name]
    assert len(our_graph(v)) == locations
    good, total = outline_score(v, art_outlines(out / v.art))
    want, of = map(int, table_good.split("/"))
    assert total == of and good >= want
    print(f"{name}: {good}/{total} outlines, {seconds:.1f} s")
