"""``logo experiment --cluster``: the runs on a Dask scheduler with two workers on
127.0.0.1 give the very table of a local run; without ``distributed`` the option says
how to get it."""

from __future__ import annotations

import pytest

from tests.experiments.test_experiments import LESSON, MEASURES, VARY
from tests.support import CHILD_ENV, run_cli


def _experiment(folder, *more):
    args = ["experiment", "rectangles.lgo", *VARY, *(x for m in MEASURES for x in
                                                    ("--measure", m))]
    return run_cli(*args, *more, cwd=folder, timeout=180)


def test_a_scheduler_and_two_workers_give_the_local_table(tmp_path, monkeypatch):
    distributed = pytest.importorskip("distributed")
    monkeypatch.setenv("PYTHONPATH", CHILD_ENV["PYTHONPATH"])  # the workers run this tree
    (tmp_path / "rectangles.lgo").write_text(LESSON, encoding="utf-8")
    local = _experiment(tmp_path, "--jobs", "2", "--out", "local.csv")
    assert "7 ok, 1 failed" in local.stderr
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        remote = _experiment(tmp_path, "--cluster", cluster.scheduler_address,
                             "--out", "cluster.csv")
    assert remote.returncode == local.returncode, remote.stderr
    assert "(8 run now, 0 from the table): 7 ok, 1 failed" in remote.stderr, remote.stderr
    assert (tmp_path / "cluster.csv").read_text() == (tmp_path / "local.csv").read_text()


def test_without_distributed_cluster_says_how_to_get_it(tmp_path):
    (tmp_path / "rectangles.lgo").write_text(LESSON, encoding="utf-8")
    blocker = tmp_path / "blocked"
    blocker.mkdir()
    (blocker / "distributed.py").write_text("raise ImportError('not installed')\n")
    env = dict(CHILD_ENV, PYTHONPATH=f"{blocker}:{CHILD_ENV['PYTHONPATH']}")
    r = run_cli("experiment", "rectangles.lgo", "--vary", "a=1", "--cluster",
                "tcp://127.0.0.1:1", cwd=tmp_path, env=env)
    assert r.returncode == 2
    assert 'pip install "logo-microworlds[cluster]"' in r.stderr
    assert "Traceback" not in r.stderr
