"""What a block returns, read through a name bound there just before:
``message = "Error: x is required"`` then ``return message`` returns what
``return "Error: x is required"`` does, so a check judges the two alike
(:mod:`~doxtool.python.contracts`, :mod:`~doxtool.python.absence`). The last
arm of a dispatch that only writes the message the statement after the
dispatch returns (``else: response = f"Unknown command {c}"`` then
``return Response(message=response)``) ends as if it returned it there
(:mod:`~doxtool.python.dispatchends`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.python.cstnodes import suite_body
from doxtool.python.readforms import RENDERING_METHODS

_SIMPLE = (cst.SimpleStatementLine, cst.SimpleStatementSuite)
#: simple statements that leave the block before a statement after them
_LEAVING = (cst.Raise, cst.Break, cst.Continue)
_WRITTEN = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)


def with_returned_inline(body: Sequence[cst.BaseStatement]) -> Sequence[cst.BaseStatement]:
    """``body`` with a last ``return name`` written as ``return <value>``
    when the block binds ``name = <value>`` before it, with no statement
    between naming it and no compound statement between (a branch or a loop
    may bind it on some paths only). ``body`` itself otherwise."""
    if not body or type(body[-1]) not in _SIMPLE:
        return body
    last = body[-1]
    smalls = list(last.body)  # type: ignore[attr-defined]
    ret = smalls[-1] if smalls else None
    if type(ret) is not cst.Return or type(ret.value) is not cst.Name:
        return body
    name = ret.value.value
    # the simple statements before the return, latest first
    before: list[cst.BaseSmallStatement] = list(reversed(smalls[:-1]))
    for stmt in reversed(body[:-1]):
        if type(stmt) not in _SIMPLE:
            break
        before.extend(reversed(stmt.body))  # type: ignore[attr-defined]
    for small in before:
        value = _bound_value(small, name)
        if value is not None:
            inlined = last.with_changes(body=[*smalls[:-1], ret.with_changes(value=value)])
            return [*body[:-1], inlined]
        if _binds(small, name):
            return body
    return body


def with_answer_after(
    body: Sequence[cst.BaseStatement], following: Sequence[cst.BaseStatement]
) -> Sequence[cst.BaseStatement]:
    """``body``, an arm of a dispatch whose last statement binds ``name`` to a
    message (a string written there, a rendered prompt, a ``Response``),
    with the ``return`` after the dispatch appended when that return hands
    ``name`` on (``return name``, ``return Response(message=name)``),
    ``name`` written as its value there: the path the arm's calls take. The
    simple statements between (``self.log.update(done=True)``) are passed
    over when none binds ``name`` anew, and, for a ``Response`` (a string
    handed to a call stays what it is), when none names it. A value that
    does work (``response = self._merge()``) is no answer this reads, and
    ``body`` is left as it is."""
    found = _answer_returned(body, following)
    if found is None:
        return body
    bound, line, ret, between = found
    name = bound.targets[0].target.value  # type: ignore[attr-defined]
    if any(_rebinds(small, name) for small in between):
        return body
    if _is_response(bound.value) and any(_binds(small, name) for small in between):
        return body  # handed to a call: :func:`answer_handed_on`
    assert ret.value is not None
    value = bound.value if type(ret.value) is cst.Name else _with_message(ret.value, bound.value)
    return [*body, line.with_changes(body=[ret.with_changes(value=value)])]


def answer_handed_on(
    body: Sequence[cst.BaseStatement], following: Sequence[cst.BaseStatement]
) -> bool:
    """Whether the ``Response`` the arm ``body`` binds (as :func:`with_answer_after`
    reads it) is returned after the dispatch only past a statement naming it
    without binding it anew: handed to a call (``self.after_execution(response)``),
    which may change what it says, so whether the arm refuses is not known."""
    found = _answer_returned(body, following)
    if found is None:
        return False
    bound, _, _, between = found
    name = bound.targets[0].target.value  # type: ignore[attr-defined]
    return (
        _is_response(bound.value)
        and any(_binds(small, name) for small in between)
        and not any(_rebinds(small, name) for small in between)
    )


def _is_response(value: cst.BaseExpression) -> bool:
    """Whether a value is a ``Response(...)`` made there: an object a call
    handed it may change, where a string stays what it is."""
    return type(value) is cst.Call and getattr(value.func, "value", None) == "Response"


def _answer_returned(
    body: Sequence[cst.BaseStatement], following: Sequence[cst.BaseStatement]
) -> tuple[cst.Assign, cst.SimpleStatementLine, cst.Return, list[cst.BaseSmallStatement]] | None:
    """The arm's last statement ``name = <message>``, the line and the
    ``return`` after the dispatch handing ``name`` on, and the simple
    statements between; None when the arm binds no message so, or a
    compound statement, another ``return``, a ``raise``, ``break`` or
    ``continue`` comes first."""
    if not body or not following or type(body[-1]) not in _SIMPLE:
        return None
    bound = body[-1].body[-1]  # type: ignore[attr-defined]
    if type(bound) is not cst.Assign or len(bound.targets) != 1:
        return None
    target = bound.targets[0].target
    if type(target) is not cst.Name or not _message(bound.value):
        return None
    between: list[cst.BaseSmallStatement] = []
    for stmt in following:
        if type(stmt) is not cst.SimpleStatementLine:
            return None
        for small in stmt.body:
            if type(small) in _LEAVING:
                return None  # ``raise``, ``continue``: the return is not reached
            if type(small) is not cst.Return:
                between.append(small)
                continue
            if small.value is None or not _hands_on(small.value, target.value):
                return None
            if len(stmt.body) != 1:
                return None
            return bound, stmt, small, between
    return None


def written(node: cst.BaseExpression) -> bool:
    """Whether ``node`` is a string written there (``"Error: ..."``, an f-string)."""
    return type(node) in _WRITTEN


def answers_with_work(
    value: cst.BaseExpression,
    self_name: str | None,
    only_written: Callable[[cst.Call], bool] | None = None,
) -> bool:
    """Whether a returned ``Response`` carries what work made: its message is
    an awaited call or a call of the tool's own method (``Response(message=await
    self.list_all())``), an answer as likely as a refusal; not a call handed a
    message written there, which formats it (``self._encode("title is required")``),
    nor a call of a method or a module function that only returns a message written in it
    (``only_written``: ``return "usage: ..."``), handed nothing."""
    if type(value) is cst.Await:
        value = value.expression
    if type(value) is not cst.Call or getattr(value.func, "value", None) != "Response":
        return False
    message = _message_arg(value)
    awaited = type(message) is cst.Await
    call = message.expression if type(message) is cst.Await else message
    if type(call) is not cst.Call or any(_message(arg.value) for arg in call.args):
        return False  # a message written into it: ``self._encode("title is required", ...)``
    func = call.func
    own = (
        type(func) is cst.Attribute
        and type(func.value) is cst.Name
        and func.value.value == self_name
    )
    if not call.args and only_written is not None and only_written(call):
        return False
    if awaited:
        return True
    return own and func.attr.value not in RENDERING_METHODS  # type: ignore[attr-defined]


def answers_with_awaited(
    body: Sequence[cst.BaseStatement],
    self_name: str | None = None,
    only_written: Callable[[cst.Call], bool] | None = None,
) -> bool:
    """Whether a block's last statement returns a ``Response`` whose message
    is a name, or an attribute of one (``resp.message``), that the block's
    simple statements just before bind to an awaited call (``resp = await
    opener.execute(url=url)``): it answers with what work made, as
    :func:`answers_with_work` reads ``Response(message=await ...)`` (not a
    call handed a message written there, which formats it, nor a method of
    the tool's that only returns a message written in it: ``only_written``)."""
    if not body or type(body[-1]) not in _SIMPLE:
        return False
    smalls = list(body[-1].body)  # type: ignore[attr-defined]
    ret = smalls[-1] if smalls else None
    if type(ret) is not cst.Return or type(value := ret.value) is not cst.Call:
        return False
    if getattr(value.func, "value", None) != "Response":
        return False
    root = _message_arg(value)
    while type(root) is cst.Attribute:
        root = root.value
    if type(root) is not cst.Name:
        return False
    name = root.value
    before: list[cst.BaseSmallStatement] = list(reversed(smalls[:-1]))
    for stmt in reversed(body[:-1]):
        if type(stmt) not in _SIMPLE:
            break
        before.extend(reversed(stmt.body))  # type: ignore[attr-defined]
    for at, small in enumerate(before):
        bound = _bound_value(small, name)
        if bound is not None:
            call = bound.expression if type(bound) is cst.Await else None
            if type(call) is not cst.Call:
                return False
            # a message written into it is formatted: ``await self._fail("x is required")``,
            # ``err = "x is required"`` then ``await self._fail(err)``
            written = _written_names(before[at + 1 :])
            handed = [arg.value for arg in call.args]
            if any(_message(v) or (type(v) is cst.Name and v.value in written) for v in handed):
                return False
            return not _writes_only(call, self_name, only_written)
        if _rebinds(small, name):
            return False
    return False


def _writes_only(
    call: cst.Call, self_name: str | None, only_written: Callable[[cst.Call], bool] | None
) -> bool:
    """Whether ``call``, handed nothing made by work (literals, attributes of
    the tool: ``self.name``), reaches a method of the tool's own or a
    function of its module that only returns a message written in it
    (``await self._usage()``, ``await usage()``, ``await self._fail(self.name)``)."""
    handed = all(not arg.star and _inert(arg.value, self_name) for arg in call.args)
    return only_written is not None and handed and only_written(call)


def _inert(value: cst.BaseExpression, self_name: str | None) -> bool:
    """Whether a value handed on is a literal or an attribute of the tool
    (``self.name``), no result of work."""
    if type(value) in (cst.SimpleString, cst.Integer, cst.Float):
        return True
    root = value
    while type(root) is cst.Attribute:
        root = root.value
    return root is not value and type(root) is cst.Name and root.value == self_name


def _written_names(earlier: Sequence[cst.BaseSmallStatement]) -> set[str]:
    """The names whose latest binding in ``earlier`` (the latest first) is
    a message written there (``err = "query is required"``)."""
    seen: set[str] = set()
    written: set[str] = set()
    for small in earlier:
        if type(small) is not cst.Assign or len(small.targets) != 1:
            continue
        target = small.targets[0].target
        if type(target) is cst.Name and target.value not in seen:
            seen.add(target.value)
            written.update([target.value] if _message(small.value) else [])
    return written


def _rebinds(small: cst.BaseSmallStatement, name: str) -> bool:
    """Whether a simple statement may bind ``name`` anew (a target of an
    assignment, ``del``, an import, a walrus anywhere in it); a statement
    that only reads it (``await opener.after_execution(resp)``) does not."""
    if type(small) in (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Del):
        targets = (
            [t.target for t in small.targets] if type(small) is cst.Assign else [small.target]  # type: ignore[union-attr]
        )
        if any(_binds(target, name) for target in targets):  # type: ignore[arg-type]
            return True
    if type(small) in (cst.Import, cst.ImportFrom):
        return _binds(small, name)
    stack: list[cst.CSTNode] = [small]
    while stack:
        node = stack.pop()
        if type(node) is cst.NamedExpr and _binds(node.target, name):  # type: ignore[arg-type]
            return True
        stack.extend(node.children)
    return False


def returns_only_written(node: cst.FunctionDef) -> bool:
    """Whether a function's body, past its docstring, is one ``return`` of a
    message and nothing more (``return "usage: ..."``, an f-string, a prompt
    rendered: :func:`_message`)."""
    body = list(suite_body(node.body))
    if body and _docstring(body[0]):
        body = body[1:]
    if len(body) != 1 or type(body[0]) not in _SIMPLE:
        return False
    smalls = body[0].body  # type: ignore[attr-defined]
    if len(smalls) != 1 or type(smalls[0]) is not cst.Return:
        return False
    value = smalls[0].value
    return value is not None and _message(value)


def _docstring(stmt: cst.BaseStatement) -> bool:
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    return type(small) is cst.Expr and type(small.value) in (
        cst.SimpleString,
        cst.ConcatenatedString,
    )


def _message(node: cst.BaseExpression) -> bool:
    """Whether a value is a message and nothing more: a string written
    there (with values put into it: an f-string, ``+``, ``%``, ``.format``),
    a prompt rendered (``agent.read_prompt("fw.error.md", ...)``) or a
    ``Response`` built of such."""
    if type(node) in _WRITTEN:
        return True
    if type(node) is cst.BinaryOperation and type(node.operator) in (cst.Add, cst.Modulo):
        return type(node.left) in _WRITTEN or _message(node.left)  # ``"Unknown: " + c``
    if type(node) is not cst.Call:
        return False
    func = node.func
    called = func.attr.value if type(func) is cst.Attribute else getattr(func, "value", None)
    if called in RENDERING_METHODS:
        return True
    if called == "format" and type(func) is cst.Attribute:
        return type(func.value) in _WRITTEN  # ``"Unknown: {}".format(c)``
    if called != "Response":
        return False
    message = _message_arg(node)
    return message is not None and _message(message)


def _hands_on(value: cst.BaseExpression, name: str) -> bool:
    """Whether a returned value is ``name`` or a ``Response`` whose message
    is ``name`` (its first argument or ``message=``)."""
    if type(value) is cst.Name:
        return value.value == name
    if type(value) is not cst.Call or getattr(value.func, "value", None) != "Response":
        return False
    message = _message_arg(value)
    return type(message) is cst.Name and message.value == name


def _message_arg(call: cst.Call) -> cst.BaseExpression | None:
    """The message a ``Response(...)`` is built with: its first argument or ``message=``."""
    at = _message_at(call)
    return None if at is None else call.args[at].value


def _message_at(call: cst.Call) -> int | None:
    """Where a ``Response(...)`` call's message argument is, if it has one."""
    for position, arg in enumerate(call.args):
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword == "message" or (keyword is None and position == 0 and not arg.star):
            return position
    return None


def _with_message(call: cst.Call, message: cst.BaseExpression) -> cst.Call:
    """A ``Response(...)`` call with its message argument written as ``message``
    (``call`` hands a name on as its message: :func:`_hands_on`)."""
    args = list(call.args)
    at = _message_at(call)
    assert at is not None
    args[at] = args[at].with_changes(value=message)
    return call.with_changes(args=args)


def _bound_value(small: cst.BaseSmallStatement, name: str) -> cst.BaseExpression | None:
    """The value of ``name = <value>`` (one target, a plain name)."""
    if type(small) is not cst.Assign or len(small.targets) != 1:
        return None
    target = small.targets[0].target
    return small.value if type(target) is cst.Name and target.value == name else None


def _binds(small: cst.BaseSmallStatement, name: str) -> bool:
    """Whether a simple statement names ``name`` at all (it may bind it: a
    target, a walrus, ``del``, an import; a read is taken as one too)."""
    stack: list[cst.CSTNode] = [small]
    while stack:
        node = stack.pop()
        if type(node) is cst.Name and node.value == name:
            return True
        stack.extend(node.children)
    return False
