"""A class attribute read through the instance, bound once in a class body
to a value nothing changes: ``ALLOWED = {"a", "b"}`` in the tool's class,
then ``if mode not in self.ALLOWED`` in a method. What ``self.ALLOWED``
holds is the class body's value when the method's own class binds it, no
other class of the module binds it, no method or property of that name
hides it, and the module's text neither sets it elsewhere (``self.ALLOWED =
...``, ``Tool.ALLOWED = ...``, ``setattr``) nor changes it
(``self.ALLOWED.add(...)``, ``self.ALLOWED[k] = v``, ``self.ALLOWED |=
...``, or a second name bound to a mutable value)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import libcst as cst

from doxtool.python.rebound import untrusted
from doxtool.python.receivers import class_values

if TYPE_CHECKING:
    from doxtool.python.modulescan import Func, ModuleScan

_AUGMENTED = r"(?:[-+*/%&|^@]|//|<<|>>|\*\*)="


def class_constant(
    scan: ModuleScan, func: Func, node: cst.BaseExpression
) -> cst.BaseExpression | None:
    """The value ``node`` (``self.NAME`` in a method of one of the module's
    classes) holds when it is the class body's value (see the module's
    docstring); None when that is not certain."""
    if type(node) is not cst.Attribute or type(node.value) is not cst.Name:
        return None
    owner = scan.classes.get(func.cls) if func.cls is not None else None
    if owner is None or func.self_name is None or node.value.value != func.self_name:
        return None
    name = node.attr.value
    if untrusted(name, scan.rebound) or any(name in cls.methods for cls in scan.classes.values()):
        return None
    own = class_values([owner.node], name)
    every = class_values([cls.node for cls in scan.classes.values()], name)
    if own is None or every is None or len(own) != 1 or len(every) != 1:
        return None
    if _changed(scan.loc.source, name, _mutable(own[0])):
        return None
    return own[0]


def _changed(source: str, name: str, mutable: bool) -> bool:
    """Whether the text may set or change the attribute ``name`` outside the
    class body: ``.name`` assigned, augmented, subscripted or given a method
    call (a false yes only leaves the value unknown), ``del``, ``:=``; when
    it holds a ``mutable`` container, also ``.name`` bound to another name."""
    attr = rf"\.\s*{re.escape(name)}\b"
    if re.search(rf"{attr}\s*(?:\.|\[|{_AUGMENTED}|=(?!=))", source):
        return True
    if re.search(rf"\bdel\b[^\n]*{attr}", source):
        return True
    return (
        mutable
        and re.search(rf"(?<![=!<>])=\s*[\w.]*{attr}\s*(?:$|[\n;#,)\]}}])", source) is not None
    )


def _mutable(value: cst.BaseExpression) -> bool:
    """Whether the value is a container a second name bound to it could
    change (``[...]``, ``{...}``, ``set(...)``)."""
    if type(value) is cst.Call:
        return not (type(value.func) is cst.Name and value.func.value in ("frozenset", "tuple"))
    return type(value) in (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)
