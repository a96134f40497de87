"""The window's words in the session's language, Logo's error messages included.

The words are the ``ui.*`` entries of the one message catalogue (logo/messages); the
language is ``--lang en|ru``, else the system locale (:func:`pick_language`).  A Logo
error is reported from its kind and fields (``LogoError.report``), so a Russian message
says the same thing as UCBLogo's English one.
"""

from __future__ import annotations

from typing import Any

from logo import messages

from ..language.error_text import report


def pick_language(option: str | None = None) -> str:
    """``en`` or ``ru``: the option if given, else the system locale."""
    return messages.pick(option)


class Words:
    """The interface's words in one language: ``words("stop")``, ``words("saved", path=p)``."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in messages.LANGUAGES else "en"

    def __call__(self, key: str, **fields: Any) -> str:
        text = messages.template("ui." + key, self.lang)
        return key if text == "ui." + key else messages.fill(text, fields)

    def error(self, err: Any) -> str:
        """A LogoError's report in this language."""
        return str(report(err, self.lang))
