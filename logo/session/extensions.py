"""Microworlds as plug-ins: the one object a microworld package declares, and how the
core finds them.

A microworld is a Python package that declares one :class:`Microworld` and names it
in the entry-point group ``logo.microworlds`` of its ``pyproject.toml``::

    [project.entry-points."logo.microworlds"]
    kites = "kites:MICROWORLD"

The entry point's name is the microworld's name and the prefix of its primitives'
names (``kites.fly``, ``kites.wind``).  Nothing of a microworld is imported when Logo
starts: the first time a program uses a name ``kites.something`` that nothing else
defines, the registry imports the package, adds the primitives of its modules and the
names of its ``names_ru.tsv`` (if it has one), and from then on they are primitives
like any other (see ``Registry.get``).  ``help``, ``primitives`` and the generated
reference load every microworld first (``Registry.load_all``).

Run from a checkout that was never installed (``python3 -m logo`` in the repository),
there are no entry points: the microworlds the checkout's own ``pyproject.toml``
declares are found there instead.  Installed, both are read; the checkout's come first.

A primitive sees the interpreter through :class:`Logo`; a microworld keeps its
per-interpreter state in ``I.parts[name]`` (``Microworld.state`` makes it on first
use, :func:`state`), and ``Microworld.forget_on`` / ``on_event`` say what ``cg``,
``erall`` and ``load`` do to it (:func:`notify`).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable
from typing import Any, Protocol, runtime_checkable

from .host import HostProtocol

GROUP = "logo.microworlds"
LESSONS = "logo.lessons"  # packages whose folders hold lessons (see session/lessons.py)
EVENTS = ("clearscreen", "erall", "load")  # what the core tells the loaded microworlds


@runtime_checkable
class Logo(Protocol):
    """What a primitive (a microworld's included) sees of the interpreter: public
    attributes and methods only (``isinstance(Interpreter(), Logo)`` holds)."""

    vars: dict[str, Any]
    parts: dict[str, Any]  # per-interpreter parts made on first use (streams, microworlds)
    turtle_world: Any  # the turtle world once something drew (None before)
    page_widgets: Any  # the page's sliders, buttons and text boxes once made (None before)
    interrupt: bool
    stop_requested: bool

    @property
    def host(self) -> HostProtocol: ...  # where text goes, dialogs, the clock

    @property
    def world(self) -> Any: ...  # the turtle world, made on first use

    @property
    def widgets(self) -> Any: ...  # the widgets, made on first use

    def write(self, text: str) -> None: ...
    def read_line(self) -> str | None: ...
    def run(self, instructions: Any, want_value: bool = True) -> Any: ...
    def check_interrupt(self) -> None: ...
    def check_stop(self) -> None: ...  # a long primitive's look at Stop between chunks
    def resolve_path(self, path: str) -> str: ...


class Microworld:
    """The one object a microworld package declares.

    ``name``: the microworld's name, the entry point's, and its primitives' prefix.
    ``modules``: the modules whose ``@primitive`` functions it adds (imported when a
    program first uses one of its names; each should import its numpy core lazily).
    ``state``: makes the microworld's state for one interpreter (on first use).
    ``forget_on``: the events (``EVENTS``) after which that state is dropped, to be
    made afresh when next used.  ``on_event(I, state, event)``: anything else to do.
    ``russian``: a ``names_ru.tsv``-like table (a path) of ЛогоМиры names, or "".
    ``messages``: its part of the message catalogue (a path, ``messages.tsv``'s format:
    its own error kinds, code 35, and ``hint.*`` lines), or "".
    Frozen, compared and hashed by its fields, as a frozen dataclass would be (a plain class:
    importing ``dataclasses`` costs a program that names a dotted procedure 4 ms).
    """

    __slots__ = ("forget_on", "messages", "modules", "name", "on_event", "russian", "state")
    _FIELDS = ("name", "modules", "state", "forget_on", "on_event", "russian", "messages")

    name: str
    modules: tuple[str, ...]
    state: Callable[[], Any] | None
    forget_on: frozenset[str]
    on_event: Callable[[Logo, Any, str], None] | None
    russian: str
    messages: str

    def __init__(self, name: str, modules: tuple[str, ...],
                 state: Callable[[], Any] | None = None,
                 forget_on: frozenset[str] = frozenset({"erall"}),
                 on_event: Callable[[Logo, Any, str], None] | None = None,
                 russian: str = "", messages: str = ""):
        for field, value in zip(self._FIELDS, (name, modules, state, forget_on, on_event,
                                                russian, messages)):
            object.__setattr__(self, field, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a Microworld is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a Microworld is frozen")

    def _values(self) -> tuple:
        return tuple(getattr(self, field) for field in self._FIELDS)

    def __eq__(self, other: object) -> bool:
        return type(other) is Microworld and self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{field}={value!r}" for field, value in zip(self._FIELDS,
                                                                        self._values()))
        return f"Microworld({fields})"

    @property
    def prefix(self) -> str:
        return self.name.lower() + "."


def state(I: Logo, name: str) -> Any:
    """The state of the (loaded) microworld ``name`` in this interpreter, made with its
    ``state`` factory the first time."""
    value = I.parts.get(name)
    if value is None:
        make = loaded(I)[name].state
        if make is None:
            raise KeyError(name)
        value = I.parts[name] = make()
    return value


def loaded(I: Any) -> dict[str, Microworld]:
    """The microworlds this interpreter's registry has loaded, by name."""
    return I.registry.loaded


def notify(I: Any, event: str) -> None:
    """Tell the loaded microworlds that ``event`` (``cg``, ``erall``, ``load``) happened."""
    for mw in loaded(I).values():
        if event in mw.forget_on:
            I.parts.pop(mw.name, None)
        elif mw.on_event is not None and mw.name in I.parts:
            mw.on_event(I, I.parts[mw.name], event)


# --- finding them ------------------------------------------------------------------------
Source = Callable[[], Microworld]  # loads (imports) one microworld's declaration


def discover(extra: Iterable[Microworld] = ()) -> dict[str, Source]:
    """Every microworld we can find, by name, nothing imported yet: ``extra`` first,
    then the checkout's ``pyproject.toml``, then the installed entry points."""
    found: dict[str, Source] = {mw.name.lower(): functools.partial(_given, mw) for mw in extra}
    for name, ref in entries(GROUP):
        found.setdefault(name, functools.partial(load_reference, ref))
    return found


def lesson_packages() -> list[str]:
    """The packages whose folders hold lessons (``NAME/NAME.lgo`` with ``NAME.png``): the
    entry points of the group ``logo.lessons``, each naming a package."""
    return [ref for _, ref in entries(LESSONS)]


def entries(group: str) -> list[tuple[str, str]]:
    """(name, reference) of a group's entry points: the checkout's ``pyproject.toml``
    first, then the installed distributions' (a name given twice counts once); Logo's
    own groups as kept between runs while nothing they come from changed
    (``entry_point_cache``)."""
    if group not in (GROUP, LESSONS):
        return _found(group)
    from . import entry_point_cache  # lazy: a dotted name or a save only

    return list(entry_point_cache.entries((GROUP, LESSONS), _pyproject(), _found)[group])


def _found(group: str) -> list[tuple[str, str]]:
    found: dict[str, str] = {}
    for name, ref in (*_checkout_entry_points(group), *_installed_entry_points(group)):
        found.setdefault(name, ref)
    return list(found.items())


def _pyproject() -> str:
    """The ``pyproject.toml`` of the checkout this ``logo`` package sits in."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.path.join(root, "pyproject.toml")


def _given(mw: Microworld) -> Microworld:
    return mw


@functools.cache
def _installed_entry_points(group: str) -> tuple[tuple[str, str], ...]:
    from importlib.metadata import entry_points

    return tuple((ep.name.lower(), ep.value) for ep in entry_points(group=group))


@functools.cache
def _checkout_entry_points(group: str) -> tuple[tuple[str, str], ...]:
    """The group's entries in the ``pyproject.toml`` of the checkout this ``logo``
    package sits in (none when installed elsewhere or not declared)."""
    path = _pyproject()
    if not os.path.isfile(path):
        return ()
    import tomllib

    try:
        with open(path, "rb") as fh:
            table = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError):
        return ()
    found = table.get("project", {}).get("entry-points", {}).get(group, {})
    return tuple((str(name).lower(), str(ref)) for name, ref in found.items())


def load_reference(ref: str) -> Microworld:
    """The object an entry-point reference ``package.module:attribute`` names."""
    import importlib

    module_name, _, attr = ref.partition(":")
    obj: Any = importlib.import_module(module_name.strip())
    for part in filter(None, attr.strip().split(".")):
        obj = getattr(obj, part)
    return obj
