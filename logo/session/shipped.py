"""Which files are Logo's own: the files installed with it are never written.

:func:`is_shipped` says whether a path (its symbolic links resolved, so that a link of
the learner's pointing into the package counts, and ``..`` cannot get round it) lies
inside the installed package ``logo``, its library ``logo/stdlib``, or a package that
a microworld or a lessons entry point names (``logo.microworlds``, ``logo.lessons``: the
lessons and microworlds shipped with Logo, a third party's too).  Installed editable
from a checkout, the checkout's folders are those packages, so they count as shipped
too (``stdlib/`` with them).

Every writer asks it through :mod:`logo.session.safefile` (SAVE, SAVEPICT, OPENWRITE,
OPENAPPEND, OPENUPDATE, DRIBBLE, ERASEFILE, the microworlds' films, the exports, the
recovery file, the caches); the window's idea of a protected folder
(``logo/ui/folders.py``) starts from it.

The one way round it is for the project's maintainers, who regenerate a shipped
picture (a lesson's ``NAME.png``, a microworld's film) in a checkout:
``LOGO_WRITE_SHIPPED=1`` in the environment of the command that writes it.  It is
honoured only where the packages lie in a checkout (a ``pyproject.toml`` beside them),
never for an installed wheel, and no Logo program can set it (Logo has no primitive
that changes its own environment).
"""

from __future__ import annotations

import contextlib
import os
from functools import cache
from importlib.util import find_spec

MAINTAINER_SWITCH = "LOGO_WRITE_SHIPPED"


def _real(path: str) -> str:
    return os.path.normcase(os.path.realpath(os.path.abspath(os.path.expanduser(path))))


def _package_folder(name: str) -> str | None:
    """The folder of the top-level package ``name`` (not imported), or None."""
    try:
        spec = find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return next(iter(spec.submodule_search_locations), None)


def shipped_packages() -> tuple[str, ...]:
    """The top-level packages installed with Logo: ``logo``, and each package that a
    microworld or a lessons entry point names (``logo.microworlds``, ``logo.lessons``)."""
    from .extensions import GROUP, LESSONS, entries  # lazy: entry points read on use

    names = ["logo"]
    for group in (GROUP, LESSONS):
        with contextlib.suppress(Exception):  # a broken entry point: the rest still count
            names += [ref.split(":")[0].split(".")[0].strip() for _, ref in entries(group)]
    return tuple(dict.fromkeys(n for n in names if n))


@cache
def shipped_roots() -> tuple[str, ...]:
    """The folders whose files are shipped, symbolic links resolved."""
    roots: list[str] = []
    for name in shipped_packages():
        folder = _package_folder(name)
        if folder:
            roots.append(_real(folder))
            if name == "logo":  # (a checkout's logo/stdlib is a link to ../stdlib)
                roots.append(_real(os.path.join(folder, "stdlib")))
    return tuple(dict.fromkeys(roots))


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def is_shipped(path: str) -> bool:
    """True when ``path`` (links resolved) is a shipped file or lies inside a shipped
    folder: it is never written, replaced or erased."""
    real = _real(path)
    return any(_inside(real, root) for root in shipped_roots())


def in_checkout() -> bool:
    """True when the ``logo`` package lies in a checkout (``pyproject.toml`` beside it)."""
    folder = _package_folder("logo")
    return bool(folder) and os.path.isfile(
        os.path.join(os.path.dirname(os.path.realpath(folder or "")), "pyproject.toml"))


def maintainer_writes() -> bool:
    """True when the maintainers' switch is set and the packages are a checkout."""
    return os.environ.get(MAINTAINER_SWITCH, "") not in ("", "0") and in_checkout()


def writable(path: str) -> bool:
    """False for a shipped path (unless the maintainers' switch lifts the rule)."""
    return not is_shipped(path) or maintainer_writes()
