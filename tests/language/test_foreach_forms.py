"""FOREACH of a template that reads ``?`` only (foreach_steps, template_forms): its steps
set neither ``#`` nor ``?``'s slot entry.  foreach_forms.lgo prints in every tier what
UCBLogo printed for it (its ``; expect:`` lines); errors inside such a template read as
the primitive's do (message, procedure, line); the templates that read more are not
taken for closed ones; Stop reaches a long closed FOREACH."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from logo.language import foreach_steps
from logo.language.values import LogoList
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import TIERS, checks_itself, run_in_both_tiers, run_logo, stop_when

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "foreach_forms.lgo", tiers)


@pytest.mark.parametrize("template", [
    "[make \"t :t + ?]", "[print 10 / ?]", "[make \"t sum ? \"a]", "[show ? type ?]",
    "[make \"t first ?]", "[print item 5 ?]",
])
def test_an_error_in_a_closed_template_reads_as_in_the_interpreting_tier(template: str) -> None:
    text = (f"to t :l\nmake \"t 0\nprint \"before\nforeach :l {template}\nprint \"after\nend\n"
            "t [1 2]\nt [4 0 x]\nt \"ab\nt [[] 3]\nprint (list \"slots #)\n")
    compiled = run_in_both_tiers(text)
    assert compiled.interp.slots == [] and "template.number" not in compiled.interp.vars


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """What ``closed_body`` says of each FOREACH compiled from now on."""
    seen: list[bool] = []
    real = foreach_steps.closed_body

    def closed_body(x: Any, body: LogoList) -> bool:
        seen.append(real(x, body))
        return seen[-1]

    monkeypatch.setattr(foreach_steps, "closed_body", closed_body)
    return seen


@pytest.mark.parametrize(("template", "closed"), [
    ("[make \"t :t + ?]", True), ("[print (list ? ? * 2)]", True), ("[show (? 1)]", True),
    ("[make \"t #]", False), ("[make \"t :template.number]", False), ("[make \"t g]", False),
    ("[make \"t thing \"template.number]", False), ("[make \"erract [7]]", False),
    ("[make \"template.number 3]", False), ("[make word \"a ? 1]", False),
    ("[make \"t and \"true [# = 1]]", False), ("[print ?rest]", False),
    ("[if ? = 1 [print ?]]", False), ("[run [print ?]]", False), ("[g]", False),
    ("[foreach [1] [print ?]]", False), ("[print ?2]", False),
])
def test_only_a_template_that_reads_no_state_is_closed(template: str, closed: bool,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _spy(monkeypatch)
    text = f"to g\noutput 1\nend\nto f\nmake \"t 0\nforeach [1] {template}\nend\nf\n"
    run_logo(text, interp=Interpreter(tiers="compile"))
    assert seen and seen[0] is closed


def test_a_closed_template_compiled_while_erract_is_set_is_not_closed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _spy(monkeypatch)
    text = ("to f\nforeach [1 x 3] [print sum ? 1]\nprint \"after\nend\n"
            "make \"erract [# * 10]\nf\nmake \"erract []\nf\n")
    run_in_both_tiers(text)
    assert seen and not seen[0]


def _stopped(tiers: str) -> tuple[bool, str, list, bool]:
    host = BufferHost()
    interp = Interpreter(host=host, tiers=tiers)
    interp.vars["many"] = LogoList(list(range(3_000_000)))
    with stop_when(interp, lambda: interp.slots):
        ok = interp.run_source("to t\nmake \"n 0\nforeach :many [make \"n :n + ? * 2]\nend\n"
                               "t\n")
    return ok, host.output, interp.slots, "template.number" in interp.vars


def test_stop_reaches_a_closed_foreach_as_the_primitive() -> None:
    ok, said, slots, number = _stopped("compile")
    assert not ok and slots == [] and not number
    _ok, said2, _, _ = _stopped("interpret")
    assert said.splitlines()[0] == said2.splitlines()[0], (said, said2)
