"""CPython ``ast`` trees of a module's source, never raising.

``ast`` is an order of magnitude cheaper than libcst: the outline, the
summaries and the statement positions all read its tree.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Iterator, Sequence

from doxtool.core.patterns import LazyPattern
from doxtool.python.astwalk import node_fields
from doxtool.python.fstrings import fields_spanning_lines_tripled

#: a module longer than this is parsed in pieces of about this size
PIECE_CHARS = 64 * 1024

#: a line that starts a module-level definition, when it starts a statement
_DEFINITION_LINE = LazyPattern(r"\n(?=(?:async[ \t]+def|def|class)[ \t]|@)")


def parse_ast(source: str) -> ast.Module | None:
    """``ast.parse(source)``, or None when it fails (SyntaxWarnings are not ours).

    A long module is parsed in pieces (:func:`_parse_in_pieces`): CPython's
    parser holds some 80 MB of its own beyond the tree while it parses 1 MiB.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if len(source) > PIECE_CHARS:
                tree = _parse_in_pieces(source)
                if tree is not None:
                    return tree
            return ast.parse(source)
    except Exception:  # SyntaxError, ValueError (NUL), RecursionError, MemoryError
        return None


def _parse_in_pieces(source: str) -> ast.Module | None:
    """The tree ``ast.parse(source)`` gives, parsed a piece at a time; None
    when a piece does not parse (the whole module is parsed then).

    Pieces end before a line that starts at its first column with ``def``,
    ``async def``, ``class`` or a decorator. Such a line starts a module-level
    statement unless it lies inside a string, brackets or a line continued
    with a backslash, and then the piece before it ends inside them and does
    not parse. Module-level statements parse alone as they do together; each
    piece is preceded by as many empty lines as come before it, so every
    position is the one in the module.
    """
    if "\r" in source and source.count("\r") != source.count("\r\n"):
        return None  # a lone carriage return ends a line the count below misses
    body: list[ast.stmt] = []
    start = lines = 0
    size = len(source)
    while start < size:
        found = _DEFINITION_LINE.search(source, start + PIECE_CHARS)
        end = found.start() + 1 if found is not None else size
        piece = source[start:end]
        try:
            body.extend(ast.parse("\n" * lines + piece).body)
        except SyntaxError:
            return None
        lines += piece.count("\n")
        start = end
    return ast.Module(body=body, type_ignores=[])


#: ``type X = value`` at the start of a line (Python 3.12): the alias needs a
#: newer ``ast`` than the one running, libcst reads it either way
_TYPE_ALIAS_LINE = LazyPattern(r"^([ \t]*)type([ \t]+)([^\W\d]\w*)(?=[ \t]*=)", re.MULTILINE)


def parse_newer_syntax(source: str) -> ast.Module | None:
    """The tree of a module whose only syntax this interpreter lacks is a
    ``type X = ...`` alias, read as the assignment ``X = ...``, or an
    f-string in single quotes whose replacement field spans lines (Python
    3.12), read in triple quotes (:mod:`doxtool.python.fstrings`).

    Each alias keeps its line and the value its columns (the name moves to
    the line's start and spaces take the keyword's place), and each such
    f-string its lines, so every line ``ast`` reports is the file's own.
    None when the module does not parse even so.
    """
    rewritten = source
    if "type" in source:

        def assignment(match: re.Match[str]) -> str:
            indent, gap, name = match.groups()
            return f"{indent}{name}{' ' * (len('type') + len(gap))}"

        rewritten = _TYPE_ALIAS_LINE.sub(assignment, source)
    if "f" in source:
        rewritten = fields_spanning_lines_tripled(rewritten) or rewritten
    if rewritten == source:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.parse(rewritten)
    except Exception:  # SyntaxError, ValueError, RecursionError, MemoryError
        return None


#: compound statements whose bodies go on in the scope they are in (a
#: ``def`` under an ``if`` of a class body is still a method)
BLOCK_STATEMENTS: tuple[type[ast.stmt], ...] = tuple(
    kind
    for kind in (
        ast.If,
        ast.Try,
        getattr(ast, "TryStar", None),
        ast.With,
        ast.AsyncWith,
        ast.For,
        ast.AsyncFor,
        ast.While,
        ast.Match,
    )
    if kind is not None
)


#: fields whose values are leaves that hold nothing: an expression's context
#: (``Load``, ``Store``, ``Del``) and operators (``op`` of ``BinOp``,
#: ``UnaryOp``, ``BoolOp`` and ``AugAssign``, ``ops`` of ``Compare``)
_LEAF_FIELDS = frozenset({"ctx", "op", "ops"})
#: fields that hold no node, whatever the Python version (identifiers, strings,
#: constants and numbers in the grammar's ASDL)
_SCALAR_FIELDS = frozenset(
    {
        "Name.id",
        "Constant.value",
        "Constant.kind",
        "Attribute.attr",
        "alias.name",
        "alias.asname",
        "arg.arg",
        "arg.type_comment",
        "keyword.arg",
        "FunctionDef.name",
        "FunctionDef.type_comment",
        "AsyncFunctionDef.name",
        "AsyncFunctionDef.type_comment",
        "ClassDef.name",
        "ImportFrom.module",
        "ImportFrom.level",
        "Global.names",
        "Nonlocal.names",
        "Assign.type_comment",
        "For.type_comment",
        "AsyncFor.type_comment",
        "With.type_comment",
        "AsyncWith.type_comment",
        "AnnAssign.simple",
        "comprehension.is_async",
        "FormattedValue.conversion",
        "ExceptHandler.name",
        "MatchAs.name",
        "MatchStar.name",
        "MatchMapping.rest",
        "MatchClass.kwd_attrs",
    }
)
#: node type -> the fields :func:`child_fields` gives, for the types it was asked about
CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def child_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node type that may hold nodes other than those leaves,
    in ``_fields`` order (nothing for a type that is not a node): what
    ``ast.iter_child_nodes`` reads, but for fields that cannot hold a node."""
    fields = CHILD_FIELDS.get(kind)
    if fields is None:
        names: tuple[str, ...] = getattr(kind, "_fields", ()) if issubclass(kind, ast.AST) else ()
        fields = CHILD_FIELDS[kind] = tuple(
            f
            for f in names
            if f not in _LEAF_FIELDS and f"{kind.__name__}.{f}" not in _SCALAR_FIELDS
        )
    return fields


def child_expressions(node: ast.AST) -> list[ast.expr]:
    """The expressions ``node`` evaluates directly, in ``ast.iter_child_nodes``
    order, faster: its expression children, the value of each keyword argument
    (``f(depth=int(x))``) and, of each ``for`` clause of a comprehension, the
    iterable and the conditions (its target only binds names)."""
    out: list[ast.expr] = []
    expr = ast.expr
    kind = type(node)
    fields = CHILD_FIELDS.get(kind)
    if fields is None:
        fields = child_fields(kind)
    for name in fields:
        value = getattr(node, name, None)
        if isinstance(value, expr):
            out.append(value)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, expr):
                    out.append(item)
                elif type(item) is _KEYWORD:
                    out.append(item.value)
                elif type(item) is _COMPREHENSION:
                    out.append(item.iter)
                    out.extend(item.ifs)
    return out


_KEYWORD = ast.keyword
_COMPREHENSION = ast.comprehension


def statements(body: Sequence[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a body in source order, nested blocks included
    (branches, loops, ``try`` handlers, ``match`` cases), nested function
    and class definitions left out."""
    todo = list(reversed(body))
    while todo:
        stmt = todo.pop()
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        yield stmt
        inner: list[ast.stmt] = []
        for field in ("body", "orelse", "finalbody"):
            block = getattr(stmt, field, None)
            if isinstance(block, list):
                inner.extend(block)
        for handler in getattr(stmt, "handlers", None) or ():
            inner.extend(handler.body)
        for case in getattr(stmt, "cases", None) or ():
            inner.extend(case.body)
        todo.extend(reversed(inner))


def is_type_checking(test: ast.expr) -> bool:
    """Whether an ``if`` test is ``TYPE_CHECKING`` (bare or qualified)."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def pattern_names(node: ast.AST) -> Iterator[str]:
    """The names a ``match`` pattern node binds itself (``as x``, ``*rest``, ``**rest``)."""
    if isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
        yield node.name
    elif isinstance(node, ast.MatchMapping) and node.rest:
        yield node.rest


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def is_generator(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a function is a generator: a ``yield`` in its body, nested
    functions, classes and lambdas aside."""
    todo: list[ast.AST] = list(node.body)
    while todo:
        current = todo.pop()
        kind = type(current)
        if kind is ast.Yield or kind is ast.YieldFrom:
            return True
        if kind not in _SCOPES:
            for name in node_fields(kind):
                value = getattr(current, name, None)
                if type(value) is list:
                    todo.extend(item for item in value if isinstance(item, ast.AST))
                elif isinstance(value, ast.AST):
                    todo.append(value)
    return False


def parameter_defaults(args: ast.arguments) -> list[tuple[ast.arg, ast.expr | None]]:
    """Each named parameter (positional ones first, then keyword-only ones)
    with its default expression, None where it has none."""
    positional = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults))
    pairs = list(zip(positional, [*defaults, *args.defaults], strict=True))
    pairs += zip(args.kwonlyargs, args.kw_defaults, strict=True)
    return pairs
