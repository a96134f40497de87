"""The test kit itself (tests/support.py): what a run gives, PNGs, and goldens that fail
when missing and are written only under LOGO_REGEN_GOLDENS."""

from __future__ import annotations

import numpy as np
import pytest

from tests.support import (
    REGENERATE,
    compare_golden_picture,
    compare_golden_text,
    read_png,
    run_logo,
    write_png,
)


def test_a_run_keeps_printed_text_and_errors_apart():
    ran = run_logo('print "a\nfoo\nprint "never')
    assert not ran.ok
    assert ran.printed == "a\n" and ran.lines == ["a"] and ran.words == ["a"]
    assert ran.errors == "I don't know how  to foo\n"
    assert ran.output == "a\nI don't know how  to foo\n"


def test_png_round_trip(tmp_path):
    pixels = np.random.default_rng(1).integers(0, 256, (7, 5, 3), dtype=np.uint8)
    write_png(tmp_path / "deep" / "p.png", pixels)
    assert np.array_equal(read_png(tmp_path / "deep" / "p.png"), pixels)


def test_a_missing_golden_fails(tmp_path, monkeypatch):
    monkeypatch.delenv(REGENERATE, raising=False)
    with pytest.raises(pytest.fail.Exception, match="no golden"):
        compare_golden_text(tmp_path / "none.txt", "text\n")
    with pytest.raises(pytest.fail.Exception, match="no golden"):
        compare_golden_picture(tmp_path / "none.png", np.zeros((2, 2, 3), np.uint8))
    assert list(tmp_path.iterdir()) == []  # and nothing was written


def test_regenerating_writes_then_the_golden_is_compared(tmp_path, monkeypatch):
    page = np.full((4, 6, 3), 255, np.uint8)
    monkeypatch.setenv(REGENERATE, "1")
    compare_golden_picture(tmp_path / "p.png", page, records="one line\n")
    assert (tmp_path / "p.records.txt").read_text(encoding="utf-8") == "one line\n"
    monkeypatch.delenv(REGENERATE)
    compare_golden_picture(tmp_path / "p.png", page, records="one line\n")
    page[0, 0] = 0
    compare_golden_picture(tmp_path / "p.png", page, allowed=1)
    with pytest.raises(pytest.fail.Exception, match="1 pixels differ"):
        compare_golden_picture(tmp_path / "p.png", page)
    with pytest.raises(pytest.fail.Exception, match="differs from its golden"):
        compare_golden_text(tmp_path / "p.records.txt", "another line\n")
