"""Test setup: no window, no sound; and the self-checking Logo files of tests/lgo.

A file ``tests/lgo/**/NAME.lgo`` is a test: it runs in a fresh interpreter and what it
prints must equal its ``; expect: TEXT`` comments, in order (one printed line each).
A ``; expect-error: TEXT`` comment says the run must end with that error message.
Both are read by ``logo check``'s own functions (logo/command_line/check.py).  What tests
share is in tests/support.py; this file only wires fixtures and the collection.
"""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest


def pytest_configure(config):
    """The suite's caches (compiled code, grammar, primitive index, internal log) go to
    a temporary folder of its own, never the user's ``~/.cache``; child processes
    inherit it (tests/support.py's CHILD_ENV is made after this)."""
    import tempfile

    folder = tempfile.mkdtemp(prefix="logo-tests-cache-")
    config._logo_cache_folder = folder
    os.environ["XDG_CACHE_HOME"] = folder
    os.environ.pop("LOGO_CODE_CACHE", None)
    _bytecode_in(os.environ.get("LOGO_TESTS_PYCACHE") or os.path.join(folder, "pyc"))


def _bytecode_in(folder):
    """Python's compiled modules go to ``folder`` (in the suite's temporary folder, never
    the tree), for this process and every child: each of the suite's hundreds of ``python
    -m logo`` children then loads the modules compiled once, not all of them compiled
    again from source (a machine with PYTHONDONTWRITEBYTECODE set: half a second a child)."""
    import sys

    os.environ["LOGO_TESTS_PYCACHE"] = folder  # a child pytest (test_tiers.py) keeps it
    os.environ["PYTHONPYCACHEPREFIX"] = folder
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix = folder
    sys.dont_write_bytecode = False


def pytest_unconfigure(config):
    import shutil
    import sys

    folder = getattr(config, "_logo_cache_folder", None)
    if folder:
        sys.dont_write_bytecode = True  # a module imported after this makes no folder again
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def _own_folders(tmp_path_factory):
    """The folders of the tests' own recovery files: one folder of the session's
    temporary folder, a new subfolder for each test (not each test's ``tmp_path``: making
    one costs a scan of the session's folder, a few ms each for thousands of tests)."""
    return tmp_path_factory.mktemp("own"), itertools.count()


@pytest.fixture(autouse=True)
def _own_recovery_file(_own_folders, monkeypatch):
    """Every test gets its own window recovery file (never the user's)."""
    base, numbers = _own_folders
    folder = base / str(next(numbers))
    folder.mkdir()
    monkeypatch.setenv("LOGO_RECOVERY_FILE", str(folder / "recovery.lgo"))
    monkeypatch.setenv("LOGO_DOCUMENTS", str(folder / "Documents"))  # the learner's folder


@pytest.fixture
def app():
    """A window (SDL's dummy video driver) for one UI test; see tests/ui_driver.py."""
    from logo.ui.app import App
    from tests.ui.ui_driver import SIZE

    a = App(size=SIZE, lang="en")
    yield a
    a.close()


def pytest_collect_file(parent, file_path):
    if file_path.suffix == ".lgo" and "lgo" in file_path.parts and \
            "conformance" not in file_path.parts:
        return LogoFile.from_parent(parent, path=file_path)
    return None


class LogoFile(pytest.File):
    def collect(self):
        yield LogoItem.from_parent(self, name=self.path.stem)


class LogoItem(pytest.Item):
    def runtest(self):
        from logo.command_line.check import expectations, expected_error
        from tests.support import run_logo

        text = self.path.read_text(encoding="utf-8")
        expected, error = expectations(text) or [], expected_error(text)
        ran = run_logo(text, str(self.path))
        if error is None and not ran.ok:
            raise LogoFileFailure(self.path, expected, ran.lines, ran.errors)
        if error is not None and (ran.ok or error not in ran.errors):
            raise LogoFileFailure(self.path, [f"error: {error}"], ran.lines, ran.errors)
        if ran.lines != expected:
            raise LogoFileFailure(self.path, expected, ran.lines, ran.errors)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, LogoFileFailure):
            path, expected, printed, errors = excinfo.value.args
            return (f"{path}\nexpected:\n  " + "\n  ".join(expected) + "\nprinted:\n  "
                    + "\n  ".join(printed) + (f"\nerrors:\n{errors}" if errors else ""))
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"lgo: {self.name}"


class LogoFileFailure(Exception):
    pass
