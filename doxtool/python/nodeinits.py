"""Constructors for libcst's nodes that store their fields and nothing more.

libcst's native parser builds every node by calling its class, and each class
is a frozen dataclass: its generated ``__init__`` stores a field with
``object.__setattr__(self, name, value)`` (a frozen class forbids plain
assignment) and then calls ``__post_init__``, which validates the node. A
parse of a tool module builds some 400 nodes per KB of source (four in ten of
them ``SimpleWhitespace``), so those calls are a fifth of the parse. A tree
the parser built from source is valid by construction
(:mod:`doxtool.python.cstparse` already skips the validation), and each field
can be stored through the slot's own descriptor (or the instance's
``__dict__`` for a class that has one), which skips the attribute lookup.

:func:`installed` swaps in such a constructor for every node class whose
``__init__`` is the one the dataclass wrote and whose fields are plain (no
``init=False``, keyword-only or ``InitVar`` field, no ``__post_init__`` but
the base's), for the length of a block, and puts the originals back however
the block ends. The constructors take the same parameters with the same
defaults, in the same order, and store the same values: the tree is the one
``libcst.parse_module`` returns, node for node (the tests compare them). They
are written out once per process, as one piece of source compiled once (about
17 ms), so a run uses them only when it parses enough modules to
make that back (:data:`doxtool.run.pool.STORING_MODULES`).
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from libcst._nodes.base import CSTNode

from doxtool.core.nested import NestedSwitch

_built: dict[type, tuple[Callable[..., None], Callable[..., None]]] | None = None


def _node_classes() -> list[type]:
    """Every class deriving from ``CSTNode`` that its module holds, each once
    (a class with slots is made anew from the one its body defined, which
    lingers among the subclasses until it is collected)."""
    seen: dict[type, None] = {}
    stack: list[type] = [CSTNode]
    while stack:
        for sub in stack.pop().__subclasses__():
            if sub not in seen:
                seen[sub] = None
                stack.append(sub)
    return [
        cls for cls in seen if getattr(sys.modules.get(cls.__module__), cls.__name__, None) is cls
    ]


def _plain(cls: type) -> bool:
    """Whether ``cls``'s constructor is the dataclass's, over plain fields."""
    init = cls.__dict__.get("__init__")
    params = cls.__dict__.get("__dataclass_params__")
    if init is None or params is None or not params.init:
        return False
    if getattr(cls, "__post_init__", None) is not CSTNode.__post_init__:
        return False  # another class's check, or one swapped in for a block
    all_fields = cls.__dict__.get("__dataclass_fields__", {})
    initvar = dataclasses._FIELD_INITVAR  # type: ignore[attr-defined]
    if any(f._field_type is initvar for f in all_fields.values()):
        return False  # a parameter that is no field
    fields = dataclasses.fields(cls)
    if not all(f.init and not f.kw_only for f in fields):
        return False
    # the dataclass's own, not one written by hand: its parameters are the fields
    code = getattr(init, "__code__", None)
    names = tuple(f.name for f in fields)
    return (
        code is not None
        and code.co_varnames[1 : 1 + len(names)] == names
        and (code.co_argcount == 1 + len(names))
    )


def _setter(cls: type, name: str) -> Any:
    """The slot descriptor's ``__set__`` for field ``name``, or None when the
    field lives in the instance's ``__dict__``.

    Raises ValueError when assigning the field runs code (a property)."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            held = klass.__dict__[name]
            if type(held).__name__ == "member_descriptor":
                return held.__set__
            if hasattr(type(held), "__set__"):
                raise ValueError(f"{cls.__name__}.{name} is set through {type(held).__name__}")
            return None  # a default value: the field goes into the instance's dict
    return None


def _source(cls: type, index: int, names: dict[str, Any]) -> str:
    """The constructor of ``cls`` as source; what it refers to goes into ``names``."""
    params: list[str] = []
    body: list[str] = []
    uses_dict = False
    for number, field in enumerate(dataclasses.fields(cls)):
        name = field.name
        local = f"_{index}_{number}"
        if field.default is not dataclasses.MISSING:
            names[local + "_d"] = field.default
            params.append(f"{name}={local}_d")
            value = name
        elif field.default_factory is not dataclasses.MISSING:
            names[local + "_f"] = field.default_factory
            params.append(f"{name}=_FACTORY")
            value = f"{local}_f() if {name} is _FACTORY else {name}"
        else:
            params.append(name)
            value = name
        setter = _setter(cls, name)
        if setter is None:
            uses_dict = True
            body.append(f"    d[{name!r}] = {value}")
        else:
            names[local + "_s"] = setter
            body.append(f"    {local}_s(self, {value})")
    if uses_dict:
        body.insert(0, "    d = self.__dict__")
    head = f"def _init_{index}({', '.join(['self', *params])}):"
    return "\n".join([head, *(body or ["    pass"])])


def _build() -> dict[type, tuple[Callable[..., None], Callable[..., None]]]:
    """Each plain node class's (original, storing-only) constructor; none when
    they cannot be written (a Python or libcst whose classes are made
    otherwise): the parse is then libcst's own, only slower."""
    try:
        return _written()
    except Exception:
        return {}


def _written() -> dict[type, tuple[Callable[..., None], Callable[..., None]]]:
    names: dict[str, Any] = {"_FACTORY": object()}
    classes: list[type] = []
    chunks: list[str] = []
    for cls in _node_classes():
        if _plain(cls):
            try:
                chunks.append(_source(cls, len(classes), names))
            except ValueError:
                continue  # left as the dataclass wrote it
            classes.append(cls)
    exec(compile("\n\n".join(chunks), "<doxtool node constructors>", "exec"), names)
    built: dict[type, tuple[Callable[..., None], Callable[..., None]]] = {}
    for index, cls in enumerate(classes):
        function = names[f"_init_{index}"]
        function.__qualname__ = f"{cls.__qualname__}.__init__"
        built[cls] = (cls.__dict__["__init__"], function)
    return built


def _store_only() -> None:
    global _built
    if _built is None:
        _built = _build()
    for cls, (_, storing) in _built.items():
        cls.__init__ = storing  # type: ignore[misc]


def _restore() -> None:
    for cls, (original, _) in (_built or {}).items():
        cls.__init__ = original  # type: ignore[misc]


_STORING = NestedSwitch(_store_only, _restore)


def installed() -> AbstractContextManager[None]:
    """Inside the block, the plain node classes store their fields and nothing
    more (nestable, thread-aware: :class:`~doxtool.core.nested.NestedSwitch`).
    Nodes built by hand inside it are not validated either."""
    return _STORING.block()
