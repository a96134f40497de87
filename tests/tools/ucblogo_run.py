#!/usr/bin/env python3
"""Run a Logo file under UCBLogo 6.2.2 and print what it printed: the reference that the
goldens of tests/conformance, tests/corpus and tests/differential are captured from.

Usage::

    python3 tests/tools/ucblogo_run.py FILE.lgo      # exit 124 when UCBLogo did not finish

Needs UCBLogo (``LOGO_UCBLOGO`` names the program, else ``ucblogo`` on the PATH; Debian:
``apt-get install ucblogo xvfb``) and an X display: ``DISPLAY`` (e.g. a running
``Xvfb :99``, fast and parallel-safe), else each run starts one with ``xvfb-run -a``.
UCBLogo prints only into its own window, so the file is wrapped in ``openwrite``/``setwrite``
... ``close``/``bye`` and the captured text is printed.

What to know about UCBLogo 6.2.2 when writing cases:

- an uncaught error leaves it waiting at its prompt (the run then times out, exit 124):
  test errors as ``catch "error [...] print item 2 error``;
- ``stop`` inside ``repeat`` at top level skips the rest of the file (avoid it in cases);
- the unknown-procedure message has two spaces: "I don't know how  to foo";
- ``sqrt -1`` prints -nan, ``ln 0`` prints -inf (no error).

``UCB_TIMEOUT`` (seconds, default 20) bounds one run; UCBLogo's window sometimes dies at
start-up, so a run that leaves no output is tried three times.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TIMED_OUT = 124


def ucblogo() -> str | None:
    """The UCBLogo program: ``LOGO_UCBLOGO``, else ``ucblogo`` on the PATH."""
    return shutil.which(os.environ.get("LOGO_UCBLOGO", "ucblogo"))


def missing() -> str | None:
    """What is missing to run UCBLogo here (None when nothing is)."""
    if ucblogo() is None:
        return "no ucblogo on the PATH (or set LOGO_UCBLOGO)"
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run") is None:
        return "no X display: set DISPLAY or install xvfb-run"
    return None


def _command(program: Path) -> list[str]:
    exe = ucblogo()
    assert exe is not None, missing()
    if os.environ.get("DISPLAY"):
        return [exe, str(program)]
    return ["xvfb-run", "-a", exe, str(program)]


def run_file(path: str | Path, timeout: float | None = None, attempts: int = 3
             ) -> tuple[int, str]:
    """(exit status, printed text) of the Logo file under UCBLogo; 124 when it did not
    finish in ``timeout`` seconds (an uncaught error leaves it at its prompt)."""
    timeout = timeout or float(os.environ.get("UCB_TIMEOUT", "20"))
    with tempfile.TemporaryDirectory(prefix="ucblogo-") as tmp:
        out, program = Path(tmp) / "out.txt", Path(tmp) / "prog.lg"
        program.write_text(f'openwrite "{out}\nsetwrite "{out}\n'
                           + Path(path).read_text(encoding="utf-8")
                           + f'\nsetwrite []\nclose "{out}\nbye\n', encoding="utf-8")
        rc = 1
        for _ in range(attempts):
            out.unlink(missing_ok=True)
            try:
                rc = subprocess.run(_command(program), stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    timeout=timeout).returncode
            except subprocess.TimeoutExpired:
                rc = TIMED_OUT
            if out.exists() or rc == TIMED_OUT:
                break
        if not out.exists():
            return (rc or 1), ""
        return rc, out.read_text(encoding="utf-8", errors="replace")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    why = missing()
    if why:
        print(f"ucblogo_run: {why}", file=sys.stderr)
        return 2
    rc, text = run_file(argv[0])
    sys.stdout.write(text)
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
