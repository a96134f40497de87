"""What every test needs, in one place: run Logo and look at what it printed, its errors
and its page; run the command line; read a PNG; compare with a golden.

- ``run_logo(text)`` runs Logo text in a fresh interpreter (or a given one) and gives a
  ``Ran``: ``printed`` (what PRINT and SHOW wrote), ``errors`` (the error reports),
  ``output`` (both, in order, as a terminal shows them), ``lines``, ``words``, ``ok``,
  ``world`` and ``pixels`` (the turtle page).  ``run_ok(text)`` (or ``check=True``) fails
  the test when the text ends with an uncaught error.
- ``run_cli("run", "-e", "print 1")`` runs ``python -m logo ...`` in a child process of this
  tree (no window, no sound); ``run_python(...)`` runs any other Python child alike.
- ``read_png(path)`` and ``write_png(path, pixels)``: a page as an (height, width, 3) array.
- ``compare_golden_text`` and ``compare_golden_picture`` compare with a golden file. A
  missing golden fails the test; ``LOGO_REGEN_GOLDENS=1 python -m pytest ...`` writes the
  goldens instead (look at them, then commit).  A picture that differs leaves the actual
  page and a diff (changed pixels in red) in ``$TMPDIR/logo-golden/``.

Goldens of UCBLogo's own output (``tests/conformance``, ``tests/corpus``,
``tests/differential``) are never regenerated here: they come from UCBLogo through
``tests/tools/ucblogo_run.py``.
"""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
GOLDEN = TESTS / "golden"
FIXTURES = TESTS / "fixtures"
REGENERATE = "LOGO_REGEN_GOLDENS"
FAILED = Path(tempfile.gettempdir()) / "logo-golden"

# a child process runs this tree's logo (also from another folder), headless, silent and
# in English (the locale picks Logo's language: ``dict(CHILD_ENV, LANG="ru_RU.UTF-8")``)
CHILD_ENV = {name: value for name, value in os.environ.items()
             if name not in ("LC_ALL", "LC_MESSAGES")}
CHILD_ENV.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                 LANG="C.UTF-8", PYTHONPATH=os.pathsep.join(
                     filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))


# --- running Logo ---------------------------------------------------------------------
@dataclass
class Ran:
    """What one run of Logo text left: the interpreter, its host, and whether it ran to
    the end without an uncaught error."""

    interp: Any
    ok: bool

    @property
    def host(self) -> Any:
        return self.interp.host

    @property
    def printed(self) -> str:
        """What the program printed, without the error reports."""
        return "".join(c for c in self.host.chunks if c not in self.host.errors)

    @property
    def errors(self) -> str:
        return "".join(self.host.errors)

    @property
    def output(self) -> str:
        """Printed text and error reports in order, as ``logo run`` shows them."""
        return self.host.output

    @property
    def lines(self) -> list[str]:
        """The printed lines, trailing spaces removed."""
        return [line.rstrip() for line in self.printed.splitlines()]

    @property
    def words(self) -> list[str]:
        return self.printed.split()

    @property
    def world(self) -> Any:
        return self.interp.world

    @property
    def pixels(self) -> Any:
        """The turtle page: an (height, width, 3) array of uint8."""
        return self.interp.world.page.pixels


def new_interpreter(**options: Any) -> Any:
    """A fresh interpreter printing into memory (``BufferHost``); ``options`` go to
    ``Interpreter`` (``registry``, ``max_depth`` ...)."""
    from logo.session.host import BufferHost
    from logo.session.interpreter import Interpreter

    return Interpreter(host=BufferHost(), **options)


def run_logo(text: str, filename: str = "test.lgo", *, interp: Any = None,
             check: bool = False, sandbox: str | None = None, **options: Any) -> Ran:
    """Run Logo text as ``logo run`` does, in ``interp`` or a fresh interpreter.
    ``check``: fail the test when the text ends with an uncaught error."""
    interp = interp if interp is not None else new_interpreter(**options)
    if sandbox is not None:
        interp.sandbox = sandbox
    ran = Ran(interp, interp.run_source(text, filename))
    if check and not ran.ok:
        pytest.fail(f"Logo stopped with an error:\n{ran.errors}\nafter printing:\n{ran.printed}")
    return ran


def compiled_sources(monkeypatch: Any, text: str, prefix: str = "def body(",
                     **options: Any) -> tuple[Ran, list[str]]:
    """``text`` run compiled (``tiers="compile"``), and the Python text of each body the
    compiler made that starts with ``prefix`` (``""``: every text it compiled)."""
    from logo.language import compiler as compiler_module

    made: list[str] = []
    real = compiler_module.compile_code

    def spy(source: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(source, str) and source.startswith(prefix):
            made.append(source)
        return real(source, *args, **kwargs)

    monkeypatch.setattr(compiler_module, "compile_code", spy)
    return run_logo(text, tiers="compile", **options), made


def run_in_both_tiers(text: str, **options: Any) -> Ran:
    """``text`` run as ``logo run`` runs it, compiled (``tiers="compile"``) and
    interpreted: the same printed text and the same errors; the compiled run."""
    compiled = run_logo(text, tiers="compile", **options)
    interpreted = run_logo(text, tiers="interpret", **options)
    assert compiled.printed == interpreted.printed, (compiled.printed, interpreted.printed)
    assert compiled.errors == interpreted.errors, (compiled.errors, interpreted.errors)
    return compiled


def in_both_tiers(text: str, then: str = "", *, lines: Sequence[str] = (),
                  compiled: Callable[[Any], object] | None = None, **options: Any) -> str:
    """What ``text`` and then ``then`` print (errors included), compiled
    (``tiers="compile"``) and interpreted: the same, and no frame left after either run.
    ``lines``: what READLIST and friends read; ``compiled(interp)`` looks at the compiled
    run's interpreter after ``text`` (which procedures became direct ...)."""
    from logo.session.host import BufferHost
    from logo.session.interpreter import Interpreter

    outputs = []
    for tiers in ("compile", "interpret"):
        host = BufferHost(list(lines))
        interp = Interpreter(host, tiers=tiers, **options)
        interp.run_source(text)
        if tiers == "compile" and compiled is not None:
            compiled(interp)
        interp.run_source(then)
        outputs.append(host.output)
        assert not interp.frames
    assert outputs[0] == outputs[1]
    return outputs[0]


TIERS = ("interpret", "compile", "auto")  # the LOGO_TIERS settings a self-check runs under


def checks_itself(path: Path, tiers: str) -> None:
    """Run the self-checking Logo file ``path`` under ``tiers``: it ends with no uncaught
    error and prints its ``; expect:`` lines (what UCBLogo printed; it must have some)."""
    from logo.command_line.self_checks import expectations

    text = path.read_text(encoding="utf-8")
    expected = expectations(text)
    assert expected, f"{path.name} has no ; expect: lines"
    ran = run_logo(text, str(path), tiers=tiers)
    assert ran.ok, ran.errors
    assert ran.lines == expected


def run_ok(text: str, filename: str = "test.lgo", **options: Any) -> Ran:
    """``run_logo`` that fails the test when the text ends with an uncaught error."""
    return run_logo(text, filename, check=True, **options)


# --- running the command line -----------------------------------------------------------
def run_python(*args: str, stdin: str | None = None, cwd: str | Path | None = ROOT,
               timeout: float = 60, env: dict[str, str] | None = None
               ) -> subprocess.CompletedProcess:
    """``python ARGS...`` in a child process of this tree; text in and out."""
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env or CHILD_ENV,
                          capture_output=True, text=True, timeout=timeout, input=stdin,
                          stdin=subprocess.DEVNULL if stdin is None else None)


def run_cli(*args: str, module: str = "logo", **options: Any) -> subprocess.CompletedProcess:
    """``python -m logo ARGS...`` (or another module's command line) in a child process;
    ``stdin``, ``cwd``, ``timeout`` and ``env`` as for ``run_python``."""
    return run_python("-m", module, *args, **options)


# --- pictures -------------------------------------------------------------------------
def read_png(path: str | Path) -> Any:
    """A PNG file (ours, or any other: a screenshot) as an (height, width, 3) uint8 array."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import numpy as np
    import pygame

    surface = pygame.image.load(str(path))
    return np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2))


def write_png(path: str | Path, pixels: Any) -> None:
    """Save an (height, width, 3) array as the page's PNG writer does."""
    import numpy as np

    from logo.turtle.export import write_png as export_png

    Path(path).parent.mkdir(parents=True, exist_ok=True)
    export_png(str(path), np.ascontiguousarray(pixels, np.uint8))


# --- goldens --------------------------------------------------------------------------
def regenerating() -> bool:
    """Whether this run writes the goldens (``LOGO_REGEN_GOLDENS=1``) instead of checking."""
    return os.environ.get(REGENERATE, "") not in ("", "0")


def _golden_to_compare(path: Path, write: Callable[[Path], object]) -> bool:
    """True when ``path`` is to be compared with; when regenerating, write it instead.
    A missing golden fails the test."""
    if regenerating():
        path.parent.mkdir(parents=True, exist_ok=True)
        write(path)
        return False
    if not path.exists():
        pytest.fail(f"no golden {path}: make it with {REGENERATE}=1 python -m pytest ..., "
                    "look at it, commit it")
    return True


def compare_golden_text(path: Path, text: str,
                        differs: Callable[[str, str], str | None] | None = None) -> None:
    """The text must equal the golden file's; ``differs(golden, text)`` may judge instead
    (a message when they differ too much, None when they are alike enough)."""
    if not _golden_to_compare(path, lambda p: p.write_text(text, encoding="utf-8")):
        return
    want = path.read_text(encoding="utf-8")
    if differs is not None:
        message = differs(want, text)
    elif want == text:
        message = None
    else:
        delta = difflib.unified_diff(want.splitlines(True), text.splitlines(True),
                                     "golden", "actual", n=1)
        message = "".join(list(delta)[:40])
    if message:
        pytest.fail(f"{path.name} differs from its golden {path}:\n{message}")


def compare_golden_picture(path: Path, pixels: Any, *, allowed: int = 0,
                           records: str | None = None) -> None:
    """The page must match the golden PNG except for at most ``allowed`` pixels (lines
    may shift a pixel where floats round differently); ``records``, a text account of
    the drawing, must equal ``NAME.records.txt`` beside it."""
    import numpy as np

    records_path = path.with_suffix(".records.txt")
    if _golden_to_compare(path, lambda p: write_png(p, pixels)):
        expected = read_png(path)
        assert expected.shape == pixels.shape, f"{path.name}: page {pixels.shape} != {expected.shape}"
        changed = (expected != pixels).any(axis=2)
        if changed.sum() > allowed:
            name = f"{path.parent.name}-{path.stem}"
            actual, diff = FAILED / f"{name}.actual.png", FAILED / f"{name}.diff.png"
            write_png(actual, pixels)
            faded = (expected // 3 + 170).astype(np.uint8)
            faded[changed] = (255, 0, 0)
            write_png(diff, faded)
            pytest.fail(f"{path.stem}: {changed.sum()} pixels differ (allowed {allowed}); "
                        f"actual: {actual}  diff: {diff}  golden: {path}")
    if records is not None:
        compare_golden_text(records_path, records)


# --- UCBLogo's goldens ------------------------------------------------------------------
def normalized(text: str) -> str:
    """Printed text as it is compared with UCBLogo's: no trailing blanks on a line, no
    blank lines at the end, ``\n`` line ends."""
    lines = [line.rstrip(" \t") for line in text.replace("\r\n", "\n").split("\n")]
    return "\n".join(lines).rstrip()


def known_list(path: Path, reason: str) -> dict[str, str]:
    """The ``name  reason`` lines of a list of known differences (``#`` starts a comment
    line; a name alone gets ``reason``)."""
    known: dict[str, str] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                name, *why = line.split(None, 1)
                known[name.removesuffix(".lgo")] = why[0].strip() if why else reason
    return known


# --- outside tools --------------------------------------------------------------------
def ucblogo_or_skip() -> Callable[..., tuple[int, str]]:
    """UCBLogo's runner (``tests/tools/ucblogo_run.run_file``), or skip the test saying
    what is missing (UCBLogo is an optional outside tool)."""
    from tests.tools import ucblogo_run

    missing = ucblogo_run.missing()
    if missing:
        pytest.skip(f"UCBLogo is not available: {missing}")
    return ucblogo_run.run_file


# --- the reader -------------------------------------------------------------------------
def datum_shape(x: Any) -> Any:
    """A datum as nested tuples: each list with its source position, each word its type
    (to compare two ways of reading a text)."""
    from logo.language.values import LogoArray, LogoList

    if isinstance(x, LogoList):
        return ("list", x.src, tuple(datum_shape(i) for i in x))
    if isinstance(x, LogoArray):
        return ("array", x.origin, tuple(datum_shape(i) for i in x))
    return (type(x).__name__, str(x))


def read_shapes(text: str, blank: bool) -> Any:
    """The shapes of a text's lines as ``read_lines`` reads them, or its error's kind and
    line (a LogoError: the same kind either way)."""
    from logo.language.reader import read_lines

    try:
        return [datum_shape(line) for line in read_lines(text, "f", blank)]
    except Exception as err:
        return ("error", getattr(err, "kind", repr(err)), getattr(err, "lineno", None))


def calls_counted(monkeypatch: Any, owner: Any, name: str) -> list[int]:
    """Count the calls of ``owner.name`` for the rest of the test (``[count]``); each
    call still does what it did."""
    count = [0]
    real = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(owner, name, counted)
    return count


@contextmanager
def stop_when(interp: Any, ready: Callable[[], Any]) -> Iterator[None]:
    """Run the block while another thread waits for ``ready()`` (the long work has
    begun: a slot filled, a frame entered, a line printed) and then asks ``interp`` to
    stop: never a fixed delay, which a fast machine could outrun."""
    done = threading.Event()

    def stop_once_ready() -> None:
        while not done.is_set() and not ready():
            done.wait(0.001)
        interp.request_stop()

    stopper = threading.Thread(target=stop_once_ready, daemon=True)
    stopper.start()
    try:
        yield
    finally:
        done.set()
        stopper.join()
