"""variantkit lint, balance and diff --render as a user runs them."""
import json

from lxml import etree

from tests.board.handmade import variant
from tests.board.test_balance import LINE
from variantkit.cli import main
from variantkit.io import save


def run(capsys, *args):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_lint_prints_located_warnings_and_exits_1(capsys, tmp_path):
    path = tmp_path / "variant.yaml"
    save(variant(["nh:l*", "sh:l*", "mid:l"], ["nh>sh", "sh-mid", "mid-nh"],
                 [("north", ["nh"], ["A nh"]), ("south", ["sh"], ["A sh"])]), str(path))
    code, out, err = run(capsys, "lint", path, "--no-portability")
    assert code == 1
    lines = [ln for ln in out.splitlines() if not ln.startswith("    hint")]
    assert len(lines) == 2
    assert lines[0].startswith(f"{path}:") and "warning VK554: nh (north) and sh (south)" in lines[0]
    assert "warning VK555: nh -> sh runs one way only (army)" in lines[1]
    assert lines[1].split(":")[1].isdigit()  # the edge's line in the file
    assert "2 lint warning(s)" in err


def test_lint_of_a_clean_map_exits_0(capsys, tmp_path):
    path = tmp_path / "variant.yaml"
    save(variant(["nh:l*", "mid:l", "sh:l*"], ["nh-mid", "mid-sh"],
                 [("north", ["nh"], ["A nh"]), ("south", ["sh"], ["A sh"])]), str(path))
    code, out, err = run(capsys, "lint", path, "--no-portability", "--json")
    assert code == 0 and json.loads(out) == []


def test_lint_of_the_tutorial_reads_its_drawing(capsys):
    code, out, err = run(capsys, "lint", "maps/tutorial", "--no-portability", "--json")
    found = json.loads(out)
    assert [p["code"] for p in found] == ["VK554"]
    assert "skipped" not in err


def test_lint_of_a_broken_file_is_an_error_not_a_traceback(capsys, tmp_path):
    path = tmp_path / "variant.yaml"
    path.write_text("format: 1\nid: [\n")
    code, out, err = run(capsys, "lint", path)
    assert code == 2 and "VK002" in err and "Traceback" not in err


def test_balance_report_json_picture_and_progress(capsys, tmp_path):
    path = tmp_path / "variant.yaml"
    save(variant(**LINE), str(path))
    picture = tmp_path / "balance.svg"
    code, out, err = run(capsys, "balance", path, "--games", "4", "--years", "2", "--seed", "3",
                         "--json", "-o", picture)
    assert code == 0
    report = json.loads(out)
    assert report["powers"]["a"]["chokepoints"] == ["g", "k"]
    assert report["powers"]["b"]["within_one"] == ["k", "z"]
    assert report["powers"]["a"]["contested_1901"] == {"k": ["b"]}
    assert (report["games"], report["years"], report["seed"]) == (4, 2, 3)
    assert len(report["powers"]["a"]["centres_after"]["counts"]) == 4
    assert "played 4/4 games" in err
    root = etree.fromstring(picture.read_bytes())
    assert len(root.findall(".//{http://www.w3.org/2000/svg}rect[@class='spread']")) == 2
    # the same seed, the same figures
    _, again, _ = run(capsys, "balance", path, "--games", "4", "--years", "2", "--seed", "3", "--json")
    assert json.loads(again) == report


def test_balance_rejects_negative_games(capsys):
    code, out, err = run(capsys, "balance", "maps/standard", "--games", "-1")
    assert code == 2 and "VK557" in err


def test_diff_render_draws_the_no_omsk_fleets_changes(capsys, tmp_path):
    picture = tmp_path / "diff.svg"
    code, out, err = run(capsys, "diff", "maps/youngstown", "maps/youngstown/no-omsk-fleets",
                         "--render", picture)
    assert code == 0 and len(out.splitlines()) == 3
    root = etree.fromstring(picture.read_bytes())
    removed = root.findall(".//{http://www.w3.org/2000/svg}line[@class='edge-removed']")
    assert sorted(e.get("data-edge") for e in removed) == ["oms sib F", "oms stp/nc F"]


def test_balance_on_a_terminal_redraws_one_progress_bar(monkeypatch, tmp_path, capsys):
    import io
    import sys

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    term = Terminal()
    path = tmp_path / "variant.yaml"
    save(variant(**LINE), str(path))
    monkeypatch.setattr(sys, "stderr", term)
    assert main(["balance", str(path), "--games", "3", "--years", "1"]) == 0
    frames = term.getvalue().split("\r")[1:]
    assert [f.split(" [")[0] for f in frames] == ["playing 1/3 games", "playing 2/3 games", "playing 3/3 games"]
    assert frames[-1] == "playing 3/3 games [" + "#" * 30 + "]\n"
