"""The window's words in English and Russian, Logo's error messages included.

The language is ``--lang en|ru``, else the system locale (``LC_ALL``, ``LC_MESSAGES``,
``LANG``): Russian when it starts with ``ru``.  Logo errors are translated from their
kind and fields (``LogoError.kind``, ``who``, ``what``), so a Russian message says the
same thing as UCBLogo's English one.
"""

from __future__ import annotations

import os
from typing import Any

from logo.language.values import print_form, show_form

UI: dict[str, dict[str, str]] = {
    "title": {"en": "Logo microworlds", "ru": "Лого: микромиры"},
    "stop": {"en": "Stop", "ru": "Стоп"},
    "new": {"en": "New", "ru": "Новый"},
    "open": {"en": "Open", "ru": "Открыть"},
    "save": {"en": "Save", "ru": "Сохранить"},
    "png": {"en": "PNG", "ru": "PNG"},
    "svg": {"en": "SVG", "ru": "SVG"},
    "undo": {"en": "Undo", "ru": "Отменить"},
    "procedures": {"en": "Procedures", "ru": "Процедуры"},
    "page": {"en": "Page", "ru": "Лист"},
    "speed": {"en": "Speed", "ru": "Скорость"},
    "ready": {"en": "Ready", "ru": "Готово"},
    "running": {"en": "Running (Esc or Stop ends it)",
                "ru": "Работает (Esc или Стоп остановит)"},
    "processes": {"en": "processes: {n}", "ru": "процессов: {n}"},
    "stopped": {"en": "Stopped", "ru": "Остановлено"},
    "ok": {"en": "OK", "ru": "OK"},
    "cancel": {"en": "Cancel", "ru": "Отмена"},
    "open_file": {"en": "Open a lesson file", "ru": "Открыть файл урока"},
    "save_file": {"en": "Save the lesson as", "ru": "Сохранить урок как"},
    "export_png": {"en": "Save the picture (PNG) as", "ru": "Сохранить рисунок (PNG) как"},
    "export_svg": {"en": "Save the drawing (SVG) as", "ru": "Сохранить рисунок (SVG) как"},
    "saved": {"en": "Saved {path}", "ru": "Сохранено: {path}"},
    "loaded": {"en": "Loaded {path}", "ru": "Загружено: {path}"},
    "undone": {"en": "Undone", "ru": "Отменено"},
    "nothing_to_undo": {"en": "Nothing to undo", "ru": "Нечего отменять"},
    "applied": {"en": "Procedures defined", "ru": "Процедуры определены"},
    "only_definitions": {"en": "Only procedure definitions belong here: {line}",
                         "ru": "Здесь место только определениям процедур: {line}"},
    "pane_hint": {"en": "Edit the procedures; Ctrl+Enter or leaving the page defines them",
                  "ru": "Правьте процедуры; Ctrl+Enter или выход со страницы определяет их"},
    "page_hint": {"en": "Right-drag a widget to move it, drag its corner to resize",
                  "ru": "Правой кнопкой перетаскивайте объект, за угол меняйте размер"},
    "question": {"en": "Question", "ru": "Вопрос"},
    "recover": {"en": "The last session ended unexpectedly. OK loads the workspace it "
                      "saved; Cancel starts empty.",
                "ru": "Прошлый сеанс завершился аварийно. OK загрузит сохранённую им "
                      "работу; Отмена начнёт с чистого листа."},
    "fps": {"en": "{fps} fps", "ru": "{fps} к/с"},
    "welcome": {"en": "Type Logo here; Enter runs it. Esc stops.",
                "ru": "Пишите команды Лого здесь; Enter выполняет. Esc останавливает."},
}

# Logo error messages in Russian, by LogoError.kind ({who}, {what}, {caller} as in
# logo/errors.py); a kind missing here is reported in English.
ERRORS_RU: dict[str, str] = {
    "out_of_space": "Не хватает памяти",
    "stack_overflow": "Переполнение стека",
    "out_of_bounds": "Черепашка вышла за границу",
    "doesnt_like": "{who} не понимает {what} как вход",
    "doesnt_like_unrec": "{who} не понимает {what} как вход",
    "too_many_inputs": "слишком много входов у {who}",
    "didnt_output": "{who} не передал результат для {caller}",
    "not_enough_inputs": "не хватает входов у {who}",
    "too_much_in_parens": "слишком много внутри ( )",
    "dont_say": "Не сказано, что делать с {what}",
    "paren_not_found": "слишком много (",
    "no_value": "{what} не имеет значения",
    "unexpected_paren": "лишняя )",
    "dont_know": "Не знаю, как {who}",
    "dont_know_named": "Не знаю, как {who}",
    "no_shell": "Ошибка файловой системы: SHELL в песочнице запрещён",
    "no_catch": "Не найдена метка catch для {what}",
    "already_defined": "{who} уже определено",
    "stopped": "Остановлено!",
    "already_dribbling": "Протокол уже ведётся",
    "file_error": "Ошибка файловой системы: {what}",
    "throw_error": 'Throw "Error',
    "is_primitive": "{who} — примитив",
    "to_in_procedure": "{who} нельзя использовать внутри процедуры",
    "iftrue_without_test": "{who} без TEST",
    "unexpected_bracket": "лишняя ]",
    "unexpected_brace": "лишняя }",
    "missing_bracket": "не хватает ] (скобка [ не закрыта)",
    "macro_returned": "Макрос вернул {what} вместо списка",
    "dont_say_output": "Не сказано, что делать с {what}",
    "only_in_procedure": "{who} можно использовать только внутри процедуры",
    "apply_bad": "APPLY не понимает {what} как вход",
    "end_in_instruction": "END внутри многострочной команды в {who}",
    "user": "{what}",
    "runresult_stop": "Нельзя использовать OUTPUT или STOP внутри RUNRESULT",
    "cant_open": "Не могу открыть файл {what}",
    "already_open": "Файл {what} уже открыт",
    "not_open": "Файл {what} не открыт",
    "no_end": "{who} нужен END",
    "sandbox": "Ошибка файловой системы: {what} вне песочницы",
    "timeout": "Остановлено! (ограничение времени {what} с)",
    "memory": "Не хватает памяти (ограничение {what} МБ)",
}


def pick_language(option: str | None = None) -> str:
    """``en`` or ``ru``: the option if given, else the system locale."""
    if option:
        return "ru" if option.lower().startswith("ru") else "en"
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


class Words:
    """The interface's words in one language: ``words("stop")``, ``words("saved", path=p)``."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in ("en", "ru") else "en"

    def __call__(self, key: str, **fields: Any) -> str:
        entry = UI.get(key)
        text = key if entry is None else entry.get(self.lang, entry["en"])
        return text.format(**fields) if fields else text

    def error(self, err: Any) -> str:
        """A LogoError's report in this language."""
        if self.lang == "en" or err.kind not in ERRORS_RU:
            return err.report()
        english = err.message
        template = ERRORS_RU[err.kind]
        try:
            message = template.format(who=err.who or "", what=_what_text(err),
                                      caller=err.extra.get("caller", ""))
        except (KeyError, IndexError):
            message = english
        return err.report().replace(english, message, 1).replace(
            "  in ", "  в ", 1).replace(" (line ", " (строка ", 1)


PLAIN_WHAT = ("user", "no_value", "no_catch", "file_error", "sandbox", "timeout", "memory",
              "cant_open", "already_open", "not_open")


def _what_text(err: Any) -> str:
    """The ``{what}`` of an error as its English message shows it (logo/errors.py)."""
    what = err.what
    if what is None:
        return ""
    if err.kind in PLAIN_WHAT:
        return print_form(what)
    return "||" if what == "" else show_form(what)
