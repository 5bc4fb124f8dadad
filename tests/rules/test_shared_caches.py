"""The rules' shared caches (a variant's graph and order parser) used from many
threads at once, as the editor's workers use them: no error, and each caller gets
what belongs to its own variant. Unlocked, this raised KeyError about twice in
12,000 calls."""
import sys
import threading
from dataclasses import replace

from variantkit.io import load
from variantkit.rules.game import shared_graph, shared_parser

from tests.conftest import MAPS


def test_the_caches_from_eight_threads():
    base = load(str(MAPS / "standard")).variant
    variants = [replace(base, name=f"copy {i}") for i in range(12)]  # more than the caches keep
    errors, wrong = [], []
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter allows
    try:
        def work(n):
            try:
                for i in range(300):
                    v = variants[(n * 7 + i) % len(variants)]
                    graph, checker = shared_graph(v, "spring" if i % 2 else None)
                    parser = shared_parser(v)
                    if graph.variant is not v or parser.variant is not v:
                        wrong.append((n, i))
            except Exception as exc:  # noqa: BLE001 - any failure is the finding
                errors.append(repr(exc))
        threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(switch)
    assert errors == [] and wrong == []
