"""The ``logo`` command: argument parsing only.

    logo [LESSON | FILE.lgo]   the window (the terminal REPL when there is no display)
    logo run FILE... [-e TEXT] run files headless; exit 1 on an uncaught error
        [- WORD...]            ...with the words after - in :command.line
        [--png F] [--svg F]    ...and save the page after the run
        [--picture F [--format png|svg]]   (the format from F's extension)
    logo repl [FILE...]        the terminal REPL
    logo check FILE...         a teacher's batch: each file with time and memory limits,
                               in its own process and scratch folder (--sandbox, --trust)
    ... --sandbox DIR          (every mode) the program's files confined to DIR
    logo --lang en|ru ...      messages in English or Russian (default: the locale)

Exit status (``logo run``): 0 done, 1 a Logo error (or a file it cannot read), 2 a usage
error (bad options, no program, a missing sandbox), 3 a failed ASSERT (a self-check), 70
an internal error (a bug), 124 the time limit, 130 interrupted (Ctrl-C).  A first word
that is neither a command, a lesson nor a file is a usage error with a suggestion.
The subcommands are the parser's (``_parser``): adding one there is all it takes.
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
from ..session.sandbox import Sandbox, SandboxError
from . import usage
from .help_width import Help, RawHelp
from .run import SUPERVISED, clean_folders, exit_now, pictures, run_files, supervise

RAW = RawHelp


class _Parser(argparse.ArgumentParser):
    """The ``logo`` parser, which knows its subcommands (``subcommands.choices``); its
    help ends with the catalogue text ``epilog_key`` (looked up only when shown)."""

    subcommands: Any = None
    epilog_key: str | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Help)  # (subcommands' parsers are _Parsers)
        super().__init__(*args, **kwargs)

    def format_help(self) -> str:
        if self.epilog_key:
            self.epilog = usage.lines(self.epilog_key)
        return super().format_help()


def _with_epilog(parser: Any, key: str) -> Any:
    parser.formatter_class = RAW
    parser.epilog_key = key
    return parser


COMMANDS = ("run", "lessons", "repl", "check", "window", "experiment")  # _parser's own


def _parser(only: str | None = None) -> _Parser:
    """The ``logo`` parser; with ``only`` (one of COMMANDS, the command given) that
    subcommand alone: argparse builds every parser it is told of, which a start need not
    pay for (the experiment's options, the check's...)."""
    p = _with_epilog(_Parser(prog="logo", description="A Logo microworld environment.",
                             usage=usage.top_usage()), "cli.help_top")
    p.add_argument("--lang", choices=LANGUAGES, default=None,
                   help="the language of messages and of the window (default: the locale, "
                        "Russian when LC_ALL, LC_MESSAGES or LANG starts with ru); "
                        "may come after the command too")
    p.add_argument("--version", action=_Version, nargs=0,
                   help="show the version of logo-microworlds and exit")
    sub = p.subcommands = p.add_subparsers(dest="command", metavar="COMMAND", prog="logo")
    made = {name: name == only or only is None for name in COMMANDS}
    if made["run"]:
        _run_options(_with_epilog(sub.add_parser("run", help="run Logo files with no window"),
                                  "cli.help_run"))
    if made["lessons"]:
        lessons = sub.add_parser("lessons", help="list the lessons shipped with Logo, or "
                                 "print one lesson's task (logo lessons NAME)")
        lessons.add_argument("name", nargs="?", default=None, metavar="NAME")
    if made["repl"]:
        repl = sub.add_parser("repl", help="the terminal REPL")
        repl.add_argument("files", nargs="*", metavar="FILE",
                          help="files (or lessons by name) to load first")
        _sandbox_option(repl)
    if made["check"]:
        _check_options(_with_epilog(sub.add_parser("check", help="run many learners' files, "
                                                                 "a line each"), "cli.help_check"))
    if made["window"]:
        win = sub.add_parser("window", help="open the window (what logo LESSON or logo "
                                            "FILE.lgo does)")
        win.add_argument("files", nargs="*", metavar="LESSON|FILE",
                         help="lessons (by name) or files to open")
        _sandbox_option(win)
    if made["experiment"]:
        from ..experiments.options import experiment_options  # the experiment's own options

        experiment_options(sub.add_parser("experiment", help="run a lesson over its sliders' "
                                          "values: a table, a contact sheet, a plot"),
                           _seconds, _megabytes)
    return p


def _sandbox_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sandbox", default=None, metavar="DIR",
                        help="confine every file primitive (LOAD, SAVE, SAVEPICT, DRIBBLE, "
                             "OPENWRITE..., Open/Save/Export) to the folder DIR; SHELL is "
                             "refused")


def _run_options(run: argparse.ArgumentParser) -> None:
    """The options of ``logo run``."""
    run.add_argument("files", nargs="*", metavar="FILE",
                     help="files (or lessons by name) to load and run, in order; "
                          "words after a lone - go into :command.line")
    run.add_argument("-e", "--eval", action="append", default=[], metavar="TEXT",
                     help="an instruction line to run (after the files)")
    run.add_argument("--timeout", type=_seconds, default=None, metavar="S",
                     help="stop the program after S seconds (exit status 124; at most "
                          f"{usage.MAX_TIMEOUT:.0f})")
    run.add_argument("--max-memory", type=_megabytes, default=None, metavar="MB",
                     help="limit memory; running out is the Logo error 'Out of space'")
    _sandbox_option(run)
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
    check.add_argument("files", nargs="+", metavar="FILE",
                       help="the learners' files, each run in its own process")
    check.add_argument("--timeout", type=_seconds, default=10.0, metavar="S",
                       help=f"time limit per file (default 10 s, at most {usage.MAX_TIMEOUT:.0f})")
    check.add_argument("--jobs", "-j", type=_jobs, default=None, metavar="N",
                       help="files checked at once (default: the number of cores)")
    check.add_argument("--format", choices=("text", "json", "junit"), default="text",
                       help="text (a line each), json, or junit (JUnit XML for "
                            "autograders and CI servers)")
    check.add_argument("--max-memory", type=_megabytes, default=1024, metavar="MB",
                       help="memory limit per file (default 1024 MB)")
    box = check.add_mutually_exclusive_group()
    box.add_argument("--sandbox", default=None, metavar="DIR",
                     help="confine every file to the folder DIR (default: a scratch folder "
                          "of its own for each file, removed after); SHELL is refused")
    box.add_argument("--trust", action="store_true",
                     help="run the files with no sandbox: they may read and write any "
                          "file and run SHELL commands")


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
    if not value > 0:  # (NaN too)
        raise argparse.ArgumentTypeError(say("cli.time_limit_positive", value=text))
    if value > usage.MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(say("cli.time_limit_max", value=text,
                                             most=f"{usage.MAX_TIMEOUT:.0f}"))
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
    parser = _parser(argv[0] if argv and argv[0] in COMMANDS else None)
    argv = _with_command(parser, argv)
    args = parser.parse_args([*lang, *argv])
    here = _subparser(parser, args.command)  # its usage errors show its usage
    if command_line and args.command != "run":
        parser.error(say("cli.dash_words"))
    args.command_line = command_line
    messages.use(args.lang)
    try:  # one sandbox object, for every mode
        args.sandbox = Sandbox.of_option(getattr(args, "sandbox", None))
    except SandboxError as exc:
        here.error(str(exc))
    if args.command == "run":
        _check_run(here, args)
        if args.timeout and process and not os.environ.get(SUPERVISED):
            return supervise(args.timeout)
        return run_files(args)
    return _dispatch(args)


def _with_command(parser: _Parser, argv: list[str]) -> list[str]:
    """The arguments with the command in front: ``window`` before a lesson, a file or
    an option (``logo tree``, ``logo --sandbox DIR``); a first word that is none of
    these is a usage error with a suggestion (``logo chek f.lgo``: did you mean check?)."""
    commands = list(parser.subcommands.choices)
    if not argv or argv[0] in (*commands, "-h", "--help", "--version"):
        return argv
    if argv[0].startswith("-") or usage.names_a_file(argv[0]):
        return ["window", *argv]
    parser.error(usage.first_word_error(argv[0], commands))
    return argv  # (not reached: error exits)


def _subparser(parser: _Parser, command: str | None) -> argparse.ArgumentParser:
    """The parser of ``command`` (the main one when there is none)."""
    return parser.subcommands.choices.get(command, parser) if command else parser


def _check_run(here: argparse.ArgumentParser, args: Any) -> None:
    """``logo run``'s usage errors that argparse cannot see (exit status 2)."""
    if not args.files and not args.eval:
        here.error(say("cli.needs_program"))
    if args.settings and not args.files:
        here.error(say("cli.set_no_lesson"))
    try:
        args.pictures = pictures(args)
    except ValueError as exc:
        here.error(str(exc))


def _dispatch(args: Any) -> int:
    """The commands other than ``run``."""
    if args.command == "check":
        from .check import check_files  # lazy: per command

        return check_files(args.files, args.timeout, args.max_memory, jobs=args.jobs,
                           form=args.format, sandbox=args.sandbox, trust=args.trust)
    if args.command == "experiment":
        from ..experiments.command import run_command  # lazy: per command

        return run_command(args)
    if args.command == "lessons":
        from .lesson_list import list_lessons  # lazy: per command

        return list_lessons(name=args.name)
    from ..session.loadpath import find  # lazy: per command

    files = [find(f) for f in getattr(args, "files", [])]
    if args.command == "repl":
        from .repl import repl  # lazy: per command

        return repl(files, args.sandbox)
    return open_window(files, args.lang, args.sandbox)


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
                sandbox: Sandbox | None = None) -> int:
    """The window; where there is none, the terminal REPL, under the same sandbox (the
    files named here are the session's own, usable in it wherever they are)."""
    clean_folders([*files, *([sandbox.root + "/."] if sandbox else [])])
    if sandbox is not None:
        sandbox.grant(files)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") \
            and os.environ.get("SDL_VIDEODRIVER") not in ("dummy", "offscreen"):
        print(say("cli.no_display"), file=sys.stderr)
        from .repl import repl  # lazy: per command

        return repl(files, sandbox)
    try:
        from ..ui.app import run_app  # lazy: pygame
    except ImportError:
        print(say("cli.no_window"), file=sys.stderr)
        from .repl import repl  # lazy: per command

        return repl(files, sandbox)
    return run_app(files, lang=lang, sandbox=sandbox)


if __name__ == "__main__":
    sys.exit(main())
