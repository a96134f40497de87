"""HELP (UCBLogo manual: WORKSPACE MANAGEMENT): what a primitive, a library procedure or
one of the user's own procedures does, and, alone, every primitive by chapter."""

from __future__ import annotations

import functools
import os
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
        I.write(f"{_doc(spec)}\n{say('help.names', names=', '.join(spec.names))}\n")
        return
    proc = I.procedures.get(key)
    if proc is not None and key not in I.workspace.library:  # the user's own
        I.write(_own(proc))
        return
    text = library.help_text(key)
    if text is None:
        raise LogoError("dont_know", who=word(name))
    I.write(f"{text}\n{say('help.library_note', name=key)}\n")


def _doc(spec: Any) -> str:
    """A primitive's help text in the session's language: in Russian from help_ru.tsv
    (its ЛогоМиры name in the usage), else its docstring (with a line saying so)."""
    if language() != "ru":
        return spec.doc
    entry = russian_docs().get(spec.name)
    if entry is None:
        return f"{spec.doc}\n{say('help.in_english')}"
    shown = (spec.russian[0] if spec.russian else spec.name).upper()
    usage, text = entry
    return f"{usage.replace('{name}', shown)}\n{text}"


@functools.lru_cache(maxsize=1)
def russian_docs() -> dict[str, tuple[str, str]]:
    """help_ru.tsv: English name -> (usage, description), ``\\n`` made new lines."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "help_ru.tsv")
    found: dict[str, tuple[str, str]] = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            name, usage, text = line.rstrip("\n").split("\t")
            found[name] = (usage.replace("\\n", "\n"), text.replace("\\n", "\n"))
    return found


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
    for spec in I.registry.load_all().specs:  # the microworlds' too, each its chapter
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
