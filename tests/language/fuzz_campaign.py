"""A fuzz campaign: the fuzzers of tests/language/test_fuzz.py and the primitive sweep, run in
parallel for as many programs as asked, with a report of every internal error found.

    python3 -m tests.language.fuzz_campaign -n 200000 -j 2      a long campaign
    python3 -m tests.language.fuzz_campaign -n 2000 --json out.json

Four kinds of program, in turn: ``grammar`` (lines built from the primitives' names,
numbers, words, lists and operators), ``bytes`` (any bytes read as a file), ``odd``
(primitives with odd inputs), ``sweep`` (a seeded sample of the primitive sweep, one call
counting as one program).  Each worker takes chunks of one kind with its own seed, so a
campaign is repeatable: the same -n, -j and --seed find the same programs.

The workers are supervised: a worker that dies (killed, out of memory, a crash of the
interpreter) or runs one chunk past ``--chunk-timeout`` is replaced, and its chunk is
reported as dead with its kind and seed (``--chunk KIND SEED N`` runs that chunk alone,
in this process, to see it happen).  The exit status is 1 when an internal error was
found or a chunk died.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
import sys
import time
import warnings
from collections import Counter, deque
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

KINDS = ("grammar", "bytes", "odd", "sweep")
CHUNK = 250
CHUNK_TIMEOUT = 600.0  # seconds one chunk may take (a chunk of 250 takes a few)
Task = tuple[str, int, int]


def _chunk(task: tuple[str, int, int]) -> tuple[str, int, list[tuple[str, str]]]:
    """Run ``n`` programs of one kind with a seed: (kind, programs run, internal errors
    as (program, error))."""
    kind, n, seed = task
    warnings.simplefilter("ignore")
    if kind in _FAULTS:  # the supervisor's own tests: a worker that dies or hangs
        _FAULTS[kind]()
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


def _die() -> None:
    os._exit(9)


def _hang() -> None:
    time.sleep(3600)


_FAULTS = {"die": _die, "hang": _hang}


STARTED = "started"  # a worker's word that it began the chunk it was sent
START_TIMEOUT = 120.0  # seconds a new worker may take to begin its first chunk


def _serve(conn: Connection) -> None:
    """A worker: run the chunks it is sent, send back their results; None ends it.
    What every chunk imports is imported first, and each chunk's clock starts when the
    worker begins it (STARTED), so that a loaded machine's slow start-up is no chunk's."""
    warnings.simplefilter("ignore")
    import hypothesis  # noqa: F401

    import tests.language.test_fuzz  # noqa: F401
    while True:
        task = conn.recv()
        if task is None:
            return
        conn.send(STARTED)
        conn.send(_chunk(task))


@dataclass
class _Worker:
    proc: Any
    conn: Connection
    task: Task | None = None
    started: float = 0.0  # when the task was sent, then when the worker began it
    running: bool = False  # the worker said it began the task


@dataclass
class Campaign:
    """What a campaign found: programs run by kind, internal errors (error -> the first
    program that gave it), dead chunks as (why, kind, seed, size)."""

    counts: Counter = field(default_factory=Counter)
    errors: dict[str, str] = field(default_factory=dict)
    dead: list[tuple[str, str, int, int]] = field(default_factory=list)

    def add(self, kind: str, ran: int, found: list[tuple[str, str]]) -> None:
        self.counts[kind] += ran
        for program, error in found:
            key = error if kind != "sweep" else program
            if key not in self.errors:
                self.errors[key] = program
                print(f"--- {error}\n{program}", flush=True)


def _start(ctx: Any) -> _Worker:
    parent, child = ctx.Pipe()
    proc = ctx.Process(target=_serve, args=(child,), daemon=True)
    proc.start()
    child.close()
    return _Worker(proc, parent)


def _give(w: _Worker, todo: deque[Task]) -> None:
    w.task = todo.popleft() if todo else None
    w.running = False
    if w.task is not None:
        w.conn.send(w.task)
        w.started = time.monotonic()


def run_campaign(todo: list[Task], jobs: int, chunk_timeout: float = CHUNK_TIMEOUT,
                 end: float | None = None, progress: bool = True) -> Campaign:
    """Run the chunks on ``jobs`` supervised workers (see the module docstring)."""
    ctx = multiprocessing.get_context("spawn")
    queue, report, t0 = deque(todo), Campaign(), time.monotonic()
    workers = [_start(ctx) for _ in range(min(jobs, len(queue)) or 1)]
    for w in workers:
        _give(w, queue)
    try:
        while any(w.task for w in workers):
            busy = [w for w in workers if w.task]
            wait([w.conn for w in busy] + [w.proc.sentinel for w in busy], timeout=1.0)
            for i, w in enumerate(workers):
                _check(ctx, workers, i, w, queue, report, chunk_timeout)
            if progress:
                done = sum(report.counts.values())
                print(f"\rfuzz: {done} programs, {len(report.errors)} internal errors, "
                      f"{len(report.dead)} dead chunks, {done / (time.monotonic() - t0):.0f}/s",
                      end="", file=sys.stderr, flush=True)
            if end is not None and time.monotonic() > end:
                queue.clear()
                break
    except KeyboardInterrupt:
        pass
    for w in workers:
        w.proc.kill()
    return report


def _check(ctx: Any, workers: list[_Worker], i: int, w: _Worker, queue: deque[Task],
           report: Campaign, chunk_timeout: float) -> None:
    """Collect a worker's result, or replace it when it died or overran its chunk."""
    if w.task is None:
        return
    try:
        while w.conn.poll():
            got = w.conn.recv()
            if got == STARTED:
                w.started, w.running = time.monotonic(), True
                continue
            report.add(*got)
            _give(w, queue)
            return
    except (EOFError, OSError):
        pass  # died while sending: below
    limit = chunk_timeout if w.running else max(chunk_timeout, START_TIMEOUT)
    why = "died" if not w.proc.is_alive() else (
        "timed out" if time.monotonic() - w.started > limit else "")
    if not why:
        return
    kind, size, seed = w.task
    report.dead.append((why, kind, seed, size))
    print(f"\n--- a worker {why} in chunk {kind} {seed} {size} "
          f"(rerun: python3 -m tests.language.fuzz_campaign --chunk {kind} {seed} {size})", flush=True)
    w.proc.kill()
    workers[i] = fresh = _start(ctx)
    _give(fresh, queue)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m tests.language.fuzz_campaign", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=2000, help="programs to run (default 2000)")
    ap.add_argument("-j", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", default=None, help="write the report here too")
    ap.add_argument("--minutes", type=float, default=None,
                    help="stop after this long even if fewer than -n programs ran")
    ap.add_argument("--chunk-timeout", type=float, default=CHUNK_TIMEOUT,
                    help=f"seconds one chunk may take (default {CHUNK_TIMEOUT:.0f})")
    ap.add_argument("--chunk", nargs=3, metavar=("KIND", "SEED", "N"), default=None,
                    help="run one chunk in this process (a dead chunk's rerun)")
    args = ap.parse_args(argv)
    # Ctrl-C (or kill -INT) ends the campaign with its report, even when it was started
    # in the background by a shell that makes background jobs ignore SIGINT
    signal.signal(signal.SIGINT, signal.default_int_handler)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("LOGO_FUZZ_STOP", "0.1")  # a looping program: stopped sooner
    os.environ.setdefault("LOGO_SWEEP_LIMIT", "0.1")
    if args.chunk:
        kind, seed, size = args.chunk
        _, ran, found = _chunk((kind, int(size), int(seed)))
        print(f"chunk {kind} {seed}: {ran} programs, {len(found)} internal errors")
        return 1 if found else 0
    t0 = time.monotonic()
    end = None if args.minutes is None else t0 + 60 * args.minutes
    report = run_campaign(tasks(args.n, args.seed), args.j, args.chunk_timeout, end)
    took = time.monotonic() - t0
    counts, total = report.counts, sum(report.counts.values())
    print(file=sys.stderr)
    print(f"fuzz campaign: {total} programs in {took:.0f} s ({total / took:.0f}/s, -j {args.j}): "
          + ", ".join(f"{k} {counts[k]}" for k in KINDS)
          + f"; {len(report.errors)} internal errors; {len(report.dead)} dead chunks")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"programs": dict(counts), "seconds": took,
                       "internal": [{"error": e, "program": p} for e, p in report.errors.items()],
                       "dead": [{"why": w, "kind": k, "seed": s, "size": n}
                                for w, k, s, n in report.dead]}, fh, indent=1)
    return 1 if report.errors or report.dead else 0


if __name__ == "__main__":
    sys.exit(main())
