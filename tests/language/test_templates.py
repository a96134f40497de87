"""Templates' shortcuts (language/templates.py: a step of MAP, FILTER, FIND or FOREACH
runs the template's code, the procedure or the primitive directly) leave what the plain
way leaves: Stop reaches the loop, no slot of ``?`` and no step number of ``#`` is left
behind after an error, a THROW or a Stop, errors name the procedure and line, and a
program that builds templates keeps no pile of them.  The results themselves are the
conformance cases' (control/template_*), run under each tier by test_tiers.py."""

from __future__ import annotations

import threading

import pytest

from logo.language import interpreting, templates
from tests.support import new_interpreter, run_logo

TIERS = ["auto", "interpret", "compile"]
HELPERS = "to f :x\nif :x = 3 [throw \"out]\noutput :x\nend\n"


@pytest.mark.parametrize("tiers", TIERS)
@pytest.mark.parametrize("inner", ["[make \"x ?]", "\"ignore", "[[v] make \"x :v]"])
def test_stop_reaches_a_long_template_loop_and_leaves_nothing_behind(tiers, inner) -> None:
    interp = new_interpreter(tiers=tiers)
    assert run_logo('make "l iseq 1 4000', interp=interp).ok
    threading.Timer(0.3, interp.request_stop).start()
    ran = run_logo(f"foreach :l [foreach :l {inner}]\nprint \"not.here", interp=interp)
    assert not ran.ok and ran.errors == "Stopped!\n" and "not.here" not in ran.printed
    assert interp.slots == [] and "template.number" not in interp.vars
    assert run_logo("show map [? * #] [5 6]", interp=interp).printed == "[5 12]\n"


@pytest.mark.parametrize("tiers", TIERS)
def test_errors_and_throws_out_of_templates_leave_no_slot_or_step_number(tiers) -> None:
    interp = new_interpreter(tiers=tiers)
    text = (HELPERS + 'catch "out [show map "f [1 2 3]]\n'
            'catch "out [foreach [1 2 3 4] [print f ?]]\n'
            'catch "error [show map [? + "a] iseq 1 20]\n'
            'catch "error [show filter [[y] :y / 0] [1 2]]\n'
            'catch "error [foreach [1 2] [print 1 / (? - 2)]]\n'
            "print #\n")
    ran = run_logo(text, interp=interp)
    assert ran.ok and ran.printed == "1\n2\n-1\n-1\n"  # (# outside a template: REPCOUNT)
    assert interp.slots == [] and "template.number" not in interp.vars


@pytest.mark.parametrize("tiers", TIERS)
@pytest.mark.parametrize("template", ['[? + "a]', '[[x] :x + "a]', '"plus.a'])
def test_an_error_inside_a_template_names_the_procedure_and_line(tiers, template) -> None:
    text = (f'to plus.a :x\noutput :x + "a\nend\nto g :l\nmake "n 0\n'
            f"show map {template} :l\nend\ng iseq 1 30\n")
    ran = run_logo(text, tiers=tiers)
    where = ("  in plus.a (line 2)\n  [output :x + \"a]\n" if template == '"plus.a' else
             f"  in g (line 6)\n  [show map {template} :l]\n")
    assert ran.errors == "+ doesn't like a as input\n" + where


@pytest.mark.parametrize("tiers", TIERS)
def test_a_definition_made_by_the_template_is_used_from_the_next_step_on(tiers) -> None:
    text = ('to grow :x\ndefine "grow [[x] [output :x * 10]]\noutput :x\nend\n'
            'show map "grow [1 2 3]\n'
            'define "sq [[x] [output :x * :x]]\n'
            'show map [[v] sq :v] [1 2 3]\n'
            'show map [[v] (define "sq [[x] [output 0]]) sq :v] [4 5]\n'
            'show filter "sq [1 2]\n')
    ran = run_logo(text, tiers=tiers)
    assert ran.printed == "[1 20 30]\n[1 4 9]\n[0 0]\n" and \
        ran.errors.startswith("filter doesn't like 0 as input")


def test_templates_built_by_the_program_are_not_all_kept() -> None:
    interp = new_interpreter()
    text = ('make "s 0\nrepeat 1000 [make "s :s + apply (list [x] ":x "+ repcount) [1]]\n'
            'print :s\n')
    assert run_logo(text, interp=interp).printed == "501500\n"
    assert 0 < len(interp.lambda_cache) <= templates.CACHE_SIZE


def test_a_template_list_applied_often_is_compiled_once() -> None:
    interp = new_interpreter(tiers="auto")
    ran = run_logo('make "t [[x] :x * 2]\nmake "u [? + 1]\n'
                   'show map :t iseq 1 20\nshow map :u iseq 1 20\n', interp=interp)
    assert ran.ok and ran.printed.startswith("[2 4 6 ")
    kind, formals, body = templates._lambda(interp, interp.vars["t"])
    assert kind == "slots" and formals == ["x"]
    for lst in (body, interp.vars["u"]):
        code = lst.compiled[1]
        assert code is not None and not isinstance(code, interpreting.TreeCode)


@pytest.mark.parametrize("tiers", TIERS)
def test_apply_of_a_name_follows_its_definitions(tiers) -> None:
    text = ('to f :a :b\noutput :a + :b\nend\nshow apply "f [1 2]\n'
            'define "f [[a b] [output :a * :b]]\nshow apply "f [3 4]\n'
            'to g :a :b\ndefine "g [[a b] [output list :a :b]]\noutput :a - :b\nend\n'
            'show reduce "g [10 3 1]\n'
            'make "redefp "true\nto sum :a :b\noutput "mine\nend\nshow apply "sum [1 2]\n'
            'erase "sum\nshow apply "sum [1 2]\n'
            'erase "f\ncatch "error [show apply "f [1 2]]\nprint item 2 error\n')
    ran = run_logo(text, tiers=tiers)
    assert ran.printed == ("3\n12\n[10 2]\nmine\n3\nI don't know how  to f\n"), ran.errors
