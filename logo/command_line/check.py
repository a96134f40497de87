"""``logo check FILES...``: a teacher's batch of learners' files.

Each file runs headless in its own process (``logo run``) with a time and a memory
limit, so one runaway or crashing file cannot stop the batch; that process reads the
file (a regular file of at most 64 MB), under those limits.  It is confined as a
pupil's file should be: to a scratch folder of its own (made for it, removed after),
or to ``--sandbox DIR``; SHELL is refused.  ``--trust`` runs the files unconfined.  A file may check itself
with ``; expect: TEXT`` comments (one printed line each, in order), an
``; expect-error: TEXT`` comment (the run must end with that error) and with ASSERT.
The test kit reads tests/lgo's files with the same two functions.
One line per file (passed / failed / error / timed out), then a summary.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..messages import language
from ..messages import text as say
from . import check_reports as reports
from .run import ASSERT_FAILED
from .self_checks import CHECK_REPORT, expectations, expected_error

__all__ = ["check_file", "check_files", "expectations", "expected_error"]

STATUS_KEYS = {"passed": "check.passed", "failed": "check.failed", "error": "check.error",
               "timed out": "check.timed_out"}


@dataclass
class Outcome:
    path: str
    status: str  # "passed", "failed", "error", "timed out"
    detail: str = ""
    seconds: float = 0.0

    def line(self) -> str:
        width = max(len(say(key)) for key in STATUS_KEYS.values())  # (Russian's longer)
        status = say(STATUS_KEYS[self.status])
        return f"{status:{width}} {self.path}" + (f": {self.detail}" if self.detail else "")


def check_file(path: str, timeout: float, max_memory: int, sandbox: Any = None,
               trust: bool = False) -> Outcome:
    """Run one file in its own ``logo run`` and judge it (its time in ``seconds``)."""
    start = time.monotonic()
    with _confined(sandbox, trust) as folder:
        outcome = _judge(path, timeout, max_memory, folder)
    outcome.seconds = time.monotonic() - start
    return outcome


@contextlib.contextmanager
def _confined(sandbox: Any, trust: bool) -> Iterator[str | None]:
    """The folder a file is confined to: the sandbox's, else a scratch folder made for
    it (removed after); None with ``trust``."""
    if trust:
        yield None
    elif sandbox is not None:
        yield str(sandbox)
    else:
        scratch = tempfile.mkdtemp(prefix="logo-check-")
        try:
            yield scratch
        finally:
            shutil.rmtree(scratch, ignore_errors=True)


def _judge(path: str, timeout: float, max_memory: int, folder: str | None) -> Outcome:
    cmd = [sys.executable, "-m", "logo", "run", "--lang", language(), "--timeout",
           str(timeout), "--max-memory", str(max_memory),
           *(["--sandbox", folder] if folder else []), os.path.abspath(path)]
    # the file stops itself at the limit; this process ends it a second later if it
    # cannot (one long step), as ``logo run --timeout`` does (run.supervise)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LOGO_SUPERVISED="1")
    with tempfile.TemporaryFile() as report, tempfile.TemporaryFile() as out, \
            tempfile.TemporaryFile() as err:  # (on disk: a file that prints for ever
        env[CHECK_REPORT] = str(report.fileno())  # cannot fill this process's memory)
        try:
            ended = subprocess.run(cmd, stdout=out, stderr=err, env=env, cwd=folder,
                                   timeout=timeout + 1.5, stdin=subprocess.DEVNULL,
                                   pass_fds=(report.fileno(),))
        except subprocess.TimeoutExpired:
            return Outcome(path, "timed out", say("check.after", seconds=f"{timeout:g}"))
        proc = subprocess.CompletedProcess(cmd, ended.returncode, _head(out), _head(err))
        report.seek(0)
        checks = json.loads(report.read() or b"{}")
    return _verdict(path, proc, checks, timeout)


OUTPUT_LIMIT = 16 * 1024 * 1024  # bytes of a file's output (and errors) that are judged


def _head(fh: Any) -> str:
    """What a run wrote into ``fh``, its first OUTPUT_LIMIT bytes, as text."""
    fh.seek(0)
    return fh.read(OUTPUT_LIMIT).decode("utf-8", errors="replace")


def _verdict(path: str, proc: Any, checks: dict[str, Any], timeout: float) -> Outcome:
    """The outcome of a finished run, from its status, its output and the file's checks
    (``expect``: the printed lines, ``error``: the error it must end with)."""
    if proc.returncode == 124:
        return Outcome(path, "timed out", say("check.after", seconds=f"{timeout:g}"))
    error = checks.get("error")
    if proc.returncode == ASSERT_FAILED:  # the file's own check said no
        return Outcome(path, "failed", (proc.stderr.strip().splitlines() or [""])[0])
    if proc.returncode != 0 and not (error and proc.returncode == 1 and error in proc.stderr):
        message = (proc.stderr.strip().splitlines()
                   or [say("check.exit_status", status=proc.returncode)])[0]
        return Outcome(path, "error", message)
    if error and proc.returncode == 0:
        return Outcome(path, "failed", say("check.no_error", error=repr(error)))
    expected = checks.get("expect")
    printed = [ln.rstrip() for ln in proc.stdout.splitlines()]
    if expected is not None and printed != expected:
        return Outcome(path, "failed", _first_difference(expected, printed))
    return Outcome(path, "passed")


def _first_difference(expected: list[str], printed: list[str]) -> str:
    for i, (e, p) in enumerate(zip(expected, printed), start=1):
        if e != p:
            return say("check.differs", line=i, expected=repr(e), printed=repr(p))
    if len(printed) < len(expected):
        return say("check.printed_less", expected=repr(expected[len(printed)]),
                    line=len(printed) + 1)
    return say("check.printed_more", printed=repr(printed[len(expected)]))


def check_files(paths: list[str], timeout: float = 10.0, max_memory: int = 1024,
                out: Any = None, jobs: int | None = None, form: str = "text",
                sandbox: Any = None, trust: bool = False) -> int:
    """Check every file (``jobs`` at once; default: the cores), each confined (see the
    module), report them in the given order as ``form`` says (text: a line each and a
    summary; json; junit XML); 0 if all passed."""
    out = out or sys.stdout
    jobs = max(1, jobs or os.cpu_count() or 1)
    outcomes = []

    def one(path: str) -> Outcome:
        return check_file(path, timeout, max_memory, sandbox, trust)

    with ThreadPoolExecutor(max_workers=jobs) as pool:  # each file is its own process
        for outcome in pool.map(one, paths):
            outcomes.append(outcome)
            if form == "text":
                print(outcome.line(), file=out, flush=True)
    counts = {s: sum(1 for o in outcomes if o.status == s) for s in STATUS_KEYS}
    if form == "json":
        print(reports.as_json(outcomes, counts), file=out)
    elif form == "junit":
        print(reports.as_junit(outcomes, counts), file=out)
    else:
        print(reports.summary(len(outcomes), counts), file=out)
    return 0 if counts["passed"] == len(outcomes) else 1
