"""UCBLogo pieces that the conformance goldens cannot show: SHELL under --sandbox,
:command.line from `logo run ... - words`, SETPREFIX inside a sandbox."""

from __future__ import annotations

import pytest

from logo.language.errors import LogoError
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.test_cli import logo


def run(text: str, sandbox: str | None = None) -> str:
    host = BufferHost()
    I = Interpreter(host=host)  # noqa: E741
    I.sandbox = sandbox
    I.load_source(text)
    return host.output


def test_shell_is_refused_in_the_sandbox_with_a_logo_error(tmp_path):
    with pytest.raises(LogoError) as err:
        run("show shell [echo hi]", sandbox=str(tmp_path))
    assert err.value.code == 18
    assert "SHELL is not allowed" in err.value.report()
    assert run('catch "error [show shell [echo hi]] print item 2 error',
               sandbox=str(tmp_path)).startswith("File system error: SHELL")


def test_shell_outputs_lines_as_lists_or_words():
    assert run('show shell "|printf "a b\\\\n12\\\\n"|') == "[[a b] [12]]\n"
    assert run('show (shell [echo x y] "true)') == "[x y]\n"


def test_setprefix_stays_inside_the_sandbox(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "f.lgo").write_text('print "inside\n', encoding="utf-8")
    assert run('setprefix "sub load "f.lgo', sandbox=str(tmp_path)) == "inside\n"
    with pytest.raises(LogoError) as err:
        run('setprefix "|..| load "f.lgo', sandbox=str(tmp_path))
    assert err.value.kind == "sandbox"


def test_command_line_holds_the_words_after_a_dash(tmp_path):
    f = tmp_path / "c.lgo"
    f.write_text("show :command.line\nshow count :command.line\n", encoding="utf-8")
    r = logo("run", str(f), "-", "a", "12", "x y", "-z")
    assert (r.returncode, r.stdout) == (0, "[a 12 x y -z]\n4\n")
    r = logo("run", str(f))
    assert r.stdout == "[]\n0\n"
    r = logo("run", "-e", "show :command.line", "-", "p")
    assert r.stdout == "[p]\n"


def test_logoversion_is_a_buried_number():
    assert run("show :logoversion pons") == "6.2\n"
