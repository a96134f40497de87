"""The reader's plain lines are cut out of the text a run at a time (plain_lines.py):
a long text, with lines the token loop must read here and there (a list or paren going
on over lines, a comment, a ``~``), reads as the token loop reads it, line numbers too."""

from __future__ import annotations

import random

import pytest

from tests.support import read_shapes

LINES = ['make "x :x + 3', 'if :x > 7 [make "y :x]', "", "   ", "print [a [b] c]",
         "repeat 2 [\nfd 1]", "print (sum 1\n2)", "fd 1 ~\nrt 2", "print {1 2}",
         "pr 1 ; note", "[]", "print [\n]", "\tfd\t1\r", "é ü", "print 1)", "[a [b]\n c]"]


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("blank", [True, False])
def test_a_long_text_reads_as_the_token_loop_reads_it(seed: int, blank: bool) -> None:
    rng = random.Random(seed)
    plain_runs = rng.choice([3, 40, 400])  # plain lines between the others
    lines = []
    for _ in range(60):
        lines += [rng.choice(LINES[:5]) for _ in range(rng.randrange(plain_runs))]
        lines.append(rng.choice(LINES))
    plain = "\n".join(lines) + "\n"
    commented = "\n".join(line if line.endswith("~") else line + " ;"
                          for line in plain.split("\n")[:-1]) + "\n"
    ours = read_shapes(plain, blank)
    assert ours[0] != "error"
    assert ours == read_shapes(commented, blank)
