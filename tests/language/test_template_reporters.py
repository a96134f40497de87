"""MAP, FILTER and FIND with a literal one-expression template compiled inline
(template_forms.reporter_map) agree with the primitives' steps (``LOGO_TIERS=interpret``
never compiles a procedure, so there every MAP is the primitive): values, words and
arrays as data, numbers as words, #, ?REST and ? read by procedures the template calls,
a template with no value or not TRUE or FALSE, errors inside it (who, procedure, line),
THROW through it, redefinition while it runs, nesting, Stop."""

from __future__ import annotations

import pytest

from logo.language import operations, template_forms
from logo.language.values import LogoList
from logo.primitives.registry import build_registry
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import run_logo, stop_when

TRY = "to try :l\ncatch \"error [run :l]\nlocalmake \"e error\nif not emptyp :e [show :e]\nend\n"
CASES = {
    "numbers": "to f :l\nshow map [? * ?] :l\nshow filter [? < 10] :l\nshow find [? > 2] :l\n"
               "show map [? - 1] :l\nshow map [remainder ? 3] :l\nend\n"
               "f [1 2 3 4.5 3037000499 1e20 -7]\nf []\nf [\"3 3.0 1e2]\n",
    "words_and_arrays": "to f :d\nshow map [uppercase ?] :d\nshow filter [memberp ? \"aeiou] :d\n"
                        "show find [equalp ? \"l] :d\nshow map [first ?] :d\nend\n"
                        "f \"hello\nf [ab cd]\nf {xy lz}\nf 345\n",
    "members_as_words": "to f :l\nshow filter [memberp ? [3 5 7]] :l\n"
                        "show count filter [memberp ? [3 5 7]] map [remainder ? 10] :l\nend\n"
                        "f [3 5 8 13 15 \"7 7.0 x]\n",
    "hash_and_rest": "to f :l\nshow map [(list ? # ?rest)] :l\nshow filter [# > 1] :l\n"
                     "show find [# = 2] :l\nshow :template.number\nend\nf [a b c]\n",
    "slots_read_by_callees": "to g\noutput (list ? #)\nend\nto f\nshow map [g] [x y]\n"
                             "show filter [equalp first g \"y] [x y]\nend\nf\n",
    "procedures": "to sq :x\noutput :x * :x\nend\nto none :x\nend\n"
                  "to f\nshow map [sq ?] [1 2 3]\nshow map [sq sq ?] [2]\nend\nf\n"
                  + TRY + "to g\nshow map [none ?] [1]\nend\ntry [g]\n"
                          "to h\nshow filter [none ?] [1]\nend\ntry [h]\n",
    "no_value_and_truth": TRY + "to f\nshow filter [?] [true false TRUE False]\n"
                                "show find [?] [false True]\nend\nf\n"
                                "to g\nshow filter [? + 1] [1]\nend\ntry [g]\n"
                                "to h\nshow find [first ?] [abc]\nend\ntry [h]\n",
    "errors": TRY + "to f\nshow map [? + 1] [1 a 3]\nend\ntry [f]\n"
                    "to g\nshow filter [? > 1] [1 a]\nend\ntry [g]\n"
                    "to h\nshow map [10 / (? - 2)] [1 2]\nend\ntry [h]\n"
                    "to k\nshow map [?2] [1]\nend\ntry [k]\n"
                    "to m\nshow map [:nosuch + ?] [1]\nend\ntry [m]\n"
                    "to n\nshow map [item ? [a b]] [1 3]\nend\ntry [n]\n"
                    "to p\nshow map [list ? 1] \"ab\nend\ntry [p]\n",
    "throw_and_catch": "to g :x\nif :x = 2 [throw \"out]\noutput :x\nend\n"
                       "to f\nshow map [g ?] [1 2 3]\nend\ncatch \"out [f]\nprint \"after\n"
                       "to h\noutput catch \"x [map [ifelse ? = 2 [throw \"x] [?]] [1 2]]\nend\n"
                       "show h\n",
    "nested": "to f\nshow map [map [? * 10] iseq 1 ?] [1 2 3]\n"
              "show map [filter [? > 1] ?] [[1 2] [3 0]]\n"
              "foreach [1 2] [show map [? + 100] list ? ?]\nend\nf\n",
    "redefine_inside": "to g :x\ndefine \"g [[x] [output :x * 100]]\noutput :x\nend\n"
                       "to f\nshow map [g ?] [1 2 3]\nend\nf\n",
    "redefine_arity": TRY + "to g :x\ndefine \"g [[x y] [output :x + :y]]\noutput :x\nend\n"
                            "to f\nshow map [g ?] [1 2 3]\nend\ntry [f]\n"
                            "to h :x\ndefine \"h [[x] [output :x * 10]]\noutput :x\nend\n"
                            "to k\nshow filter [1 < h ?] [1 2 3]\nend\nk\n",
    "scope": "to f :k\nshow map [? * :k] [1 2]\nshow filter [? > :k] [1 2 3]\nend\nf 2\n"
             "to h\nlocalmake \"z 5\nshow map [? + :z] [1]\nend\nh\n",
    "in_loops": "to f\nmake \"t 0\nrepeat 3 [make \"t :t + count filter [? > repcount] [1 2 3]]\n"
                "print :t\nfor [i 1 2] [show map [? * :i] [1 2]]\nend\nf\n",
    "template_number_restored": "to f\nforeach [a] [show map [#] [x y] print #]\nend\nf\n",
    "map_redefined": "to f\nshow map [? * 2] [1 2]\nend\nf\nto map :a :b\noutput \"mine\nend\nf\n",
}



def _deep() -> str:
    terms = " + 0" * 60
    nested = "map [? * 2] [1 2]"
    for _ in range(30):
        nested = f"(list 1 {nested})"
    return f"to f\nshow map [?{terms}] [1 2]\nshow {nested}\nshow map [1 / (? - 1){terms}] [1]\nend\n" \
           f"catch \"error [f]\nshow error\n"


CASES["deep"] = _deep()


def _ran(text: str, tiers: str) -> tuple[str, str]:
    ran = run_logo(text, interp=Interpreter(tiers=tiers))
    return ran.printed, ran.errors


@pytest.mark.parametrize("name", sorted(CASES))
def test_inline_map_filter_find_agree_with_the_primitives(name: str) -> None:
    text = CASES[name]
    assert _ran(text, "compile") == _ran(text, "interpret")


def test_the_inline_loop_is_what_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    starts = []
    real = template_forms.start
    monkeypatch.setattr(template_forms, "start", lambda I, d: starts.append(d) or real(I, d))
    text = "to f\nshow map [? * 2] [1 2]\nshow filter [? > 1] [1 2]\nshow find [? > 1] [1 2]\nend\nf\n"
    ran = run_logo(text, interp=Interpreter(tiers="compile"))
    assert ran.printed == "[2 4]\n[2]\n2\n" and len(starts) == 3


def test_the_operations_named_are_primitives() -> None:
    names = build_registry().by_name
    assert all(names[n].name == n for n in operations.OPERATIONS)


def test_slots_are_empty_after_an_error() -> None:
    interp = Interpreter(tiers="compile")
    run_logo("to f\nshow map [1 / ?] [1 0]\nend\nf\n", interp=interp)
    assert interp.slots == [] and "template.number" not in interp.vars


def _stopped(tiers: str) -> tuple[bool, str, list]:
    host = BufferHost()
    interp = Interpreter(host=host, tiers=tiers)
    interp.vars["many"] = LogoList(list(range(3_000_000)))
    with stop_when(interp, lambda: interp.slots):
        ok = interp.run_source("to t\nmake \"n count filter [? > -1] :many\nend\nt\n")
    return ok, host.output, interp.slots


def test_stop_reaches_an_inline_filter_as_the_primitive() -> None:
    ok, said, slots = _stopped("compile")
    assert not ok and slots == []
    _ok, said2, _ = _stopped("interpret")
    assert said.splitlines()[0] == said2.splitlines()[0], (said, said2)
