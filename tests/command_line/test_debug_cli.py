"""PAUSE and STEP from the command line: ``logo run FILE`` and the REPL read the nested
level's lines (and STEP's Enter) from standard input, as UCBLogo does."""

from __future__ import annotations

from tests.support import run_cli

PAUSING = "to f :x\npause\nprint :x\nprint :x + 1\nend\nf 5\nprint \"after\n"


def test_run_pause_reads_standard_input_sees_and_changes_inputs(tmp_path):
    prog = tmp_path / "pausing.lgo"
    prog.write_text(PAUSING, encoding="utf-8")
    r = run_cli("run", str(prog), stdin='print :x\nmake "x 7\ncontinue\n')
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == "Pausing...\nf? 5\nf? f? 7\n8\nafter\n"


def test_run_step_prints_each_line_and_waits_for_a_line(tmp_path):
    prog = tmp_path / "stepping.lgo"
    prog.write_text("to f :x\nprint :x\noutput :x * 2\nend\nstep \"f\nprint f 4\n",
                    encoding="utf-8")
    r = run_cli("run", str(prog), stdin="\n\n")
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout == "[print :x] >>> 4\n[output :x * 2] >>> 8\n"


def test_run_step_with_no_input_left_runs_on(tmp_path):
    prog = tmp_path / "stepping.lgo"
    prog.write_text("to f\nprint 1\nprint 2\nend\nstep \"f\nf\n", encoding="utf-8")
    r = run_cli("run", str(prog), stdin="")
    assert r.returncode == 0 and r.stdout.endswith("2\n")


def test_run_erract_pause_shows_the_error_then_the_procedures_prompt(tmp_path):
    prog = tmp_path / "erract.lgo"
    prog.write_text('to g :n\nprint 10 / :n\nend\nmake "erract [pause]\ng 0\n',
                    encoding="utf-8")
    r = run_cli("run", str(prog), stdin="print :n\nmake \"n 2\ncontinue\n")
    assert r.returncode == 1
    assert r.stderr == "/ doesn't like 0 as input\n  in g (line 2)\n  [print 10 / :n]\n"
    assert r.stdout == "Pausing...\ng? 0\ng? g? "


def test_repl_pause_and_continue():
    script = PAUSING + 'make "x 9\nco\nprint "back\nbye\n'
    r = run_cli("repl", stdin=script)
    assert (r.returncode, r.stderr) == (0, "")
    assert "? Pausing...\nf? after\nf? f? 9\n10\n? back\n? " in r.stdout
