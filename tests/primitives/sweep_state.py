"""What the sweep builds before it calls a primitive, and the well-formed inputs it puts
around an extreme one (tests/primitives/sweep.py).

A user first makes a cat, a muscle object with a muscle, an L-system, a turtle's
drawing; a primitive's odd input must be checked when every other input is right, not
only when the first one is wrong.  :data:`SETUP` makes that state in every fresh
interpreter; :func:`well_formed` gives, for each input of a primitive (by the name of
its parameter, within its microworld first), a value the primitive takes.
"""

from __future__ import annotations

import inspect
from typing import Any

from logo.primitives.registry import PrimSpec

# run (as Logo) in every fresh interpreter of the sweep; each line must succeed
SETUP = [
    "cat.new",
    'muscle.box "m [0 0 0] [6 4 4]',
    'muscle.add "m "a [0 2 2] [6 2 2]',
    'lsystem.define "k [axiom F rules [F -> F+F] angle 60]',
    'make "v [1 2 3] pprop "pl "p 1',
]

# parameter -> Logo text of a value it takes; a microworld's own first (its prefix)
WELL: dict[str, dict[str, str]] = {
    "cat": {"name": '"M1', "cat": "1", "leg": '"LF', "seconds": "0.05", "speed": "1",
            "value": "1", "phase": "0.5", "count": "2", "seed": "1", "number": "1",
            "look": '"dense', "width": "6", "rows": "30", "ground": "-100",
            "path": '"film.gif', "fps": "24"},
    "muscle": {"name": '"m', "mname": '"a', "address": "[1 2 2]", "corner1": "[0 0 0]",
               "corner2": "[3 3 3]", "centre": "[2 2 2]", "end1": "[0 0 0]",
               "end2": "[4 0 0]", "radius": "2", "content": "25", "fill": '"shell',
               "offset": "[1 0 0]", "a": "[0 2 2]", "b": "[6 2 2]", "m": "[3 2 2]",
               "r0": "1", "r1": "2", "l": "0.6", "seconds": "0", "mode": '"line',
               "notation": '"octal', "names": '"m', "view": '"iso', "steps": "2",
               "flag": '"true'},
    "lsystem": {"name": '"k', "axiom": '"F', "rules": "[F -> F+F]", "n": "2",
                "text": '"F+F', "angle": "60", "step": "5", "delay": "0",
                "properties": "[axiom F rules [F -> F+F] angle 60]"},
    "": {"name": '"v', "thing": '"abc', "thing1": '"abc', "thing2": "[1 2]",
         "things": "[1 2 3]", "seq": "[1 2 3]", "data": "[1 2 3]", "datas": "[1 2 3]",
         "word": '"abc', "word1": '"abc', "word2": '"de', "words": '"abc', "char": '"a',
         "instructions": '[make "zz 1]', "template": "[? + 1]", "array": "{1 2 3}",
         "index": "2", "origin": "1", "size": "3", "count": "2", "sizelist": "[2 2]",
         "plist": '"pl', "prop": '"p', "value": "1", "text": "[[x] [output :x]]",
         "filename": '"f.txt', "path": '"f.txt', "contents": "[1 2]", "tag": '"t',
         "cond": '"true', "condition": '"true', "tf": '"true', "tfs": '"true',
         "color": "4", "pos": "[10 10]", "at": "[10 10]", "degrees": "30",
         "radians": "0.5", "distance": "10", "angle": "30", "radius": "10"},
}
DEFAULT = "2"  # a parameter named nowhere above takes a small number


def parameters(spec: PrimSpec) -> list[str]:
    """The names of a primitive's Logo inputs, in order (a variadic one last)."""
    params = list(inspect.signature(spec.fn).parameters.values())
    if spec.needs_interp:
        params = params[1:]
    return [p.name for p in params
            if p.kind is not p.KEYWORD_ONLY and p.name != "want_value"]


def well_formed(spec: PrimSpec, n: int) -> list[str]:
    """Logo texts of ``n`` inputs the primitive takes (as far as names tell)."""
    names = parameters(spec) or ["value"]
    prefix = spec.name.split(".")[0] if "." in spec.name[1:] else ""
    own, core = WELL.get(prefix, {}), WELL[""]
    out = []
    for i in range(n):
        name = names[min(i, len(names) - 1)]
        out.append(own.get(name) or core.get(name) or DEFAULT)
    return out


def well_label(text: str) -> str:
    """The pool label of a well-formed value (its Logo text, marked)."""
    return "=" + text


def well_labels(registry: Any, arity: Any) -> dict[str, str]:
    """label -> Logo text for every well-formed value any primitive gets."""
    texts = {t for spec in registry.specs for n in arity(spec)
             for t in well_formed(spec, n)}
    return {well_label(t): t for t in sorted(texts)}
