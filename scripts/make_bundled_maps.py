"""Regenerate the bundled variants from the DPjudge maps of the reference data.

    python scripts/make_bundled_maps.py [REFERENCE_DIR]

The graphs, names, powers and units come from the importer; what DPjudge's
format cannot say (colours, authors, the Suez lying inside Egypt, which
spaces are off-board boxes, the draw rule) is stated here, once.  A test
checks that the committed files equal what this script writes.
"""
from __future__ import annotations

import os
import sys
from dataclasses import replace

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

from variantkit.io import dumps, save  # noqa: E402
from variantkit.formats.dpjudge import read_dpjudge  # noqa: E402
from variantkit.files import atomic_write  # noqa: E402
from variantkit.io.variant_file import schema_ref_for  # noqa: E402
from variantkit.model import Changes, Crossing, Edge, Rules, Variant  # noqa: E402

COLOURS = {"austria": "#c8403a", "england": "#2e4fa0", "france": "#5ab4e6", "germany": "#6b6b6b",
           "italy": "#3a9a48", "russia": "#9a66c8", "turkey": "#e6c23a", "china": "#e07b28",
           "india": "#e0789a", "japan": "#8b4a2a", "norway": "#2aa7a0", "spain": "#d9a62b"}

META = {
    "standard": dict(
        name="Standard", version="1",
        authors=("Allan B. Calhamer",),
        description="The standard game: seven powers on the map of Europe in 1901, 34 supply centres."),
    "youngstown": dict(
        name="Youngstown", version="IVa",
        authors=("Rod Walker", "A. Phillips", "Ken Lowe", "Jon Monsarrat"),
        description=("The standard map extended to Asia: ten powers (China, India and Japan join; "
                     "India signs as N), 72 supply centres, off-board boxes A-L around the edge, "
                     "the Suez inside Egypt, colonies as home centres, and fleets may sail along "
                     "the coast of Omsk. A draw may be declared when no centre changes hands for "
                     "three Falls.")),
    "loeb9": dict(
        name="Loeb9", version="1",
        authors=("Danny Loeb",),
        description=("Nine powers on an extended standard map: Spain split in four and a power of "
                     "its own, Norway a power, five islands, straits crossed at zero strength "
                     "(Cordoba - North Africa, Naples - Sicily), an Arctic Ocean passable only in "
                     "Spring, and cities renamed with their old names kept.")),
}


def youngstown_extras(v: Variant) -> Variant:
    boxes = {f"ob{c}" for c in "abcdefghijkl"}
    provinces = []
    for p in v.provinces:
        if p.id in boxes:
            p = replace(p, offboard=True)
        if p.id == "sue":
            p = replace(p, inside="egy")
        provinces.append(p)
    return replace(v, provinces=tuple(provinces),
                   rules=replace(v.rules, draw_after_static_falls=3))


def bundle(reference: str, name: str) -> Variant:
    result = read_dpjudge(os.path.join(reference, "dpjudge", f"{name}.map"), name)
    errors = [p for p in result.problems if p.severity == "error"]
    if errors:
        raise SystemExit("\n".join(map(str, errors)))
    v = result.variant
    v = replace(v, powers=tuple(replace(p, colour=COLOURS.get(p.id, "")) for p in v.powers),
                rules=replace(v.rules, victory=v.victory), **META[name])
    if name == "youngstown":
        v = youngstown_extras(v)
    return v


def no_omsk_fleets(base: Variant) -> Variant:
    """The Youngstown subvariant without icebreakers: Omsk is land."""
    fleet_edges = tuple(Edge(e.a, e.b, Crossing.FLEET) for e in base.edges
                        if "oms" in (e.a, e.b) and e.units.fleet)
    return Variant(
        "youngstown-no-omsk-fleets", "Youngstown without fleets in Omsk", (), (), (), Rules(),
        version="IVa",
        description=("Youngstown as some game masters play it: no fleet may enter or be built in "
                     "Omsk, which is land; everything else as in the base."),
        extends="../variant.yaml",
        changes=Changes(provinces={"oms": {"terrain": "land"}}, remove_edges=fleet_edges))


def main(argv) -> None:
    reference = argv[1] if len(argv) > 1 else os.path.join(ROOT, "..", "shared", "reference")
    for name in ("standard", "youngstown", "loeb9"):
        v = bundle(reference, name)
        save(v, os.path.join(ROOT, "maps", name, "variant.yaml"))
        if name == "youngstown":
            sub = no_omsk_fleets(v)
            path = os.path.join(ROOT, "maps", "youngstown", "no-omsk-fleets", "variant.yaml")
            os.makedirs(os.path.dirname(path), exist_ok=True)
            atomic_write(path, dumps(sub, schema_ref_for(path)))
        print(f"maps/{name}: {len(v.provinces)} provinces, {len(v.edges)} edges")


if __name__ == "__main__":
    main(sys.argv)
