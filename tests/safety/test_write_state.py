"""files.py's write state belongs to one context: a thread (the editor saves
and autosaves from worker threads) or one command run by ``main`` never
stages, protects or checks another's files."""
from __future__ import annotations

import threading

import pytest

from variantkit import files
from variantkit.files import all_or_nothing, atomic_write, check_target, protecting


def _in_thread(body, ready: threading.Event, go: threading.Event) -> threading.Thread:
    """Run ``body`` in a thread that holds its block open until ``go``."""
    errors: list = []

    def run() -> None:
        try:
            body(ready, go)
        except BaseException as exc:  # reported by the test, not lost in the thread
            errors.append(exc)
            ready.set()
    t = threading.Thread(target=run)
    t.errors = errors  # type: ignore[attr-defined]
    t.start()
    assert ready.wait(10)
    return t


def _finish(t: threading.Thread, go: threading.Event) -> None:
    go.set()
    t.join(10)
    assert not t.errors, t.errors  # type: ignore[attr-defined]


def test_a_write_is_not_held_back_by_another_threads_all_or_nothing(tmp_path):
    mine, theirs = tmp_path / "mine.yaml", tmp_path / "theirs.yaml"
    ready, go = threading.Event(), threading.Event()

    def other(ready, go):
        with all_or_nothing():
            atomic_write(str(theirs), "theirs\n")
            ready.set()
            assert go.wait(10)
    t = _in_thread(other, ready, go)
    try:
        atomic_write(str(mine), "mine\n")   # outside any block here: written at once
        assert mine.read_text() == "mine\n"
        assert not theirs.exists()          # theirs waits for its own block's end
    finally:
        _finish(t, go)
    assert theirs.read_text() == "theirs\n"


def test_another_threads_inputs_do_not_refuse_a_write(tmp_path):
    shared = tmp_path / "variant.yaml"
    shared.write_text("old\n")
    ready, go = threading.Event(), threading.Event()

    def other(ready, go):
        with protecting([str(shared)]):     # another command reads this file as its input
            ready.set()
            assert go.wait(10)
    t = _in_thread(other, ready, go)
    try:
        atomic_write(str(shared), "saved\n")  # this session saves over its own file
    finally:
        _finish(t, go)
    assert shared.read_text() == "saved\n"


def test_another_threads_checked_target_does_not_refuse_a_replace(tmp_path):
    target = tmp_path / "game.json"
    target.write_text("old\n")
    ready, go = threading.Event(), threading.Event()

    def other(ready, go):
        with pytest.raises(files.WriteRefused):
            check_target(str(target), False)  # refused there (it exists), and noted as to be new
        ready.set()
        assert go.wait(10)
    t = _in_thread(other, ready, go)
    try:
        check_target(str(target), True)   # this one replaces it on purpose (--force)
        atomic_write(str(target), "new\n")
    finally:
        _finish(t, go)
    assert target.read_text() == "new\n"


def test_a_command_run_in_process_leaves_no_state_behind(tmp_path):
    out = tmp_path / "out.yaml"
    with files.writing() as state:
        check_target(str(out), False)
        atomic_write(str(out), "x\n")
        assert state.last_commit is not None and state.last_commit.created == [str(out)]
    assert str(out) not in files.write_state().fresh
    atomic_write(str(out), "y\n")  # the block's check is gone with it: a later replace is allowed
    assert out.read_text() == "y\n"
