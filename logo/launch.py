"""The ``logo`` command's start: where Python keeps no byte-code, Logo's own modules'
code kept first (``module_code``), then the command itself (``command_line.main``)."""

from __future__ import annotations


def main() -> int:
    """The ``logo`` command (its exit status)."""
    from .module_code import keep

    keep()
    from .command_line.main import main as command

    return command()
