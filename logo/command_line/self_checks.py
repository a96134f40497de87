"""A learner's file checks itself (``logo check``): ``; expect: TEXT`` comments (one
printed line each, in order), an ``; expect-error: TEXT`` comment (the run must end with
that error) and ASSERT.  The file is read by the ``logo run`` that runs it, under its
limits, and that process hands these lines to the checker (:func:`report_checks`).
The test kit reads tests/lgo's files with the same two functions.
"""

from __future__ import annotations

import contextlib
import os


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


CHECK_REPORT = "LOGO_CHECK_REPORT"  # the descriptor ``logo check`` reads a file's checks on


def report_checks(text: str) -> None:
    """Under ``logo check``: the file's ``; expect:`` and ``; expect-error:`` lines, as
    JSON on the descriptor the checker gave (read here, in the child, under its limits);
    the descriptor is closed after, so the program itself cannot write to it."""
    fd = os.environ.pop(CHECK_REPORT, None)
    if not fd:
        return
    import json  # lazy: logo check only

    data = json.dumps({"expect": expectations(text), "error": expected_error(text)})
    with contextlib.suppress(OSError, ValueError), os.fdopen(int(fd), "w") as out:
        out.write(data)
