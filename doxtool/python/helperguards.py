"""Guards of emptiness in a helper of the module (part of
:class:`~doxtool.python.textarms.TextArms`).

``self._require(text)`` (or ``require(text)``), a call standing alone, of a
function of the module whose body starts with ``if not text: raise ...``
(``assert text``, ``if len(text) == 0: raise ...``): past the call, the value
handed for ``text`` is not empty, as past the same test written in place.
``if not self._valid(text): return ...``, where ``_valid`` is one ``return``
of a test of its parameter (``return len(text) > 0``, ``return
text.strip() != ""``): past it, the same. Only a helper whose whole body is
read is followed, and only a refusal every call meets (no statement before
it may return or rebind the parameter); anything else shows nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import libcst as cst

from doxtool.python.controlflow import contains_return
from doxtool.python.cstnodes import suite_body
from doxtool.python.emptiness import nonempty_when
from doxtool.python.modulescan import Func
from doxtool.python.ownparams import own_params
from doxtool.python.walkstate import Env

#: decorators that leave what a call of the function runs as written
_PLAIN_DECORATORS = frozenset({"staticmethod", "classmethod"})


class HelperGuards:
    """Tests of emptiness made in a helper the tool calls."""

    def _nonempty_when(self, test: cst.BaseExpression, truth: bool, env: Env) -> list:
        """:func:`~doxtool.python.emptiness.nonempty_when`, a call of a helper
        that is one ``return`` of a test read as that test of what it is handed."""
        kind = type(test)
        if kind is cst.UnaryOperation and type(test.operator) is cst.Not:
            return self._nonempty_when(test.expression, not truth, env)
        if kind is cst.BooleanOperation:
            if (type(test.operator) is cst.And) == truth:
                return [
                    *self._nonempty_when(test.left, truth, env),
                    *self._nonempty_when(test.right, truth, env),
                ]
            return []
        found = nonempty_when(test, truth)
        if kind in (cst.Name, cst.Comparison):
            found.extend(self._past_answer(test, truth, env))
        if kind is cst.Call:
            fn = self._plain_helper(test, env)
            returned = _single_return(fn) if fn is not None else None
            if fn is not None and returned is not None:
                handed = _handed(test, fn)
                for value in nonempty_when(returned, truth):
                    if type(value) is cst.Name and value.value in handed:
                        found.append(handed[value.value])
        return found

    def _guarded_by_call(self, small: cst.BaseSmallStatement, env: Env) -> None:
        """``self._require(text)`` standing alone: past it, what the helper
        refuses when empty (by a raise every call meets) is not empty, unless
        a handler around the call that goes on may take the raise."""
        if type(small) is not cst.Expr:
            return
        value, awaited = small.value, False
        if type(value) is cst.Await:
            value, awaited = value.expression, True
        if type(value) is not cst.Call:
            return
        fn = self._plain_helper(value, env)
        if fn is None or fn.is_async != awaited:
            return
        refused, raised = _refused_when_empty(fn)
        if not refused or any(self._raise_recovered(name, env) for name in raised):  # type: ignore[attr-defined]
            return
        handed = _handed(value, fn)
        shown = [handed[name] for name in refused if name in handed]
        if shown:
            self._assume_nonempty(shown, env)  # type: ignore[attr-defined]

    def _past_answer(self, test: cst.BaseExpression, truth: bool, env: Env) -> list:
        """``err = self._check(text)`` just before ``if err: return err``
        (``if err is not None``): where the test is false, the helper did not
        answer, so what it answers for when empty is not empty."""
        name, refusal = _answer_test(test)
        if name is None or truth != (not refusal):
            return []
        cache: dict[int, tuple[cst.CSTNode, dict]] = self.__dict__.setdefault("_answer_pairs", {})
        node = env.func.node
        if id(node) not in cache:
            cache[id(node)] = (node, _answer_calls(node))
        call, awaited = cache[id(node)][1].get(id(name), (None, False))
        fn = self._plain_helper(call, env) if call is not None else None
        if fn is None or fn.is_async != awaited:
            return []
        refused, _ = _refused_when_empty(fn, answers=True)
        handed = _handed(call, fn)
        return [handed[p] for p in refused if p in handed]

    def _plain_helper(self, call: cst.Call, env: Env) -> Func | None:
        """The function of the module a call runs as written: not a generator,
        no decorator that may change it, no ``*args`` or ``**kwargs`` handed."""
        if any(arg.star for arg in call.args):
            return None
        fn = self._callee_function(call, env)  # type: ignore[attr-defined]
        if fn is None or fn.is_generator:
            return None
        for decorator in fn.node.decorators:
            name = decorator.decorator
            if not (type(name) is cst.Name and name.value in _PLAIN_DECORATORS):
                return None
        return fn


def _handed(call: cst.Call, fn: Func) -> dict[str, cst.BaseExpression]:
    """What the call hands each of the helper's own parameters it fills."""
    own = {p.name.value for p in own_params(fn)}
    positional = [name for name in fn.positional() if name in own]
    handed: dict[str, cst.BaseExpression] = {}
    for index, arg in enumerate(call.args):
        if arg.keyword is not None:
            name: str | None = arg.keyword.value
        else:
            name = positional[index] if index < len(positional) else None
        if name is not None and name in own:
            handed[name] = arg.value
    return handed


def _body(fn: Func) -> list[cst.BaseStatement]:
    """The statements of a function, without its docstring."""
    body = list(suite_body(fn.node.body))
    if body and _is_docstring(body[0]):
        body = body[1:]
    return body


def _is_docstring(stmt: cst.BaseStatement) -> bool:
    return (
        type(stmt) is cst.SimpleStatementLine
        and len(stmt.body) == 1
        and type(stmt.body[0]) is cst.Expr
        and type(stmt.body[0].value) in (cst.SimpleString, cst.ConcatenatedString)
    )


def _single_return(fn: Func) -> cst.BaseExpression | None:
    """The value of a helper whose body is one ``return`` with no name bound in it."""
    body = _body(fn)
    if len(body) != 1 or type(body[0]) is not cst.SimpleStatementLine:
        return None
    (small,) = body[0].body or [None]
    if type(small) is not cst.Return or small.value is None or _binds(small.value):
        return None
    return small.value


def _refused_when_empty(fn: Func, answers: bool = False) -> tuple[set[str], list[str | None]]:
    """The parameters a helper refuses by a raise when they are empty, at
    its top before anything may return or rebind them, and the classes
    raised (``None``: not known); with ``answers``, also by returning a
    value never false (``return Response(...)``, ``return "text is required"``)."""
    own = {p.name.value for p in own_params(fn)}
    refused: set[str] = set()
    raised: list[str | None] = []
    for stmt in _body(fn):
        if type(stmt) is cst.If and stmt.orelse is None:
            body = suite_body(stmt.body)
            answered = answers and _answers_always(body)
            if _binds(stmt.test) or not (answered or _raises_always(body)):
                break
            shown = _names(nonempty_when(stmt.test, False)) & own
            if shown:
                refused |= shown
                raised.append(None if answered else _raised_class(body[-1]))
            continue
        if type(stmt) is not cst.SimpleStatementLine:
            break
        if any(type(s) is cst.Assert for s in stmt.body):
            (small,) = stmt.body if len(stmt.body) == 1 else (None,)
            if type(small) is not cst.Assert or _binds(small.test):
                break
            shown = _names(nonempty_when(small.test, True)) & own
            refused |= shown
            raised.append("AssertionError")
            continue
        if any(not _harmless(s, own) for s in stmt.body):
            break
    return refused, raised


def _raises_always(body: Sequence[cst.BaseStatement]) -> bool:
    """Whether a block is plain statements ending with a ``raise``, none of them returning."""
    if not body or type(body[-1]) is not cst.SimpleStatementLine:
        return False
    if any(type(stmt) is not cst.SimpleStatementLine for stmt in body):
        return False
    if any(contains_return(stmt) for stmt in body):
        return False
    return type(body[-1].body[-1]) is cst.Raise


def _answers_always(body: Sequence[cst.BaseStatement]) -> bool:
    """Whether a block is plain statements ending with a ``return`` of a value
    never false nor ``None``, none of them returning before it."""
    if not body or any(type(stmt) is not cst.SimpleStatementLine for stmt in body):
        return False
    if any(contains_return(stmt) for stmt in body[:-1]):
        return False
    *before, last = body[-1].body  # type: ignore[attr-defined]
    if any(contains_return(small) for small in before) or type(last) is not cst.Return:
        return False
    value = last.value
    if type(value) is cst.Call:  # an instance of the framework's ``Response``
        return type(value.func) is cst.Name and value.func.value == "Response"
    if type(value) is cst.SimpleString:
        return value.evaluated_value not in ("", b"")
    if type(value) is cst.FormattedString:
        return any(type(part) is cst.FormattedStringText and part.value for part in value.parts)
    return False


def _raised_class(stmt: cst.BaseStatement) -> str | None:
    raise_ = stmt.body[-1]  # type: ignore[attr-defined]
    exc = raise_.exc
    if type(exc) is cst.Call:
        exc = exc.func
    return exc.value if type(exc) is cst.Name else None


def _harmless(small: cst.BaseSmallStatement, own: set[str]) -> bool:
    """A statement before the refusal that neither returns nor rebinds a parameter."""
    if type(small) in (cst.Return, cst.Global, cst.Nonlocal, cst.Del):
        return False
    if type(small) is cst.Assign:
        targets = [t.target for t in small.targets]
    elif type(small) in (cst.AnnAssign, cst.AugAssign):
        targets = [small.target]  # type: ignore[attr-defined]
    elif type(small) is cst.Expr:
        targets = []
    else:
        return type(small) in (cst.Pass, cst.Import, cst.ImportFrom)
    if any(type(t) is cst.Name and t.value in own for t in targets):
        return False
    # ``a, b = ...`` may bind a parameter
    if any(type(t) not in (cst.Name, cst.Attribute, cst.Subscript) for t in targets):
        return False
    return not _binds(small)


def _binds(node: cst.CSTNode) -> bool:
    """Whether an assignment expression (``:=``) is in ``node``."""
    todo = [node]
    while todo:
        current = todo.pop()
        if type(current) is cst.NamedExpr:
            return True
        todo.extend(current.children)
    return False


def _names(values: list[cst.BaseExpression]) -> set[str]:
    return {v.value for v in values if type(v) is cst.Name}


def _answer_test(test: cst.BaseExpression) -> tuple[cst.Name | None, bool]:
    """The name a test of a helper's answer tests, and whether the test is
    true when the helper answered: ``err`` and ``err is not None`` (True),
    ``err is None`` (False)."""
    if type(test) is cst.Name:
        return test, True
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        target = test.comparisons[0]
        none = type(target.comparator) is cst.Name and target.comparator.value == "None"
        if type(test.left) is cst.Name and none:
            if type(target.operator) is cst.IsNot:
                return test.left, True
            if type(target.operator) is cst.Is:
                return test.left, False
    return None, False


def _answer_calls(func: cst.CSTNode) -> dict[int, tuple[cst.Call, bool]]:
    """For each ``if`` right after ``err = helper(...)`` that tests ``err``,
    the name tested there -> the call and whether it is awaited."""
    found: dict[int, tuple[cst.Call, bool]] = {}
    todo: list[cst.CSTNode] = [func]
    while todo:
        node = todo.pop()
        todo.extend(node.children)
        body = getattr(node, "body", None)
        if type(node) not in (cst.IndentedBlock, cst.Module) or not isinstance(body, Sequence):
            continue
        for first, second in pairwise(body):
            bound = _bound_call(first)
            if bound is None or type(second) is not cst.If:
                continue
            name, _ = _answer_test(second.test)
            if name is not None and name.value == bound[0]:
                found[id(name)] = bound[1:]
    return found


def _bound_call(stmt: cst.CSTNode) -> tuple[str, cst.Call, bool] | None:
    """``err = helper(...)`` (``await``-ed or not): the name, the call, whether awaited."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if type(small) is not cst.Assign or len(small.targets) != 1:
        return None
    target, value = small.targets[0].target, small.value
    awaited = type(value) is cst.Await
    if awaited:
        value = value.expression  # type: ignore[attr-defined]
    if type(target) is not cst.Name or type(value) is not cst.Call:
        return None
    return target.value, value, awaited
