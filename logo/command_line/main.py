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
program), 3 a failed ASSERT (a self-check), 70 an internal error (a bug), 124 the time
limit, 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from typing import Any

from .. import messages
from ..messages import LANGUAGES
from ..messages import text as say  # (say: the functions here have texts of their own)
from ..session.host import quiet_stdout
from .run import SUPERVISED, clean_folders, exit_now, pictures, run_files, supervise


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="logo", description="A Logo microworld environment.")
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help="the language of messages and of the window (default: the locale, "
                        "Russian when LC_ALL, LC_MESSAGES or LANG starts with ru); "
                        "may come after the command too")
    p.add_argument("--version", action=_Version, nargs=0,
                   help="show the version of logo-microworlds and exit")
    sub = p.add_subparsers(dest="command")
    _run_options(sub.add_parser("run", help="run Logo files with no window"))
    lessons = sub.add_parser("lessons", help="list the lessons shipped with Logo, or "
                             "print one lesson's task (logo lessons NAME)")
    lessons.add_argument("name", nargs="?", default=None)
    sub.add_parser("repl", help="the terminal REPL")
    _check_options(sub.add_parser("check", help="run many learners' files, a line each"))
    win = sub.add_parser("window", help="open the window")
    win.add_argument("files", nargs="*")
    win.add_argument("--sandbox", default=None, metavar="DIR",
                     help="confine every file primitive (and Open/Save) to DIR")
    return p


def _run_options(run: argparse.ArgumentParser) -> None:
    """The options of ``logo run``."""
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
    run.add_argument("--gif", default=None, metavar="FILE",
                     help="record the page as an animated GIF: a frame at every WAIT, "
                          "REFRESH and microworld redraw, and the page at the end")
    run.add_argument("--format", default=None, metavar="FORMAT",
                     help="the format of --picture (png or svg) when its name does not say")
    run.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                     type=_setting, dest="settings",
                     help="a slider of the lesson starts at VALUE (repeatable)")


def _check_options(check: argparse.ArgumentParser) -> None:
    """The options of ``logo check``."""
    check.add_argument("files", nargs="+")
    check.add_argument("--timeout", type=_seconds, default=10.0, metavar="S",
                       help="time limit per file (default 10 s)")
    check.add_argument("--jobs", "-j", type=_jobs, default=None, metavar="N",
                       help="files checked at once (default: the number of cores)")
    check.add_argument("--format", choices=("text", "json", "junit"), default="text",
                       help="text (a line each), json, or junit (JUnit XML for "
                            "autograders and CI servers)")
    check.add_argument("--max-memory", type=_megabytes, default=1024, metavar="MB",
                       help="memory limit per file (default 1024 MB)")


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


def _jobs(text: str) -> int:
    """``--jobs N``: a whole number, at least 1."""
    try:
        value = int(text)
        if value < 1:
            raise ValueError
    except ValueError:
        raise argparse.ArgumentTypeError(say("cli.bad_jobs", value=repr(text))) from None
    return value


def _setting(text: str) -> tuple[str, float]:
    """``--set NAME=VALUE``: a slider's name and a number."""
    name, eq, value = text.partition("=")
    try:
        number = float(value)
        if not (eq and name.strip() and math.isfinite(number)):
            raise ValueError
        return name.strip().lower(), number
    except ValueError:
        raise argparse.ArgumentTypeError(say("cli.bad_setting", value=repr(text))) from None


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


def main(argv: list[str] | None = None) -> int:
    """The ``logo`` command; an internal error is one line here, its traceback in the log."""
    try:
        code = _main(argv)
        if argv is None and sys.argv[1:2] == ["run"]:
            exit_now(code)  # a big workspace would take seconds to tear down
        return code
    except KeyboardInterrupt:
        print(say("cli.interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:  # logo lessons | head: the reader has gone
        quiet_stdout()
        return 0
    except Exception as exc:  # a bug: never a traceback for the user
        from ..session.internal_log import internal_log  # lazy: errors only

        internal_log().error("internal error", exc_info=exc)
        print(say("cli.internal_error", error=f"{type(exc).__name__}: {exc}"),
              file=sys.stderr)
        return 70


def _main(argv: list[str] | None) -> int:
    process = argv is None  # the command itself, not a call from Python
    argv = list(sys.argv[1:] if argv is None else argv)
    command_line: list[str] = []
    if "-" in argv:  # UCBLogo: words after - are :command.line (logo run)
        cut = argv.index("-")
        argv, command_line = argv[:cut], argv[cut + 1:]
    argv, lang = take_lang(argv)
    messages.use(lang[1] if lang else None)  # usage errors in that language too
    if argv and argv[0] not in ("run", "repl", "window", "check", "lessons", "-h", "--help",
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

        return check_files(args.files, args.timeout, args.max_memory, jobs=args.jobs,
                           form=args.format)
    if args.command == "lessons":
        from .lesson_list import list_lessons  # lazy: per command

        return list_lessons(name=args.name)
    if args.command == "repl":
        from .repl import repl  # lazy: per command

        return repl()
    from ..session.loadpath import find  # lazy: per command

    return open_window([find(f) for f in getattr(args, "files", [])], args.lang,
                       getattr(args, "sandbox", None))


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


if __name__ == "__main__":
    sys.exit(main())
