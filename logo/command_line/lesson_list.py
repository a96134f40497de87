"""``logo lessons``: the lessons shipped with Logo, one line each (name, title, what it
is), and how a name opens one (``logo tree``, ``logo run tree``, ``load "tree``);
``logo lessons NAME``: that lesson's task text, in the session's language."""

from __future__ import annotations

import sys
from typing import TextIO

from ..messages import language
from ..messages import text as say
from ..session.lessons import find_lesson, shipped_lessons


def list_lessons(out: TextIO | None = None, name: str | None = None) -> int:
    """Print the shipped lessons (or, with ``name``, that lesson's title and task);
    0, or 1 when none is installed or there is no such lesson."""
    out = out or sys.stdout
    if name is not None:
        return print_task(name, out)
    lessons = shipped_lessons()
    if not lessons:
        print(say("cli.no_lessons"), file=out)
        return 1
    width = max(len(lesson.name) for lesson in lessons)
    lang = language()
    for lesson in lessons:
        title = lesson.title_in(lang)
        line = f"{lesson.name:<{width}}  {title}"
        if lesson.sentence and lang != "ru":
            line += f": {lesson.sentence}"
        print(line, file=out)
    print(say("cli.lessons_how", name=lessons[0].name), file=out)
    return 0


def print_task(name: str, out: TextIO) -> int:
    """The lesson's title and its task text; 1 (and a line on stderr) when there is no
    such lesson or it has no task."""
    lesson = find_lesson(name)
    lang = language()
    if lesson is None:
        print(say("cli.no_such_lesson", name=name), file=sys.stderr)
        return 1
    task = lesson.task(lang)
    if not task:
        print(say("cli.no_task", name=lesson.name), file=sys.stderr)
        return 1
    title = lesson.title_in(lang)
    print(f"{title}\n{'=' * len(title)}\n\n{task}", end="", file=out)
    return 0
