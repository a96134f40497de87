"""The lessons shipped with the package: each folder of ``microworlds/`` that holds a
lesson ``NAME.lgo`` and its picture ``NAME.png`` (tree, koch, fractree, brush,
superformula, cat, muscle).  ``logo lessons`` lists them and the window's gallery shows
them; both ask :func:`shipped_lessons`.

A lesson's title is the first heading of its README.md (else the lesson's first comment
line); its sentence is the first sentence of the README's text after the heading and
the picture.  The folders are found through the installed ``microworlds`` package, so
this works from a checkout and from a wheel alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

ORDER = ("tree", "koch", "fractree", "brush", "superformula", "cat", "muscle")
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

    def title_in(self, lang: str) -> str:
        """The title in one language: "Tree / Дерево" is "Tree" in English, "Дерево" in
        Russian; else the Russian half's own heading (a title without either is the same
        in both)."""
        parts = self.title.split(" / ")
        if lang == "ru" and len(parts) == 1 and self.title_ru:
            return self.title_ru
        return parts[-1] if lang == "ru" and len(parts) > 1 else parts[0]


def lessons_folder() -> Path | None:
    """Where the ``microworlds`` package lies (None if it is not installed as files)."""
    try:
        root = resources.files("microworlds")
    except ModuleNotFoundError:
        return None
    path = Path(str(root))
    return path if path.is_dir() else None


def shipped_lessons(folder: Path | None = None) -> list[Lesson]:
    """The shipped lessons, the course's order first, then any other by name."""
    folder = folder or lessons_folder()
    if folder is None:
        return []
    found = [lesson for sub in sorted(folder.iterdir())
             if (lesson := _lesson_in(sub)) is not None]
    rank = {name: i for i, name in enumerate(ORDER)}
    return sorted(found, key=lambda ls: (rank.get(ls.name, len(ORDER)), ls.name))


def find_lesson(name: str) -> Lesson | None:
    """The shipped lesson called ``name`` (case does not matter), or None."""
    return next((ls for ls in shipped_lessons() if ls.name == name.lower()), None)


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
