"""Differential testing against UCBLogo 6.2.2, instruction by instruction.

``tests/differential/batches/NNN.lgo`` holds ~100 generated items (see
``tests/differential/generate.py``), each opened by a marker line ``print "|#item N|``;
every instruction of an item runs as ``catch "error [INSTRUCTION] (show "|#.| error)``, so
its output ends with a line ``#. [error list]`` (``#. []`` when there was no error).
``NNN.out`` is what UCBLogo printed for the batch.  Each batch runs in a fresh in-process
interpreter, as a conformance case does (``tests/conformance/test_conformance.py``); both outputs are
split at the markers and compared instruction by instruction.

``tests/differential/known_differences.txt`` lists known differences, one per line::

    KIND  SELECTOR  reason

(fields apart by two or more spaces or a tab: a selector may hold single spaces).
KIND is ``dialect`` (deliberate, explained in docs/dialect.md) or ``bug`` (to be fixed).
SELECTOR is ``item:N`` for a whole item, ``re:REGEX`` for every instruction whose text (the
item's definitions, then the instruction) matches the regular expression, or
``rewrite:REGEX=>REPLACEMENT``: a substitution that may be made in a line of UCBLogo's
output before comparing, for a difference that can show up in any instruction.  A covered
instruction is left out of its batch's comparison; each ``bug`` line is a test of its own,
marked xfail, that passes (XPASS) once the instructions it covers match.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import functools
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support import new_interpreter, normalized

DIFF = Path(__file__).resolve().parent
BATCHES = DIFF / "batches"
KNOWN = DIFF / "known_differences.txt"
SOURCE_MARK = re.compile(r'^print "\|#item (\d+)\|\n', re.M)
OUTPUT_MARK = re.compile(r"#item (\d+)\n")
INSTRUCTION = re.compile(r'^catch "error \[(.*?)\] \(show "\|#\.\| error\)$', re.M | re.S)
END_MARK = re.compile(r"(#\. .*\n)")


@dataclass(frozen=True)
class Known:
    kind: str
    selector: str
    reason: str

    def covers(self, number: int, text: str) -> bool:
        """Whether this line covers the instruction ``text`` (definitions + instruction)."""
        if self.selector.startswith("item:"):
            return int(self.selector[5:]) == number
        if self.selector.startswith("re:"):
            return re.search(self.selector[3:], text, re.M) is not None
        return False

    def rewrite(self, line: str) -> str:
        if not self.selector.startswith("rewrite:"):
            return line
        pattern, repl = self.selector[8:].split("=>", 1)
        return re.sub(pattern, repl, line)


@functools.cache
def _known() -> tuple[Known, ...]:
    out = []
    if KNOWN.exists():
        for line in KNOWN.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            kind, selector, reason = ([*re.split(r"\t+|\s{2,}", line.strip(), maxsplit=2), ""])[:3]
            assert kind in ("dialect", "bug"), f"bad kind in {KNOWN.name}: {line}"
            assert selector.startswith(("item:", "re:", "rewrite:")), f"bad selector: {line}"
            out.append(Known(kind, selector, reason.strip()))
    return tuple(out)


def _split(text: str, mark: re.Pattern[str]) -> dict[int, str]:
    parts = mark.split(text)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def _chunks(output: str | None) -> list[str]:
    """An item's output cut after each instruction's ``#. ...`` line."""
    if output is None:
        return []
    parts = END_MARK.split(output)
    chunks = [parts[i] + parts[i + 1] for i in range(0, len(parts) - 1, 2)]
    if parts[-1].strip():
        chunks.append(parts[-1])
    return chunks


def _same(expected: str, actual: str, rewrites: tuple[Known, ...]) -> bool:
    """Equal line by line, where UCBLogo's line may first go through ``rewrites``."""
    theirs, ours = normalized(expected).split("\n"), normalized(actual).split("\n")
    if len(theirs) != len(ours):
        return False
    return all(not (a != b and b not in _rewritten(a, rewrites)) for a, b in zip(theirs, ours))


def _rewritten(line: str, rewrites: tuple[Known, ...]) -> set[str]:
    """UCBLogo's ``line`` through each rewrite alone, and through all of them in turn."""
    out = {k.rewrite(line) for k in rewrites}
    for k in rewrites:
        line = k.rewrite(line)
    return out | {line}


@dataclass(eq=False)
class Item:
    number: int
    source: str
    expected: str | None
    actual: str | None

    @functools.cached_property
    def unequal(self) -> list[tuple[str, str, str]]:
        """The instructions whose output is not the same as UCBLogo's."""
        return [ins for ins in self.instructions() if not _same(ins[1], ins[2], ())]

    def instructions(self) -> list[tuple[str, str, str]]:
        """(definitions + instruction, UCBLogo's output, ours) for each instruction; an
        output left over (a missing or extra chunk) pairs with the text ``<item>``."""
        found = INSTRUCTION.findall(self.source)
        defs = INSTRUCTION.sub("", self.source).strip()
        theirs, ours = _chunks(self.expected), _chunks(self.actual)
        n = max(len(found), len(theirs), len(ours))
        return [((defs + "\n" + found[i]) if i < len(found) else "<item>",
                 theirs[i] if i < len(theirs) else "<missing>\n",
                 ours[i] if i < len(ours) else "<missing>\n") for i in range(n)]

    def differing(self, known: tuple[Known, ...]) -> list[tuple[str, str, str]]:
        """The instructions that differ and that no line of ``known`` covers."""
        rewrites = tuple(k for k in known if k.selector.startswith("rewrite:"))
        return [ins for ins in self.unequal if not _same(ins[1], ins[2], rewrites)
                and not any(k.covers(self.number, ins[0]) for k in known)]

    def report(self, bad: list[tuple[str, str, str]]) -> str:
        out = [f"--- item {self.number}:\n{self.source.rstrip()}"]
        for text, theirs, ours in bad:
            out.append(f"--- instruction: {text.rsplit(chr(10), 1)[-1]}\n"
                       f"--- UCBLogo:\n{normalized(theirs)}\n--- ours:\n{normalized(ours)}")
        return "\n".join(out) + "\n"


def _run_logo(sources: list[str], markers: list[int] | None = None) -> str:
    """What our Logo prints for ``sources``, run one after another in a fresh interpreter
    (each as a file of its own: one that does not load cannot stop the others); with
    ``markers``, each source's output is preceded by its item marker."""
    interp = new_interpreter()
    host = interp.host
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            for i, source in enumerate(sources):
                if markers is not None:
                    host.write(f"#item {markers[i]}\n")
                try:
                    interp.run_source(source, filename="batch.lgo")
                except Exception as exc:
                    host.write(f"\n<Python exception {type(exc).__name__}: {exc}>\n")
        finally:
            os.chdir(cwd)
    return host.output


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
    """Every instruction prints what UCBLogo printed, except known differences."""
    if not (BATCHES / f"{name}.out").exists():
        pytest.fail(f"batch {name} has no .out: capture it with tests/differential/"
                    f"generate.py --capture-only {name}")
    reports = [it.report(bad) for it in _batch(name) if (bad := it.differing(_known()))]
    assert not reports, f"{len(reports)} item(s) differ from UCBLogo:\n" + "\n".join(
        reports[:10])


def _bug_params() -> list:
    bugs = [pytest.param(k, id=k.selector[:60], marks=pytest.mark.xfail(reason=k.reason))
            for k in _known() if k.kind == "bug"]
    return bugs or [pytest.param(None, id="no-known-bug")]  # a pass, not an empty skip


@pytest.mark.parametrize("known", _bug_params())
def test_known_bug(known: Known | None) -> None:
    """The instructions a ``bug`` line covers match UCBLogo (xfail until fixed)."""
    if known is None:
        return  # known_differences.txt lists no bug: nothing to hold to UCBLogo here
    rewrites = tuple(k for k in _known() if k.selector.startswith("rewrite:"))
    others = tuple(k for k in rewrites if k != known)
    reports = []
    for name in _batch_names():
        if not (BATCHES / f"{name}.out").exists():
            continue
        for it in _batch(name):
            bad = [ins for ins in it.differing(others) if known.covers(it.number, ins[0])
                   or _same(ins[1], ins[2], rewrites)]
            if bad:
                reports.append(it.report(bad))
    assert not reports, "\n".join(reports[:5])
