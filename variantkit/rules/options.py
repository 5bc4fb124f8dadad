"""Every legal order of a unit or a power in the current phase (godip's
``Options``), for the fuzzer, the editor and other tools.

Movement: hold; a move to each location the unit reaches; for an army, a move
via convoy to each coast that fleets now standing at sea could carry it to;
a support to hold of each unit it reaches, and a support of each move another
unit could make (by land or by convoy) into a province it reaches, never
across a strait; for a fleet at sea, the convoy of each army its fleet chain
could carry, to each coast of that chain.  Orders the rules accept but that
cannot succeed (a support of a unit that is not there, of a move it cannot
make, a convoy no chain of fleets joins) are not offered.  Retreats: each
open space, or disband.  Adjustments: each build due (an army, a fleet on
each coast), waive, and each removal due.

Orders are the adjudicator's records (``describe`` writes them as text the
parser reads back); a long army move is listed once, via convoy.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

from ..model import UnitType
from .adjustments import adjustment_counts, build_sites
from .game import Game
from .orders import Build, Convoy, Disband, Hold, Move, Order, Remove, Retreat, Support, Waive
from .retreats import retreat_options
from .state import PROVINCE_OF as _P, UnitAt

WAIVE = ""  # the key of a power's waive among its adjustment options


class _Board:
    """One movement position's geometry: who stands at sea, what each fleet
    chain touches, where each unit could go.  Built once per call."""

    def __init__(self, game: Game):
        self.game = game
        self.g = game.graph()
        self.check = game.checker()
        self.units = game.state.units
        # fleets at sea (they convoy), and the chain of them each belongs to
        self.sea = {p for p, u in self.units.items()
                    if u.type is UnitType.FLEET and self.g.is_convoying_water(p)}
        self.chain: Dict[str, int] = {}
        chains: List[Set[str]] = []
        for f in sorted(self.sea):
            if f in self.chain:
                continue
            comp, todo = {f}, [f]
            while todo:
                for w in self.check._waters_of(todo.pop()):
                    if w in self.sea and w not in comp:
                        comp.add(w)
                        todo.append(w)
            for w in comp:
                self.chain[w] = len(chains)
            chains.append(comp)
        # the coasts (where armies stand) each chain touches
        self.shores: List[Set[str]] = [set() for _ in chains]
        for p, info in self.g.locations.items():
            if info.coast is None and info.army_may_stand:
                for w in self.check._waters_next_to(p):
                    if w in self.chain:
                        self.shores[self.chain[w]].add(p)
        self._dests: Dict[str, Dict[str, bool]] = {}
        # province -> the units that could move into it, and the coasts they land on
        self.into: Dict[str, List[str]] = {}
        self.coasts_into: Dict[Tuple[str, str], List[str]] = {}
        for tp in sorted(self.units):
            for d in self.destinations(tp):
                p = _P[d]
                got = self.into.setdefault(p, [])
                if not got or got[-1] != tp:
                    got.append(tp)
                if "/" in d:
                    self.coasts_into.setdefault((tp, p), []).append(d)

    def chains_touching(self, prov: str) -> Set[int]:
        return {self.chain[w] for w in self.check._waters_next_to(prov) if w in self.chain}

    def destinations(self, prov: str) -> Dict[str, bool]:
        """Where the unit in ``prov`` could move: landing location -> by convoy."""
        got = self._dests.get(prov)
        if got is not None:
            return got
        u = self.units[prov]
        got = {}
        for loc in self.g.moves(u.type, u.loc):
            got[loc] = False
        if u.type is UnitType.ARMY:
            for c in self.chains_touching(prov):
                for shore in self.shores[c]:
                    if shore != prov and shore not in got:
                        got[shore] = True
        self._dests[prov] = got
        return got

    def convoy_targets(self, prov: str) -> Dict[str, bool]:
        """For an army: provinces a convoy could carry it to (value unused)."""
        out: Dict[str, bool] = {}
        for c in self.chains_touching(prov):
            for shore in self.shores[c]:
                if shore != prov:
                    out[shore] = True
        return out


def _movement(board: _Board, u: UnitAt) -> List[Order]:
    return _holds_and_moves(board, u) + _supports(board, u) + _convoys(board, u)


def _holds_and_moves(board: _Board, u: UnitAt) -> List[Order]:
    out: List[Order] = [Hold(u.power, u.type, u.loc)]
    for loc in sorted(board.g.moves(u.type, u.loc)):
        out.append(Move(u.power, u.type, u.loc, "", loc))
    if u.type is UnitType.ARMY:
        for dest in sorted(board.convoy_targets(u.province)):
            out.append(Move(u.power, u.type, u.loc, "", dest, True))
    return out


def _supports(board: _Board, u: UnitAt) -> List[Order]:
    """Into each province this unit reaches, not across a strait."""
    g, check, prov = board.g, board.check, u.province
    out: List[Order] = []
    reach = sorted({_P[d] for d in g.moves(u.type, u.loc)
                    if check.can_reach_province(u.type, u.loc, _P[d])})
    for p in reach:
        t = board.units.get(p)
        if t is not None:
            out.append(Support(u.power, u.type, u.loc, "", t.loc, None, t.type))
    for p in reach:
        for tp in board.into.get(p, ()):
            if tp == prov:
                continue
            t = board.units[tp]
            out.append(Support(u.power, u.type, u.loc, "", t.loc, p, t.type))
            # a support naming a coast supports the move to that coast only
            for c in sorted(board.coasts_into.get((tp, p), ())):
                out.append(Support(u.power, u.type, u.loc, "", t.loc, c, t.type))
    return out


def _convoys(board: _Board, u: UnitAt) -> List[Order]:
    out: List[Order] = []
    prov = u.province
    if u.type is UnitType.FLEET and prov in board.chain:
        shores = board.shores[board.chain[prov]]
        for ap in sorted(shores):
            a = board.units.get(ap)
            if a is None or a.type is not UnitType.ARMY:
                continue
            for dest in sorted(shores - {ap}):
                out.append(Convoy(u.power, u.type, u.loc, "", a.loc, dest))
    return out


class MovementOptions:
    """A movement phase's legal orders by kind, each list made when first
    asked for (the fuzzer draws one kind a unit and needs no more)."""

    def __init__(self, game: Game):
        self.board = _Board(game)

    def moves(self, prov: str) -> List[Order]:
        """Hold first, then each move (by convoy last)."""
        return _holds_and_moves(self.board, self.board.units[prov])

    def supports(self, prov: str) -> List[Order]:
        return _supports(self.board, self.board.units[prov])

    def convoys(self, prov: str) -> List[Order]:
        return _convoys(self.board, self.board.units[prov])


def _retreats(game: Game, prov: str) -> List[Order]:
    d = game.state.dislodged[prov]
    u = d.unit
    out: List[Order] = [Retreat(u.power, u.type, u.loc, "", loc)
                        for loc in retreat_options(game.graph(), game.state, prov)]
    out.append(Disband(u.power, u.type, u.loc))
    return out


def _adjustments(game: Game, power: str) -> Dict[str, List[Order]]:
    g, s = game.graph(), game.state
    due = adjustment_counts(game.homes, s).get(power, 0)
    out: Dict[str, List[Order]] = {}
    if due > 0:
        for h in build_sites(game.homes[power], s, power, game.variant.rules.options):
            builds: List[Order] = []
            if g.may_stand(UnitType.ARMY, h):
                builds.append(Build(power, UnitType.ARMY, h))
            for loc in g.fleet_locations(h):
                if g.may_stand(UnitType.FLEET, loc):
                    builds.append(Build(power, UnitType.FLEET, loc))
            if builds:
                out[h] = builds
        out[WAIVE] = [Waive(power, None, "")]
    elif due < 0:
        for u in sorted(s.units_of(power), key=lambda u: u.province):
            out[u.province] = [Remove(power, u.type, u.loc)]
    return out


def options(game: Game, power: Optional[str] = None) -> Dict[str, Dict[str, List[Order]]]:
    """power -> province -> the legal orders there (the unit standing or
    dislodged there; in adjustments the build site or unit, and ``WAIVE``)."""
    s = game.state
    powers = [power] if power else [p.id for p in game.variant.powers]
    out: Dict[str, Dict[str, List[Order]]] = {p: {} for p in powers}
    if s.phase.kind == "M":
        board = _Board(game)
        for prov in sorted(s.units):
            u = s.units[prov]
            if u.power in out:
                out[u.power][prov] = _movement(board, u)
    elif s.phase.kind == "R":
        for prov in sorted(s.dislodged):
            owner = s.dislodged[prov].unit.power
            if owner in out:
                out[owner][prov] = _retreats(game, prov)
    else:
        for p in powers:
            out[p] = _adjustments(game, p)
    return out


def unit_options(game: Game, prov: str) -> List[Order]:
    """The legal orders of the unit in ``prov`` (dislodged in a retreat phase;
    in adjustments, the builds at a site or the removal of a unit)."""
    s = game.state
    if s.phase.kind == "M":
        return _movement(_Board(game), s.units[prov]) if prov in s.units else []
    if s.phase.kind == "R":
        return _retreats(game, prov) if prov in s.dislodged else []
    for orders in options(game).values():
        if prov in orders:
            return orders[prov]
    return []


def order_key(o: Order) -> Tuple:
    """What makes two orders the same order for these lists (the text and a
    route of fleets do not)."""
    if isinstance(o, Move):
        return ("M", o.loc, o.dest, o.via_convoy)
    if isinstance(o, Support):
        return ("S", o.loc, o.target, o.target_dest)
    if isinstance(o, Convoy):
        return ("C", o.loc, o.army_from, o.army_to)
    return (type(o).__name__, o.loc, o.unit)
