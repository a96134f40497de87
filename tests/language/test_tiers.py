"""The two tiers agree: the interpreting tier (language/interpreting.py) and the compiled
tier each run the conformance cases, the differential items, the program corpus and the
self-checking Logo files alone, and everything passes as under the default ("auto": the
trees first, compiled when hot), which the rest of the suite runs.

Each setting runs those suites in a child pytest with ``LOGO_TIERS`` set (every
interpreter the child makes, and every ``logo`` process it starts, reads it)."""

from __future__ import annotations

import os
import subprocess
import sys

from logo.language import interpreting
from logo.session.interpreter import Interpreter
from tests.support import ROOT, run_logo

SUITES = ["tests/conformance", "tests/differential", "tests/corpus", "tests/lgo"]


def test_the_suites_pass_under_each_tier_alone(tmp_path) -> None:
    # (the two children at once: each runs alone in a process of its own, and the suite
    # waits for both, so a second core halves the longest test of the suite)
    children = {tiers: subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
         "--basetemp", str(tmp_path / tiers), *SUITES], cwd=ROOT,
        env={**os.environ, "LOGO_TIERS": tiers}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True) for tiers in ("interpret", "compile")}
    try:
        outcomes = {tiers: (p.communicate(timeout=900), p.returncode)
                    for tiers, p in children.items()}
    finally:
        for p in children.values():
            if p.poll() is None:
                p.kill()
                p.communicate()
    for tiers, ((out, err), code) in outcomes.items():
        assert code == 0, f"LOGO_TIERS={tiers}\n" + out[-3000:] + err[-2000:]
        assert " passed" in out, tiers


def test_a_line_runs_from_its_trees_and_a_hot_list_is_compiled() -> None:
    interp = Interpreter(tiers="auto")
    run_logo('make "l [make "n :n + 1]\nmake "n 0\nrun :l', interp=interp)
    code = interp.vars["l"].compiled[0]
    assert isinstance(code, interpreting.TreeCode)
    run_logo("repeat 20 [run :l]\nprint :n", interp=interp)
    assert not isinstance(interp.vars["l"].compiled[0], interpreting.TreeCode)
    assert interp.vars["n"] == 21


def test_a_procedure_runs_from_its_trees_then_compiles() -> None:
    interp = Interpreter(tiers="auto")
    ran = run_logo("to f :x\nif :x > 0 [output :x * 2]\noutput 0\nend\nprint f 3", interp=interp)
    assert ran.printed == "6\n"
    proc = interp.procedures["f"]
    assert getattr(proc.code, "tree", None) is not None  # one call: still its trees
    run_logo("repeat 5 [print f 1]", interp=interp)
    assert getattr(proc.code, "tree", None) is None and proc.code.sitemap is not None


def test_deep_tail_calls_through_if_do_not_grow_the_stack_in_the_interpreting_tier() -> None:
    interp = Interpreter(tiers="interpret")
    ran = run_logo("to down :n :acc\nifelse :n = 0 [output :acc] [output down :n - 1 :acc + 1]"
                   "\nend\nto count.down :n\nif :n = 0 [stop]\ncount.down :n - 1\nend\n"
                   "print down 120000 0\ncount.down 120000\nprint \"done", interp=interp)
    assert ran.printed == "120000\ndone\n", ran.errors


def test_errors_name_the_procedure_and_line_in_each_tier() -> None:
    for tiers in ("interpret", "compile", "auto"):
        ran = run_logo('to g :x\nprint 1\nprint sum :x "a\nend\ng 2',
                       interp=Interpreter(tiers=tiers))
        assert ran.errors == 'sum doesn\'t like a as input\n  in g (line 3)\n  [print sum :x "a]\n'
        ran = run_logo('to g :x\nprint 1\ncatch "error [print sum :x "a]\nshow error\nend\ng 2',
                       interp=Interpreter(tiers=tiers))  # CATCH names the line too
        assert ran.printed == '1\n[7 sum doesn\'t like a as input g [catch "error [print sum :x "a]]]\n'


def test_a_template_held_by_map_is_compiled_once() -> None:
    interp = Interpreter(tiers="auto")
    compiled = []
    compile_list = interp.compiler.compile_list
    interp.compiler.compile_list = lambda *a: compiled.append(a) or compile_list(*a)
    ran = run_logo("print reduce \"sum map [? * 2] iseq 1 200", interp=interp)
    assert ran.printed == "40200\n"
    assert len(compiled) == 1  # MAP keeps the code it was given: compiled once, not per item
