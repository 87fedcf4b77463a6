"""Source positions for libcst nodes without libcst's metadata providers.

libcst's ``PositionProvider`` costs about twice the parse, so the hot path does
not use it. Contract:

    locator = Locator(source_text, cst_module)
    locator.statement(stmt) -> (line, column)
        stmt is a libcst statement node: a small statement (Expr, Assign,
        AnnAssign, AugAssign, Return, Raise, Import, ImportFrom, Pass, ...)
        found inside a SimpleStatementLine / SimpleStatementSuite, or a
        compound statement (If, For, While, Try, TryStar, With, Match,
        FunctionDef, ClassDef). For FunctionDef/ClassDef the position is the
        ``def`` / ``class`` keyword (as ``ast`` reports it), not a decorator.
        A SimpleStatementLine, an ExceptHandler / ExceptStarHandler, a
        MatchCase and the Module itself are accepted too.
    locator.expression(node, stmt) -> (line, column)
        position of an expression node that lies inside ``stmt`` (pass the
        innermost statement, handler or case; the Module means anywhere).
        Same convention as ``PositionProvider``'s start: a parenthesised node
        is placed after its own parentheses. Within one statement, query
        nodes in source order: when several nodes have the same text,
        successive queries get successive occurrences; a repeated query for
        one node gets the same answer.

Lines and columns are 1-based; columns count characters. Neither method
raises: when nothing better is known the answer is the statement's position,
or (1, 1).

How: the first query runs CPython's ``ast.parse`` (an order of magnitude
cheaper than libcst; the extractor passes in the tree it already has) and
pairs the two statement trees in one walk, leaving alone the bodies the
libcst module has pruned (:mod:`doxtool.python.prune`), giving
every libcst statement the position ``ast`` reports: exact. An expression is
found by searching its generated source text within its statement: exact
when the text occurs once there; otherwise the occurrence is chosen by query
order, then by tokens (not inside a string or comment) and by what may
precede an expression. That choice can still be wrong for an operator
expression whose text also appears, grouped differently, earlier in the same
statement (``-a // 2`` then ``a // 2``) when the earlier node was not queried.
When ``ast`` cannot parse the source (newer syntax than the running
interpreter, nesting too deep) or the trees do not pair, the module falls back
to ``PositionProvider``, computed once; so does a statement this module never
paired (e.g. an ``else`` clause).
"""

from __future__ import annotations

import ast
import bisect
import itertools
import keyword
from collections.abc import Callable, Iterator

import libcst as cst

from doxtool.python.codetokens import Tokens
from doxtool.python.cstcode import code_of
from doxtool.python.statements import (
    BLANK,
    NEWLINE,
    UNPARSED,
    Position,
    Span,
    StatementLocator,
    Unparsed,
)

#: children that never hold the start of their parent's syntactic range
_NO_START = (cst.LeftParen, cst.BaseParenthesizableWhitespace)
#: statements that start with a soft keyword, which could also be a name
_SOFT_KEYWORDS: dict[type[cst.CSTNode], str] = {
    getattr(cst, name): word
    for name, word in (("Match", "match"), ("MatchCase", "case"), ("TypeAlias", "type"))
    if hasattr(cst, name)
}


def _ident(char: str) -> bool:
    return char.isalnum() or char == "_"


def _leftmost(outer: cst.CSTNode, inner: cst.CSTNode) -> bool:
    """Whether ``inner`` lies on ``outer``'s leftmost descent (so may share its start).

    Two nodes located at one place must be related this way: an ``Arg`` and
    its value, a call and its function. Otherwise the place is taken.
    """
    node = outer
    while True:
        first = next((c for c in node.children if not isinstance(c, _NO_START)), None)
        if first is None:
            return False
        if first is inner:
            return True
        node = first


def _contains(root: cst.CSTNode, node: cst.CSTNode) -> bool:
    todo = [root]
    while todo:
        current = todo.pop()
        if current is node:
            return True
        todo.extend(current.children)
    return False


class Locator(StatementLocator):
    """Positions of statements and expressions of one parsed module."""

    def __init__(
        self,
        source: str,
        module: cst.Module,
        tree: ast.Module | Unparsed | None = UNPARSED,
        stubbed: frozenset[ast.AST] = frozenset(),
    ) -> None:
        """As :class:`~doxtool.python.statements.StatementLocator`."""
        super().__init__(source, module, tree, stubbed)
        # Values keep their node alive, so an id is never reused while memoised.
        self._found: dict[int, tuple[cst.CSTNode, Position]] = {}
        #: id(stmt) -> start -> [(core text, node)] of the expressions located in it
        self._located: dict[int, dict[int, list[tuple[str, cst.CSTNode]]]] = {}
        self._tokens: dict[int, Tokens] = {}

    def expression(self, node: cst.CSTNode, stmt: cst.CSTNode) -> Position:
        known = self._found.get(id(node))
        if known is not None:
            return known[1]
        try:
            position = self._locate(node, stmt)
        except Exception:
            position = None
        if position is None:
            position = self.statement(stmt)
        self._found[id(node)] = (node, position)
        return position

    # -- expressions --------------------------------------------------------------

    def _locate(self, node: cst.CSTNode, stmt: cst.CSTNode) -> Position | None:
        span = self._span(stmt)
        if span is None:  # ast failed, or ``stmt`` is nothing we paired
            return self._provided(node)
        line, column, end_line, search_line = span
        starts = self._starts()
        # ``match match:``: a soft keyword is not the name it spells
        lo = starts[line - 1] + column - 1 + len(_SOFT_KEYWORDS.get(type(stmt), ""))
        hi = starts[end_line] if end_line < len(starts) else len(self.source)
        decorators = getattr(stmt, "decorators", ())
        if search_line != line and any(_contains(d, node) for d in decorators):
            lo, hi = starts[search_line - 1], lo  # decorators precede ``def``/``class``

        code = self.module.code_for_node
        text = code_of(node, self.module)
        # Trailing blanks (before the next element, after a comma) are not
        # the node's and would end the match between tokens.
        parts = NEWLINE.split(text.rstrip())
        if not parts[0]:
            return None
        # PositionProvider places a node after its own parentheses; the text
        # between them (``core``) identifies the node at that place.
        opening = "".join(code(paren) for paren in getattr(node, "lpar", ()))
        closing = "".join(code(paren) for paren in getattr(node, "rpar", ()))
        core = text[len(opening) : len(text) - len(closing)]
        opening_parts = NEWLINE.split(opening)

        def start_of(at: int) -> int:
            return (self._match(at, opening_parts) or at) if opening else at

        located = self._located.setdefault(id(stmt), {})

        def claim(at: int) -> int:
            """0: this node's place for sure, 1: free, 2: taken by an unrelated node."""
            state = 1
            for other_core, other in located.get(start_of(at), ()):
                if not (_leftmost(other, node) or _leftmost(node, other)):
                    state = 2
                elif other_core == core:
                    return 0  # a wrapper with the same text, e.g. an Arg and its value
            return state

        found = self._search(node, parts, lo, hi, stmt, span, claim)
        if found is None:
            return None
        start = start_of(found)
        located.setdefault(start, []).append((core, node))
        line = bisect.bisect_right(starts, start)
        return line, start - starts[line - 1] + 1

    def _search(
        self,
        node: cst.CSTNode,
        parts: list[str],
        lo: int,
        hi: int,
        stmt: cst.CSTNode,
        span: Span,
        claim: Callable[[int], int],
    ) -> int | None:
        """The place in ``[lo, hi)`` where the node's text most plausibly starts."""
        places = self._places(parts, lo, hi)
        first = next(places, None)
        second = next(places, None) if first is not None else None
        if first is None or second is None:
            return None if first is None else first[0]
        # Several matches. Prefer, in this order: a place not taken by another
        # node already located (queries come in source order, so successive
        # nodes with one text get successive places), code rather than the
        # inside of a string or a comment, a place where an expression can start.
        tokens = self._tokens.get(id(stmt))
        if tokens is None:
            tokens = self._tokens[id(stmt)] = self._tokenizer(span)
        name = type(node) is cst.Name
        bare_tuple = type(node) is cst.Tuple and not node.lpar
        best, best_rank = first[0], 8
        for at, end in itertools.chain((first, second), places):
            taken = claim(at)
            if taken == 0:
                return at
            rank = (taken == 2) * 4
            if rank >= best_rank:
                continue
            rank += (not tokens.is_code(at, end)) * 2
            if rank < best_rank and not self._can_start(at, parts[0][0], name, bare_tuple):
                rank += 1
            if rank == 0:
                return at
            if rank < best_rank:
                best, best_rank = at, rank
        return best

    def _places(self, parts: list[str], lo: int, hi: int) -> Iterator[tuple[int, int]]:
        """(start, end) of every full match of the text in ``[lo, hi)``, in order."""
        head = parts[0]
        at = self.source.find(head, lo, hi)
        while at >= 0:
            end = self._fits(at, parts, hi)
            if end is not None:
                yield at, end
            at = self.source.find(head, at + 1, hi)

    def _can_start(self, at: int, first: str, name: bool, bare_tuple: bool) -> bool:
        """Whether an expression starting with ``first`` may start at ``at``.

        Only a name (an attribute's) follows ``.``. ``(``, ``[`` or ``-`` right after
        an operand is a call, a subscript or a binary operator. A tuple without
        parentheses never follows ``(``, ``[`` or ``,`` (those are arguments).
        """
        source = self.source
        before = at - 1
        while before >= 0 and source[before] in BLANK:
            before -= 1
        char = source[before] if before >= 0 else "\n"
        if (char == "." and not name) or (bare_tuple and char in "([,"):
            return False  # within an attribute chain, or arguments
        if first not in "([{-+~*":
            return True
        if char in ")]}'\"":
            return False
        if not _ident(char):
            return True
        word_start = before
        while word_start > 0 and _ident(source[word_start - 1]):
            word_start -= 1
        word = source[word_start : before + 1]
        return keyword.iskeyword(word) and word not in ("True", "False", "None")

    def _fits(self, at: int, parts: list[str], hi: int) -> int | None:
        """End of the whole text matched at ``at``, unless it is part of a longer name."""
        source = self.source
        if at > 0 and _ident(parts[0][0]) and _ident(source[at - 1]):
            return None
        end = self._match(at, parts)
        if end is None or end > hi:
            return None
        # A name never runs into another name, nor into a quote (a string prefix).
        if end < len(source) and _ident(parts[-1][-1:] or " "):
            after = source[end]
            if after in "'\"" or _ident(after):
                return None
        return end

    def _match(self, at: int, parts: list[str]) -> int | None:
        """End offset of generated text matched at ``at``, or None.

        Generated code omits the enclosing blocks' indentation on continuation
        lines, so each later line may be preceded by extra blanks in the source.
        """
        source = self.source
        if not source.startswith(parts[0], at):
            return None
        pos = at + len(parts[0])
        for part in parts[1:]:
            newline = NEWLINE.match(source, pos)
            if newline is None:
                return None
            pos = newline.end()
            rest = NEWLINE.search(source, pos)
            text = source[pos : rest.start() if rest else len(source)]
            extra = (len(text) - len(text.lstrip(BLANK))) - (len(part) - len(part.lstrip(BLANK)))
            if extra < 0 or not source.startswith(part, pos + extra):
                return None
            pos += extra + len(part)
        return pos

    def _tokenizer(self, span: Span) -> Tokens:
        line, _, end_line, search_line = span
        first = min(line, search_line)
        starts = self._starts()
        lines = [self._line(number) for number in range(first, end_line + 1)]
        return Tokens(lines, first, starts)


__all__ = ["Locator"]
