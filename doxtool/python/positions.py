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
import re
import tokenize
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

Position = tuple[int, int]

#: Line breaks as both parsers count them (``str.splitlines`` also breaks on
#: form feeds and other characters that Python source treats as ordinary).
_NEWLINE = re.compile(r"\r\n|\r|\n")
_BLANK = " \t\f"
_PREFIX = re.compile(r"[A-Za-z]*")
_CASE = re.compile(r"case\b")
#: children that never hold the start of their parent's syntactic range
_NO_START = (cst.LeftParen, cst.BaseParenthesizableWhitespace)
# fmt: off
_STATEMENTS = (
    "Expr", "Assign", "AnnAssign", "AugAssign", "Return", "Raise", "Assert", "Pass", "Break",
    "Continue", "Import", "ImportFrom", "Global", "Nonlocal", "TypeAlias", "If", "While", "For",
    "With", "Try", "TryStar", "Match", "ClassDef", "FunctionDef",
)
# fmt: on
#: libcst statement class -> its ``ast`` twin (only those both libraries have here)
_TWINS: dict[type[cst.CSTNode], type[ast.AST]] = {
    getattr(cst, name): getattr(ast, name)
    for name in _STATEMENTS
    if hasattr(cst, name) and hasattr(ast, name)
} | {cst.Del: ast.Delete}
_ASYNC_TWINS: dict[type[cst.CSTNode], type[ast.AST]] = {
    cst.FunctionDef: ast.AsyncFunctionDef,
    cst.For: ast.AsyncFor,
    cst.With: ast.AsyncWith,
}
_DEFINITIONS = (cst.FunctionDef, cst.ClassDef)
#: statements that start with a soft keyword, which could also be a name
_SOFT_KEYWORDS: dict[type[cst.CSTNode], str] = {
    getattr(cst, name): word
    for name, word in (("Match", "match"), ("MatchCase", "case"), ("TypeAlias", "type"))
    if hasattr(cst, name)
}
#: tokens no node starts with; literal parts of f-strings (3.12+) included
_SKIPPED_TOKENS = frozenset(
    {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    | {getattr(tokenize, "FSTRING_MIDDLE", tokenize.COMMENT)}
)

#: a statement's (line, column, end line, first line to search for its expressions)
_Span = tuple[int, int, int, int]


class _Mismatch(Exception):
    """The libcst and ast statement trees do not pair up."""


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


def _suite(owner: Any) -> Sequence[cst.CSTNode]:
    """Statements of ``owner.body`` as a list: a one-line suite counts as one line."""
    body = owner.body
    return body.body if type(body) is cst.IndentedBlock else [body]


class _Tokens:
    """Token boundaries of one statement's lines, produced only as far as needed.

    Used only to choose between several occurrences of a node's text: a real
    node starts and ends on token boundaries, an occurrence inside a string or
    a comment does not. ``tokenize`` is pure Python before 3.12, hence the
    laziness.
    """

    def __init__(self, lines: list[str], first_line: int, starts: list[int]) -> None:
        feed = iter(lines)
        self._tokens: Iterator[tokenize.TokenInfo] | None = tokenize.generate_tokens(
            lambda: next(feed, "")
        )
        self._base = first_line - 1
        self._line_starts = starts
        self._starts: set[int] = set()
        self._ends: set[int] = set()
        #: replacement fields of f-strings, which are one STRING token before 3.12
        self._fields: list[tuple[int, int]] = []
        self._seen = -1

    def _offset(self, row: int, col: int) -> int:
        return self._line_starts[self._base + row - 1] + col

    def is_code(self, start: int, end: int) -> bool:
        while self._tokens is not None and self._seen <= end:
            try:
                token = next(self._tokens)
            except Exception:  # StopIteration, or a tokenizer error on odd input
                self._tokens = None
                break
            offset = self._offset(*token.start)
            self._seen = offset
            if token.type in _SKIPPED_TOKENS:
                continue
            self._starts.add(offset)
            self._ends.add(self._offset(*token.end))
            if token.type == tokenize.STRING and "f" in _PREFIX.match(token.string)[0].lower():
                for lo, hi, string in _fields(token.string):
                    if string:  # a string nested in a field is one token
                        self._starts.add(offset + lo)
                        self._ends.add(offset + hi)
                    else:
                        self._fields.append((offset + lo, offset + hi))
        if start in self._starts and end in self._ends:
            return True
        return any(lo <= start and end <= hi for lo, hi in self._fields)


def _fields(token: str) -> Iterator[tuple[int, int, bool]]:
    """Code inside one f-string token: (start, end, is a nested string).

    Before 3.12 an f-string is a single STRING token; the expressions of its
    replacement fields ``{...}`` are real nodes, its literal text is not.
    """
    prefix = _PREFIX.match(token)[0]
    raw = "r" in prefix.lower()
    quote = token[len(prefix) : len(prefix) + 3]
    if quote not in ('"""', "'''"):
        quote = quote[0]
    index, stop = len(prefix) + len(quote), len(token) - len(quote)
    while index < stop:
        char = token[index]
        if char == "\\" and not raw:
            if token.startswith("N{", index + 1):  # \N{NAME} is an escape, not a field
                closing = token.find("}", index)
                index = stop if closing < 0 else closing + 1
            else:
                index += 2
            continue
        if char != "{" or token.startswith("{", index + 1):
            index += 1 if char != "{" else 2
            continue
        depth, end, piece = 0, index, index + 1
        while end < stop:
            char = token[end]
            if char in "{[(":
                depth += 1
            elif char in "}])":
                depth -= 1
                if depth == 0:
                    break
            elif char in "'\"":  # a nested string: its braces do not count
                quote = char * 3 if token.startswith(char * 3, end) else char
                closing = token.find(quote, end + len(quote), stop)
                closing = stop if closing < 0 else closing + len(quote)
                begin = end
                while begin > piece and token[begin - 1] in "rRbBuUfF":
                    begin -= 1  # its prefix
                yield piece, begin, False
                yield begin, closing, True
                if "f" in token[begin:end].lower():  # a nested f-string has fields too
                    nested = token[begin:closing]
                    yield from ((begin + lo, begin + hi, s) for lo, hi, s in _fields(nested))
                piece, end = closing, closing - 1
            end += 1
        yield piece, end, False
        index = end + 1


class _Unparsed:
    """Marker: the caller has not run ``ast.parse``."""


_UNPARSED = _Unparsed()


def parse_ast(source: str) -> ast.Module | None:
    """``ast.parse(source)``, or None when it fails (SyntaxWarnings are not ours)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.parse(source)
    except Exception:  # SyntaxError, ValueError (NUL), RecursionError, MemoryError
        return None


class Locator:
    """Positions of statements and expressions of one parsed module."""

    def __init__(
        self,
        source: str,
        module: cst.Module,
        tree: ast.Module | _Unparsed | None = _UNPARSED,
        stubbed: frozenset[ast.AST] = frozenset(),
    ) -> None:
        """``tree``: ``ast``'s tree of ``source`` when the caller has it (None: it
        failed); ``stubbed``: functions of ``tree`` whose bodies the libcst module
        has as ``...`` (:mod:`doxtool.python.prune`), left unpaired."""
        self.source = source
        self.module = module
        self._tree = tree
        self._stubbed = stubbed
        self._spans: dict[int, _Span] | None = None
        self._fallback: Mapping[cst.CSTNode, CodeRange] | None = None
        self._line_starts: list[int] | None = None
        # Values keep their node alive, so an id is never reused while memoised.
        self._found: dict[int, tuple[cst.CSTNode, Position]] = {}
        #: id(stmt) -> start -> [(core text, node)] of the expressions located in it
        self._located: dict[int, dict[int, list[tuple[str, cst.CSTNode]]]] = {}
        self._tokens: dict[int, _Tokens] = {}

    # -- public API ---------------------------------------------------------------

    def statement(self, stmt: cst.CSTNode) -> Position:
        try:
            span = self._span(stmt)
            if span is not None:
                return span[0], span[1]
            return self._provided(stmt) or (1, 1)
        except Exception:  # never let a position lookup break the analysis
            return (1, 1)

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

    # -- statements ---------------------------------------------------------------

    def _span(self, stmt: cst.CSTNode) -> _Span | None:
        if self._spans is None:
            self._spans = self._pair()
        if stmt is self.module and self._spans:  # empty when ast failed
            return (1, 1, len(self._starts()), 1)
        return self._spans.get(id(stmt))

    def _pair(self) -> dict[int, _Span]:
        """Statement positions from ``ast``; empty (so: fallback) when that fails."""
        tree = parse_ast(self.source) if isinstance(self._tree, _Unparsed) else self._tree
        if tree is None:
            return {}
        try:
            return self._walk(tree)
        except Exception:  # _Mismatch, RecursionError, MemoryError, ...
            return {}
        finally:
            self._tree, self._stubbed = None, frozenset()  # not needed any more

    def _walk(self, tree: ast.Module) -> dict[int, _Span]:
        spans: dict[int, _Span] = {}
        column = self._column
        ascii = self.source.isascii()
        # Pairs of (libcst body list, ast statement list); iterative so that deep
        # nesting cannot exhaust the stack here.
        todo: list[tuple[Sequence[cst.CSTNode], list[ast.stmt]]] = [(self.module.body, tree.body)]
        while todo:
            lines, statements = todo.pop()
            index = 0
            for line in lines:
                smalls = (
                    line.body
                    if type(line) in (cst.SimpleStatementLine, cst.SimpleStatementSuite)
                    else (line,)
                )
                for node in smalls:
                    if index >= len(statements):
                        raise _Mismatch
                    tree_node: Any = statements[index]
                    index += 1
                    kind = type(node)
                    if kind in _ASYNC_TWINS and getattr(node, "asynchronous", None) is not None:
                        twin = _ASYNC_TWINS[kind]
                    else:
                        twin = _TWINS.get(kind)
                    if type(tree_node) is not twin:
                        raise _Mismatch
                    line_no = tree_node.lineno
                    offset = tree_node.col_offset
                    search = line_no
                    if kind in _DEFINITIONS and tree_node.decorator_list:
                        search = tree_node.decorator_list[0].lineno
                    spans[id(node)] = (
                        line_no,
                        offset + 1 if ascii or not offset else column(line_no, offset),
                        tree_node.end_lineno or line_no,
                        search,
                    )
                    if node is line and tree_node not in self._stubbed:
                        self._children(node, tree_node, todo, spans)
                if type(line) is cst.SimpleStatementLine:
                    spans[id(line)] = spans[id(smalls[0])]
            if index != len(statements):
                raise _Mismatch
        return spans

    def _children(
        self,
        node: cst.CSTNode,
        tree_node: ast.stmt,
        todo: list[tuple[Sequence[cst.CSTNode], list[ast.stmt]]],
        spans: dict[int, _Span],
    ) -> None:
        """Queue the bodies of a compound statement next to their ast twins.

        The statement types already agree (checked by the caller).
        """
        tree: Any = tree_node

        def orelse(clause: cst.CSTNode | None, statements: list[ast.stmt]) -> None:
            if clause is None:
                if statements:
                    raise _Mismatch
            elif type(clause) is cst.If:  # ``elif``: ast nests an If in orelse
                todo.append(([clause], statements))
            elif type(clause) in (cst.Else, cst.Finally):
                todo.append((_suite(clause), statements))

        def clause(part: cst.CSTNode, line_no: int, column: int, body: list[ast.stmt]) -> None:
            spans[id(part)] = (line_no, column, body[-1].end_lineno or line_no, line_no)
            todo.append((_suite(part), body))

        if type(node) is cst.Match:
            if len(node.cases) != len(tree.cases):
                raise _Mismatch
            floor = tree.subject.end_lineno or tree.lineno
            for case, tree_case in zip(node.cases, tree.cases, strict=True):
                # ast gives a case no position; ``case`` is the first word of the
                # line at or above its pattern (which may follow a parenthesis).
                line_no = tree_case.pattern.lineno
                text = self._line(line_no).lstrip(_BLANK)
                while line_no > floor and not _CASE.match(text):
                    line_no -= 1
                    text = self._line(line_no).lstrip(_BLANK)
                indent = len(self._line(line_no)) - len(text)
                clause(case, line_no, indent + 1, tree_case.body)
                floor = tree_case.body[-1].end_lineno or line_no
            return
        todo.append((_suite(node), tree.body))
        if type(node) in (cst.If, cst.For, cst.While):
            orelse(node.orelse, tree.orelse)
        elif type(node) in (cst.Try, cst.TryStar):
            if len(node.handlers) != len(tree.handlers):
                raise _Mismatch
            for handler, tree_handler in zip(node.handlers, tree.handlers, strict=True):
                line_no = tree_handler.lineno
                column = self._column(line_no, tree_handler.col_offset)
                clause(handler, line_no, column, tree_handler.body)
            orelse(node.orelse, tree.orelse)
            orelse(node.finalbody, tree.finalbody)

    def _column(self, line: int, byte_offset: int) -> int:
        """1-based character column from ast's UTF-8 byte offset."""
        text = self._line(line)
        if text.isascii():
            return byte_offset + 1
        return len(text.encode("utf-8")[:byte_offset].decode("utf-8", "replace")) + 1

    # -- fallback -----------------------------------------------------------------

    def _provided(self, node: cst.CSTNode) -> Position | None:
        """``PositionProvider``'s answer, computed once per module and only if needed."""
        if self._fallback is None:
            try:
                wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
                self._fallback = wrapper.resolve(PositionProvider)
            except Exception:  # RecursionError on very deep trees
                self._fallback = {}
        found = self._fallback.get(node)
        return None if found is None else (found.start.line, found.start.column + 1)

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
        text = code(node)
        # Trailing blanks (before the next element, after a comma) are not
        # the node's and would end the match between tokens.
        parts = _NEWLINE.split(text.rstrip())
        if not parts[0]:
            return None
        # PositionProvider places a node after its own parentheses; the text
        # between them (``core``) identifies the node at that place.
        opening = "".join(code(paren) for paren in getattr(node, "lpar", ()))
        closing = "".join(code(paren) for paren in getattr(node, "rpar", ()))
        core = text[len(opening) : len(text) - len(closing)]
        opening_parts = _NEWLINE.split(opening)

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
        span: _Span,
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
        while before >= 0 and source[before] in _BLANK:
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
            newline = _NEWLINE.match(source, pos)
            if newline is None:
                return None
            pos = newline.end()
            rest = _NEWLINE.search(source, pos)
            text = source[pos : rest.start() if rest else len(source)]
            extra = (len(text) - len(text.lstrip(_BLANK))) - (len(part) - len(part.lstrip(_BLANK)))
            if extra < 0 or not source.startswith(part, pos + extra):
                return None
            pos += extra + len(part)
        return pos

    def _tokenizer(self, span: _Span) -> _Tokens:
        line, _, end_line, search_line = span
        first = min(line, search_line)
        starts = self._starts()
        lines = [self._line(number) for number in range(first, end_line + 1)]
        return _Tokens(lines, first, starts)

    # -- lines --------------------------------------------------------------------

    def _starts(self) -> list[int]:
        """Offset of the first character of every line."""
        if self._line_starts is None:
            source = self.source
            if "\r" in source:
                self._line_starts = [0, *(m.end() for m in _NEWLINE.finditer(source))]
            else:  # the common case, without a match object per line
                starts = [0]
                find = source.find
                index = find("\n")
                while index >= 0:
                    starts.append(index + 1)
                    index = find("\n", index + 1)
                self._line_starts = starts
        return self._line_starts

    def _line(self, number: int) -> str:
        starts = self._starts()
        end = starts[number] if number < len(starts) else len(self.source)
        return self.source[starts[number - 1] : end]


__all__ = ["Locator", "Position"]
