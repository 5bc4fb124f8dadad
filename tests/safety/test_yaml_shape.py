"""The YAML shape check gives the same verdict whichever backend (LibYAML or PyYAML's
own parser) reads the file, and whichever stops first on its own limits."""
import pytest
import yaml

from variantkit.io import yaml_source
from variantkit.problems import UnusableInput

BACKENDS = [pytest.param(yaml.SafeLoader, id="pyyaml")]
if hasattr(yaml, "CSafeLoader"):
    BACKENDS.append(pytest.param(yaml.CSafeLoader, id="libyaml"))


@pytest.mark.parametrize("loader", BACKENDS)
@pytest.mark.parametrize("text, code", [
    ("[" * 80_000, "VK006"),           # past LibYAML's own nesting cap of 1,000
    ("[" * 500 + "]" * 500, "VK006"),  # under it
    ("a: &x [1]\n" + "".join(f"k{i}: *x\n" for i in range(1_001)), "VK007"),
])
def test_shape_verdict_does_not_depend_on_the_backend(monkeypatch, loader, text, code):
    monkeypatch.setattr(yaml_source, "_Loader", loader)
    with pytest.raises(UnusableInput) as caught:
        yaml_source.read_yaml("deep.yaml", text=text)
    problem, = caught.value.problems
    assert (problem.code, problem.file) == (code, "deep.yaml")
    assert problem.line is not None  # located
