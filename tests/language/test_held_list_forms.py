"""IF, IFELSE and REPEAT of lists held in variables (held_lists.py), and FIRST and EMPTYP
of RUNRESULT of a list computed at run time (runresult_parts.py): ``held_list_forms.lgo``
prints what UCBLogo printed for it in every tier (conditions that are not TRUE or FALSE,
inputs with no value, STOP and OUTPUT inside, REPCOUNT inside and after, counts that are
not whole, a list that outputs, errors naming procedure and line, a definition made
inside, a list changed by .SETFIRST after its code was made, FIRST of an empty result);
a list run before is called without ``Interpreter.run``; Stop reaches the loops.
``apply_forms.lgo``: APPLY of an operation's name compiled as the operation's call;
``built_run_forms.lgo``: RUN of a list LIST, SENTENCE or FPUT builds where RUN stands,
its shape's code called with the items (values, no value, errors inside and of the
builder, STOP and OUTPUT inside, a redefinition after the shape was compiled)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import TIERS, checks_itself, run_in_both_tiers, run_logo, stop_when

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
@pytest.mark.parametrize("name", ["held_list_forms.lgo", "held_fusion_forms.lgo", "apply_forms.lgo",
                                  "built_run_forms.lgo"])
def test_the_logo_files_check_themselves_in_each_tier(name: str, tiers: str) -> None:
    checks_itself(HERE / name, tiers)


def _runs(text: str, tiers: str = "compile") -> tuple[str, int]:
    """What ``text`` prints, and how often ``Interpreter.run`` was called."""
    interp = Interpreter(tiers=tiers)
    real, calls = interp.run, []

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    interp.run = counted  # type: ignore[method-assign]
    ran = run_logo(text, interp=interp)
    return ran.printed + ran.errors, len(calls)


@pytest.mark.parametrize("line", [
    "repeat N [if \"true :x]", "repeat N [ifelse \"false [] :x]", "repeat N [repeat 5 :x]",
    "repeat N [if emptyp runresult :x []]", "repeat N [ignore first runresult :y]"])
def test_a_list_run_before_is_not_given_to_interpreter_run(line: str) -> None:
    text = "make \"t 0\nmake \"x [make \"t :t + 1]\nmake \"y [:t]\nto f\nLINE\nend\nf\nprint :t\n"
    few = _runs(text.replace("LINE", line.replace("N", "10")))
    many = _runs(text.replace("LINE", line.replace("N", "40")))
    assert few[1] == many[1], (few, many)  # (no call a turn)


def test_an_error_inside_names_its_procedure_and_line_in_both_tiers() -> None:
    for line in ("if \"true :l", "ifelse \"false [] :l", "repeat 3 :l",
                 "show first runresult :l", "show emptyp runresult :l"):
        text = f"make \"l [first []]\nto t\nprint \"before\nrepeat 2 [{line}]\nend\nt\n"
        compiled = run_in_both_tiers(text)
        assert compiled.printed == "before\n"
        assert "first doesn't like [] as input\n  in t (line 4)\n" in compiled.errors, \
            compiled.errors


def _stopped(tiers: str, text: str) -> tuple[bool, str, list]:
    host = BufferHost()
    interp = Interpreter(host=host, tiers=tiers)
    with stop_when(interp, lambda: interp.frames):
        ok = interp.run_source(text)
    return ok, host.output, interp.slots


@pytest.mark.parametrize("line", [
    "repeat 100000000 [if \"true :x]", "repeat 100000000 [repeat 2 :x]",
    "repeat 2 [repeat 100000000 :x]", "repeat 100000000 [ignore first runresult :y]"])
def test_stop_reaches_the_loops(line: str) -> None:
    text = f"make \"x [make \"n :n + 1]\nmake \"y [:n]\nmake \"n 0\nto t\n{line}\nend\nt\n"
    ok, said, slots = _stopped("compile", text)
    assert not ok and slots == []
    _ok, said2, _ = _stopped("interpret", text)
    assert said.splitlines()[0] == said2.splitlines()[0], (said, said2)


def test_erract_recovers_inside_a_held_list_in_both_tiers() -> None:
    text = ("make \"l [print 1 / 0]\nto f\nrepeat 2 [if \"true :l]\nprint \"after\nend\n"
            "make \"erract [print \"handled]\nf\n")
    compiled = run_in_both_tiers(text)
    assert "handled" in compiled.printed, compiled.printed


@pytest.mark.parametrize("line", [
    "make \"t :t + run (list \"sum repcount 3)", "run (sentence [make \"t :t +] repcount)",
    "make \"t run fput \"sum (list repcount :t)"])
def test_a_built_list_of_a_compiled_shape_is_not_given_to_interpreter_run(line: str) -> None:
    text = "make \"t 0\nto f :n\nrepeat :n [LINE]\nend\nf N\nprint :t\n".replace("LINE", line)
    counts = [_runs(text.replace("N", str(n)), "auto") for n in (100, 200)]
    assert counts[0][1] == counts[1][1], counts  # (none a turn once the shape is compiled)
