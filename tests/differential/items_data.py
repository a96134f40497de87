"""Item makers for data, arithmetic and printing: primitive calls with sensible and odd
inputs, infix expressions, minus signs, parenthesised calls and number printing.

A maker takes a :class:`Ctx` and returns the item's instructions; see ``generate.py``.
"""

from __future__ import annotations

import random

from tests.differential.values import Values

# Operations tested as ``show NAME inputs``: name -> input kinds (see values.Values);
# names that only take part in special makers are listed in generate.SPECIAL.
OPERATIONS: dict[str, tuple[str, ...]] = {
    "word": ("word", "word"), "list": ("any", "any"), "sentence": ("any", "any"),
    "se": ("any", "any"), "fput": ("any", "list"), "lput": ("any", "list"),
    "array": ("small",), "listtoarray": ("list",), "arraytolist": ("array",),
    "combine": ("any", "any"), "reverse": ("seq",), "first": ("seq",), "last": ("seq",),
    "butfirst": ("seq",), "bf": ("seq",), "butlast": ("seq",), "bl": ("seq",),
    "firsts": ("list",), "butfirsts": ("list",), "bfs": ("list",),
    "item": ("small", "seq"), "remove": ("any", "seq"), "remdup": ("seq",),
    "quoted": ("any",), "wordp": ("any",), "word?": ("any",), "listp": ("any",),
    "list?": ("any",), "arrayp": ("any",), "array?": ("any",), "emptyp": ("any",),
    "empty?": ("any",), "numberp": ("any",), "number?": ("any",),
    "equalp": ("any", "any"), "equal?": ("any", "any"), "notequalp": ("any", "any"),
    "notequal?": ("any", "any"), "beforep": ("word", "word"), "before?": ("word", "word"),
    ".eq": ("any", "any"), "memberp": ("any", "seq"), "member?": ("any", "seq"),
    "member": ("any", "seq"), "substringp": ("word", "word"), "substring?": ("word", "word"),
    "backslashedp": ("word",), "backslashed?": ("word",), "vbarredp": ("word",),
    "vbarred?": ("word",), "count": ("any",), "ascii": ("word",), "rawascii": ("word",),
    "char": ("int",), "lowercase": ("word",), "uppercase": ("word",), "parse": ("word",),
    "runparse": ("seq",), "sqrt": ("num",), "power": ("num", "num"), "exp": ("num",),
    "log10": ("num",), "ln": ("num",), "sin": ("num",), "cos": ("num",),
    "arctan": ("num",), "radsin": ("num",), "radcos": ("num",), "radarctan": ("num",),
    "form": ("fnum", "small", "small"), "bitand": ("int", "int"), "bitor": ("int", "int"),
    "bitxor": ("int", "int"), "bitnot": ("int",), "ashift": ("int", "small"),
    "lshift": ("int", "small"), "sum": ("num", "num"), "difference": ("num", "num"),
    "minus": ("num",), "product": ("num", "num"), "quotient": ("num", "num"),
    "remainder": ("num", "num"), "modulo": ("num", "num"), "int": ("num",),
    "round": ("num",), "iseq": ("small", "small"), "rseq": ("num", "num", "small"),
    "lessp": ("num", "num"), "less?": ("num", "num"), "greaterp": ("num", "num"),
    "greater?": ("num", "num"), "lessequalp": ("num", "num"), "lessequal?": ("num", "num"),
    "greaterequalp": ("num", "num"), "greaterequal?": ("num", "num"),
    "and": ("bool", "bool"), "or": ("bool", "bool"), "not": ("bool",),
}
VARIADIC = ["word", "list", "sentence", "se", "sum", "product", "and", "or", "bitand",
            "bitor", "bitxor", "print", "show", "type", "pr"]
PRINTERS = ["print", "show", "type", "pr"]


class Ctx:
    """What a maker needs: the random source, value picks and the item's name prefix."""

    def __init__(self, rng: random.Random, number: int) -> None:
        self.rng = rng
        self.v = Values(rng)
        self.number = number

    def name(self, what: str = "f") -> str:
        """A procedure or variable name no other item uses."""
        return f"d{self.number}.{what}"

    def choice(self, seq):  # type: ignore[no-untyped-def]
        return self.rng.choice(seq)


def call_op(c: Ctx, name: str) -> str:
    kinds = OPERATIONS[name]
    if name == "form":  # odd inputs to form make UCBLogo 6.2.2 abort
        return " ".join([name, *(getattr(c.v, k)() for k in kinds)])
    return " ".join([name, *(c.v.maybe_odd(k) for k in kinds)])


def prim_calls(c: Ctx) -> list[str]:
    """Two or three plain calls of one operation."""
    name = c.choice(sorted(OPERATIONS))
    return [f"show {call_op(c, name)}" for _ in range(c.rng.randint(2, 3))]


def nested_calls(c: Ctx) -> list[str]:
    """An operation's output fed to another."""
    outer = c.choice(["first", "last", "bf", "bl", "count", "reverse", "list 0", "se [x]",
                      'word "x', "sum 1", "item 1", "equalp [a]", "numberp", "fput 0"])
    inner = c.choice(sorted(OPERATIONS))
    return [f"show {outer} {call_op(c, inner)}", f"print {call_op(c, inner)}"]


def variadic_calls(c: Ctx) -> list[str]:
    """Parenthesised calls with no, one or extra inputs."""
    out = []
    for _ in range(c.rng.randint(2, 3)):
        name = c.choice(VARIADIC)
        kind = {"word": "word", "sum": "num", "product": "num", "and": "bool",
                "or": "bool"}.get(name, "int" if name.startswith("bit") else "any")
        args = [c.v.maybe_odd(kind) for _ in range(c.choice([0, 1, 3, 4]))]
        call = "(" + " ".join([name, *args]) + ")"
        out.append(call if name in PRINTERS else f"show {call}")
    if c.rng.random() < 0.3:
        out.append(f"(type {c.v.any()} {c.v.any()}) print []")
    return out


def wrong_counts(c: Ctx) -> list[str]:
    """Fixed-arity primitives in parentheses with too many or too few inputs."""
    name = c.choice(sorted(set(OPERATIONS) - {"array", "listtoarray", "form"}))  # UCB aborts
    kinds = list(OPERATIONS[name])
    n = max(0, len(kinds) + c.choice([-1, 1, 2]))
    args = [c.v.maybe_odd(kinds[i] if i < len(kinds) else "any") for i in range(n)]
    return ["show (" + " ".join([name, *args]) + ")", f"show {name}"]


def _atom(c: Ctx) -> str:
    r = c.rng.random()
    if r < 0.5:
        return str(c.rng.randint(0, 12))
    if r < 0.7:
        return c.choice(["0.5", "2.5", "1e3", "3.0", "1e-5", "100", "7"])
    if r < 0.8:
        return c.choice(["(-3)", "-2", "(minus 4)", "-:x"]) if r < 0.75 else ":x"
    return c.choice(["sum 1 2", "abs -3", "int 7.5", "(product 2 3 4)", "first [5 6]",
                     "count [a b c]", "sqrt 16"]).replace("abs -3", "minus -3")


def expression(c: Ctx, depth: int = 0) -> str:
    """An infix arithmetic expression with precedence and parentheses."""
    if depth > 2 or c.rng.random() < 0.3:
        return _atom(c)
    op = c.choice(["+", "-", "*", "/", "+", "*", "-"])
    left, right = expression(c, depth + 1), expression(c, depth + 1)
    sp = c.choice([" ", " ", ""])
    e = f"{left}{sp}{op}{sp}{right}" if not (sp == "" and op == "-") else f"{left} - {right}"
    return f"({e})" if c.rng.random() < 0.3 else e


def infix(c: Ctx) -> list[str]:
    """Arithmetic and comparisons mixed, printed."""
    x = c.choice(["5", "-2", "0.5", "10"])
    out = [f'make "x {x} show {expression(c)}']
    cmp_op = c.choice(["=", "<", ">", "<=", ">=", "<>"])
    out.append(f"show {expression(c, 1)} {cmp_op} {expression(c, 1)}")
    if c.rng.random() < 0.4:
        out.append(f'make "x {x} print {expression(c)} + {expression(c, 2)}')
    return [line.replace(':x', f':{c.name("x")}').replace('"x ', f'"{c.name("x")} ')
            for line in out]


MINUS_FORMS = [
    "show 3-1", "show 3 - 1", "show 3 -1", "show - 3", "show -3", "show (- 3)", "show -:X",
    "show :X -1", "show :X - 1", "show :X-1", "show sum :X -1", "show sum :X - 1",
    "show list :X -1", "show list :X - 1", "show (list :X -1 - 2)", "show 2*-3",
    "show 2 * -3", "show 2*- 3", "show -(3)", "show - :X", "show 5--3", "show 5 - -3",
    "show -3-2", "show first [-3 2]", "show -[3]", "show [- 3]", "show -2^2",
    "show minus -3", "show -sum 1 2", "show - sum 1 2", "show 1 - - 1", "show (-:X)",
    "show 10 -2 -3", "show (sum 10 -2 -3)", "show -0", "show - 0", "show 3 +-1",
    "show (3) -1", "show 4 -(1)", "show item 2 [1 2 3] -1", "show :X*-1", "show -:X*-:X",
]


def minus_forms(c: Ctx) -> list[str]:
    """Unary and binary minus in all the spacing forms."""
    var = c.name("x")
    lines = c.rng.sample(MINUS_FORMS, 3)
    val = c.choice(["5", "-2", "0.5"])
    return [f'make "{var} {val} ' + ln.replace(":X", f":{var}") for ln in lines]


NUMBER_EXPRS = [
    "power 2 {i}", "product {n} {n}", "quotient {n} {n}", "{n} / {n}", "sqrt {n}",
    "exp {s}", "ln {n}", "1 / {i}", "{n} * 1e10", "{n} * 1e-10", "power 10 {i}",
    "power 10 -{s}", "2 * {n}", "int {n}", "round {n}", "{n} + 0.1", "1e{i}",
    "power 2 0.5", "(power -8 1/3)", "{n} - {n}", "product 1e154 1e154", "1e308 * 10",
    "-1e308 * 10", "(1e308 * 10) - (1e308 * 10)", "123456789 * 1000000000",
    "power 3 {i}", "remainder power 2 {i} 7", "12345678901234567 + 1",
    "0.1 * 3", "1 - 0.9", "100 / 3", "2 / 3 * 3", "1e15 + 0.3", "1e16 + 1",
    "(power 2 {i}) - 1", "int power 2 {i}", "round 2.5", "round -2.5", "round 0.5",
    "int -3.7", "ashift 1 {i}", "int 1e20", "form {f} 10 3", "form {f} 1 0",
]


def number_printing(c: Ctx) -> list[str]:
    """Printing of big, small and float numbers in both print and show."""
    out = []
    for _ in range(3):
        expr = c.choice(NUMBER_EXPRS)
        expr = expr.replace("{i}", str(c.choice([0, 1, 10, 31, 32, 40, 52, 53, 62, 63, 64,
                                                  70, 100, 200, 1000])), 1)
        expr = expr.replace("{i}", str(c.rng.randint(0, 70)))
        expr = expr.replace("{s}", str(c.rng.randint(0, 20)))
        expr = expr.replace("{f}", c.v.fnum())
        while "{n}" in expr:
            expr = expr.replace("{n}", c.v.num(), 1)
        out.append(f"{c.choice(['show', 'print'])} {expr}")
    return out


def numeric_words(c: Ctx) -> list[str]:
    """Words that look like numbers used as numbers and as words."""
    w = c.choice(["007", "1e3", "-5", "3.", ".5", "1.0", "0", "+3", "1e", "1.5e2", "-0",
                  "00", "1E3", "2.50", "-.5", "5e-1", "12abc", "0.0"])
    ops = [f'show "{w} + 0', f'show numberp "{w}', f'show count "{w}', f'show first "{w}',
           f'show "{w} = {c.v.num()}', f'show equalp "{w} {c.v.num()}', f'print "{w} * 1',
           f'show word "{w} 1', f'show item 1 "{w}', f'show memberp "{w} [{w} x]',
           f'show sum "{w} "{w}', f'show list "{w} "{w}', f'show butfirst "{w}',
           f'show "{w} < 1', f'show int "{w}', f'show lessp "{w} 10', f'show se "{w} []',
           f'show emptyp bf "{w}']
    return c.rng.sample(ops, 4)


PRINT_VALUES = [
    "[a [b c] d]", "[]", '"||', "{1 2 {3}}", "{a b}@0", "[[] [[]]]", '"|a b|', '"a\\ b',
    "[|a b| c]", "(list [] \"||)", "[1.50 007 -0]", "(list 1.50 007)", "(array 2)",
    "[\\[ x]", '"|[|', "{}", "[{1 2} [3]]", '(list "a "|b c| [d])', "(listtoarray [] 5)",
    "(word \"a \"| | \"b)", '"\\|', '"\\;a', "(se [a] \"b [[c]])",
]


def printing(c: Ctx) -> list[str]:
    """print, show and type of words, lists and arrays, nested and empty."""
    out = []
    for _ in range(3):
        val = c.choice(PRINT_VALUES) if c.rng.random() < 0.7 else c.v.any()
        p = c.choice(PRINTERS)
        out.append(f"{p} {val}" + (" print []" if p == "type" else ""))
    if c.rng.random() < 0.5:
        out.append(f"(print {c.v.any()} {c.v.any()} {c.v.any()})")
    return out


def bits(c: Ctx) -> list[str]:
    """Bitwise operations with negative and large inputs."""
    out = []
    for _ in range(3):
        op = c.choice(["bitand", "bitor", "bitxor", "bitnot", "ashift", "lshift"])
        a = c.choice(["12", "10", "-1", "-12", "255", "0", "65535", "2147483647",
                      "-2147483648", "4294967295", "7.0", "3.5", "1"])
        if op == "bitnot":
            out.append(f"show bitnot {a}")
        elif op in ("ashift", "lshift"):
            out.append(f"show {op} {a} {c.choice(['1', '3', '-1', '-3', '0', '31', '32'])}")
        else:
            b = c.choice(["6", "3", "-1", "255", "0", "15", "(bitnot 0)"])
            out.append(f"show ({op} {a} {b} {c.choice(['1', '7', '-1'])})"
                       if c.rng.random() < 0.3 else f"show {op} {a} {b}")
    return out


def division(c: Ctx) -> list[str]:
    """quotient, remainder, modulo, int and round on signs, zeros and floats."""
    out = []
    for _ in range(3):
        op = c.choice(["quotient", "remainder", "modulo", "/", "int", "round"])
        a = c.choice(["7", "-7", "7.5", "-7.5", "0", "1e20", "10", "3", "-0.5", "2.5"])
        b = c.choice(["2", "-2", "0", "0.5", "3", "-3", "1e-5", "2.5"])
        if op == "/":
            out.append(f"show {a} / {b}")
        elif op in ("int", "round"):
            out.append(f"show {op} {a}")
        else:
            out.append(f"show {op} {a} {b}")
    if c.rng.random() < 0.3:
        out.append(f"show (quotient {c.choice(['4', '0', '-2', '0.5'])})")
    return out


def comparisons(c: Ctx) -> list[str]:
    """equalp, =, <, beforep between numbers, numeric words and words."""
    vals = ["1", "1.0", '"1', '"1.0', '"01', "[1]", '"a', '"A', "[a b]", "[A B]", "{1}",
            '"||', "[]", '"true', "0", "-0", "1e3", '"1e3', "1000"]
    out = []
    for _ in range(3):
        op = c.choice(["=", "<>", "equalp", "notequalp", "<", ">", "beforep", ".eq",
                       "memberp"])
        a, b = c.choice(vals), c.choice(vals)
        if op in ("=", "<>", "<", ">"):
            out.append(f"show {a} {op} {b}")
        else:
            out.append(f"show {op} {a} {b}")
    return out


def words_text(c: Ctx) -> list[str]:
    """Text primitives: case, ascii/char, parse/runparse, substrings, reverse."""
    ops = [
        f"show lowercase {c.v.word()}", f"show uppercase {c.v.word()}",
        "show ascii " + c.choice(['"a', '"A', '"0', '"\\ ', '"~', '"\\|', '"ab', '"||']),
        f"show char {c.choice(['65', '97', '48', '32', '126', '255', '0', '1000', '65.0'])}",
        'show parse "|' + c.choice(["a b c", "[a b] c", "1 + 2", "a [b [c]]", "", "3-2",
                                    "(x y)"]) + "|",
        'show runparse "|' + c.choice(["3+4", "a-1", "print 3*-2", "[x y]", "(sum 1 2)",
                                       "3 -1", "-3", ":a-1", "x=y", "<= >="]) + "|",
        f"show runparse {c.choice(['[print 3+4]', '[a-1]', '[x [y-1]]', '[3<4]'])}",
        f"show substringp {c.v.word()} {c.v.word()}",
        f"show reverse {c.v.seq()}", f"show remdup {c.v.seq()}",
        f"show quoted {c.v.any()}", f"show count {c.v.any()}",
        f"show beforep {c.v.word()} {c.v.word()}", f"show member {c.v.word()} {c.v.word()}",
        f"show combine {c.v.word()} {c.v.seq()}", f"show remove {c.v.word()} {c.v.seq()}",
    ]
    return c.rng.sample(ops, 4)


MAKERS = {
    "prim_calls": (prim_calls, 30), "nested_calls": (nested_calls, 8),
    "variadic_calls": (variadic_calls, 6), "wrong_counts": (wrong_counts, 4),
    "infix": (infix, 8), "minus_forms": (minus_forms, 6),
    "number_printing": (number_printing, 8), "numeric_words": (numeric_words, 4),
    "printing": (printing, 5), "bits": (bits, 3), "division": (division, 4),
    "comparisons": (comparisons, 4), "words_text": (words_text, 6),
}
