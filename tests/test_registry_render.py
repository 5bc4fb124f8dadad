"""Problems built from the registry (variantkit.codes): every template renders."""

from __future__ import annotations

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
