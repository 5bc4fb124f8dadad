"""The build.  Everything else is in pyproject.toml; this file only decides
whether the adjudicator's hot modules are compiled.

    pip install .                          pure Python (the default)
    VARIANTKIT_COMPILE=1 pip install .     the modules in COMPILED compiled by mypyc
                                           (C extensions: a C compiler and Python's headers)

mypyc (part of mypy, kept by the mypy project; mypy and black ship built by it)
compiles the same annotated Python the lint already checks: there is one source,
and the pure build is that source run as it is.  ``variantkit.rules.COMPILED``
tells which build is running.  An editable install (``pip install -e``) is pure
even with the variable set: a compiled module beside its source would shadow the
contributor's edits.
"""
import os
import sys

from setuptools import setup

# The adjudicator's path from order texts to the next position.  Not compiled:
# rules/orders.py (its records are made by their slots' setters, quicker in pure
# Python and refused by mypyc's native classes; see the note there) and
# rules/fuzz.py (random games for tests and benchmarks).
COMPILED = [
    "variantkit/rules/adjustments.py",
    "variantkit/rules/game.py",
    "variantkit/rules/legality.py",
    "variantkit/rules/movement.py",
    "variantkit/rules/options.py",
    "variantkit/rules/outcomes.py",
    "variantkit/rules/parse.py",
    "variantkit/rules/retreats.py",
    "variantkit/rules/state.py",
]

MYPY = "mypy==2.4.1"  # as in constraints.txt: the compiler is part of the build, pinned


def _wanted() -> bool:
    if os.environ.get("VARIANTKIT_COMPILE", "") not in ("1", "true", "yes"):
        return False
    if {"editable_wheel", "develop"} & set(sys.argv):
        print("variantkit: VARIANTKIT_COMPILE ignored for an editable install (it stays pure Python)",
              file=sys.stderr)
        return False
    return True


def _ext_modules():
    if not _wanted() or {"egg_info", "dist_info"} & set(sys.argv):  # metadata: no compiling
        return []
    from mypyc.build import mypycify
    return mypycify(COMPILED, opt_level="3", group_name="variantkit_rules")


setup(
    ext_modules=_ext_modules(),
    # setuptools adds these to the build's requirements (PEP 517's get_requires_for_build_wheel):
    # a pure build installs no compiler
    setup_requires=[MYPY] if _wanted() else [],
)
