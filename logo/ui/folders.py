"""Where the learner's files go: never into the installed package, never into the cache.

- :func:`learner_folder`: the current folder when it is the learner's (writable, and
  neither a shipped lessons' folder, the installed package, nor Logo's cache), else a
  ``Logo`` folder under the user's documents (``platformdirs``: ``~/Documents/Logo`` or
  the XDG documents folder), made on first use.
- :func:`is_protected`: a shipped file (:mod:`logo.session.shipped`, the rule every
  writer keeps), a path inside the installed Python packages, or Logo's cache folder
  (the recovery file): Save and the exports never write there and never start there.
- :func:`hidden_folder`: folders the Open dialog does not list (``__pycache__``, a
  virtual environment, package metadata, a Python package without lessons).
"""

from __future__ import annotations

import os
import sysconfig
from functools import cache

from ..cache_folder import cache_folder as shared_cache_folder
from ..session.shipped import is_shipped
from .recovery import default_path

DOCUMENTS_FOLDER = "Logo"
CODE_SUFFIXES = (".egg-info", ".dist-info")
LESSON_SUFFIX = ".lgo"


def _real(path: str) -> str:
    return os.path.normcase(os.path.realpath(os.path.abspath(path)))


def _inside(path: str, folder: str) -> bool:
    path, folder = _real(path), _real(folder)
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


@cache
def _python_roots() -> tuple[str, ...]:
    """The folders of the installed Python packages (the whole of site-packages)."""
    roots = [path for key in ("purelib", "platlib")
             if (path := sysconfig.get_paths().get(key))]
    return tuple(dict.fromkeys(roots))


def cache_folder() -> str:
    """Logo's own cache folder (the recovery file and the recent list live there)."""
    return shared_cache_folder()


def in_cache(path: str) -> bool:
    """Logo's cache folder, or one of the recovery files wherever they are."""
    recovery = default_path()
    if _real(path) in (_real(recovery), _real(recovery[:-len(".lgo")] + "-previous.lgo")):
        return True
    return _inside(path, cache_folder())


def is_protected(path: str) -> bool:
    """True for a path the learner's saves must never write: the shipped files (the one
    rule every writer keeps, :func:`logo.session.shipped.is_shipped`), the installed
    Python packages, Logo's cache."""
    return (is_shipped(path) or in_cache(path)
            or any(_inside(path, root) for root in _python_roots()))


def _writable(folder: str) -> bool:
    return os.path.isdir(folder) and os.access(folder, os.W_OK | os.X_OK)


def documents_folder() -> str:
    """``Logo`` in the user's documents folder (not made here); ``$LOGO_DOCUMENTS``
    instead when set (the tests' own folder)."""
    own = os.environ.get("LOGO_DOCUMENTS")
    if own:
        return own
    try:
        from platformdirs import user_documents_dir

        documents = user_documents_dir()
    except ImportError:  # platformdirs missing: the usual place
        documents = os.path.join(os.path.expanduser("~"), "Documents")
    return os.path.join(documents, DOCUMENTS_FOLDER)


def learner_folder() -> str:
    """The folder the learner's files go to first (made when it is the documents one)."""
    here = os.getcwd()
    if _writable(here) and not is_protected(here):
        return here
    folder = documents_folder()
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return os.path.expanduser("~")
    return folder


def start_folder(file: str | None) -> str:
    """Where Open, Save and the exports start: the lesson's own folder when it is the
    learner's, else :func:`learner_folder`."""
    if file:
        folder = os.path.dirname(os.path.abspath(file))
        if _writable(folder) and not is_protected(folder):
            return folder
    return learner_folder()


def own_file(file: str | None) -> bool:
    """True when ``file`` is the learner's own lesson file, saved to again without asking."""
    return bool(file) and os.path.isfile(file or "") and not is_protected(file or "") \
        and _writable(os.path.dirname(os.path.abspath(file or "")))


def hidden_folder(path: str) -> bool:
    """A folder of code, not of lessons: left out of the Open dialog."""
    name = os.path.basename(path)
    if name == "__pycache__" or name.endswith(CODE_SUFFIXES) or name == "node_modules":
        return True
    try:
        names = os.listdir(path)
    except OSError:
        return False
    if "pyvenv.cfg" in names:
        return True
    return "__init__.py" in names and not _holds_lessons(path, names)


def _holds_lessons(path: str, names: list[str]) -> bool:
    """Lesson files in the folder or in a folder of it (a lessons package's NAME/)."""
    if any(n.endswith(LESSON_SUFFIX) for n in names):
        return True
    for name in names:
        try:
            if any(n.endswith(LESSON_SUFFIX) for n in os.listdir(os.path.join(path, name))):
                return True
        except OSError:  # a file, or unreadable
            continue
    return False
