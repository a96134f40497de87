"""Byte-code of Logo's own modules where Python keeps none.

Python keeps the byte-code of each module it compiles in ``__pycache__`` beside the
source, and the next start reads it instead of compiling again.  Where Python may not
write there (``PYTHONDONTWRITEBYTECODE``, ``python -B``: usual in containers) and the
installed files hold none (an editable install, a checkout), every start of ``logo``
would compile its modules from source: some 130 of them, 0.2 s, where the whole start
otherwise takes 0.06 s.  :func:`keep`, the first step of the ``logo`` command (never of
an import), then keeps the code of the ``logo`` package's modules in ``modules/`` of the
compiled-code cache's folder (``cache_folder.code_folder``): one file a module, named by
the module, a digest of its source file's path and Python's cache tag, holding a header (this format, Python's magic number, the
optimisation level, and the source's path, size and modification time, which Python's
own ``.pyc`` checks too) and ``marshal``'s bytes of the code.  A module whose source
changed, or whose entry is missing, short, corrupt or not a regular file, is compiled
from source and its entry written anew (a temporary file renamed into place).  Where
``__pycache__`` (or ``PYTHONPYCACHEPREFIX``) holds a file for the module after all,
Python's own loader reads it; other packages are left to Python.  Nothing is written
beside the sources.  Where the cache folder cannot be made, read or written, modules are
compiled as without it, and nothing is said.  ``LOGO_CODE_CACHE`` moves it (``DIR``) or
turns it off, with the compiled-code cache.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import zlib
from importlib.machinery import ModuleSpec, PathFinder, SourceFileLoader
from importlib.util import MAGIC_NUMBER, cache_from_source
from types import CodeType
from typing import Any

from .cache_folder import among_installed, code_folder, read_regular, replace_file

FORMAT = b"logo-modules 1\n"
PACKAGE = "logo"
MOST_BYTES = 16 << 20  # an entry longer than this is no module of ours


def keep() -> bool:
    """Keep the byte-code of the ``logo`` package's modules in the cache folder, where
    Python writes none; True where it is kept there from now on."""
    code = code_folder()
    if not sys.dont_write_bytecode or code is None or sys.implementation.cache_tag is None \
            or any(isinstance(f, KeptModules) for f in sys.meta_path):
        return False
    folder = os.path.join(code, "modules")
    if among_installed(folder):  # (a cache folder among Logo's files is never written)
        return False
    sys.meta_path.insert(0, KeptModules(folder, PACKAGE))
    return True


class KeptModules:
    """The finder of the modules of ``package`` (its submodules, to any depth) whose code
    is kept in ``folder``: Python's own spec, with the loader below."""

    def __init__(self, folder: str, package: str) -> None:
        self.folder = folder
        self.prefix = package + "."

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if not fullname.startswith(self.prefix):
            return None
        spec = PathFinder.find_spec(fullname, path, target)
        if spec is None or type(spec.loader) is not SourceFileLoader or spec.origin is None:
            return spec
        if os.path.exists(cache_from_source(spec.origin)):  # (Python's byte-code is there)
            return spec
        spec.loader = KeptLoader(fullname, spec.origin, self.folder)
        return spec

    def invalidate_caches(self) -> None:
        """(Nothing is remembered between two finds.)"""


class KeptLoader(SourceFileLoader):
    """Python's loader of a source file, its code read from and kept in ``folder``."""

    def __init__(self, fullname: str, path: str, folder: str) -> None:
        super().__init__(fullname, path)
        self.folder = folder

    def get_code(self, fullname: str) -> CodeType:
        path = self.get_filename(fullname)
        st = os.stat(path)
        header = b"%s%s%d\0%d\0%d\0%s\0" % (FORMAT, MAGIC_NUMBER, sys.flags.optimize,
                                            st.st_size, st.st_mtime_ns, os.fsencode(path))
        entry = os.path.join(self.folder, f"{fullname}-{zlib.crc32(os.fsencode(path)):08x}."
                                          f"{sys.implementation.cache_tag}.pyc")
        code = read_entry(entry, header)
        if code is None:
            code = self.source_to_code(self.get_data(path), path)
            write_entry(self.folder, entry, header, code)
        return code


def read_entry(entry: str, header: bytes) -> CodeType | None:
    """The code kept in ``entry`` under ``header``; None where there is none (missing,
    not a regular file, a FIFO, another header, corrupt)."""
    found = read_regular(entry, MOST_BYTES)
    if found is None or not found[0].startswith(header):
        return None
    data = found[0]
    try:
        code = marshal.loads(memoryview(data)[len(header):])
    except (ValueError, EOFError, TypeError):
        return None
    return code if isinstance(code, CodeType) else None


def write_entry(folder: str, entry: str, header: bytes, code: CodeType) -> None:
    """Keep ``code`` in ``entry`` (the folder made first); quietly nothing where it
    cannot be written."""
    with contextlib.suppress(OSError, ValueError):
        os.makedirs(folder, mode=0o700, exist_ok=True)
        replace_file(entry, header + marshal.dumps(code))
