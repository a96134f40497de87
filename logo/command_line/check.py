"""``logo check FILES...``: a teacher's batch of learners' files.

Each file runs headless in its own process (``logo run``) with a time and a memory
limit, so one runaway or crashing file cannot stop the batch.  A file may check itself
with ``; expect: TEXT`` comments (one printed line each, in order), an
``; expect-error: TEXT`` comment (the run must end with that error) and with ASSERT.
The test kit reads tests/lgo's files with the same two functions.
One line per file (passed / failed / error / timed out), then a summary.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..messages import language
from ..messages import text as say
from ..session.streams import read_text
from . import check_reports as reports
from .run import ASSERT_FAILED

STATUS_KEYS = {"passed": "check.passed", "failed": "check.failed", "error": "check.error",
               "timed out": "check.timed_out"}


@dataclass
class Outcome:
    path: str
    status: str  # "passed", "failed", "error", "timed out"
    detail: str = ""
    seconds: float = 0.0

    def line(self) -> str:
        status = say(STATUS_KEYS[self.status])
        return f"{status:9} {self.path}" + (f": {self.detail}" if self.detail else "")


def expectations(text: str) -> list[str] | None:
    """The ``; expect:`` lines of a file, or None when it has none."""
    found = [ln.strip()[len("; expect:"):].strip() for ln in text.splitlines()
             if ln.strip().startswith("; expect:")]
    return found or None


def expected_error(text: str) -> str | None:
    """The message of a file's ``; expect-error:`` line (its last), or None."""
    found = [ln.strip()[len("; expect-error:"):].strip() for ln in text.splitlines()
             if ln.strip().startswith("; expect-error:")]
    return found[-1] if found else None


def check_file(path: str, timeout: float, max_memory: int) -> Outcome:
    """Run one file in its own ``logo run`` and judge it (its time in ``seconds``)."""
    start = time.monotonic()
    outcome = _judge(path, timeout, max_memory)
    outcome.seconds = time.monotonic() - start
    return outcome


def _judge(path: str, timeout: float, max_memory: int) -> Outcome:
    try:
        source = read_text(path)
    except (OSError, UnicodeDecodeError) as exc:
        return Outcome(path, "error",
                       say("check.cant_read", reason=getattr(exc, "strerror", None) or exc))
    cmd = [sys.executable, "-m", "logo", "run", "--lang", language(), "--timeout",
           str(timeout), "--max-memory", str(max_memory), path]
    # the file stops itself at the limit; this process ends it a second later if it
    # cannot (one long step), as ``logo run --timeout`` does (run.supervise)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LOGO_SUPERVISED="1")
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env,
                              timeout=timeout + 1.5, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return Outcome(path, "timed out", say("check.after", seconds=timeout))
    if proc.returncode == 124:
        return Outcome(path, "timed out", say("check.after", seconds=timeout))
    error = expected_error(source)
    if proc.returncode == ASSERT_FAILED:  # the file's own check said no
        return Outcome(path, "failed", (proc.stderr.strip().splitlines() or [""])[0])
    if proc.returncode != 0 and not (error and proc.returncode == 1 and error in proc.stderr):
        message = (proc.stderr.strip().splitlines()
                   or [say("check.exit_status", status=proc.returncode)])[0]
        return Outcome(path, "error", message)
    if error and proc.returncode == 0:
        return Outcome(path, "failed", say("check.no_error", error=repr(error)))
    expected = expectations(source)
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
                out: Any = None, jobs: int | None = None, form: str = "text") -> int:
    """Check every file (``jobs`` at once; default: the cores), report them in the
    given order as ``form`` says (text: a line each and a summary; json; junit XML);
    0 if all passed."""
    out = out or sys.stdout
    jobs = max(1, jobs or os.cpu_count() or 1)
    outcomes = []
    with ThreadPoolExecutor(max_workers=jobs) as pool:  # each file is its own process
        for outcome in pool.map(lambda p: check_file(p, timeout, max_memory), paths):
            outcomes.append(outcome)
            if form == "text":
                print(outcome.line(), file=out, flush=True)
    counts = {s: sum(1 for o in outcomes if o.status == s) for s in STATUS_KEYS}
    if form == "json":
        print(reports.as_json(outcomes, counts), file=out)
    elif form == "junit":
        print(reports.as_junit(outcomes, counts), file=out)
    else:
        print(say("check.summary", files=len(outcomes), passed=counts["passed"],
                  failed=counts["failed"], errors=counts["error"],
                  timed_out=counts["timed out"]), file=out)
    return 0 if counts["passed"] == len(outcomes) else 1
