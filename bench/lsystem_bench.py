"""The L-system engine's benchmark: Koch stage 10 and ABOP 1.24d stage 10, expanded and
drawn, against drawing the same word with Logo-level FD/RT.

    python bench/lsystem_bench.py                 best of 3; the Logo walk at stage 8 (Koch)
    python bench/lsystem_bench.py --full          the Logo walk on the stage-10 words too
    python bench/lsystem_bench.py --json out.json

For each figure it times, in this process, best of ``--repeat`` runs:

- ``engine``: the Python API: expansion (numpy), the walk (numpy), the page's batch draw;
- ``primitives``: what a Logo program runs, ``lsystem.draw lsystem.expand AXIOM RULES 10
  ANGLE STEP`` in a fresh interpreter (the word goes through Logo as a word);
- ``logo``: a Logo procedure that walks the same word with FOREACH, FD, RT, LT and a
  stack list (the lesson's way), once: it is slow.  Its stage is ``--logo-stage`` for Koch
  (default 8: 65,536 segments) and 10 for ABOP 1.24d, or 10 for both with ``--full``; the
  speed-up is the ratio of the time per segment.

Targets (issue 5): under 1 s for expansion plus drawing at stage 10; the ratio reported.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CASES = {
    "koch": dict(axiom="F", rules="[[F F-F++F-F]]", productions={"F": "F-F++F-F"},
                 angle=60, stage=10, segments=4 ** 10, step=0.0133, start=(-393, -150)),
    "abop-1.24d": dict(axiom="X", rules="[[X |F[+X]F[-X]+X|] [F FF]]",
                       productions={"X": "F[+X]F[-X]+X", "F": "FF"}, angle=20, stage=10,
                       segments=116050, step=0.55, start=(0, -290)),
}

LOGO_WALK = """
make "open char 91 make "close char 93
to step :c
  if :c = "F [fd :s stop]
  if :c = "+ [rt :a stop]
  if :c = "- [lt :a stop]
  if :c = :open [make "stack fput (list pos heading) :stack stop]
  if :c = :close [pu setpos first first :stack seth last first :stack pd
                  make "stack bf :stack]
end
to walk :w :a :s
  localmake "stack []
  foreach :w [step ?]
end
"""


def interpreter():
    from logo.session.host import BufferHost
    from logo.session.interpreter import Interpreter

    return Interpreter(host=BufferHost())


def run(interp, text: str) -> None:
    if not interp.run_source(text, "bench"):
        raise SystemExit("".join(interp.host.errors))


def best(fn, repeat: int):
    """The best of ``repeat`` runs of ``fn``, which returns (seconds, result)."""
    runs = [fn() for _ in range(repeat)]
    return min(runs, key=lambda r: r[0])


def engine_run(case: dict) -> tuple[float, dict]:
    """Expansion, walk and page draw through the Python API, timed apart."""
    from logo.turtle.world import TurtleWorld
    from microworlds.lsystem import engine as E
    from microworlds.lsystem import rules as R
    from microworlds.lsystem.walk import actions_for, walk

    system = R.System(axiom=R.tokenize(case["axiom"]), rules=tuple(
        R.Rule(k, R.tokenize(v)) for k, v in case["productions"].items()))
    t0 = time.perf_counter()
    s, table = E.expand(system, case["stage"])
    t1 = time.perf_counter()
    x, y = case["start"]
    w = walk(s, actions_for(table.names, case["angle"]), case["step"], x, y, 90.0)
    t2 = time.perf_counter()
    TurtleWorld().draw_batch(w.segments, (0, 0, 0))
    t3 = time.perf_counter()
    return t3 - t0, dict(expand=t1 - t0, walk=t2 - t1, draw=t3 - t2, total=t3 - t0,
                         segments=len(w.segments), symbols=len(s))


def primitives_run(case: dict) -> tuple[float, int]:
    interp = interpreter()
    run(interp, "pu setpos [{} {}] seth 90 pd".format(*case["start"]))
    t0 = time.perf_counter()
    run(interp, f'make "n lsystem.draw lsystem.expand "{case["axiom"]} {case["rules"]} '
                f'{case["stage"]} {case["angle"]} {case["step"]}')
    return time.perf_counter() - t0, int(interp.get_var("n"))


def logo_run(case: dict, stage: int) -> tuple[float, int]:
    interp = interpreter()
    run(interp, LOGO_WALK)
    run(interp, f'make "w lsystem.expand "{case["axiom"]} {case["rules"]} {stage}')
    run(interp, "pu setpos [{} {}] seth 90 pd".format(*case["start"]))
    step = case["step"] * (3 if case["angle"] == 60 else 2) ** (case["stage"] - stage)
    t0 = time.perf_counter()
    run(interp, f'walk :w {case["angle"]} {step}')
    return time.perf_counter() - t0, count_segments(interp)


def count_segments(interp) -> int:
    from logo.turtle.records import Segment, Segments

    return sum(1 if isinstance(r, Segment) else len(r.xy) if isinstance(r, Segments) else 0
               for r in interp.world.log)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--logo-stage", type=int, default=8, help="Koch stage of the Logo walk")
    p.add_argument("--full", action="store_true", help="the Logo walk at stage 10 too")
    p.add_argument("--json", metavar="FILE")
    args = p.parse_args(argv)
    report = {}
    for name, case in CASES.items():
        _, eng = best(lambda c=case: engine_run(c), args.repeat)
        prim_t, prim_n = best(lambda c=case: primitives_run(c), args.repeat)
        stage = 10 if args.full or name != "koch" else args.logo_stage
        logo_t, logo_n = logo_run(case, stage)
        per_logo, per_prim = logo_t / logo_n, prim_t / prim_n
        report[name] = dict(engine=eng, primitives_s=prim_t, primitives_segments=prim_n,
                            logo_stage=stage, logo_s=logo_t, logo_segments=logo_n,
                            speedup=per_logo / per_prim)
        assert eng["segments"] == prim_n == case["segments"], (name, eng, prim_n)
        print(f"{name} stage {case['stage']}: {prim_n:,} segments, "
              f"{eng['symbols']:,} symbols")
        print(f"  engine      expand {eng['expand']:.3f} s  walk {eng['walk']:.3f} s  "
              f"draw {eng['draw']:.3f} s  total {eng['total']:.3f} s")
        print(f"  primitives  lsystem.draw lsystem.expand ...  {prim_t:.3f} s "
              f"({'under' if prim_t < 1 else 'OVER'} the 1 s target)")
        print(f"  Logo FD/RT  stage {stage}: {logo_n:,} segments in {logo_t:.2f} s "
              f"({logo_n / logo_t:,.0f} segments/s)")
        print(f"  speed-up per segment: {per_logo / per_prim:,.0f} x")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
