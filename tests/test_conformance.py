"""Conformance against UCBLogo 6.2.2: every ``tests/conformance/cases/<chapter>/<name>.lgo``
is run in-process and its printed output compared with the golden ``<name>.out`` captured
from the real UCBLogo by ``tests/conformance/capture.py``.

Known, accepted differences are listed in ``tests/conformance/deviations.txt`` as lines
``chapter/name  reason`` and are marked xfail (non-strict).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

CONF = Path(__file__).resolve().parent / "conformance"
CASES = CONF / "cases"
DEVIATIONS = CONF / "deviations.txt"


def _deviations(path: Path = DEVIATIONS, reason: str = "known deviation") -> dict[str, str]:
    """The ``name  reason`` lines of a list of known differences (``#`` comments)."""
    out: dict[str, str] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 1)
            out[parts[0].removesuffix(".lgo")] = (
                parts[1].strip() if len(parts) > 1 else reason
            )
    return out


def _cases() -> list:
    devs = _deviations()
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


def _normalize(text: str) -> str:
    text = text.replace("\r\n", "\n")
    lines = [re.sub(r"[ \t]+$", "", ln) for ln in text.split("\n")]
    return "\n".join(lines).rstrip()


@pytest.mark.parametrize("lgo", _cases())
def test_conformance(lgo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from logo.session.host import BufferHost
    from logo.session.interpreter import Interpreter

    monkeypatch.chdir(tmp_path)
    expected = lgo.with_suffix(".out").read_text(encoding="utf-8")
    host = BufferHost()
    interp = Interpreter(host=host)
    interp.run_source(lgo.read_text(encoding="utf-8"), filename=str(lgo))
    assert _normalize(host.output) == _normalize(expected)
