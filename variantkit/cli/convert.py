"""Commands between formats: ``import FORMAT PATH -o DIR``, ``export FORMAT
VARIANT -o PATH`` and ``formats``, all over the one registry in
:mod:`variantkit.formats`."""
from __future__ import annotations

import os
import sys
from dataclasses import replace

from ..files import all_or_nothing, check_target, last_commit, protecting
from ..formats import formats
from ..io import art_path
from ..session import SaveRefused, Session
from .output import add_force, as_imported, checked_errors, finite, input_paths, load_or_exit, print_problems


def register(sub) -> None:
    table = formats()
    readers = sorted(n for n, f in table.items() if f.reads)
    p = sub.add_parser("import", help="make a variant file from another judge's or host's format")
    p.add_argument("format", choices=readers, metavar="FORMAT", help="one of: " + ", ".join(readers))
    p.add_argument("path", metavar="PATH")
    p.add_argument("-o", "--output", required=True, metavar="DIR",
                   help="folder for variant.yaml (created if need be)")
    p.add_argument("--json", action="store_true", help="problems as JSON")
    p.add_argument("--gap", type=finite(0, 1e6), help="svg: drawing gap to bridge (default: measured)")
    p.add_argument("--variant", metavar="NAME", help="jdip: which variant of variants.xml (default: the first)")
    add_force(p)
    p.set_defaults(func=cmd_import)

    p = sub.add_parser("export", help="write the variant in another judge's or host's format")
    p.add_argument("format", metavar="FORMAT", help="see 'variantkit formats'")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("-o", "--output", required=True, metavar="PATH")
    p.add_argument("--json", action="store_true", help="the report as JSON")
    p.add_argument("--art", metavar="SVG", help="the map's drawing, where the format carries a picture "
                                              "(default: the variant's art, else a schematic board)")
    add_force(p)
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("formats", help="the formats variantkit writes and reads")
    p.set_defaults(func=cmd_formats)


def cmd_formats(args) -> int:
    for name, f in sorted(formats().items()):
        sides = ", ".join(s for s, on in (("write", f.writes), ("read", f.reads)) if on)
        print(f"{name:<14} {sides:<12} {f.description}")
    return 0


def cmd_import(args) -> int:
    if args.format == "svg":  # proposals with their reasons, and the drawing kept as art
        from .art import import_svg
        return import_svg(args)
    if args.format == "picture":  # the picture kept as art, under its traced outlines
        from .art import import_picture
        return import_picture(args)
    out = os.path.join(args.output, "variant.yaml")
    check_target(out, args.force, [args.path])
    if args.variant and args.format == "jdip":
        from ..formats.jdip import read as read_jdip
        variant, problems = read_jdip(args.path, args.variant)
        art_bytes = None
    else:  # argparse offers only the formats that read
        variant, problems, art_bytes = formats()[args.format].read_with_art(args.path)
    # a drawing the judge's file names (jDip's map) is copied beside the variant as its art;
    # one the reader made (webDiplomacy's traced picture) is written there from its bytes
    drawing = variant.art if variant is not None and variant.art and os.path.isabs(variant.art) else None
    if variant is not None and art_bytes is not None and variant.art:
        drawing = os.path.join(args.output, os.path.basename(variant.art))
    art_out = os.path.join(args.output, os.path.basename(drawing or ""))
    if variant is not None and drawing:
        check_target(art_out, args.force, [args.path, out])
        variant = replace(variant, art=os.path.basename(drawing))
    written = None
    if variant is not None and not any(p.severity == "error" for p in problems):
        session = Session.of(variant, art_file=drawing, art_bytes=art_bytes)
        try:
            with protecting([args.path, drawing if art_bytes is None else None]):
                written = session.save(out, replace_files=args.force, check=checked_errors)
        except SaveRefused as exc:
            problems = problems + as_imported(exc.problems, args.path)
    errors = [p for p in problems if p.severity == "error"]
    print_problems(problems, args.json, sys.stderr if not args.json else sys.stdout)
    if variant is None or errors or written is None:
        print(f"{args.path}: not imported ({len(errors)} error(s))", file=sys.stderr)
        return 1
    commit = last_commit()
    print(f"wrote {out}: {len(variant.provinces)} provinces, {len(variant.edges)} edges, "
          f"{len(variant.powers)} powers" + (f"; {len(problems)} warning(s) above" if problems else "")
          + (f"; {commit.summary()}" if commit is not None and commit.replaced else ""),
          file=sys.stderr)
    return 0


def cmd_export(args) -> int:
    table = {n: f for n, f in formats().items() if f.writes}
    if args.format not in table:
        print(f"unknown format {args.format!r}; one of: {', '.join(sorted(table))}", file=sys.stderr)
        return 2
    loaded = load_or_exit(args.variant)
    inputs = input_paths(loaded) + [args.art]
    check_target(args.output, args.force, inputs)
    with protecting(inputs), all_or_nothing() as commit:  # a folder format writes no input, and all its files or none
        report = table[args.format].export(loaded.variant, args.output,
                                           art_file=args.art or art_path(loaded))
    print_problems(report.problems, args.json, sys.stdout if args.json else sys.stderr)
    if not report.ok:
        print(f"{args.output}: not written: the target would misread it (errors above)", file=sys.stderr)
        return 1
    lost = len(report.problems)
    print(f"wrote {args.output}" + (f"; {lost} thing(s) the format cannot hold, listed above" if lost else "")
          + (f"; {commit.summary()}" if commit.replaced else ""),
          file=sys.stderr)
    return 0
