"""The lessons shipped with Logo: each folder of a lessons package that holds a lesson
``NAME.lgo`` and its picture ``NAME.png``.  A lessons package is named by an entry point
of the group ``logo.lessons`` (pyproject.toml; ``session/extensions.py``) and may say
the course's order in ``LESSON_ORDER``.  ``logo lessons`` lists them and the window's
gallery shows them; both ask :func:`shipped_lessons`.

A lesson's title is the first heading of its README.md (else the lesson's first comment
line); its sentence is the first sentence of the README's text after the heading and
the picture.  The folders are found through the lessons package as installed, so this
works from a checkout and from a wheel alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import import_module, resources
from pathlib import Path

# the end of a sentence: . ! ? after a word and before a space, not after an initial
# ("I. N. Kuznetsova") nor alone (Table 1's "+h -h ! in")
SENTENCE_END = re.compile(r"(?<!\b[A-ZА-ЯЁ])(?<=\S)[.!?](?=\s|$)")
MARKUP = re.compile(r"\*\*|`")
CYRILLIC = re.compile("[а-яА-ЯёЁ]")


@dataclass(frozen=True)
class Lesson:
    """One shipped lesson: ``load`` its ``lgo_path``; ``picture_path`` is what it draws."""

    name: str
    title: str
    sentence: str
    lgo_path: str
    picture_path: str
    title_ru: str = ""  # the heading of the README's Russian half, if it has one

    def task(self, lang: str) -> str:
        """The lesson's task text in ``lang`` (``task.ru.md`` for Russian, ``task.md``
        otherwise; the English one when the Russian is missing), or ""."""
        return lesson_task(Path(self.lgo_path).parent, lang)

    def title_in(self, lang: str) -> str:
        """The title in one language: "Tree / Дерево" is "Tree" in English, "Дерево" in
        Russian; else the Russian half's own heading (a title without either is the same
        in both)."""
        parts = self.title.split(" / ")
        if lang == "ru" and len(parts) == 1 and self.title_ru:
            return self.title_ru
        return parts[-1] if lang == "ru" and len(parts) > 1 else parts[0]


def lessons_folders() -> list[tuple[Path, tuple[str, ...]]]:
    """Where each lessons package lies, with its course order (packages not installed as
    files are left out)."""
    from .extensions import lesson_packages

    found = []
    for package in lesson_packages():
        try:
            path = Path(str(resources.files(package)))
            order = tuple(getattr(import_module(package), "LESSON_ORDER", ()))
        except ImportError:
            continue
        if path.is_dir():
            found.append((path, order))
    return found


def shipped_lessons(folder: Path | None = None) -> list[Lesson]:
    """The shipped lessons (or those of ``folder``), each package's course order first,
    then any other by name."""
    lessons: list[Lesson] = []
    for where, order in ([(folder, ())] if folder else lessons_folders()):
        found = [lesson for sub in sorted(where.iterdir())
                 if (lesson := _lesson_in(sub)) is not None]
        rank = {name: i for i, name in enumerate(order)}
        lessons += sorted(found, key=lambda ls: (rank.get(ls.name, len(order)), ls.name))
    return lessons


def find_lesson(name: str) -> Lesson | None:
    """The shipped lesson called ``name`` (case does not matter), or None."""
    return next((ls for ls in shipped_lessons() if ls.name == name.lower()), None)


def lesson_task(folder: Path, lang: str) -> str:
    """The task text kept in a lesson's folder: what the page shows, what each slider
    and button does, the homework (``task.md``, ``task.ru.md``); "" if there is none."""
    names = ("task.ru.md", "task.md") if lang == "ru" else ("task.md",)
    for name in names:
        try:
            return (folder / name).read_text(encoding="utf-8").strip("\n") + "\n"
        except OSError:
            continue
    return ""


def task_for_file(path: str | None, lang: str) -> tuple[str, str]:
    """The lesson name and task text for a file that is open: the task beside the file,
    else the task of the shipped lesson of the file's name (a copy the learner saved
    elsewhere); ("", "") when neither has one."""
    if not path:
        return "", ""
    where = Path(path)
    text = lesson_task(where.parent, lang)
    if not text:
        lesson = find_lesson(where.stem)
        text = lesson.task(lang) if lesson else ""
    return (where.stem, text) if text else ("", "")


def _lesson_in(folder: Path) -> Lesson | None:
    name = folder.name
    lgo, picture = folder / f"{name}.lgo", folder / f"{name}.png"
    if not (lgo.is_file() and picture.is_file()):
        return None
    readme = folder / "README.md"
    text = readme.read_text(encoding="utf-8") if readme.is_file() else ""
    title, sentence = _title_and_sentence(text)
    if not title:
        title = _first_comment(lgo) or name
    return Lesson(name, title, sentence, str(lgo), str(picture), _russian_title(text))


def _russian_title(readme: str) -> str:
    """The first ``# heading`` after the first one that is written in Russian."""
    headings = [line[2:].strip() for line in readme.splitlines() if line.startswith("# ")]
    return next((h for h in headings[1:] if CYRILLIC.search(h)), "")


def _title_and_sentence(readme: str) -> tuple[str, str]:
    """The first ``# heading`` and the first sentence of the first paragraph of text
    after it (pictures, notes in italics and indented commands are skipped)."""
    title, picture = "", False
    paragraph: list[str] = []
    for line in readme.splitlines():
        stripped = line.strip()
        if not title:
            if stripped.startswith("# "):
                title = stripped[2:].strip()
            continue
        if picture or (stripped.startswith("![") and not paragraph):
            picture = "](" not in stripped  # a picture's text may take several lines
            continue
        if not stripped:
            if paragraph:
                break
            continue
        if paragraph or _is_text(line):
            paragraph.append(stripped)
    text = MARKUP.sub("", " ".join(paragraph))
    text = re.sub(r"^English\.\s*", "", text)
    end = SENTENCE_END.search(text)
    return title, (text[:end.end()] if end else text).strip()


def _is_text(line: str) -> bool:
    """A line that starts a paragraph of prose (not a picture, a heading, an italic
    note, a list or an indented command)."""
    s = line.strip()
    return not (line.startswith("    ") or s.startswith(("!", "#", "-", "|", "```"))
                or (s.startswith("*") and not s.startswith("**")))


def _first_comment(lgo: Path) -> str:
    """The lesson's first comment line, up to its first full stop."""
    try:
        with lgo.open(encoding="utf-8", errors="replace") as fh:
            first = fh.readline()
    except OSError:
        return ""
    text = first.lstrip("; ").strip()
    end = SENTENCE_END.search(text)
    return text[:end.start()] if end else text
