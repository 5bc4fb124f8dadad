"""The movement phase: order checks, then Kruijswijk's decision model.

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
from typing import Dict, List, Mapping, Optional, Set, Tuple

from ..graph import Graph
from ..model import Terrain, UnitType, split_location
from .orders import Convoy, Hold, Move, Order, Support, describe
from .state import _P, Dislodged, GameState, UnitAt

Key = Tuple[str, str]  # ("move" | "support", province)
NOBODY = -1  # the strength of an empty space or a move that contests nothing


@dataclass
class Outcome:
    power: str
    order: Order
    text: str
    outcome: str          # "succeeds", "fails" or "illegal"
    reason: str = ""


@dataclass
class MovementResult:
    outcomes: List[Outcome]
    units: Dict[str, UnitAt]
    dislodged: Dict[str, Dislodged]
    standoffs: Set[str]


def province(loc: str) -> str:
    """``spa/nc`` -> ``spa``."""
    return _P[loc]


class OrderChecker:
    """Whether an order is legal for the unit it names, and why not."""

    def __init__(self, graph: Graph):
        self.g = graph
        # convoy geometry, computed once: the waters next to each province, and
        # the convoying waters next to each water province
        self._near: Dict[str, Tuple[str, ...]] = {}
        self._water_next: Dict[str, Tuple[str, ...]] = {}

    def fleet_dest(self, src: str, dest: str) -> Tuple[Optional[str], str]:
        """The fleet location a move from ``src`` to ``dest`` reaches, or a reason."""
        prov, coast = split_location(dest)
        reach = self.g.moves(UnitType.FLEET, src)
        coasts = self.g.coasts.get(prov, ())
        if coasts:
            if coast:
                return (dest, "") if dest in reach else (None, f"{src} does not reach {dest}")
            options = [c for c in coasts if c in reach]
            if len(options) == 1:
                return options[0], ""
            if not options:
                return None, f"{src} does not reach {prov}"
            return None, f"name the coast: {' or '.join(options)}"
        return (prov, "") if prov in reach else (None, self._why_not(UnitType.FLEET, src, prov))

    def _why_not(self, unit: UnitType, src: str, dest: str) -> str:
        info = self.g.locations.get(dest)
        if info is not None and info.terrain is Terrain.IMPASSABLE:
            return f"nothing may enter {self.g.provinces[dest].name}"
        if info is not None and not self.g.may_stand(unit, dest):
            name = self.g.provinces[_P[dest]].name
            if self.g.provinces[_P[dest]].passable_in:
                return f"{name} cannot be entered in this season"
            return (f"armies cannot enter water: {name}" if unit is UnitType.ARMY
                    else f"fleets cannot enter land: {name}")
        return f"{src} is not next to {dest}"

    def can_reach_province(self, unit: UnitType, loc: str, prov: str) -> bool:
        """For supports: may this unit move into the province, ignoring coasts,
        by a crossing that is not a strait (no support is given across one)?"""
        for dest in self.g.moves(unit, loc):
            if _P[dest] == prov and not self.g.is_strait(unit, loc, dest):
                return True
        return False

    def convoy_possible(self, src: str, dest: str) -> bool:
        """Could an army go from ``src`` to ``dest`` through water at all?"""
        return bool(self.water_routes_from(src, dest, None))

    def water_routes_from(self, src: str, dest: str, fleets: Optional[Set[str]]) -> bool:
        """A chain of water spaces (restricted to ``fleets`` if given) from the
        coast of ``src`` to the coast of ``dest``."""
        start = [w for w in self._waters_next_to(src) if fleets is None or w in fleets]
        seen = set(start)
        todo = list(start)
        ends = set(self._waters_next_to(_P[dest]))
        while todo:
            w = todo.pop()
            if w in ends:
                return True
            for p in self._waters_of(w):
                if p not in seen and (fleets is None or p in fleets):
                    seen.add(p)
                    todo.append(p)
        return False

    def _waters_of(self, water: str) -> Tuple[str, ...]:
        got = self._water_next.get(water)
        if got is None:
            got = self._water_next[water] = tuple(sorted(
                {_P[n] for n in self.g.moves(UnitType.FLEET, water)
                 if self.g.is_convoying_water(_P[n])}))
        return got

    def on_some_route(self, src: str, dest: str, fleet: str) -> bool:
        """Whether a fleet in ``fleet`` could be part of a convoy src -> dest."""
        def reach(start: str) -> Set[str]:
            first = self._waters_next_to(start)
            seen, todo = set(first), list(first)
            while todo:
                for p in self._waters_of(todo.pop()):
                    if p not in seen:
                        seen.add(p)
                        todo.append(p)
            return seen
        return fleet in reach(src) and fleet in reach(dest)

    def _waters_next_to(self, prov: str) -> Tuple[str, ...]:
        got = self._near.get(prov)
        if got is None:
            g = self.g
            got = self._near[prov] = tuple(sorted(
                {_P[n] for loc in (prov,) + g.coasts.get(prov, ())
                 for n in g.moves(UnitType.FLEET, loc) if g.is_convoying_water(_P[n])}))
        return got


class Resolver:
    """Adjudicates one movement phase.  All state lives on the instance."""

    def __init__(self, graph: Graph, state: GameState, orders: List[Order],
                 options: Optional[Mapping[str, object]] = None,
                 checker: Optional[OrderChecker] = None):
        self.g = graph
        self.check = checker or OrderChecker(graph)  # a game keeps one per graph
        self.state = state
        self.options = dict(options or {})
        self.units = state.units
        self.outcomes: Dict[str, Outcome] = {}
        self.extra: List[Outcome] = []   # orders for no unit of the power
        self.orders: Dict[str, Order] = {}
        self.moves: Dict[str, Move] = {}
        self.supports: Dict[str, Support] = {}
        self.convoys: Dict[str, Convoy] = {}
        self.dest_loc: Dict[str, str] = {}     # move province -> destination location
        self.modifier: Dict[str, int] = {}     # move province -> its edge's modifier
        self.result: Dict[Key, bool] = {}
        self.state_of: Dict[Key, str] = {}     # "guessing" / "resolved"
        self.deps: List[Key] = []
        self.szykman: Set[str] = set()          # convoyed moves failed by Szykman's rule
        self._attackers: Optional[Dict[str, List[str]]] = None
        self._supports_for: Dict[Tuple[str, Optional[str]], List[str]] = {}
        self._supports_by_target: Optional[Dict[str, List[str]]] = None
        self._assign(orders)

    # -- order checks -----------------------------------------------------------
    def _assign(self, orders: List[Order]) -> None:
        for o in orders:
            prov = _P[o.loc] if o.loc else ""
            unit = self.units.get(prov)
            if unit is None:
                self.extra.append(Outcome(o.power, o, o.text or describe(o), "illegal",
                                          f"there is no unit in {prov or 'that place'}"))
                continue
            if o.power and unit.power != o.power:
                self.extra.append(Outcome(o.power, o, o.text or describe(o), "illegal",
                                          f"the unit in {prov} belongs to {unit.power}"))
                continue
            if o.unit is not None and o.unit is not unit.type:
                self.extra.append(Outcome(o.power, o, o.text or describe(o), "illegal",
                                          f"the unit in {prov} is {'an army' if unit.type is UnitType.ARMY else 'a fleet'}"))
                continue
            if prov in self.orders:
                # a second order for a unit: the first stands (the later is void)
                self.extra.append(Outcome(unit.power, o, o.text or describe(o), "illegal",
                                          f"{unit} already has an order"))
                continue
            self.orders[prov] = o
        self._convoy_intent()
        if self.options.get("convoy_fallback"):
            self._convoy_fallback()
        for prov, unit in self.units.items():
            o = self.orders.get(prov)
            if o is None:
                o = self.orders[prov] = Hold(unit.power, unit.type, unit.loc, f"{unit} H")
            reason = self._legal(unit, o)
            o = self.orders[prov]  # the check may have made a long army move a convoyed one
            if reason:
                text = o.text or describe(o)
                self.outcomes[prov] = Outcome(unit.power, o, text, "illegal", reason)
                self.orders[prov] = Hold(unit.power, unit.type, unit.loc, text)
            elif isinstance(o, Move):
                self.moves[prov] = o
                # a convoyed army crosses no border: its modifier does not apply
                self.modifier[prov] = 0 if o.via_convoy else self.g.modifier(
                    unit.type, unit.loc, self.dest_loc[prov])
            elif isinstance(o, Support):
                self.supports[prov] = o
            elif isinstance(o, Convoy):
                self.convoys[prov] = o

    def _convoy_intent(self) -> None:
        """An army ordered to an adjacent province goes by convoy when its own
        power orders a fleet to convoy it there (DATC 4.A.3, the 2000 rules)."""
        convoys: Dict[Tuple[str, str], List[Convoy]] = {}
        for c in self.orders.values():
            if isinstance(c, Convoy):
                convoys.setdefault((_P[c.army_from], _P[c.army_to]), []).append(c)
        if not convoys:
            return
        for prov, o in list(self.orders.items()):
            unit = self.units[prov]
            if not isinstance(o, Move) or o.via_convoy or unit.type is not UnitType.ARMY:
                continue
            dest = _P[o.dest]
            for c in convoys.get((prov, dest), ()):
                # intent counts where an own fleet is ordered to convoy it and could
                # be part of a route (DATC 6.G.6 counts, 6.G.7 does not)
                if (self.units[_P[c.loc]].power == unit.power
                        and self.check.on_some_route(prov, dest, _P[c.loc])):
                    self.orders[prov] = Move(o.power, o.unit, o.loc, o.text, o.dest, True, o.route)
                    break

    def _convoy_fallback(self) -> None:
        """DATC 4.A.3's older choice: an army ordered 'via convoy' to an adjacent
        province that no fleet is ordered to convoy moves over land instead."""
        for prov, o in list(self.orders.items()):
            unit = self.units[prov]
            if not isinstance(o, Move) or not o.via_convoy or unit.type is not UnitType.ARMY:
                continue
            dest = _P[o.dest]
            if dest not in self.g.moves(UnitType.ARMY, unit.loc):
                continue
            if not any(isinstance(c, Convoy) and _P[c.army_from] == prov
                       and _P[c.army_to] == dest for c in self.orders.values()):
                self.orders[prov] = Move(o.power, o.unit, o.loc, o.text, o.dest, False, ())

    def _convoy_orders_allow(self, unit: UnitAt, dest: str) -> bool:
        """Whether fleets stand on some route for this convoy (DATC 6.D.32: a
        convoy through empty seas is no order at all; 6.D.8: one through
        fleets that do not convoy is an order that fails)."""
        fleets = {p for p, u in self.units.items()
                  if u.type is UnitType.FLEET and self.g.is_convoying_water(p)}
        return self.check.water_routes_from(unit.province, dest, fleets)

    def _legal(self, unit: UnitAt, o: Order) -> str:
        g = self.g
        if not isinstance(o, (Hold, Move, Support, Convoy)):
            return f"{type(o).__name__.lower()} orders are given in another phase"
        if isinstance(o, Move):
            dprov = _P[o.dest]
            if dprov == unit.province:
                return "a unit cannot move to where it stands"
            if unit.type is UnitType.FLEET:
                if o.via_convoy:
                    return "fleets are not convoyed"
                loc, why = self.check.fleet_dest(unit.loc, o.dest)
                if loc is None:
                    return why
                self.dest_loc[unit.province] = loc
                return ""
            if not g.may_stand(UnitType.ARMY, dprov):
                return self.check._why_not(UnitType.ARMY, unit.loc, dprov)
            adjacent = dprov in g.moves(UnitType.ARMY, unit.loc)
            if adjacent and not o.via_convoy:
                self.dest_loc[unit.province] = dprov
                return ""
            convoyable = self.check.convoy_possible(unit.province, dprov)
            if not convoyable:
                return (f"{unit.loc} is not next to {dprov}, and no water leads there for a convoy"
                        if not adjacent else f"no water leads from {unit.loc} to {dprov} for a convoy")
            if not self._convoy_orders_allow(unit, dprov):
                return f"no fleets stand between {unit.loc} and {dprov} to convoy it"
            self.dest_loc[unit.province] = dprov
            if not o.via_convoy:  # a move to a province not adjacent goes by convoy
                self.orders[unit.province] = o = Move(o.power, o.unit, o.loc, o.text, o.dest, True, o.route)
            return ""
        if isinstance(o, Support):
            reach = _P[o.target_dest] if o.target_dest else _P[o.target]
            if reach == unit.province:
                return "a unit cannot support a move into its own province"
            if not self.check.can_reach_province(unit.type, unit.loc, reach):
                if any(_P[d] == reach for d in g.moves(unit.type, unit.loc)):
                    return f"no support is given across the strait to {reach}"
                return f"{unit} cannot reach {reach}, so cannot support there"
            return ""
        if isinstance(o, Convoy):
            if unit.type is not UnitType.FLEET:
                return "only fleets convoy"
            if not g.is_convoying_water(unit.province):
                return f"{unit.loc} is not a sea: fleets on a coast do not convoy"
            return ""
        return ""

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
        return (m is not None and m.via_convoy and self.units[a].type is UnitType.ARMY
                and _P[self.dest_loc[a]] == _P[con.army_to])

    def supports_for(self, prov: str, dest: Optional[str]) -> List[str]:
        key = (prov, dest)
        got = self._supports_for.get(key)
        if got is None:
            got = self._supports_for[key] = self._find_supports(prov, dest)
        return got

    def _find_supports(self, prov: str, dest: Optional[str]) -> List[str]:
        if self._supports_by_target is None:
            # index once per phase: supports by the province they support
            self._supports_by_target = {}
            for s, sup in self.supports.items():
                self._supports_by_target.setdefault(_P[sup.target], []).append(s)
        out = []
        for s in self._supports_by_target.get(prov, ()):
            sup = self.supports[s]
            if (dest is None) != (sup.target_dest is None):
                continue
            if dest is not None and _P[sup.target_dest] != dest:
                continue
            if self.support_matches(s):
                out.append(s)
        return out

    # -- decisions -----------------------------------------------------------------
    def resolve(self, key: Key) -> bool:
        st = self.state_of.get(key)
        if st == "resolved":
            return self.result[key]
        if st == "guessing":
            if key not in self.deps:
                self.deps.append(key)
            return self.result[key]
        start = len(self.deps)
        self.state_of[key] = "guessing"
        self.result[key] = False
        first = self.adjudicate(key)
        if len(self.deps) == start:
            if self.state_of.get(key) != "resolved":
                self.result[key] = first
                self.state_of[key] = "resolved"
            return first
        if self.deps[start] != key:
            # part of a cycle that started further up: keep the guess
            self.deps.append(key)
            self.result[key] = first
            return first
        for k in self.deps[start:]:
            self.state_of.pop(k, None)
        del self.deps[start:]
        self.state_of[key] = "guessing"
        self.result[key] = True
        second = self.adjudicate(key)
        if first == second:
            for k in self.deps[start:]:
                self.state_of.pop(k, None)
            del self.deps[start:]
            self.result[key] = first
            self.state_of[key] = "resolved"
            return first
        self.backup_rule(start)
        return self.resolve(key)

    def backup_rule(self, start: int) -> None:
        cycle = self.deps[start:]
        del self.deps[start:]
        moves = [k[1] for k in cycle if k[0] == "move"]
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
                self.state_of.pop(k, None)
        else:
            # circular movement: every move of the cycle succeeds
            for k in cycle:
                if k[0] == "move":
                    self.result[k] = True
                    self.state_of[k] = "resolved"
                else:
                    self.state_of.pop(k, None)

    def adjudicate(self, key: Key) -> bool:
        kind, prov = key
        if kind == "move":
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
            chain = [prov] + route + [_P[self.dest_loc[prov]]]
            for a, b in zip(chain, chain[1:]):
                if not any(_P[n] == b for loc in (a,) + self.g.coasts.get(a, ())
                           for n in self.g.moves(UnitType.FLEET, loc)):
                    return False
            return True
        return self.check.water_routes_from(prov, self.dest_loc[prov], fleets)

    def dislodged(self, prov: str) -> bool:
        if prov in self.moves and self.resolve(("move", prov)):
            return False
        return any(self.resolve(("move", src)) for src in self.attackers(prov))

    def attackers(self, prov: str) -> List[str]:
        if self._attackers is None:
            self._attackers = {}
            for src in self.moves:
                self._attackers.setdefault(_P[self.dest_loc[src]], []).append(src)
        return self._attackers.get(prov, [])

    def head_to_head(self, prov: str) -> Optional[str]:
        """The province of a unit that moves into ``prov``'s unit head-on, both by land."""
        m = self.moves[prov]
        dest = _P[self.dest_loc[prov]]
        other = self.moves.get(dest)
        if other is None or m.via_convoy or other.via_convoy:
            return None
        return dest if _P[self.dest_loc[dest]] == prov else None

    def strength(self, prov: str, supports: int) -> int:
        """A move's strength with this many supports counted: 1 + the edge's
        modifier + supports, never below zero (jDip)."""
        got = 1 + self.modifier[prov] + supports
        return got if got > 0 else 0

    def attack_strength(self, prov: str) -> int:
        if not self.path(prov):
            return 0
        dest = _P[self.dest_loc[prov]]
        mover = self.units[prov]
        supports = [s for s in self.supports_for(prov, dest) if self.resolve(("support", s))]
        occupant = self.units.get(dest)
        h2h = self.head_to_head(prov)
        if occupant is None or (dest in self.moves and h2h is None and self.resolve(("move", dest))):
            return self.strength(prov, len(supports))
        if occupant.power == mover.power:
            return 0
        return self.strength(prov, sum(1 for s in supports if self.units[s].power != occupant.power))

    def hold_strength(self, prov: str) -> int:
        if prov not in self.units:
            return NOBODY
        if prov in self.moves:
            return NOBODY if self.resolve(("move", prov)) else 1
        return 1 + sum(1 for s in self.supports_for(prov, None) if self.resolve(("support", s)))

    def defend_strength(self, prov: str) -> int:
        dest = _P[self.dest_loc[prov]]
        return self.strength(prov, sum(1 for s in self.supports_for(prov, dest)
                                       if self.resolve(("support", s))))

    def prevent_strength(self, prov: str) -> int:
        if not self.path(prov):
            return NOBODY
        h2h = self.head_to_head(prov)
        if h2h is not None and self.resolve(("move", h2h)):
            return NOBODY
        dest = _P[self.dest_loc[prov]]
        return self.strength(prov, sum(1 for s in self.supports_for(prov, dest)
                                       if self.resolve(("support", s))))

    def move_succeeds(self, prov: str) -> bool:
        if not self.path(prov):
            return False
        dest = _P[self.dest_loc[prov]]
        attack = self.attack_strength(prov)
        h2h = self.head_to_head(prov)
        if h2h is not None:
            if attack <= self.defend_strength(h2h):
                return False
        elif attack <= self.hold_strength(dest):
            return False
        for other in self.attackers(dest):
            if other != prov and attack <= self.prevent_strength(other):
                return False
        return True

    def support_given(self, prov: str) -> bool:
        if not self.support_matches(prov):
            return False
        sup = self.supports[prov]
        me = self.units[prov]
        into = _P[sup.target_dest] if sup.target_dest else None
        for src in self.attackers(prov):
            attacker = self.units[src]
            if attacker.power == me.power:
                continue
            if into is not None and src == into:
                continue  # the attacked unit can cut only by dislodging (below)
            if not self.path(src):
                continue
            if self.modifier[src] < 0 and not self._has_strength(src, prov, me.power):
                continue  # a crossing left with no strength cuts no support (Loeb9)
            return False
        return not self.dislodged(prov)

    def _has_strength(self, src: str, prov: str, attacked: str) -> bool:
        """Whether the move from ``src`` attacks ``prov`` with any strength:
        supports from the attacked unit's power do not count (they could not
        help dislodge it)."""
        if self.strength(src, 0) > 0:
            return True
        return self.strength(src, sum(1 for s in self.supports_for(src, prov)
                                      if self.units[s].power != attacked
                                      and self.resolve(("support", s)))) > 0

    # -- the whole phase ------------------------------------------------------------------
    def run(self) -> MovementResult:
        for prov in list(self.moves):
            self.resolve(("move", prov))
        for prov in list(self.supports):
            self.resolve(("support", prov))
        new_units: Dict[str, UnitAt] = {}
        dislodged: Dict[str, Dislodged] = {}
        moved = {p for p in self.moves if self.result[("move", p)]}
        for prov, unit in self.units.items():
            if prov in moved:
                loc = self.dest_loc[prov]
                new_units[_P[loc]] = UnitAt(unit.power, unit.type, loc)
        # at most one move succeeds into a province
        winners = {_P[self.dest_loc[p]]: p for p in moved}
        for prov, unit in self.units.items():
            if prov in moved:
                continue
            winner = winners.get(prov)
            if winner is not None:
                dislodged[prov] = Dislodged(unit, winner, self.moves[winner].via_convoy)
            else:
                new_units[prov] = unit
        standoffs = set()
        for prov in self.moves:
            dest = _P[self.dest_loc[prov]]
            # a bounce leaves the province contested, unless the bounced unit was dislodged
            if prov not in moved and prov not in dislodged and self.path(prov) and dest not in new_units:
                standoffs.add(dest)
        outcomes = []
        for prov, unit in self.units.items():
            if prov in self.outcomes:
                outcomes.append(self.outcomes[prov])
                continue
            o = self.orders[prov]
            ok, reason = self._explain(prov, o, dislodged)
            outcomes.append(Outcome(unit.power, o, o.text or describe(o),
                                    "succeeds" if ok else "fails", reason))
        return MovementResult(outcomes + self.extra, new_units, dislodged, standoffs)

    def _explain(self, prov: str, o: Order, dislodged) -> Tuple[bool, str]:
        if isinstance(o, Move):
            if self.result[("move", prov)]:
                return True, ""
            if not self.path(prov):
                return False, ("the convoy is disrupted by a paradox (Szykman's rule)"
                               if prov in self.szykman else "no convoy route")
            dest = _P[self.dest_loc[prov]]
            occupant = self.units.get(dest)
            if occupant is not None and occupant.power == self.units[prov].power and \
                    not (dest in self.moves and self.result[("move", dest)]):
                return False, "a unit cannot dislodge a unit of its own power"
            return False, f"bounced at {dest}"
        if isinstance(o, Support):
            if not self.support_matches(prov):
                return False, "the supported unit was not ordered so"
            if not self.result[("support", prov)]:
                return False, "dislodged" if prov in dislodged else "support cut"
            return True, ""
        if isinstance(o, Convoy):
            if not self.convoy_matches(prov):
                return False, "the convoyed army was not ordered so"
            if prov in dislodged:
                return False, "dislodged"
            return True, ""
        if prov in dislodged:
            return False, "dislodged"
        return True, ""
