"""Saving a file so that nothing is lost and nothing is left behind: the one way Logo
writes a file (SAVE, SAVEPICT, the pictures and GIFs of ``logo run``, the window's
exports, the recovery file, the caches; DRIBBLE and OPENWRITE open theirs here).

:func:`atomic_write` looks at what the name is first:

- a regular file, or a name that is not there yet: symbolic links are resolved (the link
  stays, its target is replaced), a temporary file is written beside the target, synced,
  and renamed over it, so that a save killed at any point leaves the old file whole; an
  existing file keeps its permissions;
- anything else (a device such as ``/dev/null``, a FIFO, a terminal, ``/dev/stdout`` and
  the other links into ``/dev`` and ``/proc``): opened and written through, never
  renamed over (a FIFO with no reader is an error, not a wait).

Nothing is written, replaced or erased among the files installed with Logo
(:mod:`logo.session.shipped`): :func:`refuse_shipped` raises :class:`ShippedFile`, a Logo
error (``shipped_file``) that is a ``PermissionError`` too, so a writer that reports an
``OSError`` says why.  Every function here that writes asks it first.

The temporary file is
named ``.NAME.PID.RANDOM.logo-tmp`` (PID: the writer's process), so that whoever comes
next (the next save in that folder, or the next start of Logo there) can tell a file
whose writer is gone (:func:`clean_stale`) from one being written right now.

For tests, ``LOGO_SAVE_FAULT=POINT`` kills the writing process at that point of a save
(:data:`FAULT_POINTS`), as a crash or a power cut would, without depending on timing.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from typing import TextIO

from ..language.errors import LogoError

SUFFIX = ".logo-tmp"
_PATTERN = re.compile(r"^\..+\.(\d+)\.[0-9a-f]{8}" + re.escape(SUFFIX) + "$")
FAULT_POINTS = ("created", "half-written", "written", "synced", "replaced")
STALE_AGE = 24 * 3600  # seconds: older than this, a temporary file is stale whoever wrote it


class ShippedFile(LogoError, PermissionError):
    """A write (or an erase) refused: ``path`` is among the files installed with Logo.
    A Logo error (``shipped_file``, the name in ``what``) and a ``PermissionError``
    whose ``strerror`` says why, in the session's language."""

    def __init__(self, path: str):
        super().__init__("shipped_file", what=path)
        from ..messages import text as say  # lazy: errors only

        self.strerror = say("notice.shipped_reason")
        self.filename = path

    def __str__(self) -> str:
        return f"{self.strerror}: {self.filename}"


def refuse_shipped(path: str) -> None:
    """Raise :class:`ShippedFile` when ``path`` is a shipped file or lies among them."""
    from .shipped import writable  # lazy: the package folders are found on first use

    if not writable(path):
        raise ShippedFile(path)


def temp_name(path: str) -> str:
    """The temporary file a save of ``path`` writes first."""
    import secrets  # lazy: start-up time (saves only)

    folder, base = os.path.split(os.path.abspath(path))
    return os.path.join(folder, f".{base}.{os.getpid()}.{secrets.token_hex(4)}{SUFFIX}")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def clean_stale(folder: str) -> list[str]:
    """Remove the temporary files of saves whose writer is gone; the names removed."""
    removed: list[str] = []
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return removed
    now = time.time()
    for name in names:
        m = _PATTERN.match(name)
        if not m:
            continue
        path = os.path.join(folder, name)
        try:
            old = now - os.stat(path).st_mtime > STALE_AGE
            if old or not _alive(int(m.group(1))):
                os.unlink(path)
                removed.append(name)
        except OSError:
            pass
    return removed


def _fault(point: str) -> None:
    """The test hook: die here if LOGO_SAVE_FAULT names this point."""
    if os.environ.get("LOGO_SAVE_FAULT") == point:
        import signal  # lazy: the test hook only

        os.kill(os.getpid(), signal.SIGKILL)


def atomic_write(path: str, data: bytes | str, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` as the module says: a regular file (or a new name) is
    replaced by a rename, anything else written through.  Text is written as UTF-8 with
    ``\\n`` line ends.  A new file gets ``mode`` (the umask's default when None)."""
    refuse_shipped(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not is_regular_target(path):
        write_through(path, data)
        return
    target = os.path.realpath(path)  # links resolved: their target is replaced
    try:
        _replace(target, data, mode)
    except PermissionError:  # a writable file in a folder we may not create in
        if not (os.path.isfile(target) and os.access(target, os.W_OK)):
            raise
        write_through(target, data)


def is_regular_target(path: str) -> bool:
    """True when a save of ``path`` replaces a file by a rename: the name (its links
    followed) is a regular file or nothing yet, and reaches it through no link into
    ``/dev`` or ``/proc`` (``/dev/stdout`` is the process's output, whatever it is)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError:
        return True  # (the rename reports the real error)
    if st is not None and not stat.S_ISREG(st.st_mode):
        return False
    return not _through_system_folders(path)


def _through_system_folders(path: str) -> bool:
    """True when ``path`` or a link on its way lies in /dev or /proc."""
    current = os.path.abspath(path)
    for _ in range(40):
        if current.startswith(("/dev/", "/proc/")):
            return True
        try:
            link = os.readlink(current)
        except OSError:
            return False
        current = os.path.normpath(os.path.join(os.path.dirname(current), link))
    return True


def write_through(path: str, data: bytes) -> None:
    """Write ``data`` into what ``path`` opens (a device, a FIFO, a terminal...):
    truncated where it can be, never removed or renamed over."""
    fd = open_through(path, append=False)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def open_through(path: str, append: bool = False) -> int:
    """A descriptor open for writing on ``path`` itself (links followed, created when
    missing), without waiting for a FIFO's reader (ENXIO when it has none)."""
    refuse_shipped(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | (os.O_APPEND if append else 0)
    fd = os.open(path, flags, 0o666)
    try:
        st = os.fstat(fd)
        if stat.S_ISREG(st.st_mode) and not append:
            os.ftruncate(fd, 0)
        import fcntl  # lazy: POSIX only

        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_text(path: str, append: bool = False) -> TextIO:
    """A text stream written into ``path`` as it goes (DRIBBLE, OPENWRITE, OPENAPPEND):
    a link's target, a device or a FIFO is written through; nothing is renamed."""
    if os.path.isdir(path):
        raise IsADirectoryError(path)
    fd = open_through(path, append=append)
    return open(fd, "a" if append else "w", encoding="utf-8", errors="replace",
                newline="\n")


def remove(path: str) -> None:
    """Erase the file ``path`` (ERASEFILE): refused among the shipped files; a name that
    is not there is nothing to do."""
    refuse_shipped(path)
    with contextlib.suppress(FileNotFoundError):
        os.remove(path)


def _replace(target: str, data: bytes, mode: int | None) -> None:
    """Write ``data`` to a temporary file beside ``target`` and rename it over it."""
    folder = os.path.dirname(target)
    clean_stale(folder)
    tmp = temp_name(target)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        _fault("created")
        with os.fdopen(fd, "wb") as fh:
            half = len(data) // 2
            fh.write(data[:half])
            fh.flush()
            _fault("half-written")
            fh.write(data[half:])
            fh.flush()
            _fault("written")
            os.fsync(fh.fileno())
        _fault("synced")
        os.chmod(tmp, _mode_for(target, mode))
        _same_owner(tmp, target)
        os.replace(tmp, target)
        _fault("replaced")
        _sync_folder(folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _same_owner(tmp: str, target: str) -> None:
    """The new file keeps the old one's owner and group where this process may say so
    (root saving a pupil's file); elsewhere it is the writer's, as any new file."""
    try:
        st = os.stat(target)
        if (st.st_uid, st.st_gid) != (os.getuid(), os.getgid()):
            os.chown(tmp, st.st_uid, st.st_gid)
    except (OSError, AttributeError):
        pass


def _mode_for(path: str, mode: int | None) -> int:
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        pass
    if mode is not None:
        return mode
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _sync_folder(folder: str) -> None:
    """Make the rename itself durable (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
