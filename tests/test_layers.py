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


def _own_module(name: str) -> bool:
    import importlib.util
    if not name.startswith(("variantkit.", "variantkit_editor.")):
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def test_private_names_stay_in_their_module():
    """No module imports another's _name, nor reads module._name: what modules share is public."""
    import ast
    crossings = []
    for package, folder in (("variantkit", ROOT / "variantkit"), ("variantkit_editor", ROOT / "editor")):
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            here = ".".join([package, *parts])
            base = here if path.name == "__init__.py" else here.rsplit(".", 1)[0]
            tree = ast.parse(path.read_text(encoding="utf-8"))
            modules = set()  # local names bound to one of our modules
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom):
                    source = node.module or ""
                    if node.level:
                        anchor = base.split(".")[: len(base.split(".")) - node.level + 1]
                        source = ".".join(anchor + ([node.module] if node.module else []))
                    for alias in node.names:
                        if alias.name.startswith("_") and not alias.name.startswith("__"):
                            crossings.append(f"{path.relative_to(ROOT)}:{node.lineno}: {source}.{alias.name}")
                        elif _own_module(f"{source}.{alias.name}"):
                            modules.add(alias.asname or alias.name)
                elif isinstance(node, ast.Import):
                    for alias in node.names:
                        if alias.asname and _own_module(alias.name):
                            modules.add(alias.asname)
            for node in ast.walk(tree):
                if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                        and node.value.id in modules and node.attr.startswith("_")
                        and not node.attr.startswith("__")):
                    crossings.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value.id}.{node.attr}")
    assert crossings == []
