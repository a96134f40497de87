"""The REPL's history file is written as every file is (safefile): a link keeps its
place and its target gets the history, a device is written through and never replaced,
a FIFO or a huge file there is never read, a shipped path is never written."""

from __future__ import annotations

import atexit
import os
import stat
import threading

import pytest

from logo.command_line import repl

readline = pytest.importorskip("readline")


@pytest.fixture
def history():
    readline.clear_history()
    readline.add_history("fd 10")
    readline.add_history("print \"привет")
    yield
    readline.clear_history()


def test_the_history_is_saved_and_read_again(tmp_path, history):
    path = tmp_path / "hist"
    repl.save_history(readline, str(path))
    assert "fd 10" in path.read_text(encoding="utf-8", errors="replace")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["hist"]  # no temporary file left


def test_a_link_stays_and_its_target_gets_the_history(tmp_path, history):
    target = tmp_path / "real" / "hist"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / ".logo_history"
    link.symlink_to(target)
    repl.save_history(readline, str(link))
    assert link.is_symlink() and "fd 10" in target.read_text(errors="replace")


def test_a_fifo_is_never_read_and_written_through(tmp_path, history):
    fifo = tmp_path / "hist"
    os.mkfifo(fifo)
    done = threading.Event()

    def setup() -> None:
        repl._setup_readline(str(fifo))  # must not wait for a writer
        done.set()

    threading.Thread(target=setup, daemon=True).start()
    assert done.wait(10), "the REPL waited on a FIFO at its history's place"
    atexit.unregister(repl.save_history)  # (this process's exit writes nothing there)
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, before the write
    try:
        repl.save_history(readline, str(fifo))
        got = os.read(fd, 65536)
    finally:
        os.close(fd)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # never renamed over
    assert b"fd 10" in got


def test_a_shipped_path_is_never_written(history):
    from logo.session import shipped

    folder = shipped.shipped_roots()[0]
    target = os.path.join(folder, ".logo_history")
    repl.save_history(readline, target)  # refused, silently, as readline's failures
    assert not os.path.exists(target)
