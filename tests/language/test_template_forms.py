"""FOREACH with a literal explicit-slot template compiled inline (template_forms.py)
agrees with the primitive's steps (``LOGO_TIERS=interpret`` never compiles a procedure,
so there every FOREACH is the primitive): what ?, ?REST and # report, in the body and in
procedures it calls, STOP, OUTPUT, THROW and errors inside it, and what it leaves."""

from __future__ import annotations

import pytest

from logo.language import template_forms
from logo.language.values import LogoList
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import run_logo, stop_when

CASES = {
    "sum": "to f :l\nmake \"t 0\nforeach :l [make \"t :t + ?]\noutput :t\nend\n"
           "print f [1 2 3]\nprint f [1.5 2 100000000000000000000]\nprint f []\n",
    "number_and_rest": "to f :l\nforeach :l [print (list ? # ?rest)]\nend\nf [a b c]\n",
    "word_data": "to f :w\nforeach :w [type ?]\nprint \".\nend\nf \"hello\nf 345\nf 3.5\n",
    "slots_read_by_callees": "to g\nprint (list ? # ?rest)\nend\n"
                             "to f\nforeach [x y] [g]\nend\nf\n",
    "nested": "to f\nforeach [1 2] [foreach [a b] [print (list ? #)] print (list ? #)]\nend\n"
              "f\n",
    "stop_in_body": "to f\nforeach [1 2 3] [if ? = 2 [stop] print ?]\nprint \"after\nend\n"
                    "f\nprint \"done\n",
    "output_in_body": "to f\nforeach [1 2 3] [if ? = 2 [output ? * 10]]\noutput 0\nend\n"
                      "print f\n",
    "output_a_call": "to g\noutput (list ? #)\nend\nto f\nforeach [1 2 3] [output g]\nend\n"
                     "show f\n",
    "throw_in_body": "to f\nforeach [1 2 3] [if ? = 2 [throw \"out] print ?]\nend\n"
                     "catch \"out [f]\nshow (list ? 1)\n",
    "error_in_body": "to f\nprint 1\nforeach [1 0] [print 10 / ?]\nend\nf\n",
    "error_then_slots": "to f\nforeach [1 2] [print sum ? \"a]\nend\n"
                        "catch \"error [f]\nshow error\nforeach [q] [print (list ? #)]\n",
    "dont_say": "to f\nforeach [1 2] [?]\nend\nf\n",
    "dont_say_call": "to g\noutput 5\nend\nto f\nforeach [1 2] [g]\nend\nf\n",
    "hash_outside": "to f\nrepeat 2 [foreach [a] [print #] print #]\nend\nf\n",
    "template_number_restored": "to f\nforeach [a] [print #]\nshow :template.number\nend\nf\n",
    "array_data": "to f\nforeach {4 5} [print ? + #]\nend\nf\n",
    "numbers_as_words": "to f\nforeach [\"3 3.0 1e2] [print ? + 1]\nend\nf\n",
    "numbers": "to f\nforeach [3 3.0 1e2 0.1] [print ? + 1]\nend\nf\n",
    "several_lists": "to f\n(foreach [1 2] [a b] [print (list ?1 ?2 #)])\nend\nf\n",
    "named_slots": "to f\nforeach [1 2] [[x] print :x * #]\nend\nf\n",
    "computed_template": "to f :t\nforeach [1 2] :t\nend\nf [print ?]\n",
    "redefine_inside": "to g\nprint \"old\nend\nto f\nforeach [1 2] [g define \"g [[] [print \"new]]]\nend\n"
                       "f\n",
    "bad_slot": "to f\nforeach [1] [print ?2]\nend\nf\n",
    "localmake_in_body": "to f\nforeach [1 2] [localmake \"z ?]\nprint :z\nend\nf\n",
    "in_repeat": "to f\nmake \"t 0\nrepeat 3 [foreach [1 2] [make \"t :t + ? * repcount]]\nprint :t\n"
                 "end\nf\n",
    "loops_inside": "to f\nmake \"t 0\nforeach [1 2] [repeat 30 [make \"t :t + ? * repcount] "
                    "for [i 1 3] [make \"t :t + ? * :i]]\nprint :t\nend\nf\n",
    "inner_primitive_template": "to f\nforeach [1 2] [(foreach [a] [b] [print (list ? ?2 #)]) "
                                "print map [? * 2] [5 6] print ?]\nend\nf\n",
    "run_inside": "to f\nforeach [1 2] [run [print ? * #] print runresult [? + 1]]\nend\nf\n",
    "macro_in_body": ".macro m\noutput [print ?]\nend\n.macro m2\noutput [3]\nend\n"
                     "to f\nforeach [1 2] [m]\nforeach [1 2] [m2]\nend\nf\n",
    "erract_in_body": "to f\nforeach [1 x 3] [print sum ? 1]\nprint \"after\nend\n"
                      "make \"erract [(list ? # 10)]\nf\nmake \"erract []\n",
    "erract_number": "to f\nforeach [1 x 3] [print ? + #]\nend\n"
                     "make \"erract [7]\nf\nmake \"erract []\n",
    "foreach_redefined": "to f\nforeach [1 2] [type ?]\nend\nf\nf\nto foreach :a :b\nprint \"mine\n"
                         "end\nf\nrepeat 2 [foreach [7] [print ?]]\n",
    "tail_after": "to f :n\nif :n = 0 [stop]\nforeach [1] [type :n]\nf :n - 1\nend\nf 5\nprint \"\n",
}


def _deep(levels: int) -> str:
    body = "type (list ? #)"
    for i in range(levels):
        body = f"foreach [a] [{body}]" if i % 3 else f"repeat 1 [{body}]"
    return f"to f\n{body}\nend\nf\n"


CASES["deep"] = _deep(40)


def _ran(text: str, tiers: str) -> tuple[str, str]:
    ran = run_logo(text, interp=Interpreter(tiers=tiers))
    return ran.printed, ran.errors


@pytest.mark.parametrize("name", sorted(CASES))
def test_inline_foreach_agrees_with_the_primitive(name: str) -> None:
    text = CASES[name]
    assert _ran(text, "compile") == _ran(text, "interpret")


def test_the_inline_loop_is_what_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    starts = []
    real = template_forms.start
    monkeypatch.setattr(template_forms, "start", lambda I, d: starts.append(d) or real(I, d))
    ran = run_logo("to f\nforeach [1 2] [print ?]\nend\nf\n", interp=Interpreter(tiers="compile"))
    assert ran.printed == "1\n2\n" and len(starts) == 1


def test_slots_are_empty_after_an_error() -> None:
    interp = Interpreter(tiers="compile")
    run_logo("to f\nforeach [1 2] [print 1 / 0]\nend\nf\n", interp=interp)
    assert interp.slots == []
    assert "template.number" not in interp.vars


def _stopped(tiers: str) -> tuple[bool, str, list]:
    host = BufferHost()
    interp = Interpreter(host=host, tiers=tiers)
    interp.vars["many"] = LogoList(list(range(3_000_000)))
    with stop_when(interp, lambda: interp.slots):
        ok = interp.run_source("to t\nmake \"n 0\nforeach :many [make \"n :n + ?]\nend\nt\n")
    return ok, host.output, interp.slots


def test_stop_reaches_an_inline_foreach_as_the_primitive() -> None:
    ok, said, slots = _stopped("compile")
    assert not ok and slots == []
    _ok, said2, _ = _stopped("interpret")
    assert said.splitlines()[0] == said2.splitlines()[0], (said, said2)
