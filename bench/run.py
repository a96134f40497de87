"""Run the Logo benchmarks under this interpreter and under UCBLogo, in the same run.

    python bench/run.py [--repeat N] [--json out.json] [--only NAME ...] [--timeout S]
                        [--cold-cache] [--source-modules]

Each ``bench/programs/*.lgo`` runs as ``python -m logo run FILE`` (under a wrapper that
also reports how long ``logo run`` itself took inside the process, see OURS_TIMER) and
under UCBLogo (the file wrapped in openwrite/setwrite ... bye, as
``tests/tools/ucblogo_run.py`` does, on the X display in $DISPLAY, else a running Xvfb
found in /tmp/.X11-unix, else ``xvfb-run -a``).  A time is the best of the runs minus that
interpreter's start-up time (the best run of an empty program, reported separately); a
program runs at least N times (``--repeat``) and again while its runs took less than
MIN_TOTAL seconds in all, up to MAX_RUNS (short programs are the noisiest: timeit's rule).
Both outputs must match; a mismatch is marked.  Where ``bench/python/NAME.py`` exists, the
same algorithm in plain Python is timed in the same run too, inside its process
(``runpy.run_path``, so Python's own start-up is not counted), and ours/python compares it
with ours timed the same way: ``logo run``'s time inside its process less that of the
empty program (reading, parsing, compiling and running the file, and writing its output,
counted; Python's and our modules' start-up not, as Python's is not).  ours/ucblogo
compares whole processes, less each start-up.
The column "ours MB" is the most memory (resident) our process used.  The cold-code programs
(``bench/cold.py``: most of their code runs once) are made at run time and shown apart.
Ours runs on the user's compiled-code cache (warm after the first run), or with
``--cold-cache`` on an empty one every run (its modules' byte-code too); where
PYTHONDONTWRITEBYTECODE is set, ours keeps Python's byte-code of its modules in a
temporary PYTHONPYCACHEPREFIX, as the ``logo`` command keeps it itself there
(``logo/module_code.py``; ``--source-modules``: the variable kept as it is, so the
timer's first imports compile from source every run, and the command keeps the rest).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cold

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "bench" / "programs"
PYTHONS = ROOT / "bench" / "python"
SAME_IN_PYTHON = {"tree_pu": "tree_pd"}  # the pen draws nothing in plain Python
NA = "n/a"
INSIDE = " inside"  # startup's key of ours' in-process time (for ours/python)
MIN_TOTAL = 1.0  # seconds: a program whose runs took less in all runs again...
MAX_RUNS = 15  # ...up to this many times


@dataclass
class Result:
    """One interpreter's best time and output for one program (``error`` when it failed)."""

    best: float | None = None
    output: str | None = None
    error: str | None = None
    times: list[float] = field(default_factory=list)
    inner: list[float] = field(default_factory=list)  # ours: seconds inside the process
    rss_mb: float | None = None  # the most resident memory of its runs


def norm(text: str) -> str:
    """Output as compared: trailing blanks of each line and trailing blank lines dropped."""
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


class Ours:
    name = "ours"

    def __init__(self, timeout: float, cold_cache: bool = False,
                 pycache: str | None = None) -> None:
        self.timeout = timeout
        self.cold_cache = cold_cache  # every run on an empty compiled-code cache
        self.env = dict(os.environ)
        if pycache is not None:  # Python's byte-code kept, as an installed Logo has it
            self.env.pop("PYTHONDONTWRITEBYTECODE", None)
            self.env["PYTHONPYCACHEPREFIX"] = pycache

    def available(self) -> bool:
        return True

    rss_mb: float | None = None  # of the last run (timed)

    inner: float | None = None  # seconds inside the process, of the last run

    def run_once(self, program: Path) -> tuple[float, str | None, str | None]:
        cmd = [sys.executable, "-c", OURS_TIMER, str(program)]
        if not self.cold_cache:
            elapsed, p, error = self.timed(cmd, self.env)
        else:  # (the folder is made and removed outside the timed part)
            with tempfile.TemporaryDirectory(prefix="logo-code-") as empty:
                elapsed, p, error = self.timed(cmd, dict(self.env, LOGO_CODE_CACHE=empty))
        if p is None:
            return elapsed, None, error
        self.inner = inner_seconds(p.stderr)
        return elapsed, p.stdout, None

    def timed(self, cmd: list[str], env: dict[str, str] | None = None
              ) -> tuple[float, Any, str | None]:
        """Run ``cmd`` from the repository root: its wall-clock seconds and the finished
        process, or None and why (a time-out, a failing exit status); its most resident
        memory goes to ``rss_mb``."""
        with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
            t0 = time.perf_counter()
            proc = _Popen(cmd, cwd=ROOT, stdout=out, stderr=err, text=True,
                          stdin=subprocess.DEVNULL, env=env)
            # a blocking wait ends when the child does (wait(timeout=) polls every 50 ms,
            # which would round every time); a timer kills a runaway
            killer = threading.Timer(self.timeout, proc.kill)
            killer.start()
            try:
                proc.wait()
            finally:
                killer.cancel()
            elapsed = time.perf_counter() - t0
            if elapsed >= self.timeout:
                return elapsed, None, f"timed out after {self.timeout:g} s"
            out.seek(0)
            err.seek(0)
            p = subprocess.CompletedProcess(cmd, proc.returncode, out.read(), err.read())
        self.rss_mb = _rss_mb(proc)
        if p.returncode != 0:
            lines = [line for line in (p.stderr or p.stdout).strip().splitlines()
                     if line.strip() and not line.startswith("BENCH_SECONDS ")]  # (the timer's)
            return elapsed, None, f"exit {p.returncode}: {lines[-1] if lines else ''}"
        return elapsed, p, None


def _rss_mb(proc: Any) -> float | None:
    """The most resident memory of a finished child, in MB (Linux: ``/proc`` is gone
    once it is reaped, so its rusage is read by ``wait4`` where Popen has not reaped it;
    else None)."""
    usage = getattr(proc, "rusage", None)
    return None if usage is None else usage.ru_maxrss / 1024


class _Popen(subprocess.Popen):
    """A Popen that keeps the rusage of its child (its most resident memory)."""

    rusage: Any = None

    def _try_wait(self, wait_flags: int) -> tuple[int, int]:  # type: ignore[override]
        try:
            pid, sts, self.rusage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            pid, sts = self.pid, 0
        return pid, sts


# Runs a script and prints the seconds it took, without Python's start-up, on stderr.
TIMER = ("import runpy, sys, time; t = time.perf_counter(); "
         "runpy.run_path(sys.argv[1], run_name='__main__'); "
         "sys.stderr.write(f'\\nBENCH_SECONDS {time.perf_counter() - t}\\n')")


# Runs ``python -m logo run FILE`` as that command does (Logo's modules imported first, as
# its start-up) and prints, on stderr, the seconds from the start of ``logo run`` to its end
# (it ends the process by os._exit after flushing its output: see command_line/run.py).
OURS_TIMER = ("import os, runpy, sys, time; import logo.command_line.main; "
              "sys.argv = ['logo', 'run', sys.argv[1]]; end = os._exit; t = time.perf_counter()\n"
              "def report(code=0):\n"
              "    sys.stderr.write(f'\\nBENCH_SECONDS {time.perf_counter() - t}\\n'); "
              "sys.stderr.flush(); end(code)\n"
              "os._exit = report\n"
              "try:\n    runpy.run_module('logo', run_name='__main__', alter_sys=True)\n"
              "except SystemExit as stop:\n"
              "    sys.stdout.flush(); report(stop.code if isinstance(stop.code, int) else 1)")


def inner_seconds(stderr: str) -> float | None:
    """The seconds a timer wrapper printed last on ``stderr`` (None: it printed none)."""
    for line in reversed(stderr.strip().splitlines()):
        if line.startswith("BENCH_SECONDS "):
            return float(line.split()[1])
    return None


class Plain(Ours):
    """The same algorithm written in plain Python: ``bench/python/NAME.py``, timed inside
    its process (so its start-up is not counted; the start-up shown is Python's own)."""

    name = "python"

    def run_once(self, program: Path) -> tuple[float, str | None, str | None]:
        stem = SAME_IN_PYTHON.get(program.stem, program.stem)
        script = program if program.suffix == ".py" else PYTHONS / (stem + ".py")
        if program.with_suffix(".py").exists():  # a program made at run time (cold.py)
            script = program.with_suffix(".py")
        if not script.exists():
            return 0.0, None, "no plain Python version"
        elapsed, p, error = self.timed([sys.executable, "-c", TIMER, str(script)])
        if p is None:
            return elapsed, None, error
        seconds = inner_seconds(p.stderr)
        if seconds is None:
            return elapsed, None, "no time reported"
        return seconds, p.stdout, None


class UCBLogo:
    name = "ucblogo"

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.exe = shutil.which("ucblogo")
        self.env = dict(os.environ)
        self.prefix: list[str] = []
        if not self.env.get("DISPLAY"):
            servers = sorted(Path("/tmp/.X11-unix").glob("X*")) if Path("/tmp/.X11-unix").is_dir() else []
            if servers:
                self.env["DISPLAY"] = ":" + servers[0].name[1:]
            elif shutil.which("xvfb-run"):
                self.prefix = ["xvfb-run", "-a"]
            else:
                self.exe = None

    def available(self) -> bool:
        return self.exe is not None

    def run_once(self, program: Path) -> tuple[float, str | None, str | None]:
        with tempfile.TemporaryDirectory() as d:
            out, wrapped = Path(d) / "out.txt", Path(d) / "prog.lg"
            wrapped.write_text(f'openwrite "{out}\nsetwrite "{out}\n' + program.read_text("utf-8")
                               + f'\nsetwrite []\nclose "{out}\nbye\n', "utf-8")
            for _attempt in range(3):  # the wx build sometimes dies at start-up: try again
                out.unlink(missing_ok=True)
                t0 = time.perf_counter()
                try:
                    subprocess.run([*self.prefix, str(self.exe), str(wrapped)], env=self.env,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, timeout=self.timeout)
                except subprocess.TimeoutExpired:
                    return time.perf_counter() - t0, None, f"timed out after {self.timeout:g} s"
                elapsed = time.perf_counter() - t0
                if out.exists():
                    return elapsed, out.read_text("utf-8", errors="replace"), None
            return elapsed, None, "no output (ucblogo failed to start?)"


def measure(interp: Ours | UCBLogo, program: Path, repeat: int) -> Result:
    """Best of at least ``repeat`` runs, more while they took under MIN_TOTAL seconds in
    all (up to MAX_RUNS); stops at the first failure."""
    res = Result()
    while len(res.times) < repeat or (sum(res.times) < MIN_TOTAL and len(res.times) < MAX_RUNS):
        elapsed, output, error = interp.run_once(program)
        if error is not None:
            res.error = error
            return res
        res.times.append(elapsed)
        res.output = output
        inner = getattr(interp, "inner", None)
        if inner is not None:
            res.inner.append(inner)
        rss = getattr(interp, "rss_mb", None)
        if rss is not None:
            res.rss_mb = max(res.rss_mb or 0.0, rss)
    res.best = min(res.times)
    return res


def fmt(t: float | None) -> str:
    return NA if t is None else f"{t:.4f}" if t < 0.01 else f"{t:.3f}"


def net(res: Result, startup: float | None) -> float | None:
    """Time minus start-up, kept above 0.1 ms so that ratios stay finite."""
    if res.best is None:
        return None
    return max(res.best - (startup or 0.0), 1e-4)


def inside_net(res: Result, startup: float | None) -> float | None:
    """Ours timed as plain Python is: the best of its in-process times less the empty
    program's (None where a run reported none)."""
    if res.best is None or startup is None or len(res.inner) != len(res.times):
        return None
    return max(min(res.inner) - startup, 1e-4)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per program; the best counts (3)")
    ap.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="run only these benchmarks")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per run (120)")
    ap.add_argument("--cold-cache", action="store_true",
                    help="run ours on a fresh, empty compiled-code cache every run (a first run)")
    ap.add_argument("--source-modules", action="store_true",
                    help="keep PYTHONDONTWRITEBYTECODE as it is: where it is set, every run "
                         "of ours compiles the modules it imports first from their source")
    return ap.parse_args(argv)


def startups(interps: list, repeat: int) -> tuple[dict, dict]:
    """Each interpreter's start-up time: the best run of an empty program."""
    startup: dict[str, float | None] = {}
    startup_error: dict[str, str | None] = {}
    with tempfile.TemporaryDirectory() as d:
        for it in interps:
            empty = Path(d) / ("empty.py" if it.name == "python" else "empty.lgo")
            empty.write_text("\n", "utf-8")
            res = measure(it, empty, repeat) if it.available() else Result(error="not installed")
            startup[it.name], startup_error[it.name] = res.best, res.error
            note = "" if res.error is None else f"  ({res.error})"
            if res.inner:  # ours: logo run's own time for an empty program, in process
                startup[it.name + INSIDE] = min(res.inner)
                note += f"  ({fmt(min(res.inner))} s of it inside logo run)"
            print(f"start-up {it.name:8s} {fmt(res.best)} s{note}", flush=True)
    print()
    return startup, startup_error


def ratio_of(a: float | None, b: float | None) -> float | None:
    return a / b if a is not None and b is not None else None


def rfmt(r: float | None) -> str:
    return NA if r is None else f"{r:.2f}"


def geomean(ratios: list[float]) -> float | None:
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else None


def bench_one(prog: Path, interps: list, args: argparse.Namespace, startup: dict,
              startup_error: dict) -> dict:
    """Run one program under every interpreter, print its row; the row as a dict."""
    results = {it.name: measure(it, prog, args.repeat) if it.available()
               else Result(error="not installed") for it in interps}
    ours, theirs, plain = results["ours"], results["ucblogo"], results["python"]
    t = {name: net(res, 0.0 if name == "python" else startup[name])
         for name, res in results.items()}
    inside = inside_net(ours, startup.get("ours" + INSIDE))
    ratio, ratio_py = ratio_of(t["ours"], t["ucblogo"]), ratio_of(inside, t["python"])
    if ours.output is None or theirs.output is None:
        same = "-"
    else:
        same = "same" if norm(ours.output) == norm(theirs.output) else "MISMATCH"
    if plain.output is not None and ours.output is not None \
            and norm(plain.output) != norm(ours.output):
        same += " (python differs)"
    mb = NA if ours.rss_mb is None else f"{ours.rss_mb:.0f}"
    print(f"{prog.stem:12s} {fmt(t['ours']):>8s} {fmt(inside):>8s} {fmt(t['ucblogo']):>9s} "
          f"{fmt(t['python']):>8s} {rfmt(ratio):>9s} {rfmt(ratio_py):>9s} {mb:>8s}  {same}",
          flush=True)
    for it_name, res in results.items():
        if res.error and res.error != startup_error[it_name]:
            print(f"    {it_name}: {res.error}")
    if same.startswith("MISMATCH"):
        print(f"    ours:    {norm(ours.output or '')[:200]!r}")
        print(f"    ucblogo: {norm(theirs.output or '')[:200]!r}")
    return {"benchmark": prog.stem, "ours_s": t["ours"], "ours_inside_s": inside,
            "ucblogo_s": t["ucblogo"],
            "python_s": t["python"], "ratio": ratio, "ratio_python": ratio_py,
            "ours_mb": ours.rss_mb,
            "output": same, "ours_raw_s": ours.times, "ours_inside_raw_s": ours.inner,
            "ucblogo_raw_s": theirs.times,
            "python_raw_s": plain.times, "ours_error": ours.error,
            "ucblogo_error": theirs.error, "python_error": plain.error,
            "ours_output": ours.output, "ucblogo_output": theirs.output,
            "python_output": plain.output}


def table(title: str, programs: list[Path], interps: list, args: argparse.Namespace,
          startup: dict, startup_error: dict) -> tuple[list[dict], dict]:
    """Run ``programs`` and print their rows and geometric means under ``title``."""
    head = (f"{title:12s} {'ours s':>8s} {'inside':>8s} {'ucblogo s':>9s} {'python s':>8s} "
            f"{'ours/ucb':>9s} {'ours/py':>9s} {'ours MB':>8s}  output")
    print(head)
    print("-" * len(head))
    rows = [bench_one(p, interps, args, startup, startup_error) for p in programs]
    ratios = [r["ratio"] for r in rows if r["ratio"] is not None]
    ratios_py = [r["ratio_python"] for r in rows if r["ratio_python"] is not None]
    geo, geo_py = geomean(ratios), geomean(ratios_py)
    print("-" * len(head))
    print(f"geometric mean ours/ucblogo: {rfmt(geo)}  over {len(ratios)} of {len(programs)}; "
          f"worst {rfmt(max(ratios, default=None))}")
    print(f"geometric mean ours/python:  {rfmt(geo_py)}  over {len(ratios_py)} of {len(programs)}")
    print()
    return rows, {"geomean_ratio": geo, "geomean_ratio_python": geo_py}


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        programs = sorted(PROGRAMS.glob("*.lgo"))
        colds = cold.write(Path(folder))
        if args.only:
            programs = [p for p in programs if p.stem in set(args.only)]
            colds = [p for p in colds if p.stem in set(args.only)]
        if not programs and not colds:
            print("no benchmarks selected", file=sys.stderr)
            return 2
        pycache = None if args.source_modules or not os.environ.get("PYTHONDONTWRITEBYTECODE") \
            else os.path.join(folder, "pycache")
        interps = [Ours(args.timeout, args.cold_cache, pycache), UCBLogo(args.timeout),
                   Plain(args.timeout)]
        startup, startup_error = startups(interps, args.repeat)
        rows, means = table("benchmark", programs, interps, args, startup, startup_error) \
            if programs else ([], {})
        cold_rows, cold_means = table("cold code", colds, interps, args, startup,
                                      startup_error) if colds else ([], {})
    if args.json:
        Path(args.json).write_text(json.dumps({
            "repeat": args.repeat, "cold_cache": args.cold_cache, "startup_s": startup, **means, "benchmarks": rows,
            "cold": {**cold_means, "benchmarks": cold_rows}},
            indent=2, ensure_ascii=False) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
