"""variantkit render: a picture of a variant (and, with a game, a phase)."""
from __future__ import annotations

import sys

from .raster import write_png
from .render import Position, render_svg


def register(sub) -> None:
    p = sub.add_parser("render", help="draw the map with units, centres, orders and results")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("-o", "--output", required=True, help="out.svg or out.png")
    p.add_argument("--scale", type=float, default=1.0, help="PNG size factor")
    p.set_defaults(func=cmd_render)


def cmd_render(args) -> int:
    from .cli_variant import load_or_exit
    v = load_or_exit(args.variant).variant
    svg = render_svg(v, Position.start(v))
    if args.output.lower().endswith(".png"):
        write_png(svg, args.output, args.scale)
    else:
        with open(args.output, "wb") as fh:
            fh.write(svg)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0
