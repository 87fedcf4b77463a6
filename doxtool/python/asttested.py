"""The JSON types a helper's code tests a name for with ``isinstance``
(read with ``ast``, for the summaries of helpers: part of
:class:`~doxtool.python.keyvalues.KeyValues`), the way the tool walk's
:func:`~doxtool.python.readvalues.tested_types` does: in the function
itself (``if isinstance(tags, list): ...``), or in a function or method of
the same module the name is handed to (``_norm(tags)``, ``self._norm(tags)``,
where ``_norm`` tests its parameter). A string method on a value the code
tests for another type then says nothing of its type, as in the tool walk.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterable, Sequence

from doxtool.python.astwalk import walk
from doxtool.python.readforms import COERCIONS, ISINSTANCE_TYPES, type_refusal

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def tested_names(nodes: Iterable[ast.AST]) -> dict[str, set[str]]:
    """Each name ``isinstance(name, <types>)`` tests among ``nodes`` -> the
    JSON types tested (``"?"`` for a class that is none of them)."""
    found: dict[str, set[str]] = {}
    for node in nodes:
        tested = isinstance_test(node)
        if tested is not None:
            found.setdefault(tested[0], set()).update(_types(tested[1]))
    return found


def isinstance_test(node: ast.AST) -> tuple[str, ast.expr] | None:
    """``(name, types)`` of ``isinstance(name, types)``; None for any other node."""
    if (
        type(node) is ast.Call
        and type(node.func) is ast.Name
        and node.func.id == "isinstance"
        and len(node.args) == 2
        and type(node.args[0]) is ast.Name
    ):
        return node.args[0].id, node.args[1]
    return None


def isinstance_refusal(node: ast.expr) -> tuple[ast.expr, str] | None:
    """``not isinstance(x, dict)`` or ``not isinstance(x, (list, tuple))``
    naming builtin types only: the value tested and the kind of refusal
    (:func:`~doxtool.python.readforms.type_refusal`), as the tool walk reads
    it (:func:`~doxtool.python.absencetests._isinstance_of`); a class of
    another kind may take any value, ``None`` too."""
    if not (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)):
        return None
    call = node.operand
    if not (
        type(call) is ast.Call
        and type(call.func) is ast.Name
        and call.func.id == "isinstance"
        and len(call.args) == 2
        and not call.keywords
        and not any(type(a) is ast.Starred for a in call.args)
    ):
        return None
    kinds = call.args[1]
    items = kinds.elts if type(kinds) is ast.Tuple else [kinds]
    names = tuple(i.id for i in items if type(i) is ast.Name)
    if not names or len(names) != len(items) or any(n not in ISINSTANCE_TYPES for n in names):
        return None
    return call.args[0], type_refusal(names)


class Callees:
    """The functions of one module and the methods of each of its classes,
    and what each tests with ``isinstance`` (:func:`tested_names`), each
    read once for the summaries of all its functions."""

    def __init__(self, tree: ast.Module) -> None:
        self.functions = {
            s.name: s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
        }
        self._tree = tree
        self._methods: dict[str | None, dict[str, FunctionNode]] = {}
        self._tests: dict[int, dict[str, set[str]]] = {}

    def methods(self, cls: str | None) -> dict[str, FunctionNode]:
        """The methods of the module's last class named ``cls`` ({} for none)."""
        found = self._methods.get(cls)
        if found is None:
            found = {}
            for stmt in self._tree.body:
                if isinstance(stmt, ast.ClassDef) and stmt.name == cls:
                    found = {
                        s.name: s
                        for s in stmt.body
                        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                    }
            self._methods[cls] = found
        return found

    def tests(self, callee: FunctionNode) -> dict[str, set[str]]:
        """What ``callee`` tests (:func:`tested_names`), walked once."""
        found = self._tests.get(id(callee))
        if found is None:
            found = self._tests[id(callee)] = tested_names(walk(callee))
        return found


def handed_tests(
    nodes: Iterable[ast.AST],
    tree: ast.Module | Callees,
    cls: str | None,
    self_name: str | None,
    wanted: Collection[str] | None = None,
) -> dict[str, set[str]]:
    """Each name handed among ``nodes`` to a function of the module
    (``_norm(x)``) or a method of the class ``cls`` called on ``self_name``
    (``self._norm(x)``) that tests the parameter it lands in with
    ``isinstance`` -> the JSON types tested there; only the names in
    ``wanted`` when given. ``tree``: the module's tree, or its
    :class:`Callees` when they were read already."""
    callees = tree if isinstance(tree, Callees) else Callees(tree)
    functions = callees.functions
    methods = callees.methods(cls)
    found: dict[str, set[str]] = {}
    for node in nodes:
        if type(node) is not ast.Call:
            continue
        func = node.func
        callee: FunctionNode | None = None
        bound = False
        if type(func) is ast.Name:
            callee = functions.get(func.id)
        elif (
            type(func) is ast.Attribute
            and type(func.value) is ast.Name
            and func.value.id == self_name
            and not _static(methods.get(func.attr))
        ):
            callee, bound = methods.get(func.attr), True
        if callee is None:
            continue
        for name, param in _landing(node, callee, bound):
            if wanted is not None and name not in wanted:
                continue
            kinds = callees.tests(callee).get(param)
            if kinds:
                found.setdefault(name, set()).update(kinds)
    return found


def _landing(call: ast.Call, callee: FunctionNode, bound: bool) -> list[tuple[str, str]]:
    """(name handed, the parameter it lands in) for each plain name ``call``
    hands to ``callee`` (``bound``: its first parameter is the instance)."""
    args = callee.args
    positional: Sequence[ast.arg] = [*args.posonlyargs, *args.args][1 if bound else 0 :]
    pairs: list[tuple[str, str]] = []
    for index, value in enumerate(call.args):
        if type(value) is ast.Starred:
            break
        if type(value) is ast.Name and index < len(positional):
            pairs.append((value.id, positional[index].arg))
    named = {a.arg for a in [*args.args, *args.kwonlyargs]}
    for keyword in call.keywords:
        if keyword.arg in named and type(keyword.value) is ast.Name:
            pairs.append((keyword.value.id, keyword.arg))
    return pairs


def _static(node: FunctionNode | None) -> bool:
    return node is not None and any(
        type(d) is ast.Name and d.id == "staticmethod" for d in node.decorator_list
    )


def _types(node: ast.expr) -> set[str]:
    if type(node) is ast.Tuple:
        return {kind for element in node.elts for kind in _types(element)}
    kind = COERCIONS.get(node.id) if type(node) is ast.Name else None
    return {kind or "?"}
