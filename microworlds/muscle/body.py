"""One object of the muscle microworld: its rest cells, its muscles and its pose.

The rest shape is made of parts (boxes, spheres, cylinders, capsules: their union's shell,
see ``voxels.shape_cells``) plus cells put one by one (``put``), which stack.  The pose is
always computed from the rest shape and the muscles' coefficients, never from the
previous pose, so relaxing every muscle (l = 1) gives the rest shape back exactly; it is
cached until a part, a cell, a muscle or a coefficient changes.  ``mode`` picks how
muscles move cells: ``"shell"`` (cells near the muscle, weighted by their distance) or
``"line"`` (the book's rule: only the cells on the muscle's digital line, one muscle
after the other in the order they were added).  ``bake`` makes the pose the new rest.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from . import contraction as mc
from .shapes import Part, shape_cells
from .voxels import pack, restack

R0, R1 = 2.0, 8.0  # default reach of a muscle (cells): full weight within R0, none past R1
MODES = ("shell", "line")


@dataclass
class Muscle:
    """Segment A-B with fixed point M (integer addresses), coefficient l > 0 and reach
    r0 <= r1 (cells) for the shell generalisation."""

    name: str
    a: tuple[int, int, int]
    b: tuple[int, int, int]
    m: tuple[int, int, int]
    l: float = 1.0
    r0: float = R0
    r1: float = R1

    def geometry(self) -> tuple:
        return (self.a, self.b, self.m, self.r0, self.r1)

    def ends(self) -> np.ndarray:
        """The contracted ends A*, B* (``(2, 3)`` float cells) by its own coefficient."""
        m = np.array(self.m, np.float64)
        return np.stack([m + self.l * (np.array(e) - m) for e in (self.a, self.b)])


class Body:
    """A named voxel object (see the module docstring)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.parts: list[Part] = []
        self.loose = (np.zeros((0, 3), np.int64), np.zeros(0), np.zeros(0, np.int32))
        self.muscles: dict[str, Muscle] = {}
        self.mode = "shell"
        self._rest: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        self._blocks: mc.Blocks | None = None
        self._infl: tuple[tuple, mc.Influence] | None = None
        self._pose: tuple[tuple, tuple[np.ndarray, np.ndarray]] | None = None

    # --- rest shape -------------------------------------------------------------------
    def add_part(self, part: Part) -> None:
        self.parts.append(part)
        self._changed()

    def put(self, address: tuple[int, int, int], content: float) -> None:
        """Put one cell on top of the stack at ``address`` (at rest)."""
        pos, cont, level = self.loose
        top = int(level.max()) + 1 if len(level) else 0
        self.loose = (np.vstack([pos, np.array(address, np.int64).reshape(1, 3)]),
                      np.append(cont, float(content)),
                      np.append(level, top).astype(np.int32))
        self._changed()

    def _changed(self) -> None:
        self._rest = self._blocks = self._infl = self._pose = None

    def rest(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(pos ``(N, 3)`` int64, content ``(N,)``, level ``(N,)`` int32) at rest: the
        parts' cells first, then the loose cells in the order they were put."""
        if self._rest is None:
            pos, content = shape_cells(self.parts)
            lpos, lcont, llevel = self.loose
            group = np.repeat([0, 1], [len(pos), len(lpos)])
            base = np.concatenate([np.zeros(len(pos), np.int32), llevel])
            pos = np.concatenate([pos, lpos])
            self._rest = (pos, np.concatenate([content, lcont]),
                          restack(pack(pos), group, base))
        return self._rest

    def translate(self, d: tuple[int, int, int]) -> None:
        """Move the whole object (rest shape and muscles) by the integer vector ``d``."""
        shift = np.array(d, np.int64)

        def moved(p: tuple) -> tuple:
            return tuple(float(v) for v in np.add(p, shift))

        self.parts = [replace(p, a=moved(p.a), b=moved(p.b),
                              points=tuple(moved(q) for q in p.points)) for p in self.parts]
        pos, content, level = self.loose
        self.loose = (pos + shift, content, level)
        def at(e: tuple[int, int, int]) -> tuple[int, int, int]:
            x, y, z = (int(v) for v in np.add(e, shift))
            return x, y, z

        for mus in self.muscles.values():
            mus.a, mus.b, mus.m = at(mus.a), at(mus.b), at(mus.m)
        self._changed()

    def bake(self) -> None:
        """The pose becomes the rest shape; every muscle goes back to l = 1."""
        pos, level = self.pose()
        content = self.rest()[1]
        self.parts = []
        self.loose = (pos.copy(), content.copy(), level.copy())
        for mus in self.muscles.values():
            mus.l = 1.0
        self._changed()

    # --- muscles ----------------------------------------------------------------------
    def add_muscle(self, mus: Muscle) -> None:
        mc.check_muscle(np.array(mus.a), np.array(mus.b), np.array(mus.m))
        self.muscles[mus.name.lower()] = mus
        self._pose = self._infl = None

    def remove_muscle(self, name: str) -> bool:
        gone = self.muscles.pop(name.lower(), None) is not None
        self._pose = self._infl = None
        return gone

    def muscle(self, name: str) -> Muscle | None:
        return self.muscles.get(name.lower())

    # --- pose -------------------------------------------------------------------------
    def pose(self) -> tuple[np.ndarray, np.ndarray]:
        """(pos, level) with every muscle at its coefficient (cached)."""
        muscles = list(self.muscles.values())
        key = (self.mode, tuple((m.geometry(), m.l) for m in muscles))
        if self._pose is not None and self._pose[0] == key:
            return self._pose[1]
        pos, _, level = self.rest()
        if self.mode == "line":
            pos, level = mc.contract_lines(pos, level, [(m.a, m.b, m.m, m.l) for m in muscles],
                                           self.blocks())
        elif any(m.l != 1.0 for m in muscles):
            pos = mc.shell_pose(pos, self.influence(), [m.l for m in muscles])
        self._pose = (key, (pos, level))
        return pos, level

    def muscle_lines(self) -> np.ndarray:
        """Each muscle as it is now, ``(K, 3, 3)``: A*, B*, M* (float cells).  In shell
        mode the points move as cells there would (so a muscle is carried along by the
        others); in line mode only its own coefficient moves its ends."""
        muscles = list(self.muscles.values())
        if not muscles:
            return np.zeros((0, 3, 3))
        if self.mode == "line":
            return np.stack([np.vstack([m.ends(), np.array(m.m, float)]) for m in muscles])
        pts = np.array([[m.a, m.b, m.m] for m in muscles], np.float64).reshape(-1, 3)
        moved = mc.displace(pts, [m.geometry() for m in muscles], [m.l for m in muscles])
        return moved.reshape(-1, 3, 3)

    def influence(self) -> mc.Influence:
        """The muscles' influence on the rest shape (cached until either changes)."""
        geom = tuple(m.geometry() for m in self.muscles.values())
        if self._infl is None or self._infl[0] != geom:
            self._infl = (geom, mc.influence(self.rest()[0], list(geom), self.blocks()))
        return self._infl[1]

    def blocks(self) -> mc.Blocks:
        """The rest shape's cells bucketed by block (cached with the rest shape)."""
        if self._blocks is None:
            self._blocks = mc.Blocks.of(self.rest()[0])
        return self._blocks


CAT_SCALE = 32.0  # cells per H (the cat microworld's unit: the shoulder height)


def cat_parts(content: float = 25, solid: bool = False) -> list[Part]:
    """A cat-like body standing on z = 0, head toward +x: the cat microworld's 25 bars
    (hexahedra, standing pose) when that microworld is there, else capsules."""
    try:
        return bar_cat(content, solid)
    except Exception:  # the cat microworld is missing or changed: the stand-in
        return capsule_cat(content, solid)


def bar_cat(content: float = 25, solid: bool = False) -> list[Part]:
    """The cat microworld's bars (``microworlds.cat.body``), all four paws under their
    shoulders and hips, as convex hulls of ``CAT_SCALE`` cells per H.  Its model frame
    (x forward, y up, z to the left) becomes ours (x forward, y to the left, z up)."""
    from microworlds.cat.body import cat_tree, corners

    names = cat_tree().names
    bars = corners(np.zeros((1, 4, 4)), np.zeros(1))[0]  # (bars, 8, 3)
    pts = bars[..., [0, 2, 1]] * CAT_SCALE
    pts[..., 2] -= pts[..., 2].min()
    shade = {"ear": 2.0, "paw": -2.0, "tail": -1.0}
    parts = []
    for name, p in zip(names, pts):
        c = content + next((v for k, v in shade.items() if k in name), 0.0)
        parts.append(Part("hull", tuple(p[0]), content=c, solid=solid,
                          points=tuple(map(tuple, np.round(p, 6)))))
    return parts


def capsule_cat(content: float = 25, solid: bool = False) -> list[Part]:
    """A cat-like body standing on z = 0, head toward +x, about 97 x 25 x 69 cells:
    capsules for the torso, neck, legs and tail, a sphere for the head, small capsules
    for the ears."""
    def cap(a: tuple, b: tuple, r: float, c: float = content) -> Part:
        return Part("capsule", a, b, r, c, solid)

    legs = [cap((x, y, 26), (x + dx, y, 4), 4.5, content - 2)
            for x, dx in ((24, 2), (-20, -2)) for y in (-8, 8)]
    return [cap((-24, 0, 32), (24, 0, 34), 12),          # torso
            cap((26, 0, 38), (34, 0, 46), 7),            # neck
            Part("sphere", (38, 0, 52), radius=10, content=content, solid=solid),
            cap((36, -6, 60), (38, -7, 66), 2.5, content + 2),   # ears
            cap((36, 6, 60), (38, 7, 66), 2.5, content + 2),
            cap((-34, 0, 34), (-46, 0, 50), 3, content - 1),     # tail
            *legs]
