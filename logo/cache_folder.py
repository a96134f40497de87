"""Logo's own cache folder, where every cache between runs lives: ``logo-microworlds``
in ``$XDG_CACHE_HOME`` (``~/.cache`` where it is not set), as the XDG base directories
say.  What is kept there can always be made again: the grammar's tables, the primitive
index, the compiled code, the window's recovery file and recent list, the internal log.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
import sys

FOLDER_NAME = "logo-microworlds"
TEMP_SUFFIX = ".tmp"  # a writer's file not renamed yet (a dead one's, if old)


def cache_folder() -> str:
    """The folder (it may not exist yet: its users make it when they write)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, FOLDER_NAME)


def code_folder() -> str | None:
    """The folder of the compiled-code cache that ``LOGO_CODE_CACHE`` and the cache
    folder name (``code-<cache tag>``), or None: off (``off``, ``0``, ``no``, ``false``)."""
    setting = os.environ.get("LOGO_CODE_CACHE", "").strip()
    if setting.lower() in ("0", "off", "no", "false"):
        return None
    if setting and setting.lower() not in ("1", "on", "yes", "true"):
        return os.path.abspath(os.path.expanduser(setting))
    return os.path.join(cache_folder(), f"code-{sys.implementation.cache_tag or 'python'}")


def among_installed(path: str) -> bool:
    """True for a path in the folder that holds the ``logo`` package (a checkout, or
    ``site-packages``): a cache folder set among the files installed with Logo, never
    written.  (A cheap test, made before a cache's first write: the whole rule,
    ``session/shipped.py``, reads the entry points, itself a cache.)"""
    holder = os.path.realpath(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    real = os.path.realpath(os.path.abspath(path))
    try:
        return os.path.commonpath([real, holder]) == holder
    except ValueError:  # (another drive)
        return False


def read_regular(path: str, most: int) -> tuple[bytes, os.stat_result] | None:
    """The bytes of the cache file ``path`` and its status; None where it is missing,
    unreadable, longer than ``most`` bytes or not a regular file (a link is not followed,
    a FIFO not waited on)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > most:
            return None
        return os.read(fd, st.st_size + 1), st
    except OSError:
        return None
    finally:
        os.close(fd)


_temp_names = itertools.count()


def replace_file(path: str, data: bytes) -> None:
    """Write ``data`` as the file ``path`` of a cache: a temporary file of this process
    beside it, renamed over it, so that a reader sees the old file or the new one, never
    half of one.  An ``OSError`` (no folder, no room, no right) is the caller's."""
    temp = f"{path}.{os.getpid()}.{next(_temp_names)}{TEMP_SUFFIX}"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
