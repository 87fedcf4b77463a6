"""How code reads an argument, in names: shared by the libcst walk of a tool
(:mod:`doxtool.python.argreads`) and the ``ast`` summaries of helpers
(:mod:`doxtool.python.functionwalk`, :mod:`doxtool.python.keyreads`). It
imports neither parser, so the half of an extraction that runs without
libcst can use it."""

from __future__ import annotations

#: calls that coerce a value, and the JSON Schema type they make of it
COERCIONS = {
    "int": "integer",
    "float": "number",
    "str": "string",
    "bool": "boolean",
    "list": "array",
    "tuple": "array",
    "dict": "object",
}

#: string methods that normalise a value without changing what it stands for
STRING_METHODS = frozenset(
    {"strip", "lstrip", "rstrip", "lower", "upper", "casefold", "title", "capitalize", "replace"}
)

#: dict methods that read one key, and the kind of read each is
READ_METHODS = {"get": "get", "pop": "pop", "setdefault": "get"}
