"""godip's Go variant definitions, read as text: every variant of the corpus
equal to its own data (the graph by tests/svg/corpus.py's independent reading
of the same file), with its nations, homes, starting units and rules."""
import re

import pytest

from variantkit.formats import formats
from variantkit.problems import UnusableInput
from variantkit.validate.semantic import check

from tests.svg.corpus import read_godip

CORPUS = {"classical": "classical/map.go", "empiresandcoalitions": "empiresandcoalitions/empiresandcoalitions.go",
          "europe1939": "europe1939/europe1939.go", "gatewaywest": "gatewaywest/gatewaywest.go",
          "hundred": "hundred/hundred.go", "pure": "pure/pure.go", "threekingdoms": "threekingdoms/threekingdoms.go",
          "unconstitutional": "unconstitutional/unconstitutional.go", "year1908": "year1908/year1908.go"}
# the one difference by design, by name: godip lists two fleet moves into Cuscowilla,
# a land space no fleet stands on (godip never plays them); the reader leaves them out
NEVER_PLAYED = {"unconstitutional": {("fleet", "cus", "mic"), ("fleet", "cus", "tuk")}}


def _units(text):
    return {(m.group(3), m.group(2)[0], m.group(1)) for m in
            re.finditer(r'"([a-z/]+)":\s*godip\.Unit\{godip\.(Army|Fleet),\s*([\w.]+)\}', text)}


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_corpus_variants_read_equal_to_their_own_data(name, reference):
    path = reference / "corpus" / "godip" / CORPUS[name]
    v, problems = formats()["godip"].read(str(path))
    assert v.id == name or (name, v.id) == ("classical", "classical")
    truth = read_godip(path)
    moves = set()
    for e in v.edges:
        for unit in ("army", "fleet"):
            if getattr(e.units, unit):
                moves.add((unit,) + tuple(sorted((e.a, e.b))))
    assert moves == truth.moves - NEVER_PLAYED.get(name, set())
    coasts = {f"{p.id}/{c.id}" for p in v.provinces for c in p.coasts}
    assert coasts == truth.coasts
    assert {p.id for p in v.provinces if p.terrain.value == "water"} == truth.water - truth.coasts
    text = path.read_text()
    assert set(v.centers) == set(re.findall(r'Prov\("([^"/]+)"\)[^\n]*\.SC\(', text))
    # homes: every SC(nation) but the neutral ones, by the nation's own name
    homes = set(re.findall(r'Prov\("([^"/]+)"\)[^\n]*\.SC\((?!godip\.Neutral)([\w.]+)\)', text))
    assert {(h, w.name) for w in v.powers for h in w.homes} == {
        (h, n.replace("godip.", "") if "godip." in n else _const(text, n)) for h, n in homes}
    assert {(w.name, u.type.value, u.location) for w in v.powers for u in w.units} == {
        (n.replace("godip.", "") if "godip." in n else _const(text, n), t, loc) for n, t, loc in _units(text)
        if n != "godip.Neutral"}
    neutral = {loc for n, _, loc in _units(text) if n == "godip.Neutral"}
    assert neutral == {loc for loc in neutral if any(f"neutral army in {loc}" in p.message for p in problems)}
    solo = re.search(r"SCCountWinner\((\d+)\)", text)
    if solo:    # 1908's 18 of 40 included: a solo below a majority is a rule variants here hold
        assert v.victory == int(solo.group(1))
    assert bool(v.rules.options.get("build_any")) == ("BuildAnywhere" in text)
    colours = dict(re.findall(r'\n\s*(\w+):\s*"(#[0-9A-Fa-f]{6})"', text))
    assert {w.name: w.colour for w in v.powers if w.colour} == {
        _const(text, k): c.lower() for k, c in colours.items()}
    # it loads as a variant: no error of ours
    assert not [p for p in check(v) if p.severity == "error"], [str(p) for p in check(v) if p.severity == "error"]
    if name == "classical":   # godip keeps classical's units in another file: said
        assert any("no starting units" in p.message for p in problems)


def _const(text, ident):
    return re.search(rf'\b{ident}\s+godip\.Nation\s*=\s*"([^"]+)"', text).group(1)


def test_what_godip_holds_and_we_cannot_is_reported(reference):
    _, problems = formats()["godip"].read(str(reference / "corpus" / "godip" / "year1908" / "year1908.go"))
    said = [p for p in problems if p.code == "VK863"]  # the dominance rules
    assert any("dominance" in p.message and p.line for p in said)
    assert any("ExtraDominanceRules" in p.message and p.line == 30 for p in said)


def test_a_bad_chain_is_a_located_error(tmp_path):
    go = tmp_path / "bad.go"
    go.write_text('package bad\n\nfunc G() {\n\treturn graph.New().\n'
                  '\t\tProv("aaa").Conn("bbb", godip.Land).Flag(godip.Land).\n'
                  '\t\tProv("bbb").Conn("aaa", godip.Lava).Flag(godip.Land).Wibble(3).\n'
                  '\t\tProv("ccc").Conn("zzz", godip.Land).\n\t\tDone()\n}\n')
    with pytest.raises(UnusableInput) as err:
        formats()["godip"].read(str(go))
    got = {(p.line, p.code) for p in err.value.problems if p.severity == "error"}
    # bbb's unknown kind and unknown call; ccc without Flag, and its link to nowhere
    assert got == {(6, "VK786"), (7, "VK854"), (7, "VK855")}
    assert all("bbb" in p.message for p in err.value.problems if p.line == 6)
    assert all(p.file == str(go) for p in err.value.problems)
    assert len(err.value.problems) >= 4   # Conn, Wibble, no Flag for ccc, the unknown zzz: all at once


def test_godip_is_in_the_registry():
    from variantkit.cli import main
    f = formats()["godip"]
    assert f.reads and not f.writes
    assert main(["formats"]) == 0
