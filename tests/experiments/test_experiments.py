"""``logo experiment`` on a teacher's own lesson with two sliders: every combination a
row whose measures are what ``logo run FILE --set ... -e "print ..."`` prints, a failing
combination a row of its own, a contact sheet with a tile per run, a table that resumes,
seeds that repeat a table, and the progress bar on a terminal."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import select
import subprocess
import sys

import numpy as np
import pytest

from tests.support import CHILD_ENV, read_png, run_cli

LESSON = """; a teacher's lesson: a rectangle of sides a and b
to startup
  make "area a * b
  make "sides (list a b)
  print "drawn
  if a = 3 [if b = 20 [no.such.procedure]]
  cs repeat 2 [fd a * 20 rt 90 fd b * 2 rt 90]
end
newslider "a [620 8] 0 10 1
newslider "b [620 60] 0 100 10
newmonitor "area [620 112] [:area]
"""
MEASURES = [":area", ":sides", "a + b / 10"]
VARY = ["--vary", "a=1..4", "--vary", "b=10,20"]


@pytest.fixture
def lesson(tmp_path):
    path = tmp_path / "rectangles.lgo"
    path.write_text(LESSON, encoding="utf-8")
    return path


def experiment(lesson, *more, **options):
    args = ["experiment", str(lesson), *VARY, "--jobs", "2"]
    for m in MEASURES:
        args += ["--measure", m]
    return run_cli(*args, *more, cwd=lesson.parent, timeout=120, **options)


def rows_of(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_every_combination_is_a_row_measured_as_logo_run_prints_it(lesson, tmp_path):
    out = tmp_path / "results.csv"
    r = experiment(lesson, "--out", str(out))
    assert r.returncode == 1, r.stderr  # one run failed (its row says so)
    rows = rows_of(out)
    assert list(rows[0]) == ["a", "b", "repetition", "seed", *MEASURES, "status"]
    assert [(row["a"], row["b"]) for row in rows] == [
        (a, b) for a in "1234" for b in ("10", "20")]
    for row in rows:
        if row["status"] != "ok":
            continue
        single = run_cli("run", str(lesson), "--set", f"a={row['a']}", "--set",
                         f"b={row['b']}", *(x for m in MEASURES for x in ("-e", f"print {m}")),
                         cwd=tmp_path)
        assert single.returncode == 0, single.stderr
        assert single.stdout.splitlines()[1:] == [row[m] for m in MEASURES]
    assert rows[2][":area"] == "20" and rows[2][":sides"] == "2 10"


def test_a_failing_combination_is_a_row_and_the_others_finish(lesson, tmp_path):
    out = tmp_path / "results.json"
    experiment(lesson, "--out", str(out))
    rows = json.loads(out.read_text(encoding="utf-8"))
    statuses = {(row["a"], row["b"]): row["status"] for row in rows}
    assert len(statuses) == 8
    assert statuses.pop(("3", "20")).startswith("error: I don't know how  to no.such.procedure")
    assert set(statuses.values()) == {"ok"}


def test_the_contact_sheet_has_a_tile_per_run(lesson, tmp_path):
    from logo.experiments import sheet as S

    r = experiment(lesson, "--sheet", str(tmp_path / "sheet.png"))
    assert "7 ok, 1 failed" in r.stderr
    assert r.stdout.startswith("a,b,repetition,seed,")  # the table, on stdout
    px = read_png(tmp_path / "sheet.png").astype(int)
    cols = 2  # a column per value of b, a row per value of a
    assert px.shape[1] == S.GAP + cols * (S.TILE + S.GAP)
    cell_h = (px.shape[0] - S.GAP) // 4
    white = (px[S.GAP:, S.GAP] == 255).all(axis=1)
    page_h = int(np.argmin(white))  # the first tile's page, shrunk to at most S.TILE wide
    page_w = int((px[S.GAP, S.GAP:S.GAP + S.TILE] == 255).all(axis=1).sum())
    for i in range(8):
        top, left = S.GAP + (i // cols) * cell_h, S.GAP + (i % cols) * (S.TILE + S.GAP)
        page = px[top:top + page_h, left:left + page_w]
        middle = page[page_h // 4:3 * page_h // 4, page_w // 4:3 * page_w // 4]
        label = px[top + page_h:top + cell_h - S.GAP, left:left + S.TILE]
        drawn = (middle.sum(axis=2) < 600).sum()
        red = ((label[..., 0] > 150) & (label[..., 1] < 90)).sum()
        assert (page == 255).all(axis=2).mean() > 0.8  # a white page
        assert (label.sum(axis=2) < 200).sum() > 20  # its values, written under it
        if i == 5:  # a=3 b=20 failed before drawing: no rectangle, its error in red
            assert drawn == 0 and red > 20
        else:
            assert drawn > 3 and red == 0


def test_the_same_out_again_runs_nothing_and_changes_no_row(lesson, tmp_path):
    out, sheet = tmp_path / "results.csv", tmp_path / "sheet.png"
    experiment(lesson, "--out", str(out), "--sheet", str(sheet))
    first, first_sheet = out.read_bytes(), sheet.read_bytes()
    again = experiment(lesson, "--out", str(out))
    assert "(0 run now, 8 from the table)" in again.stderr
    assert out.read_bytes() == first
    lines = first.decode().splitlines()  # stopped after five runs: the rest run now
    out.write_text("\n".join(lines[:6]) + "\n", encoding="utf-8")
    sheet.unlink()
    resumed = experiment(lesson, "--out", str(out), "--sheet", str(sheet))
    assert "(3 run now, 5 from the table)" in resumed.stderr
    assert out.read_bytes() == first
    assert sheet.read_bytes() == first_sheet  # the kept pages: the same sheet


def test_another_experiment_s_table_is_left_alone(lesson, tmp_path):
    out = tmp_path / "results.csv"
    out.write_text("x,y\n1,2\n", encoding="utf-8")
    r = experiment(lesson, "--out", str(out))
    assert r.returncode == 2 and "other columns" in r.stderr
    assert out.read_text(encoding="utf-8") == "x,y\n1,2\n"
    experiment(lesson, "--out", str(out := tmp_path / "other.csv"))
    other = run_cli("experiment", str(lesson), "--vary", "a=1,2", "--vary", "b=10",
                    *(x for m in MEASURES for x in ("--measure", m)), "--out", str(out),
                    cwd=lesson.parent)
    assert other.returncode == 2 and "rows of other values" in other.stderr
    assert len(rows_of(out)) == 8


def test_seeds_come_from_the_lesson_the_values_and_the_repetition(tmp_path):
    (tmp_path / "dice.lgo").write_text(
        'to startup\n  make "roll random 1000000\nend\nnewslider "n [620 8] 0 10 1\n',
        encoding="utf-8")
    args = ["experiment", "dice.lgo", "--vary", "n=1,2", "--repeat", "2",
            "--measure", ":roll", "--jobs", "2"]
    one, two = (run_cli(*args, cwd=tmp_path).stdout for _ in range(2))
    assert one == two
    rolls = [row[":roll"] for row in csv.DictReader(io.StringIO(one))]
    assert len(set(rolls)) == 4


def test_usage_errors_say_what_is_wrong(lesson):
    r = run_cli("experiment", str(lesson), "--vary", "a=5..1", cwd=lesson.parent)
    assert r.returncode == 2 and "has no values" in r.stderr and "Traceback" not in r.stderr
    r = run_cli("experiment", str(lesson), cwd=lesson.parent)
    assert r.returncode == 2 and "at least one slider" in r.stderr
    r = run_cli("experiment", "no-such-lesson.lgo", "--vary", "a=1", cwd=lesson.parent)
    assert r.returncode == 2 and "no lesson file no-such-lesson.lgo" in r.stderr
    r = run_cli("experiment", str(lesson), "--vary", "a=1", "--out", "t.txt",
                cwd=lesson.parent)
    assert r.returncode == 2 and ".csv or .json" in r.stderr
    r = run_cli("experiment", str(lesson), "--vary", "a=1", "--measure", "a",
                cwd=lesson.parent)
    assert r.returncode == 2 and "heads another column" in r.stderr


def test_values_read_as_typed_and_ranges_count_exactly():
    from logo.experiments.spec import SpecError, parse_vary

    assert parse_vary("x=0.1..0.3:0.1").values == ("0.1", "0.2", "0.3")
    assert parse_vary("X=-1..1").values == ("-1", "0", "1") and parse_vary("X=1").name == "x"
    assert parse_vary("x=2.50, 1e3").values == ("2.50", "1e3")
    for bad in ("x=", "=1", "x=a,b", "x=1..3:0", "x=1,1.0", "x=nan"):
        with pytest.raises(SpecError):
            parse_vary(bad)


def test_a_run_past_the_time_limit_is_a_timeout_row(tmp_path):
    (tmp_path / "slow.lgo").write_text(
        'to startup\n  if n = 2 [forever [make "x 1]]\nend\nnewslider "n [620 8] 0 10 1\n',
        encoding="utf-8")
    r = run_cli("experiment", "slow.lgo", "--vary", "n=1,2", "--measure", "(n)",
                "--timeout", "3", "--jobs", "2", cwd=tmp_path, timeout=60)
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [(row["n"], row["status"]) for row in rows] == [("1", "ok"), ("2", "timeout")]


def test_on_a_terminal_the_progress_shows_runs_done_of_all(lesson):
    leader, follower = pty.openpty()
    cmd = [sys.executable, "-m", "logo", "experiment", str(lesson), *VARY,
           "--measure", ":area", "--jobs", "2"]
    proc = subprocess.Popen(cmd, cwd=lesson.parent, env=CHILD_ENV, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=follower)
    os.close(follower)
    seen = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    proc.wait(30)
    os.close(leader)
    text = seen.decode("utf-8", "replace")
    assert "8/8" in text and "failures: 1" in text


def test_the_plot_draws_a_line_per_value_of_the_second_slider(lesson, tmp_path):
    experiment(lesson, "--plot", str(tmp_path / "plot.png"))
    px = read_png(tmp_path / "plot.png")
    blue = (np.abs(px.astype(int) - (31, 119, 180)).sum(axis=2) < 60).sum()
    red = (np.abs(px.astype(int) - (214, 39, 40)).sum(axis=2) < 60).sum()
    assert blue > 100 and red > 100
