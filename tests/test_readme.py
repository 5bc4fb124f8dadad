"""The README is one page that tells the truth: it starts with the two commands
(set up and open the editor; run the tests), fits on a screen above its links,
and its table names every command the CLI has, each of which answers --help."""
import contextlib
import io
import re
from pathlib import Path

import pytest

from variantkit.cli.main import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMANDS = ["bash scripts/setup && .venv/bin/variantkit-editor maps/tutorial", "bash scripts/test"]


def _table_commands():
    return [m.group(1) for m in re.finditer(r"^\| `variantkit ([a-z][a-z-]*)\b[^`]*` \|", README, re.M)]


def test_the_readme_starts_with_the_two_commands():
    lines = README.splitlines()
    assert lines[0].startswith("# ")
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    assert [b.strip() for b in blocks[:2]] == COMMANDS
    before = README[: README.index(COMMANDS[1]) + len(COMMANDS[1])]
    prose = [line for line in before.splitlines()[1:] if line.strip() and not line.startswith("```")]
    assert prose == COMMANDS  # nothing comes before them but the title
    for script in ("scripts/setup", "scripts/test"):
        assert (ROOT / script).is_file()
    assert (ROOT / "maps" / "tutorial" / "variant.yaml").is_file()


def test_the_readme_fits_a_screen_above_its_links():
    lines = README.splitlines()
    first_link = next(i for i, line in enumerate(lines) if line.startswith("- ") and "](" in line)
    assert first_link <= 55


def test_the_table_names_every_command_and_only_commands():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert sorted(set(_table_commands())) == sorted(sub.choices)


@pytest.mark.parametrize("command", _table_commands())
def test_each_command_in_the_table_answers_help(command):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exit:
        main([command, "--help"])
    assert exit.value.code == 0
    assert out.getvalue().startswith("usage: variantkit " + command)
