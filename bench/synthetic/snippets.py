"""Small text builders the module writer composes.

Prose (sentences and paragraphs about a noun, wrapped), and Python source:
the expression reading an argument, signatures wrapped as formatters wrap them,
literals, annotations, indented templates, and sorted import blocks.
"""

from __future__ import annotations

import json
import random
import textwrap
from string import Template
from typing import Any

from .plans import ArgSpec
from .vocabulary import OBJECTS, REASONS, ROLES, VERBS


def _sentence(rng: random.Random, noun: str) -> str:
    return (
        f"The {noun} {rng.choice(ROLES)} {rng.choice(VERBS)} "
        f"{rng.choice(OBJECTS)} {rng.choice(REASONS)}."
    )


def _paragraph(rng: random.Random, noun: str, sentences: int) -> str:
    return " ".join(_sentence(rng, noun) for _ in range(sentences))


def _wrap(text: str, indent: str, width: int = 88) -> str:
    return textwrap.fill(text, width=width, initial_indent=indent, subsequent_indent=indent)


def _read(arg: ArgSpec, source: str) -> str:
    """The expression reading ``arg`` from the dict ``source``."""
    if arg.required:
        raw = f'{source}["{arg.name}"]'
    else:
        raw = f'{source}.get("{arg.name}", {_py(arg.default)})'
    if arg.kind == "integer":
        return f"int({raw})"
    if arg.kind == "number":
        return f"float({raw})"
    if arg.kind == "boolean":
        return f"bool({raw})"
    if arg.kind == "array":
        return f"[str(item).strip() for item in {raw}]"
    if arg.kind == "enum":
        return f"str({raw}).strip().lower()"
    return f"str({raw}).strip()"


def _def(head: str, params: str, returns: str, indent: str = "    ") -> str:
    """A method signature, wrapped as formatters wrap it when it is too long."""
    line = f"{indent}{head}({params}) -> {returns}:"
    if len(line) <= 100:
        return line
    inner = indent + "    "
    if len(inner + params) <= 100:
        return f"{indent}{head}(\n{inner}{params}\n{indent}) -> {returns}:"
    lines = "".join(f"{inner}{p.strip()},\n" for p in params.split(", "))
    return f"{indent}{head}(\n{lines}{indent}) -> {returns}:"


def _py(value: Any) -> str:
    """A Python literal for ``value``, strings in double quotes as formatters write them."""
    return json.dumps(value) if isinstance(value, str) else repr(value)


def _annotation(arg: ArgSpec) -> str:
    return {"integer": "int", "number": "float", "boolean": "bool"}.get(arg.kind, "str")


def _sub(template: str, prefix: str = "", **values: Any) -> str:
    """Dedent ``template``, indent it by ``prefix``, then substitute ``$names``.

    Multi-line values must carry their final indentation on their later lines.
    """
    code = textwrap.indent(textwrap.dedent(template).strip("\n"), prefix)
    return Template(code).substitute(values) + "\n"


def _import_block(lines: set[str]) -> str:
    """``import`` and ``from`` lines merged per module and sorted as isort does."""
    plain = sorted(line for line in lines if line.startswith("import "))
    names: dict[str, set[str]] = {}
    for line in lines:
        if line.startswith("from "):
            module, _, imported = line[5:].partition(" import ")
            names.setdefault(module, set()).update(n.strip() for n in imported.split(","))
    froms = [
        f"from {m} import {', '.join(sorted(n, key=str.lower))}" for m, n in sorted(names.items())
    ]
    return "\n".join(plain + froms)
