"""Tests true only of a value that holds something: ``text == "bye"``,
``"FINAL" in text``, ``text.startswith("FINAL:")``, ``len(text) > 5``,
``text.lower() in ("exit", "quit")``.

Unlike the tests of emptiness (:mod:`doxtool.python.emptiness`), which are
true exactly when a value is empty or exactly when it is not, these say
nothing when they are false: ``text != "bye"`` holds for ``""`` too. They
tell what a ``break_loop`` decided at run time shows when it ends the turn
(``Response(message=text, break_loop=text.endswith("!"))`` ends it only
with some text); nothing is evaluated, and a test not recognised shows
nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.python.cstnodes import child_nodes
from doxtool.python.emptiness import nonempty_when

#: methods whose result is empty exactly when their receiver is
_SAME_EMPTINESS = frozenset({"strip", "lstrip", "rstrip", "lower", "upper", "casefold", "title"})
#: methods true only of a string holding the literal they are handed
_AFFIXES = frozenset({"startswith", "endswith"})
#: methods whose result may be empty when their receiver is not
#: (``"FINAL:".removeprefix("FINAL:")``, ``" ".strip()``)
_MAY_EMPTY = frozenset({"strip", "lstrip", "rstrip", "removeprefix", "removesuffix"})


def nonempty_if_true(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The expressions ``test`` shows are not empty when it is true."""
    found = list(nonempty_when(test, True))
    kind = type(test)
    if kind is cst.BooleanOperation and type(test.operator) is cst.And:
        found += [*nonempty_if_true(test.left), *nonempty_if_true(test.right)]
    elif kind is cst.Call and _is_bool_call(test):
        found += nonempty_if_true(test.args[0].value)
    elif kind is cst.Comparison and len(test.comparisons) == 1:
        found += _compared(test.left, test.comparisons[0])
    elif kind is cst.Call and _affix_test(test):
        found.append(_subject(test.func.value))  # type: ignore[attr-defined]
    return found


def _affix_test(call: cst.Call) -> bool:
    """``x.startswith("a")``, ``x.endswith(("!", "?"))``: literals none empty."""
    if type(call.func) is not cst.Attribute or call.func.attr.value not in _AFFIXES:
        return False
    if len(call.args) != 1:
        return False
    arg = call.args[0]
    return arg.keyword is None and not arg.star and _holds_text(arg.value, several=True)


def _compared(left: cst.BaseExpression, target: cst.ComparisonTarget) -> list[cst.BaseExpression]:
    op = type(target.operator)
    right = target.comparator
    if op is cst.Equal:
        if _holds_text(right, several=False):
            return [_subject(left)]
        if _holds_text(left, several=False):
            return [_subject(right)]
    elif op is cst.In:
        if _nonempty_string(left):
            return [_subject(right)]  # a value holding a string is not empty
        if type(right) in (cst.Tuple, cst.List, cst.Set) and _holds_text(right, several=True):
            return [_subject(left)]  # one of strings none of them empty
        return []
    return _measured(left, op, right)


def _measured(
    left: cst.BaseExpression, op: type, right: cst.BaseExpression
) -> list[cst.BaseExpression]:
    """``len(x) > n`` (n at least 0), ``len(x) >= n`` or ``len(x) == n``
    (n at least 1): ``x``."""
    if not (type(left) is cst.Call and _is_len_call(left) and type(right) is cst.Integer):
        return []
    if not right.value.isdigit():
        return []
    number = int(right.value)
    least = 0 if op is cst.GreaterThan else 1
    if op in (cst.GreaterThan, cst.GreaterThanEqual, cst.Equal) and number >= least:
        return [_subject(left.args[0].value)]
    return []


def _subject(node: cst.BaseExpression) -> cst.BaseExpression:
    """What is empty exactly when ``node`` is (``x`` for ``x.strip().lower()``)."""
    while (
        type(node) is cst.Call
        and not node.args
        and type(node.func) is cst.Attribute
        and node.func.attr.value in _SAME_EMPTINESS
    ):
        node = node.func.value
    return node


def _holds_text(node: cst.BaseExpression, several: bool) -> bool:
    """Whether ``node`` is a string literal that is not empty, or (``several``)
    a tuple, list or set written out of such literals only."""
    if _nonempty_string(node):
        return True
    if not several or type(node) not in (cst.Tuple, cst.List, cst.Set):
        return False
    elements = node.elements  # type: ignore[attr-defined]
    return bool(elements) and all(
        type(e) is cst.Element and _nonempty_string(e.value) for e in elements
    )


def _nonempty_string(node: cst.BaseExpression) -> bool:
    if type(node) is not cst.SimpleString:
        return False
    value = node.value.lstrip("rRbBuUfF")
    quote = 3 if value[:3] in ('"""', "'''") else 1
    return len(value) > 2 * quote


def _is_bool_call(node: cst.Call) -> bool:
    return _builtin_call(node, "bool")


def _is_len_call(node: cst.Call) -> bool:
    return _builtin_call(node, "len")


def _builtin_call(node: cst.Call, name: str) -> bool:
    return (
        type(node.func) is cst.Name
        and node.func.value == name
        and len(node.args) == 1
        and node.args[0].keyword is None
        and not node.args[0].star
    )


def names_read(node: cst.BaseExpression) -> set[str]:
    """The names ``node`` reads (not an attribute's or a keyword's name)."""
    found: set[str] = set()
    todo: list[cst.CSTNode] = [node]
    while todo:
        current = todo.pop()
        kind = type(current)
        if kind is cst.Name:
            found.add(current.value)  # type: ignore[attr-defined]
        elif kind in (cst.Attribute, cst.Arg):
            todo.append(current.value)  # type: ignore[attr-defined]
        else:
            todo.extend(child_nodes(current))
    return found


def may_lose_text(
    value: cst.BaseExpression,
    tested: set[str],
    bindings: Callable[[str], Sequence[cst.BaseExpression | None] | None],
) -> bool:
    """Whether ``value``, a message, may be empty where the names in
    ``tested`` hold text: it cuts text from them (``text.replace("FINAL:",
    "")``, ``text.strip()``, ``text[6:]``), also through the values of the
    local names it reads (``bindings``: a name's values, None when not
    known), up to the names tested. A test of ``text`` that holds
    ``"FINAL:"`` says nothing of what is left when it is taken away."""
    todo: list[cst.CSTNode] = [value]
    seen: set[str] = set()
    while todo:
        current = todo.pop()
        kind = type(current)
        if kind is cst.Name:
            name = current.value  # type: ignore[attr-defined]
            if name in tested or name in seen:
                continue
            seen.add(name)
            values = bindings(name)
            if values is None or any(v is None for v in values):
                return True
            todo.extend(values)  # type: ignore[arg-type]
        elif kind is cst.BooleanOperation and type(current.operator) is cst.Or:  # type: ignore[attr-defined]
            # ``text.replace("FINAL:", "") or text``: empty only when each is
            operands = (current.left, current.right)  # type: ignore[attr-defined]
            if all(may_lose_text(operand, tested, bindings) for operand in operands):
                return True
        elif _cuts_text(current):
            return True
        elif kind in (cst.Attribute, cst.Arg):
            todo.append(current.value)  # type: ignore[attr-defined]
        else:
            todo.extend(child_nodes(current))
    return False


def _cuts_text(node: cst.CSTNode) -> bool:
    """``x.strip()``, ``x.removeprefix("a")``, ``x.replace("a", "")``,
    ``x[6:]``: what may leave nothing of a string holding something."""
    if type(node) is cst.Subscript:
        return any(type(element.slice) is cst.Slice for element in node.slice)
    if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
        return False
    call = node
    method = call.func.attr.value  # type: ignore[attr-defined]
    if method in _MAY_EMPTY:
        return True
    if method != "replace":
        return False
    # what takes the place of the old text keeps the string from emptying
    return len(call.args) < 2 or not _nonempty_string(call.args[1].value)
