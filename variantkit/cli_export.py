"""variantkit export FORMAT VARIANT -o PATH, and variantkit formats."""
from __future__ import annotations

import sys

from .export import formats


def register(sub) -> None:
    p = sub.add_parser("export", help="write the variant in another judge's or host's format")
    p.add_argument("format", metavar="FORMAT", help="see 'variantkit formats'")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("-o", "--output", required=True, metavar="PATH")
    p.add_argument("--json", action="store_true", help="the report as JSON")
    p.add_argument("--art", metavar="SVG", help="the map's drawing, where the format carries a picture "
                                              "(default: the variant's art, else a schematic board)")
    p.set_defaults(func=cmd_export)
    p = sub.add_parser("formats", help="the formats variantkit writes and reads")
    p.set_defaults(func=cmd_formats)


def cmd_formats(args) -> int:
    from .cli_import import READERS
    table = formats()
    for name in sorted(set(table) | set(READERS)):
        f = table.get(name)
        sides = ", ".join(s for s, on in (("write", f is not None), ("read", name in READERS)) if on)
        other = {"njudge": "njudge / Realpolitik .map (the back catalogue)",
                 "svg": "a map drawing: provinces, terrain, coasts and edges proposed from the shapes"}
        print(f"{name:<14} {sides:<12} {f.description if f else other.get(name, '')}")
    return 0


def cmd_export(args) -> int:
    from .cli import print_problems
    from .cli_variant import load_or_exit
    table = formats()
    if args.format not in table:
        print(f"unknown format {args.format!r}; one of: {', '.join(sorted(table))}", file=sys.stderr)
        return 2
    loaded = load_or_exit(args.variant)
    v = loaded.variant
    write = table[args.format].write
    import inspect
    from .io import art_path
    if "art_file" in inspect.signature(write).parameters:  # formats that carry a map picture
        report = write(v, args.output, art_file=args.art or art_path(loaded))
    else:
        report = write(v, args.output)
    print_problems(report.problems, args.json, sys.stdout if args.json else sys.stderr)
    if not report.ok:
        print(f"{args.output}: not written: the target would misread it (errors above)", file=sys.stderr)
        return 1
    lost = len(report.problems)
    print(f"wrote {args.output}" + (f"; {lost} thing(s) the format cannot hold, listed above" if lost else ""),
          file=sys.stderr)
    return 0
