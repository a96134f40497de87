"""Logo input values for the differential generator, written as Logo source text.

Every value is a string that stands where an input goes (``7``, ``"abc``, ``[a b]``,
``{1 2}@0``, ``(power 2 40)``).  :class:`Values` picks them by kind with a seeded
``random.Random``; with probability ``odd`` a pick is of any kind, so primitives also meet
inputs they do not like.
"""

from __future__ import annotations

import random

SMALL_INTS = ["0", "1", "2", "3", "4", "5", "-1", "-2", "10"]
NUMBERS = [
    "0", "-0", "1", "-1", "0.5", "-0.5", "1e20", "1e-5", "3.0", "2.5", "7", "-7", "10",
    "100", "255", "1000000", "123456789", "3.14159", "-2.75", "0.1", "2", "3", "1.5e3",
    "1e15", "1e16", "123456789012", "0.000123", "-1e-7", "6", "12", "45", "90", "-90",
    "(power 2 40)", "(power 2 53)", "(power 2 62)", "(power 2 64)", "(minus 0)",
    "(product 99999 99999 99999)", "(1/3)", "(2/3)", "(10/4)", "(-7/2)", "(sqrt 2)",
    "(power 10 15)", "(power 10 16)", "(power 10 20)", "(0.1 + 0.2)", "2147483647",
    "-2147483648", "4294967296", "9007199254740993", "1e100", "-1e300",
]
NUMERIC_WORDS = [
    '"007', '"1e3', '"-5', '"3.', '".5', '"1.0', '"0', '"+3', '"1e', '"e5', '"0x10',
    '"1.5e2', '"-0', '"00', '"1E3', '"2.50', '"-.5',
]
WORDS = [
    '"a', '"abc', '"Hello', '"xyz', '"|a b|', '"||', '"true', '"false', '"TRUE', '"a.b',
    '"?', '"Logo', '"aaa', '"banana', '"x', '"ZZ', '"hello', '"abcdef', '"*', '"|[x]|',
    '"b', '"ab', '"ba', '"mississippi',
]
LISTS = [
    "[]", "[a b c]", "[1 2 3]", "[[1 2] [3 4]]", "[a [b [c]] d]", "[1 -2 0.5]", "[x]",
    "[[]]", "[a b [] c]", "[3 1 2]", "[apple banana cherry]", "[1e3 007]", "[a a b a]",
    "[[a b] c [d [e f]]]", "[5 4 3 2 1]", "[true false]", "[hello world]", "[-1 +1 0]",
]
ARRAYS = [
    "{1 2 3}", "{a b}@0", "{}", "{{1 2} 3}", "(array 3)", "(listtoarray [4 5 6] 0)",
    "{x y z}@2", "{[a] b}", "(array 2 5)", "{7}@3",
]
UNICODE_WORDS = ['"été', '"Привет', '"naïve']


class Values:
    """Seeded picks of Logo values by kind."""

    def __init__(self, rng: random.Random, odd: float = 0.15) -> None:
        self.rng = rng
        self.odd = odd

    def pick(self, seq: list[str]) -> str:
        return self.rng.choice(seq)

    def maybe_odd(self, kind: str) -> str:
        if self.rng.random() < self.odd:
            return self.any()
        return getattr(self, kind)()

    def small(self) -> str:
        return self.pick(SMALL_INTS)

    def num(self) -> str:
        r = self.rng.random()
        if r < 0.1:
            return self.pick(NUMERIC_WORDS)
        if r < 0.3:
            return str(self.rng.randint(-20, 20))
        return self.pick(NUMBERS)

    def fnum(self) -> str:
        """A number ``form`` takes (UCBLogo 6.2.2 aborts on form of 1e100)."""
        while True:
            n = self.num()
            if not any(big in n for big in ("1e100", "1e300", "1e308")):
                return n

    def int(self) -> str:
        r = self.rng.random()
        if r < 0.6:
            return str(self.rng.randint(-20, 40))
        return self.pick(["0", "255", "1000000", "-7", "(power 2 40)", "2147483647",
                          "4294967296", '"007', "65", "97", "1024"])

    def word(self) -> str:
        r = self.rng.random()
        if r < 0.03:
            return self.pick(UNICODE_WORDS)
        if r < 0.2:
            return self.pick(NUMERIC_WORDS)
        if r < 0.3:
            return self.num()
        return self.pick(WORDS)

    def list(self) -> str:
        return self.pick(LISTS)

    def array(self) -> str:
        return self.pick(ARRAYS)

    def seq(self) -> str:
        """A word or a list (what first/butfirst/count take)."""
        return self.word() if self.rng.random() < 0.45 else self.list()

    def bool(self) -> str:
        return self.pick(['"true', '"false', "(1 < 2)", "(equalp 1 2)", "[true]", '"yes'])

    def any(self) -> str:
        kind = self.rng.choice(["num", "word", "list", "list", "array", "bool"])
        return getattr(self, kind)()
