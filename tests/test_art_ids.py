"""Renamed provinces in a designer's drawing: ids rewritten in a copy, every
other byte kept, and the drawing still read as the same map."""
from variantkit.drawing.art import infer_svg
from variantkit.drawing.art_ids import rename_ids


def test_rename_ids_in_the_youngstown_drawing(reference, tmp_path):
    original = (reference / "jdip" / "youngstown.svg").read_text(encoding="utf-8")
    renamed = rename_ids(original, {"mos": "msk", "war": "wsw"})
    # only the ids changed: putting them back gives the drawing byte for byte
    assert rename_ids(renamed, {"msk": "mos", "wsw": "war"}) == original
    assert renamed.count('"_msk"') == original.count('"_mos"') > 0
    assert '<jdipNS:PROVINCE name="msk">' in renamed     # jDip's unit positions follow
    copy = tmp_path / "youngstown.svg"
    copy.write_text(renamed, encoding="utf-8")
    _, before = infer_svg(str(reference / "jdip" / "youngstown.svg"))
    _, after = infer_svg(str(copy))
    assert set(after.regions) == (set(before.regions) - {"mos", "war"}) | {"msk", "wsw"}
    assert after.regions["msk"].geom.equals(before.regions["mos"].geom)


def test_rename_ids_swaps_and_leaves_names_alone():
    svg = ('<svg><polygon id="_par"/><g id="Par-NC"/><use href="#_par"/>'
           '<path id="paris" fill="url(#bur)"/><text inkscape:label="bur">par</text></svg>')
    out = rename_ids(svg, {"par": "bur", "bur": "par"})
    assert out == ('<svg><polygon id="_bur"/><g id="bur-NC"/><use href="#_bur"/>'
                   '<path id="paris" fill="url(#par)"/><text inkscape:label="par">par</text></svg>')
