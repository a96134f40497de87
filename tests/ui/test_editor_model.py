"""The procedures pane's model without a window: the text buffer (caret, selection,
undo, indentation, find) and the Logo colouring and bracket matching."""

from __future__ import annotations

from logo.ui.logo_syntax import defined_names, matching_bracket, spans
from logo.ui.text_buffer import TextBuffer, open_brackets


def kinds(line: str, procedures=()) -> list[tuple[str, str]]:
    prims = {"fd", "rt", "repeat", "print", "make", "if", "stop"}
    return [(line[a:b], k) for a, b, k in spans(line, prims.__contains__, procedures)]


def test_insert_of_many_lines_replaces_the_selection_and_undoes_in_one_step():
    b = TextBuffer("to a\nfd 1\nend\n")
    b.select((1, 0), (1, 4))
    b.insert("rt 90\nfd 2\nквадрат 3")
    assert b.text() == "to a\nrt 90\nfd 2\nквадрат 3\nend\n"
    assert b.caret == (3, 9)
    assert b.undo() and b.text() == "to a\nfd 1\nend\n"
    assert b.redo() and "квадрат 3" in b.text()
    assert not b.redo()


def test_typing_along_a_line_is_one_undo_step_each_other_edit_its_own():
    b = TextBuffer()
    for ch in "fd 10":
        b.insert(ch, typing=True)
    b.new_line()
    for ch in "rt":
        b.insert(ch, typing=True)
    b.backspace()
    assert b.text() == "fd 10\nr"
    assert b.undo() and b.text() == "fd 10\nrt"
    assert b.undo() and b.text() == "fd 10\n"
    assert b.undo() and b.text() == "fd 10"
    assert b.undo() and b.text() == ""
    assert not b.undo()
    for _ in range(4):
        assert b.redo()
    assert b.text() == "fd 10\nr"


def test_enter_keeps_the_indentation_adds_inside_to_and_brackets_and_lines_up_end():
    b = TextBuffer()
    for piece in ("to square :n", "repeat 4 [", "fd :n", "rt 90", "]", "end"):
        b.insert(piece)
        b.new_line()
    assert b.text() == "to square :n\n  repeat 4 [\n    fd :n\n    rt 90\n  ]\nend\n"


def test_selection_slices_cut_and_delete_across_lines():
    b = TextBuffer("one\ntwo\nthree")
    b.move_to((0, 1))
    b.move_to((2, 2), select=True)
    assert b.selected_text() == "ne\ntwo\nth"
    assert b.cut() == "ne\ntwo\nth" and b.text() == "oree"
    b.select_all()
    assert b.selected_text() == "oree"
    b.backspace()
    assert b.text() == "" and b.caret == (0, 0)
    b.set_text("ab\ncd")
    b.move_to((0, 2))
    b.delete()
    assert b.text() == "abcd"


def test_find_goes_on_from_the_caret_wraps_around_and_ignores_case():
    b = TextBuffer("fd 1\nRT 90\nfd 2\nrt 5")
    assert b.find("rt", (0, 0)) == ((1, 0), (1, 2))
    assert b.find("rt", (1, 2)) == ((3, 0), (3, 2))
    assert b.find("rt", (3, 2)) == ((1, 0), (1, 2))  # around the end
    assert b.find("rt", (3, 0), forward=False) == ((1, 0), (1, 2))
    assert b.find("zz", (0, 0)) is None


def test_word_moves_and_clamping():
    b = TextBuffer("repeat 4 [fd 10]")
    assert b.word_right((0, 0)) == (0, 6)
    assert b.word_left((0, 10)) == (0, 7)
    assert b.clamp((9, 99)) == (0, 16)


def test_colouring_kinds():
    got = kinds('to petal :n  ; a comment [with brackets]', ())
    assert got == [("to", "primitive"), ("petal", "procedure"), (":n", "variable"),
                   ("; a comment [with brackets]", "comment")]
    got = kinds('repeat 4 [fd 10.5 print "hello квадрат 3]', {"квадрат"})
    assert ("repeat", "primitive") in got and ("4", "number") in got
    assert ("10.5", "number") in got and ('"hello', "quoted") in got
    assert ("квадрат", "procedure") in got and ("[", "bracket") in got
    assert kinds("print |a;b| ; c")[1] == ("|a;b|", "plain")
    assert kinds("unknownword 3")[0] == ("unknownword", "plain")


def test_defined_names_and_open_brackets():
    assert defined_names(["to Sq :n", "end", "TO tri", "это круг"]) == {"sq", "tri", "круг"}
    assert open_brackets("repeat 4 [fd 10 [") == 2
    assert open_brackets("print [a] ; [ not counted") == 0


def test_bracket_matching_spans_lines_and_skips_comments():
    lines = ["repeat 4 [fd 10 ; ]", "  rt [90]", "]"]
    assert matching_bracket(lines, (0, 9)) == ((0, 9), (2, 0))
    assert matching_bracket(lines, (2, 1)) == ((2, 0), (0, 9))  # just before the caret
    assert matching_bracket(lines, (1, 5)) == ((1, 5), (1, 8))
    assert matching_bracket(lines, (0, 2)) is None
    assert matching_bracket(["fd [10"], (0, 3)) is None  # never closed
