"""MAP, FILTER, FIND and REDUCE of templates and procedures' names, and MEMBERP of
numbers in typed lists (template_forms, inlined_steps, template_folds, list_scan):
map_forms.lgo prints in every tier what UCBLogo printed for it (its ``; expect:``
lines); errors inside the fast paths read as the slow paths' do; Stop reaches a long
MAP of a template and of a procedure whose body is inlined."""

from __future__ import annotations

from pathlib import Path

import pytest

from logo.language import inlined_steps
from logo.language.values import LogoList
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import TIERS, checks_itself, run_logo, stop_when

HERE = Path(__file__).parent


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "map_forms.lgo", tiers)


DEFS = ("to cube :x\noutput :x * :x * :x\nend\nto half :x\noutput :x / 2\nend\n"
        "to twice :x\noutput :x * 2\nend\n")


@pytest.mark.parametrize("line", [
    "print map \"cube [1 2 x]", "print filter [? * 2] [1 2 3]", "print filter \"twice [1 2]",
    "print map \"half [4 0 []]", "print find \"twice [1 2]", "print map \"cube [2 [3]]",
    "print map [? / 0] [1 2]", "print reduce [?1 / ?2] lput 0 iseq 1 40",
])
def test_an_error_in_a_fast_step_reads_as_in_the_interpreting_tier(line: str) -> None:
    text = DEFS + f"to t\nprint \"before\n{line}\nprint \"after\nend\nt\n"
    compiled = run_logo(text, tiers="compile")
    interpreted = run_logo(text, tiers="interpret")
    assert compiled.printed == interpreted.printed == "before\n"
    assert compiled.errors == interpreted.errors, (compiled.errors, interpreted.errors)


def test_a_pure_body_is_inlined_and_an_impure_one_is_called() -> None:
    interp = Interpreter(tiers="compile")
    run_logo(DEFS + "to noisy :x\nprint :x\noutput :x\nend\n"
             "to rnd :x\noutput :x + random 1\nend\nto two :x\nprint 1\noutput :x\nend\n",
             interp=interp)
    made = []
    real = inlined_steps.emit_step
    inlined_steps.emit_step = lambda x, *a: made.append(a) or real(x, *a)  # type: ignore
    try:
        ran = run_logo("to m :l\noutput (list map \"cube :l map \"noisy :l map \"rnd :l "
                       "filter \"twice :l)\nend\nshow m [1 2]\n", interp=interp)
    finally:
        inlined_steps.emit_step = real  # type: ignore
    assert ran.printed == "1\n2\n" and "filter doesn't like 2 as input" in ran.errors
    assert [a[-1].split("(I, ")[1].split(",")[0] for a in made] == ["'cube'", "'twice'"]


def _stopped_map(template: str) -> tuple[bool, str, Interpreter]:
    host = BufferHost()
    interp = Interpreter(host=host, tiers="compile")
    many = LogoList(list(range(3_000_000)))
    interp.vars["many"] = many
    interp.run_source(DEFS + "to go :l\noutput count map " + template + " :l\nend\n"
                      "print go [1 2]\n")

    def begun() -> bool:
        lists = interp.template_lists
        return lists is not None and lists[1][0] is many

    with stop_when(interp, begun):
        ok = interp.run_source("print go :many\nprint \"after\n")
    return ok, host.output, interp


@pytest.mark.parametrize("template", ["[? * ?]", "\"cube"])
def test_stop_reaches_a_long_map(template: str) -> None:
    ok, said, interp = _stopped_map(template)
    assert not ok and said.splitlines()[0] == "2" and "after" not in said, said
    assert "3000000" not in said
    assert interp.slots == [] and interp.template_lists is None and interp.frames == []


def test_an_input_named_as_a_setting_is_bound_for_the_primitives_in_the_body() -> None:
    text = ("to has :caseignoredp\noutput memberp \"A [a b]\nend\n"
            "to go :l\noutput map \"has :l\nend\nshow go [false true]\n")
    compiled = run_logo(text, tiers="compile")
    assert compiled.printed == run_logo(text, tiers="interpret").printed == "[false true]\n"
