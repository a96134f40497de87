"""The reader's grammar (``grammar.lark``) run by lark: the reference that the reader's
own scanner (``reader.py``) agrees with, and the source of its error reports.

The scanner reads every well-formed text itself (importing lark takes longer than
``logo run -e "print 1"`` may, issue 15); a text it cannot read (an unmatched bracket
or brace, a character no token allows) is read again here, and lark's error says
which Logo error it is and on which line: ``[`` never closed, an unexpected ``]`` or
``}`` (UCBLogo's "Unexpected ']'" ...).  ``tests/language/test_reader_grammar.py``
checks that both read the same data from the same texts.
"""

from __future__ import annotations

import contextlib
import functools
import os
from typing import Any

from .errors import LogoError


@functools.lru_cache(maxsize=1)
def parser() -> Any:
    """The lark parser of ``grammar.lark`` (built once per process, cached on disk)."""
    import lark  # lazy: only for a text the scanner cannot read, and for the tests

    cache = _cache_file()
    # (a stale, foreign or broken cache: built anew)
    with contextlib.suppress(Exception), open(cache, "rb") as fh:
        if fh.readline() == _cache_key(lark.__version__):
            return lark.Lark.load(fh)
    built = lark.Lark.open("grammar.lark", rel_to=__file__, parser="lalr",
                           propagate_positions=False, maybe_placeholders=False)
    with contextlib.suppress(Exception):  # written as every file is (safefile)
        import io

        from ..session.safefile import atomic_write

        data = io.BytesIO()
        data.write(_cache_key(lark.__version__))
        built.save(data)
        atomic_write(cache, data.getvalue())
    return built


def _cache_key(version: str) -> bytes:
    """The cache file's first line: the grammar's digest and lark's version."""
    import hashlib

    with open(os.path.join(os.path.dirname(__file__), "grammar.lark"), "rb") as fh:
        digest = hashlib.sha256(fh.read()).hexdigest()
    return f"logo-grammar {digest} lark {version}\n".encode()


def _cache_file() -> str:
    """Where lark keeps the analysed grammar between runs (start-up time)."""
    from ..cache_folder import cache_folder

    folder = cache_folder()
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        import tempfile  # lazy: start-up time

        folder = tempfile.gettempdir()
    return os.path.join(folder, "grammar.lark.pickle")


def syntax_error(text: str, file: str, unclosed: int | None) -> LogoError:
    """The Logo error of a text the grammar does not accept (``text`` ends in a
    newline; ``unclosed``: the line of its first ``[`` or ``{`` never closed, if any);
    a text it accepts (which the scanner never sends) is a missing bracket."""
    from lark.exceptions import LarkError

    try:
        parser().parse(text)
    except LarkError as exc:
        return _syntax_error(exc, file, unclosed)
    return _located(LogoError("missing_bracket"), file, unclosed)


def _syntax_error(exc: Exception, file: str, unclosed: int | None) -> LogoError:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    line = getattr(exc, "line", None)
    if (isinstance(exc, UnexpectedToken) and exc.token.type == "$END") or isinstance(
            exc, UnexpectedEOF):
        err = LogoError("missing_bracket")
        line = unclosed
    elif isinstance(exc, UnexpectedToken) and str(exc.token).startswith("}"):
        err = LogoError("unexpected_brace")
    elif isinstance(exc, (UnexpectedToken, UnexpectedCharacters)):
        ch = str(getattr(exc, "token", "") or getattr(exc, "char", ""))
        err = LogoError("unexpected_brace" if ch.startswith("}") else "unexpected_bracket")
    else:
        err = LogoError("missing_bracket")
    return _located(err, file, line)


def _located(err: LogoError, file: str, line: Any) -> LogoError:
    err.file = file
    err.lineno = line if isinstance(line, int) and line > 0 else None
    return err
