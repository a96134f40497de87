"""Differential testing against UCBLogo 6.2.2, item by item.

``tests/differential/batches/NNN.lgo`` holds ~100 generated items (see
``tests/differential/generate.py``), each opened by a marker line ``print "|#item N|``;
``NNN.out`` is what UCBLogo printed for the batch.  Each batch runs in a fresh in-process
interpreter, as a conformance case does (``tests/test_conformance.py``); both outputs are
split at the markers and compared item by item.

``tests/differential/known_differences.txt`` lists known differences, one per line::

    KIND  SELECTOR  reason

(fields apart by two or more spaces or a tab: a selector may hold single spaces).
KIND is ``dialect`` (deliberate, explained in docs/dialect.md) or ``bug`` (to be fixed).
SELECTOR is ``item:N`` for one item, ``re:REGEX`` for every item whose source matches the
regular expression, or ``rewrite:REGEX=>REPLACEMENT``:
a substitution made (per line) in UCBLogo's output before comparing, for a difference that
can show up anywhere in an item's output.  An item that a selector covers is left out of
its batch's comparison; each ``bug`` line is a test of its own, marked xfail, that passes
once the items it covers match.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import functools  # noqa: E402
import re  # noqa: E402
import tempfile  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from test_conformance import _normalize  # noqa: E402

DIFF = Path(__file__).resolve().parent / "differential"
BATCHES = DIFF / "batches"
KNOWN = DIFF / "known_differences.txt"
SOURCE_MARK = re.compile(r'^print "\|#item (\d+)\|\n', re.M)
OUTPUT_MARK = re.compile(r"#item (\d+)\n")


@dataclass(frozen=True)
class Known:
    kind: str
    selector: str
    reason: str

    def covers(self, number: int, source: str) -> bool:
        if self.selector.startswith("item:"):
            return int(self.selector[5:]) == number
        if self.selector.startswith("re:"):
            return re.search(self.selector[3:], source, re.M) is not None
        return False

    def rewrite(self, text: str) -> str:
        if not self.selector.startswith("rewrite:"):
            return text
        pattern, repl = self.selector[8:].split("=>", 1)
        return re.sub(pattern, repl, text, flags=re.M)


@functools.lru_cache(maxsize=1)
def _known() -> tuple[Known, ...]:
    out = []
    if KNOWN.exists():
        for line in KNOWN.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            kind, selector, reason = (re.split(r"\t+|\s{2,}", line.strip(), maxsplit=2) + [""])[:3]
            assert kind in ("dialect", "bug"), f"bad kind in {KNOWN.name}: {line}"
            assert selector.startswith(("item:", "re:", "rewrite:")), f"bad selector: {line}"
            out.append(Known(kind, selector, reason.strip()))
    return tuple(out)


def _split(text: str, mark: re.Pattern[str]) -> dict[int, str]:
    parts = mark.split(text)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def _run_logo(sources: list[str], markers: list[int] | None = None) -> str:
    """What our Logo prints for ``sources``, run one after another in a fresh interpreter
    (each as a file of its own: one that does not load cannot stop the others); with
    ``markers``, each source's output is preceded by its item marker."""
    from logo.host import BufferHost
    from logo.interpreter import Interpreter

    host = BufferHost()
    interp = Interpreter(host=host)
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            for i, source in enumerate(sources):
                if markers is not None:
                    host.write(f"#item {markers[i]}\n")
                try:
                    interp.run_source(source, filename="batch.lgo")
                except Exception as exc:  # noqa: BLE001 - reported as the item's output
                    host.write(f"\n<Python exception {type(exc).__name__}: {exc}>\n")
        finally:
            os.chdir(cwd)
    return host.output


@dataclass
class Item:
    number: int
    source: str
    expected: str | None
    actual: str | None

    @property
    def same(self) -> bool:
        return self.matches(())

    def matches(self, known: tuple[Known, ...]) -> bool:
        """Our output equals UCBLogo's, line by line, where a line may also equal UCBLogo's
        after the ``rewrite:`` lines of ``known`` (a fixed bug's rewrite does no harm)."""
        if self.expected is None or self.actual is None:
            return False
        ours = _normalize(self.actual).split("\n")
        theirs = _normalize(self.expected).split("\n")
        if len(ours) != len(theirs):
            return False
        for a, b in zip(theirs, ours):
            if a != b:
                for k in known:
                    a = k.rewrite(a)
                if a != b:
                    return False
        return True

    def report(self) -> str:
        return (f"--- item {self.number}:\n{self.source.rstrip()}\n"
                f"--- UCBLogo:\n{_show(self.expected)}\n--- ours:\n{_show(self.actual)}\n")


def _show(text: str | None) -> str:
    return "<missing>" if text is None else _normalize(text)


@functools.cache
def _batch(name: str) -> tuple[Item, ...]:
    lgo = BATCHES / f"{name}.lgo"
    source = lgo.read_text(encoding="utf-8")
    expected = _split(lgo.with_suffix(".out").read_text(encoding="utf-8"), OUTPUT_MARK)
    items = _split(source, SOURCE_MARK)
    actual = _split(_run_logo([source]), OUTPUT_MARK)
    missing = [n for n in items if n not in actual]
    if missing:  # an item stopped the whole batch: run the items it left out one by one
        actual.update(_split(_run_logo([items[n] for n in missing], missing), OUTPUT_MARK))
    return tuple(Item(n, src, expected.get(n), actual.get(n)) for n, src in items.items())


def _batch_names() -> list[str]:
    return [p.stem for p in sorted(BATCHES.glob("*.lgo"))]


@pytest.mark.parametrize("name", _batch_names())
def test_batch(name: str) -> None:
    """Every item of the batch prints what UCBLogo printed, except known differences."""
    if not (BATCHES / f"{name}.out").exists():
        pytest.fail(f"batch {name} has no .out: capture it with tests/differential/"
                    f"generate.py --capture-only {name}")
    known = tuple(_known())
    bad = [it for it in _batch(name)
           if not it.matches(known) and not any(k.covers(it.number, it.source) for k in known)]
    assert not bad, f"{len(bad)} item(s) differ from UCBLogo:\n" + "\n".join(
        it.report() for it in bad[:10])


def _bug_params() -> list:
    return [pytest.param(k, id=k.selector[:60], marks=pytest.mark.xfail(reason=k.reason))
            for k in _known() if k.kind == "bug"]


@pytest.mark.parametrize("known", _bug_params())
def test_known_bug(known: Known) -> None:
    """The items a ``bug`` line covers (xfail until the bug is fixed)."""
    rewrites = tuple(k for k in _known() if k.selector.startswith("rewrite:"))
    others = tuple(k for k in rewrites if k != known)
    bad = [it for name in _batch_names() if (BATCHES / f"{name}.out").exists()
           for it in _batch(name) if not it.matches(others)
           and (known.covers(it.number, it.source) or it.matches(rewrites))]
    assert not bad, "\n".join(it.report() for it in bad[:5])
