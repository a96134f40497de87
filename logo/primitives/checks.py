"""Self-checks for learners' files (``logo check``): ASSERT."""

from __future__ import annotations

from ..language.errors import LogoError
from ..language.values import print_form
from .coerce import boolean
from .registry import primitive


@primitive("assert", max_inputs=2)
def assert_(I, condition, message=None):
    """ASSERT tf   or   (ASSERT tf message)
    Does nothing if tf is TRUE; otherwise stops with the error "Assertion failed"."""
    if not boolean(condition):
        text = "Assertion failed" + (": " + print_form(message) if message is not None else "")
        raise LogoError("user", what=text)
