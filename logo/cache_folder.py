"""Logo's own cache folder, where every cache between runs lives: ``logo-microworlds``
in ``$XDG_CACHE_HOME`` (``~/.cache`` where it is not set), as the XDG base directories
say.  What is kept there can always be made again: the grammar's tables, the primitive
index, the compiled code, the window's recovery file and recent list, the internal log.
"""

from __future__ import annotations

import os

FOLDER_NAME = "logo-microworlds"


def cache_folder() -> str:
    """The folder (it may not exist yet: its users make it when they write)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, FOLDER_NAME)
