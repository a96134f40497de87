"""APPLY of a template typed at the call and a LIST of its inputs (apply_forms.py),
INVOKE of an explicit-slot template (invoke_forms.py), CASCADE and CROSSMAP: every tier
prints what UCBLogo printed for template_calls.lgo (its ``; expect:`` lines); CASCADE
and CROSSMAP of pure templates run no Logo text, and where they can be told apart (an
error, Stop) their text runs (library_loops.py)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from logo.language import library_bodies
from tests.support import TIERS, calls_counted, checks_itself, new_interpreter, run_logo

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "template_calls.lgo", tiers)


def test_pure_templates_run_no_logo_text(monkeypatch: Any) -> None:
    made = calls_counted(monkeypatch, library_bodies, "_text_code")  # (the Logo text made to run)
    ran = run_logo("repeat 3 [show cascade 100 [? + 2] 0]\n"
                   "repeat 3 [show crossmap [word ?1 ?2] [[a b] [1 2]]]\n", tiers="compile")
    assert ran.lines == ["200"] * 3 + ["[a1 a2 b1 b2]"] * 3
    assert made[0] == 0


def test_an_error_runs_the_logo_text(monkeypatch: Any) -> None:
    made = calls_counted(monkeypatch, library_bodies, "_text_code")  # (the Logo text made to run)
    ran = run_logo('show cascade 3 [? * 2] "a\n', tiers="compile")
    assert made[0] == 1
    assert "* doesn't like a as input\n  in cascade.step" in ran.errors + ran.printed


def test_a_stop_reaches_a_long_cascade() -> None:
    interp = new_interpreter(tiers="compile")
    timer = threading.Timer(0.3, interp.request_stop)
    timer.start()
    ran = run_logo("show cascade 1e15 [? + 1] 0", interp=interp)
    timer.cancel()
    assert not ran.ok and "Stopped!" in ran.errors + ran.printed
    assert not interp.frames and "cascade.test" not in interp.vars
