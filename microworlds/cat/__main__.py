"""The cat from the command line.

    python -m microworlds.cat film cat.gif            84 s, 24 fps, progress on stderr
    python -m microworlds.cat film "frames/cat%04d.png" --seconds 10
    python -m microworlds.cat print film.txt          the printer's film as text
    python -m microworlds.cat print - --seconds 2     ... to the terminal
    python -m microworlds.cat frame cat.png --at 1.5  one frame of the page as PNG

Options: --seconds, --fps, --speed (H/s), --at (walk this long first), --cats and
--seed (a herd from random starts), --look dense|levels (the printer's glyphs).
"""

from __future__ import annotations

import argparse
import sys


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m microworlds.cat",
                                description="The walking cat (Кошечка, 1968).")
    p.add_argument("what", choices=["film", "print", "frame"])
    p.add_argument("out", help="file to write ('-' prints the text film to stdout)")
    p.add_argument("--seconds", type=float, default=84.0)
    p.add_argument("--fps", type=float, default=24.0)
    p.add_argument("--speed", type=float, default=0.8)
    p.add_argument("--at", type=float, default=0.0, help="walk this long before filming")
    p.add_argument("--cats", type=int, default=1)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--look", choices=["dense", "levels"], default="dense")
    p.add_argument("--width", type=int, default=480)
    p.add_argument("--height", type=int, default=200)
    return p


def _check(a: argparse.Namespace) -> str | None:
    """What is wrong with the options, if anything."""
    if a.out == "-" and a.what != "print":
        return f"'-' (the terminal) is only for the text film of 'print'; {a.what} needs a file"
    for name in ("seconds", "fps", "width", "height", "cats"):
        value = getattr(a, name)
        if not 0 < value < 1e9:
            return f"--{name} must be more than 0 (not {value})"
    if not 0 <= a.at < 1e9:
        return f"--at must be 0 or more (not {a.at})"
    if not abs(a.speed) < 1e3:
        return f"--speed {a.speed} is out of range"
    return None


def main(argv: list[str] | None = None) -> int:
    p = parser()
    a = p.parse_args(argv)
    problem = _check(a)
    if problem:
        p.error(problem)  # a usage error: exit status 2

    import numpy as np

    from . import film, gait

    rng = np.random.default_rng(a.seed) if a.seed is not None or a.cats > 1 else None
    g = gait.new_herd(a.cats, v=a.speed, rng=rng)
    g = gait.walk(g, a.at)
    progress = film.terminal_progress()
    if a.what == "film":
        if "%" in a.out:
            film.frame_folder(a.out)
        n = film.write_film(g, a.out, a.seconds, a.fps, a.width, a.height, progress)
        print(f"{n} frames -> {a.out}", file=sys.stderr)
    elif a.what == "print":
        if a.out == "-":
            film.print_film(g, sys.stdout.write, a.seconds, a.fps, look=a.look)
        else:
            with open(a.out, "w", encoding="utf-8") as f:
                film.print_film(g, f.write, a.seconds, a.fps, look=a.look, progress=progress)
    else:
        from logo.turtle.world import TurtleWorld

        world = TurtleWorld()
        from .scene import page_view

        film.draw(world, g, page_view())
        world.save_png(a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
