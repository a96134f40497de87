"""Running an experiment: every run not already in the table, on a local pool of
``logo run`` processes (``jobs`` at once) or on a Dask cluster, the table saved as runs
finish (so a stopped experiment resumes where it stopped), the pages kept for the
contact sheet.

The caller sees progress through ``progress(done, total, failures)`` (the terminal's
bar, the window's dialog) and may stop the experiment with ``stop`` (an Event): the runs
under way finish, no new one starts, and the table keeps what finished.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

from ..messages import text as say
from ..session.loadpath import find
from . import table
from .runs import OK, Outcome, Task, run_task, task_language
from .spec import Experiment, Run, SpecError, check_names

SAVE_EVERY = 1.0  # seconds between two saves of the table while runs finish
Progress = Callable[[int, int, int], None]


@dataclass
class Results:
    """The finished table (``rows`` in the experiment's order, ``runs`` the run of each
    row), how many runs ran now (``ran``; the others were in the table already), and
    where each run's page is (by the run's key)."""

    header: list[str]
    rows: list[table.Row]
    runs: list[Run]
    ran: int = 0
    pages: dict[tuple[str, ...], str] = field(default_factory=dict)

    def failures(self) -> int:
        return sum(1 for r in self.rows if r.get("status") != OK)


def lesson_file(lesson: str) -> str:
    """The lesson's file: a path, or a shipped lesson's name; a usage error if none."""
    path = find(lesson)
    if not os.path.isfile(path):
        raise SpecError(say("experiment.no_lesson", lesson=lesson))
    return os.path.abspath(path)


def page_name(pages: str, run: Run) -> str:
    """Where a run's page is kept: a file named for its values and repetition."""
    digest = hashlib.sha256("|".join(run.key()).encode()).hexdigest()[:16]
    return os.path.join(pages, digest + ".png")


def task_of(exp: Experiment, path: str, run: Run, page: bool) -> Task:
    return Task(path, run.values, run.seed, tuple(exp.run), tuple(exp.measures),
                exp.timeout, exp.max_memory, exp.sandbox, page, task_language())


class _Book:
    """The table as it fills: the rows by key, saved now and then."""

    def __init__(self, exp: Experiment, out: str | None, pages: str | None) -> None:
        self.exp, self.out, self.pages = exp, out, pages
        self.header = table.columns(exp)
        self.runs = exp.runs()
        old = table.read(out, self.header) if out else []
        self.rows = {table.key_of(r, exp): r for r in old}
        if set(self.rows) - {r.key() for r in self.runs}:  # rows no run of this one makes
            raise SpecError(say("experiment.other_rows", path=out))
        self.saved = time.monotonic()

    def todo(self) -> list[Run]:
        return [r for r in self.runs if r.key() not in self.rows]

    def add(self, run: Run, outcome: Outcome) -> None:
        self.rows[run.key()] = table.row_of(run, outcome.measures, outcome.status, self.exp)
        if self.pages and outcome.page:
            from ..session.safefile import atomic_write

            atomic_write(page_name(self.pages, run), outcome.page)
        if time.monotonic() - self.saved > SAVE_EVERY:
            self.save()

    def ordered(self) -> list[table.Row]:
        return [self.rows[r.key()] for r in self.runs if r.key() in self.rows]

    def save(self) -> None:
        if self.out:
            table.write(self.out, self.ordered(), self.header)
        self.saved = time.monotonic()


def run_experiment(exp: Experiment, out: str | None = None, pages: str | None = None,
                   jobs: int | None = None, cluster: str | None = None,
                   progress: Progress | None = None,
                   stop: threading.Event | None = None) -> Results:
    """Run the experiment's runs that ``out`` (a table, if it exists) lacks and save the
    whole table there; ``pages``: a folder that keeps each run's page (for the sheet)."""
    check_names(exp.varies, exp.measures)
    path = lesson_file(exp.lesson)
    book = _Book(exp, out, pages)
    if pages:
        os.makedirs(pages, exist_ok=True)
    todo = book.todo()
    total, done = len(book.runs), len(book.runs) - len(todo)
    failures = sum(1 for r in book.rows.values() if r.get("status") != OK)
    if progress:
        progress(done, total, failures)
    tasks = [task_of(exp, path, run, bool(pages)) for run in todo]
    ran = 0
    try:
        source = (_on_cluster(cluster, tasks, path, stop) if cluster
                  else _on_pool(tasks, jobs, stop))
        for index, outcome in source:
            book.add(todo[index], outcome)
            ran += 1
            failures += outcome.status != OK
            if progress:
                progress(done + ran, total, failures)
    finally:
        book.save()
    found = {r.key(): page_name(pages, r) for r in book.runs} if pages else {}
    return Results(book.header, book.ordered(), [r for r in book.runs if r.key() in book.rows],
                   ran,
                   {k: p for k, p in found.items() if os.path.isfile(p)})


def _on_pool(tasks: list[Task], jobs: int | None,
             stop: threading.Event | None) -> Iterator[tuple[int, Outcome]]:
    """The tasks on ``jobs`` threads, each waiting on its own ``logo run`` process; the
    outcomes as they finish (index, outcome)."""
    jobs = max(1, jobs or os.cpu_count() or 1)
    pending = iter(enumerate(tasks))
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        running: dict[Future, int] = {}

        def start() -> None:
            while len(running) < jobs and not (stop and stop.is_set()):
                item = next(pending, None)
                if item is None:
                    return
                running[pool.submit(run_task, item[1])] = item[0]

        start()
        while running:
            finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for future in finished:
                yield running.pop(future), future.result()
            start()


def _on_cluster(address: str, tasks: list[Task], path: str,
                stop: threading.Event | None) -> Iterator[tuple[int, Outcome]]:
    from .cluster import run_on_cluster  # lazy: distributed, --cluster only

    return run_on_cluster(address, tasks, path, stop)
