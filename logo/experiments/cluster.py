"""``--cluster tcp://HOST:PORT``: the runs on a Dask distributed scheduler's workers
(each with logo-microworlds installed) instead of the local pool.  With ``--sandbox``
each run on a worker is confined to its copy of the lesson's folder.

The lesson's folder travels as a zip (scattered to the workers once, not sent per
task); each task unpacks it into a temporary folder of its worker and runs there, the
lesson by its path inside the folder, so a lesson that loads its neighbours finds
them.  ``distributed`` is the optional extra ``[cluster]``: without it ``--cluster``
says how to get it.
"""

from __future__ import annotations

import dataclasses
import io
import os
import tempfile
import threading
import zipfile
from collections.abc import Iterator

from ..messages import text as say
from .runs import Outcome, Task, run_task
from .spec import SpecError

MAX_BUNDLE = 64 << 20  # bytes: a lesson folder larger than this is not shipped whole
SKIPPED = {"__pycache__", ".git"}


def distributed_client(address: str):
    """A Dask client of the scheduler at ``address``; a usage error, saying how to get
    it, when ``distributed`` is not installed, or when no scheduler answers."""
    try:
        from distributed import Client
    except ImportError:
        raise SpecError(say("experiment.no_distributed")) from None
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise SpecError(say("experiment.no_scheduler", address=address, reason=exc)) from None


def bundle(folder: str) -> bytes:
    """The lesson's folder as zip bytes (its sub-folders too, caches left out)."""
    data = io.BytesIO()
    size = 0
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as z:
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED)
            for name in sorted(files):
                full = os.path.join(root, name)
                size += os.path.getsize(full)
                if size > MAX_BUNDLE:
                    raise SpecError(say("experiment.folder_too_big", folder=folder,
                                        most=MAX_BUNDLE >> 20))
                z.write(full, os.path.relpath(full, folder))
    return data.getvalue()


def run_shipped(task: Task, shipped: bytes) -> Outcome:
    """On a worker: unpack the lesson's folder, run the task there."""
    with tempfile.TemporaryDirectory(prefix="logo-lesson-") as tmp:
        with zipfile.ZipFile(io.BytesIO(shipped)) as z:
            z.extractall(tmp)
        local = dataclasses.replace(task, lesson=os.path.join(tmp, task.lesson), cwd=tmp,
                                    sandbox=tmp if task.sandbox else None)
        return run_task(local)


def run_on_cluster(address: str, tasks: list[Task], path: str,
                   stop: threading.Event | None = None) -> Iterator[tuple[int, Outcome]]:
    """The tasks on the cluster; the outcomes as they finish (index, outcome)."""
    client = distributed_client(address)
    from distributed import as_completed

    try:
        folder = os.path.dirname(path)
        shipped = client.scatter(bundle(folder), broadcast=True)
        relative = os.path.relpath(path, folder)
        futures = {client.submit(run_shipped, dataclasses.replace(t, lesson=relative),
                                 shipped, pure=False): i for i, t in enumerate(tasks)}
        for future in as_completed(list(futures)):
            if stop is not None and stop.is_set():
                client.cancel(list(futures))
                return
            try:
                outcome = future.result()
            except Exception as exc:  # the worker failed (not the run): a row says so
                outcome = Outcome([""] * len(tasks[futures[future]].measures),
                                  f"error: {type(exc).__name__}: {exc}")
            yield futures[future], outcome
    finally:
        client.close()
