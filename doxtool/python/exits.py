"""How a function ends, for its summary: what each ``return`` hands back
(a ``Response`` and its ``break_loop``, the result of another call, something
else), the exceptions it raises, and whether it can end without a ``return``.

A tool that returns ``final(text)`` from a helper module, or calls
``ensure(title)`` that raises ``RepairableException``, is told what those do
through these facts (:mod:`doxtool.python.follow`). Read from ``ast``; nothing
is evaluated, and a value that cannot be told is recorded as such (``other``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Sequence

from doxtool.core.summary_facts import Returned
from doxtool.python.astparse import statements
from doxtool.python.astwalk import walk
from doxtool.python.names import dotted_parts
from doxtool.python.noreturn import EXIT_CALLS, NO_RETURN
from doxtool.python.readforms import STRING_METHODS

Resolve = Callable[[list[str]], "str | None"]


FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def function_exits(
    node: FunctionNode,
    resolve: Resolve,
    self_name: str | None,
    stmts: Iterable[ast.stmt] | None = None,
) -> tuple[list[Returned], list[str], bool]:
    """What its returns hand back, what it raises, whether it can fall off its
    end (``stmts``: :func:`~doxtool.python.astparse.statements` of its body, when kept)."""
    returns: list[Returned] = []
    raises: list[str] = []
    for stmt in statements(node.body) if stmts is None else stmts:
        if isinstance(stmt, ast.Return):
            returns.extend(_returned(stmt, resolve, self_name))
        elif isinstance(stmt, ast.Raise) and stmt.exc is not None:
            name = _exception(stmt.exc, resolve)
            if name is not None and name not in raises:
                raises.append(name)
    if any((r.message or "").startswith(_PARAMETER) for r in returns):
        _keep_untouched_parameters(node, returns)
    ends = terminates(node.body)
    never = _annotated_no_return(node) or (not returns and ends)
    falls_off = not never and not ends
    return returns, raises, falls_off


def _returned(stmt: ast.Return, resolve: Resolve, self_name: str | None) -> list[Returned]:
    line = stmt.lineno
    if stmt.value is None:
        return [Returned("none", line)]
    out: list[Returned] = []
    reads: list[list[list[str]]] = []
    todo = [stmt.value]
    while todo:
        value = todo.pop()
        if isinstance(value, ast.IfExp):
            todo.extend((value.orelse, value.body))
            continue
        awaited = isinstance(value, ast.Await)
        if isinstance(value, ast.Await):
            value = value.value
        # each value below gives one ``Returned``
        items = value.elts if isinstance(value, ast.Tuple) else [value]
        reads.append([_read_of(item) for item in items])
        if isinstance(value, ast.Constant):
            out.append(Returned("none" if value.value is None else "literal", line))
            continue
        if not isinstance(value, ast.Call):
            out.append(Returned("other", line))
            continue
        dotted = dotted_parts(value.func)
        target = None
        if dotted is not None:
            if self_name is not None and dotted[0] == self_name and len(dotted) == 2:
                target = f"self.{dotted[1]}"
            else:
                target = resolve(dotted) or ".".join(dotted)
        if target is not None and target.rsplit(".", 1)[-1] == "Response":
            out.append(_response(value, line))
        elif target is not None:
            out.append(Returned("call", line, call=target, awaited=awaited))
        else:
            out.append(Returned("other", line))
    for returned, read in zip(out, reads, strict=True):
        returned.reads = read
    return out


def _read_of(value: ast.expr) -> list[str]:
    """(dict name, key) of the read ``value`` is (``d.get("k", "").strip()``,
    ``d["k"]``), or ``["", ""]``."""
    while (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in STRING_METHODS
    ):
        value = value.func.value
    if isinstance(value, ast.Subscript):
        holder, key = value.value, value.slice
    elif (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "get"
        and value.args
        and not value.keywords
    ):
        holder, key = value.func.value, value.args[0]
    else:
        return ["", ""]
    if (
        isinstance(holder, ast.Name)
        and isinstance(key, ast.Constant)
        and isinstance(key.value, str)
    ):
        return [holder.id, key.value] if key.value else ["", ""]
    return ["", ""]


_PARAMETER = "parameter:"


def _response(call: ast.Call, line: int) -> Returned:
    returned = Returned("response", line, break_loop="dynamic", message=_message(call))
    value: ast.expr | None = None
    for keyword in call.keywords:
        if keyword.arg == "break_loop":
            value = keyword.value
    positional = [a for a in call.args if not isinstance(a, ast.Starred)]
    if value is None and len(positional) >= 2 and len(positional) == len(call.args):
        value = positional[1]
    if isinstance(value, ast.Constant) and isinstance(value.value, bool):
        returned.break_loop = value.value
    return returned


def _message(call: ast.Call) -> str | None:
    """What a ``Response``'s message is (:attr:`Returned.message`), before
    the parameters the function names elsewhere are told apart."""
    value = next((k.value for k in call.keywords if k.arg == "message"), None)
    if value is None and call.args and not isinstance(call.args[0], ast.Starred):
        value = call.args[0]
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return None if value.value.strip() else "blank"
    return f"{_PARAMETER}{value.id}" if isinstance(value, ast.Name) else None


def _keep_untouched_parameters(node: FunctionNode, returns: list[Returned]) -> None:
    """A message that is a name is a parameter as handed only where it is a
    parameter the function names nowhere else (no test, no change)."""
    counts: dict[str, int] = {}
    for child in walk(node):
        if type(child) is ast.Name:
            counts[child.id] = counts.get(child.id, 0) + 1
    arguments = node.args
    names = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    for returned in returns:
        name = (returned.message or "").removeprefix(_PARAMETER)
        if returned.message != name and (name not in names or counts.get(name) != 1):
            returned.message = None


def _exception(exc: ast.expr, resolve: Resolve) -> str | None:
    target = exc.func if isinstance(exc, ast.Call) else exc
    dotted = dotted_parts(target)
    if dotted is None:
        return None
    qualified = resolve(dotted)
    if qualified is None and not dotted[-1][:1].isupper():
        return None  # ``raise error``: a variable holding an exception of unknown type
    return qualified or ".".join(dotted)


def _annotated_no_return(node: FunctionNode) -> bool:
    annotation = node.returns
    if annotation is None:
        return False
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return annotation.value.rsplit(".", 1)[-1] in NO_RETURN
    dotted = dotted_parts(annotation)
    return dotted is not None and dotted[-1] in NO_RETURN


def terminates(body: Sequence[ast.stmt]) -> bool:
    """Whether every path of a block ends in ``return`` or ``raise``."""
    return any(_statement_terminates(stmt) for stmt in body)


def _statement_terminates(stmt: ast.stmt) -> bool:
    if isinstance(stmt, (ast.Return, ast.Raise)):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        dotted = dotted_parts(stmt.value.func)  # ``sys.exit(1)`` as written
        return dotted is not None and ".".join(dotted) in EXIT_CALLS
    if isinstance(stmt, ast.If):
        return terminates(stmt.body) and terminates(stmt.orelse)
    if isinstance(stmt, (ast.With, ast.AsyncWith)):
        return terminates(stmt.body)
    if isinstance(stmt, (ast.Try, getattr(ast, "TryStar", ast.Try))):
        if terminates(stmt.finalbody):  # type: ignore[attr-defined]
            return True
        body = terminates(stmt.body) or terminates(stmt.orelse)  # type: ignore[attr-defined]
        return body and all(terminates(h.body) for h in stmt.handlers)  # type: ignore[attr-defined]
    if isinstance(stmt, (ast.While, ast.For, ast.AsyncFor)):
        if _breaks(stmt.body):
            return False
        # nothing leaves it early: it ends its block when it never stops
        # (``while True``, ``while 1``) or when its ``else`` (run whenever it
        # stops) does
        if isinstance(stmt, ast.While) and _truthy_constant(stmt.test):
            return True
        return terminates(stmt.orelse)
    if isinstance(stmt, ast.Match):
        irrefutable = any(
            isinstance(c.pattern, ast.MatchAs) and c.pattern.pattern is None and c.guard is None
            for c in stmt.cases
        )
        return irrefutable and all(terminates(c.body) for c in stmt.cases)
    return False


def _breaks(body: Sequence[ast.stmt]) -> bool:
    """Whether a ``break`` in ``body`` leaves the loop ``body`` belongs to (one
    in an inner loop's body leaves that loop only, one in its ``else`` this one)."""
    todo = list(body)
    while todo:
        stmt = todo.pop()
        if isinstance(stmt, ast.Break):
            return True
        if isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
            todo.extend(stmt.orelse)
        elif not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody"):
                block = getattr(stmt, field, None)
                if isinstance(block, list):
                    todo.extend(block)
            for handler in getattr(stmt, "handlers", None) or ():
                todo.extend(handler.body)
            for case in getattr(stmt, "cases", None) or ():
                todo.extend(case.body)
    return False


def _truthy_constant(test: ast.expr) -> bool:
    """Whether a loop's test is a literal that is always true (``True``, ``1``, ``"x"``)."""
    return isinstance(test, ast.Constant) and test.value is not None and bool(test.value)
