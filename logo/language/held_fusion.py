"""REPEAT of a body that runs lists held in variables, fused with those lists.

``repeat 1000000 [repeat 3 :a]``, ``repeat n [run :x]``, ``repeat n [if "true :x]``:
UCBLogo runs a list it parsed once, a turn costs it a look-up.  A REPEAT whose literal
body runs lists named by variables in the places the compiler writes literal lists
inline (RUN's input, REPEAT's list, IF's and IFELSE's lists: :func:`held_names`) is
compiled to a call of :func:`fused`, which looks at what the variables hold as the loop
starts.  Where they all hold lists and the count is large, the loop and the body are
compiled together, each held list written inline where it runs as if it were literal
(``em.held``: the variables and their lists; :func:`listed` and :func:`expanding`),
the variables of the whole in Python locals (loop_locals) where nothing in it can see
or change the variable table by name (``loop_scope.closed``: no procedure call, no list
run that is not written there or held, no computed name, no MAKE of a held variable).
That code is kept per body, lists and generation.

Nothing the body does can make a held variable another list or change a definition;
what runs at a turn can (a process, a definition typed meanwhile): after each look at
Stop the fused loop gives back the turn it is at if a held variable or the generation
changed, and the plain loop (the body's held forms calling each list's kept code,
held_lists and run_forms) goes on from there.  A list changed in place (.SETFIRST) runs
as it was compiled, as a list's kept code does (UCBLogo too runs what it parsed).  A
list that runs itself (``make "a [run :a]``) is not written inside itself: not fused.
Errors are located by the fused code's site map, as they are in a list's own code.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from . import depth, loop_locals
from .emitter import Emitter
from .errors import LogoError
from .loop_scope import closed
from .nodes import Call, Const, Node, VarRef
from .print_forms import plain as plain_primitive
from .procedures import Procedure
from .runresult_parts import INTERNAL, failed, translated
from .values import LogoList

FUSE_AT = 64  # a REPEAT of fewer turns runs its lists (compiling the fused loop costs more)
_FUSED = "held_fusion.fused"  # (I.lambda_cache's keys: with the body's and lists' ids)
HELD = {"run": 0, "repeat": 1, "if": 1, "ifelse": 1}  # forms and their first list input
INLINE = {"repeat": 1, "if": 1, "ifelse": 1, "forever": 0, "for": 1}  # literal bodies
MOST_NESTED = 8


def held_names(st: Any, body: LogoList) -> tuple[str, ...]:
    """The variables whose lists ``body`` runs where a literal list would be inline."""
    found: set[str] = set()
    _collect(st, st.c.parse(body, st.current_line()), found, 0)
    return tuple(sorted(found))


def _collect(st: Any, nodes: list[Node], found: set[str], nested: int) -> None:
    for node in nodes:
        if type(node) is not Call or type(node.target) is Procedure:
            continue
        name = node.target.name
        first = HELD.get(name)
        if first is not None and (name != "run" or len(node.args) == 1):
            found.update(a.name for a in node.args[first:] if type(a) is VarRef)
        first = INLINE.get(name)
        if first is not None and nested < MOST_NESTED:
            for arg in node.args[first:]:
                if type(arg) is Const and type(arg.value) is LogoList:
                    _collect(st, st.c.parse(arg.value, 0), found, nested + 1)


def listed(em: Any, node: Node) -> LogoList | None:
    """The list ``node`` is where it is literal, or a held variable's (``em.held``)."""
    if type(node) is Const and type(node.value) is LogoList:
        return node.value
    if type(node) is VarRef:
        return em.held.get(node.name)  # type: ignore[no-any-return]
    return None


@contextmanager
def expanding(em: Any, node: Node) -> Iterator[None]:
    """While a held variable's list is written inline: that variable held no more (a
    list that runs itself is not written inside itself)."""
    name = node.name if type(node) is VarRef else None
    lst = em.held.pop(name, None) if name is not None else None
    try:
        yield
    finally:
        if lst is not None:
            em.held[name] = lst


def run_inline(st: Any, node: Call) -> bool:
    """``run :x`` in a fused body, :x held: its list written inline."""
    em = st.em
    if len(node.args) != 1 or type(node.args[0]) is not VarRef or \
            node.args[0].name not in em.held or not plain_primitive(node, "control", "run"):
        return False
    lst = em.held[node.args[0].name]
    with expanding(em, node.args[0]):
        st.list_body(lst, False)
    return True


def repeat_fused(st: Any, node: Call, count: str) -> bool:
    """REPEAT of a literal body that runs held lists, ``count`` the local holding the
    count: the fused loop where it may run, then the plain loop from the turn it gave
    back (REPEAT's loop, loop_locals.counted)."""
    em = st.em
    body = node.args[1].value if isinstance(node.args[1], Const) else None
    if type(body) is not LogoList or em.region is not None or em.inputs or em.held or \
            getattr(st.c.I, "recover", None) is not None:
        return False
    names = held_names(st, body)
    if not names:
        return False
    s, e = em.fresh("_us"), em.fresh("_ue")
    em.emit("try:")
    em.emit(f"    {s} = 1 if {count} < {FUSE_AT} else {em.site(fused, node.name)}"
            f"(I, V, {names!r}, {count}, {em.const(body)}, {em.const(type(st))})")
    em.emit(f"except {em.const(LogoError)} as {e}:")
    em.emit(f"    {em.const(failed)}(I, {e})")
    em.emit("    raise")
    em.emit(f"except {em.const(INTERNAL)} as {e}:")
    em.emit(f"    raise {em.const(translated)}(I, {e}) from None")
    loop_locals.counted(st, body, f"range({s}, {count} + 1)")
    return True


def fused(I: Any, V: dict, names: tuple[str, ...], n: int, body: LogoList,
          statements: Any) -> int:
    """Run the fused loop of ``repeat n body`` with the lists of ``names`` for turns 1
    to ``n`` where it may; the turn the plain loop goes on from (1 where no fused loop
    ran, ``n + 1`` when it ran them all).  ``statements``: the statement compiler."""
    lists = tuple(V.get(name) for name in names)
    if any(type(lst) is not LogoList for lst in lists) or type(n) is not int or \
            I.recover is not None or I.debugger is not None:
        return 1
    cache, gen = I.lambda_cache, I.generation
    key = (_FUSED, id(body), names, *map(id, lists))
    hit = cache.get(key)
    if hit is None or hit[0] is not body or hit[1] != gen or \
            any(a is not b for a, b in zip(hit[2], lists)):
        try:
            code = _compile_fused(I.compiler, body, dict(zip(names, lists)), statements)  # type: ignore[arg-type]
        except LogoError:  # (past Python's limits: the plain loop runs the lists)
            code = not_fused
        if I.generation != gen:  # (a name was loaded from the library meanwhile)
            return 1
        if len(cache) >= 256:
            cache.clear()
        cache[key] = hit = (body, gen, lists, code)
    code = hit[3]
    return 1 if code is not_fused else code(I, V, n, lists, gen)  # type: ignore[no-any-return]


def not_fused(I: Any, V: dict, n: int, lists: tuple, gen: int) -> int:
    """What :func:`_compile_fused` gives for a body that may not be fused (never run)."""
    return 1


@depth.guarded
def _compile_fused(compiler: Any, body: LogoList, held: dict[str, LogoList],
                   statements: Any) -> Any:
    """The function ``(I, V, n, lists, gen)`` that runs turns 1 to ``n`` of ``repeat n
    body`` with ``held``'s lists inline, giving back the turn where a held variable or
    the generation changed at a look at Stop; :func:`not_fused` where the whole could
    see the table by name or change a held variable."""
    I = compiler.I
    em = Emitter(I, [body], "cmd")
    em.careful = compiler.careful
    em.held = dict(held)
    st = statements(compiler, em)
    scope = closed(st, [body], None)
    if scope is None or set(held) & (scope.writes | scope.fors) or em.held != held:
        return not_fused
    mine = [em.fresh("_g") for _ in held]
    em.emit(f"{', '.join(mine)}, = lists")
    changed = " or ".join(f"V.get({name!r}) is not {g}" for name, g in zip(held, mine))
    loop_locals.either(st, [body], lambda: loop_locals.counted(
        st, body, "range(1, n + 1)",
        lambda i: f"if {changed} or I.generation != gen: return {i}"))
    em.emit("return n + 1")
    return compiler.function("def body(I, V, n, lists, gen):\n" + "\n".join(em.out) + "\n", em)
