"""``logo experiment LESSON --vary NAME=VALUES ... [--measure EXPR ...]``: what it does
(its options are in ``options.py``, which the command line's parser registers).

The table goes to ``--out`` (CSV or JSON; an existing one resumes) or, without it, to
the standard output as CSV.  A progress bar (tqdm: runs done / total, failures, time
left) shows on a terminal and nowhere else.  The exit status: 0 when every run was ok,
1 when one failed (its row says how), 2 a usage error.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from typing import Any

from ..messages import text as say
from .spec import Experiment, SpecError, parse_vary

USAGE_ERROR = 2


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
