"""Microworlds as plug-ins (logo/session/extensions.py): found through the entry-point
group, never named by the core, loaded when a program first uses one of their names."""

from __future__ import annotations

import os
import re
import subprocess
import textwrap
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from logo.primitives.registry import build_registry
from logo.session import extensions
from logo.session.extensions import GROUP, Microworld
from logo.session.host import BufferHost
from logo.session.interpreter import Interpreter
from tests.support import CHILD_ENV, ROOT, new_interpreter, run_python

OURS = {"cat", "lsystem", "muscle"}

KITES = '''
from logo.primitives.registry import primitive
from logo.session.extensions import state


@primitive("kites.fly")
def fly(I):
    """KITES.FLY
    One more flight."""
    state(I, "kites")["flights"] += 1


@primitive("kites.flights")
def flights(I):
    """KITES.FLIGHTS
    Outputs the flights so far."""
    return state(I, "kites")["flights"]
'''


def logo(text: str, I: Interpreter | None = None) -> str:
    I = I or new_interpreter()
    I.run_source(text)
    return I.host.output  # type: ignore[attr-defined, no-any-return]


def test_an_interpreter_and_every_host_are_what_a_primitive_sees():
    from logo.session.host import ConsoleHost, HostProtocol
    from logo.ui.window_host import WindowHost

    assert isinstance(Interpreter(), extensions.Logo)
    for host in (BufferHost(), ConsoleHost(), WindowHost()):
        assert isinstance(host, HostProtocol)
    assert WindowHost.has_dialogs and not BufferHost.has_dialogs


def test_the_entry_point_group_lists_our_microworlds():
    assert {ep.name for ep in entry_points(group=GROUP)} >= OURS
    assert {name for name, _ in extensions._checkout_entry_points(GROUP)} >= OURS


def test_no_module_of_the_core_names_a_microworld_or_a_lesson():
    names = {ep.name for ep in entry_points(group=GROUP)} | OURS
    names |= {p.parent.name for p in (ROOT / "microworlds").glob("*/__init__.py")}
    from microworlds import LESSON_ORDER  # lessons too, but for plain English words

    names |= set(LESSON_ORDER) - {"tree", "brush"}
    words = "|".join(f"{re.escape(n[0])}-?{re.escape(n[1:])}" for n in sorted(names))
    pattern = re.compile(rf"\b({words})\b|(?<![-\w])microworlds[./]\w|[\"']microworlds[\"']",
                         re.IGNORECASE)
    hits = []
    for path in sorted((ROOT / "logo").rglob("*")):
        if path.suffix in {".py", ".tsv", ".lark", ".md", ".txt", ".toml"}:
            for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    hits.append(f"{path.relative_to(ROOT)}:{i}: {line.strip()}")
    assert hits == []


def test_a_microworld_is_loaded_by_the_first_use_of_one_of_its_names():
    I = Interpreter(host=BufferHost())
    assert "cat.new" not in I.registry.by_name and not I.registry.loaded
    assert logo("print 1", I) == "1\n" and not I.registry.loaded  # start-up loads none
    assert logo("cat.new print cat.count", I) == "1\n1\n"
    assert set(I.registry.loaded) == {"cat"}
    assert logo('print primitivep "lsystem.expand', I).endswith("true\n")


def test_erall_forgets_a_microworlds_state_and_a_program_may_take_a_primitives_name():
    I = Interpreter(host=BufferHost())
    logo("cat.new erall", I)
    assert "cat" not in I.parts
    assert "There is no cat yet" in logo("print cat.count", I)
    other = Interpreter(host=BufferHost())  # a microworld's names are not UCBLogo's
    assert logo('to cat.count\noutput "mine\nend\nprint cat.count', other) == "mine\n"
    logo('erase "cat.count', other)
    assert logo("print cat.count", other).endswith("There is no cat yet (use cat.new)\n")


def test_a_microworld_given_at_run_time_adds_primitives_state_and_hooks(tmp_path, monkeypatch):
    (tmp_path / "kites_prims.py").write_text(KITES, encoding="utf-8")
    (tmp_path / "names_ru.tsv").write_text("# ЛогоМиры\nзмей.лети\tkites.fly\n",
                                           encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    events = []
    kites = Microworld(name="kites", modules=("kites_prims",), state=lambda: {"flights": 0},
                       forget_on=frozenset({"clearscreen"}),
                       on_event=lambda I, s, event: events.append((event, s["flights"])),
                       russian=str(tmp_path / "names_ru.tsv"))
    I = Interpreter(host=BufferHost(), registry=build_registry(extensions=[kites]))
    assert logo("kites.fly змей.лети print kites.flights", I) == "2\n"
    logo('erall print "x', I)
    assert events == [("erall", 2)]
    assert logo("cs print kites.flights", I).endswith("x\n0\n")  # cg forgot the flights
    assert "kites.fly" in logo('help "kites.fly', I)
    (tmp_path / "lesson.lgo").write_text("kites.fly\n", encoding="utf-8")
    assert logo(f'load "{tmp_path / "lesson.lgo"} print kites.flights', I).endswith("1\n")
    assert events == [("erall", 2), ("load", 0)]  # told before the file ran
    assert "I don't know how" in logo("kites.fly", Interpreter(host=BufferHost()))  # not ours


def _kites_package(folder: Path) -> None:
    (folder / "kites").mkdir()
    (folder / "kites" / "__init__.py").write_text(textwrap.dedent('''
        from logo.session.extensions import Microworld
        MICROWORLD = Microworld(name="kites", modules=("kites.prims",),
                                state=lambda: {"flights": 0})
        '''), encoding="utf-8")
    (folder / "kites" / "prims.py").write_text(KITES, encoding="utf-8")
    info = folder / "kites-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: kites\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\nkites = kites:MICROWORLD\n",
                                           encoding="utf-8")


def _logo_run(text: str, env: dict[str, str], prelude: str = "") -> subprocess.CompletedProcess:
    code = f"{prelude}import sys; from logo.command_line.main import main; " \
           f"sys.exit(main(['run', '-e', {text!r}]))"
    return run_python("-c", code, env=env)


def test_a_third_party_package_is_found_through_its_entry_point(tmp_path):
    _kites_package(tmp_path)
    env = {**CHILD_ENV, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    out = _logo_run("kites.fly print kites.flights cat.new print cat.count", env)
    assert (out.returncode, out.stdout, out.stderr) == (0, "1\n1\n", "")


@pytest.mark.parametrize("installed", [True, False])
def test_a_checkout_never_installed_finds_the_microworlds_its_pyproject_declares(installed):
    """Without entry points (``python3 -m logo`` in a fresh clone) the checkout's
    pyproject.toml is read; with them, both are."""
    prelude = "" if installed else \
        "import importlib.metadata as m; m.entry_points = lambda **k: (); "
    # (the entry points kept between runs off: this run must look for them itself)
    env = {**CHILD_ENV, "PYTHONPATH": str(ROOT), "LOGO_CODE_CACHE": "off"}
    out = _logo_run('print 1 lsystem.define "k [axiom F rules [[F F+F]]] '
                    'show lsystem.stage "k 2', env, prelude)
    assert (out.returncode, out.stdout, out.stderr) == (0, "1\nF+F+F+F\n", "")


def test_no_microworld_anywhere_means_an_unknown_name(monkeypatch):
    monkeypatch.setattr(extensions, "discover", lambda extra=(): {})
    assert "I don't know how" in logo("cat.new")


def test_a_broken_microworld_is_one_logo_error_not_a_traceback():
    broken = Microworld(name="kites", modules=("no_such_module_of_kites",))
    I = Interpreter(host=BufferHost(), registry=build_registry(extensions=[broken]))
    out = logo('print 1\ncatch "error [kites.fly]\nprint item 2 error\nkites.fly', I)
    assert out.count("The microworld kites could not be loaded (ModuleNotFoundError: ") == 2
    assert out.startswith("1\n") and "Traceback" not in out and "Internal" not in out


def test_lessons_come_from_the_packages_of_the_lessons_group(tmp_path, monkeypatch):
    from logo.session.lessons import shipped_lessons

    assert [ref for _, ref in extensions.entries(extensions.LESSONS)] == ["microworlds"]
    (tmp_path / "kitebook" / "kite").mkdir(parents=True)
    (tmp_path / "kitebook" / "__init__.py").write_text("LESSON_ORDER = ('kite',)\n")
    (tmp_path / "kitebook" / "kite" / "kite.lgo").write_text("; Fly a kite.\n")
    (tmp_path / "kitebook" / "kite" / "kite.png").write_bytes(b"")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(extensions, "lesson_packages", lambda: ["microworlds", "kitebook"])
    names = [ls.name for ls in shipped_lessons()]
    assert names[-1] == "kite" and names[0] == "tree" and "cat" in names
