"""The compiled-code cache: generated Python compiled once, kept between runs.

Every piece of Python that Logo generates (a procedure's body, an instruction list's
code, the callers of ``call_sites``) is compiled by :func:`compile_code`, as CPython's
``__pycache__`` keeps the code of modules: the code object is looked up by a strong
digest of what makes it (this cache's format, Python's ``sys.implementation.cache_tag``
and optimisation level, the file name given to ``compile`` and the source text itself:
a compiler that generates other text makes other keys, so no entry outlives the code
that made it).  In front of the folder an in-process table gives the same text's code
to every interpreter of the process at once.

An entry is one file in ``<cache folder>/code-<cache tag>/``: a magic line, the key, a
digest of the body and the body (``marshal``'s bytes of the code object).  It is written
to a temporary file and renamed into place, so a reader never sees half of one; an
entry that is short, corrupt, foreign (another key, another Python) or not a regular
file is ignored and written anew.  Where the folder cannot be made, read or written,
code is compiled as without a cache, and nothing is said.  The folder holds at most
``MAX_ENTRIES`` entries and about ``MAX_BYTES`` bytes: a process that writes counts the
entries when it first writes (one directory read; their sizes too in one process of
16, and after every ``PRUNE_EVERY`` writes or ``MAX_BYTES``/8 bytes of its own), and
removes the entries least recently used (their times, refreshed by a hit a day old)
past the bounds.  ``LOGO_CODE_CACHE=off`` (or ``0``, ``no``, ``false``) turns the folder off; any
other value but ``on``/``1`` names the folder to use instead (``cache_folder.code_folder``).

Under a sandbox (``--sandbox``, ``logo check``) the compiler neither reads nor writes
the folder for the program's code (``persist=False``): the sandbox promises that a
program leaves nothing outside its folder, and such an entry is made of the program's
own text (its words are constants of the code); reading would tell it, by the time a
compile takes, which texts this user ran.  The callers of ``call_sites`` are kept there
under a sandbox too: their text is Logo's own (it depends on an input count only).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import time
from types import CodeType

from ..cache_folder import TEMP_SUFFIX, among_installed, code_folder, read_regular, replace_file

try:  # (hashlib costs ~5 ms to import: OpenSSL; blake2 is built in)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - another Python
    from hashlib import blake2b

FORMAT = b"logo-code 1"  # the entry format: change it when the layout changes
MAGIC = b"LOGOCODE\n"
KEY_BYTES = 20
BODY_DIGEST_BYTES = 16
HEADER = len(MAGIC) + KEY_BYTES + BODY_DIGEST_BYTES
MAX_ENTRY_BYTES = 1 << 20  # a bigger code object is not kept
MAX_ENTRIES = 2000
MAX_BYTES = 64 << 20
PRUNE_EVERY = 256  # writes between two looks at the folder's size
MAX_WRITES = 4096  # a process that makes more new code than this keeps no more of it
MEMORY_ENTRIES = 1024  # the in-process table (the oldest dropped first)
REFRESH_AGE = 86400.0  # a hit on an entry older than this (s) marks it used
STALE_TEMP_AGE = 600.0  # a temporary file this old is a dead writer's
SUFFIX = ".code"


def entry_key(source: str, filename: str) -> bytes:
    """The digest that names the code of ``source`` compiled as ``filename``."""
    h = blake2b(digest_size=KEY_BYTES)
    h.update(b"%s\0%s\0%d\0" % (FORMAT, (sys.implementation.cache_tag or "").encode(),
                                sys.flags.optimize))
    h.update(filename.encode("utf-8", "surrogatepass") + b"\0")
    h.update(source.encode("utf-8", "surrogatepass"))
    return h.digest()


class CodeCache:
    """The in-process table and, where ``folder`` is not None, the folder behind it."""

    def __init__(self, folder: str | None):
        self.folder = folder
        self.memory: dict[bytes, CodeType] = {}
        self.writes = 0  # entries this process wrote
        self.written_bytes = 0
        self.usable = folder is not None  # False after a write failed
        self.stats = {"memory": 0, "disk": 0, "compiled": 0}

    def code(self, source: str, filename: str, persist: bool = True) -> CodeType:
        """``compile(source, filename, "exec")``, from the table or the folder if they
        have it; ``persist=False``: the folder is not used (the table still is)."""
        key = entry_key(source, filename)
        code = self.memory.get(key)
        if code is not None:
            self.stats["memory"] += 1
            return code
        use_folder = persist and self.folder is not None
        code = self._read(key, filename) if use_folder else None
        if code is None:
            code = compile(source, filename, "exec")
            self.stats["compiled"] += 1
            if use_folder and self.usable and self.writes < MAX_WRITES:
                self._write(key, code)
        else:
            self.stats["disk"] += 1
        if len(self.memory) >= MEMORY_ENTRIES:
            with contextlib.suppress(RuntimeError, StopIteration, KeyError):
                del self.memory[next(iter(self.memory))]  # (the oldest)
        self.memory[key] = code
        return code

    def path(self, key: bytes) -> str:
        assert self.folder is not None
        return os.path.join(self.folder, key.hex() + SUFFIX)

    # --- the folder ---------------------------------------------------------------------
    def _read(self, key: bytes, filename: str) -> CodeType | None:
        """The entry's code, or None: missing, unreadable, or not what it should be."""
        path = self.path(key)
        found = read_regular(path, MAX_ENTRY_BYTES + HEADER)
        if found is None:
            return None
        data, st = found
        code = _decoded(data, key, filename)
        if code is not None and time.time() - st.st_mtime > REFRESH_AGE:
            with contextlib.suppress(OSError):  # used: the last to be pruned
                os.utime(path)
        return code

    def _write(self, key: bytes, code: CodeType) -> None:
        """Keep ``code`` under ``key``: a temporary file renamed into place."""
        assert self.folder is not None
        try:
            body = marshal.dumps(code)
        except (ValueError, MemoryError):
            return
        if len(body) > MAX_ENTRY_BYTES:
            return
        data = MAGIC + key + blake2b(body, digest_size=BODY_DIGEST_BYTES).digest() + body
        try:
            if self.writes == 0:
                if among_installed(self.folder):
                    raise PermissionError(self.folder)
                os.makedirs(self.folder, mode=0o700, exist_ok=True)
            replace_file(self.path(key), data)
        except OSError:
            self.usable = False  # (a read-only or full folder: compile as without one)
            return
        self.writes += 1
        self.written_bytes += len(data)
        if self.written_bytes > MAX_BYTES // 8 or self.writes % PRUNE_EVERY == 0:
            self.written_bytes = 0
            prune(self.folder)  # (sizes too: this process wrote much)
        elif self.writes == 1:
            prune(self.folder, full=os.getpid() % 16 == 0)  # (sizes now and then)


def _decoded(data: bytes, key: bytes, filename: str) -> CodeType | None:
    """The code object in an entry's bytes, if they are a whole entry for ``key``."""
    if len(data) <= HEADER or not data.startswith(MAGIC):
        return None
    start = len(MAGIC)
    if data[start:start + KEY_BYTES] != key:
        return None
    body = data[HEADER:]
    if blake2b(body, digest_size=BODY_DIGEST_BYTES).digest() != data[start + KEY_BYTES:HEADER]:
        return None
    try:
        code = marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return None
    if type(code) is not CodeType or code.co_filename != filename:
        return None
    return code


def prune(folder: str, full: bool = True, max_entries: int = MAX_ENTRIES,
          max_bytes: int = MAX_BYTES) -> int:
    """Remove the least recently used entries past the bounds (down to 3/4 of them) and
    dead writers' temporary files; how many files were removed.  ``full=False`` only
    counts the names (one directory read) unless there are too many."""
    try:
        with os.scandir(folder) as it:
            names = [e.name for e in it]
    except OSError:
        return 0
    entries = [n for n in names if n.endswith(SUFFIX)]
    if not full and len(entries) <= max_entries:
        return 0
    stats = _stats(folder, entries)
    total = sum(size for _, size, _ in stats)
    removed = 0
    if len(stats) > max_entries or total > max_bytes:
        stats.sort()  # the least recently used first
        count, keep_n, keep_bytes = len(stats), max_entries * 3 // 4, max_bytes * 3 // 4
        for _, size, name in stats:
            if count <= keep_n and total <= keep_bytes:
                break
            removed += _unlink(os.path.join(folder, name))
            count -= 1
            total -= size
    now = time.time()
    for mtime, _, name in _stats(folder, [n for n in names if n.endswith(TEMP_SUFFIX)]):
        if now - mtime >= STALE_TEMP_AGE:
            removed += _unlink(os.path.join(folder, name))
    return removed


def _stats(folder: str, names: list[str]) -> list[tuple[float, int, str]]:
    out = []
    for name in names:
        try:
            st = os.stat(os.path.join(folder, name), follow_symlinks=False)
        except OSError:
            continue
        out.append((st.st_mtime, st.st_size, name))
    return out


def _unlink(path: str) -> int:
    try:
        os.unlink(path)
    except OSError:
        return 0  # (another process removed it first)
    return 1


_CACHES: dict[str | None, CodeCache] = {}


def cache() -> CodeCache:
    """The process's cache for the folder the environment names now."""
    folder = code_folder()
    found = _CACHES.get(folder)
    if found is None:
        found = _CACHES[folder] = CodeCache(folder)
    return found


def compile_code(source: str, filename: str, persist: bool = True) -> CodeType:
    """``compile(source, filename, "exec")`` through the cache (see the module)."""
    return cache().code(source, filename, persist)
