"""Attributes of a module's classes given a value outside their class body:
``Tool.store = FileStore()`` in the module, ``type(self).store = ...`` or
``self.__class__.store = ...`` in a method, ``setattr(obj, "store", ...)``
anywhere. What the class body sets such an attribute to (``store =
NullStore()``) is not all ``self.store`` may hold. Read with ``ast`` only.
"""

from __future__ import annotations

import ast
import weakref

#: in :func:`rebound_attributes`: a ``setattr`` whose name is not a literal
#: string, which may set any attribute
ANY = "*"


#: what :func:`rebound_attributes` found, once per tree while it lives (the
#: outline and the reading of opaque calls both ask)
_FOUND: weakref.WeakKeyDictionary[ast.Module, tuple[str, ...]] = weakref.WeakKeyDictionary()


def rebound_attributes(tree: ast.Module) -> list[str]:
    """The names of the attributes the module sets on one of its classes
    outside the class body (an assignment, augmented assignment, loop or
    ``with`` target, ``del``), or through ``setattr`` on any object, sorted;
    :data:`ANY` among them when a ``setattr`` names its attribute at run time."""
    found = _FOUND.get(tree)
    if found is None:
        found = _FOUND[tree] = _read(tree)
    return list(found)


def _read(tree: ast.Module) -> tuple[str, ...]:
    """:func:`rebound_attributes`, read in one walk of the tree."""
    classes: set[str] = set()
    targets: list[ast.Attribute] = []
    setattrs: list[ast.Call] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            classes.add(node.name)
        elif isinstance(node, ast.Attribute):
            if isinstance(node.ctx, (ast.Store, ast.Del)):
                targets.append(node)
        elif isinstance(node, ast.Call) and is_setattr(node.func):
            setattrs.append(node)
    return _found(classes, targets, setattrs)


def remember(
    tree: ast.Module, classes: set[str], targets: list[ast.Attribute], setattrs: list[ast.Call]
) -> None:
    """Hold what :func:`rebound_attributes` gives for ``tree``, from what a
    walk of every node of it collected: the names of its classes, every
    attribute stored or deleted and every call whose function
    :func:`is_setattr` (a walk that visits every node anyway need not have
    this module walk the tree again)."""
    _FOUND[tree] = _found(classes, targets, setattrs)


def _found(
    classes: set[str], targets: list[ast.Attribute], setattrs: list[ast.Call]
) -> tuple[str, ...]:
    found: set[str] = set()
    for node in setattrs:
        if len(node.args) < 2:
            found.add(ANY)
            continue
        name = node.args[1]
        if isinstance(name, ast.Constant) and isinstance(name.value, str):
            found.add(name.value)
        else:
            found.add(ANY)
    # a class may be defined after the code setting its attribute
    found.update(node.attr for node in targets if _names_a_class(node.value, classes))
    return tuple(sorted(found))


def is_setattr(func: ast.expr) -> bool:
    """Whether a call of ``func`` is one of ``setattr`` (or ``builtins.setattr``)."""
    if isinstance(func, ast.Name):
        return func.id == "setattr"
    return isinstance(func, ast.Attribute) and func.attr == "setattr"  # builtins.setattr


def _names_a_class(node: ast.expr, classes: set[str]) -> bool:
    """Whether ``node`` is a class of the module (``Tool``) or the class of
    an object (``type(self)``, ``self.__class__``)."""
    if isinstance(node, ast.Name):
        return node.id in classes
    if isinstance(node, ast.Attribute):
        return node.attr == "__class__"
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "type"
        and len(node.args) == 1
    )


def untrusted(attr: str, rebound: list[str] | tuple[str, ...] | frozenset[str]) -> bool:
    """Whether a class-body value of ``attr`` may not be what it holds."""
    return attr in rebound or ANY in rebound
