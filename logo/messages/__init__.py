"""Every message Logo shows, in English and Russian: one catalogue, ``messages.tsv``.

``text(key, lang, **fields)`` is the message ``key`` in ``lang`` (``en`` or ``ru``) with its
``{field}`` places filled in.  A key without a dot is an error kind
(:class:`logo.language.errors.LogoError`); ``hint.*``, ``where.*``, ``ui.*``, ``cli.*``, ``repl.*``
and ``check.*`` are the other texts of the window and the command line.

The catalogue is read on the first message asked for, so a run that shows no message
never reads it.  The language of the session is :func:`language`: what the command line
chose with :func:`use` (``--lang``, else the locale), English until then; a message asked
for in no particular language comes in that one.
"""

from __future__ import annotations

import os
import re

LANGUAGES = ("en", "ru")
CATALOGUE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "messages.tsv")
FIELD = re.compile(r"\{([a-z_]+)\}")

_table: dict[str, tuple[str, str]] | None = None
_language = "en"


def table() -> dict[str, tuple[str, str]]:
    """The catalogue: key -> (English, Russian), read once."""
    global _table
    if _table is None:
        _table = read_catalogue(CATALOGUE)
    return _table


def read_catalogue(path: str) -> dict[str, tuple[str, str]]:
    """Lines ``key<TAB>english<TAB>russian``; ``#`` starts a comment line."""
    found: dict[str, tuple[str, str]] = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 3 or parts[0] in found:
                raise ValueError(f"{path}:{number}: want one key<TAB>english<TAB>russian")
            found[parts[0]] = (parts[1], parts[2])
    return found


def template(key: str, lang: str | None = None) -> str:
    """The text of ``key`` in ``lang`` (the session's language if None), fields unfilled;
    a key the catalogue lacks is itself."""
    entry = table().get(key)
    if entry is None:
        return key
    return entry[1] if (lang or _language) == "ru" else entry[0]


def fill(text: str, fields: dict[str, object]) -> str:
    """``text`` with each ``{name}`` of ``fields`` replaced (plain replacement, not
    ``str.format``: UCBLogo's messages hold literal braces)."""
    for name, value in fields.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def text(key: str, lang: str | None = None, **fields: object) -> str:
    """The message ``key`` in ``lang`` (the session's language if None), filled in."""
    return fill(template(key, lang), fields)


def fields_of(message: str) -> set[str]:
    """The field names a template uses."""
    return set(FIELD.findall(message))


def pick(option: str | None = None, environ: dict[str, str] | None = None) -> str:
    """``en`` or ``ru``: the option if given, else the locale (``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, the first one set): Russian when it starts with ``ru``."""
    if option:
        return "ru" if option.lower().startswith("ru") else "en"
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def use(lang: str | None) -> str:
    """Make ``lang`` (``en``/``ru``; None: the locale's) the session's language."""
    global _language
    _language = pick(lang)
    return _language


def language() -> str:
    """The session's language."""
    return _language
