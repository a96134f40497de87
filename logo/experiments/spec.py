"""What an experiment is: the sliders it varies and their values, the repetitions, the
instructions after STARTUP, the measures and the limits of each run; its runs (the cross
product of the values, each repeated) and their seeds.

A slider's values are written ``NAME=V1,V2,...`` (a list) or ``NAME=FROM..TO:STEP`` (a
range, TO included when the steps reach it; ``:STEP`` may be left out for 1).  A list's
values keep the text they were written in, and a range counts in decimal
(``0.1..0.3:0.1`` is 0.1, 0.2, 0.3 exactly), so a table shows what the teacher typed.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from ..messages import text as say

MAX_RUNS = 1_000_000  # a range that would make more runs is a mistake in its step


class SpecError(ValueError):
    """An experiment described wrongly (a usage error: its text is for the user)."""


@dataclass(frozen=True)
class Vary:
    """One varied slider: its name (lower case) and its values as texts."""

    name: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Run:
    """One run: the sliders' values (name, text) in the experiment's order, the
    repetition (from 1) and the seed."""

    values: tuple[tuple[str, str], ...]
    repetition: int
    seed: int

    def key(self) -> tuple[str, ...]:
        """What identifies the run in a table: its values and its repetition."""
        return (*(v for _, v in self.values), str(self.repetition))

    def label(self) -> str:
        """``length=50 delta=80`` (and ``#2`` for a second repetition)."""
        text = " ".join(f"{n}={v}" for n, v in self.values)
        return text + (f" #{self.repetition}" if self.repetition > 1 else "")


@dataclass
class Experiment:
    """An experiment on one lesson (a file, or a shipped lesson's name)."""

    lesson: str
    varies: list[Vary] = field(default_factory=list)
    repeat: int = 1
    run: list[str] = field(default_factory=list)  # instruction lines after STARTUP
    measures: list[str] = field(default_factory=list)  # expressions, as typed
    timeout: float = 10.0  # seconds per run (as logo check)
    max_memory: int = 1024  # megabytes per run (as logo check)
    sandbox: str | None = None

    def runs(self) -> list[Run]:
        """Every combination of the values (the first slider varies slowest), each
        repeated; a usage error when there are none or far too many."""
        count = self.repeat
        for v in self.varies:
            count *= len(v.values)
        if count > MAX_RUNS:
            raise SpecError(say("experiment.too_many", runs=count, most=MAX_RUNS))
        names = [v.name for v in self.varies]
        out = []
        for combo in itertools.product(*(v.values for v in self.varies)):
            values = tuple(zip(names, combo))
            for rep in range(1, self.repeat + 1):
                out.append(Run(values, rep, run_seed(self.lesson, values, rep)))
        return out


def lesson_name(lesson: str) -> str:
    """The lesson's name as seeds know it: the file's name without folder nor ``.lgo``,
    lower case (the same table wherever the file lies)."""
    base = lesson.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    return (base[:-4] if base.lower().endswith(".lgo") else base).lower()


def run_seed(lesson: str, values: tuple[tuple[str, str], ...], repetition: int) -> int:
    """The seed of a run (``(rerandom seed)`` before the lesson loads): from the lesson's
    name, the values and the repetition, a whole number below 2**31."""
    text = "|".join([lesson_name(lesson), *(f"{n}={_canonical(v)}" for n, v in values),
                     str(repetition)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") & 0x7FFFFFFF


def _canonical(value: str) -> str:
    """A value's number as one text (``5``, ``5.0`` and ``05`` seed alike)."""
    try:
        return format(Decimal(value).normalize(), "f")
    except InvalidOperation:
        return value


def _number(text: str, whole: str) -> Decimal:
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise SpecError(say("experiment.bad_vary", text=repr(whole))) from None
    if not value.is_finite():
        raise SpecError(say("experiment.bad_vary", text=repr(whole)))
    return value


def parse_vary(text: str) -> Vary:
    """``NAME=V1,V2,...`` or ``NAME=FROM..TO:STEP`` as a :class:`Vary`."""
    name, eq, spec = text.partition("=")
    name = name.strip().lower()
    if not (eq and name and spec.strip()):
        raise SpecError(say("experiment.bad_vary", text=repr(text)))
    return Vary(name, values_of(spec, text))


def values_of(spec: str, whole: str) -> tuple[str, ...]:
    """The values a list or a range stands for, as texts."""
    if ".." not in spec:
        values = tuple(v.strip() for v in spec.split(","))
        for v in values:
            _number(v, whole)  # each a number (a usage error if not)
        return _distinct(values, whole)
    start, _, rest = spec.partition("..")
    stop, colon, step_text = rest.partition(":")
    first, last = _number(start, whole), _number(stop, whole)
    step = _number(step_text, whole) if colon else Decimal(1)
    if step <= 0:
        raise SpecError(say("experiment.bad_step", text=repr(whole)))
    count = int((last - first) / step) + 1 if last >= first else 0
    if count < 1:
        raise SpecError(say("experiment.empty_range", text=repr(whole)))
    if count > MAX_RUNS:
        raise SpecError(say("experiment.too_many", runs=count, most=MAX_RUNS))
    return tuple(format(first + i * step, "f") for i in range(count))


def _distinct(values: tuple[str, ...], whole: str) -> tuple[str, ...]:
    if len({_canonical(v) for v in values}) != len(values):
        raise SpecError(say("experiment.repeated_value", text=repr(whole)))
    return values


def check_names(varies: list[Vary], measures: list[str] | None = None) -> None:
    """A slider varied twice, a measure named twice or as another column (the table's
    columns are headed by them) are usage errors."""
    seen: set[str] = {"repetition", "seed", "status"}
    for v in varies:
        if v.name in seen:
            raise SpecError(say("experiment.varied_twice", name=v.name))
        seen.add(v.name)
    for m in measures or []:
        if m in seen or not m.strip():
            raise SpecError(say("experiment.measure_column", measure=repr(m)))
        seen.add(m)
