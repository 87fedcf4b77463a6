"""How deeply a module nests, before libcst is allowed to parse it.

Hostile input is expected: a cheap scan keeps modules nested deeply enough to
stall or crash libcst's parser away from it (:func:`nesting_problem`), and says
when a module is deep enough to be parsed on a thread with a large stack
(:mod:`doxtool.python.extract`).
"""

from __future__ import annotations

import ast
import re
import warnings

from doxtool.core.facts import Problem
from doxtool.core.patterns import LazyPattern

#: nesting of brackets beyond which a module is not handed to the parser
#: (CPython itself refuses more than 200 levels of parentheses)
MAX_NESTING = 200


#: expression depth beyond which libcst parses on a thread of its own with a
#: large stack (:data:`~doxtool.python.extract.DEEP_STACK`): its native parser recurses once per
#: level. Deeper modules are still analysed as long as CPython compiles them
#: (a chain of 800 ``+`` terms in generated code), up to
#: :data:`MAX_ANALYSED_DEPTH`.
MAX_DEPTH = 250


#: expression depth beyond which a module is not analysed: libcst's time and
#: memory grow with the square of a chain of conditional expressions (1,000
#: levels: about 1 s and 300 MB; 2,900 levels: 43 s and 2.5 GB)
MAX_ANALYSED_DEPTH = 1000


#: a logical line longer than this (strings and comments left out) has its
#: operators, trailers and brackets counted
_LONG_LINE = 400


#: more of them than this in one logical line, and the real expression depth
#: is measured (with ``ast``) before libcst sees the module
_CHAIN_SUSPECT = 200


#: ... and above this, a module that ``ast`` cannot measure is not parsed
_CHAIN_LIMIT = 1000


_NOT_BRACKET = LazyPattern(r"[^()\[\]{}]+")


_STRINGS_AND_COMMENTS = LazyPattern(
    r"""#[^\r\n]*|'''[\s\S]*?(?:'''|\Z)|\"\"\"[\s\S]*?(?:\"\"\"|\Z)"""
    r"""|'(?:\\.|[^\\'\r\n])*'?|"(?:\\.|[^\\"\r\n])*"?"""
)


_CHAIN_TOKENS = LazyPattern(r"[()\[\]{}.\-+*/%&|^~<>@]|\b(?:not|and|or|if|lambda|await)\b")


def nesting_problem(source: str) -> Problem | bool:
    """Why the module must not be handed to libcst, if it is nested too deeply;
    else whether it is deep enough to need a large stack (True) or not (False).

    A cheap scan covers ordinary modules: the bracket depth and, in logical
    lines long enough to matter, the number of operators, trailers and
    brackets, with strings and comments left out. Only a module with such a
    long chain pays for measuring its real depth with ``ast``; what ``ast``
    (CPython's own parser) accepts is analysed.
    """
    if len(source) <= _CHAIN_SUSPECT:
        return False
    depth, chain = _measure(_STRINGS_AND_COMMENTS.sub(" ", source))
    if depth[0] <= MAX_NESTING and chain[0] <= _CHAIN_SUSPECT:
        return False
    # the same scan again, with every line kept, to say where
    depth, chain = _measure(_STRINGS_AND_COMMENTS.sub(_keep_newlines, source))
    if depth[0] > MAX_NESTING:
        return Problem(
            f"brackets nested {depth[0]} deep (limit {MAX_NESTING}); module not analysed",
            depth[1],
            1,
            "limit",
        )
    count, line = chain
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
    except (RecursionError, MemoryError):
        return Problem(
            "expression nested too deeply for CPython to compile; module not analysed",
            line,
            1,
            "limit",
        )
    except Exception:  # a syntax error, or syntax newer than the running Python
        if count <= _CHAIN_LIMIT:
            return False
        return Problem(
            f"{count} operators in one statement (limit {_CHAIN_LIMIT}); module not analysed",
            line,
            1,
            "limit",
        )
    levels, deepest = _ast_depth(tree)
    if levels > MAX_ANALYSED_DEPTH:
        return Problem(
            f"expression nested {levels} levels deep (limit {MAX_ANALYSED_DEPTH}); "
            "module not analysed",
            getattr(deepest, "lineno", line),
            1,
            "limit",
        )
    return levels > MAX_DEPTH


def _keep_newlines(match: re.Match[str]) -> str:
    return "\n" * match.group().count("\n") or " "


def _measure(text: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """(bracket depth, its line) and (longest chain, its line) of stripped source.

    The bracket depth is exact only when it exceeds :data:`MAX_NESTING`; a
    chain is counted only in logical lines longer than :data:`_LONG_LINE`.
    Each operator, trailer or bracket of a chain can add a level to libcst's
    tree (``a.b.c``, ``f(x)(y)``, ``1 + 2 + 3``, ``not not x``).
    """
    depth = deepest = chain = 0
    deepest_line = chain_line = start_line = 1
    start = length = 0
    for number, line in enumerate(text.split("\n"), 1):
        length += len(line) + 1
        opens = line.count("(") + line.count("[") + line.count("{")
        if opens or depth:
            if depth + opens > max(deepest, MAX_NESTING):
                level = depth
                for char in _NOT_BRACKET.sub("", line):
                    level = level + 1 if char in "([{" else max(0, level - 1)
                    if level > deepest:
                        deepest, deepest_line = level, number
            depth = max(0, depth + opens - line.count(")") - line.count("]") - line.count("}"))
        if depth == 0 and not line.rstrip("\r").endswith("\\"):  # no backslash continuation
            if length > _LONG_LINE:
                count = len(_CHAIN_TOKENS.findall(text, start, start + length))
                if count > chain:
                    chain, chain_line = count, start_line
            start += length
            length = 0
            start_line = number + 1
    if length > _LONG_LINE:
        count = len(_CHAIN_TOKENS.findall(text, start, start + length))
        if count > chain:
            chain, chain_line = count, start_line
    return (deepest, deepest_line), (chain, chain_line)


def _ast_depth(tree: ast.AST) -> tuple[int, ast.AST]:
    """Depth of the deepest node of an ``ast`` tree as libcst nests it, and that node.

    ``ast`` keeps the operands of ``a and b and c`` in one flat ``BoolOp``;
    libcst nests one ``BooleanOperation`` per operator, so each operand past
    the first adds a level.
    """
    best, deepest = 0, tree
    stack: list[tuple[ast.AST, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > best:
            best, deepest = depth, node
        step = len(node.values) - 1 if isinstance(node, ast.BoolOp) else 1
        stack.extend((child, depth + max(1, step)) for child in ast.iter_child_nodes(node))
    return best, deepest
