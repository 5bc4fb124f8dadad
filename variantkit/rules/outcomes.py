"""What became of an order: a typed code with parameters, put into words
only where a person reads it (``Outcome.reason``, the JSON's ``reason``).

Tools read ``code`` and ``params``; the words may change, the codes do not.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Dict, Final, Mapping, NoReturn

from .orders import Order


class Code(str, Enum):
    # succeeded
    OK = "ok"
    CIVIL_DISORDER = "civil_disorder"           # a removal the judge made
    # failed in adjudication
    BOUNCED = "bounced"                          # at
    OWN_UNIT = "own_unit"                        # at: a unit may not dislodge its own power's
    NO_CONVOY_ROUTE = "no_convoy_route"
    SZYKMAN = "szykman"                          # a convoy paradox settled against the convoy
    CUT = "cut"                                  # by
    DISLODGED = "dislodged"                      # by
    NOT_MATCHED = "not_matched"                  # what: the supported or convoyed unit, ordered otherwise
    RETREAT_CLASH = "retreat_clash"              # at: another retreat as strong
    RETREAT_WEAKER = "retreat_weaker"            # at: a stronger retreat (over a modifier)
    NO_MORE_DUE = "no_more_due"                  # kind: "build" or "removal"
    # illegal orders
    UNREADABLE = "unreadable"                    # why
    NO_UNIT = "no_unit"                          # at
    NOT_YOURS = "not_yours"                      # at, owner
    WRONG_TYPE = "wrong_type"                    # at, unit
    SECOND_ORDER = "second_order"                # unit
    WRONG_PHASE = "wrong_phase"                  # order
    MOVE_TO_ITSELF = "move_to_itself"
    FLEET_CONVOYED = "fleet_convoyed"
    NOT_ADJACENT = "not_adjacent"                # src, dest
    NAME_THE_COAST = "name_the_coast"            # options
    IMPASSABLE = "impassable"                    # name
    CLOSED_IN_SEASON = "closed_in_season"        # name
    CROSSING_CLOSED = "crossing_closed"          # src, dest: an edge open only in other seasons
    ARMY_INTO_WATER = "army_into_water"          # name
    FLEET_INTO_LAND = "fleet_into_land"          # name
    NO_WATER_FOR_CONVOY = "no_water_for_convoy"  # src, dest, adjacent
    NO_FLEETS_FOR_CONVOY = "no_fleets_for_convoy"  # src, dest
    SUPPORT_INTO_ITSELF = "support_into_itself"
    SUPPORT_ACROSS_STRAIT = "support_across_strait"  # to
    CANNOT_REACH = "cannot_reach"                # unit, to
    ONLY_FLEETS_CONVOY = "only_fleets_convoy"
    CONVOY_FROM_COAST = "convoy_from_coast"      # at
    NOT_DISLODGED = "not_dislodged"              # at: no dislodged unit there
    RETREAT_OR_DISBAND = "retreat_or_disband"
    RETREAT_CLOSED = "retreat_closed"            # to, open
    NOT_DUE = "not_due"                          # kind: "build" or "removal"
    NOT_HOME = "not_home"                        # at, power
    NOT_OWNED = "not_owned"                      # at, power
    OCCUPIED = "occupied"                        # at
    NAME_THE_UNIT = "name_the_unit"
    CANNOT_STAND = "cannot_stand"                # unit, at
    NOT_AN_ADJUSTMENT = "not_an_adjustment"
    NOTED = "noted"                              # text: a reason from an older file, kept as words


_ARTICLE = {"A": "an army", "F": "a fleet"}

_WORDS: Dict[Code, str] = {
    Code.OK: "",
    Code.CIVIL_DISORDER: "civil disorder",
    Code.BOUNCED: "bounced at {at}",
    Code.OWN_UNIT: "a unit cannot dislodge a unit of its own power",
    Code.NO_CONVOY_ROUTE: "no convoy route",
    Code.SZYKMAN: "the convoy is disrupted by a paradox (Szykman's rule)",
    Code.CUT: "support cut by {by}",
    Code.DISLODGED: "dislodged by {by}",
    Code.NOT_MATCHED: "the {what} was not ordered so",
    Code.RETREAT_CLASH: "another unit retreats to {at} too",
    Code.RETREAT_WEAKER: "a stronger retreat goes to {at}",
    Code.NO_MORE_DUE: "no more {kind}s are due",
    Code.UNREADABLE: "{why}",
    Code.NO_UNIT: "there is no unit in {at}",
    Code.NOT_YOURS: "the unit in {at} belongs to {owner}",
    Code.WRONG_TYPE: "the unit in {at} is {article}",
    Code.SECOND_ORDER: "{unit} already has an order",
    Code.WRONG_PHASE: "{order} orders are given in another phase",
    Code.MOVE_TO_ITSELF: "a unit cannot move to where it stands",
    Code.FLEET_CONVOYED: "fleets are not convoyed",
    Code.NOT_ADJACENT: "{src} is not next to {dest}",
    Code.NAME_THE_COAST: "name the coast: {choices}",
    Code.IMPASSABLE: "nothing may enter {name}",
    Code.CLOSED_IN_SEASON: "{name} cannot be entered in this season",
    Code.CROSSING_CLOSED: "the crossing from {src} to {dest} is closed in this season",
    Code.ARMY_INTO_WATER: "armies cannot enter water: {name}",
    Code.FLEET_INTO_LAND: "fleets cannot enter land: {name}",
    Code.NO_WATER_FOR_CONVOY: "no water leads from {src} to {dest} for a convoy",
    Code.NO_FLEETS_FOR_CONVOY: "no fleets stand between {src} and {dest} to convoy it",
    Code.SUPPORT_INTO_ITSELF: "a unit cannot support a move into its own province",
    Code.SUPPORT_ACROSS_STRAIT: "no support is given across the strait to {to}",
    Code.CANNOT_REACH: "{unit} cannot reach {to}, so cannot support there",
    Code.ONLY_FLEETS_CONVOY: "only fleets convoy",
    Code.CONVOY_FROM_COAST: "{at} is not a sea: fleets on a coast do not convoy",
    Code.NOT_DISLODGED: "no dislodged unit in {at}",
    Code.RETREAT_OR_DISBAND: "a dislodged unit may only retreat or disband",
    Code.RETREAT_CLOSED: "{to} is not open for this retreat ({open_words})",
    Code.NOT_DUE: "no {kind} is due",
    Code.NOT_HOME: "{at} is not a home centre of {power}",
    Code.NOT_OWNED: "{power} does not own {at}",
    Code.OCCUPIED: "{at} is occupied",
    Code.NAME_THE_UNIT: "say which unit to build: A or F",
    Code.CANNOT_STAND: "{article} cannot stand in {at}",
    Code.NOT_AN_ADJUSTMENT: "only builds, removals and waives now",
    Code.NOTED: "{text}",
}


def words(code: Code, params: Mapping[str, Any]) -> str:
    """The reason in English, from the code and its parameters."""
    p: Dict[str, Any] = dict(params)
    if code is Code.WRONG_TYPE or code is Code.CANNOT_STAND:
        p["article"] = _ARTICLE[p["unit"]] if code is Code.WRONG_TYPE else _ARTICLE[p["unit"]].capitalize()
    elif code is Code.NAME_THE_COAST:
        p["choices"] = " or ".join(p["options"])
    elif code is Code.RETREAT_CLOSED:
        p["open_words"] = f"open: {', '.join(p['open'])}" if p["open"] else "none is open"
    elif code is Code.NO_WATER_FOR_CONVOY and not p.get("adjacent"):
        return f"{p['src']} is not next to {p['dest']}, and no water leads there for a convoy"
    return _WORDS[code].format(**p)


class _NoParams(Dict[str, Any]):
    """The parameters of an outcome that has none, one mapping shared by them all (a
    phase writes an outcome a unit, most with none): an empty dict that refuses to
    change, so one outcome's cannot become another's. Read, copied, compared and
    written as JSON as ``{}`` is."""

    def __setitem__(self, key: str, value: Any) -> NoReturn:
        _refuse()

    def __delitem__(self, key: str) -> NoReturn:
        _refuse()

    def update(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse()

    def setdefault(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse()

    def pop(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse()

    def popitem(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse()

    def clear(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse()

    def __ior__(self, other: Any) -> "_NoParams":  # type: ignore[misc, override]
        _refuse()


def _refuse() -> NoReturn:
    raise TypeError("an outcome's parameters are not changed")


NO_PARAMS: Final[Mapping[str, Any]] = _NoParams()


@dataclass(slots=True)  # made for every unit every phase: slots make it a third quicker
class Outcome:
    power: str
    order: Order
    text: str
    outcome: str          # "succeeds", "fails" or "illegal"
    code: Code = Code.OK
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        return words(self.code, self.params)
