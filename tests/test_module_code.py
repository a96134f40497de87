"""Byte-code of Logo's own modules where Python keeps none (logo/module_code.py): a
package's modules compiled once, then read from the folder; a changed source compiled
again; a corrupt entry, a link or a FIFO ignored; nothing written beside the sources; ``keep``
only where Python writes no byte-code and the cache is not off; and ``logo`` itself,
started twice with PYTHONDONTWRITEBYTECODE, compiling its modules only the first time."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import pytest

from logo import module_code
from tests.support import CHILD_ENV, ROOT, run_cli


@pytest.fixture
def probe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A package ``kept_probe`` (its module ``mod``) whose code is kept in a folder,
    Python writing no byte-code: (the source of mod, the folder, the compiles seen)."""
    root, folder = tmp_path / "src", tmp_path / "kept"
    (root / "kept_probe").mkdir(parents=True)
    (root / "kept_probe" / "__init__.py").write_text("", encoding="utf-8")
    source = root / "kept_probe" / "mod.py"
    source.write_text("VALUE = 1\n", encoding="utf-8")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setattr(sys, "meta_path", [module_code.KeptModules(str(folder), "kept_probe"),
                                           *sys.meta_path])
    compiled: list[str] = []
    real = module_code.KeptLoader.source_to_code

    def counted(self, data, path, **kw):
        compiled.append(os.path.basename(path))
        return real(self, data, path, **kw)

    monkeypatch.setattr(module_code.KeptLoader, "source_to_code", counted)
    yield source, folder, compiled
    for name in ("kept_probe.mod", "kept_probe"):
        sys.modules.pop(name, None)


def _value() -> int:
    sys.modules.pop("kept_probe.mod", None)
    importlib.invalidate_caches()
    return importlib.import_module("kept_probe.mod").VALUE


def test_a_module_is_compiled_once_then_read(probe) -> None:
    source, folder, compiled = probe
    assert _value() == 1 and compiled == ["mod.py"]
    assert [p.name.split("-")[0] for p in folder.iterdir()] == ["kept_probe.mod"]
    assert _value() == 1 and compiled == ["mod.py"]  # (read from the folder)
    assert not (source.parent / "__pycache__").exists()


def test_a_changed_source_is_compiled_again(probe) -> None:
    source, _folder, compiled = probe
    assert _value() == 1
    source.write_text("VALUE = 22\n", encoding="utf-8")
    assert _value() == 22 and compiled == ["mod.py", "mod.py"]
    assert _value() == 22 and len(compiled) == 2


@pytest.mark.parametrize("spoil", ["garbage", "short", "link", "fifo"])
def test_a_spoilt_entry_is_compiled_and_written_anew(probe, tmp_path: Path, spoil: str) -> None:
    _source, folder, compiled = probe
    assert _value() == 1
    (entry,) = folder.iterdir()
    data = entry.read_bytes()
    entry.unlink()
    if spoil == "garbage":
        entry.write_bytes(data[:-40] + b"\xff" * 40)
    elif spoil == "short":
        entry.write_bytes(data[:30])
    elif spoil == "link":
        (tmp_path / "elsewhere.pyc").write_bytes(data)
        entry.symlink_to(tmp_path / "elsewhere.pyc")
    else:  # (never waited on: a start would hang)
        os.mkfifo(entry)
    assert _value() == 1 and len(compiled) == 2
    assert not entry.is_symlink() and entry.is_file() and entry.read_bytes() == data
    assert _value() == 1 and len(compiled) == 2


def test_keep_only_where_python_keeps_no_byte_code(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    assert not module_code.keep()
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setenv("LOGO_CODE_CACHE", "off")
    assert not module_code.keep()
    monkeypatch.delenv("LOGO_CODE_CACHE")
    assert module_code.keep() and not module_code.keep()  # (once)
    (finder,) = [f for f in sys.meta_path if isinstance(f, module_code.KeptModules)]
    assert finder.folder == str(tmp_path / "logo-microworlds" / "code-cpython-311" / "modules") \
        or sys.implementation.cache_tag != "cpython-311"
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path[1:]))
    monkeypatch.setenv("LOGO_CODE_CACHE", str(tmp_path / "elsewhere"))
    assert module_code.keep() and sys.meta_path[0].folder == str(tmp_path / "elsewhere" / "modules")


def test_logo_started_twice_compiles_its_modules_once(tmp_path: Path) -> None:
    if (ROOT / "logo" / "language" / "__pycache__").exists():
        pytest.skip("this checkout keeps Python's byte-code beside the sources")
    env = {k: v for k, v in CHILD_ENV.items() if k != "PYTHONPYCACHEPREFIX"}
    env.update(PYTHONDONTWRITEBYTECODE="1", XDG_CACHE_HOME=str(tmp_path))
    first = run_cli("run", "-e", "print 3 + 4", env=env)
    assert (first.returncode, first.stdout) == (0, "7\n"), first.stderr
    (folder,) = (tmp_path / "logo-microworlds").glob("code-*/modules")
    kept = {p.name: p.stat().st_ino for p in folder.iterdir()}
    assert any(name.startswith("logo.session.interpreter-") for name in kept)
    second = run_cli("run", "-e", "print 3 + 4", env=env)
    assert (second.returncode, second.stdout) == (0, "7\n"), second.stderr
    assert {p.name: p.stat().st_ino for p in folder.iterdir()} == kept  # (none written again)
    assert not (ROOT / "logo" / "language" / "__pycache__").exists()
