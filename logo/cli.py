"""The ``logo`` command: argument parsing only.

    logo [LESSON.lgo]          the window (the terminal REPL when there is no display)
    logo run FILE... [-e TEXT] run files headless; exit 1 on an uncaught error
        [- WORD...]            ...with the words after - in :command.line
        [--png F] [--svg F]    ...and save the page after the run
    logo repl                  the terminal REPL
    logo check FILE...         a teacher's batch: each file with time and memory limits
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="logo", description="A Logo microworld environment.")
    sub = p.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run Logo files with no window")
    run.add_argument("files", nargs="*", help="files to load and run, in order")
    run.add_argument("-e", "--eval", action="append", default=[], metavar="TEXT",
                     help="an instruction line to run (after the files)")
    run.add_argument("--timeout", type=float, default=None, metavar="S",
                     help="stop the program after S seconds (exit status 124)")
    run.add_argument("--max-memory", type=int, default=None, metavar="MB",
                     help="limit memory; running out is the Logo error 'Out of space'")
    run.add_argument("--sandbox", default=None, metavar="DIR",
                     help="confine every file primitive to DIR")
    run.add_argument("--png", default=None, metavar="FILE",
                     help="save the page as PNG after the run (if the program used turtles)")
    run.add_argument("--svg", default=None, metavar="FILE",
                     help="save the drawing as SVG after the run (if the program used turtles)")
    sub.add_parser("repl", help="the terminal REPL")
    check = sub.add_parser("check", help="run many learners' files, a line each")
    check.add_argument("files", nargs="+")
    check.add_argument("--timeout", type=float, default=10.0, metavar="S",
                       help="time limit per file (default 10 s)")
    check.add_argument("--max-memory", type=int, default=1024, metavar="MB",
                       help="memory limit per file (default 1024 MB)")
    win = sub.add_parser("window", help="open the window")
    win.add_argument("files", nargs="*")
    win.add_argument("--lang", choices=("en", "ru"), default=None,
                     help="the window's language (default: the system locale)")
    win.add_argument("--sandbox", default=None, metavar="DIR",
                     help="confine every file primitive (and Open/Save) to DIR")
    return p


def main(argv: list[str] | None = None) -> int:
    """The ``logo`` command; an internal error is one line here, its traceback in the log."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("logo: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: never a traceback for the user
        from .interpreter import internal_log

        internal_log().error("internal error", exc_info=exc)
        print(f"logo: internal error: {type(exc).__name__}: {exc} (details in "
              "~/.cache/logo-microworlds/internal.log)", file=sys.stderr)
        return 70


def _main(argv: list[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] not in ("run", "repl", "window", "check", "-h", "--help"):
        argv.insert(0, "window")
    command_line: list[str] = []
    if argv and argv[0] == "run" and "-" in argv:  # UCBLogo: words after - are :command.line
        cut = argv.index("-")
        argv, command_line = argv[:cut], argv[cut + 1:]
    args = _parser().parse_args(argv)
    args.command_line = command_line
    if args.command == "run":
        return run_files(args)
    if args.command == "check":
        from .check import check_files

        return check_files(args.files, args.timeout, args.max_memory)
    if args.command == "repl":
        from .repl import repl

        return repl()
    return open_window(getattr(args, "files", []), getattr(args, "lang", None),
                       getattr(args, "sandbox", None))


def open_window(files: list[str], lang: str | None = None,
                sandbox: str | None = None) -> int:
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") \
            and os.environ.get("SDL_VIDEODRIVER") not in ("dummy", "offscreen"):
        print("logo: no display here; starting the terminal REPL instead (logo repl).",
              file=sys.stderr)
        from .repl import repl

        return repl(files)
    try:
        from .ui.app import run_app
    except ImportError:
        print("logo: the window is not available; starting the terminal REPL.",
              file=sys.stderr)
        from .repl import repl

        return repl(files)
    return run_app(files, lang=lang, sandbox=os.path.abspath(sandbox) if sandbox else None)


def run_files(args: Any) -> int:
    from .errors import LogoError
    from .host import ConsoleHost
    from .interpreter import Interpreter
    from .runner import Runner
    from .values import LogoList

    interp = Interpreter(host=ConsoleHost())
    interp.vars["command.line"] = LogoList(getattr(args, "command_line", []))
    if args.sandbox:
        interp.sandbox = os.path.abspath(args.sandbox)
    timed_out: list[bool] = []

    def job() -> bool:
        for path in args.files:
            text = _read_file(interp, path)
            if text is None or not interp.run_source(text, path):
                return False
        return all(interp.run_source(line, "-e") for line in args.eval)

    def on_timeout() -> None:
        timed_out.append(True)
        interp.request_stop("timeout", args.timeout)

    watch = None
    if args.max_memory:
        import numpy  # noqa: F401  (loaded before the limit: its threads reserve memory)

        from .limits import MemoryWatch

        watch = MemoryWatch(interp, args.max_memory).start()
    try:
        ok = Runner().call(job, on_interrupt=interp.request_stop, timeout=args.timeout,
                           on_timeout=on_timeout)
    except SystemExit as exc:  # bye
        return _save_pictures(interp, args, int(exc.code or 0))
    except LogoError as err:
        interp.host.error(err.report())
        ok = False
    finally:
        sys.stdout.flush()
        if watch is not None:
            watch.stop()
    if timed_out:
        print(f"logo: stopped after the time limit of {args.timeout} s", file=sys.stderr)
        return _save_pictures(interp, args, 124)
    return _save_pictures(interp, args, 0 if ok else 1)


def _save_pictures(interp: Any, args: Any, status: int) -> int:
    """``--png``/``--svg``: save the page as the run left it, if the program made a turtle
    world (a program that draws nothing loads no graphics and leaves no picture).  A file
    that cannot be written is an error (exit status 1 unless the run already failed)."""
    wanted = [(path, kind) for path, kind in ((getattr(args, "png", None), "png"),
                                              (getattr(args, "svg", None), "svg")) if path]
    if not wanted:
        return status
    world = getattr(interp, "_world", None)
    if world is None:
        print("logo: the program drew nothing; no picture saved", file=sys.stderr)
        return status
    for path, kind in wanted:
        try:
            if kind == "png":
                world.save_png(path)
            else:
                world.save_svg(path)
        except OSError as exc:
            print(f"logo: can't save {path}: {exc.strerror or exc}", file=sys.stderr)
            status = status or 1
    return status


def _read_file(interp: Any, path: str) -> str | None:
    from .streams import read_text

    try:
        return read_text(path)
    except Exception as exc:  # a file that cannot be read or decoded
        interp.host.error(f"logo: can't read {path}: {exc}")
        return None


if __name__ == "__main__":
    sys.exit(main())
