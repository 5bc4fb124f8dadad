"""The benchmarks measure the checkout they live in: ``variantkit`` from its
root and ``variantkit_editor`` from its editor/ folder.  The editable install
maps ``variantkit_editor`` to the checkout it was made from, so a worktree
run with another checkout's environment would otherwise measure that
checkout's editor with this one's library.

    import checkout  # noqa: F401  (first, before any variantkit import)
"""
from __future__ import annotations

import importlib.abc
import importlib.util
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


class _EditorOfThisCheckout(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != "variantkit_editor":
            return None
        return importlib.util.spec_from_file_location(name, os.path.join(ROOT, "editor", "__init__.py"),
                                                      submodule_search_locations=[os.path.join(ROOT, "editor")])


if ROOT not in sys.path[:1]:
    sys.path.insert(0, ROOT)
if not any(isinstance(f, _EditorOfThisCheckout) for f in sys.meta_path):
    sys.meta_path.insert(0, _EditorOfThisCheckout())
