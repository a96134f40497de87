"""The primitive registry: the single source of primitive names, inputs and docs.

A primitive is a small Python function decorated with :func:`primitive`, which records
its Logo name, English aliases and input counts.  ЛогоМиры (Russian) names come from the
data table ``names_ru.tsv`` (read by ``name_tables``).  :func:`build_registry` collects
the decorated functions of the chapter modules into a :class:`Registry`; nothing happens
at import time.  The microworlds are plug-ins (``logo/session/extensions.py``): the
registry adds a microworld's primitives the first time a program asks for one of its
names.
"""

from __future__ import annotations

import copy
import importlib
import sys
from collections.abc import Callable
from typing import Any

CO_VARARGS = 0x04  # inspect.CO_VARARGS: the function takes *args

# (module, UCBLogo manual chapter) of the core primitives
CHAPTERS = (("data", "data"), ("predicates", "data"), ("communication", "communication"),
            ("files", "communication"), ("arithmetic", "arithmetic"),
            ("math_functions", "arithmetic"), ("random_numbers", "arithmetic"),
            ("bitwise", "arithmetic"), ("logic", "logic"),
            ("control", "control"), ("loops", "control"), ("iteration", "control"),
            ("backquote", "control"), ("management", "workspace"), ("debugging", "workspace"),
            ("management_all", "workspace"), ("help", "workspace"), ("editing", "workspace"),
            ("graphics", "graphics"), ("graphics_pen", "graphics"), ("graphics_page", "graphics"),
            ("microworld_turtles", "graphics"),
            ("screen", "graphics"), ("text_window", "graphics"), ("mouse", "graphics"),
            ("microworld", "microworld"), ("plots", "microworld"),
            ("multitasking", "microworld"),
            ("checks", "control"))


CHAPTER_RANK = {f"logo.primitives.{module}": k for k, (module, _) in enumerate(CHAPTERS)}
_CHAPTER_OF = dict(CHAPTERS)
_RANK = {module: k for k, (module, _) in enumerate(CHAPTERS)}


class PrimSpec:
    """What the evaluator needs to know about one primitive.

    ``min_inputs``/``default_inputs``/``max_inputs`` are UCBLogo's counts (max -1 means
    any number, as ``(sum 1 2 3)``).  ``needs_interp``: the function's first parameter is
    the interpreter ``I``.  ``chapter`` is the UCBLogo manual chapter it belongs to.
    ``doc`` is the help text (the function's docstring unless given).
    ``value_context``: takes want_value= (False when called as an instruction).
    ``alone_ok``: UCBLogo's OK_NO_ARG: alone on its line (``help``, ``edit``, ``save``)
    it takes no input, though it takes one by default.
    (A plain class, not a dataclass: dataclasses and inspect are slow to import.)
    """

    def __init__(self, name: str, fn: Callable[..., Any], aliases: tuple[str, ...] = (),
                 min_inputs: int = 0, default_inputs: int = 0, max_inputs: int = 0,
                 needs_interp: bool = False, chapter: str = "", doc: str | None = None,
                 russian: list[str] | None = None, value_context: bool = False,
                 alone_ok: bool = False) -> None:
        self.name, self.fn, self.aliases = name, fn, aliases
        self.min_inputs, self.default_inputs, self.max_inputs = (
            min_inputs, default_inputs, max_inputs)
        self.needs_interp, self.chapter, self._doc = needs_interp, chapter, doc
        self.russian: list[str] = [] if russian is None else russian
        self.value_context, self.alone_ok = value_context, alone_ok

    @property
    def doc(self) -> str:
        if self._doc is None:
            import inspect  # lazy: start-up time (help and the reference only)

            self._doc = inspect.cleandoc(self.fn.__doc__ or "")
        return self._doc

    @doc.setter
    def doc(self, text: str) -> None:
        self._doc = text

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases, *self.russian)

    def with_fn(self, fn: Callable[..., Any]) -> PrimSpec:
        """The same primitive run by another function (TRACE's wrapper, for one)."""
        other = copy.copy(self)
        other.fn = fn
        return other

    def __repr__(self) -> str:
        return (f"PrimSpec(name={self.name!r}, aliases={self.aliases!r}, "
                f"inputs={self.min_inputs}/{self.default_inputs}/{self.max_inputs}, "
                f"chapter={self.chapter!r})")


def primitive(name: str, *aliases: str, inputs: int | None = None,
              min_inputs: int | None = None, max_inputs: int | None = None,
              default_inputs: int | None = None,
              alone_ok: bool = False) -> Callable[[Callable], Callable]:
    """Mark a function as the Logo primitive ``name`` (with ``aliases``).

    Input counts default to the function's own parameters: positional ones without a
    default are required, ones with a default are optional, ``*rest`` means any number.
    ``inputs`` overrides the default count shown when no parentheses are used;
    ``alone_ok``: with nothing after it on the line it takes no input (UCBLogo's HELP).
    """

    def mark(fn: Callable) -> Callable:
        # read the signature off the code object: inspect.signature is slow at start-up
        code = fn.__code__
        names = code.co_varnames[:code.co_argcount]
        needs_interp = bool(names) and names[0] == "I"
        n_defaults = len(fn.__defaults__ or ())
        positional = code.co_argcount - (1 if needs_interp else 0)
        required = positional - n_defaults
        optional = n_defaults
        variadic = bool(code.co_flags & CO_VARARGS)
        keyword_only = code.co_varnames[code.co_argcount:code.co_argcount
                                        + code.co_kwonlyargcount]
        lo = required if min_inputs is None else min_inputs
        hi = (-1 if variadic else required + optional) if max_inputs is None else max_inputs
        dflt = (inputs if inputs is not None else
                default_inputs if default_inputs is not None else required)
        fn.__logo__ = PrimSpec(  # type: ignore[attr-defined]
            name=name.lower(), fn=fn, aliases=tuple(a.lower() for a in aliases),
            min_inputs=lo, default_inputs=dflt, max_inputs=hi,
            needs_interp=needs_interp,
            value_context="want_value" in keyword_only, alone_ok=alone_ok)
        return fn

    return mark


class Registry:
    """Name -> PrimSpec for every primitive, English and Russian names alike.

    ``extensions``: the microworlds that may be loaded (name -> loader, see
    ``extensions.discover``; None: not looked for yet); ``loaded``: those loaded.
    A registry with an ``index`` (``registry_index``) imports a chapter module the
    first time one of its names is asked for, and adds the names one at a time, as
    they are asked for (a program's first run pays for the names it uses, not for
    every name of their chapters); ``by_name`` and ``specs`` are complete (they add
    every name not added yet, chapter by chapter)."""

    def __init__(self, extensions: dict[str, Callable[[], Any]] | None = None,
                 index: dict[str, tuple[str, str, bool]] | None = None,
                 russian: dict[str, list[str]] | None = None) -> None:
        self._names: dict[str, PrimSpec] = {}
        self._specs: list[PrimSpec] = []
        self.extensions = extensions
        self.loaded: dict[str, Any] = {}
        # the names not looked up yet: name -> (chapter module, primitive, ЛогоМиры?)
        # (None: every chapter imported and listed), each primitive's ЛогоМиры names (in
        # order), the chapters a name was looked up in
        self._index = index or None
        self._russian = russian or {}
        self._touched: set[str] = set()

    @property
    def by_name(self) -> dict[str, PrimSpec]:
        self.load_chapters()
        return self._names

    @by_name.setter
    def by_name(self, names: dict[str, PrimSpec]) -> None:
        self._names = names

    @property
    def specs(self) -> list[PrimSpec]:
        """Every primitive, chapter by chapter as CHAPTERS lists them, then the others
        (microworlds) in the order they loaded."""
        self.load_chapters()
        return sorted(self._specs, key=lambda spec: CHAPTER_RANK.get(spec.fn.__module__,
                                                                     len(CHAPTER_RANK)))

    def __copy__(self) -> Registry:
        """A registry of the same primitives that may grow on its own (COPYDEF)."""
        new = Registry(self.extensions)
        new._names, new._specs, new.loaded = dict(self.by_name), list(self._specs), dict(
            self.loaded)
        return new

    def add(self, spec: PrimSpec) -> None:
        if self._names.get(spec.name) is spec:
            return  # (a microworld's module loaded again into a shared registry)
        if spec.name in self._names or (self._index and spec.name in self._index):
            raise ValueError(f"primitive {spec.name} registered twice")
        self._specs.append(spec)
        for n in (spec.name, *spec.aliases):
            self._names[n] = spec

    def add_module(self, module: Any, chapter: str) -> None:
        for spec in _module_specs(module):
            spec.chapter = chapter
            self.add(spec)

    def add_russian(self, table: dict[str, str]) -> None:
        """Add ЛогоМиры names: Russian name -> English primitive name."""
        for ru, en in table.items():
            spec = self._names.get(en)
            index = self._index
            if spec is None and index and en in index and (
                    index[en][0] in self._touched):  # (its chapter is imported)
                spec = self._look_up(en, index)
            if spec is not None and ru not in self._names and not (
                    self._index and ru in self._index):  # (a chapter's, not loaded yet)
                if ru not in spec.russian:  # specs outlive registries (one per Logo)
                    spec.russian.append(ru)
                self._names[ru] = spec

    def get(self, name: str) -> PrimSpec | None:
        """The primitive called ``name`` (lower case); a name ``world.verb`` first loads
        the microworld ``world`` if there is one and it is not loaded yet."""
        spec = self._names.get(name)
        if spec is None:
            index = self._index
            if index is not None and name in index:
                return self._look_up(name, index)
            spec = self._names.get(name)  # (another thread may have added it just now)
            if spec is None and "." in name:
                prefix = name.partition(".")[0]
                if prefix not in self.loaded and prefix in self.available():
                    self.load_extension(prefix)
                    spec = self._names.get(name)
        return spec

    def is_ucblogo(self, name: str) -> bool:
        """Whether ``name`` (lower case) is one of UCBLogo 6.2.2's primitives here, or
        another name of one (ЛогоМиры's, a COPYDEF's): the primitives a TO may not
        replace without REDEFP.  A name no primitive here has yet is none: a microworld
        not loaded is not loaded to answer (``to draw.tree`` does not look for a
        microworld ``draw``, 0.2-0.5 ms): its primitives are its own names, none of
        UCBLogo's (which have no ``world.`` in them)."""
        spec = self._names.get(name)
        index = self._index
        if spec is None and index is not None and name in index:
            spec = self._look_up(name, index)
        if spec is None:
            return False
        from .name_tables import ucblogo_primitives  # lazy: start-up time

        taken = ucblogo_primitives()
        english = (spec.name, *spec.aliases)
        if name in taken:
            return True
        return name not in english and any(n in taken for n in english)

    def _look_up(self, name: str, index: dict[str, tuple[str, str, bool]]) -> PrimSpec:
        """A name of the ``index``, looked up for the first time: its chapter imported if
        it is not yet, and the name alone added (as the registry built in full has it;
        the primitive knows all its ЛогоМиры names, in their order: HELP shows the
        first).  The name is added before it leaves the index: a thread that asks for
        it at the same time (the window's highlighting) finds it in one or the other."""
        entry = index.get(name)
        if entry is None:  # (another thread added it just now)
            return self._names[name]
        module_name, primary, russian = entry
        self._touched.add(module_name)
        spec = chapter_specs(module_name)[primary]
        spec.chapter = _CHAPTER_OF[module_name]  # (as a full load sets it)
        names = self._russian.get(primary) or ([name] if russian else None)
        if names and spec.russian[:len(names)] != names:  # (HELP shows the first)
            spec.russian[:] = [*names, *(ru for ru in spec.russian if ru not in names)]
        self._names[name] = spec
        index.pop(name, None)
        return spec

    def load_chapters(self) -> None:
        """Import every chapter not imported yet, and add every name not added yet."""
        index = self._index
        if index is None:
            return
        chapters = self._touched.union(entry[0] for entry in index.values())
        for module_name in sorted(chapters, key=lambda m: _RANK.get(m, len(_RANK))):
            specs = chapter_specs(module_name).values()
            for spec in specs:
                spec.chapter = _CHAPTER_OF[module_name]
            self._specs += specs
        for name in list(index):
            self._look_up(name, index)
        self._index = None

    def available(self) -> dict[str, Callable[[], Any]]:
        """The microworlds that can be loaded, by name (found the first time asked)."""
        if self.extensions is None:
            from ..session.extensions import discover

            self.extensions = discover()
        return self.extensions

    def load_extension(self, name: str) -> Any:
        """Load the microworld ``name``: its primitives and ЛогоМиры names.  A
        microworld that fails to load is a Logo error that says why (no traceback)."""
        try:
            mw = self.available()[name]()
            for module_name in mw.modules:
                self.add_module(importlib.import_module(module_name), mw.name)
            if mw.russian:
                from .name_tables import load_russian_names  # lazy: start-up time

                self.add_russian(load_russian_names(mw.russian))
            if mw.messages:
                _add_messages(mw.messages)
        except Exception as exc:  # a broken plug-in: the user sees one line
            from ..language.errors import LogoError

            raise LogoError("microworld_broken", name=name, error=type(exc).__name__,
                            reason=str(exc)) from None
        self.loaded[name] = mw
        return mw

    def notify(self, I: Any, event: str) -> None:
        """Tell the loaded microworlds that ``event`` (``cg``, ``erall``, ``load``)
        happened in the interpreter ``I`` (nothing to do, nothing imported, if none)."""
        if self.loaded:
            from ..session.extensions import notify

            notify(I, event)

    def load_all(self) -> Registry:
        """Load every chapter and every microworld (for listings of every primitive:
        the reference, HELP)."""
        self.load_chapters()
        for name in self.available():
            if name not in self.loaded:
                self.load_extension(name)
        return self


_CHAPTER_SPECS: dict[str, tuple[Any, dict[str, PrimSpec]]] = {}


def chapter_specs(module_name: str) -> dict[str, PrimSpec]:
    """The primitives of a chapter module by their own names, in the order it defines
    them, with their chapter set (found once per process, as the module is imported
    once: specs outlive registries)."""
    path = f"logo.primitives.{module_name}"
    module = sys.modules.get(path) or importlib.import_module(path)
    found = _CHAPTER_SPECS.get(module_name)
    if found is None or found[0] is not module:  # (a module imported again: its own)
        chapter = _CHAPTER_OF[module_name]
        specs = {}
        for spec in _module_specs(module):
            spec.chapter = chapter
            specs[spec.name] = spec
        found = _CHAPTER_SPECS[module_name] = (module, specs)
    return found[1]


def _module_specs(module: Any) -> list[PrimSpec]:
    """The primitives a module defines (in the order it defines them)."""
    return [obj.__logo__ for obj in vars(module).values()
            if isinstance(getattr(obj, "__logo__", None), PrimSpec) and obj.__logo__.fn is obj]


def _add_messages(path: str) -> None:
    """A microworld's own messages join the catalogue; its error kinds get UCBLogo's
    code 35 (as a THROW "ERROR)."""
    from .. import messages
    from ..language.errors import CODES

    for kind in messages.add_catalogue(path):
        CODES.setdefault(kind, 35)


def build_registry(extra_modules: tuple[tuple[str, str], ...] = (),
                   extensions: Any = None) -> Registry:
    """Collect the core chapters (and ``extra_modules``: (module path, chapter) pairs).
    ``extensions``: Microworld objects to offer besides the ones installed (a test's,
    a program's own); the microworlds load when first used (``Registry.get``).  With
    the index of the chapters (``registry_index``), each chapter loads when first used
    too (and each name is added when first asked for); without it, every chapter loads
    now and the index is made for the next run."""
    from . import registry_index

    modules = [module for module, _ in CHAPTERS]
    tables = None if extra_modules else registry_index.read_tables(modules)
    index = None if tables is None else tables[0]
    reg = Registry(index=index, russian=None if tables is None else tables[1])
    if extensions:
        from ..session.extensions import discover

        reg.extensions = discover(extensions)
    if index is None:
        for module_name, chapter in CHAPTERS:
            reg.add_module(importlib.import_module(f"logo.primitives.{module_name}"), chapter)
        for path, chapter in extra_modules:
            reg.add_module(importlib.import_module(path), chapter)
        from .name_tables import load_russian_names  # lazy: a full build only

        reg.add_russian(load_russian_names())
        if not extra_modules:
            registry_index.write_index(modules, reg.by_name)
    return reg
