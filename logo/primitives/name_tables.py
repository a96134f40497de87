"""The name tables the registry reads: ЛогоМиры names (``names_ru.tsv``, a microworld's
own table too) and the names UCBLogo 6.2.2's PRIMITIVES outputs
(``ucblogo_primitives.txt``): data files beside the chapter modules, read when asked
for (a registry with its index reads neither to start)."""

from __future__ import annotations

import functools
import os


@functools.cache
def ucblogo_primitives() -> frozenset[str]:
    """The names UCBLogo 6.2.2's PRIMITIVES outputs (``ucblogo_primitives.txt``, one a
    line, as it printed them)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ucblogo_primitives.txt")
    with open(path, encoding="utf-8") as fh:
        return frozenset(fh.read().split())


def load_russian_names(path: str = "") -> dict[str, str]:
    """A ЛогоМиры name table (the core's ``names_ru.tsv`` unless ``path``): lines
    ``russian<TAB>english``."""
    path = path or os.path.join(os.path.dirname(os.path.abspath(__file__)), "names_ru.tsv")
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    table: dict[str, str] = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        ru, en = line.split("\t")[:2]
        table[ru.strip().lower()] = en.strip().lower()
    return table
