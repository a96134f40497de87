"""Reading L-systems written in Logo: axioms, rule lists, property lists.

Rules may be written in any of these forms (all mean the same)::

    [[F F-F++F-F] [X |F[+X]F[-X]+X|]]       two-item lists, bars keep brackets in a word
    [[X [F [+X] F [-X] +X]]]                  the replacement as a list (sublists = branches)
    [F -> F-F++F-F X -> F[+X]F[-X]+X]         arrows (-> or →), as FracTree prints them
    [[F -> F-F++F-F]]                         a list per rule, with an arrow
    [[F 0.33 F[+F]F[-F]F] [F 0.33 F[+F]F] [F 0.34 F[-F]F]]   weights: a stochastic rule

A system for ``lsystem.define`` is a property list::

    [axiom ---F  rules [F -> F[+F]F[-F]F]  direction 12]

with the properties ``axiom rules angle direction signs step fit seed symbols heading``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from logo.language.errors import LogoError
from logo.language.values import LogoList, is_true, parse_number, print_form

from . import rules as R

ARROWS = ("->", "→", "=>")


def _bad(x: Any, why: str, **fields: Any) -> LogoError:
    """X doesn't like ..., with the hint ``why`` (a catalogue key) under it."""
    return LogoError("doesnt_like", what=x, hint=why, **fields)


def _number(x: Any) -> float | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, (int, float)):
        return float(x)
    return parse_number(x) if isinstance(x, str) else None


def _pieces(x: Any) -> list:
    """A replacement (word or list) as pieces for :func:`rules.pieces_to_symbols`."""
    if isinstance(x, LogoList):
        return [_pieces(i) if isinstance(i, LogoList) else print_form(i) for i in x]
    return [print_form(x)]


def _is_arrow(x: Any) -> bool:
    return isinstance(x, str) and x in ARROWS


def read_rules(value: Any) -> list[tuple[str, list, float]]:
    """Logo rules -> (head, replacement pieces, weight) triples (symbols not yet cut)."""
    if not isinstance(value, LogoList):
        raise _bad(value, "hint.rules_list")
    items = list(value)
    if any(_is_arrow(i) for i in items):
        return _arrow_rules(items, value)
    return [_one_rule(item) for item in items]


def _arrow_rules(items: list, whole: Any) -> list[tuple[str, list, float]]:
    arrows = [i for i, x in enumerate(items) if _is_arrow(x)]
    if arrows[0] != 1 or any(b - a < 3 for a, b in itertools.pairwise(arrows)):
        raise _bad(whole, "hint.rule_arrow")
    out = []
    for k, a in enumerate(arrows):
        end = arrows[k + 1] - 1 if k + 1 < len(arrows) else len(items)
        out.append((_head(items[a - 1], whole), _pieces(LogoList(items[a + 1:end])), 1.0))
    return out


def _head(x: Any, whole: Any) -> str:
    if isinstance(x, LogoList) or not print_form(x):
        raise _bad(whole, "hint.rule_symbol")
    return R.canonical(print_form(x))


def _one_rule(item: Any) -> tuple[str, list, float]:
    if not isinstance(item, LogoList) or len(item) < 2:
        raise _bad(item, "hint.rule_form")
    parts = list(item)
    head = _head(parts[0], item)
    if len(parts) >= 3 and _is_arrow(parts[1]):
        return head, _pieces(LogoList(parts[2:])), 1.0
    weight = _number(parts[1]) if len(parts) == 3 else None
    if weight is not None:
        return head, _pieces(parts[2]), weight
    rest = parts[1] if len(parts) == 2 else LogoList(parts[1:])
    return head, _pieces(rest), 1.0


def make_rules(raw: list[tuple[str, list, float]], axiom: Any = None
               ) -> tuple[tuple[R.Rule, ...], set[str]]:
    """Cut the replacements into symbols, knowing the multi-character heads."""
    known = R.multi_symbols(h for h, _, _ in raw)
    out = tuple(R.Rule(h, R.pieces_to_symbols(p, known), w) for h, p, w in raw)
    return out, known


def read_axiom(value: Any, known: set[str]) -> R.Symbols:
    return R.pieces_to_symbols(_pieces(value), known)


def system_from(axiom: Any, rules: Any) -> R.System:
    """``lsystem.expand``'s and ``lsystem.count``'s inputs as a system."""
    rule_list, known = make_rules(read_rules(rules))
    return R.System(axiom=read_axiom(axiom, known), rules=rule_list)


# --- property lists -------------------------------------------------------------------
PROPERTIES = ("axiom", "rules", "angle", "direction", "signs", "step", "fit", "seed",
              "symbols", "heading")


def read_properties(value: Any) -> dict[str, Any]:
    if not isinstance(value, LogoList) or len(value) % 2:
        raise _bad(value, "hint.system_list")
    props: dict[str, Any] = {}
    items = list(value)
    for name, v in zip(items[::2], items[1::2]):
        key = print_form(name).lower()
        if key not in PROPERTIES:
            raise _bad(name, "hint.properties", names=" ".join(PROPERTIES))
        props[key] = v
    if "axiom" not in props:
        raise _bad(value, "hint.axiom")
    return props


def system_from_properties(value: Any) -> R.System:
    """``lsystem.define``'s property list as a system."""
    p = read_properties(value)
    rule_list, known = make_rules(read_rules(p.get("rules", LogoList())))
    defs = {}
    if "symbols" in p:
        raw = read_rules(p["symbols"])
        known |= R.multi_symbols(h for h, _, _ in raw)
        defs = {h: R.pieces_to_symbols(pc, known) for h, pc, _ in raw}
    system = R.System(axiom=read_axiom(p["axiom"], known), rules=rule_list, symbols=defs)
    system.angle = _angle(p)
    system.abop = _signs(p.get("signs", "fractree"))
    if "step" in p:
        system.step = _positive(p["step"])
    if "fit" in p and is_true(p["fit"]):
        system.step = None
    if "seed" in p:
        system.seed = int(_need_number(p["seed"]))
    if "heading" in p:
        system.heading = _need_number(p["heading"])
    return system


def _angle(p: dict[str, Any]) -> float:
    if "direction" in p:
        d = _need_number(p["direction"])
        if d == 0:
            raise _bad(p["direction"], "hint.direction")
        return 360.0 / d
    return _need_number(p["angle"]) if "angle" in p else 60.0


def _signs(v: Any) -> bool:
    name = print_form(v).lower()
    if name not in ("fractree", "abop"):
        raise _bad(v, "hint.signs")
    return name == "abop"


def _need_number(x: Any) -> float:
    n = _number(x)
    if n is None:
        raise _bad(x, "hint.number")
    return n


def _positive(x: Any) -> float:
    n = _need_number(x)
    if n <= 0:
        raise _bad(x, "hint.step")
    return n


def symbols_of_word(value: Any) -> Sequence[str]:
    return R.tokenize(print_form(value))
