"""One run of an experiment: ``logo run`` in its own process, as a teacher would type it
(``logo run LESSON --set NAME=V ... -e INSTRUCTIONS -e "print MEASURE"``), with the time
and memory limits and the sandbox of ``logo check``.

Before the lesson, a one-line file ``(rerandom SEED)`` makes RANDOM reproducible (the
lesson's STARTUP draws with it).  Each measure is printed after a marker line of its own
(a word no lesson prints), so what the lesson itself prints is never taken for a
measure.  The run's page comes back as PNG bytes when a contact sheet wants it.

A run is described by a :class:`Task` (plain data: it travels to a Dask worker too) and
gives an :class:`Outcome`: the measures as Logo printed them and the status (``ok``,
``error: MESSAGE``, ``timeout``).
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

from ..messages import language

OK, TIMEOUT = "ok", "timeout"
TIME_LIMIT_STATUS = 124  # logo run's exit status at its time limit
KILL_AFTER = 1.5  # seconds past the limit before this process ends a run itself


@dataclass(frozen=True)
class Task:
    """Everything one run needs: the lesson file, the sliders' values (name, text),
    the seed, the instruction lines, the measures, the limits, and whether to save
    the page."""

    lesson: str
    values: tuple[tuple[str, str], ...]
    seed: int
    run: tuple[str, ...] = ()
    measures: tuple[str, ...] = ()
    timeout: float = 10.0
    max_memory: int = 1024
    sandbox: str | None = None
    page: bool = False
    lang: str = "en"
    cwd: str | None = None


@dataclass
class Outcome:
    """What a run gave: ``measures`` (a text each, "" for those not reached), the
    ``status`` and the page as PNG bytes (or None)."""

    measures: list[str]
    status: str
    page: bytes | None = field(default=None, repr=False)


def command(task: Task, seed_file: str, marker: str, page_file: str | None) -> list[str]:
    """The ``logo run`` command line of a run."""
    cmd = [sys.executable, "-m", "logo", "run", "--lang", task.lang,
           "--timeout", f"{task.timeout:g}", "--max-memory", str(task.max_memory)]
    if task.sandbox:
        cmd += ["--sandbox", task.sandbox]
    cmd += [seed_file, task.lesson]
    for name, value in task.values:
        cmd += ["--set", f"{name}={value}"]
    for line in task.run:
        cmd += ["-e", line]
    for i, measure in enumerate(task.measures):
        cmd += ["-e", f'print "{marker}.{i}', "-e", f"print {measure}"]
    if page_file:
        cmd += ["--png", page_file]
    return cmd


def run_task(task: Task) -> Outcome:
    """Run one task in its own ``logo run`` process and read what it printed."""
    marker = "logo.experiment." + secrets.token_hex(6)
    with tempfile.TemporaryDirectory(prefix="logo-run-") as tmp:
        seed_file = os.path.join(tmp, "seed.lgo")
        with open(seed_file, "w", encoding="utf-8") as f:
            f.write(f"(rerandom {task.seed})\n")
        page_file = os.path.join(tmp, "page.png") if task.page else None
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   LOGO_SUPERVISED="1", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   PYTHONPATH=_this_logo_path())
        try:
            proc = subprocess.run(command(task, seed_file, marker, page_file),
                                  capture_output=True, text=True, env=env, cwd=task.cwd,
                                  timeout=task.timeout + KILL_AFTER, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return Outcome([""] * len(task.measures), TIMEOUT)
        page = _read(page_file) if page_file else None
    measures = measured(proc.stdout, marker, len(task.measures))
    if proc.returncode == TIME_LIMIT_STATUS:
        return Outcome(measures, TIMEOUT, page)
    if proc.returncode != 0:
        return Outcome(measures, "error: " + first_line(proc.stderr, proc.returncode), page)
    return Outcome(measures, OK, page)


def _this_logo_path() -> str:
    """PYTHONPATH for a run's process: the folder this ``logo`` package is in first, so
    that a run is made by this Logo (a checkout's too, from the lesson's folder)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    home = os.path.dirname(here)  # (the folder that holds the logo package)
    old = os.environ.get("PYTHONPATH")
    return os.pathsep.join([home, old] if old else [home])


def measured(stdout: str, marker: str, count: int) -> list[str]:
    """The measures' texts: the lines after each measure's marker, up to the next."""
    values = [""] * count
    current: int | None = None
    lines: dict[int, list[str]] = {}
    for line in stdout.splitlines():
        if line.startswith(marker + "."):
            index = line[len(marker) + 1:]
            current = int(index) if index.isdigit() and int(index) < count else None
            if current is not None:
                lines[current] = []
        elif current is not None:
            lines[current].append(line.rstrip("\r"))
    for i, got in lines.items():
        values[i] = "\n".join(got)
    return values


def first_line(stderr: str, status: int) -> str:
    """The error's first line (its message), or the exit status when it said nothing."""
    for line in stderr.splitlines():
        if line.strip():
            return line.strip()
    return f"exit status {status}"


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:  # the run drew nothing (or ended before saving)
        return None


def task_language() -> str:
    """The language of the runs' messages: this process's."""
    return language()
