"""The values a conversion of an argument's value runs on, where a test of
the value or a caught error decides it (part of
:class:`~doxtool.python.toolscan.ToolScan`).

``n = int(x) if str(x).isdigit() else x`` converts the strings of digits
only: ``"all"`` passes by unconverted, so the conversion refuses no value
the test lets by. ``if isinstance(x, str): x = int(x)`` converts strings
only (``[1]`` passes by), ``try: x = int(x) except ValueError: x = 3``
replaces what it cannot convert. A comparison of the value with literals
(``if timeout != "auto":``) is read by :func:`~doxtool.python.argtypes.unconverted`
and a test of truth lets every value of interest by: neither limits the
values here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.python.argtypes import ALL_TYPES
from doxtool.python.arguments import ArgBuilder
from doxtool.python.controlflow import terminates
from doxtool.python.conversionerrors import CONVERTING, escaping
from doxtool.python.cstnodes import child_nodes, suite_body
from doxtool.python.readforms import COERCIONS
from doxtool.python.readvalues import tested_types
from doxtool.python.walkstate import Env

#: an enclosure of a conversion: (test, the arm it is in), or for a ``try``
#: whose handlers take the conversion's error and go on, the classes they catch
Enclosure = tuple[cst.BaseExpression, bool] | frozenset[str]


def enclosures(func: cst.FunctionDef) -> dict[int, tuple[Enclosure, ...]]:
    """Each conversion call in ``func`` (by id) -> what encloses it there."""
    found: dict[int, tuple[Enclosure, ...]] = {}
    todo: list[tuple[cst.CSTNode, tuple[Enclosure, ...]]] = [(func.body, ())]
    while todo:
        node, around = todo.pop()
        kind = type(node)
        if kind is cst.If or kind is cst.IfExp:
            todo.append((node.test, around))  # type: ignore[attr-defined]
            todo.append((node.body, (*around, (node.test, True))))  # type: ignore[attr-defined]
            if node.orelse is not None:  # type: ignore[attr-defined]
                todo.append((node.orelse, (*around, (node.test, False))))  # type: ignore[attr-defined]
            continue
        if kind is cst.BooleanOperation:
            node_ = node  # type: ignore[assignment]
            todo.append((node_.left, around))  # type: ignore[attr-defined]
            arm = type(node_.operator) is cst.And  # type: ignore[attr-defined]
            todo.append((node_.right, (*around, (node_.left, arm))))  # type: ignore[attr-defined]
            continue
        caught = _swallowed(node.handlers) if kind is cst.Try else frozenset()  # type: ignore[attr-defined]
        if caught:
            todo.append((node.body, (*around, caught)))  # type: ignore[attr-defined]
            todo.extend((c, around) for c in child_nodes(node) if c is not node.body)  # type: ignore[attr-defined]
            continue
        if kind is cst.Call and type(node.func) is cst.Name and node.func.value in CONVERTING:  # type: ignore[attr-defined]
            found[id(node)] = around
        todo.extend((child, around) for child in child_nodes(node))
    return found


def _swallowed(handlers: Sequence[cst.ExceptHandler]) -> frozenset[str]:
    """The classes of a conversion's error (``ValueError``, ``TypeError``)
    whose handler, the first that catches it, goes on from it."""
    found: set[str] = set()
    for error in ("ValueError", "TypeError"):
        for handler in handlers:
            caught = handler.type
            if caught is None:
                names: set[str] = {"BaseException"}
            else:
                nodes = (
                    [e.value for e in caught.elements] if type(caught) is cst.Tuple else [caught]
                )
                names = {n.value for n in nodes if type(n) is cst.Name}
            if names & {error, "Exception", "BaseException"}:
                if not terminates(suite_body(handler.body)):
                    found.add(error)
                break
    return frozenset(found)


def reaching(
    around: tuple[Enclosure, ...],
    stands: Callable[[cst.BaseExpression], bool],
    conversion: str = "",
) -> frozenset[str] | None:
    """The JSON types of the values of the argument ``stands`` tells that
    reach the conversion ``conversion`` enclosed by ``around`` and fail
    there uncaught; None: every value does."""
    reach: frozenset[str] | None = None
    for enclosure in around:
        if isinstance(enclosure, frozenset):
            types: frozenset[str] | None = escaping(enclosure, conversion)
        else:
            types = _test_reach(*enclosure, stands)
        if types is not None:
            reach = types if reach is None else reach & types
    return reach


def _test_reach(
    test: cst.BaseExpression, arm: bool, stands: Callable[[cst.BaseExpression], bool]
) -> frozenset[str] | None:
    """The JSON types of the values that take ``arm`` of ``test``, where a
    test of the value limits them; None where it does not."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return _test_reach(test.expression, not arm, stands)
    if type(test) is cst.BooleanOperation:
        left = _test_reach(test.left, arm, stands)
        right = _test_reach(test.right, arm, stands)
        if (type(test.operator) is cst.And) == arm:  # both parts hold
            return right if left is None else left if right is None else left & right
        return None if left is None or right is None else left | right
    if type(test) is cst.Call and type(test.func) is cst.Name and test.func.value == "isinstance":
        if len(test.args) != 2 or not stands(test.args[0].value):
            return None
        types = frozenset(tested_types(test.args[1].value))
        if "?" in types:
            return frozenset()
        return types if arm else ALL_TYPES - types
    if type(test) is cst.Comparison:
        return _type_compared(test, arm, stands)
    # ``str(x).isdigit()``, ``re.fullmatch(r"\d+", x)``, ``is_number(x)``
    return frozenset() if _calls_on(test, stands) else None


#: the comparisons of ``type(x)`` with classes that hold when it is one of them, and when not
_TYPE_IS = (cst.Is, cst.Equal, cst.In)
_TYPE_IS_NOT = (cst.IsNot, cst.NotEqual, cst.NotIn)


def _type_compared(
    test: cst.Comparison, arm: bool, stands: Callable[[cst.BaseExpression], bool]
) -> frozenset[str] | None:
    """The JSON types of the values that take ``arm`` of ``type(x) is str``
    (``==``, ``is not``, ``in (int, str)``) where ``x`` is the value; None for
    any other comparison. A JSON value's type is the class itself: ``type(x)
    is int`` holds for no boolean, which takes ``int(x)`` anyway."""
    left = test.left
    if (
        len(test.comparisons) != 1
        or type(left) is not cst.Call
        or type(left.func) is not cst.Name
        or left.func.value != "type"
        or len(left.args) != 1
        or left.args[0].keyword is not None
        or left.args[0].star
        or not stands(left.args[0].value)
    ):
        return None
    (comparison,) = test.comparisons
    operator = type(comparison.operator)
    classes = comparison.comparator
    if operator in (cst.In, cst.NotIn) and type(classes) not in (cst.Tuple, cst.List, cst.Set):
        return None
    if operator not in (cst.In, cst.NotIn) and type(classes) not in (cst.Name, cst.Attribute):
        return None
    if operator not in _TYPE_IS and operator not in _TYPE_IS_NOT:
        return None
    elements = (
        [e.value for e in classes.elements]  # type: ignore[union-attr]
        if operator in (cst.In, cst.NotIn)
        else [classes]
    )
    types = frozenset(t for e in elements for t in tested_types(e))
    if "?" in types:
        return frozenset()
    return types if arm == (operator in _TYPE_IS) else ALL_TYPES - types


def _calls_on(node: cst.CSTNode, stands: Callable[[cst.BaseExpression], bool]) -> bool:
    """Whether ``node`` holds a call on the value (``x.isdigit()``) or handed it."""
    todo = [node]
    while todo:
        current = todo.pop()
        if type(current) is cst.Call:
            func = current.func
            if type(func) is cst.Attribute and stands(func.value):
                return True
            if any(stands(a.value) for a in current.args):
                return True
        todo.extend(child_nodes(current))
    return False


def converts_converted(node: cst.Call) -> bool:
    """Whether the conversion ``node`` converts what another conversion
    than ``str`` made (``int(float(x))``): that one reads the value."""
    inner = node.args[0].value if node.args else None
    return (
        type(inner) is cst.Call and type(inner.func) is cst.Name and inner.func.value in CONVERTING
    )


class GuardedConversions:
    """The values a conversion runs on: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _converts_converted(self, node: cst.Call) -> bool:
        """:func:`converts_converted`; of ``int(float(x))``, noting that
        ``float(x)`` reads the value and ``int`` gives its type (:meth:`_made_type`)."""
        inner = node.args[0].value if len(node.args) == 1 else None
        if (
            type(node.func) is cst.Name
            and node.func.value == "int"
            and type(inner) is cst.Call
            and type(inner.func) is cst.Name
            and inner.func.value == "float"
        ):
            outer: dict[int, str] = self.__dict__.setdefault("_outer_types", {})
            outer[id(inner)] = COERCIONS["int"]
        return converts_converted(node)

    def _made_type(self, node: cst.Call) -> str:
        """The JSON type the conversion ``node`` makes, or the conversion
        around it does (``int(float(x))``: an integer)."""
        outer: dict[int, str] = self.__dict__.get("_outer_types", {})
        return outer.get(id(node)) or COERCIONS[node.func.value]  # type: ignore[attr-defined]

    def _converted(
        self, builder: ArgBuilder, node: cst.Call, coercion: str | None, kind: str, env: Env
    ) -> None:
        """Note the conversion ``node`` of ``builder``'s value to ``kind``."""
        if coercion is not None and builder.coerced_type is None:
            builder.coercion = coercion  # the conversion that makes the type, not ``str``'s
        builder.coerced_type = builder.coerced_type or kind
        reach, tested = self._conversion_reach(node, builder.name, env)
        builder.conversion_reach |= ALL_TYPES if reach is None else reach
        builder.conversion_tested = builder.conversion_tested or tested

    def _conversion_reach(
        self, node: cst.Call, arg: str, env: Env
    ) -> tuple[frozenset[str] | None, bool]:
        """The JSON types of ``arg``'s values that reach the conversion
        ``node``, and whether a test of the value (not only a caught error)
        keeps some from it."""
        cache: dict[int, dict[int, tuple[Enclosure, ...]]] = self.__dict__.setdefault(
            "_conversion_enclosures", {}
        )
        func = env.func.node
        if id(func) not in cache:
            cache[id(func)] = enclosures(func)
        around = cache[id(func)].get(id(node), ())
        standing = self._standing_for  # type: ignore[attr-defined]
        conversion = node.func.value if type(node.func) is cst.Name else ""
        stands = lambda expr: arg in standing(expr, env)  # noqa: E731
        tests = tuple(e for e in around if not isinstance(e, frozenset))
        return reaching(around, stands, conversion), reaching(tests, stands) is not None
