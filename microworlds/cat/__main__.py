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
import io
import os
import sys

from logo.session import safefile


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m microworlds.cat",
                                description="The walking cat (Кошечка, 1968).",
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("what", choices=["film", "print", "frame"],
                   help="film: an animated GIF (or numbered PNG frames: a name with %%04d); "
                        "print: the line printer's film as text; frame: one frame as PNG")
    p.add_argument("out", help="the file to write: .gif or a %%-pattern of .png for film, "
                               ".txt (or '-', the terminal) for print, .png for frame")
    p.add_argument("--seconds", type=float, default=84.0, help="how long the film runs")
    p.add_argument("--fps", type=float, default=24.0, help="frames per second")
    p.add_argument("--speed", type=float, default=0.8, help="the cat's speed, in H per second")
    p.add_argument("--at", type=float, default=0.0,
                   help="seconds walked before the first frame")
    p.add_argument("--cats", type=int, default=1, help="cats in the herd")
    p.add_argument("--seed", type=int, default=None,
                   help="random starts for a herd (the same seed, the same herd)")
    p.add_argument("--look", choices=["dense", "levels"], default="dense",
                   help="the printer's glyphs: one dense letter, or four overprinted levels")
    p.add_argument("--width", type=int, default=480, help="film frame width in pixels")
    p.add_argument("--height", type=int, default=200, help="film frame height in pixels")
    return p


EXTENSIONS = {"film": (".gif", ".png"), "print": (".txt",), "frame": (".png",)}


def _check(a: argparse.Namespace) -> str | None:
    """What is wrong with the options, if anything."""
    if a.out == "-":
        if a.what != "print":
            return (f"'-' (the terminal) is only for the text film of 'print'; {a.what} "
                    "needs a file")
    else:
        ext = os.path.splitext(a.out)[1].lower()
        allowed = EXTENSIONS[a.what]
        if a.what == "film" and ext == ".png" and "%" not in a.out:
            return "a film of PNG frames needs a numbered name such as frames/cat%04d.png"
        if ext not in allowed:
            return f"{a.what} writes {' or '.join(allowed)} files, not {a.out!r}"
        from logo.session.shipped import MAINTAINER_SWITCH, writable

        if not writable(a.out):
            return (f"{a.out} is among the files installed with Logo, which are never "
                    f"written (maintainers in a checkout: {MAINTAINER_SWITCH}=1)")
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
            text = io.StringIO()  # written as every save is (a device: into it)
            film.print_film(g, text.write, a.seconds, a.fps, look=a.look, progress=progress)
            safefile.atomic_write(a.out, text.getvalue())
    else:
        from logo.turtle.world import TurtleWorld

        world = TurtleWorld()
        from .scene import page_view

        film.draw(world, g, page_view())
        world.save_png(a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
