"""Logo lists: linked pairs, as in UCBLogo, stored as runs of pairs in Python lists.

A list is a chain of pairs; FPUT makes a pair whose butfirst is its input, BUTFIRST
outputs the next pair of the chain, and the mutators ``.SETFIRST``/``.SETBF`` change a
pair in place, so every list that shares it sees the change (a queue with a pointer to
its last pair, a circular list, destructive append all work as in UCBLogo).

Storage.  A run of pairs lives *reversed* in a Python list ``buf``: the pair at position
``p >= 2`` holds ``buf[p]`` and, normally, its butfirst is the pair at ``p - 1``; the
pair at 2 ends the run.  A :class:`LogoList` is a view ``(buf, hi)``: its first pair is
at ``hi - 1``; ``hi == 2`` is an empty list.  FPUT on the view at the top of its run
appends to ``buf`` (O(1), the way Go slices grow); BUTFIRST is the view one lower.

Two header slots make sharing exact: ``buf[1]`` is ``None`` or a :class:`Links` table
of pairs whose butfirst is *elsewhere* (set by ``.SETBF``; FPUT on a view in the middle
of a run starts a new run whose bottom pair links to that view instead of copying it,
and for that one link ``buf[1]`` is just the view), and ``buf[0]`` is the highest such
position (1 when there are none).  A view whose first pair is above ``buf[0]`` needs
no table for BUTFIRST or ITEM; a run with no table (``buf[1] is None``) is a plain
slice, so COUNT, iteration and equality stay single Python operations, as fast as
before lists could be changed.  Everything else takes the slow path at the end of this
module, which follows the links run by run (and notices a list that runs into itself).
Mutation does not invalidate the compiled code cached on a list that was run: UCBLogo
too keeps running what it parsed.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator
from typing import Any

from .atoms import Value, atom_equal
from .errors import LogoError
from .links import Links

_new = object.__new__
NO_CODE = (None, None, -1)  # no compiled forms cached yet (see Interpreter._list_code)
SEARCHED: dict[int, Any] = {}  # list_scan's memos of the lists it searched: a change drops them


class LogoList:
    """A Logo list: the view ``(_buf, _hi)`` of a chain of pairs (see the module doc).
    ``src`` is the source position ``(file, line)`` of a list the reader made;
    ``compiled`` caches the list's compiled forms (``[command, value, generation]``);
    ``_toks``, set only once the list is run, its runparsed tokens (runparse.line_tokens)."""

    __slots__ = ("_buf", "_hi", "_toks", "compiled", "src")
    _toks: list[Any]

    def __init__(self, items: Iterable[Value] = (), src: tuple[str, int] | None = None):
        buf: list[Any] = [1, None]
        t = type(items)
        if t is list or t is tuple:
            buf += items[::-1]  # type: ignore[index]
        else:
            rest = list(items)
            rest.reverse()
            buf += rest
        self._buf = buf
        self._hi = len(buf)
        self.src = src
        self.compiled: Any = NO_CODE

    # --- sequence protocol -------------------------------------------------------
    def __len__(self) -> int:
        if self._buf[1] is None:
            return self._hi - 2
        return _count(self)

    def __bool__(self) -> bool:
        return self._hi > 2

    def __iter__(self) -> Iterator[Value]:
        buf = self._buf
        if buf[1] is not None:
            return iter(_whole(self))
        return map(buf.__getitem__, range(self._hi - 1, 1, -1))  # (no Python loop)

    def __getitem__(self, i: int) -> Value:
        """Zero-based item, as Python expects (Logo's ``item 1`` is ``lst[0]``)."""
        buf = self._buf
        p = self._hi - 1 - i
        if p > buf[0] and i >= 0:
            return buf[p]
        return _getitem(self, i)

    def items(self) -> list[Value]:
        """A fresh Python list of the items, first to last."""
        buf = self._buf
        if buf[1] is not None:
            return _whole(self)
        out = buf[2:self._hi]
        out.reverse()
        return out

    # --- Logo operations -----------------------------------------------------------
    def first(self) -> Value:
        return self._buf[self._hi - 1]

    def last(self) -> Value:
        buf = self._buf
        if buf[1] is None:
            return buf[2]
        return _whole(self)[-1]

    def butfirst(self) -> Any:
        """The list from the second pair on (a word after ``.SETBF list word``)."""
        buf = self._buf
        top = self._hi - 1
        if top > buf[0]:
            new = _new(LogoList)
            new._buf = buf
            new._hi = top
            new.src = None
            new.compiled = NO_CODE
            return new
        if top == 2 and type(buf[1]) is LogoList:  # the bottom pair of an FPUT run
            return buf[1]
        return _rest_at(buf, top)

    def butlast(self) -> LogoList:
        """A new list of all but the last item (new pairs, as UCBLogo makes)."""
        buf = self._buf
        if buf[1] is None:
            new = [1, None]
            new += buf[3:self._hi]
            return view(new, len(new))
        items = self.items()
        items.pop()
        return LogoList(items)

    def fput(self, x: Value) -> LogoList:
        buf = self._buf
        hi = self._hi
        if hi == len(buf):
            buf.append(x)
            new = _new(LogoList)
            new._buf = buf
            new._hi = hi + 1
            new.src = None
            new.compiled = NO_CODE
            return new
        new = _new(LogoList)  # (view, inlined)
        new._buf = [1, None, x] if hi == 2 else [2, self, x]  # (else: its butfirst is
        new._hi = 3  # this list, shared)
        new.src = None
        new.compiled = NO_CODE
        return new

    def fput_all(self, xs: list[Value]) -> LogoList:
        """FPUT of each of ``xs``, last first, in one step (sharing this list's pairs)."""
        if xs and self._hi != len(self._buf):  # not at the top of its run: FPUT starts one
            return self.fput(xs[-1]).fput_all(xs[:-1])
        self._buf += xs[::-1]
        return view(self._buf, len(self._buf)) if xs else self

    def lput(self, x: Value) -> LogoList:
        """A new list (new pairs, as UCBLogo makes) with x at the end."""
        buf = self._buf
        new = [1, None, x]
        if buf[1] is None:
            new += buf[2:self._hi]
        else:
            items = self.items()
            items.reverse()
            new += items
        return view(new, len(new))

    def setfirst(self, x: Value) -> None:
        """``.SETFIRST``: the first pair holds x from now on (every list sharing it sees x)."""
        self._buf[self._hi - 1] = x
        self.forget_tokens()

    def forget_tokens(self) -> None:
        """The list changed: it is runparsed again when it next compiles."""
        SEARCHED.clear()
        try:  # noqa: SIM105  (try is cheaper than contextlib.suppress)
            del self._toks
        except AttributeError:
            pass

    def setbf(self, rest: Value) -> None:
        """``.SETBF``: the first pair's butfirst is ``rest`` from now on (a list, or a
        word as UCBLogo allows)."""
        buf = self._buf
        top = self._hi - 1
        self.forget_tokens()
        links = _links(buf)
        if links is None:
            if top == 2 and type(rest) is LogoList and not rest:
                return  # already so
            links = buf[1] = Links()
        links.set(top, rest)
        if top > buf[0]:
            buf[0] = top

    def setitem(self, i: int, x: Value) -> None:
        _pair_at(self, i).setfirst(x)

    def same_pair(self, other: LogoList) -> bool:
        """True if both lists start at the same pair (``.EQ``)."""
        return self._buf is other._buf and self._hi == other._hi

    def print_parts(self) -> tuple[list[Value], Value, bool]:
        """The items to print, a word after a ``.SETBF list word`` (else None), and
        whether the list runs into itself (the items then stop where it repeats)."""
        if self._buf[1] is None:
            return self.items(), None, False
        return _items(self)

    def __repr__(self) -> str:  # (PRINT's and SHOW's forms are in values.py)
        items, _, loops = self.print_parts()
        return f"LogoList({items!r}{', ...' if loops else ''})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LogoList) and equalp(self, other)

    __hash__ = object.__hash__


def equalp(a: Value, b: Value) -> bool:
    """UCBLogo's ``equalp``: numbers by value, words ignoring case, lists item by item,
    arrays by identity.  Lists are walked with a stack of their own, so a list nested
    100,000 deep compares as quickly as a long flat one."""
    ta, tb = type(a), type(b)
    if ta is not LogoList and tb is not LogoList:
        if ta is tb and (ta is int or ta is float):  # the common case, without a call
            return bool(a == b)
        return atom_equal(a, b)
    todo = [(a, b)]
    while todo:
        x, y = todo.pop()
        tx, ty = type(x), type(y)
        if tx is LogoList or ty is LogoList:
            if tx is not ty or len(x) != len(y):
                return False
            todo.extend(zip(x, y))
        elif not atom_equal(x, y):
            return False
    return True


def view(buf: list, hi: int) -> LogoList:
    new = _new(LogoList)
    new._buf, new._hi, new.src, new.compiled = buf, hi, None, NO_CODE
    return new


# --- the slow path: runs with links -------------------------------------------------
def _links(buf: list) -> Links | None:
    """The links table of a run.  ``buf[1]`` may also hold just the list that the
    pair at 2 links to (what FPUT on the middle of a run makes); it becomes a table."""
    links = buf[1]
    if type(links) is LogoList:
        tail = links
        links = buf[1] = Links()
        links.set(2, tail)
    return links


def _rest_at(buf: list, p: int) -> Value:
    """The butfirst of the pair at position p of a run."""
    links = buf[1]
    if type(links) is LogoList:
        return links if p == 2 else view(buf, p)
    if links is not None:
        rest = links.at.get(p, buf)
        if rest is not buf:
            return rest
    return view(buf, p)


def _runs(lst: LogoList) -> tuple[list[tuple[list, int, int]], Value, bool]:
    """The list as runs of pairs ``(buf, top, low)`` (its items are ``buf[top]`` down to
    ``buf[low]``), the word that ends a dotted list (else None), and whether the list
    runs into a pair already seen (the runs then stop there)."""
    runs: list[tuple[list, int, int]] = []
    seen: set[tuple[int, int]] = set()
    cur: Value = lst
    while type(cur) is LogoList:
        buf, top = cur._buf, cur._hi - 1
        if top < 2:
            return runs, None, False
        key = (id(buf), top)
        if key in seen:
            return runs, None, True
        seen.add(key)
        links = _links(buf)
        low = 2
        rest: Value = None
        if links is not None:
            k = bisect_right(links.pos, top) - 1
            if k >= 0:
                low = links.pos[k]
                rest = links.at[low]
        runs.append((buf, top, low))
        if rest is None:
            return runs, None, False
        cur = rest
    return runs, cur, False


def _items(lst: LogoList) -> tuple[list[Value], Value, bool]:
    """The items of the list's runs, the word ending a dotted list, whether it loops."""
    runs, end, looped = _runs(lst)
    out: list[Value] = []
    for buf, top, low in runs:
        chunk = buf[low:top + 1]
        chunk.reverse()
        out += chunk
    return out, end, looped


def _whole(lst: LogoList) -> list[Value]:
    """All the items of a list with links; a word ending a dotted list is its last
    item (as UCBLogo's COUNT and FOREACH see it).  A circular list is an error."""
    out, end, looped = _items(lst)
    if looped:
        raise circular(lst)
    if end is not None:
        out.append(end)
    return out


def circular(lst: LogoList) -> LogoError:
    """The error for a whole-list operation on a list that runs into itself."""
    return LogoError("doesnt_like", what=lst)


def _skip_fput_runs(lst: LogoList, i: int) -> tuple[LogoList, int, int]:
    """Follow the runs FPUT made (one link, at the bottom) while item ``i`` is past
    them: outputs the view reached, the items passed and what is left of ``i``.  No
    list runs into itself along these links (each links to an older list), so they
    need no check."""
    cur, passed = lst, 0
    while True:
        tail = cur._buf[1]
        n = cur._hi - 2
        if type(tail) is not LogoList or n <= 0 or i < n:
            return cur, passed, i
        passed += n
        i -= n
        cur = tail


def _count(lst: LogoList) -> int:
    tail = lst._buf[1]
    if type(tail) is LogoList and tail._buf[1] is None and lst._hi > 2:
        return lst._hi + tail._hi - 4  # one FPUT run on a plain list
    lst, passed, _ = _skip_fput_runs(lst, 1 << 62)
    if lst._buf[1] is None:
        return passed + max(lst._hi - 2, 0)
    runs, end, looped = _runs(lst)
    if looped:
        raise circular(lst)
    return passed + sum(top - low + 1 for _, top, low in runs) + (end is not None)


def _pair_at(lst: LogoList, i: int) -> LogoList:
    """The view starting at the i-th pair (0-based) by following butfirsts."""
    cur: Value = lst
    for _ in range(i):
        cur = cur.butfirst()
    return cur


def _getitem(lst: LogoList, i: int) -> Value:
    buf, hi = lst._buf, lst._hi
    tail = buf[1]
    if type(tail) is LogoList and tail._buf[1] is None and i >= 0 and hi > 2:
        if i < hi - 2:  # one FPUT run on a plain list
            return buf[hi - 1 - i]
        i -= hi - 2
        if i >= tail._hi - 2:
            raise IndexError(i)
        return tail._buf[tail._hi - 1 - i]
    if i < 0:
        i += len(lst)
        if i < 0:
            raise IndexError(i)
    lst, _, i = _skip_fput_runs(lst, i)
    buf = lst._buf
    if buf[1] is None or (type(buf[1]) is LogoList and i < lst._hi - 2):
        if i >= lst._hi - 2:
            raise IndexError(i)
        return buf[lst._hi - 1 - i]
    runs, end, looped = _runs(lst)
    if not looped:
        for buf, top, low in runs:
            if i <= top - low:
                return buf[top - i]
            i -= top - low + 1
        if i == 0 and end is not None:
            return end  # the word ending a dotted list
        raise IndexError(i)
    return _pair_at(lst, i).first()  # round and round a circular list


EMPTY = LogoList()
