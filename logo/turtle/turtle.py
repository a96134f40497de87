"""One turtle's state: where it is (a geometry :class:`Pose`), its pen, shape and visibility.

Moves are made by the world (``world.py``), which knows the page, the edge mode and the
scrunch; a turtle only holds state and can say what its shape looks like where it stands.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from .geometry import Pose
from .records import PAINT

RGB = tuple[int, int, int]


def _regular(n: int, radius: float, phase: float = 0.0) -> tuple[tuple[float, float], ...]:
    return tuple((radius * math.sin(phase + 2 * math.pi * i / n),
                  radius * math.cos(phase + 2 * math.pi * i / n)) for i in range(n))


def _star(points: int, outer: float, inner: float) -> tuple[tuple[float, float], ...]:
    out = []
    for i in range(2 * points):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points
        out.append((r * math.sin(a), r * math.cos(a)))
    return tuple(out)


# Built-in shapes: polygons in turtle steps, in the turtle's own frame (x to its right,
# y straight ahead), centred on its position.  "turtle" is the classic Logo triangle.
SHAPES: dict[str, tuple[tuple[float, float], ...]] = {
    "turtle": ((0.0, 12.0), (7.0, -7.0), (-7.0, -7.0)),
    "triangle": ((0.0, 10.0), (8.66, -5.0), (-8.66, -5.0)),
    "arrow": ((0.0, 12.0), (8.0, 2.0), (3.0, 2.0), (3.0, -10.0), (-3.0, -10.0),
              (-3.0, 2.0), (-8.0, 2.0)),
    "square": ((-7.0, 7.0), (7.0, 7.0), (7.0, -7.0), (-7.0, -7.0)),
    "circle": _regular(24, 8.0),
    "dot": _regular(12, 2.5),
    "star": _star(5, 10.0, 4.0),
    "diamond": ((0.0, 10.0), (7.0, 0.0), (0.0, -10.0), (-7.0, 0.0)),
}

# ЛогоМиры names of the shapes.
SHAPE_NAMES_RU = {"черепаха": "turtle", "черепашка": "turtle", "треугольник": "triangle",
                  "стрелка": "arrow", "квадрат": "square", "круг": "circle",
                  "точка": "dot", "звезда": "star", "ромб": "diamond"}


def shape_points(shape: str, x: float, y: float, heading: float, size: float = 1
                 ) -> list[tuple[float, float]]:
    """The outline of ``shape`` for a turtle at (x, y) facing ``heading``."""
    h = math.radians(heading)
    c, s = math.cos(h), math.sin(h)
    return [(x + size * (lx * c + ly * s), y + size * (-lx * s + ly * c))
            for lx, ly in SHAPES[shape]]


class Turtle(Pose):
    """A named turtle.  ``color`` is the pen colour as the program set it (a number, or a
    tuple of three numbers for ``[r g b]``); ``rgb`` is what it draws with.  (Two turtles
    compare by their poses, as the dataclass this was did.)"""

    FIELDS: ClassVar[tuple[str, ...]] = (*Pose.FIELDS, "name", "pen_down", "pen_mode",
                                         "color", "rgb", "pen_size", "shown", "shape",
                                         "size")

    def __init__(self, x: float = 0.0, y: float = 0.0, heading: float = 0.0,
                 wanna_x: float = 0.0, wanna_y: float = 0.0, out_of_bounds: bool = False,
                 name: str = "t1", pen_down: bool = True, pen_mode: str = PAINT,
                 color: Any = 0, rgb: RGB = (0, 0, 0), pen_size: float = 1,
                 shown: bool = True, shape: str = "turtle", size: float = 1):
        super().__init__(x, y, heading, wanna_x, wanna_y, out_of_bounds)
        self.name, self.pen_down, self.pen_mode = name, pen_down, pen_mode
        self.color, self.rgb, self.pen_size = color, rgb, pen_size
        self.shown, self.shape, self.size = shown, shape, size

    def outline(self) -> list[tuple[float, float]]:
        """The shape's polygon where the turtle stands (turtle coordinates)."""
        return shape_points(self.shape, self.x, self.y, self.heading, self.size)

    def home(self) -> None:
        self.x = self.y = self.heading = self.wanna_x = self.wanna_y = 0.0
        self.out_of_bounds = False
