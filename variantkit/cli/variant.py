"""Commands on variant files: validate, info, diff."""
from __future__ import annotations

import json
import sys

from ..graph import Graph, seasons_of
from ..model import UnitType, split_location
from ..problems import UnusableInput
from ..validate import load_checked
from ..files import check_target, protecting
from .output import cut, input_paths, load_or_exit


def register(sub) -> None:
    p = sub.add_parser("validate", help="check variant files; every problem at once")
    p.add_argument("files", nargs="+", metavar="VARIANT", help="a variant file or its folder")
    p.add_argument("--json", action="store_true", help="problems as JSON")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("info", help="counts, powers, or one province's neighbours")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("province", nargs="?", help="a province or coast id, name or alias")
    p.add_argument("--season", help="the graph in this season (for seasonal spaces)")
    p.add_argument("--json", action="store_true", help="the whole derived graph as JSON")
    p.set_defaults(func=cmd_info)

    p = sub.add_parser("diff", help="what OTHER changes in BASE")
    p.add_argument("base", metavar="BASE")
    p.add_argument("other", metavar="OTHER")
    p.add_argument("--json", action="store_true")
    p.add_argument("--render", metavar="out.svg|out.png", help="also draw the changes on the board")
    p.add_argument("--force", action="store_true", help="replace an existing --render picture")
    p.add_argument("--art", metavar="SVG", help="draw on this drawing (default: OTHER's art, else a "
                                                 "schematic board)")
    p.set_defaults(func=cmd_diff)


def cmd_validate(args) -> int:
    worst = 0
    everything = []
    for path in args.files:
        try:
            loaded = load_checked(path)
            problems = loaded.report.sorted()
        except UnusableInput as exc:
            problems = exc.problems
            worst = 2
        everything.extend(problems)
        if any(p.severity == "error" for p in problems):
            worst = max(worst, 1)
        if not args.json:
            for p in problems:
                print(cut(str(p)))
            errors = sum(p.severity == "error" for p in problems)
            warnings = len(problems) - errors
            status = "ok" if not errors else f"{errors} error(s)"
            sys.stdout.flush()
            print(cut(f"{path}: {status}") + (f", {warnings} warning(s)" if warnings else ""),
                  file=sys.stderr)
    if args.json:
        json.dump([p.to_json() for p in everything], sys.stdout, indent=1)
        print()
    return worst


def cmd_info(args) -> int:
    from ..names import NameIndex
    loaded = load_or_exit(args.variant)
    v = loaded.variant
    season = args.season
    if season is None and seasons_of(v) != [None]:
        season = v.rules.seasons[0]
    graph = Graph(v, season)
    if args.json and not args.province:
        json.dump(graph.to_json(), sys.stdout, indent=1, sort_keys=True)
        print()
        return 0
    if args.province:
        names = NameIndex(v)
        loc = names.location(args.province)
        if loc is None:
            print(f"{args.variant}: no province or coast called {args.province!r}",
                  file=sys.stderr)
            return 1
        locs = [loc] + ([c for c in graph.coasts.get(loc, ())] if "/" not in loc else [])
        out = {}
        for lid in locs:
            out[lid] = {"army_moves": sorted(graph.moves(UnitType.ARMY, lid)),
                        "fleet_moves": sorted(graph.moves(UnitType.FLEET, lid))}
        if args.json:
            json.dump(out, sys.stdout, indent=1)
            print()
            return 0
        p = graph.provinces[split_location(loc)[0]]  # (the name index found it)
        print(f"{p.name} ({p.id}): {p.terrain.value}" + (", supply centre" if p.center else "")
              + (", off-board box" if p.offboard else "")
              + (f", inside {p.inside}" if p.inside else "")
              + (f", passable in {', '.join(p.passable_in)}" if p.passable_in else ""))
        if p.aliases:
            print("  aliases: " + ", ".join(p.aliases))
        for lid, moves in out.items():
            for unit in ("army", "fleet"):
                if moves[f"{unit}_moves"]:
                    print(f"  {unit} {lid} -> " + " ".join(moves[f"{unit}_moves"]))
        return 0
    locations = graph.locations
    print(f"{v.name} ({v.id})" + (f", version {v.version}" if v.version else ""))
    if v.extends:
        print(f"  extends {v.extends}")
    print(f"  {len(v.provinces)} provinces, {len(locations)} locations, "
          f"{len(v.centers)} supply centres, victory at {v.victory}")
    print(f"  {graph.move_count(UnitType.ARMY)} army moves, "
          f"{graph.move_count(UnitType.FLEET)} fleet moves" + (f" (in {season})" if season else ""))
    print(f"  {len(v.powers)} powers:")
    for pw in v.powers:
        print(f"    {pw.letter or '-'} {pw.name:<10} {len(pw.homes)} homes: {' '.join(pw.homes)}; "
              f"units: {', '.join(map(str, pw.units))}")
    return 0


def cmd_diff(args) -> int:
    from ..review.diff import diff_variants
    base_loaded = load_or_exit(args.base)
    base = base_loaded.variant
    loaded = load_or_exit(args.other)
    other = loaded.variant
    inputs = input_paths(base_loaded) + input_paths(loaded) + [getattr(args, "art", None)]
    if args.render:
        check_target(args.render, args.force, inputs)
    changes = diff_variants(base, other)
    if args.render:
        from ..drawing.art import board_for
        from ..board.diff_picture import diff_svg
        from ..io import art_path
        from .output import write_picture
        art = args.art or art_path(loaded)
        with protecting(inputs):
            write_picture(diff_svg(base, other, board_for(other, art) if art else None), args.render)
    if args.json:
        json.dump(changes, sys.stdout, indent=1)
        print()
    else:
        for line in changes:
            print(f"{line['change']} {line['what']} {line['id']}" +
                  (f": {line['detail']}" if line.get("detail") else ""))
    return 0
