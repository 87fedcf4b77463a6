"""The values a helper's conversion of a value it reads runs on, where a
test of the value or a caught error decides it (read with ``ast``, for the
summaries of helpers: part of :class:`~doxtool.python.keyvalues.KeyValues`),
as the tool walk's :mod:`~doxtool.python.guardedconversions` reads its own.

``if type(x) is str and x.isdigit(): x = int(x)`` converts strings of
digits alone, ``if isinstance(x, str): x = int(x)`` strings alone, and
``try: n = int(x) except ValueError: return 0`` hands back a value for what
it cannot convert. A handler whose every path raises (or returns a
``Response``, the tool's answer) ends the call with an error instead.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Sequence

from doxtool.python.argtypes import ALL_TYPES
from doxtool.python.astreach import raises_always
from doxtool.python.astwalk import children
from doxtool.python.conversionerrors import CONVERTING, escaping
from doxtool.python.readforms import COERCIONS

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
#: an enclosure of a conversion: (test, the arm it is in), or for a ``try``
#: whose handlers take the conversion's error and go on, the classes they catch
Enclosure = tuple[ast.expr, bool] | frozenset[str]
Stands = Callable[[ast.expr], bool]


def conversions(func: FunctionNode) -> Iterator[tuple[ast.Call, tuple[Enclosure, ...]]]:
    """Each conversion call of ``func`` (``int(x)``, ``float(x)``: not
    ``str``, ``bool``) with what encloses it there."""
    todo: list[tuple[ast.AST, tuple[Enclosure, ...]]] = [(s, ()) for s in func.body]
    while todo:
        node, around = todo.pop()
        kind = type(node)
        if kind is ast.If or kind is ast.IfExp:
            test = node.test  # type: ignore[attr-defined]
            todo.append((test, around))
            body = node.body if kind is ast.If else [node.body]  # type: ignore[attr-defined]
            orelse = node.orelse if kind is ast.If else [node.orelse]  # type: ignore[attr-defined]
            todo.extend((s, (*around, (test, True))) for s in body)
            todo.extend((s, (*around, (test, False))) for s in orelse)
            continue
        if kind is ast.BoolOp:
            arm = type(node.op) is ast.And  # type: ignore[attr-defined]
            values = node.values  # type: ignore[attr-defined]
            for index, value in enumerate(values):
                todo.append((value, (*around, *((v, arm) for v in values[:index]))))
            continue
        caught = _swallowed(node.handlers) if kind is ast.Try else frozenset()  # type: ignore[attr-defined]
        if caught:
            todo.extend((s, (*around, caught)) for s in node.body)  # type: ignore[attr-defined]
            rest = [*node.handlers, *node.orelse, *node.finalbody]  # type: ignore[attr-defined]
            todo.extend((s, around) for s in rest)
            continue
        if (
            kind is ast.Call
            and type(node.func) is ast.Name  # type: ignore[attr-defined]
            and node.func.id in CONVERTING  # type: ignore[attr-defined]
        ):
            yield node, around  # type: ignore[misc]
        todo.extend((child, around) for child in children(node))


def _swallowed(handlers: Sequence[ast.ExceptHandler]) -> frozenset[str]:
    """The classes of a conversion's error (``ValueError``, ``TypeError``)
    whose handler, the first that catches it, goes on from it or hands a
    value back (``return 0``) rather than raise (or answer with a ``Response``)."""
    found: set[str] = set()
    for error in ("ValueError", "TypeError"):
        for handler in handlers:
            caught = handler.type
            nodes = caught.elts if type(caught) is ast.Tuple else [caught]
            names = (
                {"BaseException"}
                if caught is None
                else {n.id for n in nodes if type(n) is ast.Name}
            )
            if names & {error, "Exception", "BaseException"}:
                if not (raises_always(handler.body) or _answers(handler.body)):
                    found.add(error)
                break
    return frozenset(found)


def _answers(body: Sequence[ast.stmt]) -> bool:
    """Whether the block ends returning a ``Response(...)``: the tool's answer."""
    last = body[-1] if body else None
    if type(last) is not ast.Return or type(last.value) is not ast.Call:
        return False
    func = last.value.func
    name = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else ""
    return name == "Response"


def reaching(around: tuple[Enclosure, ...], stands: Stands, conversion: str) -> frozenset[str]:
    """The JSON types of the values of what ``stands`` tells that reach the
    conversion ``conversion`` enclosed by ``around`` and fail there uncaught."""
    reach = ALL_TYPES
    for enclosure in around:
        if isinstance(enclosure, frozenset):
            reach = reach & escaping(enclosure, conversion)
        else:
            types = _test_reach(*enclosure, stands)
            if types is not None:
                reach = reach & types
    return reach


def _test_reach(test: ast.expr, arm: bool, stands: Stands) -> frozenset[str] | None:
    """The JSON types of the values that take ``arm`` of ``test``, where a
    test of the value limits them; None where it does not."""
    if type(test) is ast.UnaryOp and type(test.op) is ast.Not:
        return _test_reach(test.operand, not arm, stands)
    if type(test) is ast.BoolOp:
        parts = [_test_reach(v, arm, stands) for v in test.values]
        if (type(test.op) is ast.And) == arm:  # every part holds
            known = [p for p in parts if p is not None]
            return frozenset.intersection(*known) if known else None
        if any(p is None for p in parts):
            return None
        return frozenset().union(*parts)  # type: ignore[arg-type]
    if type(test) is ast.Call and type(test.func) is ast.Name and test.func.id == "isinstance":
        if len(test.args) != 2 or test.keywords or not stands(test.args[0]):
            return None
        types = _types(test.args[1])
        if "?" in types:
            return frozenset()
        return types if arm else ALL_TYPES - types
    if type(test) is ast.Compare:
        return _type_compared(test, arm, stands)
    # ``str(x).isdigit()``, ``re.fullmatch(r"\d+", x)``, ``is_number(x)``
    return frozenset() if _calls_on(test, stands) else None


#: the comparisons of ``type(x)`` with classes that hold when it is one of them, and when not
_TYPE_IS = (ast.Is, ast.Eq, ast.In)
_TYPE_IS_NOT = (ast.IsNot, ast.NotEq, ast.NotIn)


def _type_compared(test: ast.Compare, arm: bool, stands: Stands) -> frozenset[str] | None:
    """The JSON types of the values that take ``arm`` of ``type(x) is str``
    (``==``, ``is not``, ``in (int, str)``) where ``x`` is the value; None
    for any other comparison (as :mod:`~doxtool.python.guardedconversions`)."""
    left = test.left
    if (
        len(test.ops) != 1
        or type(left) is not ast.Call
        or type(left.func) is not ast.Name
        or left.func.id != "type"
        or len(left.args) != 1
        or left.keywords
        or type(left.args[0]) is ast.Starred
        or not stands(left.args[0])
    ):
        return None
    operator = type(test.ops[0])
    classes = test.comparators[0]
    listed = operator in (ast.In, ast.NotIn)
    if listed and type(classes) not in (ast.Tuple, ast.List, ast.Set):
        return None
    if not listed and type(classes) not in (ast.Name, ast.Attribute):
        return None
    if operator not in _TYPE_IS and operator not in _TYPE_IS_NOT:
        return None
    elements = classes.elts if listed else [classes]  # type: ignore[attr-defined]
    types = frozenset(t for e in elements for t in _types(e))
    if "?" in types:
        return frozenset()
    return types if arm == (operator in _TYPE_IS) else ALL_TYPES - types


def _types(node: ast.expr) -> frozenset[str]:
    """The JSON types a class (or a tuple of them) names; ``"?"`` for another."""
    if type(node) is ast.Tuple:
        return frozenset(kind for element in node.elts for kind in _types(element))
    kind = COERCIONS.get(node.id) if type(node) is ast.Name else None
    return frozenset({kind or "?"})


def _calls_on(node: ast.AST, stands: Stands) -> bool:
    """Whether ``node`` holds a call on the value (``x.isdigit()``) or handed it."""
    for current in ast.walk(node):
        if type(current) is ast.Call:
            func = current.func
            if type(func) is ast.Attribute and stands(func.value):
                return True
            if any(stands(a) for a in current.args):
                return True
    return False
