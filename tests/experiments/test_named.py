"""Experiments a lesson ships: ``pprop "experiments "NAME [...]`` in the lesson's file
(SAVE keeps it) or in experiments.lgo beside it; ``logo experiment LESSON --named NAME``
runs one; fractree ships the homework of its lesson."""

from __future__ import annotations

import csv
import io

from logo.experiments.named import described, from_description, named_experiment
from logo.experiments.outputs import describe
from logo.experiments.spec import Experiment, Vary
from logo.language.reader import read_list
from logo.session.loadpath import find
from tests.experiments.test_experiments import LESSON
from tests.support import run_cli

DESCRIPTION = ('pprop "experiments "sizes [[vary a 1..2] [vary b [10 20]] '
               '[measure [:area] [a * 2]] [run [make "area :area + 1]]]\n')


def test_a_lesson_s_own_experiment_runs_by_its_name(tmp_path):
    (tmp_path / "rect.lgo").write_text(LESSON + DESCRIPTION, encoding="utf-8")
    r = run_cli("experiment", "rect.lgo", "--named", "sizes", "--jobs", "2", cwd=tmp_path,
                timeout=120)
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [(row["a"], row["b"], row[":area"], row["a * 2"]) for row in rows] == [
        ("1", "10", "11", "2"), ("1", "20", "21", "2"), ("2", "10", "21", "4"),
        ("2", "20", "41", "4")]


def test_an_unknown_name_lists_those_the_lesson_has(tmp_path):
    (tmp_path / "rect.lgo").write_text(LESSON + DESCRIPTION, encoding="utf-8")
    r = run_cli("experiment", "rect.lgo", "--named", "colours", cwd=tmp_path)
    assert r.returncode == 2 and "no experiment colours" in r.stderr and "sizes" in r.stderr


def test_save_keeps_the_description(tmp_path):
    (tmp_path / "rect.lgo").write_text(LESSON + DESCRIPTION, encoding="utf-8")
    r = run_cli("run", "rect.lgo", "-e", 'save "copy.lgo', cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert described(str(tmp_path / "copy.lgo")) == described(str(tmp_path / "rect.lgo"))
    assert "sizes" in described(str(tmp_path / "copy.lgo"))


def test_a_described_experiment_reads_back_as_it_was():
    exp = Experiment("rect.lgo", [Vary("a", ("1", "2.5")), Vary("b", ("10",))], 3,
                     ["fd 10"], [":area", "(list a b)"])
    line = describe(exp, "mine")
    words = read_list(line)
    back = from_description(words[3], "rect.lgo", "mine")
    assert (back.varies, back.repeat, back.run, back.measures) == (
        exp.varies, exp.repeat, exp.run, exp.measures)


def test_fractree_ships_its_homework():
    exp = named_experiment(find("fractree"), "homework", "fractree")
    assert [v.name for v in exp.varies] == ["length", "delta", "smin"]
    assert exp.measures == ["level"] and len(exp.runs()) == 27
    assert ("70" in exp.varies[0].values and "80" in exp.varies[1].values
            and "15" in exp.varies[2].values)  # figure 4's values among them
