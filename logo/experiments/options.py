"""The options of ``logo experiment``, registered by the command line's parser (which
builds them for every command: so this module imports nothing but argparse)."""

from __future__ import annotations

import argparse
from typing import Any

from ..messages import text as say


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
