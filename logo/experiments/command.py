"""``logo experiment LESSON --vary NAME=VALUES ... [--measure EXPR ...]``: its options
(registered by the command line's parser) and what it does.

The table goes to ``--out`` (CSV or JSON; an existing one resumes) or, without it, to
the standard output as CSV.  A progress bar (tqdm: runs done / total, failures, time
left) shows on a terminal and nowhere else.  The exit status: 0 when every run was ok,
1 when one failed (its row says how), 2 a usage error.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from typing import Any

from ..messages import text as say
from .spec import Experiment, SpecError, parse_vary

USAGE_ERROR = 2


def _count(text: str) -> int:
    """``--repeat K``, ``--jobs N``: a whole number, at least 1."""
    try:
        value = int(text)
        if value < 1:
            raise ValueError
    except ValueError:
        raise argparse.ArgumentTypeError(say("experiment.bad_count", value=repr(text))) from None
    return value


def experiment_options(p: argparse.ArgumentParser, seconds: Any, megabytes: Any) -> None:
    """The options of ``logo experiment`` (the command line's checkers of a time and a
    memory limit given)."""
    number = _count
    p.add_argument("lesson", help="a lesson file, or a shipped lesson's name")
    p.add_argument("--vary", action="append", default=[], metavar="NAME=VALUES",
                   help="a slider's values: NAME=V1,V2,... or NAME=FROM..TO:STEP (repeatable)")
    p.add_argument("--named", default=None, metavar="NAME",
                   help="the experiment the lesson describes under NAME")
    p.add_argument("--repeat", type=number, default=None, metavar="K",
                   help="runs of each combination, each with its own seed (default 1)")
    p.add_argument("--run", action="append", default=[], metavar="INSTRUCTIONS",
                   help="instructions run after the lesson's STARTUP (repeatable)")
    p.add_argument("--measure", action="append", default=[], metavar="EXPRESSION",
                   help="a Logo expression printed after each run (repeatable)")
    p.add_argument("--out", default=None, metavar="TABLE",
                   help="the table (.csv or .json); an existing one resumes")
    p.add_argument("--sheet", default=None, metavar="PNG",
                   help="a contact sheet of every run's page")
    p.add_argument("--plot", default=None, metavar="PNG",
                   help="each measure against the first varied slider")
    p.add_argument("--jobs", "-j", type=number, default=None, metavar="N",
                   help="runs at once (default: the number of cores)")
    p.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="a Dask scheduler (tcp://HOST:PORT) to run on")
    p.add_argument("--timeout", type=seconds, default=None, metavar="S",
                   help="time limit per run (default 10 s, as logo check)")
    p.add_argument("--max-memory", type=megabytes, default=None, metavar="MB",
                   help="memory limit per run (default 1024 MB, as logo check)")
    p.add_argument("--sandbox", default=None, metavar="DIR",
                   help="confine every run's file primitives to DIR")


def experiment_of(args: Any) -> Experiment:
    """The experiment the options describe (``--named`` first, the options added)."""
    if args.named:
        from .engine import lesson_file
        from .named import named_experiment

        exp = named_experiment(lesson_file(args.lesson), args.named, args.lesson)
    else:
        exp = Experiment(args.lesson)
    exp.varies += [parse_vary(v) for v in args.vary]
    exp.run += args.run
    exp.measures += args.measure
    for name in ("repeat", "timeout", "max_memory"):
        if getattr(args, name) is not None:
            setattr(exp, name, getattr(args, name))
    if args.sandbox:
        exp.sandbox = os.path.abspath(args.sandbox)
    if not exp.varies:
        raise SpecError(say("experiment.nothing_varied"))
    return exp


def _check_outputs(args: Any) -> None:
    from .table import form_of

    if args.out:
        form_of(args.out)
    for path in (args.sheet, args.plot):
        if path and not path.lower().endswith(".png"):
            raise SpecError(say("experiment.png_only", path=path))
    for path in (args.out, args.sheet, args.plot):  # before any run: a folder that is not
        folder = os.path.dirname(os.path.abspath(path)) if path else ""
        if folder and not os.path.isdir(folder):
            raise SpecError(say("experiment.no_folder", folder=folder, path=path))


def run_command(args: Any) -> int:
    """``logo experiment``: the exit status."""
    from .engine import run_experiment  # lazy: the subcommand's own modules

    try:
        exp = experiment_of(args)
        _check_outputs(args)
        if args.cluster:  # before any run: says how to get distributed if it is missing
            from .cluster import distributed_client

            distributed_client(args.cluster).close()
    except SpecError as exc:
        print(f"logo experiment: {exc}", file=sys.stderr)
        return USAGE_ERROR
    pages = (args.out + ".pages" if args.out else tempfile.mkdtemp(prefix="logo-pages-")
             ) if args.sheet else None
    bar = ProgressBar()
    try:
        results = run_experiment(exp, args.out, pages, args.jobs, args.cluster, bar.update)
        status = _pictures(results, args, len(exp.varies[-1].values) * exp.repeat)
    except SpecError as exc:
        print(f"logo experiment: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except OSError as exc:  # the table (or a page) cannot be written there
        print(say("cli.cant_save", path=args.out or exc.filename,
                  reason=exc.strerror or exc), file=sys.stderr)
        return 1
    finally:
        bar.close()
        if pages and not args.out:
            shutil.rmtree(pages, ignore_errors=True)
    if not args.out:
        from .table import text_of

        sys.stdout.write(text_of(results.rows, results.header, "csv"))
    failed = results.failures()
    print(say("experiment.summary", runs=len(results.rows), ran=results.ran,
              kept=len(results.rows) - results.ran, ok=len(results.rows) - failed,
              failed=failed), file=sys.stderr)
    return status or (1 if failed else 0)


def _pictures(results: Any, args: Any, per_row: int) -> int:
    status = 0
    for path, module in ((args.sheet, "sheet"), (args.plot, "plot")):
        if not path:
            continue
        try:
            if module == "sheet":
                from .sheet import save_sheet

                save_sheet(results, path, per_row)
            else:
                from .plot import save_plot

                save_plot(results, path)
        except OSError as exc:
            print(say("cli.cant_save", path=path, reason=exc.strerror or exc), file=sys.stderr)
            status = 1
    return status


class ProgressBar:
    """The terminal's progress bar (tqdm on the standard error), quiet when that is no
    terminal."""

    def __init__(self) -> None:
        self.bar: Any = None
        self.quiet = not sys.stderr.isatty()

    def update(self, done: int, total: int, failures: int) -> None:
        if self.quiet:
            return
        if self.bar is None:
            from tqdm import tqdm  # lazy: a terminal only

            size = shutil.get_terminal_size((80, 24))  # (a terminal of no size: 80 x 24)
            self.bar = tqdm(total=total, initial=done, unit="run", file=sys.stderr,
                            ncols=max(40, size.columns), nrows=max(2, size.lines),
                            desc=say("experiment.bar"))
        self.bar.n = done
        self.bar.set_postfix_str(say("experiment.failures", failures=failures), refresh=False)
        self.bar.refresh()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
