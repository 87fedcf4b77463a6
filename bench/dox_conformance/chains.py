"""Call chains of a module, as the format's generator computed them (section 3.7).

Owns ``call_chains`` (every call chain of a module, with ``ast``, in walk
order) and ``convention_helpers`` (the helpers line the format derives from
them: excluded last components dropped, capped at ``HELPER_CAP``).
"""

from __future__ import annotations

import ast

# Section 3.7 of the format: last dotted components never listed as helpers.
HELPER_EXCLUDED = frozenset(
    [
        "get",
        "append",
        "items",
        "update",
        "extend",
        "keys",
        "values",
        "setdefault",
        "create_task",
        "print",
        "str",
        "isinstance",
        "len",
        "int",
        "set",
        "list",
        "bool",
        "getattr",
        "setattr",
        "hasattr",
        "sorted",
        "open",
        "any",
        "all",
        "dict",
        "enumerate",
        "max",
        "min",
        "range",
        "super",
        "float",
        "reversed",
        "sum",
        "tuple",
    ]
)
HELPER_CAP = 20


def chain_name(node: ast.AST) -> str | None:
    """The rendering of a call's ``func``: names, attributes, flattened calls."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        receiver = chain_name(node.value)
        return f"{receiver}.{node.attr}" if receiver else node.attr
    if isinstance(node, ast.Call):
        return chain_name(node.func)
    if isinstance(node, ast.Subscript):
        return chain_name(node.value)
    return None


def call_chains(source: str) -> list[str] | None:
    """Every call chain of a module in ``ast.walk`` order, first occurrence."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    names: dict[str, None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = chain_name(node.func)
            if name:
                names.setdefault(name, None)
    return list(names)


def convention_helpers(chains: list[str]) -> list[str]:
    """The helpers line the format derives from a module's call chains."""
    kept = [name for name in chains if name.rsplit(".", 1)[-1] not in HELPER_EXCLUDED]
    return kept[:HELPER_CAP]
