"""The dicts a function is handed, under other names and merged with other
mappings, for its summary (part of :class:`~doxtool.python.functionwalk.FunctionWalk`),
as the libcst walk of a tool reads them (:mod:`doxtool.python.merges`,
:mod:`doxtool.python.dictescapes`):

- ``a = args``, ``a = dict(args)``, ``a = args or {}``, ``a = args if
  isinstance(args, dict) else {}``, ``getattr(tool, "args", {})``: the
  handed dict, read through another name or in place;
- ``args = DEFAULTS | args``, ``a = {**DEFAULTS, **args}``, ``cfg |= args``:
  the handed dict over defaults (:mod:`~doxtool.python.mergeforms`), whose
  reads are optional where the defaults hold the key;
- anywhere else the dict goes (``return args``, ``[args]``, ``tool.params =
  args``, a merge changed or handed on, ``for key in args``) the summary does
  not follow it: a read no one can name (``key`` empty) says the function
  takes keys it does not name.

Every parameter may be the dict a call hands (:mod:`doxtool.python.follow`
keeps the reads of those that are); one whose default or annotation says it
is no dict (``timeout=30``, ``text: str``) takes no keys where it goes.
"""

from __future__ import annotations

import ast
from functools import cached_property
from itertools import pairwise
from typing import Any

from doxtool.core.literaleval import literal_eval
from doxtool.core.summary_facts import KeyRead
from doxtool.python.astparse import parameter_defaults
from doxtool.python.astreadonly import only_read
from doxtool.python.keyreads import expression_code
from doxtool.python.keyvalues import shows_whole
from doxtool.python.mergeforms import (
    NO_KEY,
    OPAQUE,
    PLAIN,
    Merge,
    either,
    merge_parts,
    on_some_paths,
)
from doxtool.python.names import dotted_parts
from doxtool.python.readforms import DICT_READERS, KEY_METHODS
from doxtool.python.summaryscope import ModuleScope

#: (the sources a dict holds, a :class:`Merge` or :data:`OPAQUE`); a merge
#: holds one source
Held = tuple[tuple[str, ...], Any]

#: annotations (their last dotted part) of values that are no dict
_NOT_DICTS = frozenset(
    {"str", "int", "float", "bool", "bytes", "list", "tuple", "set", "frozenset", "Path"}
)
#: expressions that may be a handed dict, a copy or a merge of it
_HOLDERS = (
    ast.Name,
    ast.Attribute,
    ast.Call,
    ast.Dict,
    ast.BinOp,
    ast.BoolOp,
    ast.IfExp,
    ast.NamedExpr,
)
#: dotted names of the calls that copy the dict they are handed
_COPIES = (["copy", "copy"], ["copy", "deepcopy"], ["deepcopy"])


class HeldDicts:
    """Handed dicts under other names: a part of
    :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    params: list[str]
    sources: set[str]
    self_name: str | None
    reads: list[KeyRead]
    #: local name -> what it holds of a handed dict
    held_names: dict[str, Held]
    aliases: set[str]
    #: local name -> the dict display (or the copy of one) it was last assigned
    dict_literals: dict[str, ast.expr]
    #: sources a read no one can name was recorded for (one per source)
    hedged: set[str]
    #: the functions of the calls walked (``args.get`` in ``args.get("k")``)
    called: set[int]
    names: dict[str, str]
    owner: ModuleScope

    @cached_property
    def _rebound_nested(self) -> frozenset[str]:
        """Names a nested function rebinds (``nonlocal a``): past any call
        of it they may hold anything, so they hold no handed dict."""
        return frozenset(self.owner.binds().of(self.node).nonlocals)

    def _held(self, node: ast.expr | None) -> Held | None:
        """What ``node`` holds of the dicts the function is handed (None: none)."""
        expr: Any = node  # each branch knows the node's kind
        kind = type(expr)
        if kind is ast.Name:
            found = self.held_names.get(expr.id)
            if found is not None and expr.id not in self._rebound_nested:
                return found
            if expr.id in self.sources and expr.id != self.self_name:
                return (expr.id,), PLAIN
            return None
        if kind is ast.Attribute:
            value = expr.value
            if expr.attr == "args" and type(value) is ast.Name and value.id in self.params:
                return (f"{value.id}.args",), PLAIN
            return None
        if kind is ast.Call:
            return self._call_held(expr)
        if kind is ast.Dict:
            if None not in expr.keys:
                return None
            parts = [
                (None if key is None else _key_of(key), value)
                for key, value in zip(expr.keys, expr.values, strict=True)
            ]
            return self._merged(parts)
        if kind is ast.BinOp and type(expr.op) is ast.BitOr:
            operands: list[ast.expr] = []
            while type(expr) is ast.BinOp and type(expr.op) is ast.BitOr:
                operands.append(expr.right)
                expr = expr.left
            operands.append(expr)
            if any(type(o) is ast.Constant and o.value is not None for o in operands):
                return None  # ``flags | 4``: no dict
            return self._merged([(None, operand) for operand in reversed(operands)])
        if kind is ast.NamedExpr:
            return self._held(expr.value)
        if kind is ast.BoolOp:
            values = expr.values
            if type(expr.op) is ast.And:
                return self._held(values[-1])  # the others are tested
            held = self._held(values[0])
            for before, value in pairwise(values):
                held = self._either(held, self._held(value), before, value)
            return held
        if kind is ast.IfExp:
            body, orelse = expr.body, expr.orelse
            return self._either(self._held(body), self._held(orelse), body, orelse)
        return None

    def _call_held(self, node: ast.Call) -> Held | None:
        func = node.func
        args = node.args
        if type(func) is ast.Attribute:
            if func.attr == "copy" and not args and not node.keywords:
                return self._held(func.value)
        elif type(func) is ast.Name and func.id == "getattr":
            if 2 <= len(args) <= 3 and not node.keywords and _names_args(args):
                owner = args[0].id  # type: ignore[attr-defined]
                held: Held | None = ((f"{owner}.args",), PLAIN) if owner in self.params else None
                if held is not None and len(args) == 3:
                    # the default stands in when the object has no ``args``
                    return self._either(held, None, args[0], args[2])
                return held
            return None
        elif type(func) is ast.Name and func.id == "dict":
            if len(args) > 1 or any(type(a) is ast.Starred for a in args):
                return None
            parts: list[tuple[Any, ast.expr]] = [(None, a) for a in args]
            parts += [(k.arg, k.value) for k in node.keywords]
            return self._merged(parts) if parts else None
        dotted = dotted_parts(func)
        if dotted in _COPIES and len(args) == 1 and type(args[0]) is not ast.Starred:
            return self._held(args[0])
        is_cast = dotted is not None and self.owner.resolve(dotted, self.names) == "typing.cast"
        if is_cast and len(args) == 2 and type(args[1]) is not ast.Starred:
            return self._held(args[1])  # ``cast(T, x)`` is ``x``
        return None

    def _merged(self, parts: list[tuple[Any, ast.expr]]) -> Held | None:
        """What a merge holds (:func:`~doxtool.python.mergeforms.merge_parts`):
        of one source; a merge of two handed dicts (which one is the
        arguments only the call knows) holds them in a way not followed."""
        helds = [self._held(value) if key is None else None for key, value in parts]
        sources = tuple(dict.fromkeys(s for held in helds if held for s in held[0]))
        if not sources:
            return None
        if len(sources) > 1:
            return sources, OPAQUE
        held_of = dict(zip(map(id, (value for _, value in parts)), helds, strict=True))
        merge = merge_parts(
            parts,
            lambda value: (held_of.get(id(value)) or (None, None))[1],
            self._literal,
        )
        return (sources, merge) if merge is not None else None

    def _either(
        self, first: Held | None, second: Held | None, a: ast.expr, b: ast.expr
    ) -> Held | None:
        """What one of two expressions holds (``a or b``, ``a if t else b``)."""
        if first is not None and second is not None and first[0] != second[0]:
            return tuple(dict.fromkeys((*first[0], *second[0]))), OPAQUE
        other = b if first is not None else a
        if type(other) is ast.Constant and other.value is not None:
            return None  # ``timeout or 30``: no dict
        sources = (first or second or ((), None))[0]
        held = either(
            first[1] if first else None, second[1] if second else None, lambda: _keys(other)
        )
        return (sources, held) if held is not None else None

    def _literal(self, node: ast.expr) -> tuple[bool, Any]:
        """(True, value) of a literal, or of a module-level name bound once
        to one that the function does not rebind (``DEFAULTS``)."""
        if type(node) is ast.Name:
            bound = self.owner.literals.get(node.id)
            if bound is None or node.id in self._rebound():  # type: ignore[attr-defined]
                return False, None
            node = bound
        return _literal(node)

    def _readable(self, node: ast.expr) -> tuple[str, Merge] | None:
        """The source and merge of a dict whose keys a read reads (``d[k]``,
        ``d.get(k)``, ``k in d``)."""
        held = self._held(node)
        if held is None or held[1] is OPAQUE:
            return None
        return held[0][0], held[1]

    def _maybe_dict(self, source: str) -> bool:
        """Whether a parameter may be a dict (its default or annotation may say not)."""
        if "." in source:
            return True
        for param, default in parameter_defaults(self.node.args):
            if param.arg != source:
                continue
            if type(default) is ast.Constant and default.value is not None:
                return False
            if isinstance(default, (ast.List, ast.Tuple, ast.Set, ast.JoinedStr)):
                return False
            annotation = dotted_parts(param.annotation) if param.annotation else None
            return not annotation or annotation[-1] not in _NOT_DICTS
        return True

    def _hedge(self, held: Held, node: ast.expr) -> None:
        """The dicts ``node`` holds go where the summary does not follow
        them: each takes keys no one can name."""
        for source in held[0]:
            if source in self.hedged or not self._maybe_dict(source):
                continue
            self.hedged.add(source)
            self.reads.append(
                KeyRead(
                    key="",
                    source=source,
                    line=node.lineno,
                    column=node.col_offset + 1,
                    guarded=True,
                    computed=expression_code(node),
                    handed=True,
                )
            )

    def _escaped(self, node: ast.expr | None) -> None:
        """``node`` goes where the summary does not follow it (``return``,
        ``for key in ...``, ``tool.params = ...``)."""
        held = self._held(node) if node is not None else None
        if held is not None:
            self._hedge(held, node)  # type: ignore[arg-type]

    def _held_parts(self, node: ast.expr) -> list[ast.expr]:
        """The parts of an expression that holds a handed dict which make it up."""
        kind = type(node)
        if kind is ast.Call:
            parts = [*node.args, *(k.value for k in node.keywords)]  # type: ignore[attr-defined]
            if type(node.func) is ast.Attribute:  # type: ignore[attr-defined]
                parts.append(node.func.value)  # type: ignore[attr-defined]
            return parts
        if kind is ast.Dict:
            return [v for k, v in zip(node.keys, node.values, strict=True) if k is None]  # type: ignore[attr-defined]
        if kind is ast.BinOp:
            return [node.left, node.right]  # type: ignore[attr-defined]
        if kind is ast.BoolOp:
            return list(node.values)  # type: ignore[attr-defined]
        if kind is ast.IfExp:
            return [node.test, node.body, node.orelse]  # type: ignore[attr-defined]
        if kind is ast.NamedExpr:
            return [node.value]  # type: ignore[attr-defined]
        return []

    def _understood(self, node: ast.expr) -> list[ast.expr]:
        """The children of an expression (holding no handed dict itself)
        whose use of one the summary reads: a key read, an attribute, a test,
        a call it is handed to (:meth:`_call`), an f-string showing it."""
        kind = type(node)
        if kind is ast.Subscript:
            return [node.value] if self._readable(node.value) else []  # type: ignore[attr-defined]
        if kind is ast.Attribute:
            return [node.value]  # type: ignore[attr-defined]
        if kind is ast.Call:
            return [*node.args, *(k.value for k in node.keywords)]  # type: ignore[attr-defined]
        if kind is ast.Compare:
            return [node.left, *node.comparators]  # type: ignore[attr-defined]
        if kind is ast.UnaryOp:
            return [node.operand]  # type: ignore[attr-defined]
        if kind is ast.IfExp:
            return [node.test]  # type: ignore[attr-defined]
        if kind is ast.BoolOp:
            return list(node.values)  # type: ignore[attr-defined]
        if kind is ast.FormattedValue:
            return [node.value]  # type: ignore[attr-defined]
        return []

    def _handed_method(self, node: ast.Attribute) -> None:
        """``args.get`` not called where it is written (``get = args.get``,
        ``apply(args.get)``): what it reads where it is called the summary
        does not follow, so the dict takes keys no one names."""
        held = self._held(node.value) if node.attr in KEY_METHODS else None
        if held is not None:
            self._hedge(held, node)

    def _used(self, current: ast.expr, used: set[int]) -> None:
        """Walk ``current`` (an expression): if it holds a handed dict where
        the walk does not read that use, the dict takes keys no one names;
        the parts of it whose use it reads are ``used``."""
        if type(current) is ast.Call:
            self.called.add(id(current.func))
        elif type(current) is ast.Attribute and id(current) not in self.called:
            self._handed_method(current)
        if type(current) not in _HOLDERS:
            used.update(map(id, self._understood(current)))
            return
        held = self._held(current)
        if held is None:
            used.update(map(id, self._understood(current)))
            return
        if id(current) not in used:
            self._hedge(held, current)
        used.update(map(id, self._held_parts(current)))

    def _handed(self, node: ast.Call, followed: bool) -> None:
        """The dict handed whole to code that is not followed (a library's
        call, a model), a merge of it (``f(DEFAULTS | args)``) or its keys
        (``f(*args)``): it takes keys no one can name."""
        self._mutated(node)
        if self._held(node) is not None:
            return  # ``dict(args)``: a copy, where it goes is walked
        for arg in [*node.args, *(k.value for k in node.keywords)]:
            starred = type(arg) is ast.Starred
            held = self._held(arg.value if starred else arg)  # type: ignore[attr-defined]
            if held is None:
                continue
            plain = held[1] is not OPAQUE and held[1].plain
            if (starred or not followed or not plain) and not shows_whole(
                node, self.names, self.owner.resolve
            ):
                self._hedge(held, node)

    def _bind(self, name: str, value: ast.expr, top: bool = True) -> None:
        """``name = value``: a name for a handed dict (or a copy), for a
        merge of one the function only reads keys of, or for none of them (a
        parameter rebound to something else is still read as before). Not
        at the ``top`` of the body, a merge held before may still be held."""
        held = self._held(value)
        if not top:
            held = self._on_some_paths(name, held)
        self.held_names.pop(name, None)
        self.aliases.discard(name)
        if top and held is not None and self._itself(value) is not None:  # type: ignore[attr-defined]
            self.aliases.add(name)  # ``d = args``: the dict itself, not a copy
        self.dict_literals.pop(name, None)
        if held is None:
            if top and (type(value) is ast.Dict or _copy_of(value) is not None):
                self.dict_literals[name] = value  # what ``name |= args`` merges over
            return
        merge = held[1]
        if merge is not OPAQUE and (merge.plain or self._only_read(name)):
            self.held_names[name] = held
        else:
            self._hedge(held, value)
            self._unfollowed(name, held)

    def _augmented(self, stmt: ast.AugAssign) -> None:
        """``cfg |= args``: the handed dict over what ``cfg`` held; ``args |=
        {"mode": "x"}``: keys written over it."""
        target, value = stmt.target, stmt.value
        if type(target) is ast.Name:  # ``n += len(extra)``: no length of one value
            self._forget_length(target.id)  # type: ignore[attr-defined]
        held = self._held(value)
        if type(target) is not ast.Name or type(stmt.op) is not ast.BitOr:
            if held is not None:
                self._hedge(held, value)
            return
        name = target.id
        before = self._held(target)
        if held is None and before is None:
            self.dict_literals.pop(name, None)
            return
        prior: Any = self.dict_literals.get(name)
        prior = target if before is not None or prior is None else (_copy_of(prior) or prior)
        key = None if before is not None or prior is not target else NO_KEY
        merged = self._merged([(key, prior), (None, value)])
        if not self._top(stmt):  # type: ignore[attr-defined]
            merged = self._on_some_paths(name, merged)
        self.dict_literals.pop(name, None)
        self.held_names.pop(name, None)
        if merged is None:
            return
        if merged[1] is not OPAQUE and self._only_read(name):
            self.held_names[name] = merged
        else:
            self._hedge(merged, value)
            self._unfollowed(name, merged)

    def _on_some_paths(self, name: str, held: Held | None) -> Held | None:
        """What ``name`` holds past a rebinding to ``held`` on some paths
        only (:func:`~doxtool.python.mergeforms.on_some_paths`), when it
        held a merge of the same dict before and the function only reads keys of it."""
        before = self._held(ast.Name(id=name))
        if before is None or held is None or before[0] != held[0]:
            return held
        if not isinstance(before[1], Merge) or not isinstance(held[1], Merge):
            return held
        if not self._only_read(name):
            return held
        return held[0], on_some_paths(before[1], held[1])

    def _unfollowed(self, name: str, held: Held) -> None:
        """A parameter rebound to what the summary does not follow: its
        reads past that are no longer reads of the dict it was handed."""
        if name in self.sources:
            self.held_names[name] = (held[0], OPAQUE)

    def _mutated(self, node: ast.Call) -> None:
        """``cfg.setdefault("k", 1)``, ``cfg.update(...)``: a literal dict
        changed, no longer what ``cfg |= args`` merges over as written."""
        func = node.func
        receiver = func.value if type(func) is ast.Attribute else None
        if type(receiver) is ast.Name and func.attr not in DICT_READERS:  # type: ignore[union-attr]
            self.dict_literals.pop(receiver.id, None)

    def _only_read(self, name: str) -> bool:
        """:func:`~doxtool.python.astreadonly.only_read` of ``name`` in the
        function walked, worked out once per name."""
        known: dict[str, bool] = self.__dict__.setdefault("_only_reads", {})
        if name not in known:
            known[name] = only_read(self.node, name)
        return known[name]


def _key_of(node: ast.expr) -> Any:
    """A key written in a dict display: the string, or ``NO_KEY``."""
    if type(node) is ast.Constant and isinstance(node.value, str):
        return node.value
    return NO_KEY


def _names_args(args: list[ast.expr]) -> bool:
    """``getattr(<name>, "args", ...)``."""
    name = args[1]
    return (
        type(args[0]) is ast.Name
        and type(name) is ast.Constant
        and name.value == "args"
        and not any(type(a) is ast.Starred for a in args)
    )


def _literal(node: ast.expr) -> tuple[bool, Any]:
    """(True, value) of a literal; (False, None) for anything else."""
    try:
        return True, literal_eval(node)
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        return False, None


def _keys(node: ast.expr) -> frozenset[str] | None:
    """The keys of a literal dict (values need not be literals), or of None."""
    if type(node) is ast.Dict:
        keys = [_key_of(k) if k is not None else NO_KEY for k in node.keys]
        return None if NO_KEY in keys else frozenset(keys)
    if type(node) is ast.Constant and node.value is None:
        return frozenset()
    if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == "dict":
        return frozenset() if not node.args and not node.keywords else None
    return None


def _copy_of(node: ast.expr) -> ast.expr | None:
    """What ``dict(X)`` or ``X.copy()`` copies."""
    if type(node) is not ast.Call or node.keywords:
        return None
    func = node.func
    if type(func) is ast.Attribute and func.attr == "copy" and not node.args:
        return func.value
    if type(func) is ast.Name and func.id == "dict" and len(node.args) == 1:
        return None if type(node.args[0]) is ast.Starred else node.args[0]
    return None
