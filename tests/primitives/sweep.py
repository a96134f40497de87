"""The primitive sweep: every primitive in the registry, called with odd inputs.

Each call is ``(name :a0 :a1 ...)`` run as a Logo instruction line in a sandboxed
interpreter, with the inputs drawn from :data:`POOL` (numbers at and past the edges of
what Logo can hold, infinity and NaN as Logo makes them, huge integers, empty and huge
words and lists, arrays with odd origins, words that look like numbers).  Every call must
either finish or raise a Logo error: an *internal error* (any other Python exception) is
a bug.  Calls that run longer than :data:`CALL_LIMIT` seconds are stopped as the time
limit stops a program; one that does not stop within a second after that is *stuck*,
also a bug (the time limit could not stop it).

Primitives are taken from the registry, so a new primitive is swept without editing
anything here.  The few in :data:`SKIP` are left out, each with its reason.

    python3 -m tests.primitives.sweep            a seeded sample (what CI runs, a few seconds)
    python3 -m tests.primitives.sweep --full     every input for one- and two-input primitives, every
                                      triple of the core inputs for three-input ones
    python3 -m tests.primitives.sweep --only item --full    one primitive
    python3 -m tests.primitives.sweep --edges    each input of every primitive at every
                                      pool value, the other inputs well formed, with the
                                      state a user makes first (sweep_state.py)
    python3 -m tests.primitives.sweep --edges --only cat.   one microworld's primitives
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from logo.language.error_text import report as error_report
from logo.language.errors import LogoError
from logo.language.reader import read_list
from logo.language.values import LogoList
from logo.primitives.registry import PrimSpec, build_registry
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.primitives.sweep_state import SETUP, well_formed, well_label, well_labels

# primitives left out, and why (everything else is swept)
SKIP = {
    "bye": "leaves Logo (its exit is tested in test_cli)",
    "to": "a special form that reads the lines after it, not inputs",
    "pause": "a nested command level that waits for typed lines (tests/session/test_debugger.py)",
}
# seconds before a call is asked to stop, as the time limit does
CALL_LIMIT = float(os.environ.get("LOGO_SWEEP_LIMIT", "0.3"))
STUCK = 2.0  # seconds after the stop request: a call still running is a bug (the
# command's time limit holds anyway: logo run ends the process a second after it)
MAX_ARITY = 3  # variadic primitives are called with up to this many inputs


def _deep_list(depth: int) -> LogoList:
    lst = LogoList(["x"])
    for _ in range(depth):
        lst = LogoList([lst])
    return lst


# label -> Logo text that makes the value (run once per interpreter), or a Python maker
POOL: dict[str, str | Callable[[], Any]] = {
    "0": "0", "-0": "-0", "0.0": "0.0", "negzero": "minus 0.0", "1": "1", "-1": "-1",
    "0.5": "0.5", "2.5": "2.5", "1e308": "1e308", "-1e308": "-1e308", "1e-320": "1e-320",
    "inf": "1e400", "-inf": "-1e400", "pinf": "power 10 400", "nan": "1e400 - 1e400",
    "2^31": "2147483648", "2^63": "9223372036854775808", "-2^63": "-9223372036854775808",
    "huge-int": "int 1e308", "big-word-num": '"1e999', "minus-word": '"-',
    "empty-word": '"||', "empty-list": "[]", "list": "[1 2 3]", "nested": "[[a b] [c [d]] e]",
    "point-inf": "(list 1e400 0)", "rgb-inf": "(list 1e400 0 0)",
    "rgb-nan": "(list 0 1e400 - 1e400 0)", "big-point": "[1e300 -1e300]", "word": '"abc',
    "symbols": lambda: "F+F-[F]", "space-word": '"|a b|', "true": '"true',
    "false": '"false', "long-word": lambda: "w" * 10_000,
    "deep-list": lambda: _deep_list(10_000),
    "array": "{1 2 3}", "array@0": "{a b c}@0", "array@-5": "(listtoarray [p q] -5)",
    "array@2^31": "(array 2 2147483647)", "empty-array": "{}", "instr": "[make \"zz 1]",
    "1e7": "1e7", "years": "1e9",  # long work: a list of ten million, a walk of 30 years
}
# the inputs every triple is drawn from in a full sweep (the pool's corners)
CORE = ["0", "-1", "0.5", "1e308", "inf", "nan", "2^63", "empty-word", "empty-list",
        "list", "word", "array@0", "true", "deep-list"]


def make_values(interp: Interpreter, well: dict[str, str] | None = None) -> dict[str, Any]:
    """The pool's values, made by Logo where Logo can make them, and the well-formed
    values ``well`` (label -> Logo text)."""
    values = _MadeOnUse({label: how for label, how in POOL.items() if callable(how)})
    for label, how in POOL.items():
        if not callable(how):
            values[label] = interp.run(read_list(how), True)
    for label, text in (well or {}).items():
        values[label] = interp.run(read_list(text), True)
    return values


class _MadeOnUse(dict):
    """The pool's values; one made in Python (not by Logo: it asks nothing of the
    interpreter) is made when a call first uses it, still one of its own for each
    interpreter (a deep list of 10,000 costs more than the rest of a fresh start)."""

    def __init__(self, makers: dict[str, Callable[[], Any]]):
        super().__init__()
        self.makers = makers

    def __missing__(self, label: str) -> Any:
        value = self[label] = self.makers[label]()
        return value


def build_state(interp: Interpreter) -> None:
    """What a user makes first (sweep_state.SETUP): a cat, a muscle object with a
    muscle, an L-system, a variable and a property list."""
    for line in SETUP:
        interp.run(read_list(line), False)


class QuietHost(BufferHost):
    """A host that keeps errors but throws printed text away (calls print a lot)."""

    def write(self, text: str) -> None:
        pass


@dataclass
class Report:
    calls: int = 0
    logo_errors: int = 0
    internal: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    skipped: dict[str, str] = field(default_factory=dict)

    def line(self) -> str:
        return (f"sweep: {self.calls} calls, {self.logo_errors} Logo errors, "
                f"{len(self.internal)} internal errors, {len(self.stuck)} stuck; slowest "
                f"{self.slowest[0]:.2f} s ({self.slowest[1]}); skipped {sorted(self.skipped)}")


class Sweeper:
    """Runs calls in one interpreter at a time, with a watchdog for slow calls."""

    def __init__(self, folder: str):
        self.registry = build_registry().load_all()  # the microworlds too
        self.folder = folder
        self.report = Report(skipped=dict(SKIP))
        self.well = well_labels(self.registry, arities)
        self.started: float | None = None
        self.current = ""
        self.interp: Interpreter = self.fresh()
        self._stop = threading.Event()
        threading.Thread(target=self._watch, daemon=True).start()

    def fresh(self) -> Interpreter:
        interp = Interpreter(host=QuietHost(), registry=self.registry, max_depth=2000)
        interp.sandbox = self.folder
        build_state(interp)
        self.values = make_values(interp, self.well)
        self.interp = interp
        return interp

    def _watch(self) -> None:
        asked = None  # the start time of the call last asked to stop
        while not self._stop.wait(0.05):
            started = self.started
            if started is None:
                continue
            late = time.monotonic() - started
            if late > CALL_LIMIT and asked != started:
                self.interp.request_stop("timeout", CALL_LIMIT)
                asked = started
            if late > CALL_LIMIT + 30:
                print(f"sweep: {self.current} cannot be stopped; giving up", file=sys.stderr,
                      flush=True)
                os._exit(3)

    def call(self, name: str, labels: tuple[str, ...]) -> None:
        line = read_list("(" + " ".join([name, *(f":a{i}" for i in range(len(labels)))]) + ")")
        interp = self.interp
        for i, label in enumerate(labels):
            interp.vars[f"a{i}"] = self.values[label]
        text = f"({name} {' '.join(labels)})"
        self.current = text
        self.started = t0 = time.monotonic()
        try:
            interp.run_line(line)
        except LogoError as err:
            self.report.logo_errors += 1
            try:
                error_report(err)
            except Exception as exc:
                self.report.internal.append(f"{text} (reporting its error): {exc!r}")
        except SystemExit:
            pass
        except Exception as exc:
            self.report.internal.append(f"{text}: {type(exc).__name__}: {exc}"[:300])
        finally:
            self.started = None
            took = time.monotonic() - t0
            interp.stop_requested = interp.interrupt = False
        self.report.calls += 1
        if took > CALL_LIMIT + STUCK:
            self.report.stuck.append(f"{text}: {took:.1f} s")
        if took > self.report.slowest[0]:
            self.report.slowest = (took, text)
        for i in range(len(labels)):
            interp.vars.pop(f"a{i}", None)


def arities(spec: PrimSpec) -> list[int]:
    hi = MAX_ARITY if spec.max_inputs < 0 else min(spec.max_inputs, MAX_ARITY)
    return list(range(spec.min_inputs, max(hi, spec.min_inputs) + 1))


def edge_calls(spec: PrimSpec) -> list[tuple[str, ...]]:
    """The calls with every input well formed but one, which is each of the pool's in
    turn (the first call: all well formed), for each arity."""
    calls = []
    for n in arities(spec):
        well = [well_label(t) for t in well_formed(spec, n)]
        calls.append(tuple(well))
        calls.extend((*well[:i], label, *well[i + 1:])
                     for i in range(n) for label in POOL)
    return calls


def every_edge(registry: Any, only: str | None = None) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Every edge call (see :func:`edge_calls`) of every primitive (or of ``only``, a
    name or a microworld's prefix such as ``cat.``)."""
    for spec in registry.specs:
        if spec.name not in SKIP and _chosen(spec.name, only):
            for combo in edge_calls(spec):
                yield spec.name, combo


def _chosen(name: str, only: str | None) -> bool:
    return not only or name == only or (only.endswith(".") and name.startswith(only))


def all_calls(registry: Any, only: str | None = None) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Every call of a full sweep: (primitive, input labels)."""
    labels = list(POOL)
    rng = random.Random(0)
    for spec in registry.specs:
        if spec.name in SKIP or not _chosen(spec.name, only):
            continue
        for combo in edge_calls(spec):
            yield spec.name, combo
        for n in arities(spec):
            if n > 3:  # four inputs and more: a sample as large as the triples
                for _ in range(len(CORE) ** 3):
                    yield spec.name, tuple(rng.choice(labels) for _ in range(n))
                continue
            for combo in itertools.product(labels if n <= 2 else CORE, repeat=n):
                yield spec.name, combo


def sample_calls(registry: Any, per_primitive: int, seed: int,
                 only: str | None = None) -> Iterator[tuple[str, tuple[str, ...]]]:
    """A seeded sample: ``per_primitive`` calls of each primitive with inputs drawn from
    the pool (each arity in turn), then as many with one odd input among well-formed
    ones (the first: all well formed)."""
    rng = random.Random(seed)
    labels = list(POOL)
    for spec in registry.specs:
        if spec.name in SKIP or not _chosen(spec.name, only):
            continue
        edges = edge_calls(spec)
        for combo in [edges[0], *rng.sample(edges[1:], min(per_primitive - 1, len(edges) - 1))]:
            yield spec.name, combo
        counts = arities(spec)
        for k in range(per_primitive):
            n = counts[k % len(counts)]
            yield spec.name, tuple(rng.choice(labels) for _ in range(n))


def sweep(full: bool = False, per_primitive: int = 12, seed: int = 0,
          only: str | None = None, refresh: int = 300, edges: bool = False) -> Report:
    """Run the sweep (on a worker thread with a large stack, as ``logo run`` does)."""
    with tempfile.TemporaryDirectory(prefix="logo-sweep-", ignore_cleanup_errors=True) as folder:
        return _sweep_in(folder, full, per_primitive, seed, only, refresh, edges)


def _sweep_in(folder: str, full: bool, per_primitive: int, seed: int, only: str | None,
              refresh: int, edges: bool) -> Report:
    """The sweep with ``folder`` as the current folder (its files land there)."""
    from logo.session.runner import Runner

    old = os.getcwd()
    os.chdir(folder)
    try:
        def job() -> Report:
            sw = Sweeper(folder)
            calls = (all_calls(sw.registry, only) if full
                     else every_edge(sw.registry, only) if edges
                     else sample_calls(sw.registry, per_primitive, seed, only))
            last = None
            for k, (name, labels) in enumerate(calls):
                if name != last or k % refresh == 0:
                    sw.fresh()  # a new interpreter: one primitive's mess stays its own
                    last = name
                sw.call(name, labels)
            sw._stop.set()
            return sw.report

        return Runner().call(job)
    finally:
        os.chdir(old)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m tests.primitives.sweep", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--full", action="store_true", help="every combination, not a sample")
    ap.add_argument("--edges", action="store_true",
                    help="each input at every pool value, the others well formed")
    ap.add_argument("--per", type=int, default=12, help="calls per primitive in a sample")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", default=None, help="sweep one primitive")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    report = sweep(args.full, args.per, args.seed, args.only, edges=args.edges)
    print(report.line())
    for line in report.internal + report.stuck:
        print("  " + line)
    took = time.monotonic() - t0
    print(f"sweep: {took:.1f} s, {report.calls / max(took, 1e-9):.0f} calls/s")
    return 1 if report.internal or report.stuck else 0


if __name__ == "__main__":
    sys.exit(main())
