"""HELP (UCBLogo manual: WORKSPACE MANAGEMENT): what a primitive, a library procedure or
one of the user's own procedures does, and, alone, every primitive by chapter."""

from __future__ import annotations

import textwrap
from typing import Any

from ..language.errors import LogoError
from ..messages import language
from ..messages import text as say
from ..session import library
from .coerce import word
from .registry import primitive

# the UCBLogo manual's order; a plug-in's chapters follow, under their own names
CHAPTER_ORDER = ("data", "communication", "arithmetic", "logic", "graphics", "workspace",
                 "control", "microworld")
WIDTH = 78


@primitive("help", inputs=1, max_inputs=1, alone_ok=True)
def help_(I, name=None):
    """HELP name
    (HELP)

    Prints what a primitive or a library procedure does (its usage and description); for
    a procedure of your own, its title and the comment lines that begin its text.  Alone,
    lists every primitive by chapter (in Russian under --lang ru: their ЛогоМиры names)."""
    if name is None:
        I.write(_contents(I))
        return
    key = word(name).lower()
    spec = I.registry.get(key)
    if spec is not None:
        I.write(f"{spec.doc}\n{say('help.names', names=', '.join(spec.names))}\n")
        return
    proc = I.procedures.get(key)
    if proc is not None and key not in I.workspace.library:  # the user's own
        I.write(_own(proc))
        return
    text = library.help_text(key)
    if text is None:
        raise LogoError("dont_know", who=word(name))
    I.write(f"{text}\n{say('help.library_note', name=key)}\n")


def _own(proc: Any) -> str:
    """A user's procedure as UCBLogo's HELP shows it: the title, the comments that begin
    it, a blank line."""
    lines = proc.source or [proc.title_text()]
    shown = [lines[0]]
    for line in lines[1:]:
        if not line.startswith(";"):  # (an indented comment ends it, as in UCBLogo)
            break
        shown.append(line)
    return "\n".join(shown) + "\n\n"


def _contents(I: Any) -> str:
    """Every primitive, chapter by chapter, then the library's procedures."""
    russian = language() == "ru"
    chapters: dict[str, list[str]] = {}
    for spec in I.registry.specs:
        shown = spec.russian[0] if russian and spec.russian else spec.name
        chapters.setdefault(spec.chapter, []).append(shown)
    order = [c for c in CHAPTER_ORDER if c in chapters]
    order += sorted(c for c in chapters if c not in CHAPTER_ORDER)
    parts = [say("help.contents") + "\n"]
    for chapter in order:
        key = f"help.chapter.{chapter}"
        title = say(key) if chapter in CHAPTER_ORDER else chapter
        parts.append(_block(title, sorted(set(chapters[chapter]))))
    parts.append(_block(say("help.chapter.library"), sorted(library.names())))
    return "\n".join(parts)


def _block(title: str, names: list[str]) -> str:
    return f"{title}\n" + textwrap.fill("  ".join(names), WIDTH, initial_indent="  ",
                                         subsequent_indent="  ", break_on_hyphens=False) + "\n"
