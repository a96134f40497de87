"""Every lesson runs headless and draws its golden picture (with tolerance)."""

from __future__ import annotations

import pytest

from tests.microworlds.lessons.lesson_support import LESSONS, compare_golden, run_lesson


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_draws_its_golden_picture(name):
    interp = run_lesson(name)
    compare_golden(name, interp.world)
