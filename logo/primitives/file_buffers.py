"""Character buffers as write streams (UCBLogo's OPENWRITE/SETWRITE of a list
[varname size]): what is printed into the buffer becomes, when it is closed, the value
of the variable, as one word of at most size characters.  The buffer is known by the
list itself (the same list, in the .EQ sense), so it lives under a stream name made
from the list's identity."""

from __future__ import annotations

import io
from typing import Any

from ..language.errors import LogoError
from ..language.values import LogoList, parse_number
from ..session.parts import part
from ..session.streams import OpenFile, streams


def buffer_spec(x: Any) -> tuple[str, int] | None:
    """(variable, size) when ``x`` is a list [varname size], else None; a list of any
    other shape is an error, as in UCBLogo."""
    if type(x) is not LogoList or len(x) == 0:
        return None
    items = x.items()
    size = parse_number(items[-1]) if isinstance(items[-1], str) else items[-1]
    if len(items) != 2 or not isinstance(items[0], str) or type(size) is not int or size < 1:
        raise LogoError("doesnt_like_unrec", what=x)
    return items[0].lower(), size


def _buffers(I: Any) -> dict[str, tuple[LogoList, str, int, bool]]:
    """The interpreter's open write buffers (a part made on first use: reading
    ``I.__dict__`` would slow every attribute read afterwards)."""
    return part(I, "write_buffers", dict)


def buffer_name(lst: LogoList) -> str:
    return f"[buffer {id(lst)}]"


def open_buffer(I: Any, lst: LogoList, implicit: bool = False) -> str:
    """Open the buffer of ``lst`` (OPENWRITE, or a SETWRITE of a list not opened)."""
    var, size = buffer_spec(lst) or ("", 0)
    name = buffer_name(lst)
    s = streams(I)
    if name in s.files:
        raise LogoError("already_open", what=lst)
    s.files[name] = OpenFile(name, "", "write", io.StringIO())
    _buffers(I)[name] = (lst, var, size, implicit)
    return name


def close_buffer(I: Any, name: str, given: Any = None) -> None:
    """Close a buffer: its text becomes the variable's value (``given``: the list CLOSE
    was given, for the error when it is not open)."""
    if name not in _buffers(I):
        raise LogoError("not_open", what=given)
    _lst, var, size, _ = _buffers(I).pop(name)
    s = streams(I)
    text = s.files[name].fh.getvalue()  # type: ignore[attr-defined]
    s.close(name)
    I.vars[var] = text[:size]


def set_buffer_writer(I: Any, lst: Any) -> str | None:
    """SETWRITE's stream name for its input; a buffer SETWRITE opened by itself is
    closed by the next SETWRITE."""
    s = streams(I)
    old = s.writer
    if old is not None and _buffers(I).get(old, (None, "", 0, False))[3]:
        close_buffer(I, old)
    if buffer_spec(lst) is None:
        return None
    name = buffer_name(lst)
    if name not in s.files:
        open_buffer(I, lst, implicit=True)
    return name


def open_names(I: Any, names: list[str]) -> list[Any]:
    """ALLOPEN's names, with each buffer's list in place of its stream name."""
    return [buffer_list(I, n) or n for n in names]


def buffer_list(I: Any, name: str | None) -> LogoList | None:
    """The list that names the buffer ``name``, or None."""
    entry = _buffers(I).get(name) if name is not None else None
    return entry[0] if entry is not None else None
