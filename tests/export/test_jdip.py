"""jDip: the reference Youngstown imports to the bundled graph; exports read back."""
import pytest

from variantkit.cli import main
from variantkit.formats import formats
from variantkit.formats.jdip import read
from variantkit.graph import Graph
from variantkit.io import load
from variantkit.model import UnitType
from variantkit.names import NameIndex

from tests.conftest import MAPS


def test_reference_youngstown_equals_the_bundled_graph(reference):
    v, problems = read(str(reference / "jdip" / "variants.xml"))
    assert problems == []
    y = load(str(MAPS / "youngstown")).variant
    names = NameIndex(y)

    def ours(loc):
        prov, _, coast = loc.partition("/")
        return names.location(f"{prov}/{coast}" if coast else prov)

    gj, gy = Graph(v), Graph(y)
    for unit in UnitType:
        assert {(ours(a), ours(b)) for a, b in gj.all_moves(unit)} == set(gy.all_moves(unit))
    for p in v.provinces:
        assert y.province(ours(p.id)).terrain == p.terrain, p.id
    # jDip leaves out two impassable spaces (the Arctic Circle, the Caspian)
    assert {p.id for p in y.provinces} - {ours(p.id) for p in v.provinces} == {"aci", "cas"}
    assert sorted(ours(c) for c in v.centers) == sorted(y.centers) and v.victory == 37
    for pw in v.powers:
        mine = y.power(pw.id)
        assert sorted(ours(h) for h in pw.homes) == sorted(mine.homes)
        assert sorted(f"{u.type.value} {ours(u.location)}" for u in pw.units) == sorted(map(str, mine.units))


@pytest.mark.parametrize("name", ["standard", "youngstown", "loeb9"])
def test_write_then_read(name, tmp_path):
    v = load(str(MAPS / name)).variant
    report = formats()["jdip"].write(v, str(tmp_path))
    assert report.ok
    back, problems = read(str(tmp_path))
    assert problems == []
    # seasonal spaces are jDip borders closed in the other seasons: every season reads back
    for season in ("spring", "fall"):
        assert Graph(back, season).to_json()["locations"] == Graph(v, season).to_json()["locations"]
    assert sorted(back.centers) == sorted(v.centers)
    assert {p.id: sorted(map(str, p.units)) for p in back.powers} == {p.id: sorted(map(str, p.units)) for p in v.powers}
    if name == "loeb9":
        assert back.province("arc").passable_in == ("spring",)
        assert "VK726" not in {p.code for p in report.problems}
    # move modifiers (Loeb9's straits) are written as jDip borders and read back
    assert ({frozenset((e.a, e.b)): e.modifier for e in back.edges if e.modifier}
            == {frozenset((e.a, e.b)): e.modifier for e in v.edges if e.modifier})


def test_border_move_modifier_read_from_a_jdip_file(reference, tmp_path):
    """A jDip BORDER with baseMoveModifier (a difficult passable border, as
    jDip's Loeb9-style variants write it) becomes the modifier of the edges
    into the province naming it, from its ``from`` locations only."""
    import shutil
    shutil.copy(reference / "jdip" / "variants.xml", tmp_path)
    adj = (reference / "jdip" / "youngstown_adjacency.xml").read_text()
    adj = adj.replace("<PROVINCES>", '<PROVINCES>\n<BORDER_DEFINITIONS>'
                      '<BORDER id="dpb" description="Kattegat crossing" from="swe" '
                      'baseMoveModifier="-1"/></BORDER_DEFINITIONS>', 1)
    adj = adj.replace('<PROVINCE fullname="Denmark" shortname="den">',
                      '<PROVINCE fullname="Denmark" shortname="den" borders="dpb">', 1)
    (tmp_path / "youngstown_adjacency.xml").write_text(adj)
    v, problems = read(str(tmp_path))
    # the border is stated on Denmark only (from Sweden): read both ways, and said so
    assert [p.message for p in problems if p.code == "VK670"] == [
        "the move modifier -1 from swe into den is read as holding both ways (our edges are two-way)"]
    mods = {frozenset((e.a, e.b)): e.modifier for e in v.edges if e.modifier}
    assert mods == {frozenset(("den", "swe")): -1}
    assert Graph(v).is_strait(UnitType.ARMY, "swe", "den")
    (tmp_path / "youngstown_adjacency.xml").write_text(adj.replace('baseMoveModifier="-1"',
                                                                   'baseMoveModifier="hard"'))
    v, problems = read(str(tmp_path))
    assert [p.code for p in problems if p.severity == "error"] == ["VK730"]
    assert not any(e.modifier for e in v.edges)


def test_import_jdip_command(reference, tmp_path, capsys):
    assert main(["import", "jdip", str(reference / "jdip"), "-o", str(tmp_path)]) == 0
    assert main(["validate", str(tmp_path)]) in (0, 1)
    assert load(str(tmp_path)).variant.id == "youngstown"


def test_broken_xml_is_a_clear_error(tmp_path, capsys):
    bad = tmp_path / "variants.xml"
    bad.write_text("<VARIANTS><VARIANT name='x'>")
    assert main(["import", "jdip", str(bad), "-o", str(tmp_path / "out")]) == 2
    assert "VK720" in capsys.readouterr().err
    bomb = tmp_path / "bomb" / "variants.xml"
    bomb.parent.mkdir()
    bomb.write_text('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">'
                    '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY secret SYSTEM "file:///etc/passwd">]>'
                    '<VARIANTS><VARIANT name="&b;&secret;"><MAP adjacencyURI="none.xml"/></VARIANT></VARIANTS>')
    code = main(["import", "jdip", str(bomb), "-o", str(tmp_path / "out2")])
    err = capsys.readouterr().err
    assert code == 2 and "root:" not in err


def test_map_svg_with_the_jdip_data_block(tmp_path, reference):
    """The written map reads back through the jDip conventions into the same graph."""
    from variantkit.drawing.art import compare, infer_svg
    v = load(str(MAPS / "youngstown")).variant
    report = formats()["jdip"].write(v, str(tmp_path), art_file=str(reference / "jdip" / "youngstown.svg"))
    assert report.ok
    svg = tmp_path / "youngstown.svg"
    doc, inf = infer_svg(str(svg))
    # every location drawn in the art (jDip's art lacks the Arctic Circle and the Caspian)
    assert set(doc.jdip) == {lid.replace("/", "-") for p in v.provinces if p.id not in ("aci", "cas")
                             for lid in p.location_ids}
    assert "egy-nc" in doc.jdip and "center" in doc.jdip["par"]
    report = compare(inf, v)
    assert report.precision["army"] > 0.95 and report.recall["army"] > 0.95


@pytest.mark.parametrize("name", ["standard", "youngstown", "loeb9"])
def test_the_variants_file_is_valid_by_jdips_own_dtd(name, tmp_path, reference):
    """jDip validates variants.xml against its DTD: a MAP_GRAPHIC refers to a
    MAP_DEFINITION by id (an IDREF), and the file opens with a DESCRIPTION."""
    from lxml import etree
    v = load(str(MAPS / name)).variant
    assert formats()["jdip"].write(v, str(tmp_path)).ok
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    # the DTD jDip's own variants.xml carries inside it (MAP_DEFINITION, MAP_GRAPHIC)
    dtd = etree.parse(str(reference / "formats" / "jdip" / "variants.xml"), parser).docinfo.internalDTD
    tree = etree.parse(str(tmp_path / "variants.xml"), parser)
    assert dtd.validate(tree), dtd.error_log.filter_from_errors()
    # and the drawing comes back as the variant's art, with the powers' colours
    back, problems = read(str(tmp_path))
    assert back.art == str(tmp_path / f"{v.id}.svg")
