"""Which of a drawing's edge proposals still wait for the designer.

A proposal is pending while the variant lacks its pair and the designer has
not rejected it.  Named coasts supersede what a proposal says of fleets: once
St Petersburg has ``nc`` and ``sc``, a fleet proposal ``bar - stp`` is settled
by the coasts (their edges reach ``stp/nc``), and accepting it would add a
fleet edge into the province without a coast (VK104).  So a fleet-only
proposal touching such a province is no longer pending, and one for armies
and fleets waits as the army edge alone; nor is a fleet proposal to one of
its coasts from a space the coasts given reach from another."""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, List

from ..model import Crossing, Variant, split_location


def pending(v: Variant, proposals: Iterable, rejected) -> List:
    """The proposals still to accept or reject, as they would be accepted."""
    have = {(e.a, e.b) for e in v.edges} | {(e.b, e.a) for e in v.edges}
    coasted = {p.id for p in v.provinces if p.coasts}
    # (a space, a province with coasts) joined by fleet on some coast: the coasts said where
    by_fleet = {(x, split_location(y)[0]) for e in v.edges if e.units.fleet
                for x, y in ((e.a, e.b), (e.b, e.a)) if split_location(y)[0] in coasted}
    out = []
    for p in proposals:
        pair = (p.edge.a, p.edge.b)
        if pair in have or pair in rejected:
            continue
        if p.edge.units is Crossing.FLEET and any((x, split_location(y)[0]) in by_fleet
                                                  for x, y in (pair, pair[::-1])):
            continue  # a fleet proposal to one coast, the coasts given reaching it from another
        into_coasted = any(x in coasted for x in pair)  # a bare province with coasts, not one of its coasts
        if into_coasted and p.edge.units.fleet:
            if p.edge.units is Crossing.FLEET:
                continue
            p = replace(p, edge=replace(p.edge, units=Crossing.ARMY, strait=False))
        out.append(p)
    return out

