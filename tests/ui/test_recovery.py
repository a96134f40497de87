"""The window autosaves the workspace and, after a crash, offers it back; its sandbox."""

from __future__ import annotations

import os
from pathlib import Path

from logo.ui.app import App
from tests.ui.ui_driver import SIZE, idle, output, run_until, type_line


def recovery_file() -> Path:
    return Path(os.environ["LOGO_RECOVERY_FILE"])


def test_every_command_keeps_the_recovery_file_and_a_clean_exit_removes_it(app):
    type_line(app, "to sq :n repeat 4 [fd :n rt 90] end")
    type_line(app, 'make "size 40')
    idle(app)
    text = recovery_file().read_text(encoding="utf-8")
    assert "to sq :n" in text and 'make "size 40' in text
    app.close()
    assert not recovery_file().exists()


def test_after_a_crash_the_window_offers_the_saved_workspace():
    recovery_file().parent.mkdir(parents=True, exist_ok=True)
    recovery_file().write_text("to kept\noutput 42\nend\n", encoding="utf-8")
    app = App(size=SIZE, lang="en")  # a session after one that never closed
    try:
        assert app.dialog is not None and app.dialog.kind == "announce"
        app.dialog.finish("")  # OK
        app.dialog = None
        run_until(app, lambda: "kept" in app.session.interp.procedures)
        type_line(app, "print kept")
        idle(app)
        assert "42" in output(app)
    finally:
        app.close()


def test_cancel_starts_empty():
    recovery_file().parent.mkdir(parents=True, exist_ok=True)
    recovery_file().write_text("to kept\noutput 42\nend\n", encoding="utf-8")
    app = App(size=SIZE, lang="en")
    try:
        assert app.dialog is not None
        app.dialog.finish(None)  # Cancel
        app.dialog = None
        idle(app)
        assert "kept" not in app.session.interp.procedures
    finally:
        app.close()


def test_the_window_has_the_sandbox_setting_too(tmp_path):
    box = tmp_path / "box"
    box.mkdir()
    app = App(size=SIZE, lang="en", sandbox=str(box))
    try:
        type_line(app, 'openwrite "../escape.txt')
        idle(app)
        assert any("outside the sandbox" in line for line in output(app))
        assert not (tmp_path / "escape.txt").exists()
    finally:
        app.close()
