"""How a function ends, for its summary: what each ``return`` hands back
(a ``Response`` and its ``break_loop``, the result of another call, something
else), the exceptions it raises (save those a ``try`` around the raise
catches for good: :mod:`~doxtool.python.caught`), and whether it can end without a ``return``.

A tool that returns ``final(text)`` from a helper module, or calls
``ensure(title)`` that raises ``RepairableException``, is told what those do
through these facts (:mod:`doxtool.python.follow`). Read from ``ast``; nothing
is evaluated, and a value that cannot be told is recorded as such (``other``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from doxtool.core.summary_facts import Returned
from doxtool.python.astreach import Reach, annotated_no_return, function_reach
from doxtool.python.astwalk import walk
from doxtool.python.caught import caught_raises, class_name
from doxtool.python.names import dotted_parts
from doxtool.python.readforms import STRING_METHODS

Resolve = Callable[[list[str]], "str | None"]


FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def function_exits(
    node: FunctionNode,
    resolve: Resolve,
    self_name: str | None,
    reach: Reach | None = None,
) -> tuple[list[Returned], list[str], bool]:
    """What its returns hand back, what it raises, whether it can fall off its
    end (``reach``: :func:`~doxtool.python.astreach.function_reach`, when read)."""
    if reach is None:
        reach = function_reach(node, resolve)
    returns: list[Returned] = []
    raises: list[str] = []
    # a raise a ``try`` around it catches for good ends no path (:mod:`.caught`)
    caught = caught_raises(node.body, lambda kind: class_name(kind, resolve), reach.base_only)
    # those some path reaches and no ``finally`` overrides
    for stmt in reach.exits:
        if isinstance(stmt, ast.Return):
            returns.extend(_returned(stmt, resolve, self_name))
        elif isinstance(stmt, ast.Raise) and stmt.exc is not None and id(stmt) not in caught:
            name = _exception(stmt.exc, resolve)
            if name is not None and name not in raises:
                raises.append(name)
    if any((r.message or "").startswith(_PARAMETER) for r in returns):
        _keep_untouched_parameters(node, returns)
    never = annotated_no_return(node) or (not returns and reach.ends)
    falls_off = not never and not reach.ends
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
