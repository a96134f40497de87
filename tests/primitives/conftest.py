"""Fixtures of the primitive tests."""

from __future__ import annotations

import pytest

from tests.primitives.data_support import FakeInterp


@pytest.fixture
def interp():
    """A fresh interpreter with just enough in it for the data primitives."""
    return FakeInterp()
