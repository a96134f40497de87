"""``logo run``: the files and -e lines in one interpreter on a worker thread, with the
time and memory limits, the pictures saved at the end, and the exit status."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import time
import warnings
from typing import Any

from ..language.errors import LogoError
from ..language.values import LogoList
from ..messages import text as say
from ..session.host import ConsoleHost
from ..session.interpreter import Interpreter
from ..session.runner import Runner, Stuck
from ..session.safefile import clean_stale
from ..session.sandbox import Sandbox
from .self_checks import report_checks


def exit_now(code: int) -> None:
    """End the process at once (output flushed, logs closed), without freeing the heap."""
    sys.stdout.flush()
    sys.stderr.flush()
    logging = sys.modules.get("logging")  # (not imported when nothing was logged)
    if logging is not None:
        logging.shutdown()
    os._exit(code)


def clean_folders(files: list[str]) -> None:
    """At start: remove the temporary files that killed saves left in the folders Logo
    works in (the current one and the files'), whose writers are gone."""
    for folder in {os.getcwd(), *(os.path.dirname(os.path.abspath(f)) for f in files)}:
        clean_stale(folder)


SUPERVISED = "LOGO_SUPERVISED"  # set in the environment of a supervised run


def supervise(timeout: float) -> int:
    """``logo run --timeout``: run this same command in a child process and end it if it
    is still running a second after the limit.  The child stops itself at the limit when
    it can; one long step (building a huge list...) cannot be stopped from inside, so
    this parent, which holds no Logo, is the limit that always holds (exit status 124)."""
    import subprocess  # lazy: start-up time
    deadline = time.monotonic() + timeout + 1.0
    env = dict(os.environ, **{SUPERVISED: "1"})
    child = subprocess.Popen([sys.executable, "-m", "logo", *sys.argv[1:]], env=env)
    while True:
        try:
            return child.wait(max(0.0, deadline - time.monotonic()))
        except KeyboardInterrupt:  # the child has its own Ctrl-C: wait for its status
            continue
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
            sys.stdout.flush()
            print(say("cli.time_limit", seconds=f"{timeout:g}"), file=sys.stderr)
            return 124


PICTURE_FORMATS = ("png", "svg")


def pictures(args: Any) -> list[tuple[str, str]]:
    """The pictures to save after the run, as (file, format); a name whose extension
    disagrees with its format, or an unknown format, is a usage error (ValueError)."""
    wanted = []
    for path, kind in ((args.png, "png"), (args.svg, "svg")):
        if path:
            ext = os.path.splitext(path)[1].lower().lstrip(".")
            if ext and ext != kind:
                raise ValueError(say("cli.picture_extension", kind=kind, path=path, ext=ext,
                                     format=kind.upper()))
            wanted.append((path, kind))
    if args.picture:
        kind = (args.format or os.path.splitext(args.picture)[1].lstrip(".")).lower()
        if kind not in PICTURE_FORMATS:
            raise ValueError(say("cli.picture_format", path=args.picture,
                                 format=repr(kind) if kind else "(none)"))
        wanted.append((args.picture, kind))
    elif args.format:
        raise ValueError(say("cli.format_alone"))
    gif = getattr(args, "gif", None)
    ext = os.path.splitext(gif or "")[1].lower().lstrip(".")
    if gif and ext != "gif":
        raise ValueError(say("cli.gif_extension", path=gif))
    return wanted


ASSERT_FAILED = 3  # the exit status of a run that ended at a failed ASSERT (a self-check)
GRACE = 0.9  # seconds a program may take to stop after its time limit before it is ended


def _interpreter(args: Any) -> Any:
    """The interpreter of ``logo run``: the console, COMMAND.LINE, the sandbox."""

    warnings.filterwarnings("ignore", category=RuntimeWarning)  # numpy's, never Logo's
    clean_folders(args.files)
    interp = RunInterpreter(host=RecordingHost() if getattr(args, "gif", None)
                            else ConsoleHost())
    interp.host.holds_text = True  # (handed over at each exit of run_files)
    interp.vars["command.line"] = LogoList(getattr(args, "command_line", []))
    if args.sandbox:
        box = args.sandbox
        (box if isinstance(box, Sandbox) else Sandbox(box)).apply(interp)
    if getattr(args, "gif", None):
        from ..turtle.recorder import GifRecorder  # lazy: numpy

        host = interp.host
        assert isinstance(host, RecordingHost)
        from ..session.picture_monitors import PictureMonitors

        host.recorder = GifRecorder(interp.world, overlay=functools.partial(
            _overlay, interp, PictureMonitors(interp)))
    return interp


def _overlay(interp: Any, monitors: Any, pixels: Any) -> Any:
    """A GIF frame's pixels with the page's plots and monitors (their values now, each
    evaluated within its budget), as a PNG shows them."""
    from ..session.plots import drawn_widgets  # lazy: pictures only
    from ..turtle.plot_picture import compose

    monitors.refresh()
    widgets = drawn_widgets(interp)
    return compose(pixels, widgets) if widgets else pixels


class RunInterpreter(Interpreter):
    """The interpreter of ``logo run``, which remembers an internal error (a bug) for
    the exit status 70."""

    internal_error: BaseException | None = None

    def report_internal(self, exc: BaseException) -> None:
        self.internal_error = exc
        super().report_internal(exc)


class SettingError(BaseException):
    """``--set NAME=VALUE`` that the lesson's slider cannot take (a usage error: the run
    ends before anything runs with a value the teacher did not ask for)."""


def _check_setting(slider: Any, value: float) -> None:
    """``--set``: a value outside the slider's range is refused, not clamped."""
    if not slider.minimum <= value <= slider.maximum:
        raise SettingError(say("cli.set_out_of_range", name=slider.name, value=f"{value:g}",
                               minimum=f"{slider.minimum:g}", maximum=f"{slider.maximum:g}"))


class RecordingHost(ConsoleHost):
    """``--gif``: the console, and every WAIT is a frame of the recording."""

    recorder: Any = None

    def waiting(self, seconds: float) -> None:
        if self.recorder is not None:
            self.recorder.waited(seconds)


def _memory_watch(interp: Any, args: Any) -> Any:
    """``--max-memory``: the watch that stops the program past the limit, or None."""
    if not args.max_memory:
        return None
    import numpy  # noqa: F401  (loaded before the limit: its threads reserve memory)

    from ..session.limits import MemoryWatch  # lazy: --max-memory only

    return MemoryWatch(interp, args.max_memory).start()


def _job(interp: Any, args: Any) -> Any:
    """What the worker runs: the files (lessons by name too), then the -e lines; true
    when all ran to the end.  ``--set`` sliders start at their values."""
    settings = dict(getattr(args, "settings", []))
    if settings:  # sliders start at these values when the lesson makes them
        interp.widgets.presets.update(settings)
        interp.widgets.preset_check = _check_setting

    def job() -> bool:
        try:
            return run_all()
        finally:  # a picture shows the monitors' values: evaluated here, under the limits
            if getattr(args, "pictures", None) or pictures(args):
                _refresh_monitors(interp)

    def run_all() -> bool:
        if args.files:
            from ..primitives.files import load_lesson  # lazy: files only
            from ..session.loadpath import find
        for name in args.files:
            path = find(name)  # a file, or a lesson by name (logo run tree)
            text = _read_file(interp, path)
            if text is not None:
                report_checks(text)  # (to ``logo check``, which ran this one)
            if text is None or not interp.run_guarded(
                    functools.partial(load_lesson, interp, text, path)):
                return False
            if len(args.files) == 1 and _runs_after(args):  # a later SAVE keeps the
                from ..session.lesson_text import open_document  # lesson's text (lazy)

                open_document(interp, text)
        if settings and interp.widgets.presets:  # a --set no lesson had a slider for
            raise SettingError(say("cli.no_slider", name=next(iter(interp.widgets.presets))))
        return all(interp.run_source(line, "-e") for line in args.eval)

    return job


def _runs_after(args: Any) -> bool:
    """Whether Logo may still run once the files have: -e lines, the monitors of a
    picture or a GIF (a SAVE there writes into the lesson's document).  When nothing
    can, the document is not made: it costs a snapshot and ~10 ms of imports."""
    return bool(args.eval or getattr(args, "pictures", None) or getattr(args, "gif", None)
                or args.png or args.svg or args.picture)


def run_files(args: Any) -> int:
    """``logo run``: the files, then the -e lines, on a worker thread; the exit status."""
    interp = _interpreter(args)
    ended: list[str] = []  # "timeout" or "interrupt"

    job = _job(interp, args)

    def on_timeout() -> None:
        ended.append("timeout")
        interp.request_stop("timeout", args.timeout)

    def on_interrupt() -> None:
        ended.append("interrupt")
        interp.request_stop()

    runner = Runner()  # its thread's stack is reserved before any memory limit
    watch = _memory_watch(interp, args)
    try:
        ok = runner.call(job, on_interrupt=on_interrupt, timeout=args.timeout,
                         on_timeout=on_timeout, grace=GRACE)
    except SystemExit as exc:  # bye
        return _save_pictures(interp, args, int(exc.code or 0))
    except SettingError as exc:
        print(exc, file=sys.stderr)
        return 2
    except LogoError as err:
        from ..language.error_text import report  # lazy: errors only

        interp.host.error(report(err))
        ok = False
    except Stuck:  # one long step that did not stop in time: end the process now
        interp.host.flush()  # (the text printed before the long step: Host.write's)
        print(say("cli.time_limit", seconds=f"{args.timeout:g}"), file=sys.stderr)
        exit_now(124)
    finally:
        interp.host.flush()
        sys.stdout.flush()
        if watch is not None:
            watch.stop()
    if "interrupt" in ended:
        print(say("cli.interrupted"), file=sys.stderr)
        return 130
    if ended:
        print(say("cli.time_limit", seconds=f"{args.timeout:g}"), file=sys.stderr)
        return _save_pictures(interp, args, 124)
    return _save_pictures(interp, args, 0 if ok else _failed_status(interp))


INTERNAL_ERROR = 70  # the exit status of a run that met an internal error (a bug)


def _failed_status(interp: Any) -> int:
    """The exit status of a run that did not end well: 70 an internal error, 3 a failed
    ASSERT, 1 a Logo error."""
    if getattr(interp, "internal_error", None) is not None:
        return INTERNAL_ERROR
    failed_check = interp.last_error is not None and interp.last_error.kind.startswith(
        "assertion_failed")
    return ASSERT_FAILED if failed_check else 1


def _save_pictures(interp: Any, args: Any, status: int) -> int:
    """``--png``/``--svg``/``--picture``: save the page as the run left it, if the
    program made a turtle world (a program that draws nothing loads no graphics and
    leaves no picture); ``--gif``: the recording.  A file that cannot be written is an
    error (exit status 1 unless the run already failed)."""
    if getattr(args, "gif", None):
        status = _save_gif(interp, args.gif, status)
    wanted = getattr(args, "pictures", None)
    if wanted is None:
        wanted = pictures(args)
    if not wanted:
        return status
    from ..session.plots import drawn_widgets, save_picture  # lazy: pictures only

    if interp.turtle_world is None and not drawn_widgets(interp):
        print(say("cli.drew_nothing"), file=sys.stderr)
        return status
    for path, kind in wanted:
        try:  # with the plots and monitors
            save_picture(interp, path, kind)
        except OSError as exc:
            print(say("cli.cant_save", path=path, reason=exc.strerror or exc),
                  file=sys.stderr)
            status = status or 1
    return status


def _refresh_monitors(interp: Any) -> None:
    """Evaluate the monitors for the picture; stopped (the time limit), they keep the
    text they had."""
    from ..session.picture_monitors import PictureMonitors  # lazy: pictures only

    with contextlib.suppress(LogoError):  # each within its budget: never held by one
        PictureMonitors(interp).refresh()


def _save_gif(interp: Any, path: str, status: int) -> int:
    try:
        interp.host.recorder.save(path)
    except OSError as exc:
        print(say("cli.cant_save", path=path, reason=exc.strerror or exc), file=sys.stderr)
        return status or 1
    return status


def _read_file(interp: Any, path: str) -> str | None:
    from ..session.streams import NotText, read_text  # lazy: files only

    try:
        return read_text(path)  # a regular file of at most 64 MB, else an OSError
    except OSError as exc:
        interp.host.error(say("cli.cant_open", path=path, reason=exc.strerror or exc))
    except NotText as exc:
        interp.host.error(say("cli.binary" if exc.binary else "cli.not_text", path=path,
                              byte=exc.byte, line=exc.line))
    return None

