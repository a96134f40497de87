"""The fast paths of RUN and INVOKE agree with the slow ones.

Lists a program builds and runs (shape_code.py: the compiled code of a line's shape)
are checked under the default tiers against ``LOGO_TIERS=interpret``, which compiles
nothing: values of every kind in the slots, errors, signals, redefinitions.

``run <expression>`` compiled to the call of the list's kept code (run_forms.py) is
checked against ``LOGO_TIERS=interpret``, where no procedure is compiled and every RUN is
the primitive's: errors (who, procedure, line), STOP, OUTPUT and THROW of the list run,
a list changed or a procedure redefined between runs, words, values, ERRACT.  INVOKE's
body with a one-input ``[[x] ...]`` template (library_bodies.py, templates.one_slot) is
checked against INVOKE's Logo text, and the general binding of optional and rest inputs
(binding.py) against what it hides and puts back."""

from __future__ import annotations

import pytest

from logo.language.values import LogoList
from logo.session import interpreter as interpreter_module
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import run_logo, stop_when

TRY = "to try :l\ncatch \"error [run :l]\nlocalmake \"e error\nif not emptyp :e [show :e]\nend\n"
RUNS = {
    "errors": TRY + "to p :l\nrepeat 3 [run :l]\nend\nmake \"c 0\n"
                    "make \"x [make \"c :c + 1 if :c > 2 [print 1 / 0]]\n"
                    "try [p :x]\ntry [p [print first []]]\ntry [p [nosuch 3]]\n"
                    "try [p [print]]\ntry [p [3 + 4]]\ntry [p [print :undefinedvar]]\n",
    "signals": "make \"y [stop]\nto r\nrepeat 5 [run :y print \"no]\nprint \"never\nend\nr\n"
               "to s\nrepeat 5 [run [output 7]]\nend\nprint s\n"
               "to q :l\nrepeat 10 [run :l print repcount]\nend\n"
               "print catch \"done [q [if repcount = 4 [throw \"done]]]\n",
    "changed_between_runs": "make \"z [print \"once make \"z [print \"twice]]\n"
                            "to f\nrepeat 4 [run :z]\nend\nf\n"
                            "to g\nprint \"old\nend\nmake \"w [g]\n"
                            "to h\nrepeat 3 [run :w if repcount = 1 [define \"g [[] [print \"new]]]]\n"
                            "end\nh\n",
    "words_and_values": "to f :v\nrepeat 2 [run :v]\nend\nf \"print\\ 5\nf [print repcount]\n"
                        "to k\nrepeat 2 [run [print 1] (run [print 2])]\nend\nk\n"
                        "to v\nrepeat 2 [print run [3 + 4]]\nend\nv\n"
                        "to e\nrepeat 2 [run []]\nend\ne\n",
    "numbers": "make \"t 0\nmake \"x [make \"t :t + 4611686018427387904]\n"
               "to f\nrepeat 3 [run :x]\nend\nf\nprint :t\n"
               "make \"x [make \"t :t + 0.1]\nf\nprint :t\nmake \"x [make \"t word :t \"3]\nf\nprint :t\n",
    "scope": "to f :n\nrepeat 2 [run [print :n * repcount]]\nend\nf 5\n"
             "to g\nlocal \"m\nmake \"m 1\nrepeat 3 [run [make \"m :m * 2]]\nprint :m\nend\ng\n",
    "erract": "to f\nrepeat 2 [run [print sum 1 \"x]]\nprint \"after\nend\n"
              "make \"erract [10]\nf\nmake \"erract []\n",
    "deep": "to d :n\nif :n = 0 [stop]\nrun [d :n - 1]\nend\nd 200\nprint \"ok\n",
    "fused": TRY + "make \"t 0\nmake \"x [make \"t :t + 1]\nto f :n\nrepeat :n [run :x]\nend\n"
                   "f 100\nprint :t\nrepeat 100 [run :x]\nprint :t\n"
                   "make \"x [make \"t :t + 1 if :t = 270 [print 1 / 0]]\ntry [f 100]\nprint :t\n"
                   "make \"x [make \"t :t + repcount]\nf 100\nprint :t\nf 0\nf 3\nprint :t\n"
                   "make \"x [make \"t :t + 1 if :t > 5000 [make \"x [make \"t :t + 1000]]]\n"
                   "f 100\nprint :t\nmake \"x [if repcount = 70 [stop] make \"t :t + 0.5]\n"
                   "f 100\nprint :t\nmake \"x [make \"u :u + 1]\ntry [f 100]\n"
                   "make \"x [make \"t :t + 4611686018427387904]\nf 100\nprint :t\n"
                   "make \"x [print repcount]\nf 65\nmake \"x [3]\ntry [f 100]\n"
                   "make \"x [make \"t :t + 1 g]\nto g\nend\nf 100\nprint :t\n"
                   "make \"x \"print\\ 1\ntry [f 100]\n"
                   "to h :x\nrepeat 100 [run :x]\nend\nh [make \"t :t + 1]\nprint :t\n",
}


def _ran(text: str, tiers: str) -> tuple[str, str]:
    ran = run_logo(text, interp=Interpreter(tiers=tiers))
    return ran.printed, ran.errors


@pytest.mark.parametrize("name", sorted(RUNS))
def test_compiled_run_agrees_with_the_primitive(name: str) -> None:
    text = RUNS[name]
    assert _ran(text, "compile") == _ran(text, "interpret")


INVOKES = {
    "kinds": "show invoke [[x] :x * 2] 21\nshow (invoke [[x y] :x - :y] 10 3)\n"
             "show invoke \"first [a b]\nshow invoke [? + 1] 4\nshow (invoke \"sum 1 2 3)\n"
             "repeat 3 [show invoke [[x] :x * repcount] 4611686018427387904]\n"
             "repeat 2 [show invoke [[x] word :x \"3] 1.5]\n",
    "scope": "to g\noutput (list :x :invoke.template :invoke.inputs)\nend\n"
             "make \"x \"outer\nrepeat 2 [show invoke [[x] g] 7]\nshow :x\n"
             "to h :x\nrepeat 2 [show invoke [[x] :x + 1] :x * 10]\noutput :x\nend\nshow h 1\n",
    "errors": TRY + "try [repeat 2 [show invoke [[x] :x / 0] 1]]\n"
                    "try [repeat 2 [invoke [[x] :x + 1] 1]]\n"
                    "try [repeat 2 [show invoke [[x] print :x] 1]]\n"
                    "try [repeat 2 [show (invoke [[x] :x] 1 2)]]\n"
                    "try [repeat 2 [show (invoke [[x y] :x] 1)]]\n"
                    "to f\nrepeat 2 [show invoke [[x] first :x] []]\nend\ntry [f]\n",
    "signals": TRY + "to s\nrepeat 2 [print invoke [[x] [output :x * 3]] 5]\nend\ns\n"
                     "try [repeat 2 [show invoke [[x] [stop]] 1]]\n"
                     "print catch \"t [repeat 3 [invoke [[x] (throw \"t :x)] 9]]\n",
    "redefined": "to g :a\noutput :a + 1\nend\nrepeat 3 [show invoke [[x] g :x] 1 "
                 "define \"g [[a] [output :a * 100]]]\n",
    "erract": "to f\nrepeat 2 [show invoke [[x] sum :x 1] \"q]\nprint \"after\nend\n"
              "make \"erract [10]\nf\nmake \"erract []\n",
    "reduce_a_primitive": TRY + "show reduce \"sum iseq 1 6000\nshow reduce \"SUM [1.5 2 3]\n"
                                "show reduce \"difference [10 3 2 1]\nshow reduce \"word [a b 3 c]\n"
                                "show reduce \"quotient [1 3 7.0]\nshow reduce \"sum [0.1 0.2 1e20 -1e20]\n"
                                "show reduce \"sum [4611686018427387904 4611686018427387904 -5]\n"
                                "show reduce \"sum (list \"3 \"4.5 \"1e2)\nshow reduce \"list [1 2 3]\n"
                                "try [show reduce \"sum [1 a 3]]\ntry [show reduce \"quotient [1 0 2]]\n"
                                "try [show reduce \"print [1 2 3]]\ntry [show reduce \"type [x y]]\n"
                                "try [show reduce \"word [a [b] c]]\ntry [show reduce \"minus [1 2]]\n"
                                "show reduce \"sum fput 1 fput 2 [3 4]\nmake \"c [1 2 3]\n"
                                ".setbf bf bf :c :c\ntry [show reduce \"sum :c]\n"
                                "try [show reduce \"sum iseq 1 100002]\n"
                                "to sum :a :b\noutput \"mine\nend\nshow reduce \"sum [1 2 3]\n",
    "reduce_a_list": TRY + "show reduce [?1 + ?2] iseq 1 6000\nshow reduce [?1 - ?2] [10 3 2 1]\n"
                           "show reduce [?2 - ?1] [10 3 2 1]\nshow reduce [(?1) * ?2 + 1] [2 3 4]\n"
                           "show reduce [word ?1 ?2] [a b c]\nshow reduce [?1 + ?2] [0.1 0.2 1e20 -1e20]\n"
                           "show reduce [? + ?2] (list \"3 4.5 4611686018427387904)\n"
                           "try [show reduce [?1 / ?2] [1 0 2]]\ntry [show reduce [?1 + ?3] [1 2]]\n"
                           "try [show reduce [?1 + \"a] [1 2]]\ntry [show reduce [first ?1] [1 [] 3]]\n"
                           "make \"x 5\nshow reduce [?1 + ?2 + :x] [1 2 3]\n"
                           "show reduce [(list ?1 ?2 count :reduce.data)] [1 2 3]\n"
                           "show reduce [(list ?1 ?2 thing \"reduce.data)] [1 2 3]\n"
                           "try [show reduce [?1 + ?2] iseq 1 100002]\n"
                           "to f :a\noutput reduce [?1 + ?2] :a\nend\nshow f [4 5 6]\n",
}


def _invoked(text: str, native: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str, list]:
    with monkeypatch.context() as m:
        if not native:
            m.setattr(interpreter_module, "body_of", lambda I, proc: None)
        interp = Interpreter()
        ran = run_logo(text, interp=interp)
    return ran.printed, ran.errors, interp.frames


@pytest.mark.parametrize("name", sorted(INVOKES))
def test_invoke_body_agrees_with_the_logo_text(name: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    text = INVOKES[name]
    native = _invoked(text, True, monkeypatch)
    assert native == _invoked(text, False, monkeypatch)
    assert native[2] == []


def test_optional_and_rest_inputs_bind_and_restore() -> None:
    text = ("to f :a [:b :a + 1] [:c] \nshow (list :a :b :c)\nend\n"
            "make \"a \"A\nmake \"b \"B\nmake \"c \"C\nf 1\n(f 1 2)\n(f 1 2 3 4)\n"
            "show (list :a :b :c)\n"
            "to g [:k (make \"k 5) 9]\nshow :k\nend\nmake \"k 1\ng\nshow :k\n"
            "to h [:r]\nshow :r\nend\n(h)\n(h 1 [2])\n")
    ran = run_logo(text, interp=Interpreter())
    assert ran.errors == ""
    assert ran.printed == ("[1 2 []]\n[1 2 []]\n[1 2 [3 4]]\n[A B C]\n9\n5\n[]\n[1 [2]]\n")


def test_a_list_run_before_is_not_given_to_the_primitive(monkeypatch: pytest.MonkeyPatch) -> None:
    from logo.primitives import control

    calls = []
    real = control.run.__wrapped__ if hasattr(control.run, "__wrapped__") else control.run
    interp = Interpreter(tiers="compile")
    spec = interp.registry.get("run")
    monkeypatch.setattr(spec, "fn", lambda I, l, **k: calls.append(l) or real(I, l, **k))
    ran = run_logo("make \"t 0\nmake \"x [make \"t :t + 1]\nto f\nrepeat 50 [run :x]\nend\n"
                   "f\nprint :t\n", interp=interp)
    assert ran.printed == "50\n" and len(calls) == 1


def _switched(tiers: str) -> str:
    """A turn (as a process's or a definition typed while the loop runs) makes :x
    another list: the turns after it run the new list."""
    interp = Interpreter(tiers=tiers)
    real, seen = interp.check_interrupt, []

    def check() -> None:
        real()
        seen.append(1)
        if len(seen) == 50:
            interp.vars["x"] = LogoList(["make", '"t', ":t", "+", 1000])
        interp.interrupt = True

    interp.check_interrupt = check  # type: ignore[method-assign]
    text = "make \"t 0\nmake \"x [make \"t :t + 1]\nto f\nrepeat 200 [run :x]\nend\nf\nprint :t\n"
    ran = run_logo(text, interp=interp)
    return ran.printed + ran.errors


def test_a_turn_that_changes_the_list_is_seen_by_the_next_run() -> None:
    said = _switched("compile")
    assert said == _switched("interpret")
    assert int(said) > 100_000


BUILT = {
    "make": "make \"t 0\nrepeat 40 [run (list \"make quoted \"t (list \":t \"+ repcount))]\n"
            "show :t\nmake \"t 0\nrepeat 40 [run (sentence \"make quoted \"t \":t \"+ repcount)]\nshow :t\n"
            "repeat 40 [run (list \"make quoted word \"v repcount repcount * 2)]\nshow :v7 + :v33\n",
    "numbers": "repeat 30 [run (list \"print repcount * 4611686018427387904)]\n"
               "repeat 30 [run (list \"print repcount / 3)]\n"
               "repeat 30 [run (list \"print quoted word repcount \"e2 \"+ 1)]\n"
               "repeat 30 [run (list \"print (word repcount \".5) \"+ 1)]\n",
    "words_and_lists": "repeat 20 [run (list \"show quoted word \"a repcount)]\n"
                       "repeat 20 [run (list \"show (list 1 repcount))]\n"
                       "repeat 20 [run (list \"if quoted \"true (list \"print repcount))]\n"
                       "repeat 20 [run (list \"repeat 2 (list \"type repcount))]\nprint \"\n"
                       "repeat 20 [run (list \"run (list \"type repcount))]\nprint \"\n",
    "values": TRY + "repeat 20 [print run (list repcount \"+ 1)]\n"
                    "repeat 20 [show runresult (list \"word quoted \"x repcount)]\n"
                    "repeat 20 [try (list \"print \"run (list \"type repcount))]\n"
                    "repeat 20 [try (list \"run (list repcount))]\n",
    "errors": TRY + "repeat 20 [try (list \"print repcount \"/ 0)]\n"
                    "repeat 20 [try (list \"print \"sum quoted \"x repcount)]\n"
                    "to p :n\nrun (list \"print :n \"/ 0)\nend\nrepeat 20 [try [p 1]]\n"
                    "repeat 20 [try (list \"print \"first (list))]\n",
    "signals": "to f :n\nrun (list \"output :n * 2)\nend\nrepeat 20 [type f repcount]\nprint \"\n"
               "to g :n\nrun (list \"if \":n \"> 0 [stop])\nprint \"no\nend\nrepeat 20 [g repcount]\n"
               "print catch \"x [repeat 30 [run (list \"if \"repcount \"= 25 (list \"throw quoted \"x))]]\n",
    "redefined": "to g :x\noutput :x + 1\nend\nrepeat 20 [run (list \"print \"g repcount)]\n"
                 "to g :x\noutput :x * 100\nend\nrepeat 20 [run (list \"print \"g repcount)]\n"
                 "to g :x :y\noutput :x - :y\nend\nrepeat 20 [run (list \"print \"g repcount 1)]\n",
    "arrays": "repeat 20 [run (list \"make quoted \"a listtoarray [1 2])]\nsetitem 1 :a 5\nshow :a\n"
              "repeat 20 [run (list \"show \"count listtoarray (list repcount))]\n",
}


@pytest.mark.parametrize("name", sorted(BUILT))
def test_built_lists_agree_with_the_interpreting_tier(name: str) -> None:
    text = BUILT[name]
    assert _ran(text, "auto") == _ran(text, "interpret")


def test_a_hot_shape_is_compiled_once() -> None:
    from logo.language import shape_code

    interp = Interpreter(tiers="auto")
    ran = run_logo("make \"t 0\nrepeat 200 [run (list \"make quoted \"t (list \":t \"+ repcount))]\n"
                   "print first :t\n", interp=interp)
    assert ran.printed == ":t\n"
    codes = [v for v in interp.trees.shapes.values() if callable(v)]
    assert len(codes) == 1 and codes[0] is not shape_code._not_compiled


NAMED = {
    "kinds": "to cube :x\noutput :x * :x * :x\nend\nto odd? :x\noutput (remainder :x 2) = 1\nend\n"
             "to f\nshow map \"cube (list 1 2 3 4611686018427387904 0.5 \"3 \"1e2)\nshow filter \"odd? iseq 1 9\n"
             "show find \"odd? [2 4 5 7]\nshow find \"odd? [2 4]\nshow map \"cube \"123\n"
             "show map \"CUBE []\nshow filter \"odd? \"12345\nend\nf\n",
    "scope": "to g :x\noutput (list :x # ?)\nend\n"
             "to f\nforeach [7] [show map \"g [c d]]\n"
             "show map [map \"g (list ?)] [e]\nshow map \"g [a b]\nend\nf\n",
    "errors": TRY + "to none :x\nprint :x\nend\nto bad :x\noutput :x / 0\nend\n"
                    "to wordy? :x\noutput \"maybe\nend\n"
                    "to f :t\nshow map :t [1 2]\nend\n"
                    "to g\nshow map \"none [1 2]\nend\nto h\nshow map \"bad [1 2]\nend\n"
                    "to k\nshow filter \"wordy? [1 2]\nend\nto m\nshow map \"bad []\nend\n"
                    "try [g]\ntry [h]\ntry [k]\ntry [m]\ntry [f \"none]\n",
    "primitives": TRY + "to f\nshow map \"first [abc [d e] 45]\nshow map \"BF [abc [d e]]\n"
                        "show filter \"numberp [1 a \"2 [3]]\nshow map \"list [1 2]\n"
                        "show map \"sqrt [4 2]\nshow map \"count \"abc\nshow find \"emptyp [a [] b]\n"
                        "show map \"minus [1 -2.5]\nend\nf\n"
                        "to g\nshow map \"first [a []]\nend\ntry [g]\n"
                        "to h\nshow filter \"first [a b]\nend\ntry [h]\n"
                        "to k\nshow map \"sum [1 2]\nshow map \"quotient [1 2]\nend\ntry [k]\n",
    "signals": "to s :x\nif :x = 2 [(throw \"out 5)]\noutput :x\nend\n"
               "to f\nshow catch \"out [map \"s [1 2 3]]\nend\nf\n",
    "redefined": "to r :x\ndefine \"r [[x] [output :x * 100]]\noutput :x\nend\n"
                 "to f\nshow map \"r [1 2 3]\nshow map \"r [1 2 3]\nend\nf\n"
                 "to e :x\nerase \"e\noutput :x\nend\n"
                 "to g\nshow map \"e [1 2 3]\nend\ng\n",
}


@pytest.mark.parametrize("name", sorted(NAMED))
def test_named_templates_compiled_agree_with_the_primitive(name: str) -> None:
    text = NAMED[name]
    assert _ran(text, "compile") == _ran(text, "interpret")


def _stopped(tiers: str, text: str) -> tuple[bool, str, list]:
    host = BufferHost()
    interp = Interpreter(host=host, tiers=tiers)
    interp.vars["many"] = LogoList(list(range(3_000_000)))
    with stop_when(interp, lambda: interp.frames):
        ok = interp.run_source(text)
    return ok, host.output, interp.slots


@pytest.mark.parametrize("text", [
    "to inc :x\noutput :x + 1\nend\nto t\nshow count map \"inc :many\nend\nt\n",
    "make \"x [make \"n :n + 1]\nmake \"n 0\nto t\nrepeat 100000000 [run :x]\nend\nt\n",
])
def test_stop_reaches_the_fast_loops(text: str) -> None:
    ok, said, slots = _stopped("compile", text)
    assert not ok and slots == []
    _ok, said2, _ = _stopped("interpret", text)
    assert said.splitlines()[0] == said2.splitlines()[0], (said, said2)


LAMBDAS = 'make "x "outer\nshow map [[x] :x * 2] [1 2 3]\nforeach [a b] [[x] print :x]\nshow :x\nto f :l\noutput map [[x] :x + count :l] :l\nend\nshow f [1 2 3]\nshow filter [[x] :x > 1] [1 2 3]\nshow map [[x] first :x] [[a] [b c]]\ncatch "error [show map [[x] first :x] [[a] []]]\nprint item 2 error\nto g :n\noutput map [[x] [if :x > :n [output :x * 10] output :x]] [1 2 3]\nend\nshow g 1\n'  # [[x] ...] templates of one input (templates.one_slot)
LAMBDAS_UCB = "[2 4 6]\na\nb\nouter\n[4 5 6]\n[2 3]\n[a b]\nfirst doesn't like [] as input\n[1 20 30]\n"  # what UCBLogo 6.2.2 printed for LAMBDAS (ucblogo-run)


def test_one_input_lambdas_print_what_ucblogo_prints() -> None:
    for tiers in ("auto", "compile", "interpret"):
        ran = run_logo(LAMBDAS, interp=Interpreter(tiers=tiers))
        assert (ran.printed, ran.errors) == (LAMBDAS_UCB, "")
