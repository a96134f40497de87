"""The MicroWorlds / NetLogo colour numbers 0-139, their names, and RGB conversions.

Colour numbers run 0-139 in 14 families of ten: gray 0-9.9, red 10-19.9, ... pink 130-139.9.
In each family x5 is the base colour of :data:`FAMILIES`, x0 is nearly black and x9.9 nearly
white; black is 0 and white is 9.9.  Shades are computed by NetLogo's rule, at a resolution
of 0.1 (a number is floored to its tenth: 15.37 looks like 15.3): for the tenth t = 0..99 of
a family, ``step = (t - 50) / 50.48 + 0.012``; below x5 each channel v becomes
``v + int(v * step)`` (darker), above it ``v + int((255 - v) * step)`` (lighter).  Entries 0
and 9.9 are pure black and pure white.  The 1400 shades are all different RGB triples, so a
pixel drawn with a palette colour maps back to exactly that colour number.

Numbers outside 0-139.9 wrap around modulo 140 (as NetLogo does).  A colour may also be an
``[r g b]`` list (UCBLogo's percentages, 0-100 each) or a name (English or Russian,
:data:`NAMES`).

:func:`nearest_number` maps any RGB to a colour number: the exact palette entry when the RGB
is one of the 1400 shades, otherwise the shade nearest by the "redmean" weighted RGB distance
(the metric NetLogo uses for the same job).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from ..language.errors import LogoError

RGB = tuple[int, int, int]

# name, base colour number, RGB of the base shade: THE data table of the palette.
FAMILIES: tuple[tuple[str, int, RGB], ...] = (
    ("gray", 5, (140, 140, 140)),
    ("red", 15, (215, 48, 39)),
    ("orange", 25, (241, 105, 19)),
    ("brown", 35, (156, 109, 70)),
    ("yellow", 45, (237, 237, 47)),
    ("green", 55, (87, 176, 58)),
    ("lime", 65, (42, 209, 57)),
    ("turquoise", 75, (27, 158, 119)),
    ("cyan", 85, (82, 196, 196)),
    ("sky", 95, (43, 140, 190)),
    ("blue", 105, (50, 92, 168)),
    ("violet", 115, (123, 78, 163)),
    ("magenta", 125, (166, 25, 105)),
    ("pink", 135, (224, 126, 149)),
)

BLACK = 0
WHITE = 9.9
MAX_COLOR = 140

# Every name a program may use for a colour -> its number.  Russian names as in ЛогоМиры,
# with and without the letter ё.
NAMES: dict[str, int | float] = {
    **{name: number for name, number, _ in FAMILIES},
    "black": BLACK, "white": WHITE, "grey": 5, "purple": 115,
    "чёрный": BLACK, "черный": BLACK, "белый": WHITE, "серый": 5,
    "красный": 15, "оранжевый": 25, "коричневый": 35,
    "жёлтый": 45, "желтый": 45, "зелёный": 55, "зеленый": 55,
    "салатовый": 65, "лайм": 65, "бирюзовый": 75, "голубой": 85, "небесный": 95,
    "синий": 105, "фиолетовый": 115, "пурпурный": 125, "малиновый": 125, "розовый": 135,
}


def _shade(base: RGB, tenth: int) -> RGB:
    step = (tenth - 50) / 50.48 + 0.012
    r, g, b = base  # (no generator: the 1400 shades are built at every drawing's start)
    if step < 0:
        return (r + int(r * step), g + int(g * step), b + int(b * step))
    return (r + int((255 - r) * step), g + int((255 - g) * step), b + int((255 - b) * step))


def _entry(i: int) -> RGB:
    """The RGB of table index ``i`` (colour number i / 10), computed."""
    if i == 0:
        return (0, 0, 0)
    if i == 99:
        return (255, 255, 255)
    return _shade(FAMILIES[i // 100][2], i % 100)


_TABLE: list[RGB] = []  # the 1400 shades, built on first use (see table)
_BY_RGB: dict[RGB, int] = {}  # and back


def table() -> list[RGB]:
    """``table()[i]`` is the RGB of colour number i / 10, for i = 0..1399 (built when first
    needed: a drawing that only sets a few colours never needs it all)."""
    if not _TABLE:
        shades = [_entry(i) for i in range(MAX_COLOR * 10)]
        _BY_RGB.update({rgb: i for i, rgb in enumerate(shades)})
        _TABLE[:] = shades
    return _TABLE


def __getattr__(name: str) -> Any:
    if name == "TABLE":  # (palette.TABLE: the table, as table() gives it)
        return table()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def tenth_index(number: float) -> int:
    """The table index of a colour number: wrapped into 0-139.9 and floored to a tenth."""
    n = number % MAX_COLOR
    i = int(n * 10 + 1e-9)  # 2.3 * 10 is 22.999...: count it as 23
    return min(i, MAX_COLOR * 10 - 1)


def number_to_rgb(number: float) -> RGB:
    """The RGB a colour number is drawn with."""
    i = tenth_index(number)
    return _TABLE[i] if _TABLE else _entry(i)


def index_to_number(i: int) -> int | float:
    """Table index -> colour number (an int when whole: 150 -> 15, 44 -> 4.4)."""
    return i // 10 if i % 10 == 0 else i / 10


def _redmean_distance(a: RGB, b: RGB) -> int:
    rmean = (a[0] + b[0]) // 2
    dr, dg, db = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    return (((512 + rmean) * dr * dr) >> 8) + 4 * dg * dg + (((767 - rmean) * db * db) >> 8)


@lru_cache(maxsize=4096)
def nearest_number(rgb: RGB) -> int | float:
    """The colour number of an RGB: exact for a palette shade, else the nearest shade."""
    shades = table()
    i = _BY_RGB.get(rgb)
    if i is None:
        i = min(range(len(shades)), key=lambda k: _redmean_distance(rgb, shades[k]))
    return index_to_number(i)


def exact_number(rgb: RGB) -> int | float | None:
    """The colour number whose shade is exactly ``rgb``, or None."""
    table()
    i = _BY_RGB.get(rgb)
    return None if i is None else index_to_number(i)


def name_to_number(name: str) -> int | float | None:
    """A colour name (any case, English or Russian) -> its number, or None."""
    return NAMES.get(name.lower())


def clamp_rgb(values: list[float]) -> RGB:
    """Three numbers 0-255 (rounded, clipped) as an RGB triple."""
    r, g, b = (max(0, min(255, round(v))) for v in values)
    return (r, g, b)


def percent_rgb(values: Any) -> tuple[tuple[Any, ...], RGB]:
    """UCBLogo's ``[r g b]``: percentages 0-100, kept as its 16-bit colour channels
    hold them (``int(p * 65535 / 100)``, wrapping at 65536) and drawn with the top 8
    bits; reported as those bits give them back (100 -> 99.6108949416342, 0 -> 0).
    Returns (the three numbers reported, the RGB drawn)."""
    rgb = tuple((int(v * 65535 / 100) & 0xFFFF) >> 8 for v in values)
    return rgb_percent(rgb), rgb  # type: ignore[return-value]


def rgb_percent(rgb: Any) -> tuple[Any, ...]:
    """An RGB (0-255 each) as UCBLogo reports a colour: percentages of 65535, of the
    16-bit channels that hold each 8-bit value shifted up (255 -> 99.6108949416342)."""
    return tuple(v * 25600 / 65535 if v else 0 for v in rgb)


def rgb_to_hex(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def resolve_color(color: Any, changed: dict[int, RGB] | None = None) -> tuple[Any, RGB]:
    """A colour as a program gives it -> (the value ``color`` reports, RGB to draw).

    Numbers are palette numbers (reported as given; ``changed``: the entries SETPALETTE
    changed, by table index); names report their number; three numbers are UCBLogo's
    percentages of full red, green and blue (reported as UCBLogo reports them, see
    :func:`percent_rgb`)."""
    if isinstance(color, str):
        number = name_to_number(color)
        if number is None:
            raise LogoError("doesnt_like", what=color)
        return number, palette_rgb(number, changed)
    if isinstance(color, (tuple, list)):
        if len(color) != 3:
            raise LogoError("doesnt_like", what=color)
        return percent_rgb(color)
    if isinstance(color, (int, float)) and math.isfinite(color):
        return color, palette_rgb(color, changed)
    raise LogoError("doesnt_like", what=color)


def palette_rgb(number: float, changed: dict[int, RGB] | None = None) -> RGB:
    """The RGB of a colour number, as SETPALETTE may have changed it."""
    if changed:
        rgb = changed.get(tenth_index(number))
        if rgb is not None:
            return rgb
    return number_to_rgb(number)
