"""LOAD finds a file by its bare name: NAME.lgo here, LOGO_PATH, the shipped lessons."""

from __future__ import annotations

from tests.support import run_logo


def test_a_shipped_lesson_loads_by_name_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ran = run_logo('load "tree print definedp "tree')
    assert ran.errors == "" and ran.output.strip().endswith("true")


def test_name_lgo_in_the_current_folder_comes_before_a_lesson(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tree.lgo").write_text("to mine\nend\n", encoding="utf-8")
    ran = run_logo('load "tree print definedp "mine')
    assert ran.output.strip() == "true"


def test_logo_path_folders_are_searched_in_order(tmp_path, monkeypatch):
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    (first / "greet.lgo").write_text('to greet\nprint "first\nend\n', encoding="utf-8")
    (second / "greet.lgo").write_text('to greet\nprint "second\nend\n', encoding="utf-8")
    monkeypatch.setenv("LOGO_PATH", f"{tmp_path / 'none'}:{first}:{second}")
    monkeypatch.chdir(tmp_path)
    assert run_logo('load "greet greet').output == "first\n"


def test_an_unknown_name_is_the_usual_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LOGO_PATH", raising=False)
    ran = run_logo('load "no_such_lesson')
    assert "can't open file no_such_lesson" in ran.errors


def test_a_sandbox_is_the_only_place_searched(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ran = run_logo('load "tree', sandbox=str(tmp_path))
    assert "can't open file tree" in ran.errors
