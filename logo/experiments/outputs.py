"""An experiment with all its files at once, as the window runs one: the table, the
contact sheet and the plot under new numbered names in a folder (never replacing a
file), the pages kept in a temporary folder only while the sheet is drawn."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading

from ..session.lessons import lessons_folders
from .engine import Progress, Results, run_experiment
from .spec import Experiment, lesson_name


def new_names(folder: str, stem: str) -> dict[str, str]:
    """``STEM-experiment-N.csv``, ``...-N-sheet.png``, ``...-N-plot.png`` for the first N
    none of whose files exists."""
    n = 1
    while True:
        base = os.path.join(folder, f"{stem}-experiment-{n}")
        names = {"table": base + ".csv", "sheet": base + "-sheet.png",
                 "plot": base + "-plot.png"}
        if not any(os.path.exists(p) for p in names.values()):
            return names
        n += 1


def results_folder(file: str, sandbox: str | None) -> str:
    """Where an experiment's files go: the sandbox, else the lesson's folder when it may
    be written (never a shipped lesson's), else the current folder."""
    if sandbox:
        return sandbox
    folder = os.path.dirname(os.path.abspath(file))
    for shipped, _ in lessons_folders():
        root = os.path.abspath(str(shipped))
        if os.path.commonpath([root, folder]) == root:
            return os.getcwd()
    return folder if os.access(folder, os.W_OK) else os.getcwd()


def run_with_pictures(exp: Experiment, progress: Progress | None = None,
                      stop: threading.Event | None = None,
                      folder: str | None = None) -> tuple[Results, dict[str, str]]:
    """Run the experiment; save its table, sheet and plot; (the results, their paths)."""
    from .plot import save_plot
    from .sheet import save_sheet

    folder = folder or results_folder(exp.lesson, exp.sandbox)
    names = new_names(folder, lesson_name(exp.lesson))
    pages = tempfile.mkdtemp(prefix="logo-pages-")
    try:
        results = run_experiment(exp, names["table"], pages, progress=progress, stop=stop)
        save_sheet(results, names["sheet"], len(exp.varies[-1].values) * exp.repeat)
        save_plot(results, names["plot"])
    finally:
        shutil.rmtree(pages, ignore_errors=True)
    return results, names


def describe(exp: Experiment, name: str) -> str:
    """The experiment as the Logo line a lesson file keeps (``logo experiment LESSON
    --named NAME`` runs it): ``pprop "experiments "NAME [...]``."""
    clauses = [f"[vary {v.name} [{' '.join(v.values)}]]" for v in exp.varies]
    if exp.repeat != 1:
        clauses.append(f"[repeat {exp.repeat}]")
    clauses += [f"[run [{line}]]" for line in exp.run]
    if exp.measures:
        clauses.append("[measure " + " ".join(f"[{m}]" for m in exp.measures) + "]")
    return f'pprop "experiments "{name} [{" ".join(clauses)}]'
