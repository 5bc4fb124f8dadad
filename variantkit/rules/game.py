"""The game loop: one phase at a time, skipping retreat and adjustment
phases that nobody needs, with centre ownership after Fall, victory and the
draw rule.  Works on the variant's records and graph only.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Dict, Final, FrozenSet, List, Mapping, Optional, Tuple

from ..graph import Graph, is_seasonal
from ..model import Variant
from .adjustments import adjustment_counts, builds_possible, resolve_adjustments
from .legality import OrderChecker
from .movement import Resolver
from .outcomes import Code, Outcome
from .orders import Move, Order, Phase, new_retreat
from .parse import OrderError, OrderParser
from .retreats import resolve_retreats, retreat_options
from .state import GameState


# Graphs are read-only and cost a millisecond or two to build, so games of the
# same variant object share them, and the order checker that caches convoy
# geometry per graph (fuzzing plays many games in a row).  Keyed by identity,
# not by value (hashing a whole variant costs more than it saves); only the
# last few variants are kept, as an editor makes a new one per edit.
_SHARED: "OrderedDict[Tuple[int, Optional[str]], Tuple[Graph, OrderChecker]]" = OrderedDict()
_SHARED_KEPT: Final = 8


_PARSERS: "OrderedDict[int, OrderParser]" = OrderedDict()
_NONE_READ: Final[Mapping[str, Order]] = MappingProxyType({})  # a power the parser has read nothing of


# the phases a game enters, made once (a frozen dataclass costs a call per field; a game
# makes one every phase); bounded by the years a game lasts
_PHASES: Dict[Tuple[int, str, str], Phase] = {}


def phase_of(year: int, season: str, kind: str) -> Phase:
    key = (year, season, kind)
    got = _PHASES.get(key)
    if got is None:
        if len(_PHASES) >= 10_000:
            _PHASES.clear()
        got = _PHASES[key] = Phase(year, season, kind)
    return got


# The editor plays and checks from worker threads: each lookup and update of the two
# caches is one step under this lock (an unlocked move_to_end after another thread's
# eviction raised KeyError). What is built, the slow part, is built outside it.
_LOCK = threading.Lock()


def shared_parser(variant: Variant) -> OrderParser:
    """The order parser of ``variant``, shared by its games like the graph
    (its name index costs milliseconds to build and remembers what it read)."""
    with _LOCK:
        got = _PARSERS.get(id(variant))
        if got is not None and got.variant is variant:
            _PARSERS.move_to_end(id(variant))
            return got
    got = OrderParser(variant)
    with _LOCK:
        _PARSERS[id(variant)] = got
        while len(_PARSERS) > _SHARED_KEPT:
            _PARSERS.popitem(last=False)
    return got


def shared_graph(variant: Variant, season: Optional[str]) -> Tuple[Graph, OrderChecker]:
    """The graph of ``variant`` in ``season`` and its order checker."""
    key = (id(variant), season)
    with _LOCK:
        got = _SHARED.get(key)
        if got is not None and got[0].variant is variant:
            _SHARED.move_to_end(key)
            return got
    graph = Graph(variant, season)
    built = (graph, OrderChecker(graph))
    with _LOCK:
        _SHARED[key] = built
        while len(_SHARED) > _SHARED_KEPT:
            _SHARED.popitem(last=False)
    return built


@dataclass
class PhaseRecord:
    phase: Phase
    before: GameState
    outcomes: List[Outcome]


@dataclass
class Game:
    variant: Variant
    state: GameState
    history: List[PhaseRecord] = field(default_factory=list)
    winner: Optional[str] = None
    drawn: bool = False

    @staticmethod
    def new(variant: Variant) -> "Game":
        return Game(variant, GameState.start(variant))

    # derived from the variant once, when the game is made
    _graphs: Dict[Optional[str], Tuple[Graph, OrderChecker]] = field(default_factory=dict, repr=False)
    _seasonal: bool = field(init=False, repr=False, compare=False)
    _centres: FrozenSet[str] = field(init=False, repr=False, compare=False)
    _homes: Mapping[str, tuple] = field(init=False, repr=False, compare=False)
    _victory: int = field(init=False, repr=False, compare=False)  # the variant counts its centres
    _parser: Optional[OrderParser] = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._seasonal = is_seasonal(self.variant)
        self._centres = frozenset(self.variant.centers)
        self._homes = MappingProxyType({p.id: p.homes for p in self.variant.powers})
        self._victory = self.variant.victory
        self._parser = None  # compiled (mypyc), a field with init=False is unset until assigned

    # -- helpers ---------------------------------------------------------------

    def graph(self, phase: Optional[Phase] = None) -> Graph:
        # one graph for the whole game unless some space or edge opens and closes by season
        season = (phase or self.state.phase).graph_season if self.seasonal else None
        return self._graph_and_checker(season)[0]

    def checker(self, phase: Optional[Phase] = None) -> OrderChecker:
        """The order checker of the graph of this phase (shared, with its caches)."""
        return self._graph_and_checker(self.graph(phase).season)[1]

    def _graph_and_checker(self, season: Optional[str]) -> Tuple[Graph, OrderChecker]:
        got = self._graphs.get(season)
        if got is None:
            got = self._graphs[season] = shared_graph(self.variant, season)
        return got

    @property
    def seasonal(self) -> bool:
        return self._seasonal

    def parser(self) -> OrderParser:
        if self._parser is None:  # made on first use: a game read only for its position needs none
            self._parser = shared_parser(self.variant)
        return self._parser

    @property
    def homes(self) -> Mapping[str, tuple]:
        """Each power's home centres (read-only: made once, with the game)."""
        return self._homes

    @property
    def over(self) -> bool:
        return self.winner is not None or self.drawn

    # -- orders ------------------------------------------------------------------
    def parse(self, orders: Dict[str, List[str]]):
        """Text orders by power -> (orders, outcomes of unreadable ones)."""
        parsed: List[Order] = []
        bad: List[Outcome] = []
        parser = self.parser()
        read, known = parser.parse, parser.known
        for power, lines in orders.items():
            mine = known.get(power, _NONE_READ)  # the parser's memo, asked first: most orders were read before
            for line in lines:
                o = mine.get(line)
                if o is not None:
                    parsed.append(o)
                    continue
                try:
                    o = read(line, power)
                except OrderError as exc:
                    from .orders import Hold
                    bad.append(Outcome(power, Hold(power, None, "", line), line, "illegal",
                                       Code.UNREADABLE, {"why": str(exc)}))
                    continue
                parsed.append(o)
        return parsed, bad

    # -- phases ------------------------------------------------------------------
    def process(self, orders: List[Order], unreadable: Optional[List[Outcome]] = None) -> List[Outcome]:
        """Adjudicate the current phase and move on to the next one needed."""
        s = self.state
        # the phase leaves ``s`` as it was (every branch builds a new state), so
        # the history keeps it as the position before, without a copy
        before = s
        # the graph of this phase and its checker, in one look (``graph()`` is for callers)
        graph, checker = self._graph_and_checker(s.phase.graph_season if self._seasonal else None)
        if s.phase.kind == "M":
            res = Resolver(graph, s, orders, self.variant.rules.options, checker).run()
            outcomes = res.outcomes
            nxt = GameState(s.phase, res.units, dict(s.centers), res.dislodged, res.standoffs,
                            s.static_falls)
            nxt = self._auto_disband(nxt, graph)
            self.state = nxt
            if nxt.dislodged:
                nxt.phase = phase_of(s.phase.year, s.phase.season, "R")
            else:
                self._after_season(nxt)
        elif s.phase.kind == "R":
            # "A mar - spa" in a retreat phase is a retreat
            orders = [new_retreat(o.power, o.unit, o.loc, o.text, o.dest) if isinstance(o, Move) else o
                      for o in orders]
            outcomes, units = resolve_retreats(graph, s, orders)
            nxt = GameState(s.phase, units, dict(s.centers), {}, set(), s.static_falls)
            self.state = nxt
            self._after_season(nxt)
        else:
            outcomes, units = resolve_adjustments(graph, self.homes, s, orders, self.variant.rules.options)
            self.state = GameState(phase_of(s.phase.year + 1, "S", "M"), units, dict(s.centers), {},
                                   set(), s.static_falls)
            self._enter_phase()
        if unreadable:  # each branch above made its outcomes' list anew: no copy needed
            outcomes = list(unreadable) + outcomes
        self.history.append(PhaseRecord(before.phase, before, outcomes))
        return outcomes

    def _auto_disband(self, state: GameState, graph: Graph) -> GameState:
        """Dislodged units with nowhere to go are disbanded without a retreat phase."""
        if not state.dislodged:
            return state
        for prov in list(state.dislodged):
            if not retreat_options(graph, state, prov):
                del state.dislodged[prov]
        return state

    def _after_season(self, state: GameState) -> None:
        phase = state.phase
        if phase.season == "S":
            state.phase = phase_of(phase.year, "F", "M")
            self._enter_phase()
            return
        changed = False
        for prov, unit in state.units.items():
            if prov in self._centres:
                if state.centers.get(prov) != unit.power:
                    state.centers[prov] = unit.power
                    changed = True
        state.static_falls = 0 if changed else state.static_falls + 1
        self._check_end(state)
        counts = adjustment_counts(self.homes, state)
        options = self.variant.rules.options
        needs = any(c < 0 for c in counts.values()) or builds_possible(self.homes, state, counts, options)
        if needs and not self.over:
            state.phase = phase_of(phase.year, "W", "A")
        else:
            state.phase = phase_of(phase.year + 1, "S", "M")
            self._enter_phase()

    def _check_end(self, state: GameState) -> None:
        target = self._victory
        counts: Dict[str, int] = {}
        for owner in state.centers.values():  # a dict's loop: a Counter's __init__ is Python code
            counts[owner] = counts.get(owner, 0) + 1
        if counts and max(counts.values()) >= target:
            self._winner(counts, target)
        rule = self.variant.rules.draw_after_static_falls
        if rule and state.static_falls >= rule and self.winner is None:
            self.drawn = True

    def _winner(self, counts: Dict[str, int], target: int) -> None:
        # where victory is at half the centres or fewer (1900: 18 of 39), two powers may reach
        # it at once: the one with more centres wins, and a tie wins for nobody yet
        reached = sorted((counts.get(p.id, 0) for p in self.variant.powers if counts.get(p.id, 0) >= target),
                         reverse=True)
        if reached and (len(reached) == 1 or reached[0] > reached[1]):
            self.winner = next(p.id for p in self.variant.powers if counts.get(p.id, 0) == reached[0])

    def _enter_phase(self) -> None:
        """Spaces that close this season: a unit inside holds if the variant
        lets it hibernate, and is lost otherwise."""
        if self.variant.rules.options.get("hibernate") or not self.seasonal:
            return
        graph = self.graph()
        for prov, unit in list(self.state.units.items()):
            if not graph.may_stand(unit.type, unit.loc):
                del self.state.units[prov]

    # -- phases as text for reports ---------------------------------------------------
    def summary(self) -> str:
        s = self.state
        counts = ", ".join(f"{p.id} {len(s.centres_of(p.id))}/{len(s.units_of(p.id))}"
                           for p in self.variant.powers)
        return f"{s.phase}: {counts}"
