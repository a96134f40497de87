"""The message catalogue (logo/messages/messages.tsv): every message in English and
Russian with the same fields, every error a catalogue kind, and the command line and the
window speaking the language asked for (``--lang``, else the locale)."""

from __future__ import annotations

import ast
import re

import pytest

from logo import messages
from logo.language.error_text import message, report
from logo.language.error_text import text as error_text
from logo.language.errors import CODES, LogoError
from tests.support import CHILD_ENV, ROOT, run_cli, run_logo, run_python

SOURCES = sorted([*(ROOT / "logo").rglob("*.py"), *(ROOT / "microworlds").rglob("*.py")])
CYRILLIC = re.compile("[а-яА-ЯёЁ]")


@pytest.fixture(autouse=True, scope="module")
def _with_the_microworlds():
    """The microworlds' own kinds and hints (their messages.tsv) join the catalogue when
    they are loaded: load them all, as a program using each would."""
    from logo.primitives.registry import build_registry

    build_registry().load_all()


def logo(*args: str, stdin: str | None = None, **env: str):
    """``python -m logo ARGS`` in English unless ``env`` sets the locale (``LANG=...``)."""
    return run_cli(*args, stdin=stdin, env=dict(CHILD_ENV, **env))


# --- the catalogue itself ---------------------------------------------------------------

def test_every_message_has_english_and_russian_with_the_same_fields():
    table = messages.table()
    for key, (en, ru) in table.items():
        assert en.strip() and ru.strip(), key
        assert messages.fields_of(en) == messages.fields_of(ru), key


def test_every_error_kind_is_in_the_catalogue_and_every_kind_there_has_a_code():
    kinds = {key for key in messages.table() if "." not in key}
    assert kinds == set(CODES), (f"no message for {set(CODES) - kinds}; "
                                 f"no code for {kinds - set(CODES)}")


def test_russian_messages_are_russian():
    same = {key for key, (en, ru) in messages.table().items()
            if en == ru or not CYRILLIC.search(ru)}
    # a thrown value, UCBLogo's THROW "ERROR, and words that are the same in both
    assert same <= {"user", "throw_error", "ui.png", "ui.svg", "ui.ok"}, same


def test_a_message_is_filled_in_and_keeps_ucblogo_s_braces():
    assert messages.text("not_enough_inputs", "ru", who="fd") == "Не хватает входов для fd"
    assert message(LogoError("unexpected_brace")) == "unexpected '}'"
    assert error_text(LogoError("dont_know", who="foo"), "en") == "I don't know how  to foo"
    assert messages.text("no.such.key") == "no.such.key"


def test_the_language_comes_from_the_option_else_the_locale():
    assert messages.pick("ru", {}) == "ru" and messages.pick("en", {"LANG": "ru_RU"}) == "en"
    assert messages.pick(None, {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert messages.pick(None, {"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"}) == "en"
    assert messages.pick(None, {"LC_MESSAGES": "ru_RU", "LANG": "en_US"}) == "ru"
    assert messages.pick(None, {}) == "en"


def test_a_hint_comes_in_the_report_s_language():
    err = LogoError("doesnt_like", who="talkto", what="bob", hint="hint.no_turtle_named")
    assert report(err, "en") == "talkto doesn't like bob as input\nthere is no turtle named bob"
    assert report(err, "ru") == "talkto не понимает bob как вход\nНет черепашки по имени bob"


def test_error_outputs_ucblogo_s_english_whatever_the_language():
    messages.use("ru")
    try:
        ran = run_logo('catch "error [fd] print item 2 error\nfd')
        assert ran.output.startswith("not enough inputs to fd\n")
        assert ran.errors == "Не хватает входов для fd\n"
    finally:
        messages.use("en")


# --- no error outside the catalogue -------------------------------------------------------

def _calls(tree: ast.AST, name: str):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if (isinstance(f, ast.Name) and f.id == name) or \
                    (isinstance(f, ast.Attribute) and f.attr == name):
                yield node


def _prose(node: ast.AST) -> str | None:
    """English written in place: an f-string, a string with a space, or a list literal of
    several words (a sentence as a Logo list)."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.JoinedStr):
            return ast.unparse(sub)
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) \
                and " " in sub.value.strip():
            return sub.value
        if isinstance(sub, (ast.List, ast.Tuple)):
            words = [e for e in sub.elts if isinstance(e, ast.Constant)
                     and isinstance(e.value, str)]
            if len(words) >= 2:
                return ast.unparse(sub)
    return None


def test_no_logo_error_is_built_from_english_written_in_place():
    """Every LogoError (and L-system complaint) names a catalogue kind; its fields are data,
    its hint a catalogue key, never a sentence."""
    table = messages.table()
    found = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT)
        for call in [*_calls(tree, "LogoError"), *_calls(tree, "LSystemError")]:
            at = f"{where}:{call.lineno}"
            if call.args and isinstance(call.args[0], ast.Constant) \
                    and call.args[0].value not in CODES:
                found.append(f"{at}: kind {call.args[0].value!r} is not in CODES")
            for arg in [*call.args[1:], *(k.value for k in call.keywords)]:
                text = _prose(arg)
                if text is not None:
                    found.append(f"{at}: {text}")
            for k in call.keywords:
                if k.arg == "hint" and isinstance(k.value, ast.Constant) \
                        and k.value.value not in table:
                    found.append(f"{at}: hint {k.value.value!r} is not in the catalogue")
    assert not found, "errors written in place (put them in logo/messages/messages.tsv, " \
        "or a microworld's own messages.tsv):\n" \
        + "\n".join(found)


def test_every_key_the_code_asks_for_is_in_the_catalogue():
    table = messages.table()
    asked = set()
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in ("text", "say", "message_text", "template"):
            for call in _calls(tree, name):
                if call.args and isinstance(call.args[0], ast.Constant) \
                        and isinstance(call.args[0].value, str):
                    asked.add(call.args[0].value)
        for name in ("words", "notice"):  # the window's words: ui.* keys
            for call in _calls(tree, name):
                if call.args and isinstance(call.args[0], ast.Constant):
                    asked.add("ui." + call.args[0].value)
    for node in ast.walk(ast.parse((ROOT / "logo/command_line/check.py").read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value.startswith("check."):
            asked.add(node.value)
    assert asked - set(table) - set(messages.LANGUAGES) == set()


# --- the command line ---------------------------------------------------------------------

def test_logo_run_speaks_russian_when_asked():
    r = logo("run", "--lang", "ru", "-e", "fd")
    assert (r.returncode, r.stderr) == (1, "Не хватает входов для fd\n")
    r = logo("run", "-e", "to f\nfd 10 rt\nend", "-e", "f", "--lang=ru")
    assert r.stderr == "Не хватает входов для rt\n  в f (строка 2)\n  [fd 10 rt]\n"


def test_the_locale_chooses_and_lang_overrides_it():
    assert logo("run", "-e", "fd", LANG="ru_RU.UTF-8").stderr == "Не хватает входов для fd\n"
    r = logo("run", "--lang", "en", "-e", "fd", LANG="ru_RU.UTF-8")
    assert r.stderr == "not enough inputs to fd\n"
    assert logo("run", "-e", "fd").stderr == "not enough inputs to fd\n"


def test_lang_before_the_command_and_the_repl_in_russian():
    r = logo("--lang", "ru", "repl", stdin="fd\nprint 2\nbye\n")
    assert r.returncode == 0 and "can't read" not in r.stderr
    assert "Добро пожаловать" in r.stdout and "2\n" in r.stdout
    assert "Не хватает входов для fd" in r.stdout + r.stderr


def test_logo_check_in_russian(tmp_path):
    (tmp_path / "ok.lgo").write_text("; expect: 3\nprint 1 + 2\n", encoding="utf-8")
    (tmp_path / "bad.lgo").write_text("fd\n", encoding="utf-8")
    r = logo("check", "--lang", "ru", str(tmp_path / "ok.lgo"), str(tmp_path / "bad.lgo"))
    lines = r.stdout.splitlines()
    assert lines[0].startswith("ПРОЙДЕН") and lines[1].startswith("ОШИБКА")
    assert lines[1].endswith("bad.lgo: Не хватает входов для fd")
    assert lines[2].startswith("2 файла: пройдено: 1, ") and "1 ошибка" in lines[2]


def test_a_bad_language_is_a_usage_error():
    r = logo("run", "--lang", "fr", "-e", "print 1")
    assert r.returncode == 2 and "invalid choice" in r.stderr


def test_a_run_that_shows_no_message_never_reads_the_catalogue():
    code = ("import logo.messages as m; from logo.command_line.main import main; "
            "main(['run', '-e', 'print 1']); print(m._table is None)")
    r = run_python("-c", code)
    assert r.stdout.split() == ["1", "True"]


# --- the window -----------------------------------------------------------------------------

@pytest.fixture
def russian_app():
    from logo.ui.app import App
    from tests.ui.ui_driver import SIZE

    a = App(size=SIZE, lang="ru")
    yield a
    a.close()
    assert messages.language() == "en"  # the window's language ends with it


def test_the_window_in_russian_shows_russian_errors(russian_app):
    from tests.ui.ui_driver import errors, idle, type_line

    type_line(russian_app, "fd")
    idle(russian_app)
    type_line(russian_app, "to sq\nfd\nend")
    type_line(russian_app, "sq")
    idle(russian_app)
    assert errors(russian_app)[0] == "Не хватает входов для fd"
    assert "  в sq (строка 2)" in errors(russian_app)
    assert russian_app.words("stop") == "Стоп"
