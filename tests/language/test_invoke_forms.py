"""INVOKE of a template typed at the call whose body is one pure expression of its
slots, computed at the call site (logo/language/invoke_forms.py): every tier prints what
UCBLogo printed for invoke_forms.lgo (its ``; expect:`` lines), the compiled site does
not run INVOKE's body, and where it cannot be told apart it does (an error, TRACE, Stop,
the depth limit)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from logo.language import library_bodies
from tests.support import (
    TIERS,
    calls_counted,
    checks_itself,
    in_both_tiers,
    new_interpreter,
    run_logo,
)

HERE = Path(__file__).parent
SQUARES = "to many :n\nlocalmake \"s 0\nrepeat :n [make \"s :s + invoke [[x] :x * :x] repcount]\n" \
          "output :s\nend\n"


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "invoke_forms.lgo", tiers)


def test_the_compiled_site_does_not_call_invoke(monkeypatch: Any) -> None:
    calls = calls_counted(monkeypatch, library_bodies, "one_slot")
    ran = run_logo(SQUARES + "print many 1000\n", tiers="compile")
    assert ran.lines == ["333833500"]
    assert calls[0] == 0



def test_an_error_inside_is_invokes_as_the_call_makes_it() -> None:
    text = "to t :v\noutput invoke [[x] :x * 2] :v\nend\nrepeat 3 [print t 1]\nprint t \"a\n"
    out = in_both_tiers(text)
    assert out.endswith("* doesn't like a as input\n  in invoke (line 119)\n"
                        "  [.maybeoutput apply :invoke.template :invoke.inputs]\n"), out


def test_trace_of_invoke_shows_each_call() -> None:
    out = in_both_tiers(SQUARES + "print many 2\ntrace \"invoke\nprint many 2\n")
    assert out.count("( invoke") == 2, out


def test_a_stop_reaches_a_loop_of_such_calls() -> None:
    interp = new_interpreter(tiers="compile")
    run_logo(SQUARES + "print many 10\n", interp=interp, check=True)
    timer = threading.Timer(0.3, interp.request_stop)
    timer.start()
    ran = run_logo("print many 100000000", interp=interp)
    timer.cancel()
    assert not ran.ok and "Stopped!" in ran.errors + ran.printed
    assert "s" not in interp.vars and "x" not in interp.vars and not interp.frames
