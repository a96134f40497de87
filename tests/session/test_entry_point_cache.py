"""The entry points kept between runs (logo/session/entry_point_cache.py): a second run
reads them without importlib.metadata, and a distribution installed or removed on a
folder of sys.path, a changed file or the off switch is seen at once."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.session.test_extensions import _kites_package
from tests.support import CHILD_ENV, ROOT, run_python

ASK = ("import json, sys; from logo.session import extensions as e; "
       "found = sorted(e.discover()); lessons = e.entries(e.LESSONS); "
       "print(json.dumps([found, lessons, 'importlib.metadata' in sys.modules]))")


def ask(cache: Path, plugins: Path, **more: str) -> tuple[list[str], list, bool]:
    env = {name: value for name, value in CHILD_ENV.items() if name != "LOGO_CODE_CACHE"}
    env.update(XDG_CACHE_HOME=str(cache), PYTHONPATH=os.pathsep.join([str(plugins), str(ROOT)]),
               **more)
    done = run_python("-c", ASK, env=env)
    assert done.returncode == 0, done.stderr
    found, lessons, metadata = json.loads(done.stdout)
    return found, lessons, metadata


def kept(cache: Path) -> Path:
    return cache / "logo-microworlds" / "entry-points.txt"


def test_a_second_run_reads_the_entries_kept(tmp_path: Path) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    first = ask(tmp_path, plugins)
    assert {"cat", "lsystem", "muscle"} <= set(first[0]) and first[2]
    assert kept(tmp_path).is_file()
    second = ask(tmp_path, plugins)
    assert second[:2] == first[:2] and not second[2]  # (no importlib.metadata)


def test_a_distribution_installed_or_removed_is_seen(tmp_path: Path) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    assert "kites" not in ask(tmp_path, plugins)[0]
    _kites_package(plugins)
    found, _, metadata = ask(tmp_path, plugins)
    assert "kites" in found and metadata
    for path in sorted((plugins / "kites-0.1.dist-info").iterdir()):
        path.unlink()
    (plugins / "kites-0.1.dist-info").rmdir()
    assert "kites" not in ask(tmp_path, plugins)[0]


def test_a_broken_file_or_the_off_switch(tmp_path: Path) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    good = ask(tmp_path, plugins)
    text = kept(tmp_path).read_text(encoding="utf-8")
    kept(tmp_path).write_text(text[:len(text) // 2], encoding="utf-8")  # cut short
    assert ask(tmp_path, plugins) == good
    assert kept(tmp_path).read_text(encoding="utf-8") == text  # written anew
    off = tmp_path / "off"
    assert ask(off, plugins, LOGO_CODE_CACHE="off")[:2] == good[:2]
    assert not kept(off).exists()
