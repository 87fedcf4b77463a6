"""The arguments handed whole to a class or a call (part of
:class:`~doxtool.python.toolscan.ToolScan`).

``CrawlParams(**self.args)`` into a plain dataclass of the module reads each
field as an argument (required without a default); so do
``FetchParams(**self.args)``, ``FetchParams.model_validate(self.args)`` and
``FetchParams.parse_obj(self.args)`` into a pydantic model of the module
whose fields are plain (``url: str``, ``timeout: float = 15.0``,
``max_chars: int = Field(default=4000)``). Anything else the dict is handed
to whole, and that the walk does not follow (a model it cannot read, a
library's call), takes arguments no one can name: they are not known.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.core.facts import ArgumentRead
from doxtool.python.annotations import is_union, type_of_annotation
from doxtool.python.callees import super_method
from doxtool.python.cstcode import bare_code
from doxtool.python.cstnodes import dotted_name, splat_fills, suite_body
from doxtool.python.emptystars import empty_stars
from doxtool.python.literals import literal_value
from doxtool.python.mergeforms import OPAQUE
from doxtool.python.readforms import (
    RENDERING_METHODS,
    SHOWING_CALLS,
    SHOWING_METHODS,
    SHOWS,
    is_exception_name,
)
from doxtool.python.walkstate import Env

#: a field whose default is not a value (``field(default_factory=list)``)
NO_VALUE: Any = cst.Name("None")

#: (name, annotation, default: None when the field has none, whether the
#: model refuses some values its annotation takes: ``Field(ge=1)``)
Field = tuple[str, cst.BaseExpression, "cst.BaseExpression | None", bool]

#: the bases a pydantic model derives from
_PYDANTIC_BASES = frozenset(
    {"pydantic.BaseModel", "pydantic.main.BaseModel", "pydantic.v1.BaseModel"}
)
#: the class methods that validate a dict into a model: pydantic 2's, and 1's
_VALIDATORS = {"model_validate": True, "parse_obj": False}
#: ``Field(...)`` keywords that change neither a field's key nor whether it is needed
_PLAIN_FIELD_KEYWORDS = frozenset(
    {"default", "default_factory", "description", "title", "examples", "repr", "exclude"}
)
#: ``Field(...)`` keywords that refuse values: which ones the field accepts is not known
_CONSTRAINTS = frozenset(
    {
        "gt",
        "ge",
        "lt",
        "le",
        "multiple_of",
        "min_length",
        "max_length",
        "pattern",
        "regex",
        "strict",
        "allow_inf_nan",
    }
)
#: ``model_config`` keys that change neither the fields' keys nor their values
_PLAIN_CONFIG = frozenset({"extra", "frozen", "title", "validate_assignment", "use_enum_values"})
#: pydantic's lax conversions that are the builtin's: ``"30"`` for an ``int`` field
_LAX = {"integer": "int", "number": "float"}
#: builtins that make a text of what they are handed (``str(self.args)``)
_TEXTS = frozenset({"str", "repr", "format"})


class HandedWhole:
    """Arguments handed whole: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _wholesale_call(self, node: cst.Call, env: Env) -> None:
        """``kwargs.items()``, ``f(**kwargs)`` into code that is not followed
        or with other splats (``f(*a, **kwargs)``: which parameters the
        arguments fill is not known), or the dict handed whole to a call the
        walk does not follow: the tool takes arguments it does not name."""
        func = node.func
        if (
            type(func) is cst.Attribute
            and func.attr.value in ("items", "keys", "values")
            and not node.args
            and self._dict_value(func.value, env) is not None  # type: ignore[attr-defined]
        ):
            self._wholesale(node, env)  # type: ignore[attr-defined]
            return
        if self._dict_value(node, env) is not None:  # type: ignore[attr-defined]
            return  # ``dict(self.args)``: a copy, whose own use is the arguments'
        if self._hands_dict_text(node, env):
            # ``store.save(str(self.args))``: the text of every argument handed on
            self._wholesale(node, env)  # type: ignore[attr-defined]
            return
        held = [
            (a, value)
            for a in node.args
            if (value := self._dict_value(a.value, env)) is not None  # type: ignore[attr-defined]
        ]
        if not held:
            return
        if any(a.star == "*" or value is OPAQUE or not value.plain for a, value in held):
            # ``f(DEFAULTS | self.args)``: what it reads of a merge is not
            # followed; ``f(*self.args)``: every key
            if not self._is_response_call(node, env) and not self._shows(node, env):  # type: ignore[attr-defined]
                self._wholesale(node, env)  # type: ignore[attr-defined]
            return
        if any(a.star == "**" for a, _ in held):
            if self._is_response_call(node, env) or self._model_splat(node, env):  # type: ignore[attr-defined]
                return
            if splat_fills(node, empty_stars(node, env.func, self.entry))[1]:  # type: ignore[attr-defined]
                self._wholesale(node, env)  # type: ignore[attr-defined]
                return
            if not self._followed(node, env):
                self._wholesale(node, env)  # type: ignore[attr-defined]
            return
        if self._model_validation(node, env) or self._followed(node, env):
            return
        if self._is_response_call(node, env) or self._shows(node, env):  # type: ignore[attr-defined]
            return
        self._wholesale(node, env)  # type: ignore[attr-defined]

    def _followed(self, node: cst.Call, env: Env) -> bool:
        """Whether the call is followed: into a function of this module, or a
        function, method or object of another module of the repository
        (:mod:`doxtool.python.follow`, which says when it cannot be read)."""
        if self._callee(node, env) is not None:  # type: ignore[attr-defined]
            return True
        if super_method(node.func) is not None and env.func.cls is not None:
            # a base's method elsewhere: followed into the base, which says
            # when it cannot be read (:mod:`doxtool.python.follow`)
            return True
        dotted = dotted_name(node.func)
        if dotted is None:
            return False
        if env.self_name is not None and dotted[0] == env.self_name:
            return len(dotted) == 2 and env.func.cls is not None
        if len(dotted) == 2 and dotted[0] in env.instances:
            return True
        scan = self.scan  # type: ignore[attr-defined]
        qualified = scan._resolve(dotted, env.names)
        return (
            qualified is not None
            and qualified.split(".", 1)[0] in scan.local_roots
            and not qualified.startswith(scan.module + ".")
        )

    def _hands_dict_text(self, node: cst.Call, env: Env) -> bool:
        """Whether the call is handed the text of the arguments dict
        (``str(self.args)``, ``json.dumps(self.args)``) to do more than show
        it: no call that logs or prints, no ``Response``, no exception, no
        prompt rendered with it (``read_prompt(..., tool_args=...)``)."""
        if self._shows(node, env) or self._is_response_call(node, env):  # type: ignore[attr-defined]
            return False
        dotted = dotted_name(node.func)
        if dotted is not None and (
            is_exception_name(dotted[-1]) or dotted[-1] in RENDERING_METHODS
        ):
            return False  # an error, or a prompt's text showing them
        return any(type(a.value) is cst.Call and self._dict_text(a.value, env) for a in node.args)

    def _dict_text(self, node: cst.Call, env: Env) -> bool:
        """Whether ``node`` makes a text of the whole arguments dict."""
        dotted = dotted_name(node.func)
        if dotted is None or not node.args or node.args[0].star:
            return False
        if len(dotted) == 1:
            texts = dotted[0] in _TEXTS and dotted[0] not in env.names
        else:
            texts = self.scan._resolve(dotted, env.names) in SHOWING_CALLS - {"pprint.pprint"}  # type: ignore[attr-defined]
        return texts and self._dict_value(node.args[0].value, env) is not None  # type: ignore[attr-defined]

    def _shows(self, node: cst.Call, env: Env) -> bool:
        """A builtin or a library's call that shows or tests the dict
        (``len(self.args)``, ``json.dumps(self.args)``)."""
        func = node.func
        if type(func) is cst.Attribute and func.attr.value in SHOWING_METHODS:
            return True
        dotted = dotted_name(func)
        if dotted is None:
            return False
        if len(dotted) == 1:
            return dotted[0] in SHOWS and dotted[0] not in env.names
        qualified = self.scan._resolve(dotted, env.names)  # type: ignore[attr-defined]
        return qualified in SHOWING_CALLS

    # -- models of the module ----------------------------------------------------

    def _model_splat(self, node: cst.Call, env: Env) -> bool:
        """``Params(**self.args)`` into a dataclass or a pydantic model of the
        module whose fields are read: True when so."""
        if len(node.args) != 1 or node.args[0].star != "**":
            return False
        if not self._is_dict_source(node.args[0].value, env):  # type: ignore[attr-defined]
            return False
        dotted = dotted_name(node.func)
        if dotted is None or len(dotted) != 1 or dotted[0] in env.names:
            return False
        cls = self.scan.classes.get(dotted[0])  # type: ignore[attr-defined]
        if cls is None or "__init__" in cls.methods:
            return False
        if not cls.bases and self._is_dataclass(cls):
            fields = dataclass_fields(cls.node)
            if fields is None:
                return False
            self._fields_read(node, env, fields, "dataclass")
            return True
        return self._pydantic_read(node, env, cls, version_two=False)

    def _model_validation(self, node: cst.Call, env: Env) -> bool:
        """``Params.model_validate(self.args)`` (pydantic 2) or
        ``Params.parse_obj(self.args)`` (pydantic 1) on a model of the module
        whose fields are read: True when so."""
        func = node.func
        if type(func) is not cst.Attribute or func.attr.value not in _VALIDATORS:
            return False
        if len(node.args) != 1 or node.args[0].star or node.args[0].keyword is not None:
            return False
        if not self._is_dict_source(node.args[0].value, env):  # type: ignore[attr-defined]
            return False
        if type(func.value) is not cst.Name or func.value.value in env.names:
            return False
        cls = self.scan.classes.get(func.value.value)  # type: ignore[attr-defined]
        if cls is None or "__init__" in cls.methods:
            return False
        return self._pydantic_read(node, env, cls, _VALIDATORS[func.attr.value])

    def _pydantic_read(self, node: cst.Call, env: Env, cls: Any, version_two: bool) -> bool:
        if len(cls.resolved) != 1 or cls.resolved[0] not in _PYDANTIC_BASES:
            return False
        fields = pydantic_fields(cls.node, version_two)
        if fields is None:
            return False
        self._fields_read(node, env, fields, "pydantic 2" if version_two else "pydantic")
        return True

    def _fields_read(self, node: cst.Call, env: Env, fields: list[Field], model: str) -> None:
        """Each field an argument: required without a default. A pydantic
        model converts ``"30"`` for an ``int`` field (pydantic 1 any value
        for a ``str`` one) and refuses what its type does not take: a
        boolean's spellings are many, so its type is not stated, and only a
        ``Literal`` names the values."""
        scan = self.scan  # type: ignore[attr-defined]
        line, column = scan.loc.expression(node, env.stmt or env.func.node)
        for name, annotation, default, constrained in fields:
            builder = self._arg(name)  # type: ignore[attr-defined]
            has_default = default is not None
            builder.reads.append(
                ArgumentRead(line, column, "parameter", has_default, env.func.qualname)
            )
            if not has_default and not env.conditional and not env.branches:
                self._needed_read(name, env)  # type: ignore[attr-defined]
            elif not has_default:  # the model is built on some calls only
                builder.sometimes_read = True
            elif default is not NO_VALUE and default is not None:
                ok, value = self._value(default)  # type: ignore[attr-defined]
                if ok:
                    builder.set_default(value)
            kind = type_of_annotation(annotation)
            if model != "dataclass":
                values = _literal_values(annotation, self.module)  # type: ignore[attr-defined]
                if values is not None and not constrained:
                    for value in values:
                        builder.add_enum(value)
                    kind = None
                elif kind not in ("string", "integer", "number", "array", "object"):
                    # an enum, a model: refuses some values, not those a
                    # closed dispatch before it refused (:mod:`.conversions`)
                    builder.values_narrowed = True
                    kind = None
                builder.values_narrowed = builder.values_narrowed or constrained
                lax = {**_LAX, "string": "str"} if model == "pydantic" else _LAX
                if kind in lax and not constrained:
                    builder.coercion = builder.coercion or lax[kind]
                # the model validates the value: its type is what it accepts
                builder.used_type = builder.used_type or kind
            builder.annotation_type = builder.annotation_type or kind
            builder.annotation_union = builder.annotation_union or is_union(annotation)

    def _is_dataclass(self, cls: Any) -> bool:
        scan = self.scan  # type: ignore[attr-defined]
        for decorator in cls.node.decorators:
            expression = decorator.decorator
            if type(expression) is cst.Call:
                if expression.args:
                    return False  # ``init=False``, ``kw_only=True``...: not followed
                expression = expression.func
            dotted = dotted_name(expression)
            if dotted and scan._resolve(dotted, scan.names) == "dataclasses.dataclass":
                return True
        return False


def _annotated(node: cst.ClassDef) -> list[tuple[cst.AnnAssign | None, cst.BaseSmallStatement]]:
    """Each small statement of the class body (an annotated one with itself first)."""
    out: list[tuple[cst.AnnAssign | None, cst.BaseSmallStatement]] = []
    for stmt in suite_body(node.body):
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            out.append((small if type(small) is cst.AnnAssign else None, small))
    return out


def dataclass_fields(node: cst.ClassDef) -> list[Field] | None:
    """(name, annotation, default) of each field; None when one is not plain."""
    out: list[Field] = []
    for small, _ in _annotated(node):
        if small is None:
            continue
        if type(small.target) is not cst.Name:
            return None
        annotation = small.annotation.annotation
        head = _head(annotation)
        if head in ("ClassVar", "KW_ONLY", "InitVar"):
            if head == "ClassVar":
                continue
            return None
        default = small.value
        if type(default) is cst.Call and (dotted_name(default.func) or [""])[-1] == "field":
            keywords = {a.keyword.value: a.value for a in default.args if a.keyword}
            if len(keywords) != len(default.args) or set(keywords) - {
                "default",
                "default_factory",
            }:
                return None
            default = keywords.get("default") or (
                NO_VALUE if "default_factory" in keywords else None
            )
        out.append((small.target.value, annotation, default, False))
    return out


def pydantic_fields(node: cst.ClassDef, version_two: bool) -> list[Field] | None:
    """(name, annotation, default) of each field of a pydantic model; None
    when the model may rename or reshape what it is given (an alias, a
    validator, a configuration that is not plain, a nested ``Config``), or
    when a field's need is not known (``x: Optional[int]`` without a default
    is needed in pydantic 2, not in 1)."""
    for stmt in suite_body(node.body):
        if type(stmt) is cst.ClassDef and not _plain_config_class(stmt):
            return None  # ``class Config``: aliases, generators, ...
        if type(stmt) in (cst.FunctionDef,) and stmt.decorators:  # type: ignore[attr-defined]
            return None  # a validator may reshape the dict or refuse values
    out: list[Field] = []
    for small, plain in _annotated(node):
        if small is None:
            if type(plain) is cst.Assign and not _plain_config(plain):
                return None
            continue
        if type(small.target) is not cst.Name:
            return None
        name = small.target.value
        annotation = small.annotation.annotation
        if name == "model_config":
            if small.value is None or not _plain_config_value(small.value):
                return None
            continue
        if name.startswith("_") or _head(annotation) == "ClassVar":
            continue  # a private attribute or a class variable: no field
        default = small.value
        constrained = False
        if type(default) is cst.Call and (dotted_name(default.func) or [""])[-1] == "Field":
            keywords = {a.keyword.value: a.value for a in default.args if a.keyword}
            positional = [a.value for a in default.args if a.keyword is None]
            if any(a.star for a in default.args) or len(positional) > 1:
                return None
            if set(keywords) - _PLAIN_FIELD_KEYWORDS - _CONSTRAINTS:
                return None  # ``alias=``, ``validation_alias=``: another key
            constrained = bool(set(keywords) & _CONSTRAINTS)
            given = positional[0] if positional else keywords.get("default")
            if given is not None and type(given) is cst.Ellipsis:
                given = None  # ``Field(...)``: needed
            default = (
                given
                if given is not None
                else (NO_VALUE if "default_factory" in keywords else None)
            )
        elif default is not None and type(default) is cst.Ellipsis:
            default = None
        if default is None and not version_two and _may_be_none(annotation):
            return None
        out.append((name, annotation, default, constrained))
    return out


def _plain_config(stmt: cst.Assign) -> bool:
    """A class attribute that is no field: plain unless it configures the model."""
    names = [t.target.value for t in stmt.targets if type(t.target) is cst.Name]
    if "model_config" in names:
        return _plain_config_value(stmt.value)
    return True


def _plain_config_class(node: cst.ClassDef) -> bool:
    """Pydantic 1's ``class Config: extra = "allow"``: only keys that rename
    nothing and convert nothing, as ``model_config`` may hold."""
    if node.name.value != "Config" or node.bases or node.decorators:
        return False
    for stmt in suite_body(node.body):
        if type(stmt) is not cst.SimpleStatementLine:
            return False
        for small in stmt.body:
            if type(small) is cst.Expr and type(small.value) is cst.SimpleString:
                continue  # its docstring
            if type(small) is cst.Pass:
                continue
            if type(small) is not cst.Assign or len(small.targets) != 1:
                return False
            target = small.targets[0].target
            if type(target) is not cst.Name or target.value not in _PLAIN_CONFIG:
                return False
    return True


def _plain_config_value(value: cst.BaseExpression) -> bool:
    """``ConfigDict(extra="forbid")`` or ``{"extra": "forbid"}``: keys that
    rename nothing and convert nothing."""
    if type(value) is cst.Call and (dotted_name(value.func) or [""])[-1] == "ConfigDict":
        return all(a.keyword is not None and a.keyword.value in _PLAIN_CONFIG for a in value.args)
    if type(value) is cst.Dict:
        keys = [
            e.key.raw_value  # type: ignore[attr-defined]
            if type(e) is cst.DictElement and type(e.key) is cst.SimpleString
            else None
            for e in value.elements
        ]
        return all(k in _PLAIN_CONFIG for k in keys)
    return False


def _head(annotation: cst.BaseExpression) -> str:
    dotted = dotted_name(annotation.value if type(annotation) is cst.Subscript else annotation)
    return dotted[-1] if dotted else ""


def _may_be_none(annotation: cst.BaseExpression) -> bool:
    """``Optional[int]``, ``int | None``, ``Union[int, None]``, ``Any``: a
    field pydantic 1 gives a default of None."""
    code = bare_code(annotation)
    return any(word in code for word in ("Optional", "None", "Any", "Union"))


def _literal_values(annotation: cst.BaseExpression, module: cst.Module) -> list[Any] | None:
    """The values of ``Literal["a", "b"]``; None for any other annotation."""
    if type(annotation) is not cst.Subscript or _head(annotation) != "Literal":
        return None
    values: list[Any] = []
    for element in annotation.slice:
        index = element.slice
        if type(index) is not cst.Index:
            return None
        ok, value = literal_value(index.value, module)
        if not ok or not isinstance(value, (str, int)) or isinstance(value, bool):
            return None
        values.append(value)
    return values or None
