"""The drawing and the graph: ``import svg`` (called by ``import``) and ``check-art``."""
from __future__ import annotations

import json
import os
import sys
from dataclasses import replace

from ..drawing.art import compare, infer_svg, skeleton
from ..files import check_target, protecting
from ..formats.svg import variant_id_for
from ..io import art_path
from ..model import split_location
from ..session import SaveRefused, Session
from .output import finite


def register(sub) -> None:
    p = sub.add_parser("check-art", help="where a variant and its drawing disagree")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("--svg", help="the drawing (default: the variant's art)")
    p.add_argument("--gap", type=finite(0, 1e6), help="drawing gap to bridge, in drawing units (default: measured)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_check_art)


def import_svg(args) -> int:
    """``variantkit import svg MAP.svg -o DIR``: a variant skeleton from the drawing."""
    from .output import print_problems
    out = os.path.join(args.output, "variant.yaml")
    art = os.path.basename(args.path)
    art_out = os.path.join(args.output, art)
    copy = os.path.realpath(art_out) != os.path.realpath(args.path)
    check_target(out, args.force, [args.path])
    if copy:
        check_target(art_out, args.force, [args.path, out])
    doc, inference = infer_svg(args.path, getattr(args, "gap", None))  # all checked before any write
    variant = skeleton(doc, inference, variant_id_for(args.path), art)
    # a skeleton always loads: it is checked as the files it will be, and a
    # skeleton that would not load is refused with its located errors, nothing written
    refused = _empty(variant)
    if not refused:
        try:
            with protecting([args.path]):
                Session.of(variant, art_file=args.path).save(out, replace_files=args.force,
                                                              check=_skeleton_errors)
        except SaveRefused as exc:
            refused = list(exc.problems)
    if refused:
        from .output import print_problems
        print_problems(inference.problems + refused, False, sys.stderr)
        print(f"{args.path}: the skeleton read from this drawing would not load; nothing written",
              file=sys.stderr)
        return 1
    regions = inference.regions.values()
    if args.json:
        json.dump({"convention": inference.convention, "colours": inference.colours,
                   "problems": [p.to_json() for p in inference.problems],
                   "provinces": [{"id": r.id, "name": r.name, "terrain": r.terrain.value, "reason": r.reason,
                                  "center": r.center, "offboard": r.offboard, "inside": r.inside,
                                  "doubtful": r.doubtful} for r in regions],
                   "edges": [{"a": e.edge.a, "b": e.edge.b, "units": e.edge.units.value, "reason": e.reason,
                              "confidence": e.confidence, "doubtful": e.doubtful}
                             for e in inference.edges]}, sys.stdout, indent=1)
        print()
    else:
        print_problems(inference.problems, False, sys.stderr)
    boxes = sum(r.offboard for r in regions)
    doubtful = sum(e.doubtful for e in inference.edges)
    named, centres = sum(bool(r.name) for r in regions), sum(r.center for r in regions)
    print(f"convention: {inference.convention}", file=sys.stderr)
    print(f"wrote {args.output}/variant.yaml: {len(inference.regions)} provinces, "
          f"{len(inference.coasts)} named coasts, {len(inference.edges)} edges proposed"
          + (f" ({doubtful} doubtful: check them)" if doubtful else "")
          + (f"; {boxes} off-board box(es) to link by hand" if boxes else "")
          + f"; from the art: {named} names, {centres} centres"
          + (f", {len(inference.colours)} power colours" if inference.colours else "")
          + "; powers are yours to add", file=sys.stderr)
    return 0


def _empty(variant) -> list:
    from ..problems import Problem
    if not variant.provinces:   # an empty skeleton validates, and is no map
        return [Problem.of("VK833").at(variant.art or "")]
    return []


def _skeleton_errors(trial: str) -> list:
    """A skeleton's load and check errors, judged without the off-board
    boxes nothing links yet: they are the designer's next step (no drawing
    shows a box's links), and validate names them."""
    from ..io import load
    from ..validate import check
    loaded = load(trial)
    errors = list(loaded.report.errors)
    if loaded.variant is not None:
        v = loaded.variant
        linked = {split_location(end)[0] for e in v.edges for end in (e.a, e.b)}
        to_link = {p.id for p in v.provinces if p.offboard and p.id not in linked}
        judged = replace(v, provinces=tuple(p for p in v.provinces if p.id not in to_link))
        errors += [p for p in check(judged, loaded.source) if p.severity == "error"]
    return errors


def cmd_check_art(args) -> int:
    from .output import load_or_exit
    loaded = load_or_exit(args.variant)
    svg = args.svg or art_path(loaded)
    if svg is None:
        print(f"{args.variant}: the variant has no art; give --svg", file=sys.stderr)
        return 2
    _, inference = infer_svg(svg, args.gap)
    report = compare(inference, loaded.variant)
    if args.json:
        json.dump({"precision": report.precision, "recall": report.recall,
                   "only_in_art": report.only_in_art, "only_in_variant": report.only_in_variant,
                   "unmatched": report.unmatched}, sys.stdout, indent=1)
        print()
    else:
        for unit in ("army", "fleet"):
            print(f"{unit} moves: precision {report.precision[unit]:.1%}, recall {report.recall[unit]:.1%}")
        for unit, a, b in report.only_in_art:
            print(f"  the drawing implies a {unit} edge {a} - {b} that the variant lacks")
        for unit, a, b in report.only_in_variant:
            print(f"  the variant has a {unit} edge {a} - {b} that the drawing does not show")
        for loc in report.unmatched:
            print(f"  the drawn shape {loc} names no province of the variant")
    return 1 if report.only_in_art or report.only_in_variant or report.unmatched else 0


def import_picture(args) -> int:
    """``variantkit import picture MAP.png -o DIR``: a variant skeleton from a
    map that is a picture; the picture is copied beside it, under an SVG of
    the traced outlines that is the variant's art.  What would be written is
    loaded first: a skeleton that would not load is refused, nothing written."""
    from ..formats.picture import read_full
    from .output import as_imported, checked_errors, print_problems
    out = os.path.join(args.output, "variant.yaml")
    picture = os.path.basename(args.path)
    picture_out = os.path.join(args.output, picture)
    copy = os.path.realpath(picture_out) != os.path.realpath(args.path)
    check_target(out, args.force, [args.path])
    if copy:
        check_target(picture_out, args.force, [args.path, out])
    variant, problems, pm, svg_text = read_full(args.path)   # all checked before any write
    art_out = os.path.join(args.output, variant.art)
    check_target(art_out, args.force, [args.path, out, picture_out])
    session = Session.of(variant, art_file=os.path.join(os.path.dirname(args.path), variant.art or "map.svg"),
                         art_bytes=svg_text.encode("utf-8"), picture_file=args.path)
    errors: list = []
    try:
        with protecting([args.path]):
            session.save(out, replace_files=args.force, check=checked_errors)
    except SaveRefused as exc:
        errors = as_imported(exc.problems, args.path)
    inference = pm.inference
    regions = inference.regions.values()
    if args.json:
        json.dump({"convention": "picture", "size": [pm.width, pm.height],
                   "sea_colour": "#%02x%02x%02x" % pm.sea_colour if pm.sea_colour else None,
                   "problems": [p.to_json() for p in problems + errors],
                   "provinces": [{"id": r.id, "terrain": r.terrain.value, "reason": r.reason,
                                  "label_pos": [round(float(v), 1) for v in r.label_pos],
                                  "doubtful": r.doubtful} for r in regions],
                   "edges": [{"a": e.edge.a, "b": e.edge.b, "units": e.edge.units.value, "reason": e.reason,
                              "confidence": e.confidence, "doubtful": e.doubtful}
                             for e in inference.edges]}, sys.stdout, indent=1)
        print()
    else:
        print_problems(problems + errors, False, sys.stderr)
    if errors:
        print(f"{args.path}: not imported ({len(errors)} error(s))", file=sys.stderr)
        return 1
    doubtful = sum(e.doubtful for e in inference.edges) + sum(r.doubtful for r in regions)
    sea = "#%02x%02x%02x" % pm.sea_colour if pm.sea_colour else "none found"
    print(f"convention: picture ({pm.width}x{pm.height}, sea colour {sea})", file=sys.stderr)
    print(f"wrote {out}: {len(inference.regions)} provinces, {len(inference.edges)} edges proposed"
          + (f" ({doubtful} doubtful: check them)" if doubtful else "")
          + f"; art {variant.art} over {picture}; names, centres and powers are yours to add",
          file=sys.stderr)
    return 0
