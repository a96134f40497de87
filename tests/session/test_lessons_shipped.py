"""The shipped lessons, as ``logo lessons`` and the window's gallery find them."""

from __future__ import annotations

import os

from logo.session.lessons import Lesson, find_lesson, shipped_lessons

SEVEN = ["tree", "koch", "fractree", "brush", "superformula", "cat", "muscle"]


def test_the_seven_lessons_in_the_course_order_with_their_files():
    lessons = shipped_lessons()
    assert [ls.name for ls in lessons] == SEVEN
    for ls in lessons:
        assert os.path.isfile(ls.lgo_path) and ls.lgo_path.endswith(f"{ls.name}.lgo")
        assert os.path.isfile(ls.picture_path) and ls.picture_path.endswith(".png")
        assert ls.title and ls.sentence.endswith(".")
        assert "\n" not in ls.sentence and "**" not in ls.sentence and "](" not in ls.sentence


def test_titles_come_from_the_readme_and_split_by_language():
    tree = find_lesson("Tree")
    assert tree is not None and tree.title == "Tree / Дерево"
    assert (tree.title_in("en"), tree.title_in("ru")) == ("Tree", "Дерево")
    assert tree.sentence.endswith("the recursive tree.")  # not cut at "I. N."
    cat = find_lesson("cat")
    assert cat is not None and cat.title_in("ru") == "Кошечка (1968)"  # its Russian half
    assert cat.title_in("en") == cat.title == 'The walking cat ("Кошечка", 1968)'
    assert find_lesson("lsystem") is None  # an engine, not a lesson: no .lgo, no picture


def test_a_folder_without_a_readme_takes_the_lessons_first_comment(tmp_path):
    (tmp_path / "spiral").mkdir()
    (tmp_path / "spiral" / "spiral.lgo").write_text("; A square spiral. Drawn fast.\n")
    (tmp_path / "spiral" / "spiral.png").write_bytes(b"")
    (tmp_path / "half").mkdir()
    (tmp_path / "half" / "half.lgo").write_text("; no picture\n")
    found = shipped_lessons(tmp_path)
    assert found == [Lesson("spiral", "A square spiral", "", str(tmp_path / "spiral" /
                            "spiral.lgo"), str(tmp_path / "spiral" / "spiral.png"))]
