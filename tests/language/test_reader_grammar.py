"""The reader's own scanner reads what ``grammar.lark`` reads, as lark reads it: the same
lines, words (and their escapes), lists (and their positions), arrays (and their
origins), and for a text the grammar does not allow the same Logo error on the same
line.  The reference here is the lark-based reader that the scanner replaced (issue 15:
importing lark cost more than a whole ``logo run -e "print 1"`` may)."""

from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Token

from logo.language.atoms import EscapedWord, LogoArray
from logo.language.errors import LogoError
from logo.language.lists import LogoList
from logo.language.reader import _origin, _paren_newlines, _unclosed_line, decode_word, read_lines
from logo.language.reader_grammar import parser, syntax_error

ROOT = Path(__file__).resolve().parents[2]


def lark_read_lines(text: str, file: str = "", blank: bool = False) -> list[LogoList]:
    """The reader as it was, on lark's tree (the reference)."""
    from lark.exceptions import LarkError

    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = _lark_tree(text)
    except LarkError:
        raise syntax_error(text, file, _unclosed_line(text)) from None
    lines: list[LogoList] = []
    current: list[Any] = []
    start = 0
    continued = _paren_newlines(text) if "(" in text else ()
    for node in tree.children:
        if getattr(node, "type", None) == "NEWLINE":
            if continued and node.end_pos - 1 in continued:
                continue
            if current:
                lines.append(LogoList(current, src=(file, start)))
                current = []
            elif blank:
                lines.append(LogoList((), src=(file, node.line)))
            continue
        if not current:
            start = node.line if hasattr(node, "line") else _first_line(node)
        current.append(_convert(node, file))
    if current:
        lines.append(LogoList(current, src=(file, start)))
    return lines


@functools.lru_cache(maxsize=2)
def _lark_tree(text: str) -> Any:
    """lark's tree of ``text`` (kept for the next call: ``same`` reads each text twice,
    without and with blank lines; the tree is only read, never changed)."""
    return parser().parse(text)


def _convert(node: Any, file: str) -> Any:
    if isinstance(node, Token):
        return decode_word(str(node))
    kids = [k for k in node.children if not (isinstance(k, Token) and k.type == "NEWLINE")]
    if node.data == "list":
        return LogoList([_convert(k, file) for k in kids], src=(file, _first_line(node)))
    end = kids.pop()
    return LogoArray([_convert(k, file) for k in kids], _origin(str(end)))


def _first_line(node: Any) -> int:
    for k in node.children:
        if isinstance(k, Token):
            return k.line or 0
        line = _first_line(k)
        if line:
            return line
    return 0


def shape(datum: Any) -> Any:
    """Everything the reader decides about a datum, as plain tuples."""
    if isinstance(datum, LogoList):
        return ("list", datum.src, tuple(shape(x) for x in datum))
    if isinstance(datum, LogoArray):
        return ("array", datum.origin, tuple(shape(x) for x in datum.items))
    if isinstance(datum, EscapedWord):
        return ("escaped", str(datum), tuple(sorted(datum.esc)), datum.bars)
    return (type(datum).__name__, datum)


def outcome(read: Any, text: str, blank: bool) -> Any:
    try:
        return [shape(line) for line in read(text, "f.lgo", blank)]
    except LogoError as err:
        return ("error", err.kind, err.file, err.lineno)


def same(text: str) -> None:
    for blank in (False, True):
        assert outcome(read_lines, text, blank) == outcome(lark_read_lines, text, blank), text


def corpus() -> list[Path]:
    found = [p for folder in ("logo", "microworlds", "tests", "bench", "docs")
             for p in sorted((ROOT / folder).rglob("*.lgo"))]
    return found


def test_every_logo_file_of_the_repository_reads_the_same() -> None:
    files = corpus()
    assert len(files) > 20
    for path in files:
        same(path.read_text(encoding="utf-8", errors="replace"))


@pytest.mark.parametrize("text", [
    "", "\n", "print 1", "[] [a]", "[\n]", "[ ; c\n a]", "{}", "{1 2}@0", "{1 {2}@-3}",
    "print [1 2", "print ]", "a}", "{a]", "[a}", "]", "}", "}@2", "x\xa0y", "a\x0bb",
    "a ~\n b", "a~b", "a ~ \r\n b", "; c ~\n d", "|a b", "|a\\|b| c", "a\\\nb", "a\\",
    "\\[x\\]", "(print\n1)", "[(\n)]", "a\r\nb\r\n", "\f\t a", "[[[\n\n]] x\n]",
    "{\n}", "[{]}", "a {b [c] {d}@1}@2 e", "to f\n[x\n", "a ; [\n]", "|[|]",
])
def test_odd_texts_read_the_same(text: str) -> None:
    same(text)


ALPHABET = "ab1 \t\n\r\f[]{}|\\~;()@-0\xa0\x0b\":"


@settings(max_examples=400, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(st.text(alphabet=ALPHABET, max_size=30))
def test_random_texts_read_the_same(text: str) -> None:
    same(text)


def test_random_bracketed_texts_read_the_same() -> None:
    """Texts more likely to be well formed: balanced brackets, some broken."""
    rng = random.Random(15)
    pieces = ["a", "1", " ", "\n", "[", "]", "{", "}", "}@0", "|x y|", "\\ ", "~\n", "; c\n",
              "(", ")", "\"w", ":v", "[]"]
    for _ in range(3000):
        same("".join(rng.choice(pieces) for _ in range(rng.randint(0, 25))))
