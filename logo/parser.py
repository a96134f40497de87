"""The parser: runparsed tokens -> expression trees, by arity, at run time.

Logo cannot be parsed ahead of time: how many inputs ``foo`` takes is known only once
``foo`` is defined.  The parser asks a *resolver* for each name and builds nodes with
UCBLogo's precedence (``= < > <= >= <>`` lowest, then ``+ -``, then ``* /``, then unary
minus).  A parse error does not stop the parse of a whole body: the instruction becomes a
:class:`Fail` node that raises when it is reached, as UCBLogo raises when it gets there.
Mistakes in parentheses are different: UCBLogo finds them when it first reads a line
(its "treeify" step, for a procedure its whole body), so such a Fail is marked
``whole`` and the line (the body) fails before any of it runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .errors import LogoError
from .runparse import Name, Op, OpWord, Paren, Quoted, QuotedEsc, UMinus, Var, split_word
from .values import EMPTY, LogoArray, LogoList

COMPARE = ("=", "<", ">", "<=", ">=", "<>")
ADDITIVE = ("+", "-")
MULTIPLICATIVE = ("*", "/")
_TEMPLATE_SLOT = re.compile(r"\?(\d+)\Z")


class Node:
    __slots__ = ()


class Const(Node):
    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value


class VarRef(Node):
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name


class Call(Node):
    """A call of a primitive (``target`` a PrimSpec) or procedure (a Procedure)."""

    __slots__ = ("name", "target", "args", "line")

    def __init__(self, name: str, target: Any, args: list[Node], line: int):
        self.name = name
        self.target = target
        self.args = args
        self.line = line


class Infix(Node):
    __slots__ = ("op", "left", "right")

    def __init__(self, op: str, left: Node, right: Node):
        self.op = op
        self.left = left
        self.right = right


class Neg(Node):
    __slots__ = ("operand",)

    def __init__(self, operand: Node):
        self.operand = operand


class Fail(Node):
    """An instruction that could not be parsed: raises ``error`` when reached; with
    ``whole`` the whole line (procedure body) fails before it runs."""

    __slots__ = ("error", "line", "whole")

    def __init__(self, error: LogoError, line: int, whole: bool = False):
        self.error = error
        self.line = line
        self.whole = whole


class Parsed:
    """A token standing for an expression already parsed (see ``Parser.call``)."""

    __slots__ = ("node",)

    def __init__(self, node: Node):
        self.node = node


class LineError(Exception):
    """A mistake in parentheses: ``error`` fails the whole line (see the module doc)."""

    def __init__(self, error: LogoError):
        super().__init__(error.kind)
        self.error = error


Resolver = Callable[[str], Any]  # lower-case name -> PrimSpec | Procedure | None


def target_counts(target: Any) -> tuple[int, int, int]:
    """(min, default, max) inputs of a primitive or procedure; max -1 = any."""
    return target.min_inputs, target.default_inputs, target.max_inputs


class Parser:
    """Parses the tokens of one instruction line."""

    def __init__(self, tokens: list[Any], resolve: Resolver, line: int = 0,
                 variables: dict[str, Any] | None = None):
        self.toks = tokens
        self.pos = 0
        self.resolve = resolve
        self.line = line
        self.variables = variables if variables is not None else {}

    # --- helpers --------------------------------------------------------------------
    def peek(self) -> Any:
        return self.toks[self.pos] if self.pos < len(self.toks) else None

    def at_end(self) -> bool:
        return self.pos >= len(self.toks)

    def take(self) -> Any:
        tok = self.toks[self.pos]
        self.pos += 1
        return tok

    # --- instructions ---------------------------------------------------------------
    def instructions(self) -> list[Node]:
        """All instructions of the line; a parse error ends the line with a Fail, a
        mistake in parentheses makes the line one Fail."""
        unbalanced = _paren_balance(self.toks)
        if unbalanced is not None:
            return [Fail(unbalanced, self.line, whole=True)]
        out: list[Node] = []
        while not self.at_end():
            start = self.pos
            try:
                out.append(self.expression())
            except LineError as exc:
                return [Fail(exc.error, self.line, whole=True)]
            except LogoError as err:
                out.append(Fail(err, self.line))
                break
            if self.pos == start:  # defensive: never loop without progress
                break
        return out

    def expression(self) -> Node:
        left = self.additive()
        while True:
            tok = self.peek()
            if type(tok) is Op and tok in COMPARE:
                self.pos += 1
                left = Infix(tok, left, self.additive_operand(tok))
            else:
                return left

    def additive(self) -> Node:
        left = self.multiplicative()
        while True:
            tok = self.peek()
            if type(tok) is Op and tok in ADDITIVE:
                self.pos += 1
                left = Infix(tok, left, self.multiplicative_operand(tok))
            else:
                return left

    def additive_operand(self, op: str) -> Node:
        if self._missing_operand():
            return Const(EMPTY)
        return self.additive()

    def multiplicative_operand(self, op: str) -> Node:
        if self._missing_operand():
            return Const(EMPTY)
        return self.multiplicative()

    def _missing_operand(self) -> bool:
        """True at the end of the line, where UCBLogo gives an infix operator the empty
        list as its right input (``print 1 +``: + doesn't like [] as input); before a
        closing parenthesis it is the line's mistake."""
        tok = self.peek()
        if tok is None:
            return True
        if type(tok) is Paren and tok == ")":
            raise LineError(LogoError("unexpected_paren"))
        return False

    def _need_operand(self, op: str) -> None:
        tok = self.peek()
        if tok is None:
            raise LogoError("not_enough_inputs", who=op)
        if type(tok) is Paren and tok == ")":
            raise LineError(LogoError("unexpected_paren"))

    def multiplicative(self) -> Node:
        left = self.unary()
        while True:
            tok = self.peek()
            if type(tok) is Op and tok in MULTIPLICATIVE:
                self.pos += 1
                right = Const(EMPTY) if self._missing_operand() else self.unary()
                left = Infix(tok, left, right)
            else:
                return left

    def unary(self) -> Node:
        tok = self.peek()
        if type(tok) is UMinus or (type(tok) is Op and tok == "-"):
            self.pos += 1
            self._need_operand("-")
            return Neg(self.unary())
        return self.primary()

    def primary(self) -> Node:
        tok = self.peek()
        if tok is None:
            raise LogoError("not_enough_inputs", who="")
        self.pos += 1
        t = type(tok)
        if t is int or t is float or t is LogoList or t is LogoArray:
            return Const(tok)
        if t is Quoted:
            return Const(str(tok))
        if t is QuotedEsc:
            return Const(tok.word)
        if t is Var:
            return VarRef(str(tok))
        if t is Paren:
            if tok == ")":
                raise LineError(LogoError("unexpected_paren"))
            return self.parenthesized()
        if t is Parsed:
            return tok.node
        if t is Op:
            raise LogoError("not_enough_inputs", who=str(tok))
        if t is OpWord:
            return self.opword(tok)
        return self.call(str(tok), paren=False)

    def opword(self, tok: str) -> Node:
        if self.resolve(tok.lower()) is not None:
            return self.call(tok, paren=False)
        rest: list[Any] = []
        split_word(tok[1:], rest)
        op = UMinus("-") if tok[0] == "-" else Op(tok[0])
        self.toks[self.pos - 1:self.pos] = [op, *rest]
        self.pos -= 1
        return self.unary()

    def parenthesized(self) -> Node:
        tok = self.peek()
        if type(tok) in (Name, OpWord) and self._is_callable(tok):
            self.pos += 1
            node = self.call(str(tok), paren=True)
        else:
            node = self.expression()
            if self.peek() is None:
                raise LineError(LogoError("paren_not_found"))
            if not (type(self.peek()) is Paren and self.peek() == ")"):
                raise LineError(_too_much(node))
            self.pos += 1
        return node

    def _is_callable(self, tok: str) -> bool:
        return _TEMPLATE_SLOT.match(tok) is not None or type(tok) is Name \
            or self.resolve(tok.lower()) is not None

    def call(self, name: str, paren: bool) -> Node:
        low = name.lower()
        target = self.resolve(low)
        if target is None:
            slot = _TEMPLATE_SLOT.match(low)
            if slot and self.resolve("?") is not None:
                return Call("?", self.resolve("?"), [Const(int(slot.group(1)))], self.line)
            node = self.getset(name, low)
            if node is not None:
                return node
            err = LogoError("dont_know", who=name)
            if paren and not (type(self.peek()) is Paren and self.peek() == ")"):
                raise LineError(err)  # (foo 2): UCBLogo needs foo's inputs to read it
            raise err
        lo, dflt, hi = target_counts(target)
        args: list[Node] = []
        if low == "to" and not paren and getattr(target, "fn", None) is not None:
            # TO's inputs are the rest of the line, not evaluated: TO name :input ...
            while not self.at_end():
                args.append(Const(_title_word(self.take())))
            return Call(name, target, args, self.line)
        if paren and type(self.peek()) is Op:
            return self.infix_after_call(name, target, lo)
        if paren:
            while not (type(self.peek()) is Paren and self.peek() == ")"):
                if self.peek() is None:
                    raise LineError(LogoError("paren_not_found"))
                args.append(self.expression())
            self.pos += 1
            if hi >= 0 and len(args) > hi:
                raise LineError(LogoError("too_many_inputs", who=name))
            if len(args) < lo:
                raise LogoError("not_enough_inputs", who=name)
        else:
            for _ in range(dflt):
                tok = self.peek()
                if tok is None or (type(tok) is Paren and tok == ")") or type(tok) is Op:
                    raise LogoError("not_enough_inputs", who=name)
                args.append(self.expression())
            if dflt == 2 and type(self.peek()) is LogoList and _is_if(target):
                # UCBLogo: IF with a second literal list right after it runs as IFELSE
                args.append(Const(self.take()))
        return Call(name, target, args, self.line)

    def infix_after_call(self, name: str, target: Any, lo: int) -> Node:
        """``(# - 1)``, ``(sum * 2)``: in UCBLogo an infix operator right after the name
        in parentheses ends its (empty) inputs and applies to its output."""
        if lo > 0:
            raise LogoError("not_enough_inputs", who=name)
        self.toks.insert(self.pos, Parsed(Call(name, target, [], self.line)))
        node = self.expression()
        if self.peek() is None:
            raise LineError(LogoError("paren_not_found"))
        if not (type(self.peek()) is Paren and self.peek() == ")"):
            raise LineError(_too_much(node))
        self.pos += 1
        return node

    def getset(self, name: str, low: str) -> Node | None:
        """UCBLogo's allowgetset: an unknown ``foo`` reads the variable foo, and
        ``setfoo value`` sets it, when that variable exists (unless ALLOWGETSET is
        FALSE)."""
        flag = self.variables.get("allowgetset")
        if type(flag) is str and flag.lower() == "false":
            return None
        if low in self.variables:
            return VarRef(low)
        make = self.resolve("make")
        if low.startswith("set") and low[3:] in self.variables and make is not None:
            tok = self.peek()
            if tok is None or (type(tok) is Paren and tok == ")"):
                raise LogoError("not_enough_inputs", who=name)
            return Call(name, make, [Const(low[3:]), self.expression()], self.line)
        return None


def _is_if(target: Any) -> bool:
    """The primitive IF (not a procedure a user named ``if``)."""
    return getattr(target, "fn", None) is not None and getattr(target, "name", "") == "if"


def _too_much(node: Node) -> LogoError:
    """UCBLogo's complaint about ``(a b)`` where one expression was expected: it reads
    ``a`` as the name of a procedure to call."""
    if isinstance(node, Infix):
        return LogoError("too_many_inputs", who=node.op)
    if isinstance(node, Call):
        return LogoError("too_many_inputs", who=node.name)
    if isinstance(node, Const):
        from .values import show_form

        value = node.value
        typed = show_form(value) if type(value) in (int, float) else '"' + show_form(value)
        return LogoError("dont_know", who=typed)
    if isinstance(node, VarRef):
        return LogoError("dont_know", who=":" + node.name)
    if isinstance(node, Neg):  # UCBLogo's name for the unary minus
        return LogoError("too_many_inputs", who="--")
    return LogoError("too_much_in_parens")


def _title_word(tok: Any) -> Any:
    """A token of a TO line as the word it was written as."""
    t = type(tok)
    if t is Quoted or t is QuotedEsc:
        return '"' + tok
    if t is Var:
        return ":" + tok
    return tok if t in (int, float, LogoList, LogoArray) else str(tok)


def _paren_balance(toks: list[Any]) -> LogoError | None:
    """The error of a line whose parentheses do not pair up, or None."""
    depth = 0
    for tok in toks:
        if type(tok) is Paren:
            if tok == "(":
                depth += 1
            else:
                depth -= 1
                if depth < 0:
                    return LogoError("unexpected_paren")
    return LogoError("paren_not_found") if depth > 0 else None


def parse_line(tokens: list[Any], resolve: Resolver, line: int = 0,
               variables: dict[str, Any] | None = None) -> list[Node]:
    """The instructions of one runparsed line."""
    return Parser(list(tokens), resolve, line, variables).instructions()
