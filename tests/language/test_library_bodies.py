"""REDUCE's Python body (language/library_bodies.py) agrees with the Logo text of
stdlib/control.lgo, which runs when the body is switched off: outputs, the order the
template sees the members in, what it reads of REDUCE's variables, LOCAL and TEST in it,
STOP, OUTPUT, THROW and errors inside it (their procedure and line), deep and circular
data, Stop, TRACE; and the Logo text runs when anything could tell them apart."""

from __future__ import annotations

import pytest

from logo.language import library_bodies
from logo.language.values import LogoList
from logo.session import interpreter as interpreter_module
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import run_logo, stop_when

TRY = "to try :l\ncatch \"error [run :l]\nlocalmake \"e error\nif not emptyp :e [show :e]\nend\n"
CASES = {
    "kinds": "show reduce \"sum [1 2 3 4]\nshow reduce [?1 - ?2] [10 3 2]\n"
             "show reduce [[a b] :a - :b] [10 3 2]\nshow reduce [[a b] [output list :a :b]] [1 2 3]\n"
             "show reduce \"word \"abcdef\nshow reduce \"word 123\nshow reduce \"sum 5\n"
             "show reduce \"sum [3037000499 3037000499 4611686018427387904]\n"
             "show reduce [?1 + ?2] [0.1 0.2 1e20]\nshow reduce \"sum [\"3 4.0]\n",
    "order_and_scope": "to tpl :a :b\nprint (list :a :b :reduce.data)\noutput :a + :b\nend\n"
                       "show reduce \"tpl [1 2 3 4]\n"
                       "to caller :zz\noutput reduce [?1 + ?2 + :zz] [1 2 3]\nend\nshow caller 100\n",
    "errors": TRY + "try [show reduce \"sum []]\ntry [show reduce \"sum \"]\n"
                    "try [show reduce \"sum {1 2}]\ntry [show reduce [?1 - ?2] [3 a 1]]\n"
                    "try [show reduce [print ?1] [1 2 3]]\ntry [show reduce \"nosuch [1 2]]\n"
                    "try [show reduce \"first [1 2]]\ntry [show reduce [[a] :a] [1 2]]\n"
                    "try [show reduce [] [1 2]]\ntry [show reduce 5 [1 2]]\n"
                    "try [show reduce [?1 + ?2 + :zz] [1 2 3]]\ntry [reduce \"sum [1 2]]\n"
                    "to bad :a :b\nprint :a\nend\ntry [show reduce \"bad [1 2 3]]\n"
                    "to worse :a :b\noutput :a / 0\nend\ntry [show reduce \"worse [1 2 3]]\n",
    "signals": TRY + "try [show reduce [stop] [1 2 3]]\ntry [show reduce [stop] [1 2]]\n"
                     "try [show reduce [output ?1] [1 2 3]]\n"
                     "try [show reduce [[a b] [stop]] [1 2 3 4]]\n"
                     "try [show catch \"x [print reduce [(throw \"x ?1)] [1 2 3]]]\n"
                     "try [show reduce [catch \"error [?1 / 0] (list error ?2)] [1 2 3]]\n",
    "locals": "to loc :a :b\nlocal \"reduce.data\nmake \"reduce.data 99\noutput :a + :b\nend\n"
              "show reduce \"loc [1 2 3 4]\n"
              "to mk :a :b\nmake \"reduce.data [7 7]\nmake \"reduce.template \"word\n"
              "output :a + :b\nend\nshow reduce \"mk [1 2 3 4]\n"
              "make \"reduce.data \"outer\nshow reduce \"sum [1 2]\nshow :reduce.data\n"
              "show reduce [test ?1 > 2 iftrue [output ?1] ?1 + ?2] [1 2 3 4 5]\n",
    "nested_and_redefined": "show reduce [reduce \"word list ?1 ?2] [a b c d]\n"
                            "to redef :a :b\ndefine \"p2 [[a b] [output :a - :b]]\n"
                            "output :a + :b\nend\nshow reduce \"redef [1 2 3 4]\n"
                            "show reduce \"p2 [10 2 3]\nto p2 :a :b\noutput :a * :b\nend\n"
                            "show reduce \"p2 [10 2 3]\n",
    "shared_and_circular": TRY + "make \"l fput 0 fput 1 iseq 2 5\nshow reduce \"sum :l\n"
                                 "show reduce \"list fput 1 fput 2 [3 4]\n"
                                 "make \"c [1 2 3]\n.setbf bf bf :c :c\n"
                                 "try [show reduce \"sum :c]\n",
    "deep": TRY + "make \"big iseq 1 100000\nshow reduce \"sum :big\n"
                  "to plus :a :b\noutput :a + :b\nend\nshow reduce \"plus :big\n"
                  "try [show reduce \"sum iseq 1 100002]\n",
    "traced": TRY + "to tr :a :b\noutput :a + :b\nend\ntrace \"tr\nshow reduce \"tr [1 2 3]\n"
                    "untrace \"tr\ntrace \"reduce\nshow reduce \"tr [1 2 3]\n"
                    "try [show reduce \"nosuch [1 2 3]]\nuntrace \"reduce\nshow reduce \"tr [4 5]\n",
    "erract": "to f\nshow reduce [?1 + ?2] [1 x 3]\nprint \"after\nend\n"
              "make \"erract [10]\nf\nmake \"erract []\n",
    "long_folds": TRY + "make \"many iseq 1 300\nshow reduce [?1 + ?2] :many\n"
                        "show reduce [?1 - ?2 * 2] :many\nshow reduce [?2 - ?] :many\n"
                        "show reduce [word ?2 ?1] :many\nshow reduce [(sum ?1 ?2 0.5)] :many\n"
                        "show reduce [?1 * ?2] :many\nshow reduce [list ?1 ?2] iseq 1 40\n"
                        "show reduce [?1 + ?2] fput 9223372036854775807 :many\n"
                        "show reduce [?1 + ?2] fput 1e308 fput 1e308 :many\n"
                        "try [show reduce [?1 + ?2] lput \"x :many]\n"
                        "try [show reduce [?1 / ?2] fput 5 fput 0 :many]\n"
                        "try [show reduce [?3 + ?2] :many]\ntry [show reduce [?1 + ?2 + ?] :many]\n"
                        "try [show reduce [first ?2] :many]\n"
                        "to r :d\noutput reduce [?1 + ?2] :d\nend\n"
                        "repeat 40 [make \"t r [1 2 3]]\nshow :t\ntry [show r [1 2 x 4]]\n",
    "long_sums": TRY + "show reduce \"sum iseq -300 200\nshow reduce \"sum lput 0.5 iseq 1 300\n"
                       "show reduce \"sum fput 4611686018427387904 fput 4611686018427387904 "
                       "iseq 1 100\n"
                       "show reduce \"sum fput -4611686018427387904 fput 4611686018427387904 "
                       "fput -4611686018427387904 fput 4611686018427387904 iseq 1 100\n"
                       "show reduce \"sum fput \"7 iseq 1 100\ntry [show reduce \"sum lput "
                       "\"x iseq 1 100]\ntry [show reduce \"SUM lput [] iseq 1 100]\n",
    "pure_procedures": TRY + "to plus :a :b\noutput :a + :b\nend\n"
                             "to minus2 :a :b\noutput (difference :a :b) * 2\nend\n"
                             "to seen :a :b\noutput :a + :b + :zz\nend\nmake \"zz 1\n"
                             "make \"many iseq 1 300\nshow reduce \"plus :many\n"
                             "show reduce \"minus2 :many\nshow reduce \"seen :many\n"
                             "try [show reduce \"plus lput \"x :many]\n"
                             "try [show reduce \"minus2 fput [1] :many]\n"
                             "repeat 40 [make \"t reduce \"plus [1 2 3]]\nshow :t\n"
                             "to plus :a :b\noutput :a * :b\nend\n"
                             "show reduce \"plus iseq 1 40\n"
                             "show reduce \"plus fput 9223372036854775807 iseq 1 40\n",
    "redefined_by_user": "show reduce \"sum [1 2 3]\nto reduce :a :b\noutput \"mine\nend\n"
                         "show reduce \"sum [1 2 3]\n",
}


def _ran(text: str, native: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str, list]:
    with monkeypatch.context() as m:
        if not native:
            m.setattr(interpreter_module, "body_of", lambda I, proc: None)
        interp = Interpreter()
        ran = run_logo(text, interp=interp)
    return ran.printed, ran.errors, interp.frames


@pytest.mark.parametrize("name", sorted(CASES))
def test_reduce_body_agrees_with_the_logo_text(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = CASES[name]
    native = _ran(text, True, monkeypatch)
    assert native == _ran(text, False, monkeypatch)
    assert native[2] == []


def test_the_python_body_is_what_runs() -> None:
    interp = Interpreter()
    run_logo("show reduce \"sum [1 2 3]", interp=interp)
    assert interp.procedures["reduce"].code.__qualname__.startswith("_reduce_body")


def test_the_logo_text_runs_when_reduce_is_traced_or_erract_set() -> None:
    interp = Interpreter()
    ran = run_logo("trace \"reduce\nshow reduce \"sum [1 2]\n", interp=interp)
    assert "( reduce \"sum [1 2] )" in ran.printed
    assert library_bodies.body_of(interp, interp.procedures["reduce"]) is None
    interp = Interpreter()
    run_logo("show reduce \"sum [1 2]\nmake \"erract [1]\n", interp=interp)
    assert library_bodies.body_of(interp, interp.procedures["reduce"]) is None


def _stopped(native: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[bool, str, dict]:
    with monkeypatch.context() as m:
        if not native:
            m.setattr(interpreter_module, "body_of", lambda I, proc: None)
        host = BufferHost()
        interp = Interpreter(host=host)
        interp.vars["many"] = LogoList(list(range(99_000)))
        text = "to slow :a :b\nrepeat 50 [make \"w :a]\noutput :a + :b\nend\n" \
               "show reduce \"slow :many\n"
        with stop_when(interp, lambda: len(interp.frames) > 10):
            ok = interp.run_source(text)
    return ok, host.output, {k: v for k, v in interp.vars.items() if k.startswith("reduce.")}


def test_stop_reaches_a_long_reduce(monkeypatch: pytest.MonkeyPatch) -> None:
    ok, said, left = _stopped(True, monkeypatch)
    assert not ok and left == {}
    _ok, said2, _ = _stopped(False, monkeypatch)
    assert said.splitlines()[0] == said2.splitlines()[0], (said, said2)


def test_a_long_fold_of_a_closed_template_runs_its_compiled_loop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The long folds above are the loop's (template_folds), not the template's steps:
    the template's list code runs for none of their members."""
    from logo.language import template_folds

    made: list = []
    real = template_folds._compile
    monkeypatch.setattr(template_folds, "_compile",
                        lambda I, t, node: made.append(t) or real(I, t, node))
    interp = Interpreter()
    ran = run_logo("make \"t [?1 - ?2]\nshow reduce :t iseq 1 100\n"
                   "show reduce :t iseq 1 200\nshow reduce [?3 + ?1] [1 2]\n", interp=interp)
    assert ran.printed == "-50\n-100\n" and "? doesn't like 3" in ran.errors
    assert len(made) == 1 and made[0] is interp.vars["t"]
    ran = run_logo("to plus :a :b\noutput :a - :b\nend\nshow reduce \"plus iseq 1 100\n"
                   "to seen :a :b\noutput :a - :b + :zz\nend\nmake \"zz 0\n"
                   "show reduce \"seen iseq 1 100\n", interp=interp)
    assert ran.printed.endswith("-100\n-50\n-50\n") and len(made) == 2
    assert made[1] is interp.procedures["plus"].lines[0]


def _stopped_fold(loop: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[bool, str, Interpreter]:
    """A long fold asked to stop as it begins (where the loop is, from its loop)."""
    host = BufferHost()
    interp = Interpreter(host=host)
    real = library_bodies.run_loop

    def stop_then_run(I, fn, members, j, acc):  # type: ignore[no-untyped-def]
        I.request_stop()
        return real(I, fn, members, j, acc)

    with monkeypatch.context() as m:
        m.setattr(library_bodies, "run_loop", stop_then_run)
        if not loop:
            m.setattr(library_bodies, "fold_loop", lambda I, t, n: None)
            m.setattr(library_bodies, "_closed_template", lambda I, t: (I.request_stop(), True)[1])
        ok = interp.run_source("show reduce [?1 + ?2 * 2] iseq 1 5000\nprint \"after\n")
    return ok, host.output, interp


def test_stop_reaches_a_long_fold_of_a_closed_template(monkeypatch: pytest.MonkeyPatch) -> None:
    ok, said, interp = _stopped_fold(True, monkeypatch)
    assert not ok and "after" not in said
    assert interp.frames == [] and "reduce.data" not in interp.vars
    _ok, said2, _ = _stopped_fold(False, monkeypatch)
    assert said == said2, (said, said2)
