"""The cat's primitives that show it: the page, the printer, the film.

    cat.draw                     clean the page, draw the ground and the herd's shadow
    cat.animate 5                walk 5 s drawing every frame (in real time, Stop stops)
    show cat.printframe          the frame as a list of 128-character words
    settext "printer cat.frametext     the same as one word with line breaks
    cat.film 84 "cat.gif         the film, 24 frames a second, with a progress bar
    (cat.printfilm 84 "film.txt) the printer's film as text (to the screen without a file)

The page's view: 10 H of ground across the page, wrapping, the cat walking right to
left; the printer's: 6 H across 128 columns, 30 lines (``cat.setsheet``).  Drawing is
never needed to walk: ``cat.walk`` does not touch the page.  This module does not
import numpy.
"""

from __future__ import annotations

from typing import Any

from logo.language.values import LogoList
from logo.primitives.coerce import bad, finite, in_range, integer, word
from logo.primitives.coerce import seconds as coerce_seconds
from logo.primitives.registry import primitive

from .prims import DT, state, stoppable_walk

FPS = 24


def _progress(I: Any, what: str) -> Any:
    """The film's progress: the window's (``host.progress``) if it ``shows_progress``, a bar on the
    terminal for ``logo run``, and a slider named "progress" (0-100) if the page has one;
    Stop is looked at after every frame."""
    from logo.session.host import ConsoleHost

    shows = []
    host = I.host
    if host.shows_progress:
        shows.append(lambda done, total: host.progress(what, done, total))
    elif isinstance(I.host, ConsoleHost):
        from .film import terminal_progress

        shows.append(terminal_progress())
    ws = I.page_widgets
    slider = ws.get("progress") if ws is not None else None
    if slider is not None and hasattr(slider, "set_value"):
        def move(done: int, total: int) -> None:
            slider.set_value(100 * done / max(total, 1))
            ws.changed()  # type: ignore[union-attr]
        shows.append(move)

    def report(done: int, total: int) -> None:
        for show in shows:
            show(done, total)
        I.check_stop()

    return report


def _page_view(I: Any) -> Any:
    from .scene import page_view

    page = I.world.page
    across, ground = state(I).page_view or (10.0, None)
    return page_view(page.width, page.height, across=across, ground_y=ground)


def _sheet(I: Any) -> Any:
    from .printer import Sheet

    s = state(I)
    return s.sheet or Sheet()


@primitive("cat.draw")
def cat_draw(I):
    """CAT.DRAW
    Cleans the page and draws the ground and the current cat's (herd's) shadow, filled."""
    from .film import draw

    draw(I.world, state(I).herd, _page_view(I))


@primitive("cat.animate")
def cat_animate(I, seconds):
    """CAT.ANIMATE seconds
    Walks that long (0 to 1e9 seconds), drawing the shadow 24 times a second, in real
    time (Stop ends it)."""
    from .film import draw, frames

    t, s = coerce_seconds(seconds), state(I)
    start, view = I.host.now(), _page_view(I)
    for k, g in enumerate(frames(s.herd, t + 1.0 / FPS, FPS, DT, stoppable_walk(I))):
        s.herd = g
        draw(I.world, g, view)
        I.host.waiting(1.0 / FPS)  # (a recording shows each frame for its 24th of a second)
        left = start + k / FPS - I.host.now()
        if left > 0:
            I.host.sleep(left)
        I.check_stop()


@primitive("cat.printframe", max_inputs=1)
def cat_printframe(I, look="dense"):
    """CAT.PRINTFRAME   or   (CAT.PRINTFRAME "levels)
    Outputs the current frame as the ATsPU-128 printer prints it: a list of words of 128
    characters, one a line (Ж where the shadow is; "levels: four overprinted densities)."""
    from .printer import frame_lines

    return LogoList(frame_lines(state(I).herd, _sheet(I), _look(look)))


@primitive("cat.frametext", max_inputs=1)
def cat_frametext(I, look="dense"):
    """CAT.FRAMETEXT   or   (CAT.FRAMETEXT "levels)
    Outputs the current printer frame as one word with line breaks (for SETTEXT)."""
    from .printer import frame_lines

    return "\n".join(line.rstrip() for line in frame_lines(state(I).herd, _sheet(I),
                                                             _look(look)))


def _look(x: Any) -> str:
    look = word(x).lower()
    if look not in ("dense", "levels"):
        raise bad(x)
    return look


@primitive("cat.setsheet")
def cat_setsheet(I, width, rows):
    """CAT.SETSHEET width rows
    Sets the printer's window: width H of ground across the 128 columns, and the number
    of lines a frame (6 and 30 to start with)."""
    from .printer import Sheet

    w, n = float(finite(width)), integer(rows)
    if w <= 0 or n < 4:
        raise bad(width if w <= 0 else rows)
    state(I).sheet = Sheet(width=w, rows=n)


@primitive("cat.setview")
def cat_setview(I, width, ground):
    """CAT.SETVIEW width groundy
    Sets the page's view: width H of ground across the page (10 to start with), the
    ground at turtle y groundy (-124 on a page 600 high)."""
    w = float(finite(width))
    if w <= 0:
        raise bad(width)
    state(I).page_view = (w, float(finite(ground)))


@primitive("cat.film", max_inputs=3)
def cat_film(I, seconds, path, fps=FPS):
    """CAT.FILM seconds file   or   (CAT.FILM seconds file fps)
    Films the current cat walking from now: an animated GIF, or PNG frames when the
    file name has a %d field ("frames/cat%04d.png), 24 frames a second; shows progress.
    The cat is left where the film ends.  Seconds: more than 0, up to 1e9; fps: 1 to
    100."""
    from . import film

    t, rate = _film_times(seconds, fps)
    target = _target(I, path)
    if "%" in target:
        film.frame_folder(target)
    s = state(I)
    film.write_film(s.herd, target, t, rate, progress=_progress(I, "film"),
                    walk=stoppable_walk(I))
    s.herd = _after(I, s.herd, t, rate)
    _say_written(I, target)


@primitive("cat.printfilm", max_inputs=3)
def cat_printfilm(I, seconds, path=None, fps=FPS):
    """CAT.PRINTFILM seconds   or   (CAT.PRINTFILM seconds file)   (... file fps)
    Prints the film as the line printer would, frame after frame (a header line, then
    the frame's lines; a form feed between frames): to the screen, or to a text file.
    Seconds: more than 0, up to 1e9; fps: 1 to 100."""
    from . import film

    t, rate = _film_times(seconds, fps)
    s, walk = state(I), stoppable_walk(I)
    if path is None or (isinstance(path, LogoList) and not len(path)):
        film.print_film(s.herd, I.write, t, rate, _sheet(I),
                        progress=lambda done, total: I.check_stop(), walk=walk)
    else:
        from logo.session.safefile import atomic_write

        target = _target(I, path)
        pages: list[str] = []
        film.print_film(s.herd, pages.append, t, rate, _sheet(I),
                        progress=_progress(I, "printfilm"), walk=walk)
        atomic_write(target, "".join(pages))
        _say_written(I, target)
    s.herd = _after(I, s.herd, t, rate)


def _target(I: Any, path: Any) -> str:
    """The film's file, refused before the film is made when it is among the files
    installed with Logo (they are never written)."""
    from logo.session.safefile import ShippedFile, refuse_shipped
    from logo.session.streams import shipped_error

    target = I.resolve_path(word(path))
    try:
        refuse_shipped(target)
    except ShippedFile:
        raise shipped_error(word(path)) from None
    return target


def _film_times(seconds: Any, fps: Any) -> tuple[float, float]:
    """A film's length (more than 0, up to MAX_SECONDS) and frames a second (1 to 100:
    frames closer than a second apart, so Stop is looked at often)."""
    t, rate = coerce_seconds(seconds), in_range(fps, 1, 100)
    if t <= 0:
        raise bad(seconds)
    return t, rate


def _say_written(I: Any, path: str) -> None:
    """One line in the session's language: where a film's file now is."""
    from logo import messages

    I.write(messages.text("cat.written", path=path) + "\n")


@primitive("cat.folder")
def cat_folder(I):
    """CAT.FOLDER
    Outputs the learner's folder, where the lesson's FILM button writes: the SETPREFIX
    folder, else the current folder, else (when that is not writable or is where the
    lessons are installed) the home folder.  With a sandbox, the sandbox."""
    import os
    from pathlib import Path

    if I.file_prefix or I.sandbox:
        return os.path.normpath(I.resolve_path("."))
    here = Path.cwd().resolve()
    package = Path(__file__).resolve().parent.parent
    if os.access(here, os.W_OK) and package not in (here, *here.parents):
        return str(here)
    return str(Path.home())


def _after(I: Any, g: Any, seconds: float, fps: float) -> Any:
    """The herd where a film of ``seconds`` at ``fps`` leaves it (at its last frame)."""
    n = round(seconds * fps)
    return stoppable_walk(I)(g, max(0, round((n - 1) / fps / DT)) * DT, DT)
