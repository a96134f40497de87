"""Shipped files are never written (logo/session/shipped.py, asked by safefile): SAVE,
SAVEPICT, OPENWRITE, OPENAPPEND, OPENUPDATE, DRIBBLE, ERASEFILE and the cat's films into
the installed packages are Logo errors and leave every file there byte for byte as it
was, by an absolute name, a relative one, ``..`` and a link of the learner's.  The tests
run from a checkout installed editable, so the checkout's lesson is the shipped one; a
test that fails still puts the lesson back as it was."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest

from logo import messages
from logo.session import shipped
from logo.session.safefile import ShippedFile, atomic_write, open_text
from tests.support import ROOT, run_logo

LESSON = Path(shipped._package_folder("microworlds") or ROOT / "microworlds") / "tree" / "tree.lgo"
STRAY = LESSON.parent / "stray-test-output.txt"


@pytest.fixture
def lesson_kept():
    """The lesson's bytes and folder before; afterwards they must be the same (and are
    put back, with a failure, if a writer got through)."""
    before = LESSON.read_bytes()
    names = sorted(os.listdir(LESSON.parent))
    yield LESSON
    after = LESSON.read_bytes()
    now = sorted(os.listdir(LESSON.parent))
    if after != before:
        LESSON.write_bytes(before)
    for extra in set(now) - set(names):
        with contextlib.suppress(OSError):
            os.remove(LESSON.parent / extra)
    assert after == before, "a shipped lesson was written"
    assert now == names, f"files were made among the shipped ones: {set(now) - set(names)}"


def _refused(program: str, cwd: Path | None = None) -> str:
    old = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        ran = run_logo(program)
    finally:
        os.chdir(old)
    assert not ran.ok, ran.printed
    assert "installed with Logo" in ran.errors, ran.errors
    return ran.errors


@pytest.mark.parametrize("program", [
    'save "{p}',
    'savepict "{d}/tree.png',
    'savepict "{d}/tree.svg',
    'openwrite "{p}',
    'openappend "{p}',
    'openupdate "{p}',
    'dribble "{p}',
    'erasefile "{p}',
    'openwrite "{d}/new.txt',
])
def test_every_logo_writer_is_refused_and_the_file_kept(program, lesson_kept):
    text = program.format(p=LESSON, d=LESSON.parent)
    errors = _refused(text)
    assert "File system error" in errors and "a folder of your own" in errors


def test_a_relative_name_and_dots_resolving_into_the_package(lesson_kept, tmp_path):
    rel = os.path.relpath(LESSON, tmp_path)  # ../../.../microworlds/tree/tree.lgo
    _refused(f'save "{rel}', cwd=tmp_path)
    _refused('save "tree.lgo', cwd=LESSON.parent)
    _refused('setprefix "' + str(LESSON.parent) + '\nsave "tree.lgo')


def test_a_link_of_the_learners_into_the_package(lesson_kept, tmp_path):
    link = tmp_path / "mine.lgo"
    link.symlink_to(LESSON)
    folder_link = tmp_path / "lessons"
    folder_link.symlink_to(LESSON.parent)
    _refused(f'save "{link}')
    _refused(f'dribble "{folder_link}/tree.lgo')
    assert link.is_symlink()


def test_save_after_loading_the_lesson_is_refused(lesson_kept):
    errors = _refused(f'load "{LESSON}\n(save)')
    assert str(LESSON) in errors


def test_the_cats_films_are_refused_before_they_are_made(lesson_kept):
    _refused(f'cat.new\ncat.film 1 "{LESSON.parent}/film.gif')
    _refused(f'cat.new\n(cat.printfilm 1 "{LESSON.parent}/film.txt)')


def test_the_python_writers_refuse_too_and_say_why(lesson_kept):
    with pytest.raises(ShippedFile) as caught:
        atomic_write(str(LESSON), b"x")
    assert isinstance(caught.value, PermissionError)
    assert "installed with Logo" in (caught.value.strerror or "")
    with pytest.raises(PermissionError):
        open_text(str(STRAY))


def test_the_message_in_russian(lesson_kept):
    messages.use("ru")
    try:
        ran = run_logo(f'save "{LESSON}')
    finally:
        messages.use("en")
    assert "среди файлов, установленных вместе с Лого" in ran.errors, ran.errors
    assert "выберите свою папку" in ran.errors


def test_a_catch_catches_it_as_a_file_system_error(lesson_kept):
    ran = run_logo(f'catch "error [save "{LESSON}]\nprint item 1 error')
    assert ran.ok and ran.printed.strip() == "18", ran.errors


def test_the_learners_own_files_are_written(tmp_path):
    ran = run_logo(f'to sq\nfd 1\nend\nsave "{tmp_path}/mine.lgo\nsavepict "{tmp_path}/p.png')
    assert ran.ok, ran.errors
    assert (tmp_path / "mine.lgo").exists() and (tmp_path / "p.png").exists()


def test_the_checkout_and_its_library_count_as_shipped():
    assert shipped.is_shipped(str(ROOT / "logo" / "session" / "safefile.py"))
    assert shipped.is_shipped(str(ROOT / "logo" / "stdlib"))
    assert shipped.is_shipped(str(ROOT / "stdlib" / "control.lgo"))
    assert shipped.is_shipped(str(LESSON.parent / "not-there-yet.png"))
    assert not shipped.is_shipped(str(ROOT / "tests" / "golden"))
    assert not shipped.is_shipped(str(ROOT / "docs" / "primitives.md"))


def test_the_maintainers_switch_is_for_a_checkout_only(tmp_path, monkeypatch):
    package = tmp_path / "package"
    package.mkdir()
    monkeypatch.setattr(shipped, "shipped_roots", lambda: (str(package.resolve()),))
    target = package / "picture.png"
    with pytest.raises(ShippedFile):
        atomic_write(str(target), b"png")
    monkeypatch.setenv(shipped.MAINTAINER_SWITCH, "1")
    atomic_write(str(target), b"png")  # a checkout: the maintainers regenerate it
    assert target.read_bytes() == b"png"
    monkeypatch.setattr(shipped, "in_checkout", lambda: False)
    with pytest.raises(ShippedFile):  # an installed wheel: never
        atomic_write(str(target), b"again")
    assert target.read_bytes() == b"png"
