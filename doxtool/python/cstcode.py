"""Source text of libcst nodes, without libcst's code generator where it is not needed.

``Module.code_for_node`` renders a node through libcst's generic code
generator: a context manager and a few calls per node, some tens of
microseconds for a name. Names and dotted names (imports, annotations,
bases) make up most of what the extractor renders; :func:`code_of` writes
those directly and hands anything else, or anything with parentheses or
spacing inside, to the generator. The text is the generator's, character
for character.
"""

from __future__ import annotations

import libcst as cst


def _plain(whitespace: cst.BaseParenthesizableWhitespace) -> bool:
    return type(whitespace) is cst.SimpleWhitespace and not whitespace.value


def dotted_text(node: cst.CSTNode) -> str | None:
    """``a.b.c`` for a name or an attribute chain written without spaces or
    parentheses; None for anything else."""
    parts: list[str] = []
    while type(node) is cst.Attribute:
        dot = node.dot
        if (
            node.lpar
            or node.attr.lpar
            or not (
                type(dot) is cst.Dot
                and _plain(dot.whitespace_before)
                and _plain(dot.whitespace_after)
            )
        ):
            return None
        parts.append(node.attr.value)
        node = node.value
    if type(node) is not cst.Name or node.lpar:
        return None
    parts.append(node.value)
    parts.reverse()
    return ".".join(parts)


def code_of(node: cst.CSTNode, module: cst.Module) -> str:
    """``module.code_for_node(node)``, faster for names, dotted names and
    calls written on one line."""
    text = dotted_text(node)
    if text is None and type(node) is cst.Call:
        text = _call_text(node)
    return text if text is not None else module.code_for_node(node)


def _space(whitespace: cst.BaseParenthesizableWhitespace) -> str | None:
    """The text of whitespace within a line; None for a line break."""
    return whitespace.value if type(whitespace) is cst.SimpleWhitespace else None


def _call_text(node: cst.Call) -> str | None:
    """The generator's text of a call on one line whose function, arguments
    and argument values are names, dotted names, strings, numbers or such
    calls again; None for anything else (the generator renders it then)."""
    if node.lpar or node.rpar:
        return None
    func = dotted_text(node.func)
    after_func = _space(node.whitespace_after_func)
    before_args = _space(node.whitespace_before_args)
    if func is None or after_func is None or before_args is None:
        return None
    out = [func, after_func, "(", before_args]
    last = len(node.args) - 1
    for index, arg in enumerate(node.args):
        text = _arg_text(arg, index != last)
        if text is None:
            return None
        out.append(text)
    out.append(")")
    return "".join(out)


def _arg_text(arg: cst.Arg, default_comma: bool) -> str | None:
    after_star = _space(arg.whitespace_after_star)
    after_arg = _space(arg.whitespace_after_arg)
    value = _value_text(arg.value)
    if after_star is None or after_arg is None or value is None:
        return None
    out = [arg.star, after_star]
    keyword, equal = arg.keyword, arg.equal
    if keyword is not None:
        if keyword.lpar:
            return None
        out.append(keyword.value)
    if equal is cst.MaybeSentinel.DEFAULT and keyword is not None:
        out.append(" = ")
    elif type(equal) is cst.AssignEqual:
        before, after = _space(equal.whitespace_before), _space(equal.whitespace_after)
        if before is None or after is None:
            return None
        out += (before, "=", after)
    out.append(value)
    comma = arg.comma
    if comma is cst.MaybeSentinel.DEFAULT and default_comma:
        out.append(", ")
    elif type(comma) is cst.Comma:
        before, after = _space(comma.whitespace_before), _space(comma.whitespace_after)
        if before is None or after is None:
            return None
        out += (before, ",", after)
    out.append(after_arg)
    return "".join(out)


_LITERALS = (cst.SimpleString, cst.Integer, cst.Float, cst.Imaginary)


def _value_text(node: cst.BaseExpression) -> str | None:
    kind = type(node)
    if kind in _LITERALS:
        return None if node.lpar or node.rpar else node.value  # type: ignore[attr-defined]
    if kind is cst.Call:
        return _call_text(node)  # type: ignore[arg-type]
    return dotted_text(node)
