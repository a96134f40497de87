"""What ``logo --help``, ``logo run --help`` and ``logo check --help`` say besides the
options (the forms of the command, the exit statuses, the limits), and the usage error of
a first word that is neither a command, a lesson nor a file (with a suggestion)."""

from __future__ import annotations

import os

from ..messages import text as say

MAX_TIMEOUT = 1_000_000.0  # seconds (about 11.6 days): the largest --timeout


def top_usage() -> str:
    return ("logo [--lang en|ru] [--sandbox DIR] [LESSON | FILE.lgo ...]\n"
            "       logo COMMAND [options] (logo COMMAND --help says more)")


def lines(key: str) -> str:
    """A catalogue text of several lines (``\\n`` in the catalogue)."""
    return say(key).replace("\\n", "\n")


def first_word_error(word: str, commands: list[str]) -> str:
    """The usage error of ``logo WORD`` where WORD is no command, lesson or file: the
    closest command or lesson name, if one is close (``chek``: ``check``)."""
    import difflib  # lazy: usage errors only

    names = list(commands)
    try:
        from ..session.lessons import shipped_lessons  # lazy: errors only

        names += [lesson.name for lesson in shipped_lessons()]
    except (OSError, ValueError):
        pass
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    if close:
        return say("cli.unknown_word_suggest", word=word, suggestion=close[0])
    return say("cli.unknown_word", word=word)


def names_a_file(word: str) -> bool:
    """True when ``logo WORD`` opens something: a file there, or a lesson by name."""
    if os.path.exists(word):
        return True
    from ..session.loadpath import find  # lazy: per command

    return os.path.exists(find(word))
