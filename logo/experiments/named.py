"""Experiments a lesson ships: ``logo experiment LESSON --named NAME``.

An experiment is described in Logo, as a property of the property list ``experiments``
(so SAVE keeps it with the lesson, and a learner may read it with ``plist "experiments``)::

    pprop "experiments "homework [[vary length 50..90:20] [vary delta [60 80 100]]
                                  [repeat 1] [run [kokh]] [measure [level] [count :stack]]
                                  [timeout 30]]

Each clause is a list: ``vary NAME VALUES`` (VALUES as ``--vary`` writes them, a word
``FROM..TO:STEP`` or ``V1,V2,...``, or a list of values), ``repeat K``, ``run [...]``
(instructions after STARTUP), ``measure [...] [...]`` (one expression a list),
``timeout S``, ``max.memory MB``.  The description is read from the lesson's file and
from ``experiments.lgo`` beside it (a lesson folder's homework file), without running
either: the reader finds the PPROP instructions.
"""

from __future__ import annotations

import os
from typing import Any

from ..language.errors import LogoError
from ..language.reader import read_lines
from ..language.values import LogoList, print_form
from ..messages import text as say
from ..session.streams import read_text
from .spec import Experiment, SpecError, Vary, parse_vary, values_of

PLIST = "experiments"
FOLDER_FILE = "experiments.lgo"


def described(path: str) -> dict[str, LogoList]:
    """The experiments described in a lesson's file and its folder's experiments.lgo,
    by name (lower case); the lesson's own come last and win."""
    found: dict[str, LogoList] = {}
    for file in (os.path.join(os.path.dirname(path), FOLDER_FILE), path):
        if os.path.isfile(file):
            found.update(_in_file(file))
    return found


def _in_file(path: str) -> dict[str, LogoList]:
    try:
        lines = read_lines(read_text(path), path)
    except (OSError, ValueError, LogoError):
        return {}
    found: dict[str, LogoList] = {}
    for line in lines:
        words = list(line)
        for i in range(len(words) - 3):
            if (_word(words[i]) == "pprop" and _word(words[i + 1]) == '"' + PLIST
                    and isinstance(words[i + 3], LogoList)
                    and isinstance(words[i + 2], str) and words[i + 2].startswith('"')):
                found[words[i + 2][1:].lower()] = words[i + 3]
    return found


def _word(x: Any) -> str:
    return x.lower() if isinstance(x, str) else ""


def named_experiment(path: str, name: str, lesson: str) -> Experiment:
    """The experiment ``name`` the lesson describes; a usage error naming those it has
    when it has no such one."""
    found = described(path)
    description = found.get(name.lower())
    if description is None:
        raise SpecError(say("experiment.no_named", name=name, lesson=lesson,
                            names=", ".join(sorted(found)) or "-"))
    return from_description(description, lesson, name)


def from_description(description: LogoList, lesson: str, name: str = "") -> Experiment:
    exp = Experiment(lesson)
    for clause in description:
        if not (isinstance(clause, LogoList) and len(clause) >= 2
                and isinstance(clause[0], str)):
            raise SpecError(say("experiment.bad_clause", name=name, clause=print_form(clause)))
        _clause(exp, clause[0].lower(), list(clause)[1:], name, print_form(clause))
    return exp


def _clause(exp: Experiment, kind: str, rest: list[Any], name: str, text: str) -> None:
    try:
        if kind == "vary" and len(rest) == 2 and isinstance(rest[0], str):
            spec = rest[1]
            if isinstance(spec, LogoList):
                values = values_of(",".join(print_form(v) for v in spec), text)
                exp.varies.append(Vary(rest[0].lower(), values))
            else:
                exp.varies.append(parse_vary(f"{rest[0]}={spec}"))
        elif kind == "repeat" and len(rest) == 1:
            exp.repeat = _whole(rest[0])
        elif kind == "run":
            exp.run.append(" ".join(print_form(x) for x in rest))
        elif kind == "measure" and all(isinstance(m, LogoList) for m in rest):
            exp.measures.extend(print_form(m) for m in rest)
        elif kind == "timeout" and len(rest) == 1:
            exp.timeout = float(print_form(rest[0]))
        elif kind == "max.memory" and len(rest) == 1:
            exp.max_memory = _whole(rest[0])
        else:
            raise ValueError(kind)
    except (ValueError, TypeError):
        raise SpecError(say("experiment.bad_clause", name=name, clause=text)) from None


def _whole(x: Any) -> int:
    value = int(print_form(x))
    if value < 1:
        raise ValueError(value)
    return value
