"""The compiled-code cache (logo/language/code_cache.py): a hit behaves as a compile,
a broken entry is survived and written anew, the off switch and the sandbox keep the
folder untouched, and writers at the same time leave only whole entries."""

from __future__ import annotations

import marshal
import os
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from logo.language import code_cache
from tests.support import run_cli, run_logo

PROGRAM = """to sq :n
output :n * :n
end
to walk :k
repeat :k [make "s :s + sq repcount]
if :k > 3 [(print "big :s)]
end
make "s 0
walk 5
print map [sq ?] [1 2 3]
print (list power 2 70 3.5 "3 (sq 3) = 9 sq 3000000000)
to broken :x
print :x
print first []
end
broken "a
"""
EXPECTED = ["big 55", "1 4 9", "1.18059162071741e+21 3.5 3 true 9e+18", "a"]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: Any) -> Path:
    """A cache folder of this test's own, with no code of this process in memory."""
    place = tmp_path / "code"
    monkeypatch.setenv("LOGO_CODE_CACHE", str(place))
    monkeypatch.setattr(code_cache, "_CACHES", {})
    return place


def fresh_process(monkeypatch: Any) -> code_cache.CodeCache:
    """Forget the in-process table, as a new run would start; that run's cache."""
    monkeypatch.setattr(code_cache, "_CACHES", {})
    return code_cache.cache()


def ran(text: str = PROGRAM) -> tuple[list[str], str]:
    result = run_logo(text, tiers="compile")
    return result.lines, result.errors


def entries(place: Path) -> list[Path]:
    return sorted(place.glob("*" + code_cache.SUFFIX))


def test_a_hit_behaves_as_the_compile_did(folder: Path, monkeypatch: Any) -> None:
    first = ran()
    assert first[0] == EXPECTED and "first doesn't like [] as input" in first[1]
    assert "broken" in first[1]  # the error names its procedure and line
    assert entries(folder) and not list(folder.glob("*.tmp"))
    again = fresh_process(monkeypatch)
    assert ran() == first
    assert again.stats["disk"] > 0 and again.stats["compiled"] == 0
    assert ran() == first and again.stats["memory"] > 0  # the same process: its table


@pytest.mark.parametrize("damage", ["truncated", "garbage", "empty", "foreign", "flipped",
                                    "folder", "link"])
def test_a_broken_entry_is_ignored_and_written_anew(folder: Path, monkeypatch: Any,
                                                    damage: str) -> None:
    first = ran()
    paths = entries(folder)
    good = {p: p.read_bytes() for p in paths}
    for i, path in enumerate(paths):
        data = good[path]
        path.unlink()
        if damage == "truncated":
            path.write_bytes(data[:len(data) // 2])
        elif damage == "garbage":
            path.write_bytes(os.urandom(len(data)))
        elif damage == "empty":
            path.write_bytes(b"")
        elif damage == "foreign":  # another entry's whole, valid file
            path.write_bytes(good[paths[(i + 1) % len(paths)]] if len(paths) > 1 else b"x")
        elif damage == "flipped":  # one byte of the body changed
            path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
        elif damage == "folder":
            path.mkdir()
        else:
            path.symlink_to(folder / "elsewhere")
    again = fresh_process(monkeypatch)
    assert ran() == first
    assert again.stats["disk"] == 0 and again.stats["compiled"] > 0
    if damage not in ("folder",):
        assert {p: p.read_bytes() for p in entries(folder)} == good  # rewritten


def test_a_fifo_at_an_entry_does_not_block(folder: Path, monkeypatch: Any) -> None:
    first = ran()
    path = entries(folder)[0]
    path.unlink()
    os.mkfifo(path)
    fresh_process(monkeypatch)
    assert ran() == first


def test_an_unwritable_folder_compiles_as_before(tmp_path: Path, monkeypatch: Any) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("LOGO_CODE_CACHE", str(blocker / "code"))
    store = fresh_process(monkeypatch)
    assert ran()[0] == EXPECTED
    assert store.stats["compiled"] > 0 and not store.usable and blocker.read_text() == "not a folder"


@pytest.mark.parametrize("setting", ["off", "0", "no", "FALSE"])
def test_the_off_switch_leaves_no_folder(tmp_path: Path, monkeypatch: Any,
                                         setting: str) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("LOGO_CODE_CACHE", setting)
    store = fresh_process(monkeypatch)
    assert store.folder is None
    assert ran()[0] == EXPECTED
    assert ran()[0] == EXPECTED and store.stats["disk"] == 0
    assert not list(tmp_path.rglob("*" + code_cache.SUFFIX))


def test_the_default_folder_is_in_the_cache_folder(tmp_path: Path) -> None:
    from tests.support import CHILD_ENV

    env = dict(CHILD_ENV, XDG_CACHE_HOME=str(tmp_path), LOGO_TIERS="compile")
    env.pop("LOGO_CODE_CACHE", None)
    text = "to tri :n\noutput :n * 3\nend\nprint tri 4"
    done = run_cli("run", "-e", text, env=env)
    assert done.stdout.split() == ["12"], done.stderr
    tag = sys.implementation.cache_tag
    assert entries(tmp_path / "logo-microworlds" / f"code-{tag}")
    other = tmp_path / "other"
    off = run_cli("run", "-e", text, env=dict(env, LOGO_CODE_CACHE="off", XDG_CACHE_HOME=str(other)))
    assert off.stdout.split() == ["12"] and not list(other.rglob("*" + code_cache.SUFFIX))


def test_a_sandboxed_program_leaves_no_entry(folder: Path, monkeypatch: Any,
                                             tmp_path: Path) -> None:
    first = run_logo(PROGRAM, tiers="compile", sandbox=str(tmp_path))
    assert first.lines == EXPECTED
    kept = [marshal.loads(p.read_bytes()[code_cache.HEADER:]) for p in entries(folder)]
    assert all(code.co_filename.startswith("<logo caller") for code in kept)  # Logo's own


def test_writers_at_the_same_time_leave_whole_entries(folder: Path) -> None:
    sources = [f"def body(I, V):\n    return {n} + {n}\n" for n in range(40)]
    stores = [code_cache.CodeCache(str(folder)) for _ in range(8)]
    failures: list[BaseException] = []

    def write(store: code_cache.CodeCache) -> None:
        try:
            for source in sources * 3:
                assert store.code(source, "<logo list>").co_filename == "<logo list>"
                store.memory.clear()  # every round from the folder again
        except BaseException as exc:  # (reported below)
            failures.append(exc)

    threads = [threading.Thread(target=write, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures
    assert len(entries(folder)) == len(sources) and not list(folder.glob("*.tmp"))
    reader = code_cache.CodeCache(str(folder))
    for source in sources:
        namespace: dict[str, Any] = {}
        exec(reader.code(source, "<logo list>"), namespace)
        assert namespace["body"](None, None) == 2 * int(source.split()[-1])
    assert reader.stats["disk"] == len(sources)


def test_processes_at_the_same_time(tmp_path: Path) -> None:
    """Four ``logo run`` of one program at once, on one empty folder."""
    import subprocess

    from tests.support import CHILD_ENV, ROOT

    program = tmp_path / "p.lgo"
    program.write_text(PROGRAM, encoding="utf-8")
    env = dict(CHILD_ENV, LOGO_CODE_CACHE=str(tmp_path / "code"), LOGO_TIERS="compile")
    children = [subprocess.Popen([sys.executable, "-m", "logo", "run", str(program)], cwd=ROOT,
                                 env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True) for _ in range(4)]
    outputs = [child.communicate(timeout=120) for child in children]
    for out, _ in outputs:
        assert out.split("\n")[:4] == EXPECTED
    assert entries(tmp_path / "code") and not list((tmp_path / "code").glob("*.tmp"))
    again = subprocess.run([sys.executable, "-m", "logo", "run", str(program)], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=120)
    assert again.stdout == outputs[0][0] and again.stderr == outputs[0][1]


def test_the_folder_is_pruned_least_recently_used_first(tmp_path: Path) -> None:
    store = code_cache.CodeCache(str(tmp_path))
    for n in range(20):
        store.code(f"x = {n}\n", "<logo list>")
        os.utime(store.path(code_cache.entry_key(f"x = {n}\n", "<logo list>")), (n, n))
    (tmp_path / ".dead.1.0.tmp").write_bytes(b"half")
    os.utime(tmp_path / ".dead.1.0.tmp", (0, 0))
    assert code_cache.prune(str(tmp_path), full=False, max_entries=30) == 0
    code_cache.prune(str(tmp_path), max_entries=10)
    left = {p.name for p in entries(tmp_path)}
    assert len(left) == 7 and not (tmp_path / ".dead.1.0.tmp").exists()
    newest = {code_cache.entry_key(f"x = {n}\n", "<logo list>").hex() + code_cache.SUFFIX
              for n in range(13, 20)}
    assert left == newest


def test_a_key_names_text_file_name_and_python() -> None:
    key = code_cache.entry_key("x = 1\n", "<logo a>")
    assert key != code_cache.entry_key("x = 2\n", "<logo a>")
    assert key != code_cache.entry_key("x = 1\n", "<logo b>")
    assert len(key) == code_cache.KEY_BYTES


def test_a_folder_among_the_shipped_files_is_never_written(monkeypatch: Any) -> None:
    from tests.support import ROOT

    inside = ROOT / "logo" / "language" / "code-cache-of-a-test"
    monkeypatch.setenv("LOGO_CODE_CACHE", str(inside))
    store = fresh_process(monkeypatch)
    assert ran()[0] == EXPECTED
    assert store.stats["compiled"] > 0 and not store.usable and not inside.exists()
