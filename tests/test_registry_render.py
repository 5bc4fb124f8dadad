"""Problems built from the registry (variantkit.codes): every template renders."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from variantkit.codes import CODES
from variantkit.problems import Problem


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_template_renders_with_its_placeholders(code):
    entry = CODES[code]
    params = {name: f"<{name}>" for name in entry.placeholders}
    problem = Problem.of(code, **params)
    assert problem.code == code and problem.severity == entry.severity
    for name in entry.placeholders:
        assert f"<{name}>" in problem.message + problem.hint
    assert "{" not in problem.message.replace("<", "").replace(">", "") or "{{" in entry.message


def test_a_missing_or_unknown_value_is_refused():
    with pytest.raises(KeyError):
        Problem.of("VK190", province="bre")
    with pytest.raises(TypeError):
        Problem.of("VK190", province="bre", terrain="land", colour="red")
    with pytest.raises(ValueError):
        Problem.of("VK190", province="bre", terrain="land").at(severity="warning")


def test_the_message_is_the_registry_template_filled_in():
    problem = Problem.of("VK190", province="bre", terrain="land").at("v.yaml", 3)
    assert problem.message == "bre has named coasts but its terrain is land"
    assert problem.hint == CODES["VK190"].hint
    assert (problem.file, problem.line, problem.severity) == ("v.yaml", 3, "error")


def _pattern(template: str) -> "re.Pattern[str]":
    parts = re.split(r"\{[a-z_]+\}", template)
    return re.compile("(.+)".join(re.escape(p) for p in parts) + r"\Z", re.S)


def test_what_the_checks_say_is_what_the_docs_say():
    from pathlib import Path

    from variantkit.problems import UnusableInput
    from variantkit.validate import load_checked
    broken = sorted((Path(__file__).parent / "data" / "broken").glob("*.yaml"))
    seen = set()
    for path in broken:
        try:
            problems = load_checked(str(path)).report.problems
        except UnusableInput as exc:  # the file cannot be read: its reading's problems
            problems = exc.problems
        for problem in problems:
            entry = CODES[problem.code]
            assert _pattern(entry.message).match(problem.message), (path.name, problem.message)
            assert _pattern(entry.hint).match(problem.hint), (path.name, problem.hint)
            seen.add(problem.code)
    # every code the broken corpus is written for (test_validate's '# expect:' lines) was seen
    expected = {code for path in broken for code in path.read_text().splitlines()[0].split()[2:]}
    assert seen == expected, sorted(seen ^ expected)


# -- every emission site, read from the source ---------------------------------
#
# A problem reaches users only through Problem.of (or a thin helper that hands
# its keywords on to it), so what users read is the registry's template.  The
# scan finds, outside problems.py: a Problem built by hand, a problem's words
# replaced, and a call naming a code whose keywords do not fill that code's
# template exactly (none missing, none unused).

ROOT = Path(__file__).resolve().parents[1]
_CODE = re.compile(r"VK\d{3}\Z")
# keywords that place or qualify a problem, never fill its template
_PLACING = {"severity", "key"}
# helpers that fill some of the template themselves: name -> (what they fill, their own keywords)
_HELPERS = {
    "read_limited": ({"path", "reason"}, {"what", "where"}),
    "read_text": ({"path", "reason"}, {"what"}),
    "read_stream": ({"path", "reason"}, set()),
}


def _codes_of(node) -> list:
    """The code literals an argument can be: "VK001", or a choice of two."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and _CODE.match(node.value):
        return [node.value]
    if isinstance(node, ast.IfExp):
        both = _codes_of(node.body) + _codes_of(node.orelse)
        return both if len(both) == 2 else []
    return []


def _callee(func) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def hand_written(source: str, filename: str) -> list:
    """Each place of ``source`` where a problem's words do not come from the registry."""
    found = []
    tree = ast.parse(source, filename)
    takes_code = set()  # calls inside a helper that is handed its code (its callers are checked)
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                "code" in {a.arg for a in func.args.args + func.args.posonlyargs + func.args.kwonlyargs}:
            takes_code.update(id(n) for n in ast.walk(func))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        at = f"{filename}:{node.lineno}"
        name = _callee(node.func)
        keywords = {k.arg for k in node.keywords if k.arg}
        spread = any(k.arg is None for k in node.keywords)
        if name == "Problem":
            found.append(f"{at}: Problem(...) built by hand: use Problem.of")
            continue
        if name == "replace" and keywords & {"message", "hint"}:
            found.append(f"{at}: a problem's words replaced")
            continue
        if name == "of" and _callee(getattr(node.func, "value", None)) == "Problem":
            if node.args and not _codes_of(node.args[0]) and not spread and id(node) not in takes_code:
                found.append(f"{at}: Problem.of with a computed code: name the code")
        sites = [(i, c) for i, arg in enumerate(node.args) for c in _codes_of(arg)]
        if not sites:
            continue
        index = sites[0][0]
        if index != len(node.args) - 1:
            found.append(f"{at}: {sites[0][1]} followed by positional words: give the template's values "
                         "by name")
            continue
        if spread:
            found.append(f"{at}: {sites[0][1]}'s values spread from a mapping: name them")
            continue
        filled, own = _HELPERS.get(name, (set(), set()))
        given = (keywords - _PLACING - own) | filled
        for _, code in sites:
            if code not in CODES:
                continue  # test_codes names unregistered codes
            wanted = CODES[code].placeholders
            if given != wanted:
                missing, unused = sorted(wanted - given), sorted(given - wanted)
                found.append(f"{at}: {code} given {', '.join(unused) or 'nothing extra'} it does not take, "
                             f"lacking {', '.join(missing) or 'nothing'}")
    return found


def _sources():
    for root in (ROOT / "variantkit", ROOT / "editor"):
        for path in sorted(root.rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel not in ("variantkit/problems.py", "variantkit/codes.py"):
                yield rel, path.read_text(encoding="utf-8")


def test_every_problem_is_built_from_the_registry():
    wrong = [line for rel, text in _sources() for line in hand_written(text, rel)]
    assert not wrong, "\n".join(wrong)


def test_the_scan_finds_each_hand_written_problem():
    source = '''
Problem("VK190", "bre has named coasts", "hint")
Problem.of("VK190", province="bre", terrain="land")
Problem.of("VK190", province="bre")
Problem.of("VK190", province="bre", terrain="land", colour="red")
self.emit(path, "VK190", province="bre", terrain="land", severity="error")
report.lost("VK190", "a message")
replace(p, message="as imported, " + p.message)
Problem.of(code, province="bre")
Problem.of(code, **params)
def helper(code, path):
    return Problem.of(code, path=path, reason="r")
Problem.of("VK103" if army else "VK109", a=a, b=b, end=e, terrain=t)
Problem.of("VK105" if army else "VK104", a=a, b=b, end=e, province=p)
read_limited(path, 10, "VK001", what="file")
warn("VK190", **values)
if p.code == "VK190":
    pass
'''
    got = [line.split(": ", 1)[0] for line in hand_written(source, "x.py")]
    assert got == ["x.py:2", "x.py:4", "x.py:5", "x.py:7", "x.py:8", "x.py:9", "x.py:14", "x.py:16"], \
        hand_written(source, "x.py")


def test_a_game_files_problems_name_the_field_from_the_records_top():
    # the field prefix is the record's place in the game file, said once
    from variantkit.io import load
    from variantkit.io.game_file import state_from_record
    standard = load(str(ROOT / "maps" / "standard")).variant
    [problem] = state_from_record(standard, [1], "g.json", "history[3].position")[1]
    assert (problem.code, problem.message) == ("VK401", "history[3].position: a list is not an object")
    problems = state_from_record(standard, {"units": {"france": ["A par", "A xyz"]}}, "g.json", "position")[1]
    assert [(p.code, p.message) for p in problems] == [
        ("VK414", "position.units.france[1]: the unit 'A xyz' stands on no location of standard")]


def test_what_validate_prints_is_what_the_docs_say(capsys):
    # where users meet it: `variantkit validate --json` over the whole broken corpus at once
    import json

    from variantkit.cli import main
    broken = sorted((ROOT / "tests" / "data" / "broken").glob("*.yaml"))
    assert main(["validate", "--json", *map(str, broken)]) == 2
    printed = json.loads(capsys.readouterr().out)
    assert {p["file"] for p in printed} == set(map(str, broken))  # every file said something
    for p in printed:
        entry = CODES[p["code"]]
        assert (p["severity"] in entry.severities and _pattern(entry.message).match(p["message"])
                and _pattern(entry.hint).match(p["hint"])), p
