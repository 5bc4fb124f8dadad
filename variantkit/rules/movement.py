"""The movement phase: Kruijswijk's decision model (orders are checked in
:mod:`.legality`).

Decisions are of two kinds, a move succeeding and a support being given;
strengths (attack, hold, defend, prevent) and convoy paths are computed from
them.  Decisions are resolved on demand; a dependency cycle is detected by
guess-and-check: resolved once guessing failure and once guessing success,
and when both guesses are consistent the cycle is a paradox settled by the
backup rule (Szykman's rule where a convoy is involved, otherwise circular
movement, where every move of the cycle succeeds).

Variant rules come from the graph, as jDip applies a border's move
modifier: a move across an edge has base strength 1 + the edge's modifier
(never below zero; a convoyed army crosses no edge, so has 1), no support is
given across a negative modifier, and a move left with no strength cuts no
support.  A zero-strength move still enters a space nobody holds or contests
(Loeb9's unsupported crossing into an empty space): "nobody" is a strength
below zero.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Dict, Final, List, Mapping, Optional, Sequence, Set, Tuple

from ..graph import Graph
from ..model import UnitType
from ..problems import Problem, UnusableInput
from .legality import OrderChecker
from .orders import Convoy, Hold, Move, Order, Support, describe, new_hold, new_move
from .outcomes import NO_PARAMS, Code, Outcome
from .state import PROVINCE_OF as _P, Dislodged, GameState, UnitAt

__all__ = ["MovementResult", "OrderChecker", "Outcome", "Resolver"]


class Kind(IntEnum):
    """The two kinds of decision (IntEnum: keys hash as fast as ints)."""
    MOVE = 0      # the move from this province succeeds
    SUPPORT = 1   # the support from this province is given


class Step(IntEnum):
    """Where a decision stands while resolving."""
    GUESSING = 0
    RESOLVED = 1


Key = Tuple[Kind, str]  # (kind, province)
# the members as module names: an enum class attribute costs ten times a global
# Final: compiled (mypyc), a Final module name is a C static, any other a lookup in the
# module's dict at each read; pure Python reads them as before
MOVE: Final = Kind.MOVE
SUPPORT: Final = Kind.SUPPORT
GUESSING: Final = Step.GUESSING
RESOLVED: Final = Step.RESOLVED
ARMY: Final = UnitType.ARMY
FLEET: Final = UnitType.FLEET
# the outcomes' codes every phase writes, as module names too (read once a unit)
OK: Final = Code.OK
BOUNCED: Final = Code.BOUNCED
OWN_UNIT: Final = Code.OWN_UNIT
NOT_MATCHED: Final = Code.NOT_MATCHED
DISLODGED: Final = Code.DISLODGED
CUT: Final = Code.CUT
# A circle of moves is decided around the whole circle at once, one level of recursion a
# unit: past this many it is refused (VK407) in both builds. Pure Python would otherwise stop
# at its recursion limit (about 340 from the CLI), a compiled build (mypyc: native calls keep
# no Python frames) only when the C stack overflows, a crash (at about 50,000 units).
LONGEST_CIRCLE: Final = 300
# the order classes (orders.py stays Python in a compiled build), read as C statics: a name
# imported from a Python module is otherwise looked up in this module's dict at each use
HOLD_ORDER: Final = Hold
MOVE_ORDER: Final = Move
SUPPORT_ORDER: Final = Support
CONVOY_ORDER: Final = Convoy
NOBODY: Final = -1  # the strength of an empty space or a move that contests nothing
_NONE: Final[Tuple[str, ...]] = ()  # no supports, no attackers


@dataclass
class MovementResult:
    outcomes: List[Outcome]
    units: Dict[str, UnitAt]
    dislodged: Dict[str, Dislodged]
    standoffs: Set[str]


def province(loc: str) -> str:
    """``spa/nc`` -> ``spa``."""
    return _P[loc]


class Resolver:
    """Adjudicates one movement phase.  All state lives on the instance."""

    def __init__(self, graph: Graph, state: GameState, orders: List[Order],
                 options: Optional[Mapping[str, object]] = None,
                 checker: Optional[OrderChecker] = None):
        self.g = graph
        self.check = checker or OrderChecker(graph)  # a game keeps one per graph
        self.state = state
        self.options: Mapping[str, object] = options or {}  # read, never changed
        self.units = state.units
        self.outcomes: Dict[str, Outcome] = {}
        self.extra: List[Outcome] = []   # orders for no unit of the power
        self.orders: Dict[str, Order] = {}
        self.moves: Dict[str, Move] = {}
        self.supports: Dict[str, Support] = {}
        self.convoys: Dict[str, Convoy] = {}
        self.dest_loc: Dict[str, str] = {}     # move province -> destination location
        self.dest: Dict[str, str] = {}         # move province -> destination province
        self.modifier: Dict[str, int] = {}     # move province -> its edge's modifier
        # the decisions, by province: a province has one order, so one decision (a move's
        # or a support's; ``result`` and ``state_of`` give them keyed by kind)
        self._ok: Dict[str, bool] = {}
        self._step: Dict[str, Step] = {}
        self.deps: List[str] = []
        self.szykman: Set[str] = set()          # convoyed moves failed by Szykman's rule
        self._attackers: Dict[str, List[str]] = {}  # province -> the moves into it
        self._h2h: Dict[str, str] = {}  # move province -> the province of the move head-on into it
        self.convoyed: Set[str] = set()  # provinces of the moves by convoy
        self.matched: Set[str] = set()  # supports that match the supported unit's order
        self._move_supports: Dict[str, List[str]] = {}  # mover's province -> matching supports
        self._hold_supports: Dict[str, List[str]] = {}  # province -> matching supports to hold
        self._assign(orders)

    # -- order checks -----------------------------------------------------------
    def _void(self, power: str, o: Order, code: Code, **params) -> None:
        self.extra.append(Outcome(power, o, o.text or describe(o), "illegal", code, params))

    def _assign(self, orders: List[Order]) -> None:
        units, orders_of = self.units, self.orders
        convoy_ordered: List[Convoy] = []
        for o in orders:
            prov = _P[o.loc] if o.loc else ""
            unit = units.get(prov)
            if unit is None:
                self._void(o.power, o, Code.NO_UNIT, at=prov or "that place")
            elif o.power and unit.power != o.power:
                self._void(o.power, o, Code.NOT_YOURS, at=prov, owner=unit.power)
            elif o.unit is not None and o.unit is not unit.type:
                self._void(o.power, o, Code.WRONG_TYPE, at=prov, unit=unit.type.value)
            elif prov in orders_of:
                # a second order for a unit: the first stands (the later is void)
                self._void(unit.power, o, Code.SECOND_ORDER, unit=str(unit))
            else:
                orders_of[prov] = o
                if isinstance(o, CONVOY_ORDER):
                    convoy_ordered.append(o)
        if convoy_ordered:
            self._convoy_intent(convoy_ordered)
        if self.options.get("convoy_fallback"):
            self._convoy_fallback()
        checker = self.check
        check, known, reaches = checker.check, checker.known_moves, checker.can_reach_province
        reached = checker.known_reaches
        outcomes = self.outcomes
        moves, supports, convoys = self.moves, self.supports, self.convoys
        dest_loc, dest, modifier, attackers = self.dest_loc, self.dest, self.modifier, self._attackers
        for prov, unit in units.items():
            given = orders_of.get(prov)
            if given is None:
                orders_of[prov] = new_hold(unit.power, unit.type, unit.loc, f"{unit} H")
                continue  # a hold is always legal
            o = given
            if type(o) is HOLD_ORDER:
                continue
            if isinstance(o, MOVE_ORDER):
                # what the graph alone says of this move, remembered by the checker
                # (the check itself, for a move not seen before or one by convoy)
                checked = known.get((unit.type, unit.loc, o.dest, o.via_convoy))
                if checked is None or checked.by_convoy:
                    checked = check(unit, o, units)
                illegal, loc, by_convoy, crossing = checked  # one unpacking, not four lookups
                if illegal is None:
                    assert loc is not None
                    dest_loc[prov] = loc
                    if by_convoy and not o.via_convoy:
                        # a move to a province not adjacent goes by convoy
                        o = orders_of[prov] = new_move(o.power, o.unit, o.loc, o.text, o.dest, True, o.route)
                    moves[prov] = o
                    d = dest[prov] = _P[loc]
                    # a convoyed army crosses no border: its modifier does not apply (the
                    # check's answer for a move is remembered with the graph's modifier)
                    modifier[prov] = 0 if o.via_convoy else crossing
                    got = attackers.get(d)
                    if got is None:
                        attackers[d] = [prov]
                    else:
                        got.append(prov)
                    continue
            else:
                if type(o) is SUPPORT_ORDER:
                    # the check of a support, its legal answer first: it reaches the province
                    reach = _P[o.target_dest] if o.target_dest else _P[o.target]
                    if reach != prov and (reached.get((unit.type, unit.loc, reach))
                                          or reaches(unit.type, unit.loc, reach)):
                        supports[prov] = o
                        continue
                checked = check(unit, o, units)
                if checked.illegal is None:
                    if isinstance(o, SUPPORT_ORDER):
                        supports[prov] = o
                    elif isinstance(o, CONVOY_ORDER):
                        convoys[prov] = o
                    continue
            text = o.text or describe(o)
            why = checked.illegal
            assert why is not None  # every legal order went on above
            outcomes[prov] = Outcome(unit.power, o, text, "illegal", why.code, why.params)
            orders_of[prov] = new_hold(unit.power, unit.type, unit.loc, text)
        h2h, convoyed = self._h2h, self.convoyed
        for prov, m in moves.items():
            if m.via_convoy:
                convoyed.add(prov)
                continue
            d = dest[prov]
            other = moves.get(d)
            if other is not None and not other.via_convoy and dest[d] == prov:
                h2h[prov] = d
        if supports:
            self._index_supports()

    def _index_supports(self) -> None:
        """The supports that match the order of the unit they name, by that unit's
        province: for a move (supports of that move) and for a unit that stays
        (supports to hold), in the order the supports were listed."""
        matched = self.matched
        by_move, by_hold = self._move_supports, self._hold_supports
        units, moves, dest, dest_loc = self.units, self.moves, self.dest, self.dest_loc
        for s, sup in self.supports.items():
            # support_matches, inline
            t = _P[sup.target]
            unit = units.get(t)
            if unit is None or (sup.target_unit is not None and sup.target_unit is not unit.type):
                continue
            to = sup.target_dest
            if to is None:
                if t in moves:
                    continue
                index = by_hold
            else:
                # a support that names a coast supports a move to that coast only
                if t not in moves or dest[t] != _P[to] or ("/" in to and dest_loc[t] != to):
                    continue
                index = by_move
            matched.add(s)
            got = index.get(t)
            if got is None:
                index[t] = [s]
            else:
                got.append(s)

    def _convoy_intent(self, ordered: List[Convoy]) -> None:
        """An army ordered to an adjacent province goes by convoy when its own
        power orders a fleet to convoy it there (DATC 4.A.3, the 2000 rules).
        ``ordered``: the convoy orders assigned, in their order."""
        convoys: Dict[Tuple[str, str], List[Convoy]] = {}
        for c in ordered:
            convoys.setdefault((_P[c.army_from], _P[c.army_to]), []).append(c)
        # each army named by a convoy, once (an army has one order, so one destination)
        for (prov, dest), named in convoys.items():
            o = self.orders.get(prov)
            if not isinstance(o, MOVE_ORDER) or o.via_convoy or _P[o.dest] != dest:
                continue
            unit = self.units[prov]
            if unit.type is not ARMY:
                continue
            for c in named:
                # intent counts where an own fleet is ordered to convoy it and could
                # be part of a route (DATC 6.G.6 counts, 6.G.7 does not)
                if (self.units[_P[c.loc]].power == unit.power
                        and self.check.on_some_route(prov, dest, _P[c.loc])):
                    self.orders[prov] = new_move(o.power, o.unit, o.loc, o.text, o.dest, True, o.route)
                    break

    def _convoy_fallback(self) -> None:
        """DATC 4.A.3's older choice: an army ordered 'via convoy' to an adjacent
        province that no fleet is ordered to convoy moves over land instead."""
        for prov, o in list(self.orders.items()):
            unit = self.units[prov]
            if not isinstance(o, MOVE_ORDER) or not o.via_convoy or unit.type is not ARMY:
                continue
            dest = _P[o.dest]
            if dest not in self.g.moves(ARMY, unit.loc):
                continue
            if not any(isinstance(c, CONVOY_ORDER) and _P[c.army_from] == prov
                       and _P[c.army_to] == dest for c in self.orders.values()):
                self.orders[prov] = new_move(o.power, o.unit, o.loc, o.text, o.dest, False, ())

    # -- matching -----------------------------------------------------------------
    def support_matches(self, s: str) -> bool:
        sup = self.supports[s]
        t = _P[sup.target]
        unit = self.units.get(t)
        if unit is None:
            return False
        if sup.target_unit is not None and sup.target_unit is not unit.type:
            return False
        if sup.target_dest is None:
            return t not in self.moves
        m = self.moves.get(t)
        if m is None or _P[self.dest_loc[t]] != _P[sup.target_dest]:
            return False
        # a support that names a coast supports a move to that coast only
        return "/" not in sup.target_dest or self.dest_loc[t] == sup.target_dest

    def convoy_matches(self, c: str) -> bool:
        con = self.convoys[c]
        a = _P[con.army_from]
        m = self.moves.get(a)
        return (m is not None and m.via_convoy and self.units[a].type is ARMY
                and _P[self.dest_loc[a]] == _P[con.army_to])

    def supports_for(self, prov: str, dest: Optional[str]) -> Sequence[str]:
        """The supports that match: of the move from ``prov`` into ``dest``, or
        to hold ``prov`` where ``dest`` is None."""
        if dest is None:
            return self._hold_supports.get(prov, _NONE)
        if self.dest.get(prov) != dest:
            return _NONE
        return self._move_supports.get(prov, _NONE)

    def _given(self, supports: Sequence[str]) -> int:
        """How many of these matching supports are given (each decided, in order)."""
        n = 0
        attackers = self._attackers
        for s in supports:
            # a support nobody attacks is given: support_given asks nothing else of it
            if s not in attackers or self.resolve(s):
                n += 1
        return n

    # -- decisions -----------------------------------------------------------------
    @property
    def result(self) -> Dict[Key, bool]:
        """The decisions made, keyed by kind and province (a copy, for reading)."""
        moves = self.moves
        return {(MOVE if p in moves else SUPPORT, p): ok for p, ok in self._ok.items()}

    @property
    def state_of(self) -> Dict[Key, Step]:
        """Where each decision stands, keyed by kind and province (a copy, for reading)."""
        moves = self.moves
        return {(MOVE if p in moves else SUPPORT, p): st for p, st in self._step.items()}

    def resolve(self, key: str) -> bool:
        """The decision of the order in province ``key``: its move succeeds, or its
        support is given."""
        state_of, result = self._step, self._ok
        st = state_of.get(key)
        if st is RESOLVED:
            return result[key]
        if st is GUESSING:
            if key not in self.deps:
                self.deps.append(key)
            return result[key]
        deps = self.deps
        start = len(deps)
        state_of[key] = GUESSING
        result[key] = False
        first = self.move_succeeds(key) if key in self.moves else self.support_given(key)
        if len(deps) == start:
            if state_of.get(key) is not RESOLVED:
                result[key] = first
                state_of[key] = RESOLVED
            return first
        if deps[start] != key:
            # part of a cycle that started further up: keep the guess
            deps.append(key)
            result[key] = first
            return first
        for k in deps[start:]:
            state_of.pop(k, None)
        del deps[start:]
        state_of[key] = GUESSING
        result[key] = True
        second = self.adjudicate(key)
        if first == second:
            for k in deps[start:]:
                state_of.pop(k, None)
            del deps[start:]
            result[key] = first
            state_of[key] = RESOLVED
            return first
        self.backup_rule(start)
        return self.resolve(key)

    def backup_rule(self, start: int) -> None:
        cycle = self.deps[start:]
        del self.deps[start:]
        moves = [k for k in cycle if k in self.moves]
        attacked = {_P[self.dest_loc[m]] for m in moves}
        # the convoys of the paradox: convoyed moves in the cycle, and those whose
        # fleets a move of the cycle attacks
        convoyed = [m for m, o in self.moves.items() if o.via_convoy and (
            m in moves or any(c in attacked for c in self.convoys
                              if self.convoy_matches(c) and _P[self.convoys[c].army_from] == m))]
        circle = len(moves) == len(cycle) and \
            {_P[self.dest_loc[m]] for m in moves} == set(moves)
        if convoyed and not circle:
            # Szykman: the convoyed armies of the paradox do not move (and cut nothing)
            self.szykman.update(convoyed)
            for k in cycle:
                self._step.pop(k, None)
        else:
            # circular movement: every move of the cycle succeeds
            for k in cycle:
                if k in self.moves:
                    self._ok[k] = True
                    self._step[k] = RESOLVED
                else:
                    self._step.pop(k, None)

    def adjudicate(self, prov: str) -> bool:
        if prov in self.moves:
            return self.move_succeeds(prov)
        return self.support_given(prov)

    # -- strengths -------------------------------------------------------------------
    def path(self, prov: str) -> bool:
        m = self.moves[prov]
        if not m.via_convoy:
            return True
        if prov in self.szykman:
            return False
        fleets = {c for c in self.convoys if self.convoy_matches(c)
                  and _P[self.convoys[c].army_from] == prov and not self.dislodged(c)}
        if m.route:
            route = [_P[r] for r in m.route]
            if any(r not in fleets for r in route):
                return False
            chain = [prov] + route + [self.dest[prov]]
            for a, b in zip(chain, chain[1:]):
                if not any(_P[n] == b for loc in (a,) + self.g.coasts.get(a, ())
                           for n in self.g.moves(FLEET, loc)):
                    return False
            return True
        return self.check.water_routes_from(prov, self.dest_loc[prov], fleets)

    def dislodged(self, prov: str) -> bool:
        resolve = self.resolve
        if prov in self.moves and resolve(prov):
            return False
        for src in self._attackers.get(prov, _NONE):
            if resolve(src):
                return True
        return False

    def attackers(self, prov: str) -> Sequence[str]:
        return self._attackers.get(prov, _NONE)

    def head_to_head(self, prov: str) -> Optional[str]:
        """The province of a unit that moves into ``prov``'s unit head-on, both by land."""
        return self._h2h.get(prov)

    def strength(self, prov: str, supports: int) -> int:
        """A move's strength with this many supports counted: 1 + the edge's
        modifier + supports, never below zero (jDip)."""
        got = 1 + self.modifier[prov] + supports
        return got if got > 0 else 0

    def attack_strength(self, prov: str) -> int:
        if prov in self.convoyed and not self.path(prov):
            return 0
        dest = self.dest[prov]
        supports = self._move_supports.get(prov)
        if supports:
            resolve, attacked = self.resolve, self._attackers
            supports = [s for s in supports if s not in attacked or resolve(s)]
        occupant = self.units.get(dest)
        if occupant is None or (dest in self.moves and prov not in self._h2h
                                and self.resolve(dest)):
            got = 1 + self.modifier[prov] + (len(supports) if supports else 0)
            return got if got > 0 else 0
        if occupant.power == self.units[prov].power:
            return 0
        if not supports:
            got = 1 + self.modifier[prov]
            return got if got > 0 else 0
        units = self.units
        return self.strength(prov, sum(1 for s in supports if units[s].power != occupant.power))

    def hold_strength(self, prov: str) -> int:
        if prov not in self.units:
            return NOBODY
        if prov in self.moves:
            return NOBODY if self.resolve(prov) else 1
        supports = self._hold_supports.get(prov)
        return 1 + self._given(supports) if supports else 1

    def defend_strength(self, prov: str) -> int:
        supports = self._move_supports.get(prov)
        return self.strength(prov, self._given(supports) if supports else 0)

    def prevent_strength(self, prov: str) -> int:
        if prov in self.convoyed and not self.path(prov):
            return NOBODY
        h2h = self._h2h.get(prov)
        if h2h is not None and self.resolve(h2h):
            return NOBODY
        supports = self._move_supports.get(prov)
        return self.strength(prov, self._given(supports) if supports else 0)

    def move_succeeds(self, prov: str) -> bool:
        if prov in self.convoyed and not self.path(prov):
            return False
        dest = self.dest[prov]
        attackers = self._attackers[dest]
        if len(attackers) == 1 and dest not in self.units and prov not in self._move_supports \
                and prov not in self.convoyed:
            # the common move: alone into an empty space, by land, unsupported (its
            # strength, at least 0, beats the empty space's; nothing else to decide)
            return True
        attack = self.attack_strength(prov)
        h2h = self._h2h.get(prov)
        if h2h is not None:
            if attack <= self.defend_strength(h2h):
                return False
        elif attack <= self.hold_strength(dest):
            return False
        for other in attackers:
            if other != prov and attack <= self.prevent_strength(other):
                return False
        return True

    def support_given(self, prov: str) -> bool:
        if prov not in self.matched:
            return False
        if self.cutter(prov) is not None:
            return False
        return not self.dislodged(prov)

    def cutter(self, prov: str) -> Optional[str]:
        """The province of the first move that cuts this support, if any."""
        attackers = self._attackers.get(prov)
        if not attackers:
            return None
        sup = self.supports[prov]
        me = self.units[prov].power
        into = _P[sup.target_dest] if sup.target_dest else None
        for src in attackers:
            if self.units[src].power == me:
                continue
            if into is not None and src == into:
                continue  # the attacked unit can cut only by dislodging
            if src in self.convoyed and not self.path(src):
                continue
            if self.modifier[src] < 0 and not self._has_strength(src, prov, me):
                continue  # a crossing left with no strength cuts no support (Loeb9)
            return src
        return None

    def _has_strength(self, src: str, prov: str, attacked: str) -> bool:
        """Whether the move from ``src`` attacks ``prov`` with any strength:
        supports from the attacked unit's power do not count (they could not
        help dislodge it)."""
        if self.strength(src, 0) > 0:
            return True
        return self.strength(src, sum(1 for s in self.supports_for(src, prov)
                                      if self.units[s].power != attacked
                                      and (s not in self._attackers
                                           or self.resolve(s)))) > 0

    # -- the whole phase ------------------------------------------------------------------
    def _tail_first(self) -> List[str]:
        """The moves, each chain of moves (A a-b, A b-c, A c-d...) from its tail:
        a decision then finds the one it depends on already made, and recursion
        stays shallow. From its head, a chain of 400 moves recursed past Python's
        limit; the decisions do not depend on the order they are made in."""
        order: List[str] = []
        seen: Set[str] = set()
        moves, dest = self.moves, self.dest
        for start in moves:
            if start in seen:
                continue
            if dest[start] not in moves:
                seen.add(start)  # a chain of one, the most common
                order.append(start)
                continue
            chain = []
            prov = start
            while prov in moves and prov not in seen:
                seen.add(prov)
                chain.append(prov)
                prov = dest[prov]
            if len(chain) > LONGEST_CIRCLE and prov in chain and len(chain) - chain.index(prov) > LONGEST_CIRCLE:
                raise UnusableInput([Problem.of("VK407", count=len(moves))])
            order.extend(reversed(chain))
        return order

    def run(self) -> MovementResult:
        resolve, state_of, result = self.resolve, self._step, self._ok
        attackers, units, dest = self._attackers, self.units, self.dest
        supported, convoyed = self._move_supports, self.convoyed
        try:
            for prov in self._tail_first():
                if state_of.get(prov) is RESOLVED:
                    continue
                d = dest[prov]
                if d not in units and len(attackers[d]) == 1 and prov not in supported \
                        and prov not in convoyed:
                    # move_succeeds's first case, decided here: nothing depends on it yet
                    result[prov] = True
                    state_of[prov] = RESOLVED
                else:
                    resolve(prov)
            matched = self.matched
            for prov in self.supports:
                if state_of.get(prov) is RESOLVED:
                    continue
                if prov not in matched or prov not in attackers:
                    # support_given's first answers, decided here: a support that does
                    # not match is not given, one nobody attacks is
                    result[prov] = prov in matched
                    state_of[prov] = RESOLVED
                else:
                    resolve(prov)
        except RecursionError:
            # a circle of moves is decided around the whole circle at once: one of some
            # hundreds of units goes deeper than Python allows; said, never a traceback
            raise UnusableInput([Problem.of("VK407", count=len(self.moves))])
        new_units: Dict[str, UnitAt] = {}
        dislodged: Dict[str, Dislodged] = {}
        dest_loc, moves = self.dest_loc, self.moves
        # the moves that succeed, in the units' order (the moves were listed in it);
        # at most one move succeeds into a province
        moved: Set[str] = set()
        winners: Dict[str, str] = {}
        made = self.check.units_at
        for prov in moves:
            if result[prov]:
                moved.add(prov)
                unit = units[prov]
                d = dest[prov]
                loc = dest_loc[prov]
                there = made.get((unit.power, unit.type, loc))
                if there is None:
                    there = made[(unit.power, unit.type, loc)] = UnitAt(unit.power, unit.type, loc)
                new_units[d] = there
                winners[d] = prov
        # each unit's place and its order's outcome, in one pass in the units' order (an
        # outcome asks only whether its own unit was dislodged, and what moved)
        outcomes: List[Outcome] = []
        append, orders = outcomes.append, self.orders
        ok, illegal = OK, self.outcomes
        for prov, unit in units.items():
            o = orders[prov]
            if prov in moved:
                append(Outcome(unit.power, o, o.text or describe(o), "succeeds", ok, NO_PARAMS))
                continue
            winner = winners.get(prov)
            if winner is None:
                new_units[prov] = unit
                if prov in illegal:
                    append(illegal[prov])
                    continue
                if type(o) is HOLD_ORDER:
                    append(Outcome(unit.power, o, o.text or describe(o), "succeeds", ok, NO_PARAMS))
                    continue
            else:
                dislodged[prov] = Dislodged(unit, winner, moves[winner].via_convoy)
                if prov in illegal:
                    append(illegal[prov])
                    continue
            params: Mapping[str, object]
            if type(o) is MOVE_ORDER and prov not in convoyed:
                # a move by land that failed, as _explain says: into its own power's unit
                # that stays, or bounced
                d = dest[prov]
                occupant = units.get(d)
                if occupant is not None and occupant.power == unit.power and d not in moved:
                    code, params = OWN_UNIT, {"at": d}
                else:
                    code, params = BOUNCED, {"at": d}
            elif type(o) is SUPPORT_ORDER and prov not in self.matched:
                code, params = NOT_MATCHED, {"what": "supported unit"}  # as _explain says
            else:
                code, params = self._explain(prov, o, dislodged)
            append(Outcome(unit.power, o, o.text or describe(o),
                           "succeeds" if code is ok else "fails", code, params))
        standoffs = set()
        for prov in moves:
            # a bounce leaves the province contested, unless the bounced unit was dislodged
            if prov not in moved and prov not in dislodged and dest[prov] not in new_units \
                    and (prov not in convoyed or self.path(prov)):
                standoffs.add(dest[prov])
        if self.extra:
            outcomes.extend(self.extra)
        return MovementResult(outcomes, new_units, dislodged, standoffs)

    def _explain(self, prov: str, o: Order,
                 dislodged: Dict[str, Dislodged]) -> Tuple[Code, Mapping[str, object]]:
        if isinstance(o, MOVE_ORDER):
            if self._ok[prov]:
                return OK, NO_PARAMS
            if prov in self.convoyed and not self.path(prov):
                return (Code.SZYKMAN if prov in self.szykman else Code.NO_CONVOY_ROUTE), NO_PARAMS
            dest = self.dest[prov]
            occupant = self.units.get(dest)
            if occupant is not None and occupant.power == self.units[prov].power and \
                    not (dest in self.moves and self._ok[dest]):
                return OWN_UNIT, {"at": dest}
            return BOUNCED, {"at": dest}
        if isinstance(o, SUPPORT_ORDER) and prov not in self.matched:
            return NOT_MATCHED, {"what": "supported unit"}
        if isinstance(o, CONVOY_ORDER) and not self.convoy_matches(prov):
            return NOT_MATCHED, {"what": "convoyed army"}
        if prov in dislodged:
            return DISLODGED, {"by": dislodged[prov].attacker_from}
        if isinstance(o, SUPPORT_ORDER) and not self._ok[prov]:
            return CUT, {"by": self.cutter(prov)}
        return OK, NO_PARAMS
