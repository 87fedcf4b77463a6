"""The statements a request reader runs on every call, in order, while the
request it was handed is as it came (:mod:`doxtool.python.requests`).

A check of the request rejects it only when it is run whatever else holds
and sees the request as the framework parsed it. The walk takes the
function's statements in order and goes into:

- a ``with`` body, unless its context manager is a ``suppress(...)`` (which
  may swallow the check's error);
- a ``try`` body whose every handler raises again (one that does not may
  swallow the check's error: ``except KeyError: R["tool_args"] = {}``), and
  whose ``finally`` does not return (which swallows it too);
- an ``if`` body whose test holds for any request dict: ``if R:``, ``if R
  is not None:``, ``if isinstance(R, dict):``.

Any other compound statement (an ``if`` on something else, a loop, a
``try`` that may swallow) is taken whole and not gone into. The walk ends
after a statement that may return (what follows runs on some calls only;
not ``if not isinstance(R, dict): return``, which no request dict takes),
and after one that may change the request: one binding its name again,
writing or deleting a key or attribute of it, calling a method of it other
than a read, or handing it to a call (which may fill it) other than one of
the builtins that only read it.
"""

from __future__ import annotations

import ast

#: methods of a dict that leave it as it is
_READS = frozenset({"get", "keys", "values", "items", "copy", "__contains__", "__getitem__"})
#: builtins handed the request that leave it as it is
_READERS = frozenset({"isinstance", "len", "print", "str", "repr", "type", "bool", "dict", "id"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def run_first(function: ast.FunctionDef | ast.AsyncFunctionDef, request: str) -> list[ast.stmt]:
    """The statements of ``function`` (at any depth the walk goes into) run
    on every call while ``request`` is unchanged, in order; the last one
    may be the statement changing it."""
    arguments = function.args
    parameters = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    # a local request is made by its first bindings, before it is read
    made = {"read": any(p.arg == request for p in parameters)}
    found: list[ast.stmt] = []
    _walk(function.body, request, found, made)
    return found


def _walk(body: list[ast.stmt], request: str, found: list[ast.stmt], made: dict[str, bool]) -> bool:
    """Append ``body``'s statements to ``found``; False once one may change
    the request (the walk ends there)."""
    for statement in body:
        found.append(statement)
        inner = _inner(statement, request)
        head: list[ast.AST] = [statement] if inner is None else inner[0]
        if not _run(head, request, made):
            return False
        if inner is not None and not _walk(inner[1], request, found, made):
            return False
        if isinstance(statement, ast.Try) and not _run(
            [*statement.orelse, *statement.finalbody], request, made
        ):
            return False
        if _may_return(statement, request):
            return False  # what follows runs on the calls it does not return on
    return True


def _returns(node: ast.AST) -> bool:
    """Whether running ``node`` may return from the function."""
    return any(isinstance(child, ast.Return) for child in _nodes(node))


def _may_return(statement: ast.stmt, request: str) -> bool:
    """Whether running ``statement`` may return on a call handed a request
    dict: not in the body of ``if not isinstance(R, dict): return``, which
    no request dict takes."""
    if isinstance(statement, ast.If) and _no_request_holds(statement.test, request):
        return any(_returns(s) for s in statement.orelse)
    return _returns(statement)


def _run(nodes: list[ast.AST], request: str, made: dict[str, bool]) -> bool:
    """Whether running ``nodes`` leaves the request as it is (noting in
    ``made`` whether it has been read)."""
    if any(_may_change(node, request, made["read"]) for node in nodes):
        return False
    made["read"] = made["read"] or any(_reads(node, request) for node in nodes)
    return True


def _reads(node: ast.AST, request: str) -> bool:
    return any(
        isinstance(child, ast.Name) and child.id == request and isinstance(child.ctx, ast.Load)
        for child in _nodes(node)
    )


def _inner(statement: ast.stmt, request: str) -> tuple[list[ast.AST], list[ast.stmt]] | None:
    """(the parts run before it, the body) of a compound statement the walk
    goes into; None for any other statement."""
    if isinstance(statement, (ast.With, ast.AsyncWith)):
        if any(_suppresses(item.context_expr) for item in statement.items):
            return None  # ``with suppress(ValueError):`` may swallow the check's error
        return list(statement.items), statement.body
    if (
        isinstance(statement, ast.Try)
        and all(_raises_again(h) for h in statement.handlers)
        # ``finally: return ...`` swallows what the body raises
        and not any(_returns(s) for s in statement.finalbody)
    ):
        return [], statement.body
    if isinstance(statement, ast.If) and _any_request_holds(statement.test, request):
        return [], statement.body
    return None


def _suppresses(manager: ast.expr) -> bool:
    """Whether ``manager`` is a ``suppress(...)`` (``contextlib``'s, or one
    of that name: it may swallow what its block raises)."""
    func = manager.func if isinstance(manager, ast.Call) else None
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return name == "suppress"


def _raises_again(handler: ast.ExceptHandler) -> bool:
    return bool(handler.body) and isinstance(handler.body[-1], ast.Raise)


def _is_request(node: ast.expr, request: str) -> bool:
    return isinstance(node, ast.Name) and node.id == request


def _any_request_holds(test: ast.expr, request: str) -> bool:
    """Whether ``test`` holds for any dict handed as the request: ``R``,
    ``R is not None``, ``isinstance(R, dict)``."""
    if _is_request(test, request) or _compared_to_none(test, request, ast.IsNot):
        return True
    return (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "isinstance"
        and len(test.args) == 2
        and not test.keywords
        and _is_request(test.args[0], request)
        and isinstance(test.args[1], ast.Name)
        and test.args[1].id == "dict"
    )


def _no_request_holds(test: ast.expr, request: str) -> bool:
    """Whether ``test`` holds for no dict handed as the request: ``not R``,
    ``R is None``, ``not isinstance(R, dict)`` (as :func:`_any_request_holds`)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _any_request_holds(test.operand, request)
    return _compared_to_none(test, request, ast.Is)


def _compared_to_none(test: ast.expr, request: str, op: type[ast.cmpop]) -> bool:
    """Whether ``test`` is ``R is None`` (``op`` :class:`ast.Is`) or ``R is not None``."""
    return (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], op)
        and _is_request(test.left, request)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    )


def _nodes(node: ast.AST) -> list[ast.AST]:
    """``node`` and the nodes in it, not those of a function, class or
    lambda defined in it (which do not run there)."""
    found: list[ast.AST] = []
    stack = [node]
    while stack:
        current = stack.pop()
        found.append(current)
        if current is node or not isinstance(current, _SCOPES):
            stack.extend(ast.iter_child_nodes(current))
    return found


def _may_change(node: ast.AST, request: str, read: bool) -> bool:
    """Whether running ``node`` may change the request or bind its name
    again (once it has been ``read``: a binding before makes it)."""
    for child in _nodes(node):
        if isinstance(child, ast.Name) and child.id == request:
            if not isinstance(child.ctx, ast.Load) and read:
                return True
        elif isinstance(child, (ast.Subscript, ast.Attribute)) and _is_request(
            child.value, request
        ):
            if not isinstance(child.ctx, ast.Load):
                return True
            if isinstance(child, ast.Attribute) and child.attr not in _READS:
                return True  # a method other than a read (``R.setdefault``)
        elif isinstance(child, ast.Call):
            handed = [*child.args, *(k.value for k in child.keywords)]
            handed = [a.value if isinstance(a, ast.Starred) else a for a in handed]
            if any(_is_request(a, request) for a in handed) and not (
                isinstance(child.func, ast.Name) and child.func.id in _READERS
            ):
                return True
    return False
