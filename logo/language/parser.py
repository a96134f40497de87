"""The parser: runparsed tokens -> expression trees, by arity, at run time.

Logo cannot be parsed ahead of time: how many inputs ``foo`` takes is known only once
``foo`` is defined.  The parser asks a *resolver* for each name and builds nodes with
UCBLogo's precedence (``= < > <= >= <>`` lowest, then ``+ -``, then ``* /``, then unary
minus).  A parse error does not stop the parse of a whole body: the instruction becomes a
:class:`Fail` node that raises when it is reached, as UCBLogo raises when it gets there.
Mistakes in parentheses are different: UCBLogo finds them when it first reads a line
(its "treeify" step, for a procedure its whole body), so such a Fail is marked
``whole`` and the line (the body) fails before any of it runs.

As in UCBLogo, ``(name ...)`` gives ``name`` as many inputs as come before ``)``, up to
its most, stopping at an infix operator; the call is then the left operand of what
follows (``(xcor + 10)``), and anything left before ``)`` is "too many inputs" to the
head of what was read.  A name that is no procedure is read with no inputs (``setfoo``
with at most one) as a :class:`GetSet` node, decided when it runs (ALLOWGETSET).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .errors import LogoError
from .nodes import Call, Const, Fail, GetSet, Infix, Neg, Node, VarRef
from .procedures import Procedure
from .runparse import (
    BarredName,
    Name,
    NumWord,
    Op,
    OpWord,
    Paren,
    Quoted,
    QuotedEsc,
    UMinus,
    Var,
    line_tokens,
    paren_mistake,
    split_word,
)
from .values import EMPTY, LogoArray, LogoList, show_form

COMPARE = ("=", "<", ">", "<=", ">=", "<>")
ADDITIVE = ("+", "-")
MULTIPLICATIVE = ("*", "/")
# tokens that are a whole operand by themselves, and tokens after which no operator of
# the expression can come (the fast path of Parser.expression)
_ATOMS = frozenset((int, float, LogoList, LogoArray, Quoted, NumWord, QuotedEsc, Var))
_ENDS = frozenset((int, float, LogoList, LogoArray, Quoted, NumWord, QuotedEsc, Var, Name,
                   BarredName, Paren))
_TEMPLATE_SLOT = re.compile(r"\?(\d+)\Z")
_MISSING_SPACE = re.compile(r"(.*\D)(\d+)\Z")


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

    def __init__(self, tokens: list[Any], resolve: Resolver, line: int = 0):
        self.toks = tokens
        self.pos = 0
        self.resolve = resolve
        self.line = line

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
        unbalanced = paren_mistake(self.toks)
        if unbalanced is not None:
            return [Fail(LogoError(unbalanced), self.line, whole=True)]
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

    def expression(self, left: Node | None = None) -> Node:
        """An expression; ``left``, when given, is its first operand, already read."""
        if left is None:  # the usual input: an atom or a call, no operator after it
            toks, pos = self.toks, self.pos
            if pos < len(toks):
                tok = toks[pos]
                t = type(tok)
                if t in _ATOMS:  # (an atom is its own operand: primary's node for it)
                    self.pos = pos + 1
                    if t is Var:
                        left = VarRef(str(tok))
                    elif t is QuotedEsc:
                        left = Const(tok.word)
                    else:
                        left = Const(str(tok) if t is Quoted or t is NumWord else tok)
                    if pos + 1 == len(toks) or type(toks[pos + 1]) in _ENDS:
                        return left
                elif t is Name or t is BarredName:  # a call, as primary reads it
                    self.pos = pos + 1
                    left = self.call(tok if t is BarredName else str(tok), paren=False)
                    pos = self.pos
                    if pos == len(toks) or type(toks[pos]) in _ENDS:
                        return left
        left = self.additive(left)
        while True:
            tok = self.peek()
            if type(tok) is Op and tok in COMPARE:
                self.pos += 1
                left = Infix(tok, left, self.additive_operand())
            else:
                return left

    def additive(self, left: Node | None = None) -> Node:
        left = self.multiplicative(left)
        while True:
            tok = self.peek_infix()
            if type(tok) is Op and tok in ADDITIVE:
                self.pos += 1
                left = Infix(tok, left, self.multiplicative_operand())
            else:
                return left

    def peek_infix(self) -> Any:
        """The next token where an infix operator may come: a word such as ``+minus``
        or ``*side`` that names no procedure is the operator and the rest, as UCBLogo
        (``(count [a b c]+minus -3)``: + doesn't like [a b c] as input)."""
        pos = self.pos
        tok = self.toks[pos] if pos < len(self.toks) else None
        if type(tok) is OpWord and tok[0] in "+*/" and self.resolve(tok.lower()) is None:
            rest: list[Any] = []
            split_word(tok[1:], rest)
            self.toks[self.pos:self.pos + 1] = [Op(tok[0]), *rest]
            tok = self.toks[self.pos]
        return tok

    def additive_operand(self) -> Node:
        if self._missing_operand():
            return Const(EMPTY)
        return self.additive(self._atom())

    def multiplicative_operand(self) -> Node:
        if self._missing_operand():
            return Const(EMPTY)
        return self.multiplicative(self._atom())

    def _atom(self) -> Node | None:
        """The next token's node when it is an atom (primary's node for it, taken), else
        None: an operand that begins with an atom skips unary and primary."""
        tok = self.toks[self.pos]  # (the caller saw that there is one)
        t = type(tok)
        if t not in _ATOMS:
            return None
        self.pos += 1
        if t is Var:
            return VarRef(str(tok))
        if t is QuotedEsc:
            return Const(tok.word)
        return Const(str(tok) if t is Quoted or t is NumWord else tok)

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

    def multiplicative(self, left: Node | None = None) -> Node:
        if left is None:
            left = self.unary()
        while True:
            tok = self.peek_infix()
            if type(tok) is Op and tok in MULTIPLICATIVE:
                self.pos += 1
                right = Const(EMPTY) if self._missing_operand() else self.factor()
                left = Infix(tok, left, right)
            else:
                return left

    def factor(self) -> Node:
        """The right input of ``*`` or ``/``.  As UCBLogo, one that begins with a unary
        minus apart from its operand is the whole rest of the expression (``2*-3 - 1``
        and ``2 * - 3 - 1`` are ``2 * (-3 - 1)``); a minus that begins a word binds
        tight (``2 * -3 - 1`` and ``2 * -:x - 1`` are ``(2 * -3) - 1``)."""
        tok = self.peek()
        if type(tok) is Op and tok == "-":
            return self.expression()
        return self.unary()

    def unary(self) -> Node:
        tok = self.peek()
        if type(tok) is UMinus or (type(tok) is Op and tok == "-"):
            self.pos += 1
            if self.peek() is None and self.pos > 1 and type(self.toks[self.pos - 2]) is Op:
                return Neg(Const(EMPTY))  # ``1 + -``: UCBLogo's -- doesn't like []
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
        if t is Quoted or t is NumWord:
            return Const(str(tok))
        if t is QuotedEsc:
            return Const(tok.word)
        if t is Var:
            return VarRef(str(tok))
        if t is Paren:
            if tok == ")":
                raise LineError(LogoError("unexpected_paren"))
            return self.parenthesized()
        if t is Op:
            raise LogoError("not_enough_inputs", who=str(tok))
        if t is OpWord:
            return self.opword(tok)
        return self.call(tok if t is BarredName else str(tok), paren=False)

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
        """``( ... )``: as UCBLogo, a procedure name first takes as many inputs as it
        can (up to its most, stopping at an infix operator), then the call is the
        left operand of what follows (``(xcor + 10)``); anything left over before
        ``)`` is too much."""
        tok = self.peek()
        if type(tok) in (Name, BarredName, OpWord) and self._is_callable(tok):
            self.pos += 1
            node = self.expression(self.call(str(tok), paren=True))
        else:
            node = self.expression()
        tok = self.peek()
        if tok is None:
            raise LineError(LogoError("paren_not_found"))
        if not (type(tok) is Paren and tok == ")"):
            raise LineError(_too_much(node))
        self.pos += 1
        return node

    def _is_callable(self, tok: str) -> bool:
        return _TEMPLATE_SLOT.match(tok) is not None or type(tok) in (Name, BarredName) \
            or self.resolve(tok.lower()) is not None

    def call(self, name: str, paren: bool) -> Node:
        low = name.lower()
        target = self.resolve(low)
        if target is None:
            slot = _TEMPLATE_SLOT.match(low)
            if slot and self.resolve("?") is not None:
                return Call("?", self.resolve("?"), [Const(int(slot.group(1)))], self.line)
            glued = _MISSING_SPACE.match(name)
            if glued and self.resolve(glued.group(1).lower()) is not None:
                # UCBLogo reads FD100 as FD 100 when FD100 is no procedure
                self.toks.insert(self.pos, int(glued.group(2)))
                return self.call(glued.group(1), paren)
            # UCBLogo reads an unknown SETxxx with at most one input, any other
            # unknown name with none; what it means is decided when it runs
            setter = len(low) > 3 and low.startswith("set")
            return GetSet(name, self.inputs(0, 1 if setter else 0, paren), self.line)
        lo, dflt, hi = target.min_inputs, target.default_inputs, target.max_inputs
        if low == "to" and not paren and getattr(target, "fn", None) is not None:
            # TO's inputs are the rest of the line, not evaluated: TO name :input ...
            args: list[Node] = []
            while not self.at_end():
                args.append(Const(_title_word(self.take())))
            return Call(name, target, args, self.line)
        args = self.inputs(lo, hi, paren) if paren else self.inputs(dflt, dflt, paren)
        if not paren and not args and getattr(target, "alone_ok", False):
            return Call(name, target, args, self.line)  # UCBLogo: HELP alone
        if len(args) < (lo if paren else dflt):
            raise LogoError("not_enough_inputs", who=name)
        if low == "if" and not paren and type(self.peek()) is LogoList \
                and not isinstance(target, Procedure):
            # UCBLogo: IF test [...] [...] is taken to mean IFELSE
            name, target = "ifelse", self.resolve("ifelse")
            args.append(self.expression())
        return Call(name, target, args, self.line)

    def inputs(self, lo: int, hi: int, paren: bool) -> list[Node]:
        """Up to ``hi`` (-1: any number of) input expressions, stopping early at the
        end of the line, at ``)`` or at an infix operator."""
        args: list[Node] = []
        toks = self.toks
        while len(args) != hi and self.pos < len(toks):
            tok = toks[self.pos]
            if type(tok) is Op or (type(tok) is Paren and tok == ")"):
                break
            args.append(self.expression())
        return args


def _too_much(node: Node) -> LogoError:
    """UCBLogo's complaint about ``(a b)`` where one expression was expected: it reads
    ``a`` as the name of a procedure to call."""
    if isinstance(node, Infix):
        return LogoError("too_many_inputs", who=node.op)
    if isinstance(node, Call):
        return LogoError("too_many_inputs", who=node.name)
    if isinstance(node, GetSet):
        return LogoError("dont_know", who=node.name)
    if isinstance(node, Const):
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


def parse_line(tokens: list[Any], resolve: Resolver, line: int = 0) -> list[Node]:
    """The instructions of one runparsed line."""
    return Parser(list(tokens), resolve, line).instructions()


def parse_logo_line(line: Any, resolve: Resolver, idx: int) -> list[Node]:
    """The expression trees of an instruction line (a list, or one word as a line of
    it); a list's tokens are runparsed once and kept on it (``runparse.line_tokens``)."""
    return parse_line(line_tokens(line if isinstance(line, LogoList) else LogoList([line])),
                      resolve, idx)
