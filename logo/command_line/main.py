"""The ``logo`` command: argument parsing only.

    logo [LESSON.lgo]          the window (the terminal REPL when there is no display)
    logo run FILE... [-e TEXT] run files headless; exit 1 on an uncaught error
        [- WORD...]            ...with the words after - in :command.line
        [--png F] [--svg F]    ...and save the page after the run
        [--picture F [--format png|svg]]   (the format from F's extension)
    logo repl                  the terminal REPL
    logo check FILE...         a teacher's batch: each file with time and memory limits
    logo --lang en|ru ...      messages in English or Russian (default: the locale)

Exit status (``logo run``): 0 done, 1 a Logo error, 2 a usage error (bad options, no
program), 70 an internal error (a bug), 124 the time limit, 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
import warnings
from typing import Any

from .. import messages
from ..language.errors import LogoError
from ..language.values import LogoList
from ..messages import LANGUAGES
from ..messages import text as say  # (say: the functions here have texts of their own)
from ..session.host import ConsoleHost
from ..session.interpreter import Interpreter, internal_log
from ..session.runner import Runner, Stuck
from ..session.safefile import clean_stale
from ..session.streams import read_text


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="logo", description="A Logo microworld environment.")
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help="the language of messages and of the window (default: the locale, "
                        "Russian when LC_ALL, LC_MESSAGES or LANG starts with ru); "
                        "may come after the command too")
    p.add_argument("--version", action=_Version, nargs=0,
                   help="show the version of logo-microworlds and exit")
    sub = p.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run Logo files with no window")
    run.add_argument("files", nargs="*", help="files to load and run, in order")
    run.add_argument("-e", "--eval", action="append", default=[], metavar="TEXT",
                     help="an instruction line to run (after the files)")
    run.add_argument("--timeout", type=_seconds, default=None, metavar="S",
                     help="stop the program after S seconds (exit status 124)")
    run.add_argument("--max-memory", type=_megabytes, default=None, metavar="MB",
                     help="limit memory; running out is the Logo error 'Out of space'")
    run.add_argument("--sandbox", default=None, metavar="DIR",
                     help="confine every file primitive to DIR")
    run.add_argument("--png", default=None, metavar="FILE",
                     help="save the page as PNG after the run (if the program used turtles)")
    run.add_argument("--svg", default=None, metavar="FILE",
                     help="save the drawing as SVG after the run (if the program used turtles)")
    run.add_argument("--picture", default=None, metavar="FILE",
                     help="save the page after the run, as FILE's extension says (.png, .svg)")
    run.add_argument("--format", default=None, metavar="FORMAT",
                     help="the format of --picture (png or svg) when its name does not say")
    sub.add_parser("repl", help="the terminal REPL")
    check = sub.add_parser("check", help="run many learners' files, a line each")
    check.add_argument("files", nargs="+")
    check.add_argument("--timeout", type=_seconds, default=10.0, metavar="S",
                       help="time limit per file (default 10 s)")
    check.add_argument("--max-memory", type=_megabytes, default=1024, metavar="MB",
                       help="memory limit per file (default 1024 MB)")
    win = sub.add_parser("window", help="open the window")
    win.add_argument("files", nargs="*")
    win.add_argument("--sandbox", default=None, metavar="DIR",
                     help="confine every file primitive (and Open/Save) to DIR")
    return p


class _Version(argparse.Action):
    """``--version``, its text looked up only when asked (importlib.metadata is slow
    to import)."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        print(version_text())
        parser.exit()


def version_text() -> str:
    """``logo --version``: the installed package's version (pyproject.toml's)."""
    from importlib import metadata  # lazy: start-up time (--version only)

    try:
        return f"logo-microworlds {metadata.version('logo-microworlds')}"
    except metadata.PackageNotFoundError:
        return "logo-microworlds (not installed: run from a checkout)"


MIN_MEMORY_MB = 64  # less than this cannot hold Logo itself


def _seconds(text: str) -> float:
    """A time limit: a positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("cli.not_seconds", value=repr(text))) from None
    if not 0 < value < 1e9:
        raise argparse.ArgumentTypeError(say("cli.time_limit_positive", value=text))
    return value


def _megabytes(text: str) -> int:
    """A memory limit: a whole number of megabytes, at least MIN_MEMORY_MB."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("cli.not_megabytes", value=repr(text))) from None
    if not MIN_MEMORY_MB <= value <= 1 << 30:
        raise argparse.ArgumentTypeError(say("cli.too_little_memory", value=value,
                                             least=MIN_MEMORY_MB))
    return value


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
    return wanted


def main(argv: list[str] | None = None) -> int:
    """The ``logo`` command; an internal error is one line here, its traceback in the log."""
    try:
        code = _main(argv)
        if argv is None and sys.argv[1:2] == ["run"]:
            _exit_now(code)  # a big workspace would take seconds to tear down
        return code
    except KeyboardInterrupt:
        print(say("cli.interrupted"), file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: never a traceback for the user
        internal_log().error("internal error", exc_info=exc)
        print(say("cli.internal_error", error=f"{type(exc).__name__}: {exc}"),
              file=sys.stderr)
        return 70


def _exit_now(code: int) -> None:
    """End the process at once (output flushed, logs closed), without freeing the heap."""
    sys.stdout.flush()
    sys.stderr.flush()
    logging.shutdown()
    os._exit(code)


def _main(argv: list[str] | None) -> int:
    process = argv is None  # the command itself, not a call from Python
    argv = list(sys.argv[1:] if argv is None else argv)
    command_line: list[str] = []
    if "-" in argv:  # UCBLogo: words after - are :command.line (logo run)
        cut = argv.index("-")
        argv, command_line = argv[:cut], argv[cut + 1:]
    argv, lang = take_lang(argv)
    messages.use(lang[1] if lang else None)  # usage errors in that language too
    if argv and argv[0] not in ("run", "repl", "window", "check", "-h", "--help",
                                "--version"):
        argv.insert(0, "window")
    parser = _parser()
    args = parser.parse_args([*lang, *argv])
    if command_line and args.command != "run":
        parser.error(say("cli.dash_words"))
    args.command_line = command_line
    messages.use(args.lang)
    if args.command == "run":
        if not args.files and not args.eval:
            parser.error(say("cli.needs_program"))
        try:
            args.pictures = pictures(args)
        except ValueError as exc:
            parser.error(str(exc))
        if args.timeout and process and not os.environ.get(SUPERVISED):
            return supervise(args.timeout)
        return run_files(args)
    if args.command == "check":
        from .check import check_files  # lazy: per command

        return check_files(args.files, args.timeout, args.max_memory)
    if args.command == "repl":
        from .repl import repl  # lazy: per command

        return repl()
    return open_window(getattr(args, "files", []), args.lang, getattr(args, "sandbox", None))


def take_lang(argv: list[str]) -> tuple[list[str], list[str]]:
    """``--lang X`` (or ``--lang=X``) taken out of the arguments, wherever it is, so that
    it may come before the command (``logo --lang ru repl``) or after it
    (``logo run --lang ru -e fd``): (the other arguments, ``["--lang", X]`` or [])."""
    rest: list[str] = []
    lang: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--lang" and i + 1 < len(argv):
            lang, i = ["--lang", argv[i + 1]], i + 2
            continue
        if arg.startswith("--lang="):
            lang = ["--lang", arg.split("=", 1)[1]]
        else:
            rest.append(arg)
        i += 1
    return rest, lang


def clean_folders(files: list[str]) -> None:
    """At start: remove the temporary files that killed saves left in the folders Logo
    works in (the current one and the files'), whose writers are gone."""
    for folder in {os.getcwd(), *(os.path.dirname(os.path.abspath(f)) for f in files)}:
        clean_stale(folder)


def open_window(files: list[str], lang: str | None = None,
                sandbox: str | None = None) -> int:
    clean_folders([*files, *([sandbox + "/."] if sandbox else [])])
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") \
            and os.environ.get("SDL_VIDEODRIVER") not in ("dummy", "offscreen"):
        print(say("cli.no_display"), file=sys.stderr)
        from .repl import repl  # lazy: per command

        return repl(files)
    try:
        from ..ui.app import run_app  # lazy: pygame
    except ImportError:
        print(say("cli.no_window"), file=sys.stderr)
        from .repl import repl  # lazy: per command

        return repl(files)
    return run_app(files, lang=lang, sandbox=os.path.abspath(sandbox) if sandbox else None)


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


GRACE = 0.9  # seconds a program may take to stop after its time limit before it is ended


def _interpreter(args: Any) -> Any:
    """The interpreter of ``logo run``: the console, COMMAND.LINE, the sandbox."""

    warnings.filterwarnings("ignore", category=RuntimeWarning)  # numpy's, never Logo's
    clean_folders(args.files)
    interp = Interpreter(host=ConsoleHost())
    interp.vars["command.line"] = LogoList(getattr(args, "command_line", []))
    if args.sandbox:
        interp.sandbox = os.path.abspath(args.sandbox)
    return interp


def _memory_watch(interp: Any, args: Any) -> Any:
    """``--max-memory``: the watch that stops the program past the limit, or None."""
    if not args.max_memory:
        return None
    import numpy  # noqa: F401  (loaded before the limit: its threads reserve memory)

    from ..session.limits import MemoryWatch  # lazy: --max-memory only

    return MemoryWatch(interp, args.max_memory).start()


def run_files(args: Any) -> int:
    """``logo run``: the files, then the -e lines, on a worker thread; the exit status."""
    interp = _interpreter(args)
    ended: list[str] = []  # "timeout" or "interrupt"

    def job() -> bool:
        for path in args.files:
            text = _read_file(interp, path)
            if text is None or not interp.run_source(text, path):
                return False
        return all(interp.run_source(line, "-e") for line in args.eval)

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
    except LogoError as err:
        interp.host.error(err.report())
        ok = False
    except Stuck:  # one long step that did not stop in time: end the process now
        print(say("cli.time_limit", seconds=f"{args.timeout:g}"), file=sys.stderr)
        _exit_now(124)
    finally:
        sys.stdout.flush()
        if watch is not None:
            watch.stop()
    if "interrupt" in ended:
        print(say("cli.interrupted"), file=sys.stderr)
        return 130
    if ended:
        print(say("cli.time_limit", seconds=f"{args.timeout:g}"), file=sys.stderr)
        return _save_pictures(interp, args, 124)
    return _save_pictures(interp, args, 0 if ok else 1)


def _save_pictures(interp: Any, args: Any, status: int) -> int:
    """``--png``/``--svg``/``--picture``: save the page as the run left it, if the
    program made a turtle world (a program that draws nothing loads no graphics and
    leaves no picture).  A file that cannot be written is an error (exit status 1
    unless the run already failed)."""
    wanted = getattr(args, "pictures", None)
    if wanted is None:
        wanted = pictures(args)
    if not wanted:
        return status
    world = getattr(interp, "_world", None)
    if world is None:
        print(say("cli.drew_nothing"), file=sys.stderr)
        return status
    for path, kind in wanted:
        try:
            if kind == "png":
                world.save_png(path)
            else:
                world.save_svg(path)
        except OSError as exc:
            print(say("cli.cant_save", path=path, reason=exc.strerror or exc),
                  file=sys.stderr)
            status = status or 1
    return status


def _read_file(interp: Any, path: str) -> str | None:
    try:
        return read_text(path)
    except OSError as exc:
        interp.host.error(say("cli.cant_open", path=path, reason=exc.strerror or exc))
    except ValueError:  # streams.NotText
        interp.host.error(say("cli.not_text", path=path))
    return None


if __name__ == "__main__":
    sys.exit(main())
