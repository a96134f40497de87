"""A fuzz campaign: the fuzzers of tests/language/test_fuzz.py and the primitive sweep, run in
parallel for as many programs as asked, with a report of every internal error found.

    python3 -m tests.language.fuzz_campaign -n 200000 -j 2      a long campaign
    python3 -m tests.language.fuzz_campaign -n 2000 --json out.json

Four kinds of program, in turn: ``grammar`` (lines built from the primitives' names,
numbers, words, lists and operators), ``bytes`` (any bytes read as a file), ``odd``
(primitives with odd inputs), ``sweep`` (a seeded sample of the primitive sweep, one call
counting as one program).  Each worker takes chunks of one kind with its own seed, so a
campaign is repeatable: the same -n, -j and --seed find the same programs.  The exit
status is 1 when an internal error was found.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
import warnings
from collections import Counter

KINDS = ("grammar", "bytes", "odd", "sweep")
CHUNK = 250


def _chunk(task: tuple[str, int, int]) -> tuple[str, int, list[tuple[str, str]]]:
    """Run ``n`` programs of one kind with a seed: (kind, programs run, internal errors
    as (program, error))."""
    kind, n, seed = task
    warnings.simplefilter("ignore")
    if kind == "sweep":
        from tests.primitives.sweep import sweep

        report = sweep(per_primitive=max(1, n // 330), seed=seed)
        return kind, report.calls, [(line, "internal error") for line in report.internal] + [
            (line, "stuck") for line in report.stuck]
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed
    from hypothesis import strategies as st

    import tests.language.test_fuzz as F

    strategy = {
        "grammar": F.program,
        "bytes": st.binary(max_size=200).map(lambda b: b.decode("utf-8", errors="replace")),
        "odd": st.tuples(st.lists(st.sampled_from(F.NAMES), min_size=1, max_size=4),
                         st.lists(F.datum, max_size=4)).map(
            lambda t: "(" + " ".join(t[0][:1] + t[1]) + ")\n" + " ".join(t[0] + t[1])),
    }[kind]
    found: list[tuple[str, str]] = []
    count = [0]

    @hseed(seed)
    @settings(max_examples=n, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def body(text: str) -> None:
        host = F.run_program(text)
        count[0] += 1
        internal = [e for e in host.errors if e.startswith("Internal error")]
        if internal:
            found.append((text, internal[0].strip()))

    body()
    return kind, count[0], found


def tasks(n: int, seed: int) -> list[tuple[str, int, int]]:
    """Chunks of CHUNK programs, the kinds in turn, until ``n`` programs."""
    out = []
    total, i = 0, 0
    while total < n:
        size = min(CHUNK, n - total)
        kind = KINDS[i % len(KINDS)]
        out.append((kind, size if kind != "sweep" else 4 * 330, seed * 100_003 + i))
        total += size
        i += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m tests.language.fuzz_campaign", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=2000, help="programs to run (default 2000)")
    ap.add_argument("-j", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", default=None, help="write the report here too")
    ap.add_argument("--minutes", type=float, default=None,
                    help="stop after this long even if fewer than -n programs ran")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("LOGO_FUZZ_STOP", "0.1")  # a looping program: stopped sooner
    os.environ.setdefault("LOGO_SWEEP_LIMIT", "0.1")
    t0 = time.monotonic()
    counts: Counter = Counter()
    errors: dict[str, str] = {}  # error -> the first program that gave it
    end = None if args.minutes is None else t0 + 60 * args.minutes
    with multiprocessing.get_context("spawn").Pool(args.j) as pool:
        try:
            for kind, ran, found in pool.imap_unordered(_chunk, tasks(args.n, args.seed)):
                counts[kind] += ran
                for program, error in found:
                    key = error if kind != "sweep" else program
                    if key not in errors:
                        errors[key] = program
                        print(f"--- {error}\n{program}", flush=True)
                done = sum(counts.values())
                print(f"\rfuzz: {done} programs, {len(errors)} internal errors, "
                      f"{done / (time.monotonic() - t0):.0f}/s", end="", file=sys.stderr,
                      flush=True)
                if end is not None and time.monotonic() > end:
                    break
        except KeyboardInterrupt:
            pass
        pool.terminate()
    took = time.monotonic() - t0
    total = sum(counts.values())
    print(file=sys.stderr)
    print(f"fuzz campaign: {total} programs in {took:.0f} s ({total / took:.0f}/s, -j {args.j}): "
          + ", ".join(f"{k} {counts[k]}" for k in KINDS) + f"; {len(errors)} internal errors")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"programs": dict(counts), "seconds": took,
                       "internal": [{"error": e, "program": p} for e, p in errors.items()]},
                      fh, indent=1)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
