"""``logo lessons``: the lessons shipped with Logo, one line each (name, title, what it
is), and how a name opens one (``logo tree``, ``logo run tree``, ``load "tree``)."""

from __future__ import annotations

import sys
from typing import TextIO

from ..messages import language
from ..messages import text as say
from ..session.lessons import shipped_lessons


def list_lessons(out: TextIO | None = None) -> int:
    """Print the shipped lessons; 0, or 1 when none is installed."""
    out = out or sys.stdout
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
