"""Logo primitives of the walking cat ("Кошечка", 1968; seed 000).

    cat.new                      a cat at the defaults, the current cat
    cat.setspeed 1.2             its speed (H/s); M1, M2, M scale with it
    cat.walk 10                  ten seconds of walking (no drawing)
    show cat.paw "LF             [x y vx vy] of a paw: x > 0 behind its shoulder
    show cat.regime "LF          1-6, the regime of the seed's table
    cat.draw                     its shadow on the page
    show cat.printframe          the frame as 128-column printer lines
    cat.film 84 "cat.gif         the film (GIF, or PNG frames with %d in the name)

A herd (``cat.herd 100``) is many cats stepped together; the queries read its first
cat unless given a cat number: ``(cat.paw "LF 3)``.  The state lives on the
interpreter as ``I.parts["cat"]``.  The page, printer and film primitives are in
``prims_page.py``.  This module does not import numpy (the registry imports it when a
program first uses a ``cat.`` name); the numpy core is imported on first use.
"""

from __future__ import annotations

from typing import Any

from logo.language.errors import LogoError
from logo.language.values import LogoList
from logo.primitives.coerce import bad, finite, integer, word
from logo.primitives.coerce import seconds as coerce_seconds
from logo.primitives.graphics import logo_number
from logo.primitives.registry import primitive
from logo.session.extensions import Logo
from logo.session.extensions import state as extension_state

LEG_NAMES = {"lh": 0, "lf": 1, "rh": 2, "rf": 3,
             "лз": 0, "лп": 1, "пз": 2, "пп": 3}  # левая/правая задняя/передняя
CONSTANTS = {"l": "l", "h": "h", "m": "M", "m1": "M1", "m2": "M2", "xlift": "x_lift",
             "vmin": "v_min", "ramp": "ramp", "rholift": "rho_lift"}
DT = 1e-3


class CatWorld:
    """One interpreter's herds (each a ``gait.Gait``) and which one is current."""

    def __init__(self) -> None:
        self.herds: list[Any] = []
        self.current = -1
        self.clocks: list[float] = []  # each herd's clock as CAT.WALK asked, unrounded
        self.sheet: Any = None  # the printer's window (CAT.SETSHEET; printer.Sheet)
        self.page_view: tuple[float, float] | None = None  # CAT.SETVIEW's width, ground

    @property
    def herd(self) -> Any:
        if self.current < 0:
            raise LogoError("no_cat")
        return self.herds[self.current]

    @herd.setter
    def herd(self, g: Any) -> None:
        self.herds[self.current] = g

    def add(self, g: Any) -> None:
        self.herds.append(g)
        self.clocks.append(g.t)
        self.current = len(self.herds) - 1

    def steps_for(self, seconds: float) -> int:
        """Steps that take the current herd ``seconds`` further on its unrounded clock
        (so that 24 walks of 1/24 s make exactly one second of 1 ms steps)."""
        i, t = self.current, self.herd.t
        if abs(self.clocks[i] - t) > DT:  # walked some other way since: start afresh
            self.clocks[i] = t
        self.clocks[i] += seconds
        return round(self.clocks[i] / DT) - round(t / DT)


def state(I: Logo) -> CatWorld:
    """This interpreter's herds (made on first use: see ``__init__.py``)."""
    return extension_state(I, "cat")




def _leg(x: Any) -> int:
    i = LEG_NAMES.get(word(x).lower())
    if i is None:
        raise bad(x)
    return i


def _cat(I: Any, k: Any) -> int:
    """A cat number of the current herd (1-based; None: the first) as an index."""
    if k is None:
        state(I).herd  # noqa: B018  (no cat yet: an error)
        return 0
    i = integer(k) - 1
    if not 0 <= i < state(I).herd.cats:
        raise bad(k)
    return i


def _which(I: Any, k: Any) -> Any:
    """All cats of the current herd, or cat number k."""
    return slice(None) if k is None else _cat(I, k)


# --- making cats --------------------------------------------------------------------
@primitive("cat.new")
def cat_new(I):
    """CAT.NEW
    Makes a cat at the defaults (speed 0.8 H/s, l = 1.2, M = 1, M1 = 3, M2 = 60), already
    walking in step; it becomes the current cat."""
    from . import gait

    state(I).add(gait.new_herd(1))


MAX_HERD = 100_000  # cats in one herd (each is a few kB of state)


@primitive("cat.herd", max_inputs=2)
def cat_herd(I, count, seed=None):
    """CAT.HERD count   or   (CAT.HERD count seed)
    Makes a herd of cats, each paw planted at random (seeded from RERANDOM's generator,
    or by seed), stepped together; it becomes the current herd."""
    import numpy as np

    from . import gait

    n = integer(count)
    if not 1 <= n <= MAX_HERD:
        raise bad(count)
    s = I.random.getrandbits(32) if seed is None else integer(seed)
    if s < 0:
        raise bad(seed)
    state(I).add(gait.new_herd(n, rng=np.random.default_rng(s)))


@primitive("cat.use")
def cat_use(I, number):
    """CAT.USE number
    Makes cat (or herd) number N the current one, counting from 1 in the order made."""
    s, i = state(I), integer(number) - 1
    if not 0 <= i < len(s.herds):
        raise bad(number)
    s.current = i


@primitive("cat.count")
def cat_count(I):
    """CAT.COUNT
    Outputs the number of cats in the current herd."""
    return state(I).herd.cats


# --- speed and constants ------------------------------------------------------------
@primitive("cat.setspeed", max_inputs=2)
def cat_setspeed(I, speed, cat=None):
    """CAT.SETSPEED v   or   (CAT.SETSPEED v catnumber)
    Sets the speed (H a second, 0 stops) the cat reaches over half a second; M1, M2 and
    M are set for it (4.7 v^2, 94 v^2, 1.25 v), so the gait keeps its shape."""
    from . import gait

    v = float(finite(speed))
    if v < 0:
        raise bad(speed)
    s = state(I)
    s.herd = gait.set_speed(s.herd, v, _which(I, cat))


@primitive("cat.speed", max_inputs=1)
def cat_speed(I, cat=None):
    """CAT.SPEED   or   (CAT.SPEED catnumber)
    Outputs the cat's speed now."""
    from .law import speed_at

    g = state(I).herd
    return logo_number(speed_at(g.speed, g.t)[0][_cat(I, cat)])


@primitive("cat.setconst", max_inputs=3)
def cat_setconst(I, name, value, cat=None):
    """CAT.SETCONST name value   or   (CAT.SETCONST name value catnumber)
    Sets a constant of the gait: "M1 "M2 "M (the seed's), "l (leg length), "h, "xlift
    (stance ends at x = xlift), "vmin, "ramp (seconds a speed change takes)."""
    from . import gait

    field = CONSTANTS.get(word(name).lower())
    if field is None:
        raise bad(name)
    s = state(I)
    params = gait.set_constants(s.herd.params, _which(I, cat), **{field: float(finite(value))})
    s.herd = gait.relaw(s.herd.but(params=params))


@primitive("cat.const", max_inputs=2)
def cat_const(I, name, cat=None):
    """CAT.CONST name   or   (CAT.CONST name catnumber)
    Outputs a constant of the gait (see CAT.SETCONST)."""
    field = CONSTANTS.get(word(name).lower())
    if field is None:
        raise bad(name)
    return logo_number(getattr(state(I).herd.params, field)[_cat(I, cat), 0])


@primitive("cat.setphase", max_inputs=3)
def cat_setphase(I, leg, phase, cat=None):
    """CAT.SETPHASE leg fraction   or   (CAT.SETPHASE leg fraction catnumber)
    Sets when a leg should lift, as a fraction of LH's cycle (LF 0.25, RH 0.5, RF 0.75
    by default); the legs drift to it by the phase correction."""
    from dataclasses import replace

    i, f = _leg(leg), float(finite(phase))
    if i == 0:
        raise bad(leg)
    s = state(I)
    offsets = s.herd.params.offsets.copy()
    offsets[_which(I, cat), i] = f % 1.0
    s.herd = s.herd.but(params=replace(s.herd.params, offsets=offsets))


# --- time and state -----------------------------------------------------------------
@primitive("cat.walk")
def cat_walk(I, seconds):
    """CAT.WALK seconds
    Lets the current cat (or herd) walk that long, in 1 ms steps (walks add up: three
    walks of 1/24 s take 125 steps); nothing is drawn.  Seconds: 0 to 1e9 (Stop ends a
    long walk where the cat has got to)."""
    from . import gait

    t = coerce_seconds(seconds)
    s = state(I)
    chunk = chunk_steps(s.herd)
    left = s.steps_for(t)
    while left > 0:
        n = min(chunk, left)
        s.herd = gait.walk(s.herd, n * DT, DT)
        left -= n
        if left:
            I.check_stop()


def chunk_steps(g: Any) -> int:
    """Steps walked between looks at the Stop button: about 40 ms of work (a step of one
    cat takes ~40 us, each more cat ~0.14 us more)."""
    return max(1, 100_000 // (100 + g.cats))


def stoppable_walk(I: Logo) -> Any:
    """A ``gait.walk`` that looks at the Stop button (and the time and memory limits)
    between chunks of steps: for the films, whose frames may be far apart."""
    from . import gait

    def walk(g: Any, seconds: float, dt: float = DT) -> Any:
        left, chunk = round(seconds / dt), chunk_steps(g)
        while left > 0:
            n = min(chunk, left)
            g = gait.walk(g, n * dt, dt)
            left -= n
            if left:
                I.check_stop()
        return g

    return walk


@primitive("cat.time")
def cat_time(I):
    """CAT.TIME
    Outputs the current cat's clock in seconds (it starts at 0)."""
    return logo_number(round(state(I).herd.t, 9))


@primitive("cat.paw", max_inputs=2)
def cat_paw(I, leg, cat=None):
    """CAT.PAW leg   or   (CAT.PAW leg catnumber)
    Outputs [x y vx vy] of a paw (leg LH LF RH RF): x its distance behind the shoulder
    (hip), y its height above the ground, in H (the shoulder's height) and H/s."""
    s = state(I).herd.s[_cat(I, cat), _leg(leg)]
    return LogoList(logo_number(round(float(v), 12)) for v in s)


@primitive("cat.regime", max_inputs=2)
def cat_regime(I, leg, cat=None):
    """CAT.REGIME leg   or   (CAT.REGIME leg catnumber)
    Outputs the leg's regime: 1 stance, 2 lift-off, 3 swing, 4 put-down, 5 spring
    swing, 6 touch-down."""
    return int(state(I).herd.regime[_cat(I, cat), _leg(leg)])


@primitive("cat.regimes", max_inputs=1)
def cat_regimes(I, cat=None):
    """CAT.REGIMES   or   (CAT.REGIMES catnumber)
    Outputs the regimes of LH LF RH RF."""
    return LogoList(int(r) for r in state(I).herd.regime[_cat(I, cat)])


@primitive("cat.phases", max_inputs=1)
def cat_phases(I, cat=None):
    """CAT.PHASES   or   (CAT.PHASES catnumber)
    Outputs when LH LF RH RF last lifted, as fractions of LH's cycle after LH's lift."""
    g, i = state(I).herd, _cat(I, cat)
    lh, period = float(g.t_lift[i, 0]), float(g.period[i])
    return LogoList(logo_number(round((float(t) - lh) / period % 1.0, 6))
                    if t == t and lh == lh else "nan" for t in g.t_lift[i])

