"""Fuzzing every reader through the command line, as part of the tests.

For each reader (variant YAML, game files, adjudicate's JSON, order lines,
SVG, DPjudge, jDip, njudge, Diplicity, godip) hypothesis builds inputs: mutations of a real
file (bytes inserted, dropped, replaced, the file cut short), token soups of
the format's own words, and arbitrary JSON/YAML values.  Each input goes
through ``variantkit`` in this process and must end with exit 0, 1 or 2,
never an exception; exit 1 or 2 must print at least one located error
(``file[:line]: error VKnnn``); each input must finish within BUDGET_S.

The default run is 15 to 40 inputs per reader (a few seconds each);
``pytest tests/safety/test_fuzz.py --fuzz-examples 2000`` runs more, and
``--fuzz-figures FILE`` writes inputs, crashes, slowest input and largest
memory per reader to FILE (the figures in docs/benchmarks.md).  Each input's peak
memory is traced (tracemalloc) and held to BUDGET_BYTES.
"""
from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Dict, List, Optional

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from variantkit.cli import main
from tests.conftest import MAPS, ROOT
from tests.safety.workspace import GOOD_SVG, LOCATED

BUDGET_S = 10.0  # per input, generous for a loaded machine; the slowest real input is well under
BUDGET_BYTES = 256 * 1024 * 1024  # per input, traced; the largest peak measured is 68 MB (a render)
STANDARD = str(MAPS / "standard")
STANDARD_MAP_INPUTS = 15  # these readers load the standard map for every input: fewer in the default run
FEATURES = (ROOT / "tests" / "data" / "valid" / "features.yaml").read_bytes()
FIGURES: Dict[str, dict] = {}


def examples(request) -> int:
    return int(request.config.getoption("--fuzz-examples"))


# -- strategies -------------------------------------------------------------------------------------

def mutations(base: bytes, extra: bytes = b"") -> st.SearchStrategy[bytes]:
    """``base`` with a few bytes inserted, dropped or replaced, or cut short."""
    alphabet = st.binary(min_size=1, max_size=6) | st.sampled_from(
        [b"\n", b" ", b"\t", b":", b"-", b"[", b"]", b"{", b"}", b"&a", b"*a", b"!!", b"#", b"\"", b"'",
         b"<", b">", b"/", b"=", b"\xff", b"\x00", b".nan", b"1e999", b"9" * 30] + ([extra] if extra else []))
    edit = st.tuples(st.integers(0, len(base)), st.sampled_from("idrc"), alphabet, st.integers(1, 40))

    def apply(edits) -> bytes:
        data = base
        for pos, kind, chunk, n in edits:
            pos = min(pos, len(data))
            if kind == "i":
                data = data[:pos] + chunk + data[pos:]
            elif kind == "d":
                data = data[:pos] + data[pos + n:]
            elif kind == "r":
                data = data[:pos] + chunk + data[pos + len(chunk):]
            else:
                data = data[:pos]
        return data
    return st.lists(edit, min_size=1, max_size=6).map(apply)


def soup(words: List[str], sep: str = " ") -> st.SearchStrategy[bytes]:
    """Lines of the format's own words in any order."""
    line = st.lists(st.sampled_from(words) | st.text(max_size=6), max_size=8).map(sep.join)
    return st.lists(line, max_size=12).map(lambda ls: "\n".join(ls).encode("utf-8", "surrogatepass"))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=16)

UNITS = st.sampled_from(["A par", "F bre", "A mar", "F nth", "A mun", "F kie", "A spa", "F spa/nc", "A nth",
                         "F mun", "A xyz", "A", "par", "F stp/sc"])
POWERS = st.sampled_from(["france", "germany", "england", "russia", "nobody"])
ORDERS = st.sampled_from(["A par - bur", "France: A par - pic", "A mun S A par - bur", "F nth C A lon - nwy",
                          "A par H", "Build A par", "Remove F bre", "Waive", "A mar - spa", "A par - bur - pic",
                          "F bre R mao", "A par D", "", "A", "germany: A par - bur"])


def position(value) -> st.SearchStrategy:
    return st.fixed_dictionaries({}, optional={
        "phase": st.sampled_from(["S1901M", "F1901M", "W1901A", "S1901R", "X1", "S0000M"]) | value,
        "units": st.dictionaries(POWERS, st.lists(UNITS | value, max_size=4), max_size=3) | value,
        "centers": st.dictionaries(POWERS, st.lists(st.sampled_from(["par", "bre", "bur", "nth"]) | value,
                                                    max_size=3), max_size=3) | value,
        "dislodged": st.dictionaries(POWERS, st.lists(
            st.fixed_dictionaries({"unit": UNITS | value}, optional={"attacker_from": st.sampled_from(
                ["bur", "xx", None]) | value, "by_convoy": value}) | value, max_size=2), max_size=2) | value,
        "standoffs": st.lists(st.sampled_from(["bur", "pic"]) | value, max_size=2) | value,
        "static_falls": st.integers(-2, 5) | value,
        "orders": st.dictionaries(POWERS, st.lists(ORDERS | value, max_size=4), max_size=3) | value,
    })


# -- the harness ------------------------------------------------------------------------------------

class Fuzz:
    """Runs inputs through the command line and keeps each reader's figures."""

    def __init__(self, reader: str, request):
        self.reader = reader
        self.folder = Path(tempfile.mkdtemp(prefix=f"vk-fuzz-{reader}-"))
        self.measure = True  # tracemalloc on every input: the memory budget is checked in every run
        self.figures = FIGURES.setdefault(reader, {"inputs": 0, "crashes": 0, "slowest_s": 0.0,
                                                   "slowest_input": "", "peak_bytes": 0})

    def file(self, name: str, data: bytes) -> str:
        path = self.folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return str(path)

    def run(self, argv: List[str], data: bytes, stdin: Optional[bytes] = None) -> int:
        out, err = io.StringIO(), io.StringIO()
        old = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
        if self.measure:
            tracemalloc.start()
        started = time.perf_counter()
        crash = None
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    code = main(argv)
                except SystemExit as exc:
                    code = exc.code
                except Exception as exc:  # the finding: a traceback instead of a located error
                    crash, code = exc, -1
        finally:
            sys.stdin = old
            elapsed = time.perf_counter() - started
            peak = tracemalloc.get_traced_memory()[1] if self.measure else 0
            if self.measure:
                tracemalloc.stop()
        f = self.figures
        f["inputs"] += 1
        f["crashes"] += crash is not None
        f["peak_bytes"] = max(f["peak_bytes"], peak)
        if elapsed > f["slowest_s"]:
            f["slowest_s"], f["slowest_input"] = round(elapsed, 3), repr(data[:80])
        if crash is not None:
            raise AssertionError(f"{self.reader}: {crash!r} on {data[:300]!r}") from crash
        assert code in (0, 1, 2), (code, err.getvalue()[-500:])
        assert "Traceback" not in err.getvalue()
        if code in (1, 2) and not err.getvalue().startswith("usage:"):
            assert LOCATED.search(out.getvalue() + err.getvalue()), (data[:300], err.getvalue()[-500:])
        assert elapsed < BUDGET_S, f"{self.reader}: {elapsed:.1f} s on {data[:300]!r}"
        assert peak < BUDGET_BYTES, f"{self.reader}: {peak / 1e6:.0f} MB on {data[:300]!r}"
        return code


def fuzz_settings(n: int):
    return settings(max_examples=n, deadline=None, database=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def check(request, reader: str, strategy, argv_for, default: int = 40):
    fuzz = Fuzz(reader, request)
    n = examples(request) or default

    @fuzz_settings(n)
    @given(strategy)
    def one(data):
        argv, stdin = argv_for(fuzz, data)
        fuzz.run(argv, data if isinstance(data, bytes) else repr(data).encode(), stdin)
    one()
    assert fuzz.figures["inputs"] >= 1


# -- one test per reader ----------------------------------------------------------------------------

def yaml_values(value):
    return value.map(lambda v: yaml.safe_dump(v).encode())


def test_variant_yaml(request):
    strategy = mutations(FEATURES) | yaml_values(JSON) | soup(
        ["format:", "1", "id:", "name:", "extends:", "art:", "provinces:", "edges:", "powers:", "-", "&x", "*x",
         "{", "}", "[", "]", ".inf", "terrain: land", "units:", "a: b", "\n  "])
    check(request, "variant YAML", strategy, lambda f, d: (["validate", f.file("v/variant.yaml", d)], None))


@pytest.mark.slow  # 20-30 s: every input plays a phase on the standard map
def test_game_files(request):
    def argv(f, rec):
        kind, value = rec
        name = "game.yaml" if kind else "game.json"
        data = yaml.safe_dump(value).encode() if kind else json.dumps(value).encode()
        return ["render", STANDARD, "--game", f.file(name, data), "-o", str(f.folder / "out.svg"),
                "--force"], None
    game = st.fixed_dictionaries({}, optional={"position": position(JSON) | JSON,
                                               "history": st.lists(st.fixed_dictionaries(
                                                   {}, optional={"phase": st.sampled_from(["S1901M", "x"]) | JSON,
                                                                 "position": position(JSON) | JSON,
                                                                 "results": JSON}), max_size=2) | JSON,
                                               "winner": POWERS | JSON, "drawn": JSON})
    check(request, "game files", st.tuples(st.booleans(), game | JSON), argv, default=STANDARD_MAP_INPUTS)


@pytest.mark.slow  # 20-30 s: every input plays a phase on the standard map
def test_adjudicate_json(request):
    def argv(f, value):
        data = value if isinstance(value, bytes) else json.dumps(value).encode()
        return ["adjudicate", "--variant", STANDARD], data
    base = json.dumps({"phase": "S1901M", "units": {"france": ["A par"]}, "orders": {"france": ["A par - bur"]}})
    check(request, "adjudicate JSON", position(JSON) | JSON | mutations(base.encode()), argv,
          default=STANDARD_MAP_INPUTS)


@pytest.mark.slow  # 20-30 s: every input plays a phase on the standard map
def test_order_lines(request):
    words = ["A", "F", "par", "bur", "-", "S", "C", "H", "R", "D", "B", "via", "convoy", "->", "Paris", "spa/nc",
             "spa(nc)", "France:", "germany:", "build", "remove", "waive", "north coast", "nc", "(", ")", ":"]

    def argv(f, data):
        script = b"S1901M\n" + b"\n".join(b"france: " + line for line in data.split(b"\n"))
        return ["play", STANDARD, "--orders", f.file("orders.txt", script)], None
    check(request, "order lines", soup(words) | st.binary(max_size=200), argv, default=STANDARD_MAP_INPUTS)


def test_svg(request):
    words = ["<svg>", "</svg>", "<g>", "</g>", '<path d="M0 0 L10 0 L10 10 Z"/>', '<rect width="1e308"/>',
             '<use href="#a"/>', 'id="a"', 'transform="scale(1e300)"', '<circle r="nan"/>', "<!DOCTYPE svg>",
             "&x;", 'viewBox="0 0 nan inf"']
    check(request, "SVG", mutations(GOOD_SVG.encode()) | soup(words, ""),
          lambda f, d: (["import", "svg", f.file("map.svg", d), "-o", str(f.folder / "out"), "--force"], None),
          default=30)


def test_dpjudge(request):
    base = (b"LAND Paris = par\nWATER North Sea = nth\nCOAST Brest = bre\npar ABUTS bre\n"
            b"bre ABUTS nth par\nnth ABUTS bre\nFRANCE (FRENCH) F\nF par\nA par\nF bre\nVICTORY 2\n")
    words = ["LAND", "WATER", "COAST", "AMEND", "ABUTS", "USE", "MAP", "DROP", "UNOWNED", "VICTORY", "BEGIN",
             "FRANCE", "(FRENCH)", "par", "bre", "nth", "=", "->", "IN", "A", "F", "/nc", "SPRING", "-", "+"]
    check(request, "DPjudge", mutations(base) | soup(words),
          lambda f, d: (["import", "dpjudge", f.file("map/x.map", d), "-o", str(f.folder / "out"), "--force"], None))


JDIP_VARIANTS = (b'<?xml version="1.0"?>\n<VARIANTS><VARIANT name="Tiny" version="1">'
                 b'<STARTINGTIME turn="Spring, 1901, Movement"/><WINNING_SUPPLY_CENTERS value="2"/>'
                 b'<POWER name="France" adjective="French"/>'
                 b'<SUPPLYCENTER province="par" homepower="France"/><SUPPLYCENTER province="bre"/>'
                 b'<INITIALSTATE province="par" power="France" unit="army"/>'
                 b'<MAP adjacencyURI="adj.xml"/></VARIANT></VARIANTS>\n')
JDIP_ADJ = (b'<?xml version="1.0"?>\n<PROVINCES>'
            b'<PROVINCE shortname="par" fullname="Paris"><ADJACENCY type="mv" refs="bre"/></PROVINCE>'
            b'<PROVINCE shortname="bre" fullname="Brest"><UNIQUENAME name="brs"/>'
            b'<ADJACENCY type="mv" refs="par"/><ADJACENCY type="xc" refs="nth"/></PROVINCE>'
            b'<PROVINCE shortname="nth" fullname="North Sea"><ADJACENCY type="xc" refs="bre"/></PROVINCE>'
            b'</PROVINCES>\n')


def test_jdip(request):
    def argv(f, pair):
        variants, adj = pair
        f.file("jd/variants.xml", variants)
        f.file("jd/adj.xml", adj)
        return ["import", "jdip", str(f.folder / "jd"), "-o", str(f.folder / "out"), "--force"], None
    strategy = st.tuples(mutations(JDIP_VARIANTS), st.just(JDIP_ADJ)) | \
        st.tuples(st.just(JDIP_VARIANTS), mutations(JDIP_ADJ))
    check(request, "jDip", strategy, argv)


def test_njudge(request):
    base = (b"Paris, l par\nBrest, xl bre\nNorth Sea, w nth\n-1\n"
            b"par-mv: bre\nbre-mv: par\nbre-xc: nth\nnth-xc: bre\n-1\n")
    words = ["-1", "par-mv:", "bre-xc:", "Paris,", "l", "xl", "w", "par", "bre", "nth", ",", ":", "-"]
    check(request, "njudge", mutations(base) | soup(words),
          lambda f, d: (["import", "njudge", f.file("x.map", d), "-o", str(f.folder / "out"), "--force"], None))


@pytest.fixture(scope="session", autouse=True)
def _write_figures(request):
    yield
    target = request.config.getoption("--fuzz-figures")
    if target and FIGURES:
        with open(target, "w", encoding="utf-8") as fh:
            json.dump(FIGURES, fh, indent=1)


DVAR = json.dumps({
    "schemaVersion": 1, "id": "tiny", "name": "Tiny", "description": "", "author": "",
    "victoryConditions": [{"type": "supply-center-majority", "supplyCenters": 2}],
    "phaseProgression": {"seasons": ["Spring", "Fall"], "transitions": []},
    "nations": [{"id": "france", "name": "France", "color": "#2196F3"}],
    "provinces": [
        {"id": "par", "name": "Paris", "type": "land", "supplyCenter": True, "homeNation": "france",
         "adjacencies": [{"to": "bre", "pass": "army"}]},
        {"id": "bre", "name": "Brest", "type": "coastal", "supplyCenter": True,
         "adjacencies": [{"to": "par", "pass": "army"}, {"to": "nth", "pass": "fleet"}]},
        {"id": "nth", "name": "North Sea", "type": "sea", "supplyCenter": False,
         "adjacencies": [{"to": "bre", "pass": "fleet"}]}],
    "namedCoasts": [],
    "initialState": {"phase": {"season": "Spring", "year": 1901, "type": "Movement"},
                     "units": [{"nation": "france", "type": "Army", "location": "par"}],
                     "supplyCenters": [{"nation": "france", "province": "par"}]}}, indent=1).encode()


def test_diplicity(request):
    words = ['"id"', '"to"', '"pass"', '"army"', '"fleet"', '"land"', '"sea"', "{", "}", "[", "]", ",", ":",
             '"par"', '"bre/nc"', "null", "true", "1e999", '"provinces"', '"nations"']
    doc = json.loads(DVAR)

    def replaced(pick):
        """One field of the file, at any depth, replaced by any JSON value."""
        path, value = pick
        out = json.loads(DVAR)
        here = out
        for step in path[:-1]:
            here = here[step]
        here[path[-1]] = value
        return json.dumps(out, allow_nan=True).encode()

    paths = [("name",), ("nations",), ("provinces",), ("initialState",), ("provinces", 0, "adjacencies"),
             ("provinces", 1, "type"), ("provinces", 0, "id"), ("provinces", 0, "homeNation"),
             ("initialState", "units"), ("initialState", "phase"), ("victoryConditions",), ("namedCoasts",),
             ("phaseProgression",), ("provinces", 2, "adjacencies", 0, "to"), ("nations", 0, "id")]
    assert all(p[0] in doc for p in paths)
    fields = st.tuples(st.sampled_from(paths), JSON).map(replaced)
    check(request, "Diplicity", mutations(DVAR) | soup(words) | JSON.map(lambda j: json.dumps(j).encode()) | fields,
          lambda f, d: (["import", "diplicity", f.file("x.dvar", d), "-o", str(f.folder / "out"), "--force"],
                        None))


GODIP = (b'package tiny\n\nconst France godip.Nation = "France"\n\nvar Nations = []godip.Nation{France}\n\n'
         b'func Start() {\n\tstartPhase := classical.NewPhase(1901, godip.Spring, godip.Movement)\n'
         b'\tresult.SetUnits(map[godip.Province]godip.Unit{\n\t\t"par": godip.Unit{godip.Army, France},\n\t})\n}\n\n'
         b'func Graph() *graph.Graph {\n\treturn graph.New().\n'
         b'\t\tProv("par").Conn("bre", godip.Land).Flag(godip.Land).SC(France).\n'
         b'\t\tProv("bre").Conn("par", godip.Land).Conn("nth", godip.Sea).Flag(godip.Coast...).SC(godip.Neutral).\n'
         b'\t\tProv("nth").Conn("bre", godip.Sea).Flag(godip.Sea).\n\t\tDone()\n}\n')


def test_godip(request):
    words = ['Prov("par")', '.Conn("bre", godip.Land)', '.Flag(godip.Sea)', '.SC(France)', ".Done()", "{", "}",
             '"x/nc"', "SetUnits(map[godip.Province]godip.Unit{", "godip.Unit{godip.Fleet, France}", "//", "\n"]
    check(request, "godip", mutations(GODIP) | soup(words),
          lambda f, d: (["import", "godip", f.file("x.go", d), "-o", str(f.folder / "out"), "--force"], None))
