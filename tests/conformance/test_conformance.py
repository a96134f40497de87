"""Conformance against UCBLogo 6.2.2: every ``tests/conformance/cases/<chapter>/<name>.lgo``
is run in-process and its printed output compared with the golden ``<name>.out`` captured
from the real UCBLogo by ``tests/conformance/capture.py``.

Known, accepted differences are listed in ``tests/conformance/deviations.txt`` as lines
``chapter/name  reason`` and are marked xfail (non-strict).
"""

from __future__ import annotations

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from tests.support import known_list, normalized, run_logo

CONF = Path(__file__).resolve().parent
CASES = CONF / "cases"
DEVIATIONS = CONF / "deviations.txt"


def _cases() -> list:
    devs = known_list(DEVIATIONS, "known deviation")
    params = []
    for lgo in sorted(CASES.glob("*/*.lgo")):
        if not lgo.with_suffix(".out").exists():
            continue
        case_id = lgo.relative_to(CASES).with_suffix("").as_posix()
        marks = []
        if case_id in devs:
            marks.append(pytest.mark.xfail(reason=devs[case_id], strict=False))
        params.append(pytest.param(lgo, id=case_id, marks=marks))
    return params


# the cases write their files in /tmp, as captured from UCBLogo; each run gets its own
# folder instead, so that two runs of the suite at once never share a file
TMP = re.compile(r"(?<![\w/])/tmp(?=/|\s|$)", re.M)


@pytest.mark.parametrize("lgo", _cases())
def test_conformance(lgo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "tmp"  # (not the current folder: cases tell them apart)
    folder.mkdir()
    own = str(folder)
    expected = TMP.sub(own, lgo.with_suffix(".out").read_text(encoding="utf-8"))
    ran = run_logo(TMP.sub(own, lgo.read_text(encoding="utf-8")), str(lgo))
    assert normalized(ran.output) == normalized(expected)
