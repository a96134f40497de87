"""Procedures with optional and rest inputs as their own entry (optional_entry.py, made by
general_entry.py): optional_entries.lgo prints in every tier what UCBLogo printed for it;
here, compiled at once and interpreted alone (every call through runtime.call_proc and
binding.bind_general) print the same for what a default's error prints (the procedure,
no line, ERRACT with the inputs before it bound, the record restored), a LOCAL in a
default, a redefinition that changes the inputs while a site is compiled, Stop, TRACE
and the depth limit; and the sites of such callees call their entries."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from logo.language import binding, direct_entry, runtime
from tests.support import TIERS, checks_itself, in_both_tiers, new_interpreter, run_logo

HERE = Path(__file__).parent
OPT = "to opt :a [:b 5] [:c :b + 1]\noutput (list :a :b :c)\nend\n"
WARM = "repeat 3 [ignore opt 1]\n"


def entries(*names: str) -> Any:
    """A check of the compiled run: the procedures ``names`` are optional entries."""
    def were_entries(interp: Any) -> None:
        for name in names:
            code = interp.procedures[name].code
            assert direct_entry.is_general_entry(code) and getattr(code, "takes", None), name
    return were_entries


@pytest.mark.parametrize("tiers", TIERS)
def test_the_logo_file_checks_itself_in_each_tier(tiers: str) -> None:
    checks_itself(HERE / "optional_entries.lgo", tiers)


def test_the_sites_call_the_entry_and_nothing_binds_in_python_loops(monkeypatch) -> None:
    calls: list[tuple] = []

    def counted(*args: Any) -> None:
        calls.append(args)
        binding.bind_general(*args)
    monkeypatch.setattr(runtime, "_bind_general", counted)
    interp = new_interpreter(tiers="compile")
    text = OPT + "to r :a [:more]\noutput :more\nend\n" \
        "repeat 50 [ignore (list opt 1 (opt 1 2) (opt 1 2 3) r 1 (r 1 2 3))]\nshow opt 7\n"
    ran = run_logo(text, interp=interp, check=True)
    assert ran.lines == ["[7 5 6]"]
    assert len(calls) <= 2, len(calls)  # (the first calls, before the sites are bound)
    assert interp.procedures["opt"].code.takes[:2] == (1, 3)


def test_an_error_in_a_default_names_the_procedure_and_no_line() -> None:
    text = (OPT + WARM + "to bad :a [:b :a + \"x] [:c 3]\noutput :b\nend\n"
            "repeat 3 [ignore (bad 1 2)]\nto caller\nshow bad 1\nend\nmake \"a \"outer\n"
            "repeat 2 [catch \"error [caller] show error]\nshow :a\n"
            "to unknown [:b :zz]\noutput :b\nend\n"
            "repeat 2 [catch \"error [show unknown] show error]\n")
    out = in_both_tiers(text, "show bad 1\n", compiled=entries("opt", "bad"))
    assert out.startswith("[7 + doesn't like x as input bad []]\n" * 2 + "outer\n"
                          + "[11 zz has no value unknown []]\n" * 2), out
    assert out.endswith("+ doesn't like x as input\n  in bad\n"), out


def test_erract_sees_the_inputs_bound_before_the_default() -> None:
    text = (OPT + WARM + "to bad :a [:b :a + \"z] [:c 3]\noutput :b\nend\n"
            "repeat 3 [ignore (bad 1 2)]\nto top :q\nshow bad :q\nend\nmake \"a \"outer\n"
            "make \"erract [print (list \"erract \"sees :a :q namep \"b) output 0]\n"
            "repeat 2 [top 7]\nern \"erract\nshow :a\n")
    out = in_both_tiers(text, compiled=entries("bad"))
    assert out.startswith("erract sees 7 7 false\n"), out
    assert out.endswith("outer\n") or "outer" not in out.split("\n")[0], out


def test_a_local_in_a_default_and_an_output_or_stop_there() -> None:
    text = (OPT + WARM + "to loc :a [:b local \"q make \"q 3 :q + 1]\noutput :b\nend\n"
            "make \"q 9\nrepeat 2 [show loc 1]\nshow :q\n"
            "to stops [:b stop]\noutput :b\nend\n"
            "repeat 2 [catch \"error [show stops] show error]\n"
            "to prints [:b print \"side]\noutput :b\nend\n"
            "repeat 2 [catch \"error [show prints] show error]\nshow :q\n")
    out = in_both_tiers(text, compiled=entries("loc"))
    assert out == ("4\n4\n9\n" + "[31 Can only use stop inside a procedure [] []]\n" * 2
                   + "side\n[5 prints didn't output to show [] []]\n" * 2 + "9\n"), out


@pytest.mark.parametrize("new, error", [("[[a] [output :a * 10]]", "too many inputs to wrong"),
                                        ("[[a b c [d 3]] [output :a]]",
                                         "not enough inputs to wrong")])
def test_a_redefinition_that_changes_the_inputs_while_a_site_is_compiled(new: str,
                                                                         error: str) -> None:
    text = ("to wrong :a [:b 2]\noutput :a + :b\nend\n"
            f"to callw\nrepeat 2 [show (wrong 1 5) define \"wrong {new}]\nend\n"
            "catch \"error [callw]\nmake \"e error show (list item 2 :e item 3 :e)\n"
            "catch \"error [callw]\nmake \"e error show (list item 2 :e item 3 :e)\n")
    out = in_both_tiers(text)
    assert out == f"6\n[{error} callw]\n[{error} callw]\n", out


def test_a_redefinition_that_keeps_the_call_fitting() -> None:
    text = ("to fits :a [:b 2]\noutput :a + :b\nend\n"
            "to callf\nrepeat 3 [show fits 1 define \"fits [[a [b 20] [c]] [output :a * :b]]]"
            "\nend\ncallf\n")
    assert in_both_tiers(text) == "3\n20\n20\n"


def test_trace_and_the_depth_limit_through_an_entry() -> None:
    text = (OPT + WARM + "trace \"opt\nshow (opt 1 2)\nuntrace \"opt\nshow opt 2\n"
            "to deep :n [:d 1]\noutput :d + deep :n + 1\nend\n"
            "catch \"error [show deep 1] show butfirst error\n")
    out = in_both_tiers(text, compiled=entries("opt"), max_depth=200)
    assert out.startswith("( opt 1 2 )\nopt outputs [1 2 3]\n[1 2 3]\n[2 5 6]\n"), out
    assert out.endswith("[Stack overflow deep [output :d + deep :n + 1]]\n"), out


def test_stop_reaches_a_loop_of_optional_calls() -> None:
    interp = new_interpreter(tiers="compile")
    run_logo("make \"a \"top\n" + OPT + WARM, interp=interp, check=True)
    timer = threading.Timer(0.3, interp.request_stop)
    timer.start()
    ran = run_logo("forever [ignore opt 1]", interp=interp)
    timer.cancel()
    assert not ran.ok and "Stopped!" in ran.errors + ran.printed
    assert interp.vars["a"] == "top" and "b" not in interp.vars and not interp.frames


def test_tail_calls_to_and_from_optional_procedures_do_not_grow_the_stack() -> None:
    text = ("to sumto :n [:acc 0]\nif :n = 0 [output :acc]\noutput (sumto :n - 1 :acc + :n)\n"
            "end\nto via :n\noutput sumto :n\nend\nto hop :n [:k 1]\nif :n = 0 [stop]\n"
            "skip :n - :k\nend\nto skip :n\nhop :n\nend\n"
            "repeat 3 [ignore via 3 hop 3]\nprint via 5000\nhop 5000\nprint \"done\n")
    out = in_both_tiers(text, compiled=entries("sumto", "hop"), max_depth=200)
    assert out == "12502500\ndone\n", out


def test_a_tail_link_binds_with_the_unrolled_binder_as_bind_general() -> None:
    text = ("to walk :n [:acc []] [:step 1] [:more]\nif :n < 1 [output (list :acc :more)]\n"
            "output (walk :n - :step lput :n :acc 2 \"x)\nend\nto top\noutput walk 5\nend\n"
            "make \"acc \"outer\nrepeat 3 [show top]\nshow :acc\n"
            "to calls\noutput (walk 1 [] 1 \"y)\nend\nshow calls\n")
    out = in_both_tiers(text, compiled=entries("walk"))  # (interpreted: bind_loop)
    assert out == "[[5 4 2] [x]]\n" * 3 + "outer\n[[1] [x]]\n", out  # (UCBLogo's lines)


def test_a_direct_body_calls_a_rest_procedures_entry() -> None:
    text = ("to sq :n\nif :n < 0 [output 0]\noutput :n + (r :n 1 2) + r :n\nend\n"
            "to r :a [:more]\noutput :a * count :more\nend\n"
            "repeat 3 [show sq repcount]\nshow sq 10\n")

    def bound(interp: Any) -> None:
        sq, r = interp.procedures["sq"], interp.procedures["r"]
        assert sq.direct is not None and r.code in sq.direct.__globals__.values()
    assert in_both_tiers(text, compiled=bound) == "3\n6\n9\n30\n"
