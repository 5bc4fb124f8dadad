"""variantkit render: a picture of a variant, or of a phase of a game with its
orders and results; variantkit attach-art: give a variant its drawing."""
from __future__ import annotations

import os
import sys
from dataclasses import replace
from typing import Optional

from ..files import atomic_write, check_target, inside_folder, protecting, shown_path
from ..problems import Problem, UnusableInput
from ..board.raster import write_png
from ..board.render import Position, render_svg
from .output import add_force, finite, input_paths


def register(sub) -> None:
    p = sub.add_parser("render", help="draw the map with units, centres, orders and results")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("-o", "--output", required=True, help="out.svg or out.png")
    p.add_argument("--game", metavar="GAME", help="a saved game (JSON or YAML)")
    p.add_argument("--phase", help="the phase to draw, e.g. S1901M (default: the game's current position)")
    p.add_argument("--art", metavar="SVG", help="draw on this drawing (default: the variant's art, "
                                                 "else a schematic board)")
    p.add_argument("--scale", type=finite(0.01, 20), default=1.0, help="PNG size factor (0.01 to 20)")
    add_force(p)
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("attach-art", help="give a variant its drawing: copied beside it, unit and "
                                          "label positions taken from the shapes")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("svg", metavar="SVG")
    p.add_argument("--force", action="store_true",
                   help="replace another file of the drawing's name in the variant's folder")
    p.set_defaults(func=cmd_attach_art)


def position_of(variant, game_path: str, phase: Optional[str]) -> Position:
    from ..io.game_file import game_to_record, load_game
    from ..problems import Problem, UnusableInput
    from ..board.marks import order_marks
    from ..rules.parse import OrderParser
    game, problems = load_game(variant, game_path)
    if problems:
        raise UnusableInput(problems)
    rec = game_to_record(game)
    if phase is None:
        pos = rec["position"]
        return Position(pos["phase"], pos["units"], pos["centers"],
                        {p: [d["unit"] for d in ds] for p, ds in pos.get("dislodged", {}).items()})
    for h in rec["history"]:
        if h["phase"] == phase.upper():
            pos = h["position"]
            return Position(h["phase"], pos["units"], pos["centers"],
                            {p: [d["unit"] for d in ds] for p, ds in pos.get("dislodged", {}).items()},
                            order_marks(OrderParser(variant), h["results"]))
    raise UnusableInput([Problem.of("VK410", phase=phase, phases=", ".join(h["phase"] for h in rec["history"]))
                         .at(game_path)])


def cmd_render(args) -> int:
    from ..drawing.art import board_for
    from .output import load_or_exit
    from ..io import art_path
    loaded = load_or_exit(args.variant)
    v = loaded.variant
    inputs = input_paths(loaded) + [args.art, args.game]
    check_target(args.output, args.force, inputs)
    position = position_of(v, args.game, args.phase) if args.game else Position.start(v)
    board = board_for(v, args.art or art_path(loaded))
    svg = render_svg(v, position, board)
    with protecting(inputs):
        if args.output.lower().endswith(".png"):
            write_png(svg, args.output, args.scale)
        else:
            atomic_write(args.output, svg)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


def cmd_attach_art(args) -> int:
    from ..drawing.art import infer_svg
    from .output import load_or_exit
    from ..names import NameIndex
    from ..session import SaveRefused, Session
    loaded = load_or_exit(args.variant)
    v = loaded.variant
    if v.extends:
        print(f"{args.variant}: attach the art to the base variant; a subvariant inherits it", file=sys.stderr)
        return 2
    folder = os.path.dirname(os.path.abspath(loaded.path))
    name = os.path.basename(args.svg)
    target = os.path.join(folder, name)
    copy = os.path.realpath(target) != os.path.realpath(args.svg)
    inputs = input_paths(loaded, art=False)  # the current drawing may be replaced (--force)
    if copy:  # never over the variant (or its base); another file of that name only with --force
        check_target(target, args.force, inputs)
    if os.path.lexists(target) and not inside_folder(target, folder):  # a symlink planted in the folder
        raise UnusableInput([Problem.of("VK035", path=shown_path(target),
                                        real=shown_path(os.path.realpath(target))).at(target)])
    _, inference = infer_svg(args.svg)  # the drawing is read whole before anything is written
    names = NameIndex(v)
    where = {}
    for rid, r in inference.regions.items():
        pid = names.location(rid)
        if pid and "/" not in pid:
            where[pid] = (round(r.label_pos[0], 1), round(r.label_pos[1], 1))
    missing = sorted(p.id for p in v.provinces if p.id not in where)
    provinces = tuple(replace(p, unit_pos=where.get(p.id, p.unit_pos), label_pos=where.get(p.id, p.label_pos))
                      for p in v.provinces)
    attached = Session.of(replace(v, provinces=provinces, art=name), art_file=args.svg, path=loaded.path)
    try:
        with protecting(inputs[1:]):  # the drawing and the variant: both or neither, checked by loading
            attached.save(loaded.path, replace_files=args.force)
    except SaveRefused as exc:
        from .output import print_problems
        print_problems(exc.problems, False, sys.stderr)
        print(f"{args.variant}: not attached: with this drawing's positions the variant would not load "
              "(errors above, at the lines it would have); nothing was written", file=sys.stderr)
        return 1
    print(f"{loaded.path}: art {name}; positions for {len(where)} provinces"
          + (f"; not in the drawing: {', '.join(missing)}" if missing else ""), file=sys.stderr)
    return 0
