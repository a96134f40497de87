"""The program corpus: whole Logo programs in the style of published Logo
(``tests/corpus/programs/*.lgo``), each run in a fresh in-process interpreter and its
printed output compared with the golden ``.out`` captured from UCBLogo 6.2.2 by
``tests/corpus/capture.py`` (same normalisation as the conformance cases).

A program without its golden fails: capture it or drop it.  Programs that fail today
because of known gaps in our core are listed in ``tests/corpus/known_failures.txt`` as
lines ``name  reason`` and are marked xfail (non-strict).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from tests.support import known_list, normalized, run_logo

CORPUS = Path(__file__).resolve().parent
PROGRAMS = CORPUS / "programs"
KNOWN_FAILURES = CORPUS / "known_failures.txt"


def _known_failures() -> dict[str, str]:
    return known_list(KNOWN_FAILURES, "known failure")


def _programs() -> list:
    known = _known_failures()
    params = []
    for lgo in sorted(PROGRAMS.glob("*.lgo")):
        marks = []
        if lgo.stem in known:
            marks.append(pytest.mark.xfail(reason=known[lgo.stem], strict=False))
        params.append(pytest.param(lgo, id=lgo.stem, marks=marks))
    return params


@pytest.mark.parametrize("lgo", _programs())
def test_corpus_program(lgo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    golden = lgo.with_suffix(".out")
    assert golden.exists(), f"{lgo.name} has no golden: run tests/corpus/capture.py --missing"
    monkeypatch.chdir(tmp_path)
    ran = run_logo(lgo.read_text(encoding="utf-8"), str(lgo))
    assert normalized(ran.output) == normalized(golden.read_text(encoding="utf-8"))


def test_known_failures_name_real_programs() -> None:
    """Every line of known_failures.txt names a program of the corpus."""
    names = {p.stem for p in PROGRAMS.glob("*.lgo")}
    assert sorted(set(_known_failures()) - names) == []
