"""The loops of a module's functions that take a class by the order of another
module's names (:mod:`doxtool.core.loader_facts`), read from ``ast``'s tree.

A loop is one when it walks the result of ``inspect.getmembers(<x>,
inspect.isclass)`` (the call itself, or a name the function binds to it
once), directly or through ``reversed(...)``, and holds an ``if`` whose
test calls ``issubclass`` on the element (``cls[1]``, or the second name of
``for name, cls in ...``) and whose body ends the loop (``break`` or
``return``, under a flag or not: ``if one_per_file: break``). What the
test checks against is the class the framework's base is compared with: a
class the module names (imported at its top or in the function), or a
parameter of the function. Any other shape (a ``while`` loop, ``sorted``,
a list filtered first) is not read: no order is known from it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from doxtool.core.loader_facts import FIRST, LAST, LoaderFacts

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def tool_loaders(tree: ast.Module, module: str) -> list[LoaderFacts]:
    """The loops of ``tree``'s functions (methods and nested ones too) that
    take a class by the order of a module's names."""
    top = _imports(tree.body, module)
    top.update((node.name, f"{module}.{node.name}") for node in tree.body if _is_class(node))
    found: list[LoaderFacts] = []
    for qualified, function in _functions(tree.body, ""):
        names = {**top, **_imports(list(_own_nodes(function)), module)}
        found.extend(_loops(function, qualified, names))
    return found


def _is_class(node: ast.stmt) -> bool:
    return isinstance(node, ast.ClassDef)


def _functions(
    body: list[ast.stmt], prefix: str
) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for node in body:
        if isinstance(node, _FUNCTIONS):
            qualified = f"{prefix}{node.name}"
            yield qualified, node
            yield from _functions(node.body, f"{qualified}.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node.body, f"{prefix}{node.name}.")
        elif isinstance(node, (ast.If, ast.Try)):
            yield from _functions(node.body, prefix)


def _own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``function``'s body, not those of a function, class or
    lambda nested in it."""
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))


def _imports(nodes: list[ast.AST] | list[ast.stmt], module: str) -> dict[str, str]:
    """Name -> the dotted class or module an import among ``nodes`` binds it to."""
    bound: dict[str, str] = {}
    package = module.rpartition(".")[0]
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                parts = package.split(".") if package else []
                parts = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
                source = ".".join([*parts, *([source] if source else [])])
            for alias in node.names:
                if alias.name != "*":
                    bound[alias.asname or alias.name] = f"{source}.{alias.name}".lstrip(".")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    top = alias.name.partition(".")[0]
                    bound[top] = top
    return bound


def _dotted(node: ast.expr, names: dict[str, str]) -> str | None:
    """The dotted name an expression spells, its first name resolved."""
    if isinstance(node, ast.Name):
        return names.get(node.id, node.id)
    if isinstance(node, ast.Attribute):
        owner = _dotted(node.value, names)
        return f"{owner}.{node.attr}" if owner is not None else None
    return None


def _is_members_call(node: ast.expr, names: dict[str, str]) -> bool:
    """``inspect.getmembers(<x>, inspect.isclass)``, however ``inspect`` or
    its functions were imported."""
    if not isinstance(node, ast.Call) or len(node.args) != 2 or node.keywords:
        return False
    return (
        _dotted(node.func, names) == "inspect.getmembers"
        and _dotted(node.args[1], names) == "inspect.isclass"
    )


def _loops(
    function: ast.FunctionDef | ast.AsyncFunctionDef, qualified: str, names: dict[str, str]
) -> Iterator[LoaderFacts]:
    own = list(_own_nodes(function))
    # names bound once in the function, to the members' list
    bindings: dict[str, int] = {}
    members: set[str] = set()
    for node in own:
        for target in bound_names(node):
            bindings[target] = bindings.get(target, 0) + 1
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and _is_members_call(node.value, names)
        ):
            members.add(node.targets[0].id)
    members = {name for name in members if bindings.get(name) == 1}
    parameters = {a.arg for a in (*function.args.posonlyargs, *function.args.args)}
    parameters.update(a.arg for a in function.args.kwonlyargs)
    for node in own:
        if not isinstance(node, ast.For):
            continue
        order = _order(node.iter, members, names)
        element = _element(node.target)
        if order is None or element is None:
            continue
        for base in _taking_tests(node, element, names, parameters):
            yield LoaderFacts(qualified, node.lineno, order, base)
            break


def bound_names(node: ast.AST) -> Iterator[str]:
    """The names ``node`` binds itself (an ``except ... as`` name too)."""
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
        targets = [node.target]
    elif isinstance(node, (ast.With, ast.AsyncWith)):
        targets = [item.optional_vars for item in node.items if item.optional_vars is not None]
    elif isinstance(node, ast.Delete):
        targets = list(node.targets)
    elif isinstance(node, ast.ExceptHandler) and node.name:
        yield node.name
    for target in targets:
        for name in ast.walk(target):
            if isinstance(name, ast.Name):
                yield name.id


def _order(node: ast.expr, members: set[str], names: dict[str, str]) -> str | None:
    """The order a loop over ``node`` walks the sorted names in."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "reversed"
        and "reversed" not in names
        and len(node.args) == 1
        and not node.keywords
    ):
        return LAST if _order(node.args[0], members, names) == FIRST else None
    if isinstance(node, ast.Name) and node.id in members:
        return FIRST
    return FIRST if _is_members_call(node, names) else None


def _element(target: ast.expr) -> tuple[str, bool] | None:
    """The loop's name for the element and whether it is the pair (``cls``
    of ``for cls in``, whose class is ``cls[1]``) or the class itself
    (``cls`` of ``for name, cls in``)."""
    if isinstance(target, ast.Name):
        return target.id, True
    if (
        isinstance(target, (ast.Tuple, ast.List))
        and len(target.elts) == 2
        and isinstance(target.elts[1], ast.Name)
    ):
        return target.elts[1].id, False
    return None


def _is_class_of(node: ast.expr, element: tuple[str, bool]) -> bool:
    name, pair = element
    if not pair:
        return isinstance(node, ast.Name) and node.id == name
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and node.value.id == name
        and isinstance(node.slice, ast.Constant)
        and node.slice.value == 1
    )


def _taking_tests(
    loop: ast.For, element: tuple[str, bool], names: dict[str, str], parameters: set[str]
) -> Iterator[str]:
    """What the ``issubclass`` tests of the loop's ``if``s whose bodies end
    the loop check the element against (empty: a parameter)."""
    stack: list[ast.stmt] = list(loop.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (*_SCOPES, ast.For, ast.AsyncFor, ast.While)):
            continue  # a break there ends another loop
        if isinstance(node, ast.If):
            if _ends_loop(node.body):
                for call in ast.walk(node.test):
                    base = _tested(call, element, names, parameters)
                    if base is not None:
                        yield base
            stack.extend(node.body)
            stack.extend(node.orelse)
        elif isinstance(node, (ast.With, ast.AsyncWith, ast.Try)):
            stack.extend(node.body)


def _tested(
    node: ast.AST, element: tuple[str, bool], names: dict[str, str], parameters: set[str]
) -> str | None:
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "issubclass"
        and len(node.args) == 2
        and _is_class_of(node.args[0], element)
    ):
        return None
    base = node.args[1]
    if isinstance(base, ast.Name) and base.id in parameters:
        return ""
    dotted = _dotted(base, names)
    return dotted if dotted is not None and "." in dotted else None


def _ends_loop(body: list[ast.stmt]) -> bool:
    """Whether a ``break`` or ``return`` in ``body`` (under an ``if`` or not,
    not in a nested loop or function) ends the loop."""
    stack = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Break, ast.Return)):
            return True
        if isinstance(node, ast.If):
            stack.extend(node.body)
            stack.extend(node.orelse)
    return False
