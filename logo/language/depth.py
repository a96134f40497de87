"""Deep nesting in compiled Logo: Python's static limits never reach the user.

Logo has no limit on how deeply a line nests (``print 1 + 1 + ... + 1``, ``sum 1 sum 1
...``, ``repeat 2 [repeat 2 [...]]``), but the Python source the compiler makes from it
does: about 200 nested parentheses, 20 nested loop/try blocks, 100 levels of
indentation.  Ordinary code stays far below them and compiles as before; past a budget:

- a control form (``repeat``, ``while``, ``for``...) that would open more than
  :data:`BLOCK_BUDGET` nested blocks (``if``: :data:`INDENT_BUDGET` levels of
  indentation) is not inlined: it becomes the ordinary call
  of the primitive with its list as a constant, and the list, when it runs, compiles on
  its own with a fresh budget (``stop`` and ``output`` inside it work by signals, as for
  any list not written in the line);
- every :data:`EXPR_SPAN` levels of a nested expression, the subexpression is compiled
  out of line, as a nested Python function defined just before the instruction and
  called where the value is needed: Logo's left-to-right order of evaluation is kept,
  and the function sees the same variables;
- if Python still refuses the source (a compiler change that opens more parentheses or
  blocks per level than counted here), it is compiled again with small budgets;
- if Python refuses even that, or our own parser or compiler runs out of stack
  or memory (hundreds of thousands of levels, where UCBLogo itself crashes), the user
  sees Logo's "Stack overflow" / "Out of space", never an internal error.
"""

from __future__ import annotations

from collections.abc import Callable
from types import CodeType
from typing import Any, TypeVar, cast

from .errors import LogoError

# Python allows 20 nested loop/try blocks and 100 levels of indentation; an inlined
# control form opens at most 2 blocks and 2 levels (IF and IFELSE open no block)
BLOCK_BUDGET = 17
INDENT_BUDGET = 90
# below this indentation no count is needed: there cannot be BLOCK_BUDGET - 2 blocks
QUICK_DEPTH = 14
# the inlined forms that open no indentation: always inline; any other form (a new one
# too) is taken to open up to 2 blocks, IF and IFELSE indentation only
FLAT_FORMS = frozenset(("stop", "output", "make", ".maybeoutput"))
NO_BLOCK_FORMS = frozenset(("if", "ifelse"))
# the statements of generated code that open a block
_BLOCK_HEADS = ("for ", "while ", "try:", "with ", "except", "finally:")
# expression levels between two out-of-line functions (a level opens at most ~5
# parentheses; Python allows 200)
EXPR_SPAN = 25
# the budgets of a second try, when Python refused the first one's source all the same
# (a compiler change that opens more parentheses or blocks per level than counted above)
CAREFUL_DEPTH = 3
CAREFUL_EXPR_SPAN = 4
F = TypeVar("F", bound=Callable[..., Any])
# SyntaxError texts of Python's static limits
_LIMIT_TEXTS = ("too many", "too complex", "too deeply nested", "levels of indentation")


def _careful(em: Any) -> bool:
    """Is this the second, careful try?  (``Compiler.careful``, handed to each emitter.)"""
    return em.careful


def may_inline(em: Any, name: str) -> bool:
    """May the control form ``name`` be compiled inline at the emitter's depth?"""
    if name in FLAT_FORMS:
        return True
    if _careful(em):
        return em.depth <= CAREFUL_DEPTH
    if em.depth <= QUICK_DEPTH:
        return True
    if em.depth > INDENT_BUDGET:
        return False
    return name in NO_BLOCK_FORMS or open_blocks(em.out) + 2 <= BLOCK_BUDGET


def open_blocks(out: list[str]) -> int:
    """How many loop/try blocks enclose the end of the source lines ``out``."""
    count = 0
    indent = None
    for text in reversed(out):
        code = text.lstrip(" ")
        if not code or code.startswith("#"):
            continue
        level = len(text) - len(code)
        if indent is None or level < indent:
            indent = level
            count += code.startswith(_BLOCK_HEADS)
            if level == 0:
                break
    return count


def nested(expr: Callable[[Any, Any, str], str]) -> Callable[[Any, Any, str], str]:
    """Decorates ``Expressions.expr``: counts expression levels and moves every
    :data:`EXPR_SPAN`-th level's subexpression out of line."""
    def counted(x: Any, node: Any, caller: str) -> str:
        em = x.em
        level = getattr(em, "expr_level", 0)
        em.expr_level = level + 1
        try:
            text = expr(x, node, caller)
        finally:
            em.expr_level = level
        if level and level % (CAREFUL_EXPR_SPAN if _careful(em) else EXPR_SPAN) == 0:
            return out_of_line(em, text)
        return text
    counted.__doc__ = expr.__doc__
    counted.__name__ = expr.__name__
    return counted


def out_of_line(em: Any, text: str) -> str:
    """Define a nested function giving the value of the expression ``text`` just
    before the instruction being compiled; its call stands for the expression."""
    name = em.fresh("_d")
    em.emit(f"def {name}():")
    em.depth += 1
    em.emit(f"return {text}")
    em.depth -= 1
    return f"{name}()"


def guarded(compile_lines: F) -> F:
    """Decorates ``Compiler._compile(self, ...)``: if Python refuses the source for its
    static limits, compile again with small budgets; if it still does, or our own parser
    or compiler runs out of stack or memory, that is a Logo error."""
    def compile_or_logo_error(compiler: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            try:
                return _with_nested_code(compiler.I, compile_lines(compiler, *args, **kwargs))
            except SyntaxError as err:
                if not _at_limit(err) or compiler.careful:
                    raise
            compiler.careful = True
            try:
                return _with_nested_code(compiler.I, compile_lines(compiler, *args, **kwargs))
            finally:
                compiler.careful = False
        except SyntaxError as err:
            if not _at_limit(err):
                raise
            raise LogoError("stack_overflow") from None
        except RecursionError:
            raise LogoError("stack_overflow") from None
        except MemoryError:
            raise LogoError("out_of_space") from None
    compile_or_logo_error.__doc__ = compile_lines.__doc__
    compile_or_logo_error.__name__ = compile_lines.__name__
    return cast(F, compile_or_logo_error)


def _with_nested_code(interp: Any, fn: Any) -> Any:
    """The out-of-line functions of ``fn`` share its site map: an error raised in one
    is located (who complained, which line) as in ``fn`` itself.  A compiler's "not
    compiled" answer (a plain function, no site map) has none."""
    sitemap = getattr(fn, "sitemap", None)
    if sitemap is not None:
        register_nested(interp, fn.__code__, sitemap)
    return fn


def register_nested(interp: Any, code: CodeType, sitemap: Any) -> None:
    """The functions defined in ``code`` (out of line, a CATCH's, a MAP's loop, and
    theirs in turn) located with its site map ``sitemap``."""
    for const in code.co_consts:
        if type(const) is CodeType:
            interp.register_code(const, sitemap)
            register_nested(interp, const, sitemap)


def _at_limit(err: SyntaxError) -> bool:
    return any(t in str(err.msg) for t in _LIMIT_TEXTS)
