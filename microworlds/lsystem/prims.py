"""Logo primitives of the L-system engine (chapter "lsystem").

    lsystem.expand AXIOM RULES N     the stage-N word
    lsystem.draw WORD ANGLE STEP     draw it with the turtle; outputs segments drawn
    lsystem.count AXIOM RULES N      drawing symbols at stage N (without the word)
    lsystem.length AXIOM RULES N     symbols at stage N (without the word)
    lsystem.define NAME PROPERTIES   a named system: [axiom F rules [...] direction 6 ...]
    lsystem.stage NAME N             its stage-N word
    lsystem.plot NAME N              draw its stage N (fitted to the page, or with its step)
    lsystem.animate WORD ANGLE STEP  draw step by step with the turtle's own moves
    lsystem.measure WORD ANGLE       the bounding box FracTree measures before drawing

This module is imported when a program first uses an ``lsystem.`` name (the plug-in
seam, ``__init__.py``): it imports no numpy; the engine is imported when a primitive
first runs.
"""

from __future__ import annotations

from typing import Any

from logo.language.errors import LogoError
from logo.language.values import LogoList
from logo.primitives.coerce import finite, integer, sixtieths, word
from logo.primitives.registry import primitive
from logo.session.extensions import Logo, state

from . import forms
from . import rules as R


def _checked(fn: Any, *args: Any) -> Any:
    """Run engine code; its complaints become Logo errors."""
    try:
        return fn(*args)
    except R.LSystemError as e:
        raise LogoError(e.kind, **e.fields) from None
    except MemoryError:
        raise LogoError("out_of_space") from None


MAX_STAGE = 10_000  # a stage past this grows past any memory, or repeats itself


def _stage(x: Any) -> int:
    n = integer(x)
    if not 0 <= n <= MAX_STAGE:
        raise LogoError("doesnt_like", what=x, hint="hint.stage", most=MAX_STAGE)
    return n


def _systems(I: Logo) -> dict[str, R.System]:
    return state(I, "lsystem")


def _named(I: Any, name: Any) -> R.System:
    system = _systems(I).get(word(name).lower())
    if system is None:
        raise LogoError("doesnt_like", what=name, hint="hint.define_lsystem")
    return system


def _expand_text(I: Any, system: R.System, n: int) -> str:
    from . import engine
    from .draw import rng_for

    rng = rng_for(I, system.seed) if system.stochastic() else None
    s, table = engine.expand(system, n, rng=rng, between=I.check_stop)
    return engine.to_text(s, table.names)


def _word_codes(text: str) -> tuple[Any, list[str]]:
    from . import engine

    return engine.from_text(text)


@primitive("lsystem.expand")
def lsystem_expand(I, axiom, rules, n):
    """LSYSTEM.EXPAND axiom rules n
    Outputs the word of stage n: every symbol of the axiom replaced n times by its rule
    (a symbol without a rule stays itself).  Rules: [[F F-F++F-F] [X |F[+X]F[-X]+X|]],
    [[X [F [+X] F [-X] +X]]], [F -> F-F++F-F] or, stochastic, [[F 0.5 F+F] [F 0.5 F-F]]."""
    system = _checked(forms.system_from, axiom, rules)
    return _checked(_expand_text, I, system, _stage(n))


@primitive("lsystem.draw")
def lsystem_draw(I, text, angle, step):
    """LSYSTEM.DRAW word angle step
    Draws the word with the turtle from where it stands, as FracTree does: F and G draw
    a step, f and g move without drawing, + turns right and - left by angle (a negative
    angle gives ABOP's signs), | turns around, [ and ] save and restore position,
    heading, pen colour and step, * and / make the step 10 % longer or shorter, "," changes
    it at random.  Other symbols do nothing.  Outputs the number of segments drawn."""
    from .draw import draw_codes, rng_for

    s, names = _word_codes(word(text))
    return _checked(draw_codes, I, s, names, float(finite(angle)), float(finite(step)), False,
                    None, rng_for(I))


@primitive("lsystem.count")
def lsystem_count(I, axiom, rules, n):
    """LSYSTEM.COUNT axiom rules n
    Outputs how many drawing symbols (F, G) stage n has, without building the word:
    stage 30 of the Koch curve answers at once."""
    system = _checked(forms.system_from, axiom, rules)
    return _checked(R.segment_count, system, _stage(n))


@primitive("lsystem.length")
def lsystem_length(I, axiom, rules, n):
    """LSYSTEM.LENGTH axiom rules n
    Outputs how many symbols the word of stage n has, without building it."""
    system = _checked(forms.system_from, axiom, rules)
    return _checked(R.string_length, system, _stage(n))


@primitive("lsystem.define")
def lsystem_define(I, name, properties):
    """LSYSTEM.DEFINE name properties
    Names an L-system.  Properties: axiom (a word), rules (as for LSYSTEM.EXPAND),
    angle (degrees) or direction (angle = 360 / direction), signs ("fractree: + turns
    right, the default; "abop: + turns left), step (draw from the turtle with this step)
    or fit "true (fit the picture to the page, the default), seed (for stochastic
    rules), symbols (symbols drawn as other symbols: [[L |F+F|]]), heading (where a
    fitted picture starts to face; 90, East, by default).
    Example: lsystem.define "brush [axiom ---F rules [F -> F[+F]F[-F]F] direction 12]"""
    system = _checked(forms.system_from_properties, properties)
    _systems(I)[word(name).lower()] = system


@primitive("lsystem.stage")
def lsystem_stage(I, name, n):
    """LSYSTEM.STAGE name n
    Outputs the word of stage n of the system defined with LSYSTEM.DEFINE."""
    return _checked(_expand_text, I, _named(I, name), _stage(n))


@primitive("lsystem.plot")
def lsystem_plot(I, name, n):
    """LSYSTEM.PLOT name n
    Draws stage n of a defined system: fitted to the page (FracTree measures the
    picture without drawing, scales the step, then draws), or from the turtle with the
    system's step.  Outputs the number of segments drawn."""
    system = _named(I, name)
    return _checked(_plot, I, system, _stage(n))


def _plot(I: Any, system: R.System, n: int) -> int:
    from . import engine
    from .draw import draw_codes, rng_for

    rng = rng_for(I, system.seed)
    s, table = engine.expand(system, n, rng=rng, between=I.check_stop)
    s, names = engine.apply_definitions(s, table.names, system)
    heading = system.heading if system.step is None else None
    return draw_codes(I, s, names, system.angle, system.step, system.abop, heading, rng)


@primitive("lsystem.animate", max_inputs=4)
def lsystem_animate(I, text, angle, step, delay=1):
    """LSYSTEM.ANIMATE word angle step   or   (LSYSTEM.ANIMATE word angle step delay)
    Draws the word like LSYSTEM.DRAW but one symbol at a time with the turtle's own
    moves, waiting delay sixtieths of a second (1 unless given) after each step, so
    that the turtle is seen walking the word.  Outputs the number of segments drawn."""
    from .draw import animate, rng_for

    pause = float(finite(delay))
    pause = sixtieths(pause) if pause > 0 else 0.0  # (under 0: no wait, as before)
    return _checked(animate, I, forms.symbols_of_word(word(text)), float(finite(angle)),
                    float(finite(step)), False, pause, rng_for(I))


@primitive("lsystem.measure")
def lsystem_measure(I, text, angle):
    """LSYSTEM.MEASURE word angle
    Outputs [xmin ymin xmax ymax], the box the word would draw with step 1 from [0 0]
    facing East (FracTree's measuring pass; nothing is drawn)."""
    from .draw import measure

    s, names = _word_codes(word(text))
    box = _checked(measure, s, names, float(finite(angle)))
    return LogoList([_tidy(v) for v in box])


def _tidy(v: float) -> int | float:
    v = round(v, 9) + 0.0
    return int(v) if v.is_integer() else v
