"""Every primitive with odd inputs (tests/primitives/sweep.py): a seeded sample in CI; the
full sweep is ``python3 -m tests.primitives.sweep --full``, a long fuzz campaign
``python3 -m tests.language.fuzz_campaign``."""

from __future__ import annotations

import warnings

import pytest

from tests.language.fuzz_campaign import _chunk
from tests.primitives import sweep as S


@pytest.fixture(scope="module")
def report():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return S.sweep(per_primitive=6, seed=0)


def test_no_primitive_gives_an_internal_error(report):
    assert report.internal == [], "\n".join(report.internal)


def test_no_primitive_outlasts_the_time_limit(report):
    assert report.stuck == [], "\n".join(report.stuck)


def test_every_primitive_is_swept_but_the_documented_ones(report):
    registry = S.build_registry().load_all()
    swept = {name for name, _ in S.sample_calls(registry, 6, 0)}
    left = {spec.name for spec in registry.specs} - swept
    assert left == set(S.SKIP)
    assert report.calls == len(list(S.sample_calls(registry, 6, 0)))


def test_the_sweep_builds_the_state_a_user_makes_first():
    """A cat, a muscle object with a muscle and an L-system exist before the calls, and
    every primitive is called once with all its inputs well formed."""
    from logo.session.interpreter import Interpreter

    interp = Interpreter(registry=S.build_registry().load_all())
    S.build_state(interp)
    assert interp.run(S.read_list('muscle.muscles "m'), True) == S.LogoList(["a"])
    assert interp.run(S.read_list("cat.count"), True) == 1
    registry = S.build_registry().load_all()
    walk = next(s for s in registry.specs if s.name == "cat.walk")
    calls = S.edge_calls(walk)
    assert calls[0] == ("=0.05",) and ("1e308",) in calls


def test_the_pool_is_made_by_logo(report):
    from logo.session.interpreter import Interpreter

    values = S.make_values(Interpreter(registry=S.build_registry()))
    assert values["inf"] == float("inf") and values["nan"] != values["nan"]
    assert values["2^63"] == 2 ** 63 or values["2^63"] == float(2 ** 63)


@pytest.mark.parametrize("kind", ["grammar", "bytes", "odd"])
def test_a_small_fuzz_campaign_finds_no_internal_error(kind):
    _, ran, found = _chunk((kind, 30, 1))
    assert ran == 30 and found == []


def test_the_campaign_outlives_a_dead_worker_and_a_stuck_chunk():
    """A worker killed mid-chunk and one stuck past the chunk time limit are replaced;
    their chunks are reported dead, and the other chunks still run."""
    from tests.language.fuzz_campaign import run_campaign

    report = run_campaign([("die", 1, 11), ("grammar", 5, 3), ("hang", 1, 12),
                           ("bytes", 5, 4)], jobs=2, chunk_timeout=4, progress=False)
    assert sorted(report.dead) == [("died", "die", 11, 1), ("timed out", "hang", 12, 1)]
    assert report.counts == {"grammar": 5, "bytes": 5} and report.errors == {}
