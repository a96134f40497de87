"""split_definitions cuts out only the definitions' text: what it gives is what the
general way gives, which cut every line's text (source_blocks) and looked at each line's
first word twice (kept below as the reference), on texts with comments, blank lines,
``~`` continuations, CRLF line ends, a TO without END, END inside a bracket."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from logo.language.errors import LogoError
from logo.language.reader import read_lines, source_blocks
from logo.language.syntax import check_text
from logo.language.values import LogoList, print_form
from logo.session import workspace
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from logo.session.workspace import END_WORDS, TO_WORDS, Definition, split_definitions


def _first_word(line: LogoList) -> str | None:
    head = line.first() if len(line) else None
    return head.lower() if isinstance(head, str) else None


def reference(lines: list[LogoList], text: str | None) -> list[Any]:
    """split_definitions as it was, every line's text cut."""
    blocks = source_blocks(text, lines) if text is not None else None
    out: list[Any] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        one = workspace.one_line_definition(line) if _first_word(line) in TO_WORDS else None
        if one is not None:
            out.append(one)
            i += 1
        elif _first_word(line) in TO_WORDS:
            j = i + 1
            while j < len(lines) and _first_word(lines[j]) not in END_WORDS:
                j += 1
            if blocks:
                workspace._check_no_end_inside(blocks[i + 1:j], line)
            if j >= len(lines):
                err = LogoError("no_end", who=print_form(line.butfirst().first()
                                                         if len(line) > 1 else "to"))
                err.file, err.lineno = line.src or ("", None)
                raise err
            out.append(Definition(line, [b for b in lines[i + 1:j] if len(b)],
                                  blocks[i:j + 1] if blocks else None))
            i = j + 1
        else:
            if len(line):
                out.append(line)
            i += 1
    return out


def shape(item: Any) -> Any:
    if isinstance(item, Definition):
        return ("to", shape(item.title), [shape(b) for b in item.body], item.source)
    if isinstance(item, LogoList):
        return ("list", item.src, tuple(shape(x) for x in item))
    return (type(item).__name__, str(item))


def both(text: str, with_text: bool = True) -> tuple[Any, Any]:
    results = []
    for split in (split_definitions, reference):
        try:
            lines = read_lines(text, "f.lgo", blank=True)
            results.append([shape(x) for x in split(lines, text if with_text else None)])
        except LogoError as err:
            results.append(("error", err.kind, str(err), err.file, err.lineno))
    return results[0], results[1]


TEXTS = [
    'make "x 3\n\n; a comment\nprint :x\n',
    "to sq :n ; squares\n  ; inside\n\n  repeat 4 [fd :n ~\n   rt 90]\nend\nsq 10\n",
    "to sq :n\r\n  fd :n\r\n\r\nend\r\nprint 1\r\n",
    "print 1\nto broken :n\n  fd :n\n",
    "to a\nprint [\nend\n]\nend\n",
    "to a\nprint [x ~\nend\n]\nend\n",
    "to +h rt 90 end\nTO Two\nto inner\nEND\nprint 2\n",
    ".macro m\noutput [print 1]\nend\nэто кв\nвп 10\nконец\n",
    "to\nend\n",
    "to |to| :x\nprint :x\nend\n|to| 3\n\\to 4\n",
    "print 1 ~\n  + 2\n\n\nto f\nop 1\nend",
    "to f\nprint (1 +\n 2)\nend\nf\n",
    "\n\n\nto f\n\nend\n\n\n",
]


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("with_text", [True, False])
def test_split_as_the_general_way(text: str, with_text: bool) -> None:
    ours, ref = both(text, with_text)
    assert ours == ref


def test_a_definition_keeps_its_text_as_typed() -> None:
    text = "print 1\nto sq :n ; squares\r\n\n  fd :n ~\n    * 2\nend\nprint 2\n"
    items = split_definitions(read_lines(text, "f", blank=True), text)
    (definition,) = [x for x in items if isinstance(x, Definition)]
    assert definition.source == ["to sq :n ; squares", "", "  fd :n ~\n    * 2", "end"]
    I = Interpreter(BufferHost())
    I.load_source(text, "f")
    assert I.workspace.procedures["sq"].text().startswith("to sq :n ; squares\n")


WORDS = ["to", "TO", "end", "End", "f", ":n", "print", "1", "[", "]", "~", ";c", "|",
         "\\", "(", ")", "\r", "это", "конец", ".macro", " "]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join), max_size=8))
def test_any_text_splits_as_the_general_way(lines: list[str]) -> None:
    ours, ref = both("\n".join(lines) + "\n")
    assert ours == ref


@pytest.mark.parametrize("text", ["print (1 + 2\n", "print 1 + 2)\n", "newslider \"a [1] 0 9 3\n",
                                  "to f\nprint 1)\nend\n"])
def test_check_text_still_finds_what_is_wrong(text: str) -> None:
    items = split_definitions(read_lines(text, "f", blank=True), text)
    with pytest.raises(LogoError) as general:
        check_text(items)
    with pytest.raises(LogoError) as ours:
        check_text(items, "(" in text or ")" in text)
    assert (ours.value.kind, ours.value.lineno) == (general.value.kind, general.value.lineno)


def test_no_parenthesis_nothing_to_check() -> None:
    text = 'make "x 3\nif :x > 2 [print :x]\nnewslider "s [0 0] 0 9 3\n'
    items = split_definitions(read_lines(text, "f", blank=True), text)
    check_text(items, False)
    with pytest.raises(LogoError):
        check_text(split_definitions(read_lines('newslider "s [0] 0 9 3\n')), False)
