"""The `logo` command as a user runs it: `logo run` and the terminal REPL."""

from __future__ import annotations

import contextlib
import os
import sys
import time

import pytest

from tests.support import CHILD_ENV, run_cli


def test_run_e_prints_and_exits_zero():
    r = run_cli("run", "-e", "print 2+3")
    assert (r.returncode, r.stdout, r.stderr) == (0, "5\n", "")


def test_run_files_in_order_errors_on_stderr_exit_one(tmp_path):
    a = tmp_path / "a.lgo"
    a.write_text("to sq :n\n  output :n * :n\nend\nprint sq 4\n", encoding="utf-8")
    b = tmp_path / "b.lgo"
    b.write_text("print sq 5\nfoo\nprint \"never\n", encoding="utf-8")
    r = run_cli("run", str(a), str(b))
    assert r.returncode == 1
    assert r.stdout == "16\n25\n"
    assert "I don't know how  to foo" in r.stderr
    assert "Traceback" not in r.stderr


def test_syntax_error_reported_with_file_and_line_before_running(tmp_path):
    f = tmp_path / "bad.lgo"
    f.write_text('print "first\nprint [a [b]\n', encoding="utf-8")
    r = run_cli("run", str(f))
    assert r.returncode == 1 and r.stdout == ""
    assert "bad.lgo:2" in r.stderr or "bad.lgo" in r.stderr


def test_timeout_stops_a_runaway_program():
    start = time.monotonic()
    r = run_cli("run", "--timeout", "1", "-e", "forever [make \"x 1]")
    assert r.returncode == 124
    assert time.monotonic() - start < 20
    assert "Traceback" not in r.stderr


def test_cp1251_lesson_is_read(tmp_path):
    f = tmp_path / "ru.lgo"
    f.write_bytes("пиши \"привет\n".encode("cp1251"))
    r = run_cli("run", str(f))
    assert r.stdout == "привет\n"


@pytest.mark.parametrize("script, expected", [
    ("print 1+1\nbye\n", "2"),
    ("to sq :n\noutput :n * :n\nend\nprint sq 7\n", "49"),
    ("foo\nprint \"alive\n", "alive"),
])
def test_repl_reads_runs_and_survives_errors(script, expected):
    r = run_cli("repl", stdin=script)
    assert r.returncode == 0
    assert expected in r.stdout
    assert "Traceback" not in r.stderr + r.stdout


@pytest.mark.parametrize("lang, said", [("en", "sq defined"), ("ru", "sq определена")])
def test_repl_answers_a_typed_definition(lang, said):
    """UCBLogo answers a TO typed at its prompt "sq defined"; a file loaded is silent."""
    r = run_cli("--lang", lang, "repl", stdin="to sq :n\noutput :n * :n\nend\nprint sq 3\n")
    assert said in r.stdout and "9" in r.stdout


def test_repl_keeps_definitions_after_an_error():
    r = run_cli("repl", stdin="to f\noutput 42\nend\nprint 1/0\nprint f\n")
    assert "42" in r.stdout
    assert "doesn't like 0 as input" in r.stdout + r.stderr


def test_repl_in_a_terminal_ctrl_c_stops_the_instruction_not_the_repl():
    """Drive the REPL in a pseudo-terminal as a person would: type a definition, start a
    runaway loop, press Ctrl-C, go on with the definition intact."""
    term = Terminal([sys.executable, "-m", "logo", "repl"])
    try:
        term.wait_for("? ")
        term.type("to sq :n")
        term.wait_for("> ")
        term.type("output :n * :n")
        term.type("end")
        term.type("forever [make \"x 1]")
        time.sleep(1.0)
        term.send("\x03")  # Ctrl-C
        term.wait_for("Stopped")
        term.type("print sq 12")
        term.wait_for("144")
        term.type("bye")
        assert term.wait_exit() == 0
    finally:
        term.close()


class Terminal:
    """A child process on a pseudo-terminal (tmux cannot run in this sandbox)."""

    def __init__(self, argv: list[str]):
        import pty

        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: becomes the REPL
            os.execve(argv[0], argv, CHILD_ENV)
        self.screen = ""

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def type(self, line: str) -> None:
        self.send(line + "\r")
        time.sleep(0.15)

    def wait_for(self, text: str, timeout: float = 20) -> str:
        import select

        deadline = time.monotonic() + timeout
        while text not in self.screen:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{text!r} never appeared:\n{self.screen}")
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.2))
            if ready:
                try:
                    self.screen += os.read(self.fd, 4096).decode(errors="replace")
                except OSError:
                    break
        return self.screen

    def wait_exit(self, timeout: float = 20) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.pid = 0
                return os.waitstatus_to_exitcode(status)
            with contextlib.suppress(AssertionError):
                self.wait_for("\x00never", timeout=0.2)
        raise AssertionError("the REPL did not exit")

    def close(self) -> None:
        if self.pid:
            try:
                os.kill(self.pid, 9)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
        os.close(self.fd)


def test_version():
    r = run_cli("--version")
    assert r.returncode == 0 and r.stdout.startswith("logo-microworlds ")


@pytest.mark.parametrize("lang, heading, name", [
    ("en", "Turtle graphics", "forward"), ("ru", "Черепашья графика", "вперед")])
def test_help_alone_lists_the_primitives_by_chapter(lang, heading, name):
    r = run_cli("run", "--lang", lang, "-e", "help")
    assert r.returncode == 0 and heading in r.stdout and name in r.stdout.split()
    assert "cascade" in r.stdout.split()  # the library too


def test_logo_check_reads_expect_and_expect_error_as_the_test_kit_does(tmp_path):
    """``logo check`` and tests/lgo read ``; expect:`` and ``; expect-error:`` with the
    same functions (logo/command_line/check.py)."""
    files = {"raises.lgo": 'print "a\nfoo\n; expect: a\n; expect-error: how  to foo\n',
             "silent.lgo": "print 1\n; expect: 1\n; expect-error: how  to foo\n",
             "other.lgo": "bar\n; expect-error: how  to foo\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    lines = run_cli("check", *sorted(files), cwd=tmp_path, timeout=120).stdout.splitlines()
    assert "PASSED    raises.lgo" in lines
    assert "FAILED    silent.lgo: expected the error 'how  to foo'" in lines
    assert any(line.startswith("ERROR     other.lgo: I don't know how  to bar") for line in lines)


def test_repl_edit_opens_the_editor_and_defines_what_it_saves(tmp_path):
    """EDIT in the REPL runs $EDITOR on the procedure's text and reads it back."""
    editor = tmp_path / "editor.py"
    editor.write_text("import sys\np = sys.argv[1]\ntext = open(p).read()\n"
                      "open(p, 'w').write(text.replace('fd 10', 'print 25'))\n")
    env = dict(CHILD_ENV, EDITOR=f"{sys.executable} {editor}")
    r = run_cli("repl", stdin='to sq\nfd 10\nend\nedit "sq\nsq\n', env=env)
    assert r.stdout.count("25") == 1 and "Traceback" not in r.stderr


def test_repl_edit_without_an_editor_is_a_logo_error():
    env = {k: v for k, v in CHILD_ENV.items() if k not in ("EDITOR", "VISUAL")}
    r = run_cli("repl", stdin='edit "sq\n', env=env)
    assert "edit needs the window or a terminal" in r.stdout + r.stderr


def test_repl_says_once_how_to_see_the_page():
    r = run_cli("repl", stdin="print 1\nfd 10\nrt 90\nfd 10\n")
    assert r.stdout.count("savepict") == 1
    assert r.stdout.index("1") < r.stdout.index("savepict")


@pytest.mark.parametrize("args", [("run", "-e", "repeat 100000 [print repcount]"),
                                  ("lessons",), ("run", "-e", "help")])
def test_a_reader_that_goes_away_ends_logo_quietly(args):
    """``logo run ... | head -1``: no error, no traceback, as a program SIGPIPE ends."""
    import subprocess

    from tests.support import ROOT

    proc = subprocess.Popen([sys.executable, "-m", "logo", *args], cwd=ROOT, env=CHILD_ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0 and err == b""


def test_a_commands_parser_alone_is_the_whole_parsers_part():
    # (a start builds the parser of the command given alone: main.COMMANDS names them all)
    from logo.command_line import main

    whole = main._parser()
    assert tuple(whole.subcommands.choices) == main.COMMANDS
    for name in main.COMMANDS:
        alone = main._parser(name)
        assert list(alone.subcommands.choices) == [name]
        assert alone.subcommands.choices[name].format_help() == \
            whole.subcommands.choices[name].format_help()
