"""The shape of the code: no import cycles among the modules of logo/ and microworlds/
(imports inside functions count too), no module over 400 lines and no function over 50
lines (in logo/, microworlds/ and tests/), and importing a module of logo/ changes
nothing in the process (no environment variable, not the recursion limit)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("logo", "microworlds")
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 50
OVERSIZE_ALLOWED: set[str] = set()  # paths allowed over the limits (none now)
# Imports left out of the graph, each a known cycle to undo (none now)
IGNORED_EDGES: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_modules() -> dict[str, Path]:
    """Every module of logo/ and microworlds/ by its dotted name."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def _resolve(name: str, path: Path, node: ast.ImportFrom) -> list[str]:
    """The dotted names an ``from ... import ...`` may mean (a module or a package's
    member that is a module)."""
    if node.level:
        base = name.split(".")
        if path.name != "__init__.py":
            base.pop()
        base = base[:len(base) - (node.level - 1)]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    return [prefix] + [f"{prefix}.{alias.name}" for alias in node.names]


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that a module imports, anywhere in its text (including
    inside functions, but not under ``if TYPE_CHECKING``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            candidates = _resolve(name, path, node)
        else:
            continue
        for cand in candidates:
            if cand in known and cand != name:
                out.add(cand)
    return out


def import_graph() -> dict[str, set[str]]:
    known = package_modules()
    return {name: {m for m in imports_of(name, path, known) if (name, m) not in IGNORED_EDGES}
            for name, path in known.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a list of names (first == last), or None.  A package's
    ``__init__`` importing its own submodules is no cycle of ideas, so edges from a
    package to its submodules are left out."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt.startswith(node + "."):
                continue
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_cycles() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_graph_sees_imports_inside_functions() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert "logo.language.values" in import_graph()["logo.language.parser"]


def checked_files() -> list[Path]:
    return [p for folder in (*PACKAGES, "tests") for p in sorted((ROOT / folder).rglob("*.py"))]


def test_modules_and_functions_are_small() -> None:
    too_long: list[str] = []
    for path in checked_files():
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        n_lines = text.count("\n")
        if n_lines > MAX_MODULE_LINES and rel not in OVERSIZE_ALLOWED:
            too_long.append(f"{rel}: {n_lines} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    too_long.append(f"{rel}:{node.lineno} {node.name}: {length} lines")
    assert not too_long, "over the limits:\n" + "\n".join(too_long)


IMPORT_ALL = """
import importlib, os, sys
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame  # its own import sets SDL_VIDEO_X11_WMCLASS where DISPLAY is set: not ours
names = sys.argv[1:]
before_env = dict(os.environ)
before_limit = sys.getrecursionlimit()
changed = []
for name in names:
    importlib.import_module(name)
    if dict(os.environ) != before_env:
        keys = set(os.environ.items()) ^ set(before_env.items())
        changed.append(f"{name}: environment {sorted(k for k, _ in keys)}")
        before_env = dict(os.environ)
    if sys.getrecursionlimit() != before_limit:
        changed.append(f"{name}: recursion limit {sys.getrecursionlimit()}")
        before_limit = sys.getrecursionlimit()
from logo.session.interpreter import Interpreter
Interpreter()
if sys.getrecursionlimit() != before_limit:
    changed.append(f"Interpreter(): recursion limit {sys.getrecursionlimit()}")
print("CHANGED", repr(changed))
"""


def test_importing_logo_changes_nothing_in_the_process() -> None:
    """Nor does making an interpreter: the recursion limit is raised while Logo runs."""
    names = sorted(n for n in package_modules() if n.split(".")[0] == "logo"
                   and n != "logo.__main__")
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    done = subprocess.run([sys.executable, "-c", IMPORT_ALL, *names], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "CHANGED []" in done.stdout.splitlines(), done.stdout


def test_no_chapter_module_holds_another_chapters_primitive() -> None:
    """The registry takes every primitive a chapter module holds: one imported from
    another chapter (``from .predicates import memberp``) would be registered twice."""
    import importlib

    from logo.primitives.registry import CHAPTERS, PrimSpec

    strays = []
    for name, _ in CHAPTERS:
        module = importlib.import_module(f"logo.primitives.{name}")
        for key, value in vars(module).items():
            spec = getattr(value, "__logo__", None)
            if isinstance(spec, PrimSpec) and spec.fn is value \
                    and value.__module__ != module.__name__:
                strays.append(f"{name}.{key} (from {value.__module__})")
    assert not strays, strays
