"""The registry loads a chapter module when a program first names one of its primitives
(issue 15: start-up time), from an index kept in the cache folder; what it answers is
what the registry built in full answers, and a stale index is never used."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from logo.primitives import registry_index
from logo.primitives.name_tables import load_russian_names
from logo.primitives.registry import CHAPTERS, Registry, build_registry

ROOT = Path(__file__).resolve().parents[2]
MODULES = [module for module, _ in CHAPTERS]


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path


def full() -> Registry:
    import importlib

    reg = Registry()
    for module, chapter in CHAPTERS:
        reg.add_module(importlib.import_module(f"logo.primitives.{module}"), chapter)
    reg.add_russian(load_russian_names())
    return reg


def described(reg: Registry) -> dict[str, tuple]:
    return {name: (spec.name, spec.chapter, tuple(spec.russian))
            for name, spec in reg.by_name.items()}


def test_the_first_registry_makes_the_index_and_the_next_one_uses_it(cache):
    first = build_registry()
    assert first._index is None and Path(registry_index.index_path()).is_file()
    lazy = build_registry()
    assert lazy._index is not None  # nothing imported from the index yet
    english, russian = lazy.get("print"), lazy.get("пиши")
    assert english is not None and english.name == "print"
    assert russian is not None and russian.name == "print"  # a ЛогоМиры name
    assert lazy.get("no.such.name") is None and lazy.get("nosuchname") is None


def test_a_lazy_registry_answers_as_the_full_one(cache):
    build_registry()
    expected = full()
    lazy = build_registry()
    for name, spec in expected.by_name.items():  # one name at a time, in any order
        assert lazy.get(name) is spec, name
    assert described(lazy) == described(expected)
    other = build_registry()
    assert [s.name for s in other.specs] == [s.name for s in expected.specs]
    assert described(other) == described(expected)


def test_a_changed_chapter_makes_the_index_stale(cache, monkeypatch):
    build_registry()
    assert registry_index.read_index(MODULES) is not None
    key = registry_index.index_key(MODULES)
    assert key is not None
    monkeypatch.setattr(registry_index, "index_key", lambda modules: key + " changed")
    assert registry_index.read_index(MODULES) is None
    assert build_registry()._index is None  # built in full, and the index made again
    assert registry_index.read_index(MODULES) is not None


def test_an_unwritable_cache_means_a_full_registry(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    reg = build_registry()
    assert reg._index is None and reg.get("print") is not None
    assert build_registry()._index is None


def test_print_imports_only_the_chapters_it_needs(cache):
    """``logo run -e "print 1"`` imports no turtle, file or workspace chapter."""
    script = ("import sys; from logo.command_line.main import main; main(['run', '-e', "
              "'print 1']); "
              "print(sorted(m for m in sys.modules if m.startswith('logo.primitives.')))")
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    for _ in range(2):  # the first run makes the index
        out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=60).stdout
    loaded = out.splitlines()[-1]
    assert "'logo.primitives.communication'" in loaded
    for chapter in ("graphics", "files", "management", "microworld", "help"):
        assert f"'logo.primitives.{chapter}'" not in loaded, loaded


def test_names_looked_up_one_by_one_leave_the_listings_as_the_full_ones(cache):
    """A name looked up adds that name alone (not its whole chapter); the listings made
    after (the reference, HELP's chapters) are the full registry's, in its order."""
    from logo.command_line.reference import reference

    build_registry()
    expected = full()
    lazy = build_registry()
    for name in ("пиши", "fd", "make", "print", "sum", "repeat", "pr", "setxy"):
        assert lazy.get(name) is expected.by_name[name], name
    assert "show" not in lazy._names  # (print's chapter: not listed yet)
    for name, spec in expected.by_name.items():  # a chapter whose every name is asked
        if spec.fn.__module__ == "logo.primitives.bitwise":
            assert lazy.get(name) is spec
    assert [(s.name, s.chapter) for s in lazy.specs] == [
        (s.name, s.chapter) for s in expected.specs]
    assert described(lazy) == described(expected)
    other = build_registry()
    other.get("fd")
    assert reference(other.load_all()) == reference(build_registry().load_all())


def test_a_chapter_module_gives_its_primitives_in_its_own_order(cache):
    import importlib

    from logo.primitives.registry import _module_specs, chapter_specs

    for module, chapter in CHAPTERS:
        specs = chapter_specs(module)
        own = _module_specs(importlib.import_module(f"logo.primitives.{module}"))
        assert list(specs.values()) == own
        assert {s.chapter for s in own} == {chapter}


def test_a_procedure_named_world_dot_verb_is_defined_without_looking_for_microworlds():
    """TO asks whether a name is one of UCBLogo's primitives: a name no primitive has
    yet is none, and no microworld is looked for or loaded to say so."""
    from tests.support import new_interpreter, run_ok

    I = new_interpreter()
    out = run_ok("to draw.tree :n\noutput :n + 1\nend\nprint draw.tree 2\n", interp=I)
    assert out.output == "3\n"
    assert I.registry.extensions is None and not I.registry.loaded
    assert not I.registry.is_ucblogo("cat.count") and not I.registry.loaded
    assert I.registry.is_ucblogo("print") and I.registry.is_ucblogo("пиши")
    assert not I.registry.is_ucblogo("setxy.") and I.registry.is_ucblogo(".eq")


def test_threads_asking_for_names_at_once_each_get_the_primitive(cache):
    """The window's highlighting asks for names while a program runs: each asker gets
    the primitive, whichever adds it."""
    import threading

    build_registry()
    expected = full()
    names = list(expected.by_name)
    for _ in range(3):
        lazy = build_registry()
        wrong: list[str] = []

        def ask(order: list[str], reg: Registry = lazy, wrong: list[str] = wrong) -> None:
            for name in order:
                if reg.get(name) is not expected.by_name[name]:
                    wrong.append(name)

        threads = [threading.Thread(target=ask, args=(names[k::2] + names[1 - k::2],))
                   for k in (0, 1)] + [threading.Thread(target=ask, args=(names[::-1],))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert wrong == []
        assert described(lazy) == described(expected)


def test_a_primitive_knows_its_russian_names_in_their_order_whichever_is_asked_first(cache):
    """HELP shows a primitive's first ЛогоМиры name: asking for another first (``вперёд``
    before ``вперед``) changes nothing."""
    build_registry()
    expected = full()
    order = {name: list(spec.russian) for name, spec in expected.by_name.items()}
    lazy = build_registry()
    for name in ("вперёд", "нц", "делай", "ну"):
        spec = lazy.get(name)
        assert spec is not None and spec.russian == order[spec.name], name
    assert described(lazy) == described(expected)
    script = ("from logo.primitives.registry import build_registry\n"  # (fresh primitives)
              "reg = build_registry()\nassert reg._index\n"
              "print(reg.get('вперёд').russian, reg.get('нрп').russian, "
              "reg.get('setc').russian)\n")
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.split("\n")[0] == " ".join(  # (setc: its English name asked)
        str(order[name]) for name in ("forward", "setpensize", "setc")), out.stderr
