"""Where LOAD (and ``logo run NAME``, ``logo NAME``) finds a Logo file by its name.

A name is first a file name as given (after SETPREFIX, as UCBLogo reads it); a bare name
(no folder in it) that is no file is then looked for as ``NAME`` and ``NAME.lgo`` in

1. the current folder (``NAME.lgo``: ``load "square`` reads ``square.lgo``),
2. each folder of the environment variable ``LOGO_PATH`` (folders separated as in
   ``PATH``: a teacher's own folder of lessons),
3. the lessons shipped with Logo (``load "NAME`` of a lesson ``logo lessons`` lists).

With a sandbox (``--sandbox``) only the sandbox is searched.
"""

from __future__ import annotations

import os
from typing import Any

ENV = "LOGO_PATH"
EXTENSION = ".lgo"


def search_folders(environ: dict[str, str] | None = None) -> list[str]:
    """The folders of ``LOGO_PATH``, in order (empty entries left out)."""
    value = (os.environ if environ is None else environ).get(ENV, "")
    return [folder for folder in value.split(os.pathsep) if folder]


def _names(name: str) -> list[str]:
    return [name] if name.lower().endswith(EXTENSION) else [name, name + EXTENSION]


def locate(I: Any, name: str) -> str:
    """The path LOAD reads for ``name`` (the path as given when nothing is found, so
    that opening it fails with the usual error)."""
    path = I.resolve_path(name)
    if os.path.isfile(path) or not _bare(name):
        return path
    if not name.lower().endswith(EXTENSION):
        with_ext = I.resolve_path(name + EXTENSION)
        if os.path.isfile(with_ext):
            return with_ext
    if getattr(I, "sandbox", None):
        return path
    return _elsewhere(name) or path


def find(name: str) -> str:
    """A file named on the command line (``logo run tree``, ``logo tree``): the name as
    given when it is a file, else found as :func:`locate` finds a bare name (no
    SETPREFIX, no sandbox); the name as given when nothing is found."""
    if os.path.isfile(name) or not _bare(name):
        return name
    with_ext = os.path.join(os.getcwd(), name + EXTENSION)
    if not name.lower().endswith(EXTENSION) and os.path.isfile(with_ext):
        return with_ext
    return _elsewhere(name) or name


def _bare(name: str) -> bool:
    """A name with no folder in it (only those are looked for elsewhere)."""
    return not (os.sep in name or "/" in name or name.startswith("~"))


def _elsewhere(name: str) -> str | None:
    """A bare name in the folders of LOGO_PATH, else a shipped lesson; None if neither."""
    for folder in search_folders():
        for candidate in _names(name):
            found = os.path.join(os.path.expanduser(folder), candidate)
            if os.path.isfile(found):
                return found
    return shipped(name)


def shipped(name: str) -> str | None:
    """The file of the shipped lesson called ``name`` (``tree``, ``tree.lgo``), or None."""
    stem = name[:-len(EXTENSION)] if name.lower().endswith(EXTENSION) else name
    from .lessons import find_lesson  # lazy: start-up time (LOAD of a bare name)

    lesson = find_lesson(stem)
    return lesson.lgo_path if lesson is not None else None



def run_startup(I: Any) -> None:
    """Run a loaded lesson's STARTUP procedure, as a call where LOAD ran (a CATCH
    around the LOAD sees its throws).  A THROW that leaves it is marked as STARTUP's, so
    that, uncaught, its error names STARTUP as an error inside it would."""
    from ..language import runtime
    from ..language.values import LogoList

    try:
        I.run(LogoList(["startup"]), False)
    except (runtime.ThrowSignal, runtime.StopSignal, runtime.OutputSignal) as sig:
        if getattr(sig, "proc", None) is None:
            sig.proc = "startup"  # type: ignore[union-attr]
        raise
