"""The reader and runparse: every odd word of the lessons, and UCBLogo's splitting rules."""

from __future__ import annotations

import pytest

from logo.language.errors import LogoError
from logo.language.reader import EscapedWord, read_lines, read_list
from logo.language.runparse import Name, Op, OpWord, Paren, Quoted, UMinus, Var, runparse_line
from logo.language.values import LogoArray, LogoList, show_form


def tokens(text: str) -> list[tuple[str, object]]:
    (line,) = read_lines(text)
    return [(type(t).__name__, t) for t in runparse_line(line)]


@pytest.mark.parametrize("word", ["+h", "-h", "*side", "/side"])
def test_lesson_names_with_a_leading_operator_read_as_one_word(word):
    assert tokens(word) == [("OpWord", word)]


@pytest.mark.parametrize("word", ["!", ",side", "0pos", "#p", "#st", "#w", "s_koch",
                                  "rule_koch", "fpd"])
def test_lesson_names_read_as_names(word):
    assert tokens(word) == [("Name", word)]


def test_to_line_with_quoted_inputs_stays_words():
    (line,) = read_lines('to tree "n')
    assert line.items() == ["to", "tree", '"n']
    (line,) = read_lines('to 0pos "spos "shead')
    assert line.items() == ["to", "0pos", '"spos', '"shead']


def test_minus_rules_as_in_ucblogo():
    assert tokens("3 - 2") == [("int", 3), ("Op", "-"), ("int", 2)]
    assert tokens("3 -2") == [("int", 3), ("int", -2)]
    assert tokens("3-2") == [("int", 3), ("Op", "-"), ("int", 2)]
    assert tokens(":a-1") == [("Var", "a"), ("Op", "-"), ("int", 1)]
    assert tokens("- :a") == [("Op", "-"), ("Var", "a")]
    assert tokens("-:a") == [("UMinus", "-"), ("Var", "a")]
    # not tight after * or /: UCBLogo reads 2*-3 - 1 as 2 * (-3 - 1)
    assert tokens("2*-3") == [("int", 2), ("Op", "*"), ("Op", "-"), ("int", 3)]


def test_numbers():
    assert tokens("3 -2.5 1e3 .5 1e-3") == [("int", 3), ("float", -2.5), ("float", 1000.0),
                                             ("float", 0.5), ("float", 0.001)]


def test_quoted_words_keep_operators_but_not_closing_parens():
    assert tokens('"a+b') == [("Quoted", "a+b")]
    assert tokens('(print "a)') == [("Paren", "("), ("Name", "print"), ("Quoted", "a"),
                                    ("Paren", ")")]


def test_infix_and_parens_split_outside_lists():
    assert tokens("print(3+4)") == [("Name", "print"), ("Paren", "("), ("int", 3),
                                     ("Op", "+"), ("int", 4), ("Paren", ")")]
    assert tokens(":x<=3 :y<>2 :z>=1") == [
        ("Var", "x"), ("Op", "<="), ("int", 3), ("Var", "y"), ("Op", "<>"), ("int", 2),
        ("Var", "z"), ("Op", ">="), ("int", 1)]


def test_lists_keep_their_exact_words():
    (line,) = read_lines("show [a+b 3-2 [c d] (e)]")
    lst = line[1]
    assert isinstance(lst, LogoList)
    assert show_form(lst) == "[a+b 3-2 [c d] (e)]"


def test_arrays_and_origins():
    (line,) = read_lines("show {1 2 3} {1 2}@0")
    a, b = line[1], line[2]
    assert isinstance(a, LogoArray) and a.origin == 1 and a.items == ["1", "2", "3"]
    assert isinstance(b, LogoArray) and b.origin == 0


def test_comments_continuations_and_positions():
    lines = read_lines('print 1 ; a comment\nprint ~\n  2\n\nfd [a\nb]\n', "f.lgo")
    assert [show_form(x) for x in lines] == ["[print 1]", "[print 2]", "[fd [a b]]"]
    assert [x.src for x in lines] == [("f.lgo", 1), ("f.lgo", 2), ("f.lgo", 5)]
    assert lines[2][1].src == ("f.lgo", 5)


def test_bars_and_backslashes_make_escaped_words():
    (line,) = read_lines('print "|a b| "a\\ b [|x+y|]')
    assert line[1] == '"a b' and isinstance(line[1], EscapedWord)
    assert line[2] == '"a b'
    assert tokens('print "|a+b|')[1] == ("QuotedEsc", "a+b")
    assert line[1].esc == {1, 2, 3} and line[2].esc == {2}


def test_escaped_characters_never_delimit_but_the_rest_of_the_word_does():
    (line,) = read_lines('make "w (word "a "|[c d]|)')
    toks = runparse_line(line)
    assert [type(t).__name__ for t in toks][-3:] == ["Quoted", "QuotedEsc", "Paren"]
    assert isinstance(toks[-2], Quoted) and toks[-2].word.esc == {0, 1, 2, 3, 4}
    assert tokens('show ("abc)') == [("Name", "show"), ("Paren", "("), ("Quoted", "abc"),
                                     ("Paren", ")")]
    assert tokens("a\\+b") == [("BarredName", "a+b")]  # shown |a+b| in messages
    (line,) = read_lines("show [|x+y| z]")
    assert line[1].items() == ["x+y", "z"]


def test_unbalanced_brackets_are_logo_errors_with_lines():
    with pytest.raises(LogoError) as info:
        read_lines("print 1\nprint [a [b]\nfd 10\n", "f.lgo")
    assert info.value.kind == "missing_bracket" and info.value.file == "f.lgo"
    with pytest.raises(LogoError) as info:
        read_lines("print 1\nprint a]\n", "f.lgo")
    assert info.value.kind == "unexpected_bracket" and info.value.lineno == 2


def test_cyrillic_words():
    assert tokens("вперед 100 направо 90") == [("Name", "вперед"), ("int", 100),
                                                ("Name", "направо"), ("int", 90)]


def test_read_list_joins_lines():
    assert show_form(read_list("a b\nc [d]")) == "[a b c [d]]"


def test_token_classes_are_strings():
    for cls in (Op, UMinus, Paren, Quoted, Var, Name, OpWord):
        assert issubclass(cls, str)
