"""UCBLogo pieces that the conformance goldens cannot show: SHELL under --sandbox,
:command.line from `logo run ... - words`, SETPREFIX inside a sandbox."""

from __future__ import annotations

from tests.support import run_cli, run_logo, run_ok


def test_shell_is_refused_in_the_sandbox_with_a_logo_error(tmp_path):
    ran = run_logo("show shell [echo hi]", sandbox=str(tmp_path))
    assert not ran.ok and "SHELL is not allowed" in ran.errors
    code, message = run_ok('catch "error [show shell [echo hi]] make "e error '
                     'print item 1 :e print item 2 :e', sandbox=str(tmp_path)).output.splitlines()
    assert code == "18" and message.startswith("File system error: SHELL")


def test_shell_outputs_lines_as_lists_or_words():
    assert run_ok('show shell "|printf "a b\\\\n12\\\\n"|').output == "[[a b] [12]]\n"
    assert run_ok('show (shell [echo x y] "true)').output == "[x y]\n"


def test_setprefix_stays_inside_the_sandbox(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "f.lgo").write_text('print "inside\n', encoding="utf-8")
    assert run_ok('setprefix "sub load "f.lgo', sandbox=str(tmp_path)).output == "inside\n"
    ran = run_logo('setprefix "|..| load "f.lgo', sandbox=str(tmp_path))
    assert not ran.ok and "is outside the sandbox" in ran.errors


def test_command_line_holds_the_words_after_a_dash(tmp_path):
    f = tmp_path / "c.lgo"
    f.write_text("show :command.line\nshow count :command.line\n", encoding="utf-8")
    r = run_cli("run", str(f), "-", "a", "12", "x y", "-z")
    assert (r.returncode, r.stdout) == (0, "[a 12 x y -z]\n4\n")
    r = run_cli("run", str(f))
    assert r.stdout == "[]\n0\n"
    r = run_cli("run", "-e", "show :command.line", "-", "p")
    assert r.stdout == "[p]\n"


def test_logoversion_is_a_buried_number():
    assert run_ok("show :logoversion pons").output == "6.2\n"
