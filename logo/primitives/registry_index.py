"""Which chapter module holds each primitive name, kept between runs (start-up time).

Importing every chapter module costs more than ``logo run -e "print 1"`` may (issue 15),
so the registry imports a chapter when a program first names one of its primitives.  To
know which, it reads this index: every name (English, alias, ЛогоМиры) with its chapter
module and the primitive it names, as the registry built in full resolves it.  The index
is made by the first run (which builds the whole registry) into the cache folder, and
made again whenever a chapter module, ``names_ru.tsv``, ``registry.py`` or
``name_tables.py`` changes (their sizes and times are its key): nobody keeps it by hand,
and a stale one is never used.  Where no index can be read or written, the registry is
built in full, as before.  A process reads it once (each registry gets its own copy).
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

VERSION = "logo-primitives-index 1"
HERE = os.path.dirname(os.path.abspath(__file__))

# name -> (its chapter module, the primitive's own name, a ЛогоМиры name?)
Index = dict[str, tuple[str, str, bool]]
Russian = dict[str, list[str]]  # a primitive's own name -> its ЛогоМиры names, in order


def index_path() -> str:
    """The index of this copy of Logo (each checkout or install has its own)."""
    import zlib  # lazy: only here

    from ..cache_folder import cache_folder

    tag = f"{zlib.crc32(HERE.encode('utf-8', 'replace')):08x}"
    return os.path.join(cache_folder(), f"primitives-{tag}.idx")


def index_key(modules: list[str]) -> str | None:
    """The sizes and times of the chapter modules, the name table and the registry
    itself; None if one cannot be read (then there is no index)."""
    parts = [VERSION]
    for name in [*(m + ".py" for m in modules), "names_ru.tsv", "registry.py",
                 "name_tables.py"]:
        try:
            st = os.stat(os.path.join(HERE, name))
        except OSError:
            return None
        parts.append(f"{name}:{st.st_mtime_ns}:{st.st_size}")
    return " ".join(parts)


_READ: dict[tuple[str, str], tuple[Index, Russian]] = {}  # (path, key) -> what was read


def read_index(modules: list[str]) -> Index | None:
    """The index, if there is one made from these very files."""
    tables = read_tables(modules)
    return None if tables is None else tables[0]


def read_tables(modules: list[str]) -> tuple[Index, Russian] | None:
    """The index (a registry's own copy: it takes the names out as they are looked up)
    and each primitive's ЛогоМиры names, if there is an index made from these very
    files (read once per process: the same files make the same index)."""
    key = index_key(modules)
    if key is None:
        return None
    path = index_path()
    tables = _READ.get((path, key))
    if tables is None:
        tables = _parsed(path, key, modules)
        if tables is None:
            return None
        _READ[(path, key)] = tables
    return dict(tables[0]), tables[1]


def _parsed(path: str, key: str, modules: list[str]) -> tuple[Index, Russian] | None:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeError):
        return None
    first, _, rest = text.partition("\n")
    if first != key:
        return None
    known = set(modules)
    index: Index = {}
    russian: Russian = {}
    for line in rest.splitlines():
        fields = line.split("\t")
        if len(fields) != 4 or fields[1] not in known:
            return None
        if fields[3] == "ru":
            index[fields[0]] = (fields[1], fields[2], True)
            russian.setdefault(fields[2], []).append(fields[0])
        else:
            index[fields[0]] = (fields[1], fields[2], False)
    return index, russian


def write_index(modules: list[str], names: dict[str, Any]) -> None:
    """Keep the index of a registry built in full (``names``: name -> PrimSpec) for the
    next runs; a folder that cannot be written leaves none (nothing is reported)."""
    key = index_key(modules)
    if key is None:
        return
    lines = [key]
    for name, spec in names.items():
        module = spec.fn.__module__.rpartition(".")[2]
        if module not in modules or "\t" in name or "\n" in name:
            continue
        kind = "ru" if name in spec.russian and name not in (spec.name, *spec.aliases) else ""
        lines.append(f"{name}\t{module}\t{spec.name}\t{kind}")
    path = index_path()
    from ..session.safefile import atomic_write  # lazy: a full build only

    with contextlib.suppress(OSError):  # (another run may write it at the same time)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        atomic_write(path, "\n".join(lines) + "\n")
