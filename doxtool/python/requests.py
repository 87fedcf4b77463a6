"""How a module's functions treat a tool request without ``tool_args``, read
from ``ast``'s tree.

The framework parses the model's reply into a dict and reads its
``tool_name`` and ``tool_args`` keys. A function is a *reader* of such a
request when it reads both keys of one name (a parameter or a local):
``R.get("k", ...)``, ``R["k"]``, ``"k" in R``. What it does when
``tool_args`` is missing is read from its code:

- it *rejects* the request when an ``if`` whose body raises has a test that
  holds when the key is missing (``if "tool_args" not in R: raise``, ``if
  not isinstance(args, dict): raise`` after ``args = R.get("tool_args")``),
  worked out in three-valued logic: a test whose value turns on something
  else (the name's type) does not count unless the rest decides it; the
  ``if`` counts only when run on every call on the request as parsed
  (:mod:`doxtool.python.request_path`);
- it *accepts* it when every read of the key gives a dict in its place
  (``R.get("tool_args", {})``, ``R.get("tool_args", R.get("args", {}))``)
  and nothing rejects it;
- anything else (a subscript, a default of ``None``, a test not read): not
  known.

An accepting reader that first hands the request to a function of its
module (``self.validate_tool_request(R)``, ``check(R)``, a statement of
its own run on every call) records that
function's name: when that one rejects, so does it
(:mod:`doxtool.run.requests`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from doxtool.python.loaders import _functions as functions_in
from doxtool.python.loaders import _own_nodes as own_nodes
from doxtool.python.loaders import bound_names
from doxtool.python.request_path import run_first

#: every read of ``tool_args`` gives a dict when the key is missing
ACCEPTS = "accepts"
#: a request without ``tool_args`` raises
REJECTS = "rejects"

_NAME_KEY = "tool_name"
_ARGS_KEY = "tool_args"
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


@dataclass(slots=True)
class RequestReader:
    """A function reading a tool request's ``tool_name`` and ``tool_args``."""

    #: dotted within the module (``Agent.process_tools``)
    function: str
    line: int
    #: :data:`ACCEPTS`, :data:`REJECTS`, or empty: not known
    missing_args: str
    #: the last names of the functions it hands the request to (``check``
    #: of ``self.check(R)``)
    hands: list[str] = field(default_factory=list)


def request_readers(tree: ast.Module) -> list[RequestReader]:
    """The readers of a tool request among ``tree``'s functions (methods and
    nested ones too)."""
    found: list[RequestReader] = []
    for qualified, function in functions_in(tree.body, ""):
        own = list(own_nodes(function))
        for request in sorted(_requests(own)):
            found.append(_reader(qualified, function, own, request))
    return found


def _key_read(node: ast.AST) -> tuple[str, str] | None:
    """(name, key) of a read of a constant key of a name: ``R.get("k", ...)``,
    ``R["k"]``, ``"k" in R`` / ``not in``."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Name)
        and 1 <= len(node.args) <= 2
        and not node.keywords
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return node.func.value.id, node.args[0].value
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, str)
    ):
        return node.value.id, node.slice.value
    if (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], (ast.In, ast.NotIn))
        and isinstance(node.left, ast.Constant)
        and isinstance(node.left.value, str)
        and isinstance(node.comparators[0], ast.Name)
    ):
        return node.comparators[0].id, node.left.value
    return None


def _requests(own: list[ast.AST]) -> set[str]:
    """The names whose ``tool_name`` and ``tool_args`` the function reads."""
    keys: dict[str, set[str]] = {}
    for node in own:
        read = _key_read(node)
        if read is not None:
            keys.setdefault(read[0], set()).add(read[1])
    return {name for name, read in keys.items() if {_NAME_KEY, _ARGS_KEY} <= read}


def _is_args_read(node: ast.AST, request: str) -> bool:
    return _key_read(node) == (request, _ARGS_KEY)


def _gives_dict(node: ast.expr, request: str) -> bool:
    """Whether ``node`` is a dict whatever the request holds: a dict display,
    ``dict()``, or a ``.get`` of the request with such a default."""
    if isinstance(node, ast.Dict):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        return not node.args and not node.keywords
    read = _key_read(node)
    return (
        read is not None
        and read[0] == request
        and isinstance(node, ast.Call)
        and len(node.args) == 2
        and _gives_dict(node.args[1], request)
    )


def _reader(
    qualified: str,
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    own: list[ast.AST],
    request: str,
) -> RequestReader:
    reads = [node for node in own if _is_args_read(node, request)]
    defaulted = [
        node
        for node in reads
        if isinstance(node, ast.Call) and len(node.args) == 2 and _gives_dict(node.args[1], request)
    ]
    first = run_first(function, request)
    rejects = any(
        isinstance(node, ast.If)
        and any(isinstance(s, ast.Raise) for s in node.body)
        and _when_missing(node.test, request, _missing_names(own, request, node.lineno)) is True
        for node in first
    )
    if rejects:
        verdict = REJECTS
    elif reads and len(defaulted) == len(reads):
        verdict = ACCEPTS
    else:
        verdict = ""
    hands = sorted(
        {
            name
            for statement in first
            if isinstance(statement, (ast.Expr, ast.Assign, ast.AnnAssign))
            and isinstance(node := _awaited(statement.value), ast.Call)
            and any(isinstance(a, ast.Name) and a.id == request for a in node.args)
            and (name := _last_name(node.func)) is not None
        }
    )
    return RequestReader(qualified, function.lineno, verdict, hands)


def _awaited(node: ast.expr | None) -> ast.expr | None:
    return node.value if isinstance(node, ast.Await) else node


def _missing_names(own: list[ast.AST], request: str, before: int) -> set[str]:
    """The names that hold ``None`` at line ``before`` when the request lacks
    ``tool_args`` (and the keys read in its place): every binding of one in
    the function above that line is a read of a key of the request without
    a default (``x = R.get("tool_args")``, then ``x = R.get("args")``), one
    of them of ``tool_args``. (A binding below it, in a loop that runs the
    line again, is not looked for.)"""
    reads: dict[str, list[bool]] = {}
    others: set[str] = set()
    for node in own:
        if getattr(node, "lineno", before) >= before:
            continue
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Call)
            and _key_read(node.value) is not None
            and _key_read(node.value)[0] == request  # type: ignore[index]
            and _no_default(node.value)
        ):
            reads.setdefault(node.targets[0].id, []).append(_is_args_read(node.value, request))
            continue
        others.update(bound_names(node))
    return {name for name, keys in reads.items() if any(keys) and name not in others}


def _no_default(call: ast.Call) -> bool:
    """Whether a ``.get`` gives ``None`` for a missing key."""
    if len(call.args) == 1:
        return True
    default = call.args[1]
    return isinstance(default, ast.Constant) and default.value is None


def _last_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.attr  # ``self.check``, ``module.check``
    return None


#: what an expression is when ``tool_args`` is missing: None (the value),
#: or not known
_UNKNOWN = object()


def _value(node: ast.expr, request: str, missing: set[str]) -> object:
    """The value of ``node`` when the request lacks ``tool_args``, as far as
    it turns on that alone; :data:`_UNKNOWN` otherwise."""
    if isinstance(node, ast.Name) and node.id in missing:
        return None
    if isinstance(node, ast.Call) and _is_args_read(node, request) and _no_default(node):
        return None
    return _UNKNOWN


#: classes ``None`` is an instance of
_NONE_CLASSES = frozenset({"object", "NoneType", "Optional", "Any"})


def _names_a_class(node: ast.expr) -> bool:
    """Whether ``node`` names a class (or a tuple of them) that ``None`` is
    not an instance of: ``dict``, ``collections.abc.Mapping``."""
    if isinstance(node, ast.Tuple):
        return bool(node.elts) and all(_names_a_class(e) for e in node.elts)
    if isinstance(node, ast.Name):
        return node.id not in _NONE_CLASSES
    if isinstance(node, ast.Attribute):
        return node.attr not in _NONE_CLASSES
    return False


def _when_missing(node: ast.expr, request: str, missing: set[str]) -> bool | None:
    """Whether the test ``node`` holds when the request lacks ``tool_args``:
    True, False, or None when it turns on something else."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _when_missing(node.operand, request, missing)
        return None if inner is None else not inner
    if isinstance(node, ast.BoolOp):
        values = [_when_missing(v, request, missing) for v in node.values]
        decisive = isinstance(node.op, ast.Or)  # True decides ``or``, False ``and``
        if decisive in values:
            return decisive
        return None if None in values else not decisive
    if isinstance(node, ast.Compare) and _is_args_read(node, request):
        return isinstance(node.ops[0], ast.NotIn)
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        right = node.comparators[0]
        if (
            isinstance(node.ops[0], (ast.Is, ast.IsNot))
            and isinstance(right, ast.Constant)
            and right.value is None
            and _value(node.left, request, missing) is None
        ):
            return isinstance(node.ops[0], ast.Is)
        return None
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "isinstance"
        and len(node.args) == 2
        and _value(node.args[0], request, missing) is None
        and _names_a_class(node.args[1])
    ):
        return False  # ``None`` is no ``dict``
    if _value(node, request, missing) is None:
        return False  # ``None`` is false
    return None
