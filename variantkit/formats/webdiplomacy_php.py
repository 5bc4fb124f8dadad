"""What a webDiplomacy variant folder's PHP says, read statically.

``install.php``: ``new InstallTerritory(name, type, supply, countryID, x, y,
sx, sy)`` and ``->addBorder(other, fleets, armies)`` calls, written out or
driven by ``foreach`` over literal arrays with ``list(...)``, the
``$this->countryID($country)`` lookup and simple ``if``s on literals.
``variant.php``: the class's literal properties (``$countries``,
``$fullName``...).  ``classes/adjudicatorPreGame.php``: ``$countryUnits``.
Anything else is a located :class:`StaticError`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from .php_static import Cursor, PhpArray, StaticError, Tok, literal, tokens

_TERR_SKIP = ("unset", "ini_set", "error_reporting", "set_time_limit")


@dataclass
class Territory:
    name: str
    type: str
    supply: str
    country: int
    x: float
    y: float
    sx: float
    sy: float
    line: int


@dataclass
class InstallData:
    territories: List[Territory] = field(default_factory=list)
    borders: List[Tuple[str, str, str, str, int]] = field(default_factory=list)  # to, from, fleets, armies, line
    problems: List[Tuple[int, str]] = field(default_factory=list)
    codes: Dict[str, str] = field(default_factory=dict)  # variantkit's own codes, when it wrote the file


class _Install:
    def __init__(self, countries: List[str]):
        self.data = InstallData()
        self.countries = countries
        self.names: Dict[str, Territory] = {}

    # -- expressions -------------------------------------------------------
    def expr(self, cur: Cursor, env: Dict[str, Any], run: bool) -> Any:
        left = self.atom(cur, env, run)
        while cur.at("op", ".") or cur.at("op", "==") or cur.at("op", "===") or cur.at("op", "!=") \
                or cur.at("op", "!=="):
            op = cur.take("op").value
            right = self.atom(cur, env, run)
            if not run:
                continue
            if op == ".":
                left = f"{left}{right}"
            elif op in ("==", "==="):
                left = left == right
            else:
                left = left != right
        return left

    def atom(self, cur: Cursor, env: Dict[str, Any], run: bool) -> Any:
        t = cur.tok
        if t.kind == "var" and t.value == "this":
            cur.take("var")
            cur.take("op", "->")
            member = cur.take("name").value
            if member == "countries":
                return PhpArray(enumerate(self.countries))
            if member in ("mapID", "id"):
                return 0
            if member == "countryID":
                cur.take("op", "(")
                arg = self.expr(cur, env, run)
                cur.take("op", ")")
                if not run:
                    return 0
                if arg not in self.countries:
                    raise StaticError(t.line, f"country {arg!r} is not one of variant.php's $countries")
                return self.countries.index(arg) + 1
            raise StaticError(t.line, f"$this->{member} is not read statically")
        if t.kind == "var":
            cur.take("var")
            if cur.at("op", "["):
                raise StaticError(t.line, f"${t.value}[...] is computed when PHP runs")
            if run and t.value not in env:
                raise StaticError(t.line, f"${t.value} has no value here")
            return env.get(t.value)
        if t.kind == "name" and t.value == "InstallTerritory" and cur.peek().value == "::":
            cur.take("name")
            cur.take("op", "::")
            if cur.take("var").value != "Territories":
                raise StaticError(t.line, "only InstallTerritory::$Territories is read")
            cur.take("op", "[")
            key = self.expr(cur, env, run)
            cur.take("op", "]")
            if run and key not in self.names:
                raise StaticError(t.line, f"no territory {key!r} has been installed before this line")
            return ("territory", key)
        return literal(cur)

    # -- statements ----------------------------------------------------------
    def block(self, cur: Cursor, env: Dict[str, Any], run: bool) -> None:
        if cur.at("op", "{"):
            cur.take("op")
            while not cur.at("op", "}"):
                if cur.at("end"):
                    raise StaticError(cur.tok.line, "a { is never closed")
                self.statement(cur, env, run)
            cur.take("op", "}")
        else:
            self.statement(cur, env, run)

    def statement(self, cur: Cursor, env: Dict[str, Any], run: bool) -> None:
        t = cur.tok
        low = t.value.lower() if t.kind == "name" else None
        if t.kind == "html":
            cur.take("html")
            raise StaticError(t.line, "text outside <?php ... ?> would be printed into the site's pages")
        if t.kind == "op" and t.value == ";":
            cur.take("op")
        elif low == "defined" or low in _TERR_SKIP:
            cur.skip_statement()
        elif low in ("require_once", "require", "include", "include_once"):
            cur.take("name")
            paren = cur.at("op", "(")
            if paren:
                cur.take("op")
            target = literal(cur)
            if paren:
                cur.take("op", ")")
            cur.take("op", ";")
            if target != "variants/install.php":
                raise StaticError(t.line, f"includes {target!r}: another file's code is not read")
        elif low == "new":
            cur.take("name")
            if cur.take("name").value != "InstallTerritory":
                raise StaticError(t.line, "only new InstallTerritory(...) is read")
            args = self.args(cur, env, run)
            cur.take("op", ";")
            if run:
                self.territory(t.line, args)
        elif low == "foreach":
            self.foreach(cur, env, run)
        elif low == "if":
            cur.take("name")
            cur.take("op", "(")
            cond = self.expr(cur, env, run)
            cur.take("op", ")")
            self.block(cur, env, run and bool(cond))
            if cur.at("name", "else"):
                cur.take("name")
                self.block(cur, env, run and not cond)
        elif low == "list":
            cur.take("name")
            cur.take("op", "(")
            names: List[Optional[str]] = []
            while not cur.at("op", ")"):
                names.append(cur.take("var").value if cur.at("var") else None)
                if not cur.at("op", ")"):
                    cur.take("op", ",")
            cur.take("op", ")")
            cur.take("op", "=")
            row = self.expr(cur, env, run)
            cur.take("op", ";")
            if run:
                values = row.values() if isinstance(row, PhpArray) else None
                if values is None or len(values) < len(names):
                    raise StaticError(t.line, f"a row of {len(values or [])} values for list() of {len(names)}")
                for name, value in zip(names, values):
                    if name:
                        env[name] = value
        elif t.kind == "name" and t.value in ("InstallTerritory", "InstallCache"):
            self.static_call(cur, env, run)
        elif t.kind == "var" and t.value != "this":
            cur.take("var")
            cur.take("op", "=")
            value = self.expr(cur, env, run)
            cur.take("op", ";")
            if run:
                env[t.value] = value
        else:
            raise StaticError(t.line, f"{t.value!r}: this statement is not read statically (PHP is never run)")

    def args(self, cur: Cursor, env: Dict[str, Any], run: bool) -> List[Any]:
        cur.take("op", "(")
        out = []
        while not cur.at("op", ")"):
            out.append(self.expr(cur, env, run))
            if not cur.at("op", ")"):
                cur.take("op", ",")
        cur.take("op", ")")
        return out

    def static_call(self, cur: Cursor, env: Dict[str, Any], run: bool) -> None:
        t = cur.tok
        if t.value == "InstallTerritory" and cur.peek(2).kind == "var":
            cur.take("name")
            cur.take("op", "::")
            cur.take("var", "Territories")
            if cur.at("op", "="):  # InstallTerritory::$Territories = array();
                cur.take("op")
                if literal(cur) != PhpArray():
                    raise StaticError(t.line, "InstallTerritory::$Territories is set to something other than array()")
                cur.take("op", ";")
                if run:
                    self.names.clear()
                    self.data.territories.clear()
                    self.data.borders.clear()
                return
            cur.i -= 3
            target = self.atom(cur, env, run)
            cur.take("op", "->")
            if cur.take("name").value != "addBorder":
                raise StaticError(t.line, "only ->addBorder(...) is read on a territory")
            args = self.args(cur, env, run)
            cur.take("op", ";")
            if run:
                if len(args) != 3 or not (isinstance(args[0], tuple) and args[0][0] == "territory"):
                    raise StaticError(t.line, "addBorder takes a territory and two 'Yes'/'No'")
                self.data.borders.append((target[1], args[0][1], str(args[1]), str(args[2]), t.line))
            return
        cur.take("name")
        cur.take("op", "::")
        method = cur.take("name").value
        if (t.value, method) not in (("InstallTerritory", "runSQL"), ("InstallCache", "terrJSON")):
            raise StaticError(t.line, f"{t.value}::{method} is not read statically")
        cur.skip_statement()

    def foreach(self, cur: Cursor, env: Dict[str, Any], run: bool) -> None:
        t = cur.take("name")
        cur.take("op", "(")
        seq = self.expr(cur, env, run)
        cur.take("name", "as")
        key_var = None
        var = cur.take("var").value
        if cur.at("op", "=>"):
            cur.take("op")
            key_var, var = var, cur.take("var").value
        cur.take("op", ")")
        start = cur.i
        items = list(seq) if run and isinstance(seq, PhpArray) else []
        if run and not isinstance(seq, PhpArray):
            raise StaticError(t.line, "foreach over something that is not a literal array")
        self.block(cur, env, False)  # the body's extent, checked once
        end = cur.i
        for key, value in items:
            cur.i = start
            env[var] = value
            if key_var:
                env[key_var] = key
            self.block(cur, env, True)
        cur.i = end

    def territory(self, line: int, args: List[Any]) -> None:
        if len(args) != 8:
            raise StaticError(line, f"new InstallTerritory with {len(args)} arguments, not 8")
        name, kind, supply, country, x, y, sx, sy = args
        if not isinstance(name, str) or kind not in ("Sea", "Land", "Coast") or supply not in ("Yes", "No"):
            raise StaticError(line, f"territory {name!r}: type {kind!r} (Sea, Land or Coast), supply {supply!r} "
                                    "(Yes or No)")
        try:
            country_id = int(country or 0)
            pts = [float(v) for v in (x, y, sx, sy)]
        except (TypeError, ValueError):
            raise StaticError(line, f"territory {name!r}: country and coordinates must be numbers")
        if name in self.names:
            raise StaticError(line, f"territory {name!r} is installed twice (the site throws 'Duplicate "
                                    "territory name')")
        terr = Territory(name, kind, supply, country_id, pts[0], pts[1], pts[2], pts[3], line)
        self.names[name] = terr
        self.data.territories.append(terr)


def read_install(text: str, countries: List[str]) -> InstallData:
    """Territories and borders of an install.php; a StaticError at the first
    statement that cannot be read."""
    reader = _Install(countries)
    cur = Cursor(tokens(text))
    env: Dict[str, Any] = {}
    while not cur.at("end"):
        if cur.at("name", "InstallTerritory") and cur.peek(2).kind == "name" and cur.peek(2).value == "runSQL":
            reader.statement(cur, env, True)
            try:
                _after_sql(cur)
            except StaticError as e:
                reader.data.problems.append((e.line, e.message))
            break
        start = cur.i
        try:
            reader.statement(cur, env, True)
        except StaticError as e:  # every statement that cannot be read, not just the first
            reader.data.problems.append((e.line, e.message))
            cur.i = start
            cur.skip_statement()
    codes = env.get("variantkitCodes")
    if isinstance(codes, PhpArray):
        reader.data.codes = {str(k): str(c) for k, c in codes}
    return reader.data


def _after_sql(cur: Cursor) -> None:
    """Once runSQL has written the tables, later statements only matter if
    they touch the database or the territories again (DutchRevolt deletes
    borders by SQL): those are refused, the rest (copying a picture) skipped."""
    while not cur.at("end"):
        start = cur.tok
        first = cur.i
        if start.kind == "html":
            raise StaticError(start.line, "text outside <?php ... ?> would be printed into the site's pages")
        cur.skip_statement()
        for t in cur.toks[first:cur.i]:
            if (t.kind == "var" and t.value in ("DB", "GLOBALS")) or (
                    t.kind == "name" and t.value in ("InstallTerritory", "eval", "sql_put", "sql_tabl")):
                raise StaticError(t.line, "the tables are changed after InstallTerritory::runSQL: "
                                          "what the site ends with is only known by running it")


@dataclass
class VariantInfo:
    cls: Optional[str] = None
    parent: Optional[str] = None
    props: Dict[str, Any] = field(default_factory=dict)
    lines: Dict[str, int] = field(default_factory=dict)
    target: Optional[int] = None  # $this->supplyCenterTarget = N; in a method (set after the site's own count)


def read_variant_php(text: str) -> VariantInfo:
    """The variant class's literal properties; code in methods is skipped, not run."""
    info = VariantInfo()
    toks = tokens(text)
    cur = Cursor(toks)
    while not cur.at("end"):
        t = cur.tok
        if t.kind == "name" and t.value.lower() == "class":
            cur.take("name")
            info.cls = cur.take("name").value
            if cur.at("name", "extends"):
                cur.take("name")
                info.parent = cur.take("name").value
            continue
        if t.kind == "var" and t.value == "this" and cur.peek().value == "->" and \
                cur.peek(2).value == "supplyCenterTarget" and cur.peek(3).value == "=" and cur.peek(4).kind == "num" \
                and cur.peek(5).value == ";":
            info.target = int(cur.peek(4).value)
        if t.kind == "name" and t.value.lower() in ("public", "protected", "private", "var") \
                and cur.peek().kind == "var":
            cur.take("name")
            _properties(cur, info)
            continue
        cur.i += 1
    return info


def _properties(cur: Cursor, info: VariantInfo) -> None:
    """``public $a = 1, $b = 'x';``"""
    while True:
        var: Tok = cur.take("var")
        if cur.at("op", "="):
            cur.take("op")
            try:
                info.props[var.value] = literal(cur)
                info.lines[var.value] = var.line
            except StaticError:
                cur.skip_statement()
                return
        if cur.at("op", ","):
            cur.take("op")
            continue
        if cur.at("op", ";"):
            cur.take("op")
        return
