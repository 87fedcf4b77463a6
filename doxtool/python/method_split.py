"""Whether a module's functions refuse a ``tool:method`` name with an empty
part (``"wait:"``, ``":wait"``), read from ``ast``'s tree.

Agent Zero's ``normalize_tool_request`` (``helpers/extract_tools.py``) splits
a ``tool_name`` holding ``:`` into the tool and its action and raises when
either is empty; an older ``process_tools`` split it with no such check and
ran ``"wait:"`` as ``wait``. A function *splits* a name when it assigns
``A, B = X.split(":", 1)`` (or ``X.split(":")``, or ``A, _, B =
X.partition(":")``); it *checks* the split when a later statement of the same
block is an ``if`` whose test is ``not A or not B`` (more operands may be
or-ed in) and whose body ends in ``raise``.
"""

from __future__ import annotations

import ast

#: every split of a name at ``:`` in the module raises on an empty part
CHECKED = "checked"
#: some split does not (or it cannot be told)
UNCHECKED = "unchecked"


def method_splits(tree: ast.Module) -> list[str]:
    """One :data:`CHECKED` or :data:`UNCHECKED` for each split of a name at
    ``:`` in ``tree`` (none: the module splits no name)."""
    found: list[str] = []
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for index, statement in enumerate(block):
                if isinstance(statement, ast.stmt) and _splits(statement):
                    parts = _parts(statement)
                    checked = parts is not None and any(
                        _raises_on_empty(later, parts) for later in block[index + 1 :]
                    )
                    found.append(CHECKED if checked else UNCHECKED)
    return found


def _splits(statement: ast.stmt) -> bool:
    """Whether the statement's own expressions (not those of the statements
    it holds) call ``.split(":"...)`` or ``.partition(":")``."""
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        if _split_call(node):
            return True
        stack.extend(c for c in ast.iter_child_nodes(node) if not isinstance(c, ast.stmt))
    return False


def _split_call(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("split", "partition", "rsplit", "rpartition")
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == ":"
    )


def _parts(statement: ast.stmt) -> tuple[str, str] | None:
    """The names the tool and the method are bound to: ``A, B =
    X.split(":", 1)``, ``A, B = X.split(":")``, ``A, _, B =
    X.partition(":")``; None for any other statement."""
    if not (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Tuple)
        and isinstance(statement.value, ast.Call)
        and _split_call(statement.value)
        and not statement.value.keywords
    ):
        return None
    call = statement.value
    assert isinstance(call.func, ast.Attribute)
    names = statement.targets[0].elts
    if not all(isinstance(name, ast.Name) for name in names):
        return None
    ids = [name.id for name in names if isinstance(name, ast.Name)]
    whole = len(call.args) == 1 or (
        len(call.args) == 2 and isinstance(call.args[1], ast.Constant) and call.args[1].value == 1
    )
    if call.func.attr == "split" and len(ids) == 2 and whole:
        return ids[0], ids[1]
    if call.func.attr == "partition" and len(ids) == 3 and len(call.args) == 1:
        return ids[0], ids[2]
    return None


def _raises_on_empty(statement: ast.stmt, parts: tuple[str, str]) -> bool:
    """``if not A or not B: ... raise ...`` (the last statement raises)."""
    if not isinstance(statement, ast.If) or not statement.body:
        return False
    if not isinstance(statement.body[-1], ast.Raise):
        return False
    if any(isinstance(s, (ast.Return, ast.Break, ast.Continue)) for s in statement.body):
        return False
    test = statement.test
    if not isinstance(test, ast.BoolOp) or not isinstance(test.op, ast.Or):
        return False
    negated = {
        value.operand.id
        for value in test.values
        if isinstance(value, ast.UnaryOp)
        and isinstance(value.op, ast.Not)
        and isinstance(value.operand, ast.Name)
    }
    return set(parts) <= negated
