"""The layers of docs/architecture.md hold: import-linter's contracts in pyproject.toml."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept():
    run = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports; "
                               "sys.exit(lint_imports())"],
        cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "broken" not in run.stdout.lower().replace("0 broken", "")


def test_no_import_cycles():
    """No module imports, even lazily inside a function, one that imports it back."""
    import grimp
    graph = grimp.build_graph("variantkit", "variantkit_editor", cache_dir=None)
    modules = sorted(graph.modules)
    edges = {m: graph.find_modules_directly_imported_by(m) for m in modules}
    # Tarjan's strongly connected components: a component of more than one module is a cycle
    index, low, stack, on, cycles = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for m in modules:
        if m not in index:
            visit(m)
    assert cycles == []


def test_every_library_module_has_a_layer():
    """No module of variantkit lies loose outside the layers contract (it would be unchecked)."""
    import pkgutil
    import tomllib

    import variantkit
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    layers = next(c for c in contracts if c["type"] == "layers")["layers"]
    named = {m.strip() for layer in layers for m in layer.split("|")}
    loose = []
    for info in pkgutil.walk_packages(variantkit.__path__, "variantkit."):
        parts = info.name.split(".")
        if info.name == "variantkit.__main__":
            continue
        if info.ispkg and any(n.startswith(info.name + ".") for n in named):
            continue  # a folder whose modules sit in layers of their own (drawing, board, review)
        if not any(".".join(parts[:i]) in named for i in range(2, len(parts) + 1)):
            loose.append(info.name)
    assert loose == []
