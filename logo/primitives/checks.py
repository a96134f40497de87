"""Self-checks for learners' files (``logo check``): ASSERT."""

from __future__ import annotations

from ..language.errors import LogoError
from .coerce import boolean
from .registry import primitive


@primitive("assert", max_inputs=2)
def assert_(I, condition, message=None):
    """ASSERT tf   or   (ASSERT tf message)
    Does nothing if tf is TRUE; otherwise stops with the error "Assertion failed"."""
    if not boolean(condition):
        if message is None:
            raise LogoError("assertion_failed")
        raise LogoError("assertion_failed_with", what=message)
