"""The entry points of Logo's groups (microworlds, lessons), kept between runs.

Finding them costs ``importlib.metadata`` (which imports email, zipfile, csv ...), a
scan of every installed distribution and ``tomllib`` for the checkout: 15-60 ms, paid
by every program that names a procedure ``word.word`` (``try.col``: the registry asks
whether ``try`` is a microworld) and by every save (which files are shipped).  So the
entries found are written into the cache folder with their key: this format's version,
Python's, and the time and size of each folder on ``sys.path`` (installing or removing
a distribution adds or removes a folder there, which changes its time) and of the
checkout's ``pyproject.toml``.  A key that differs, an unreadable or broken file, or a
folder that cannot be written: the entries are read as before (and written where they
can be).  ``LOGO_CODE_CACHE=off`` turns this cache off too.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable

VERSION = "logo-entry-points 1"
Entries = dict[str, list[tuple[str, str]]]  # group -> [(name, reference)]


def cache_path() -> str:
    from ..cache_folder import cache_folder

    return os.path.join(cache_folder(), "entry-points.txt")


def enabled() -> bool:
    return os.environ.get("LOGO_CODE_CACHE", "").strip().lower() not in ("0", "off", "no",
                                                                         "false")


def key(pyproject: str) -> str | None:
    """What the entries depend on, in one line (None: not known, no cache)."""
    parts = [VERSION, sys.version.split()[0], sys.prefix]
    for place in (pyproject, *sys.path):
        if not isinstance(place, str):
            continue
        place = os.path.abspath(place or os.curdir)
        try:
            st = os.stat(place)
            parts.append(f"{place}:{st.st_mtime_ns}:{st.st_size}")
        except OSError:
            parts.append(f"{place}:-")
    line = "\t".join(parts)
    return None if "\n" in line or "\r" in line else line


def read(line: str) -> Entries | None:
    """The entries kept under the key ``line``, if any."""
    try:
        with open(cache_path(), encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeError):
        return None
    first, _, rest = text.partition("\n")
    if first != line or not rest.endswith("end\n"):
        return None
    found: Entries = {}
    for row in rest.splitlines()[:-1]:
        fields = row.split("\t")
        if len(fields) != 3:
            return None
        found.setdefault(fields[0], []).append((fields[1], fields[2]))
    return found


def write(line: str, found: Entries) -> None:
    rows = [line]
    for group, pairs in found.items():
        for name, ref in pairs:
            if any(c in field for field in (group, name, ref) for c in "\t\n\r"):
                return  # (a name that the format cannot hold: no cache)
            rows.append(f"{group}\t{name}\t{ref}")
    rows.append("end")
    from ..cache_folder import among_installed, replace_file

    if among_installed(cache_path()):
        return

    with contextlib.suppress(OSError):  # (a folder that cannot be written: no cache)
        os.makedirs(os.path.dirname(cache_path()), exist_ok=True)
        replace_file(cache_path(), ("\n".join(rows) + "\n").encode("utf-8"))


def entries(groups: tuple[str, ...], pyproject: str,
            find: Callable[[str], list[tuple[str, str]]]) -> Entries:
    """Each group's entries: from the cache when its key is the same, else ``find``'s
    (every group found at once, and kept)."""
    line = key(pyproject) if enabled() else None
    if line is not None:
        found = read(line)
        if found is not None:
            return {group: found.get(group, []) for group in groups}
    found = {group: find(group) for group in groups}
    if line is not None:
        write(line, found)
    return found
