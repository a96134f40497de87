"""argparse's help formatters, as wide as the terminal, found as
``shutil.get_terminal_size`` finds it without importing shutil: argparse asks the width
at every ``add_argument`` (to check it), and shutil, with its compression modules, cost
every start of ``logo`` about 1.5 ms."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any


def _columns() -> int:
    """The terminal's columns as ``shutil.get_terminal_size().columns``: COLUMNS when it
    is a positive number, else the terminal's (standard output's), else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class Help(argparse.HelpFormatter):
    """argparse's help formatter, as wide as the terminal (found without shutil)."""

    def __init__(self, prog: str, **kwargs: Any) -> None:
        kwargs.setdefault("width", _columns() - 2)  # (what argparse's own would take)
        super().__init__(prog, **kwargs)


class RawHelp(Help, argparse.RawDescriptionHelpFormatter):
    """The description and epilog as written (argparse's RawDescriptionHelpFormatter)."""
