"""Which classes of a module are a tool base by what the module defines, for
``doxtool init`` in a repository whose base is not ``class Tool`` in a
``tool.py`` (a fork's ``class BaseTool`` in ``framework/tool_base.py``).

A tool's ``execute`` returns ``Response(message, break_loop)``: a base is a
top-level class defining ``execute`` in a module that defines ``Response``
at its top level too, deriving from no class of that module (a subclass
there is a tool, or a shared base below the base) and from nothing but
what a root class derives from (``ABC``, ``object``, ``Generic[...]``).
Beside ``class Tool`` (a ``tool.py``), a second base's ``execute`` takes
``**kwargs``, as the framework calls it. The module is parsed with ``ast``,
never imported or run.
"""

from __future__ import annotations

import ast

#: bases a root class of a hierarchy may name
_ROOT_BASES = frozenset({"ABC", "object", "Generic", "Protocol"})


def base_classes(source: str) -> list[str]:
    """The names of the classes of ``source`` that are a tool base; none when
    it defines no ``Response`` or does not parse."""
    if "Response" not in source or "execute" not in source:
        return []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    classes = [stmt for stmt in tree.body if isinstance(stmt, ast.ClassDef)]
    names = {cls.name for cls in classes}
    if "Response" not in names:
        return []
    # beside ``class Tool`` (a ``tool.py``), a second base takes the
    # arguments as a tool's ``execute`` does (``**kwargs``): a class of other
    # work named so (``class Retry: async def execute(self, fn)``) is none
    beside = "Tool" in names
    return [
        cls.name
        for cls in classes
        if cls.name != "Response"
        and _defines_execute(cls, keywords=beside and cls.name != "Tool")
        and _is_root(cls, names)
    ]


def _defines_execute(cls: ast.ClassDef, keywords: bool = False) -> bool:
    """Whether ``cls`` defines ``execute`` (``keywords``: taking ``**kwargs``)."""
    return any(
        isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
        and stmt.name == "execute"
        and (not keywords or stmt.args.kwarg is not None)
        for stmt in cls.body
    )


def _is_root(cls: ast.ClassDef, local: set[str]) -> bool:
    for base in cls.bases:
        node = base.value if isinstance(base, ast.Subscript) else base
        if isinstance(node, ast.Name):
            name = node.id
        elif isinstance(node, ast.Attribute):
            name = node.attr
        else:
            return False
        if name in local or name not in _ROOT_BASES:
            return False
    return True
