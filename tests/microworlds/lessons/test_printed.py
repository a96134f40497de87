"""The lessons keep the procedures the 2004 article prints, by its names, in their own
files: each is defined in the lesson's .lgo, listed by POTS once the lesson is open, and,
where the file does not say it adapted it, has the printed body word for word."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.microworlds.lessons.lesson_support import lesson_path, run_lesson
from tests.support import CHILD_ENV, ROOT

# Table 1 of lesson 5: FracTree's symbols as Logo procedures, as printed
TABLE_1: dict[str, str | None] = {
    "+h": "rt delta",
    "-h": "lt delta",
    "!": None,  # printed "seth 180"; adapted (commented in the file): rt 180
    "in": 'make "stack fput (list pos heading color) :stack',
    "from": 'if not empty? :stack [make "#st first :stack frompos fromhead fromcolor '
            'make "stack bf :stack]',
    "frompos": 'make "#w item 1 :#st pu setpos :#w run :#p',
    "fromhead": 'make "#w item 2 :#st seth :#w',
    "fromcolor": 'make "#w item 3 :#st setc :#w',
    "*side": "op 1.1 * :side",
    "/side": "op 0.9 * :side",
    ",side": "op (random 100) / 10",
}
PRINTED: dict[str, dict[str, str | None]] = {
    "tree": {"tree": "if :n < 2.5 [stop] fd :n rt 10 tree (0.75 * :n) lt 20 tree "
                     "(0.75 * :n) rt 10 bk :n"},
    "koch": {"rule": "fdf :s lt :a fdf :s rt 2 * :a fdf :s lt :a fdf :s",
             "koch": None,  # colorunder = 4.4 is = 5 here (commented)
             "fdf": None,  # a line added (commented)
             "ogr": "setc 5 fill pu fd 165 rt 90 pd setc 9 fd 300 rt 90 fd (300 + 30) rt 90 "
                    "fd (300 * 2) rt 90 fd (300 + 30) rt 90 fd 300 pu rt 90 fd 50 "
                    "pd setc 9 fill pu setc 1 home pd"},
    "fractree": {**TABLE_1,
                 "fence": "cg setc 5 fill pu fd 165 rt 90 setx xcor - 300 pd setc 9 "
                          "repeat 2 [fd 500 rt 90 fd 280 rt 90] pu fd 10 rt 90 fd 10 "
                          'pd fill pu setc 1 home pd make "#p "pd',
                 "0pos": "pu setpos :spos seth :shead setc 5 + random 120",
                 "rule_koch": "fpd -h fpd +h +h fpd -h fpd",
                 "s_koch": None,  # colorunder = 4.4 is = 5, the line continues with ~
                 "kokh": '0pos [-290 -110] 90 setlevel 0 make "side length s_koch :side'},
    "brush": dict(TABLE_1),
}


def definitions(name: str) -> dict[str, str]:
    """The lesson file's procedures: name -> body as one line of words, comments out."""
    text = lesson_path(name).read_text(encoding="utf-8")
    text = re.sub(r";[^\n]*", "", text).replace("~\n", " ")
    found = {}
    for m in re.finditer(r"(?ims)^to\s+(\S+)([^\n]*?)(?:\n(.*?)^\s*end\b|\send\s*$)", text):
        body = m.group(3)
        if body is None:  # a one-line definition, to +h rt delta end: all after the name
            body = m.group(2)
        found[m.group(1).lower()] = " ".join(body.split())
    return found


@pytest.mark.parametrize("lesson", sorted(PRINTED))
def test_every_printed_procedure_is_in_the_lesson_file_as_printed(lesson):
    defined = definitions(lesson)
    for proc, body in PRINTED[lesson].items():
        assert proc in defined, f"{lesson}.lgo lacks the printed {proc}"
        if body is not None:
            assert defined[proc] == body, f"{lesson}: {proc} differs from the print"


@pytest.mark.parametrize("lesson", ["fractree", "brush"])
def test_pots_after_opening_lists_table_1(lesson):
    out = subprocess.run([sys.executable, "-m", "logo", "run", lesson, "-e", "pots"],
                         cwd=ROOT, env=CHILD_ENV, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    titled = {line.split()[1].lower() for line in out.stdout.splitlines()
              if line.startswith("to ")}
    assert set(TABLE_1) <= titled
    assert set(PRINTED[lesson]) <= titled


def test_table_1_is_not_in_the_library():
    """The library no longer holds lesson procedures: a program that is no lesson does
    not get +h or from by name (UCBLogo does not know them either)."""
    assert not (ROOT / "stdlib" / "lessons.lgo").exists()
    for stdlib in (ROOT / "stdlib").glob("*.lgo"):
        names = re.findall(r"(?im)^to\s+(\S+)", stdlib.read_text(encoding="utf-8"))
        assert not set(TABLE_1) & {n.lower() for n in names}, stdlib.name


@pytest.mark.parametrize("lesson", ["fractree", "brush"])
def test_table_1_runs_from_the_lesson_itself(lesson):
    interp = run_lesson(lesson, after='make "stack [] make "#p "pd cg pu setpos [10 20] '
                                      'seth 30 setc 15 in fd 40 rt 50 setc 55 from')
    t = interp.world.first()
    assert (round(t.x, 6), round(t.y, 6), round(t.heading, 6)) == (10, 20, 30)
    assert interp.run_source('make "names procedures', "names")
    assert set(TABLE_1) <= {str(p).lower() for p in interp.get_var("names")}
