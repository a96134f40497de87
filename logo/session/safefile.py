"""Saving a file so that nothing is lost and nothing is left behind.

A save writes a temporary file beside the target, syncs it, and renames it over the
target: a save killed at any point leaves the old file whole.  The temporary file is
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
import time

SUFFIX = ".logo-tmp"
_PATTERN = re.compile(r"^\..+\.(\d+)\.[0-9a-f]{8}" + re.escape(SUFFIX) + "$")
FAULT_POINTS = ("created", "half-written", "written", "synced", "replaced")
STALE_AGE = 24 * 3600  # seconds: older than this, a temporary file is stale whoever wrote it


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
    """Replace the file at ``path`` with ``data`` (text is written as UTF-8 with ``\\n``
    line ends).  The new file keeps the old one's permissions, else gets ``mode`` (the
    umask's default when None)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    folder = os.path.dirname(os.path.abspath(path))
    clean_stale(folder)
    tmp = temp_name(path)
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
        os.chmod(tmp, _mode_for(path, mode))
        os.replace(tmp, path)
        _fault("replaced")
        _sync_folder(folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


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
