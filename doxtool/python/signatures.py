"""The outline of one function or class definition, read with ``ast``:
its parameters, return annotation, bases, decorators and the first line of
its docstring.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from doxtool.core.outline_facts import ClassOutline, FunctionOutline, Param

#: the statements that define a function
DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
#: blocks of a class body whose ``def`` statements still define methods
#: (``if sys.version_info >= ...:``, ``try``/``except``, ``with``)
_METHOD_BLOCKS: tuple[type[ast.stmt], ...] = tuple(
    kind
    for kind in (ast.If, ast.Try, getattr(ast, "TryStar", None), ast.With, ast.AsyncWith)
    if kind is not None
)


def first_doc_line(doc: str | None) -> str:
    """First line of a docstring that ``ast.get_docstring`` cleaned, stripped."""
    if not doc:
        return ""
    lines = doc.strip().splitlines()
    return lines[0].strip() if lines else ""


#: the end of a sentence (not that of ``e.g.`` or ``i.e.``)
_SENTENCE_END = re.compile(r"(?<!e\.g)(?<!i\.e)[.!?](?=\s|$)")


def doc_summary(doc: str | None) -> str:
    """The first line of a docstring, with the lines that carry its sentence
    on (one starting in lower case, the first line ending in no ``.``, ``!``,
    ``?`` or ``:``), joined: ``Manage the bridge that lets users`` /
    ``chat through Matrix.`` is one sentence, which its first line alone
    would cut."""
    if not doc:
        return ""
    lines = doc.strip().splitlines()
    text = lines[0].strip() if lines else ""
    for line in lines[1:]:
        line = line.strip()
        if text.endswith((".", "!", "?", ":")) or not line[:1].islower():
            break
        end = _SENTENCE_END.search(line)
        text = f"{text} {line if end is None else line[: end.end()]}"
    return text


def _unparse(node: ast.expr | None) -> str | None:
    return None if node is None else _text(node)


def _text(node: ast.expr) -> str:
    """``ast.unparse(node)``; a bare name (most annotations, bases and
    decorators are one) is its identifier, as ``ast.unparse`` writes it."""
    return node.id if type(node) is ast.Name else ast.unparse(node)


def function_outline(
    node: ast.FunctionDef | ast.AsyncFunctionDef, top_level: bool
) -> FunctionOutline:
    args = node.args
    params: list[Param] = []
    positional = [*args.posonlyargs, *args.args]
    first_default = len(positional) - len(args.defaults)
    only = len(args.posonlyargs)
    for index, arg in enumerate(positional):
        kind = "positional-only" if index < only else "positional"
        params.append(Param(arg.arg, kind, _unparse(arg.annotation), index >= first_default))
    if args.vararg is not None:
        params.append(Param(args.vararg.arg, "var-positional", _unparse(args.vararg.annotation)))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        params.append(Param(arg.arg, "keyword-only", _unparse(arg.annotation), default is not None))
    if args.kwarg is not None:
        params.append(Param(args.kwarg.arg, "var-keyword", _unparse(args.kwarg.annotation)))
    return FunctionOutline(
        name=node.name,
        line=node.lineno,
        params=params,
        returns=_unparse(node.returns),
        is_async=isinstance(node, ast.AsyncFunctionDef),
        decorators=[_text(decorator) for decorator in node.decorator_list],
        doc=first_doc_line(ast.get_docstring(node)),
        top_level=top_level,
        stub=all(_does_nothing(statement) for statement in node.body),
    )


def _does_nothing(statement: ast.stmt) -> bool:
    """A statement of a stub's body: ``pass``, a constant (a docstring,
    ``...``) or ``raise NotImplementedError`` (called or not)."""
    if isinstance(statement, ast.Pass):
        return True
    if isinstance(statement, ast.Expr):
        return isinstance(statement.value, ast.Constant)
    if isinstance(statement, ast.Raise) and statement.exc is not None:
        exc = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
        return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
    return False


def class_outline(node: ast.ClassDef, top_level: bool) -> ClassOutline:
    return ClassOutline(
        name=node.name,
        line=node.lineno,
        bases=[_text(base) for base in node.bases],
        keywords=[
            f"{keyword.arg}={ast.unparse(keyword.value)}"
            if keyword.arg
            else f"**{ast.unparse(keyword.value)}"
            for keyword in node.keywords
        ],
        decorators=[_text(decorator) for decorator in node.decorator_list],
        doc=doc_summary(ast.get_docstring(node)),
        methods=list(_methods(node.body, True)),
        top_level=top_level,
    )


def _methods(body: list[ast.stmt], direct: bool) -> Iterator[FunctionOutline]:
    """The methods a class body defines, in source order: those under an
    ``if``, ``try`` or ``with`` of the class body are not ``top_level`` (a
    convention does not list them, but they exist)."""
    for stmt in body:
        if isinstance(stmt, DEFS):
            yield function_outline(stmt, direct)
        elif isinstance(stmt, _METHOD_BLOCKS):
            for field in ("body", "orelse", "finalbody"):
                yield from _methods(getattr(stmt, field, []), False)
            for handler in getattr(stmt, "handlers", ()):
                yield from _methods(handler.body, False)
