"""The problem-code registry (variantkit/codes.py) against the source and the docs.

The source is scanned, not run: every ``"VKnnn"`` literal in variantkit/ and
editor/ must be registered, every registered code must appear there, a code
emitted with a literal severity must carry its registered one, and the tables
of docs/format.md must be what scripts/make_code_table.py makes.
"""
import ast
import importlib.util
import re
import string
from pathlib import Path
from typing import Iterator, List, NamedTuple, Optional

import pytest

from variantkit.codes import CODES, ERROR, GROUPS, WARNING

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [ROOT / "variantkit", ROOT / "editor"]
REGISTRY = ROOT / "variantkit" / "codes.py"
CODE = re.compile(r"VK\d{3}")
FIX = "add it to variantkit/codes.py and run scripts/make_code_table.py"


class Site(NamedTuple):
    code: str
    where: str                # file:line
    severity: Optional[str]   # the literal severity it is emitted with, None when not literal


def _is_code(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(CODE.fullmatch(node.value))


# How each way of emitting a problem states its severity: (argument index of
# the severity or None, severity when not given; REGISTERED: the code's own).
# Problem(code, message, hint, file, line, column, severity);
# Problem.of(code, **params), SourceMap.problem(path, code, **params) and
# _Checker.emit(path, code, **params): the registered one unless severity= says;
# _Checker.report(path, code, message, hint, severity);
# a reader's or writer's warn/lost/error/refuse and game_file's or godip's bad hand
# their code to Problem.of (the registered severity); read_limited(path, limit, code)
# and read_stream refuse.
REGISTERED = "registered"
_FORMS = {
    "Problem": (6, ERROR),
    "of": (None, REGISTERED),
    "emit": (None, REGISTERED),
    "problem": (None, REGISTERED),
    "report": (4, ERROR),
    "warn": (None, REGISTERED),
    "lost": (None, REGISTERED),
    "error": (None, REGISTERED),
    "refuse": (None, REGISTERED),
    "_refuse": (None, REGISTERED),
    "read_limited": (None, ERROR),
    "read_stream": (None, ERROR),
    "bad": (None, REGISTERED),
}


def _name(func) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _severity(call: ast.Call, code: str) -> Optional[str]:
    """The literal severity of the problem ``call`` builds, None when it is computed."""
    form = _FORMS.get(_name(call.func))
    if form is None:
        return None
    sev_at, default = form
    given = [k.value for k in call.keywords if k.arg == "severity"]
    if sev_at is not None and len(call.args) > sev_at:
        given.append(call.args[sev_at])
    if not given:
        return CODES[code].severity if default == REGISTERED and code in CODES else default
    return given[0].value if isinstance(given[0], ast.Constant) else None


def scan(source: str, filename: str) -> Iterator[Site]:
    """Every code literal of ``source``, with the severity it is emitted with."""
    tree = ast.parse(source, filename)
    in_call = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for arg in node.args:
                if _is_code(arg):
                    in_call[id(arg)] = _severity(node, arg.value)
    for node in ast.walk(tree):
        if _is_code(node):
            yield Site(node.value, f"{filename}:{node.lineno}", in_call.get(id(node)))


def sites() -> List[Site]:
    found = []
    for root in SOURCES:
        for path in sorted(root.rglob("*.py")):
            if path != REGISTRY:
                found.extend(scan(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))))
    return found


@pytest.fixture(scope="module")
def emitted() -> List[Site]:
    return sites()


def test_every_emitted_code_is_registered(emitted):
    missing = sorted({f"{s.code} ({s.where})" for s in emitted if s.code not in CODES})
    assert not missing, f"unregistered codes: {', '.join(missing)}: {FIX}"


def test_no_registered_code_is_dead(emitted):
    used = {s.code for s in emitted}
    dead = sorted(set(CODES) - used)
    assert not dead, f"registered but emitted nowhere in variantkit/ or editor/: {', '.join(dead)}"


def test_codes_are_emitted_with_their_registered_severity(emitted):
    checked = [s for s in emitted if s.severity is not None and s.code in CODES]
    wrong = [f"{s.where}: {s.code} emitted as {s.severity}, registered as {' or '.join(CODES[s.code].severities)}"
             for s in checked if s.severity not in CODES[s.code].severities]
    assert not wrong, "\n".join(wrong)
    # the scan reads most sites; a change of emission style that hid them would show here
    assert len(checked) > 0.8 * len([s for s in emitted if s.code in CODES]), len(checked)


def test_the_scan_reads_each_way_of_emitting():
    # hand-worked: each form with its severity, and literals that are not emissions
    source = '''
Problem("VK001", "m", "h")
Problem("VK002", "m", "h", "f", 1, 2, "warning")
Problem("VK003", "m", severity="warning")
Problem("VK004", "m", severity=kind)
src.problem(path, "VK005", severity="warning")
self.report(path, "VK006", "m", "h")
report.lost("VK705", a=a, b=b, seasons=s, format=f)
report.refuse("VK710", year=y)
self.warn(origin, "VK610", directive=d)
self.error(origin, "VK626")
read_limited(path, 10, "VK011", what="file")
if p.code == "VK012":
    pass
Problem.of("VK114", where=w, value=v, note=n)
'''
    got = {s.code: s.severity for s in scan(source, "x.py")}
    assert got == {"VK001": "error", "VK002": "warning", "VK003": "warning", "VK004": None,
                   "VK005": "warning", "VK006": "error", "VK705": "warning", "VK710": "error",
                   "VK610": "warning", "VK626": "error", "VK011": "error", "VK012": None,
                   "VK114": "warning"}


def test_entries_are_well_formed():
    for code, entry in CODES.items():
        assert entry.code == code and CODE.fullmatch(code), code
        assert entry.severity in (ERROR, WARNING), code
        assert entry.also[0] in ("", ERROR, WARNING) and entry.also[0] != entry.severity, code
        assert bool(entry.also[0]) == bool(entry.also[1]), f"{code}: say when the other severity applies"
        assert entry.group in GROUPS, code
        assert entry.message.strip(), code
        for text in (entry.message, entry.hint):
            list(string.Formatter().parse(text))  # raises on an unbalanced brace


def _table_script():
    spec = importlib.util.spec_from_file_location("make_code_table", ROOT / "scripts" / "make_code_table.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_tables_are_generated_from_the_registry():
    doc = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    assert _table_script().render(doc) == doc, \
        "docs/format.md's code tables are out of date: run python scripts/make_code_table.py"
    for code, entry in CODES.items():
        assert f"| {code} | {entry.severity}" in doc, code


def test_the_table_script_keeps_the_prose_around():
    script = _table_script()
    doc = "intro\n" + "".join(f"<!-- codes:{g} -->\nstale\n<!-- /codes:{g} -->\nprose {g}\n" for g in GROUPS)
    out = script.render(doc)
    assert "stale" not in out and out.startswith("intro\n")
    for g in GROUPS:
        assert f"-->\nprose {g}\n" in out
    assert "| VK555 | warning | {a} -> {b} runs one way only ({units}) |" in out
