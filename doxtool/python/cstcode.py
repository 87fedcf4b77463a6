"""Source text of libcst nodes, without libcst's code generator where it is not needed.

``Module.code_for_node`` renders a node through libcst's generic code
generator: a context manager and a few calls per node, some tens of
microseconds for a name. Names and dotted names (imports, annotations,
bases) make up most of what the extractor renders, and calls (a tool's
``Response(...)``, placed by its text) most of the rest; :func:`code_of`
writes those directly, with their arguments when these are names, literals,
f-strings or such calls again, over one line or several, and hands anything
else, or anything with parentheses inside, to the generator. The text is the
generator's, character for character.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

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
    """``module.code_for_node(node)``, faster for the expressions :func:`_text` writes."""
    text = dotted_text(node)
    if text is None:
        text = _text(node, module.default_newline)
    return text if text is not None else module.code_for_node(node)


#: a module of no statements, whose settings render a node standing alone
_BARE = cst.Module(body=[])


def bare_code(node: cst.CSTNode) -> str:
    """:func:`code_of` a node with no module at hand (the default newline)."""
    return code_of(node, _BARE)


def _text(node: cst.CSTNode, newline: str) -> str | None:
    """The generator's text of an expression made of names, attributes,
    literals, f-strings, calls, subscripts, lists, tuples and ``and`` / ``or``,
    with the parentheses, spaces, line breaks and comments written in them;
    None for anything else (the generator renders it then). ``newline`` is
    the module's, written for a line break libcst did not record."""
    write = _WRITERS.get(type(node))
    if write is None:
        return None
    inner = write(node, newline)
    if inner is None:
        return None
    lpar, rpar = node.lpar, node.rpar  # type: ignore[attr-defined]
    if not lpar and not rpar:
        return inner
    out = []
    for paren in lpar:
        after = _space(paren.whitespace_after, newline)
        if after is None:
            return None
        out += ("(", after)
    out.append(inner)
    for paren in rpar:
        before = _space(paren.whitespace_before, newline)
        if before is None:
            return None
        out += (before, ")")
    return "".join(out)


def _space(whitespace: cst.BaseParenthesizableWhitespace, newline: str) -> str | None:
    """The text of whitespace, line breaks and comments included."""
    kind = type(whitespace)
    if kind is cst.SimpleWhitespace:
        return whitespace.value  # type: ignore[attr-defined]
    if kind is not cst.ParenthesizedWhitespace:
        return None
    # the generator indents nothing here: a node renders with no indentation
    first = whitespace.first_line  # type: ignore[attr-defined]
    out = [_line_end(first.whitespace, first.comment, first.newline, newline)]
    for line in whitespace.empty_lines:  # type: ignore[attr-defined]
        out.append(_line_end(line.whitespace, line.comment, line.newline, newline))
    out.append(whitespace.last_line.value)  # type: ignore[attr-defined]
    return "".join(out)


def _line_end(
    blank: cst.SimpleWhitespace, comment: cst.Comment | None, end: cst.Newline, newline: str
) -> str:
    text = blank.value + (comment.value if comment is not None else "")
    return text + (newline if end.value is None else end.value)


def _token(op: cst.CSTNode, token: str, newline: str) -> str | None:
    """A one-token operator (``.``, ``,``, ``and``, ``or``) with its whitespace."""
    before = _space(op.whitespace_before, newline)  # type: ignore[attr-defined]
    after = _space(op.whitespace_after, newline)  # type: ignore[attr-defined]
    return None if before is None or after is None else before + token + after


def _comma(comma: cst.Comma | cst.MaybeSentinel, default: str, newline: str) -> str | None:
    """A comma after an element; ``default`` when the node leaves it to the generator."""
    if comma is cst.MaybeSentinel.DEFAULT:
        return default
    return _token(comma, ",", newline) if type(comma) is cst.Comma else None


def _name(node: cst.Name, newline: str) -> str:
    return node.value


def _attribute(node: cst.Attribute, newline: str) -> str | None:
    value = _text(node.value, newline)
    dot = _token(node.dot, ".", newline) if type(node.dot) is cst.Dot else None
    attr = _text(node.attr, newline)
    return None if value is None or dot is None or attr is None else value + dot + attr


def _literal(node: cst.BaseNumber | cst.SimpleString, newline: str) -> str:
    return node.value


def _call(node: cst.Call, newline: str) -> str | None:
    func = _text(node.func, newline)
    after_func = _space(node.whitespace_after_func, newline)
    before_args = _space(node.whitespace_before_args, newline)
    if func is None or after_func is None or before_args is None:
        return None
    out = [func, after_func, "(", before_args]
    last = len(node.args) - 1
    for index, arg in enumerate(node.args):
        text = _arg(arg, index != last, newline)
        if text is None:
            return None
        out.append(text)
    out.append(")")
    return "".join(out)


def _arg(arg: cst.Arg, default_comma: bool, newline: str) -> str | None:
    after_star = _space(arg.whitespace_after_star, newline)
    after_arg = _space(arg.whitespace_after_arg, newline)
    value = _text(arg.value, newline)
    comma = _comma(arg.comma, ", " if default_comma else "", newline)
    if after_star is None or after_arg is None or value is None or comma is None:
        return None
    out = [arg.star, after_star]
    keyword, equal = arg.keyword, arg.equal
    if keyword is not None:
        text = _text(keyword, newline)
        if text is None:
            return None
        out.append(text)
    if equal is cst.MaybeSentinel.DEFAULT and keyword is not None:
        out.append(" = ")
    elif type(equal) is cst.AssignEqual:
        text = _token(equal, "=", newline)
        if text is None:
            return None
        out.append(text)
    out += (value, comma, after_arg)
    return "".join(out)


def _fstring(node: cst.FormattedString, newline: str) -> str | None:
    parts = _fstring_parts(node.parts, newline)
    return None if parts is None else node.start + parts + node.end


def _fstring_parts(parts: Sequence[cst.BaseFormattedStringContent], newline: str) -> str | None:
    """The text of an f-string's parts (or of a format spec's)."""
    out: list[str] = []
    for part in parts:
        if type(part) is cst.FormattedStringText:
            out.append(part.value)  # type: ignore[attr-defined]
            continue
        if type(part) is not cst.FormattedStringExpression or part.equal is not None:
            return None
        before = _space(part.whitespace_before_expression, newline)
        expression = _text(part.expression, newline)
        after = _space(part.whitespace_after_expression, newline)
        if before is None or expression is None or after is None:
            return None
        out += ("{", before, expression, after)
        if part.conversion is not None:
            out += ("!", part.conversion)
        if part.format_spec is not None:
            spec = _fstring_parts(part.format_spec, newline)
            if spec is None:
                return None
            out += (":", spec)
        out.append("}")
    return "".join(out)


def _concatenated(node: cst.ConcatenatedString, newline: str) -> str | None:
    left = _text(node.left, newline)
    between = _space(node.whitespace_between, newline)
    right = _text(node.right, newline)
    return None if left is None or between is None or right is None else left + between + right


def _boolean(node: cst.BooleanOperation, newline: str) -> str | None:
    token = _BOOLEAN.get(type(node.operator))
    left = _text(node.left, newline)
    op = _token(node.operator, token, newline) if token is not None else None
    right = _text(node.right, newline)
    return None if left is None or op is None or right is None else left + op + right


def _subscript(node: cst.Subscript, newline: str) -> str | None:
    value = _text(node.value, newline)
    after_value = _space(node.whitespace_after_value, newline)
    opening = _space(node.lbracket.whitespace_after, newline)
    closing = _space(node.rbracket.whitespace_before, newline)
    if value is None or after_value is None or opening is None or closing is None:
        return None
    out = [value, after_value, "[", opening]
    last = len(node.slice) - 1
    for index, element in enumerate(node.slice):
        index_node = element.slice
        if type(index_node) is not cst.Index:
            return None
        star = index_node.star
        after_star = index_node.whitespace_after_star
        after = _space(after_star, newline) if after_star is not None else ""
        text = _text(index_node.value, newline)
        comma = _comma(element.comma, ", " if index != last else "", newline)
        if after is None or text is None or comma is None:
            return None
        out += (star or "", after, text, comma)
    out += (closing, "]")
    return "".join(out)


def _elements(elements: Sequence[cst.BaseElement], single: str, newline: str) -> str | None:
    """A list's or a tuple's elements; ``single`` is the comma the generator
    writes after a lone element."""
    out: list[str] = []
    last = len(elements) - 1
    for index, element in enumerate(elements):
        if type(element) is not cst.Element:
            return None
        text = _text(element.value, newline)
        default = single if last == 0 else ", " if index < last else ""
        comma = _comma(element.comma, default, newline)
        if text is None or comma is None:
            return None
        out += (text, comma)
    return "".join(out)


def _list(node: cst.List, newline: str) -> str | None:
    opening = _space(node.lbracket.whitespace_after, newline)
    elements = _elements(node.elements, "", newline)
    closing = _space(node.rbracket.whitespace_before, newline)
    if opening is None or elements is None or closing is None:
        return None
    return "[" + opening + elements + closing + "]"


def _tuple(node: cst.Tuple, newline: str) -> str | None:
    return _elements(node.elements, ",", newline)


_BOOLEAN: dict[type[cst.CSTNode], str] = {cst.And: "and", cst.Or: "or"}
_WRITERS: dict[type[cst.CSTNode], Callable[[Any, str], str | None]] = {
    cst.Name: _name,
    cst.Attribute: _attribute,
    cst.SimpleString: _literal,
    cst.Integer: _literal,
    cst.Float: _literal,
    cst.Imaginary: _literal,
    cst.Call: _call,
    cst.FormattedString: _fstring,
    cst.ConcatenatedString: _concatenated,
    cst.BooleanOperation: _boolean,
    cst.Subscript: _subscript,
    cst.List: _list,
    cst.Tuple: _tuple,
}
