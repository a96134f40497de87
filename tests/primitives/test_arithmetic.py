"""Unit tests for the arithmetic and logic primitives (logo/primitives/arithmetic.py,
arithmetic_math.py, logic.py), called directly.

Every row of UCB_CASES was checked against UCBLogo 6.2.2 (``ucblogo-run``): the expected
text is what ``show`` printed, or ``ERR code message`` from the caught error.  Two
printing details UCBLogo has that values.format_number lacks (-0 and -nan) are checked
here through the sign of the float.
"""

from __future__ import annotations

import math

import pytest

from logo.language.error_text import message
from logo.language.errors import LogoError
from logo.language.values import LogoList, show_form
from logo.primitives import arithmetic as A
from logo.primitives import bitwise as AB
from logo.primitives import math_functions as AM
from logo.primitives import random_numbers as AR


def L(*items):
    return LogoList(items)


INFIX = {"+": A.op_add, "-": A.op_sub, "*": A.op_mul, "/": A.op_div, "<": A.op_lt,
         ">": A.op_gt, "<=": A.op_le, ">=": A.op_ge, "=": A.op_eq, "<>": A.op_ne}
PY_NAMES = {"sum": "sum_", "int": "int_", "round": "round_", "random": "random_"}


def fmt(x):
    """UCBLogo's printed form: format_number, plus the sign of -0 and -nan."""
    if isinstance(x, float) and (x != x or x == 0) and math.copysign(1.0, x) < 0:
        return "-" + show_form(-x)
    return show_form(x)


def outcome(name, args):
    py_name = PY_NAMES.get(name, name)
    fn = INFIX.get(name) or next(getattr(m, py_name) for m in (A, AM, AB, AR)
                                 if hasattr(m, py_name))
    if fn.__code__.co_varnames[:1] == ("I",):  # (ISEQ looks at Stop: it takes I)
        from logo.session.interpreter import Interpreter

        args = (Interpreter(), *args)
    try:
        return fmt(fn(*args))
    except LogoError as e:
        code = e.code
        e.who = e.who or name  # the evaluator fills in the name the user typed
        return f"ERR {code} {message(e)}"


UCB_CASES = [
    ('+', (1, 2), '3'),
    ('+', (1, 2.5), '3.5'),
    ('+', ('1', '2'), '3'),
    ('+', (0.1, 0.2), '0.3'),
    ('+', (1, L()), "ERR 7 + doesn't like [] as input"),
    ('+', ('a', 1), "ERR 7 + doesn't like a as input"),
    ('+', (2147483647, 1), '2147483648'),
    ('+', (1e+308, 1e+308), 'inf'),
    ('-', (5, 7), '-2'),
    ('-', (L(), 1), "ERR 7 - doesn't like [] as input"),
    ('-', (1, 'a'), "ERR 7 - doesn't like a as input"),
    ('-', (0.5, 0.25), '0.25'),
    ('*', (6, 7), '42'),
    ('*', (2, 'a'), "ERR 7 * doesn't like a as input"),
    ('*', (1.5, 2), '3'),
    ('*', (0, -1.5), '-0'),
    ('*', (16384, 16384), '268435456'),
    ('*', (65536, 32768), '2147483648'),
    ('*', (100000, 100000), '10000000000'),
    ('*', (-46341, 46341), '-2147488281'),
    ('/', (6, 3), '2'),
    ('/', (7, 2), '3.5'),
    ('/', (-7, 2), '-3.5'),
    ('/', (1, 3), '0.333333333333333'),
    ('/', (2, 3), '0.666666666666667'),
    ('/', (1, 0), "ERR 4 / doesn't like 0 as input"),
    ('/', (1, 0.0), "ERR 4 / doesn't like 0 as input"),
    ('/', (0, 0), "ERR 4 / doesn't like 0 as input"),
    ('/', (10, 2.5), '4'),
    ('/', (2, 'a'), "ERR 7 / doesn't like a as input"),
    ('/', (1, L()), "ERR 7 / doesn't like [] as input"),
    ('/', (6, -3), '-2'),
    ('/', (-6, 4), '-1.5'),
    ('<', (1, 2), 'true'),
    ('<', (2, 1), 'false'),
    ('<', ('10', '9'), 'false'),
    ('<', (1, 'a'), "ERR 7 < doesn't like a as input"),
    ('>', (1, L()), "ERR 7 > doesn't like [] as input"),
    ('<=', (2, 2), 'true'),
    ('<=', (1, L()), "ERR 7 <= doesn't like [] as input"),
    ('>=', (1, L()), "ERR 7 >= doesn't like [] as input"),
    ('>=', (1.5, 2), 'false'),
    ('=', (1, 1.0), 'true'),
    ('=', (1, '1.0'), 'true'),
    ('=', (1, L()), 'false'),
    ('=', ('abc', 'ABC'), 'true'),
    ('<>', (1, 2), 'true'),
    ('<>', ('a', 'A'), 'false'),
    ('sum', (1, 2), '3'),
    ('sum', (1, L()), "ERR 7 sum doesn't like [] as input"),
    ('sum', (), '0'),
    ('sum', (5,), '5'),
    ('sum', (1, 2, 3, 4), '10'),
    ('sum', (1.5, 2, 3), '6.5'),
    ('sum', ('1e3', 1), '1001'),
    ('difference', (5, 3), '2'),
    ('difference', (5, 'a'), "ERR 7 difference doesn't like a as input"),
    ('difference', (0.1, 0.3), '-0.2'),
    ('minus', (5,), '-5'),
    ('minus', (L(),), "ERR 7 minus doesn't like [] as input"),
    ('minus', (0.0,), '-0'),
    ('minus', ('-3',), '3'),
    ('product', (), '1'),
    ('product', (2, 3, 4), '24'),
    ('product', (2, 'x'), "ERR 7 product doesn't like x as input"),
    ('product', (1.5, 1.5), '2.25'),
    ('quotient', (7, 2), '3.5'),
    ('quotient', (6, 3), '2'),
    ('quotient', (4,), '0.25'),
    ('quotient', (0,), "ERR 4 quotient doesn't like 0 as input"),
    ('quotient', (1, 0), "ERR 4 quotient doesn't like 0 as input"),
    ('quotient', (2.5, 0), "ERR 4 quotient doesn't like 0 as input"),
    ('quotient', (2.5, 0.0), "ERR 4 quotient doesn't like 0 as input"),
    ('quotient', (1,), '1'),
    ('quotient', (-8, 2), '-4'),
    ('remainder', (7, 2), '1'),
    ('remainder', (7, -2), '1'),
    ('remainder', (-7, 2), '-1'),
    ('remainder', (7.5, 2), '1.5'),
    ('remainder', (5, 0), "ERR 4 remainder doesn't like 0 as input"),
    ('remainder', (5, 0.0), "ERR 4 remainder doesn't like 0 as input"),
    ('remainder', ('a', 2), "ERR 7 remainder doesn't like a as input"),
    ('remainder', (-7.5, 2), '-1.5'),
    ('modulo', (7, 2), '1'),
    ('modulo', (7, -2), '-1'),
    ('modulo', (-7, 2), '1'),
    ('modulo', (-7.5, 2), '0.5'),
    ('modulo', (4, -2), '-2'),
    ('modulo', (6, -3), '-3'),
    ('modulo', (4.0, -2), '-2'),
    ('modulo', (5, 0), "ERR 4 modulo doesn't like 0 as input"),
    ('modulo', (6, 3), '0'),
    ('modulo', (-6, 3), '0'),
    ('int', (3.7,), '3'),
    ('int', (-3.7,), '-3'),
    ('int', ('3.9',), '3'),
    ('int', ('a',), "ERR 7 int doesn't like a as input"),
    ('int', (5,), '5'),
    ('int', (10000000000.0,), '10000000000'),
    ('int', (1e+20,), '1e+20'),
    ('int', (-0.5,), '0'),
    ('int', (2147483647.5,), '2147483647'),
    ('round', (2.5,), '3'),
    ('round', (-2.5,), '-3'),
    ('round', (3.5,), '4'),
    ('round', (0.5,), '1'),
    ('round', (0.49999999999999994,), '1'),
    ('round', ('-3.5',), '-4'),
    ('round', (-0.4,), '0'),
    ('round', (7,), '7'),
    ('round', (1e+20,), '1e+20'),
    ('round', (2.4999,), '2'),
    ('sqrt', (16,), '4'),
    ('sqrt', (2,), '1.4142135623731'),
    ('sqrt', (-1,), '-nan'),
    ('sqrt', ('a',), "ERR 7 sqrt doesn't like a as input"),
    ('sqrt', (0,), '0'),
    ('sqrt', (16.0,), '4'),
    ('power', (2, 10), '1024'),
    ('power', (2, 100), '1.26765060022823e+30'),
    ('power', (2.5, 2), '6.25'),
    ('power', (0, -1), 'inf'),
    ('power', (-8, 0.5), '-nan'),
    ('power', (2, 0.5), '1.4142135623731'),
    ('power', (10, 1000), 'inf'),
    ('power', (-10, 1001), '-inf'),
    ('power', (0, 0), '1'),
    ('power', (-2, 3), '-8'),
    ('power', (-2, -1), '-0.5'),
    ('power', (2, -1), '0.5'),
    ('power', (10, -400), '0'),
    ('power', ('a', 2), "ERR 7 power doesn't like a as input"),
    ('exp', (1,), '2.71828182845905'),
    ('exp', (0,), '1'),
    ('exp', (1000,), 'inf'),
    ('exp', (-1000,), '0'),
    ('exp', (2.5,), '12.1824939607035'),
    ('log10', (100,), '2'),
    ('log10', (0,), '-inf'),
    ('log10', (-1,), 'nan'),
    ('log10', (2,), '0.301029995663981'),
    ('log10', (1e-05,), '-5'),
    ('ln', (1,), '0'),
    ('ln', (0,), '-inf'),
    ('ln', (-1,), '-nan'),
    ('ln', (10,), '2.30258509299405'),
    ('ln', ('a',), "ERR 7 ln doesn't like a as input"),
    ('sin', (30,), '0.5'),
    ('sin', (0,), '0'),
    ('sin', (90,), '1'),
    ('sin', (180,), '0'),
    ('sin', (-180,), '-0'),
    ('sin', (200,), '-0.342020143325669'),
    ('sin', (45,), '0.707106781186547'),
    ('sin', (1e+17,), '-0.984807753012208'),
    ('sin', (-720,), '-0'),
    ('sin', (123.456,), '0.834309433314807'),
    ('sin', ('a',), "ERR 7 sin doesn't like a as input"),
    ('cos', (60,), '0.5'),
    ('cos', (90,), '0'),
    ('cos', (0,), '1'),
    ('cos', (180,), '-1'),
    ('cos', (1000.5,), '0.182235525492148'),
    ('cos', (-45,), '0.707106781186547'),
    ('arctan', (1,), '45'),
    ('arctan', (0,), '0'),
    ('arctan', (1, 1), '45'),
    ('arctan', (0, -1), '-90'),
    ('arctan', (-1, 0), '180'),
    ('arctan', (0, 0), '0'),
    ('arctan', (1, 0), '0'),
    ('arctan', (-1, -1), '-135'),
    ('arctan', (1e+300,), '90'),
    ('radsin', (1,), '0.841470984807897'),
    ('radcos', (1,), '0.54030230586814'),
    ('radarctan', (1,), '0.785398163397448'),
    ('radarctan', (0, 1), '1.5707963267949'),
    ('radarctan', (0, -1), '-1.5707963267949'),
    ('radarctan', ('a',), "ERR 7 radarctan doesn't like a as input"),
    ('radsin', (0,), '0'),
    ('iseq', (1, 5), '[1 2 3 4 5]'),
    ('iseq', (5, 1), '[5 4 3 2 1]'),
    ('iseq', (1.5, 3), '[1.5 2.5]'),
    ('iseq', (3.5, 1), '[3.5 2.5 1.5]'),
    ('iseq', (3, 3), '[3]'),
    ('iseq', ('a', 3), "ERR 7 > doesn't like a as input"),
    ('iseq', (1, 'a'), "ERR 7 > doesn't like a as input"),
    ('iseq', (-2, 2), '[-2 -1 0 1 2]'),
    ('iseq', (0.0, -2), '[0 -1 -2]'),
    ('iseq', ('2', '4'), '[2 3 4]'),
    ('rseq', (3, 5, 9), '[3 3.25 3.5 3.75 4 4.25 4.5 4.75 5]'),
    ('rseq', (3, 5, 5), '[3 3.5 4 4.5 5]'),
    ('rseq', (3, 5, 1), "ERR 4 / doesn't like 0 as input"),
    ('rseq', (3, 5, 0), '[3 5]'),
    ('rseq', (5, 3, 3), '[5 4 3]'),
    ('rseq', (0, 10, 11), '[0 1 2 3 4 5 6 7 8 9 10]'),
    ('rseq', (0, 1, 3), '[0 0.5 1]'),
    ('rseq', (1, 2, 'a'), "ERR 7 - doesn't like a as input"),
    ('rseq', ('a', 2, 3), "ERR 7 - doesn't like a as input"),
    ('rseq', (0, 1, 4), '[0 0.333333333333333 0.666666666666667 1]'),
    ('rseq', (1, 'b', 3), "ERR 7 - doesn't like b as input"),
    ('rseq', (0, 1, 7), '[0 0.166666666666667 0.333333333333333 0.5 0.666666666666667 0.833333333333333 1]'),
    ('lessp', (1, 2), 'true'),
    ('lessp', (1, 'a'), "ERR 7 lessp doesn't like a as input"),
    ('lessp', ('a', L()), "ERR 7 lessp doesn't like a as input"),
    ('lessp', (1, 1.5), 'true'),
    ('lessp', ('10', '9'), 'false'),
    ('greaterp', (3, 2), 'true'),
    ('greaterp', (2, 2), 'false'),
    ('lessequalp', (2, 2), 'true'),
    ('lessequalp', (3, 2), 'false'),
    ('greaterequalp', (2, 2), 'true'),
    ('greaterequalp', (1, 2), 'false'),
    ('greaterp', (L(), 1), "ERR 7 greaterp doesn't like [] as input"),
    ('form', (3.14159, 10, 2), '      3.14'),
    ('form', (3.14159, 1, 0), '3'),
    ('form', (3.14159, -1, 3), '3\n'),
    ('form', (3, 5, -1), '3.000000'),
    ('form', ('a', 5, 2), "ERR 7 form doesn't like a as input"),
    ('form', (-2.5, 0, 0), '-2'),
    ('form', (2.5, 0, 0), '2'),
    ('form', (3.5, 0, 0), '4'),
    ('form', (1e+20, 3, 2), '100000000000000000000.00'),
    ('form', (3, 2.5, 1), "ERR 7 form doesn't like 2.5 as input"),
    ('form', (0.3333333333333333, -1, '%.20f'), '0.33333333333333331483\n'),
    ('form', (3, 200, 2), '                                                                                               3.00'),
    ('form', (2, -1, 'abcdefghijklmnopqrstuvwxyz'), 'abcdefghijklmnopqrs'),
    ('form', (7, 4, 0), '   7'),
    ('form', (-1.25, 8, 3), '  -1.250'),
    ('form', (3, 5, 'a'), "ERR 7 form doesn't like a as input"),
    ('form', (0.3333333333333333, -1, '%e'), '3.333333e-01\n'),
    ('bitand', (6, 3), '2'),
    ('bitand', (7, 6, 12), '4'),
    ('bitand', (), '-1'),
    ('bitand', (1.5, 1), "ERR 4 bitand doesn't like 1.5 as input"),
    ('bitand', (1, 1.5), "ERR 4 bitand doesn't like 1.5 as input"),
    ('bitand', (1.0, 1), "ERR 4 bitand doesn't like 1 as input"),
    ('bitand', ('a', 1), "ERR 7 bitand doesn't like a as input"),
    ('bitand', (-1, 255), '255'),
    ('bitand', (1.5,), '1.5'),
    ('bitor', (), '0'),
    ('bitor', (1, 2, 4), '7'),
    ('bitor', (5, 3), '7'),
    ('bitxor', (), '0'),
    ('bitxor', (5, 3), '6'),
    ('bitxor', (5, 3, 1), '7'),
    ('bitnot', (0,), '-1'),
    ('bitnot', (5,), '-6'),
    ('bitnot', (-1,), '0'),
    ('bitnot', (1.5,), "ERR 4 bitnot doesn't like 1.5 as input"),
    ('bitnot', ('a',), "ERR 7 bitnot doesn't like a as input"),
    ('ashift', (1, 3), '8'),
    ('ashift', (-8, -1), '-4'),
    ('ashift', (3, -1), '1'),
    ('ashift', (-3, -1), '-2'),
    ('ashift', (1, 64), '1'),
    ('ashift', (1, 65), '2'),
    ('ashift', (1.5, 1), "ERR 4 ashift doesn't like 1.5 as input"),
    ('ashift', (1, -64), '1'),
    ('lshift', (1, 3), '8'),
    ('lshift', (-8, -1), '2147483644'),
    ('lshift', (3, -1), '1'),
    ('lshift', (-3, -1), '2147483646'),
    ('lshift', (1, -33), '0'),
    ('lshift', (1, 64), '1'),
    ('lshift', (1, 40), '1099511627776'),
    ('lshift', (-1, -1), '2147483647'),
    ('lshift', (1, 2.5), "ERR 4 lshift doesn't like 2.5 as input"),
]


@pytest.mark.parametrize("name,args,expected", UCB_CASES,
                         ids=[f"{n}{a}" for n, a, _ in UCB_CASES])
def test_matches_ucblogo(name, args, expected):
    assert outcome(name, args) == expected


# --- types: integers stay integers while they fit -------------------------------------
@pytest.mark.parametrize("value,typ", [
    (A.op_add(2, 3), int), (A.op_add(2, 3.0), float), (A.sum_("2", "3"), int),
    (A.op_div(6, 3), int), (A.op_div(7, 2), float), (A.quotient(4), float),
    (A.op_mul(46340, 46340), int), (A.op_mul(65536, 32768), float),
    (A.op_add(2147483647, 1), int), (A.int_(3.7), int), (A.int_(1e10), float),
    (A.round_(2.5), int), (A.round_(1e20), float), (AM.power(2, 3), float),
    (AM.sqrt(16), float), (A.remainder(7, 2), int), (A.modulo(7.0, 2), float),
    (AB.lshift(1, 40), int), (A.minus("5"), int), (A.op_neg(2.5), float),
])
def test_result_types(value, typ):
    assert type(value) is typ


def test_shifts_use_64_bit_integers():
    assert AB.ashift(1, 62) == 4611686018427387904
    assert AB.lshift(1, 63) == -(2**63)
    assert AB.lshift(-1, -1) == 2147483647  # the right shift works on 32 bits
    assert A.op_add(2**62, 2**62) == 2.0**63  # past 64 bits: a float


def test_op_helpers_fast_and_slow_paths():
    assert A.op_sub(7, 2) == 5 and A.op_sub(0.5, 0.25) == 0.25 and A.op_sub("7", 2.5) == 4.5
    assert A.op_mul(3.0, 2.0) == 6.0 and A.op_mul("3", "4") == 12
    assert A.op_div(1.0, 4.0) == 0.25 and A.op_div("9", "3") == 3
    assert A.op_neg(5) == -5 and A.op_neg("2.5") == -2.5
    assert A.op_lt(1.5, 2) == "true" and A.op_gt("3", 2) == "true"
    assert A.op_le(2.0, 2) == "true" and A.op_ge(1, 2.0) == "false"
    assert A.op_eq(3, 3) == "true" and A.op_eq(L(1, "a"), L("1", "A")) == "true"
    assert A.op_ne(3, 4) == "true" and A.op_ne("x", "X") == "false"


def test_unary_minus_names_itself_like_ucblogo():
    with pytest.raises(LogoError) as info:
        A.op_neg(L())
    assert message(info.value) == "-- doesn't like [] as input"


def test_division_by_zero_is_error_4():
    with pytest.raises(LogoError) as info:
        A.op_div(5, 0)
    err = info.value
    assert err.code == 4 and err.kind == "doesnt_like_unrec"
    assert message(err) == "/ doesn't like 0 as input"


def test_errors_leave_who_to_the_evaluator():
    with pytest.raises(LogoError) as info:
        A.sum_(1, L())
    assert info.value.who is None and info.value.kind == "doesnt_like"


def test_tan_and_radtan_extras():
    assert AM.tan(45) == 1.0 and AM.tan(-45) == -1.0 and AM.tan(0) == 0.0
    assert fmt(AM.tan(30)) == "0.577350269189626" and AM.radtan(0) == 0.0
    with pytest.raises(LogoError) as info:
        AM.tan(90)
    assert info.value.code == 4 and show_form(info.value.what) == "90"
