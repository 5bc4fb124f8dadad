"""Variants of other hosts' corpus (godip's Go files with godip's drawings,
Diplicity's own maps), imported by our readers and exported for Diplicity on
their own drawings: the host's upload checks accept each pair, and the host's
own reading of the .dvar (its deserializers) equals ours: the graph per unit
type and coast, the centres, homes, nations, starting units and owners."""
import pytest

from variantkit.formats import formats

from tests.export.diplicity_engine import host_reading, our_reading
from tests.export.diplicity_host import check

# name: (reader, the file read, the drawing used as the map)
CORPUS = {
    "godip-classical": ("godip", "godip/classical/map.go", "godip/classical/classicalmap.svg"),
    "godip-pure": ("godip", "godip/pure/pure.go", "godip/pure/puremap.svg"),
    "godip-hundred": ("godip", "godip/hundred/hundred.go", "godip/hundred/hundredmap.svg"),
    "empiresandcoalitions": ("godip", "godip/empiresandcoalitions/empiresandcoalitions.go",
                             "godip/empiresandcoalitions/empiresandcoalitionsmap.svg"),
    "europe1939": ("godip", "godip/europe1939/europe1939.go", "godip/europe1939/europe1939map.svg"),
    "gatewaywest": ("godip", "godip/gatewaywest/gatewaywest.go", "godip/gatewaywest/gatewaywestmap.svg"),
    "threekingdoms": ("godip", "godip/threekingdoms/threekingdoms.go", "godip/threekingdoms/threekingdomsmap.svg"),
    "unconstitutional": ("godip", "godip/unconstitutional/unconstitutional.go",
                         "godip/unconstitutional/unconstitutionalmap.svg"),
    "year1908": ("godip", "godip/year1908/year1908.go", "godip/year1908/year1908map.svg"),
    "diplicity-classical": ("diplicity", "diplicity/classical/classical.dvar", "diplicity/classical/classical.d.svg"),
    "diplicity-hundred": ("diplicity", "diplicity/hundred/hundred.dvar", "diplicity/hundred/hundred.d.svg"),
}
# what differs by design, by name: godip's two fleet moves into land Cuscowilla are not
# read (tests/export/test_godip_read.py); godip's one-sided moves are refused by the host
# (VK732), none remain in these variants
SLOW = {"godip-classical", "unconstitutional", "diplicity-classical", "gatewaywest"}


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n for n in CORPUS])
def test_corpus_variant_exports_load_in_the_host_as_we_read_them(name, reference, tmp_path):
    reader, source, drawing = CORPUS[name]
    v, _ = formats()[reader].read(str(reference / "corpus" / source))
    out = tmp_path / f"{v.id}.dvar"
    report = formats()["diplicity"].export(v, str(out), art_file=str(reference / "corpus" / drawing))
    assert report.ok, [str(p) for p in report.problems if p.severity == "error"]
    assert "VK745" not in {p.code for p in report.problems}          # the variant's own drawing is the map
    verdict = check(out, out.with_suffix("").with_suffix(".d.svg"))
    assert verdict["ok"] and not verdict["errors"], verdict["errors"]
    theirs, ours = host_reading(out), our_reading(v)
    assert {tuple(m) for m in theirs["moves"]} == ours["moves"]
    for key in ("centres", "homes", "nations", "units", "owners"):
        assert theirs[key] == ours[key], key
    assert ("allow-builds-in-non-home-centers" in theirs["modifiers"]) == bool(v.rules.options.get("build_any"))
