"""What the data-primitive tests share: a list maker, the printed form, an interpreter with
just enough in it for the data primitives, and a check of a doesn't-like error."""

from __future__ import annotations

import random

import pytest

from logo.language.errors import LogoError
from logo.language.values import LogoList, show_form


def L(*items):
    return LogoList(items)


def show(x):
    return show_form(x)


class FakeInterp:
    """Just enough interpreter for the data primitives."""

    def __init__(self, seed=1):
        self.vars = {"caseignoredp": "true"}  # (as a new workspace has it)
        self.random = random.Random(seed)
        self.parsed = []

    def get_var(self, name):
        if name.lower() not in self.vars:
            raise LogoError("no_value", what=name)
        return self.vars[name.lower()]

    def set_var(self, name, value):
        self.vars[name.lower()] = value

    def has_var(self, name):
        return name.lower() in self.vars

    def parse(self, text):
        self.parsed.append(text)
        return LogoList(text.split())

    def runparse(self, x):
        return LogoList(["runparsed", x])


def bad(fn, *args, what=None):
    """Call fn expecting a doesn't-like error; check its datum when ``what`` is given."""
    with pytest.raises(LogoError) as info:
        fn(*args)
    assert info.value.kind in ("doesnt_like", "doesnt_like_unrec")  # code 7 or 4
    if what is not None:
        assert show(info.value.what) == what
    return info.value
