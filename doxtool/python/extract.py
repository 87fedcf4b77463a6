"""Extract :class:`~doxtool.core.facts.ModuleFacts` from a module's source with libcst.

One ``ast`` parse, one libcst parse, one walk, no metadata providers. CPython's
``ast`` (an order of magnitude faster than libcst) places every statement and
tells which module-level functions nothing names; libcst parses the module
with those bodies left out (:mod:`doxtool.python.prune`). The walk reads node fields
directly (a generic ``CSTVisitor`` costs as much as the parse itself) and asks
:class:`~doxtool.python.positions.Locator` for the positions of the few nodes that
become facts. The analysed code is never imported or executed; literal values
are read with :func:`ast.literal_eval`, which evaluates nothing but literals.

Which classes are tools is decided later (:mod:`doxtool.python.resolve`), because a
class may derive from the tool base through modules elsewhere in the
repository; here every class that has an ``execute`` method (its own or one
inherited from a class of the same module) gets a candidate analysis, and so
does, in a tools directory, a class that may inherit ``execute`` from another
module of the repository (a partial analysis of its own methods).

Hostile input is expected: a cheap scan keeps modules nested deeply enough to
stall or crash libcst's parser away from it (:func:`_nesting_problem`), and
every failure becomes a :class:`~doxtool.core.facts.Problem` with a position.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

import libcst as cst

from doxtool.core.facts import (
    MESSAGE_KINDS,
    Argument,
    ArgumentRead,
    ClassFacts,
    DynamicRead,
    Effect,
    ExecuteFacts,
    HelperCall,
    MissingResponse,
    ModuleFacts,
    Outcome,
    Problem,
    Raise,
    Signature,
    ToolFacts,
    json_type,
)
from doxtool.python import effects
from doxtool.python.astparse import parse_ast, parse_newer_syntax
from doxtool.python.cstcode import code_of
from doxtool.python.cstparse import parse_module, paused_gc
from doxtool.python.names import module_name, resolve_relative
from doxtool.python.outline import module_outline
from doxtool.python.positions import Locator
from doxtool.python.prune import Pruned, prune
from doxtool.python.summaries import summarise

#: nesting of brackets beyond which a module is not handed to the parser
#: (CPython itself refuses more than 200 levels of parentheses)
MAX_NESTING = 200
#: expression depth beyond which libcst parses on a thread of its own with a
#: large stack (:data:`DEEP_STACK`): its native parser recurses once per
#: level. Deeper modules are still analysed as long as CPython compiles them
#: (a chain of 800 ``+`` terms in generated code); what CPython refuses as
#: too deep (about 3,000 levels) is not analysed.
MAX_DEPTH = 250
#: stack size of the thread that parses a module deeper than :data:`MAX_DEPTH`
DEEP_STACK = 512 * 1024 * 1024
#: a logical line longer than this (strings and comments left out) has its
#: operators, trailers and brackets counted
_LONG_LINE = 400
#: more of them than this in one logical line, and the real expression depth
#: is measured (with ``ast``) before libcst sees the module
_CHAIN_SUSPECT = 200
#: ... and above this, a module that ``ast`` cannot measure is not parsed
_CHAIN_LIMIT = 1000
_NOT_BRACKET = re.compile(r"[^()\[\]{}]+")
_STRINGS_AND_COMMENTS = re.compile(
    r"""#[^\r\n]*|'''[\s\S]*?(?:'''|\Z)|\"\"\"[\s\S]*?(?:\"\"\"|\Z)"""
    r"""|'(?:\\.|[^\\'\r\n])*'?|"(?:\\.|[^\\"\r\n])*"?"""
)
_CHAIN_TOKENS = re.compile(r"[()\[\]{}.\-+*/%&|^~<>@]|\b(?:not|and|or|if|lambda|await)\b")

_COERCIONS = {
    "int": "integer",
    "float": "number",
    "str": "string",
    "bool": "boolean",
    "list": "array",
    "tuple": "array",
    "dict": "object",
}
_ANNOTATION_TYPES = {
    **_COERCIONS,
    "List": "array",
    "Dict": "object",
    "Sequence": "array",
    "Mapping": "object",
}
_STRING_METHODS = frozenset(
    {"strip", "lstrip", "rstrip", "lower", "upper", "casefold", "title", "capitalize", "replace"}
)
_READ_METHODS = {"get": "get", "pop": "pop", "setdefault": "get"}
_GUARD_EXCEPTIONS = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})
#: spellings of a boolean that ``str(x).lower() == ...`` compares against
_BOOLEAN_SPELLINGS = frozenset({"true", "false"})
#: a loop over more literal keys than this is not unrolled
_MAX_LOOP_KEYS = 32
#: calls followed to find the argument a function's return value stands for
_MAX_RETURN_DEPTH = 3
#: literal kinds whose empty value (``[]``, ``""``, ``{}``) a name may start from
_EMPTY_KINDS = (cst.List, cst.Tuple, cst.Dict, cst.SimpleString)


class DynamicKey:
    """Marker for a key that is not a resolvable literal."""


DYNAMIC = DynamicKey()


# ---------------------------------------------------------------------------
# entry point


def extract_module(
    source: str,
    path: str,
    local_roots: Iterable[str] = (),
    module: str | None = None,
    *,
    pruning: bool = True,
) -> ModuleFacts:
    """Facts of one module. Never raises: problems are reported in the facts.

    ``local_roots`` names the repository's top-level packages, so that helper
    calls can be told apart from library calls. ``pruning=False`` has libcst
    parse every function body (the facts are the same; it is slower).
    """
    module = module if module is not None else module_name(path)
    facts = ModuleFacts(path=path, module=module)
    problem = _nesting_problem(source)
    if isinstance(problem, Problem):
        facts.problems.append(problem)
        return facts
    if problem:  # deeper than the parser's stack is safe for: a thread with a large one
        return _on_large_stack(
            lambda: _extract(source, path, local_roots, module, facts, pruning), facts
        )
    return _extract(source, path, local_roots, module, facts, pruning)


def _on_large_stack(run: Callable[[], ModuleFacts], facts: ModuleFacts) -> ModuleFacts:
    """``run()`` on a thread whose stack holds the native parser's deepest recursion."""
    result: list[ModuleFacts] = []

    def target() -> None:
        try:
            result.append(run())
        except Exception as exc:  # never a traceback: the facts say what happened
            name = type(exc).__name__
            facts.problems.append(Problem(f"module not analysed: {name}", 1, 1, "limit"))

    with _STACK_LOCK:
        previous = threading.stack_size()
        try:
            threading.stack_size(DEEP_STACK)
            thread = threading.Thread(target=target, name="doxtool-deep-parse")
        finally:
            threading.stack_size(previous)
    thread.start()
    thread.join()
    return result[0] if result else facts


_STACK_LOCK = threading.Lock()


def _extract(
    source: str,
    path: str,
    local_roots: Iterable[str],
    module: str,
    facts: ModuleFacts,
    pruning: bool,
) -> ModuleFacts:
    # a parse allocates tens of thousands of acyclic nodes: collecting while it
    # and the walk run finds next to nothing (what is cyclic is collected later)
    with paused_gc():
        # ``ast`` places statements (doxtool.python.positions) and tells which function
        # bodies nothing reads, so that libcst need not build them (doxtool.python.prune)
        syntax = parse_ast(source)
        newer = parse_newer_syntax(source) if syntax is None else None
        if syntax is not None or newer is not None:
            facts.outline = module_outline(syntax or newer, source)
        pruned = prune(source, syntax) if pruning and syntax is not None else None
        try:
            tree = _parse_pruned(pruned) if pruned is not None else None
            if tree is None:
                pruned = None
                tree = parse_module(source)
        except cst.ParserSyntaxError as exc:
            facts.problems.append(_syntax_problem(source, exc))
            return facts
        except RecursionError:
            facts.problems.append(Problem("module nested too deeply to parse", 1, 1, "limit"))
            return facts
        except Exception as exc:  # the native parser reports some errors untyped
            message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            facts.problems.append(Problem(f"cannot parse module: {message}"[:300], 1, 1))
            return facts
        stubbed = pruned.stubbed if pruned is not None else frozenset()
        try:
            locator = Locator(source, tree, syntax, stubbed)
            _ModuleScan(tree, facts, frozenset(local_roots), locator).run()
        except RecursionError:
            facts.problems.append(Problem("module nested too deeply to analyse", 1, 1, "limit"))
            return facts
        if syntax is not None:
            try:
                facts.summaries = summarise(
                    syntax, module, path.endswith("__init__.py"), local_roots
                )
            except Exception as exc:  # a bug here must not cost the module's facts
                message = f"helper summaries not extracted: {type(exc).__name__}: {exc}"
                facts.problems.append(Problem(message[:300], 1, 1, "internal"))
    return facts


def _parse_pruned(pruned: Pruned) -> cst.Module | None:
    """libcst's tree of the pruned source; None when only the real source can tell why not."""
    try:
        return parse_module(pruned.text)
    except Exception:  # reported from the real source, where lines are the user's
        return None


def _syntax_problem(source: str, exc: cst.ParserSyntaxError) -> Problem:
    """The syntax error, placed and worded as CPython does when it agrees.

    libcst points at the token where it gave up (the line after a missing
    colon, the end of the file for an unclosed bracket); CPython names the
    cause and its place. Its report is used unless it lies after libcst's,
    which happens when the module uses syntax newer than the running Python.
    """
    valid = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(source)
    except SyntaxError as error:
        # libcst's tokenizer errors carry no position (1:0): CPython's is better
        uninformative = exc.raw_line <= 1 and exc.raw_column == 0
        if (
            error.lineno is not None
            and error.msg
            and (error.lineno <= exc.raw_line or uninformative)
        ):
            column = max(error.offset or 1, 1)
            return Problem(f"syntax error: {error.msg}", error.lineno, column, "syntax")
    except Exception:  # RecursionError, MemoryError, ValueError (NUL bytes)
        pass
    else:
        valid = True
    message = str(exc.message).strip().splitlines()[0] if exc.message else "invalid syntax"
    if "\x00" in source:
        before = source[: source.index("\x00")]
        line = before.count("\n") + 1
        return Problem("syntax error: NUL byte", line, len(before) - before.rfind("\n"), "syntax")
    if valid:
        # CPython accepts what libcst does not (a limit of its parser, or syntax
        # newer than the libcst installed): not an error of the module
        message = f"cannot parse module: {message}"
        return Problem(message[:300], exc.raw_line, exc.raw_column + 1, "syntax")
    return Problem(f"syntax error: {message}"[:300], exc.raw_line, exc.raw_column + 1, "syntax")


def _nesting_problem(source: str) -> Problem | bool:
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
    levels, _ = _ast_depth(tree)
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
    """Depth of the deepest node of an ``ast`` tree, and that node."""
    best, deepest = 0, tree
    stack: list[tuple[ast.AST, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > best:
            best, deepest = depth, node
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return best, deepest


# ---------------------------------------------------------------------------
# generic helpers over libcst nodes

_FIELD_CACHE: dict[type, tuple[str, ...]] = {}
_SKIP_FIELDS = (
    "whitespace",
    "lpar",
    "rpar",
    "comma",
    "semicolon",
    "colon",
    "leading_lines",
    "lines_after_decorators",
    "header",
    "footer",
    "newline",
    "equal",
    "star",
    "dot",
    "arrow",
    "lbracket",
    "rbracket",
    "lbrace",
    "rbrace",
    "operator",
    "indent",
    "encoding",
    "asynchronous",
)


def _child_fields(tp: type) -> tuple[str, ...]:
    fields = _FIELD_CACHE.get(tp)
    if fields is None:
        fields = tuple(
            f.name
            for f in dataclasses.fields(tp)
            if not any(skip in f.name for skip in _SKIP_FIELDS)
        )
        _FIELD_CACHE[tp] = fields
    return fields


_IS_NODE: dict[type, bool] = {}


def _is_node(value: object) -> bool:
    """``isinstance(value, cst.CSTNode)`` without ABCMeta's cost, cached per type."""
    kind = type(value)
    known = _IS_NODE.get(kind)
    if known is None:
        known = _IS_NODE[kind] = isinstance(value, cst.CSTNode)
    return known


_KINDS: dict[tuple[type, type], bool] = {}


def _is(value: object, cls: type) -> bool:
    """``isinstance(value, cls)`` for libcst's abstract classes, cached per type
    (ABCMeta's own check costs a Python call every time)."""
    key = (type(value), cls)
    known = _KINDS.get(key)
    if known is None:
        known = _KINDS[key] = isinstance(value, cls)
    return known


def _field_values(tp: type) -> Callable[[cst.CSTNode], tuple[Any, ...]]:
    """A function returning a node's :func:`_child_fields` values, built once per type."""
    getter = _GETTERS.get(tp)
    if getter is None:
        fields = _child_fields(tp)
        if len(fields) > 1:
            getter = attrgetter(*fields)
        elif fields:
            single = attrgetter(fields[0])

            def getter(node: cst.CSTNode) -> tuple[Any, ...]:
                return (single(node),)
        else:

            def getter(node: cst.CSTNode) -> tuple[Any, ...]:
                return ()

        _GETTERS[tp] = getter
    return getter


_GETTERS: dict[type, Callable[[cst.CSTNode], tuple[Any, ...]]] = {}


def _children(node: cst.CSTNode, skip: frozenset[type] = frozenset()) -> list[cst.CSTNode]:
    """Semantic children in field (roughly source) order, skipping tokens and
    nodes of the ``skip`` types."""
    children: list[cst.CSTNode] = []
    append = children.append
    is_node = _IS_NODE.get
    for value in _field_values(type(node))(node):
        kind = type(value)
        if kind is tuple or kind is list:
            for item in value:
                item_kind = type(item)
                known = is_node(item_kind)
                if known is None:
                    known = _is_node(item)
                if known and item_kind not in skip:
                    append(item)
        elif value is not None:
            known = is_node(kind)
            if known is None:
                known = _is_node(value)
            if known and kind not in skip:
                append(value)
    return children


#: expressions with no expression inside
_LEAVES = frozenset(
    {cst.Name, cst.SimpleString, cst.Integer, cst.Float, cst.Imaginary, cst.Ellipsis}
)


def _dotted(node: cst.BaseExpression) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]``; None for anything else."""
    parts: list[str] = []
    while type(node) is cst.Attribute:
        parts.append(node.attr.value)
        node = node.value
    if type(node) is cst.Name:
        parts.append(node.value)
        return parts[::-1]
    return None


def _simple_string(node: cst.SimpleString) -> str | bytes:
    """A string literal's value; without a prefix, escapes or a carriage return
    (which the tokenizer would translate) it is the text between the quotes."""
    text = node.value
    quote = text[-1]
    if text[0] == quote and "\\" not in text and "\r" not in text:
        width = 3 if len(text) >= 6 and text.startswith(quote * 3) else 1
        return text[width:-width]
    return node.evaluated_value


def _string_value(node: cst.SimpleString | cst.ConcatenatedString) -> str | bytes | None:
    """Value of a string literal; None when it is an f-string.

    Implicit concatenation nests (``"a" "b" "c"``), and a long multi-line
    prompt text nests deeply enough to exhaust the recursion of libcst's own
    ``evaluated_value``, so the parts are collected without recursion.
    """
    parts: list[str | bytes] = []
    stack: list[cst.BaseExpression] = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.ConcatenatedString:
            stack.append(current.right)
            stack.append(current.left)
        elif type(current) is cst.SimpleString:
            parts.append(_simple_string(current))
        else:
            return None
    if all(isinstance(part, str) for part in parts):
        return "".join(parts)  # type: ignore[arg-type]
    if all(isinstance(part, bytes) for part in parts):
        return b"".join(parts)  # type: ignore[arg-type]
    return None


def _literal(node: cst.BaseExpression, module: cst.Module) -> tuple[bool, Any]:
    """(True, value) when ``node`` is a Python literal; never evaluates code."""
    if type(node) is cst.Name:
        if node.value in ("True", "False", "None"):
            return True, {"True": True, "False": False, "None": None}[node.value]
        return False, None
    if type(node) in (cst.SimpleString, cst.ConcatenatedString):
        value = _string_value(node)
        return (value is not None, value)
    if type(node) not in (
        cst.Integer,
        cst.Float,
        cst.UnaryOperation,
        cst.List,
        cst.Tuple,
        cst.Dict,
        cst.Set,
    ):
        return False, None
    try:
        value = ast.literal_eval(module.code_for_node(node).strip())
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        return False, None
    if isinstance(value, (set, frozenset, tuple)):
        value = list(value)
    if isinstance(value, complex):
        return False, None
    return True, value


def _jsonable(value: Any) -> Any:
    """Literal values as JSON can hold them (bytes and odd keys become strings)."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return repr(value)


# ---------------------------------------------------------------------------
# module outline


@dataclass(eq=False)
class _Func:
    node: cst.FunctionDef
    qualname: str
    cls: str | None

    @property
    def name(self) -> str:
        return self.node.name.value

    @property
    def is_async(self) -> bool:
        return self.node.asynchronous is not None

    def positional(self) -> list[str]:
        p = self.node.params
        return [x.name.value for x in (*p.posonly_params, *p.params)]

    def named(self) -> list[cst.Param]:
        p = self.node.params
        return [*p.posonly_params, *p.params, *p.kwonly_params]

    @property
    def star_kwarg(self) -> str | None:
        kw = self.node.params.star_kwarg
        return kw.name.value if kw is not None else None

    @property
    def is_static(self) -> bool:
        return any(
            type(d.decorator) is cst.Name and d.decorator.value == "staticmethod"
            for d in self.node.decorators
        )

    @property
    def self_name(self) -> str | None:
        if self.cls is None or self.is_static:
            return None
        positional = self.positional()
        return positional[0] if positional else None


@dataclass
class _Class:
    node: cst.ClassDef
    name: str
    bases: list[str]
    resolved: list[str]
    methods: dict[str, _Func] = field(default_factory=dict)


class _ModuleScan:
    def __init__(
        self, tree: cst.Module, facts: ModuleFacts, local_roots: frozenset[str], locator: Locator
    ) -> None:
        self.tree = tree
        self.facts = facts
        self.module = facts.module
        self.is_package = facts.path.endswith("__init__.py")
        self.in_tools_dir = "tools" in facts.path.split("/")[:-1]
        self.local_roots = local_roots
        self.loc = locator
        self.names: dict[str, str] = {}
        #: module-level names bound once, to their value (``MODES = ("a", "b")``)
        self.constant_nodes: dict[str, cst.BaseExpression | None] = {}
        self._constants: dict[str, tuple[bool, Any]] = {}
        self.star_imports: list[str] = []
        self.functions: dict[str, _Func] = {}
        self.classes: dict[str, _Class] = {}
        self.import_areas: set[str] = set()

    # -- outline ----------------------------------------------------------

    def run(self) -> None:
        self._outline(self.tree.body)
        self._collect_imports(self.tree.body)
        facts = self.facts
        # ``from __future__ import ...`` is a compiler directive, not a dependency
        facts.imports = sorted(self.import_areas - {"__future__", ""})
        facts.imported_names = dict(sorted(self.names.items()))
        facts.star_imports = list(dict.fromkeys(self.star_imports))
        for cls in self.classes.values():
            line, _ = self.loc.statement(cls.node)
            facts.classes.append(
                ClassFacts(
                    name=cls.name,
                    line=line,
                    bases=cls.bases,
                    resolved_bases=cls.resolved,
                    methods=[self._signature(m) for m in cls.methods.values()],
                )
            )
        facts.functions = [self._signature(f) for f in self.functions.values()]
        for cls in self.classes.values():
            if self._find_method(cls, "execute") is not None:
                facts.candidates.append(_ToolScan(self, cls).run())
            elif self.in_tools_dir and self._inherits_from_repository(cls):
                # ``execute`` may come from a base in another module of the
                # repository; what this class's own methods do is merged in
                # once that base is known (:mod:`doxtool.python.resolve`). Only in
                # tool directories: elsewhere (API handlers, extensions) such
                # classes abound and are hardly ever tools.
                facts.candidates.append(_ToolScan(self, cls).run_partial())

    def _inherits_from_repository(self, cls: _Class) -> bool:
        """Whether a class (or an in-module base) has a base from another repository module."""
        own = f"{self.module}."
        return any(
            base.split(".", 1)[0] in self.local_roots and not base.startswith(own)
            for owner in self.mro(cls)
            for base in owner.resolved
        ) and any(owner.methods for owner in self.mro(cls))

    def _outline(self, body: Sequence[cst.BaseStatement]) -> None:
        for stmt in body:
            if type(stmt) is cst.SimpleStatementLine:
                for small in stmt.body:
                    self._outline_small(small)
            elif type(stmt) is cst.ClassDef:
                self._outline_class(stmt)
            elif type(stmt) is cst.FunctionDef:
                self.functions[stmt.name.value] = _Func(stmt, stmt.name.value, None)
            elif type(stmt) in (cst.If, cst.Try):
                # ``try: import x except ImportError`` and ``if TYPE_CHECKING`` imports
                for block in _blocks(stmt):
                    self._outline_imports_only(block)

    def _outline_imports_only(self, body: Sequence[cst.BaseStatement]) -> None:
        for stmt in body:
            if type(stmt) is cst.SimpleStatementLine:
                for small in stmt.body:
                    if type(small) in (cst.Import, cst.ImportFrom):
                        self._bind_import(small, self.names)
                        self._star_import(small)

    def _star_import(self, node: cst.Import | cst.ImportFrom) -> None:
        if type(node) is cst.ImportFrom and type(node.names) is cst.ImportStar:
            self.star_imports.append(self._from_module(node))

    def _outline_small(self, small: cst.BaseSmallStatement) -> None:
        if type(small) in (cst.Import, cst.ImportFrom):
            self._bind_import(small, self.names)
            self._star_import(small)
            return
        targets: list[cst.BaseExpression] = []
        value: cst.BaseExpression | None = None
        if type(small) is cst.Assign:
            targets = [t.target for t in small.targets]
            value = small.value
        elif type(small) is cst.AnnAssign and small.value is not None:
            targets = [small.target]
            value = small.value
        for target in targets:
            if type(target) is not cst.Name:
                continue
            name = target.value
            if name.isupper() and name not in self.facts.constants:
                self.facts.constants.append(name)
            # a name bound twice is not a constant; values are read on demand
            self.constant_nodes[name] = None if name in self.constant_nodes else value

    def constant(self, name: str) -> tuple[bool, Any]:
        """(True, value) when a module-level name is bound once to a literal."""
        known = self._constants.get(name)
        if known is None:
            value = self.constant_nodes.get(name)
            known = self._constants[name] = (
                self._constant_value(value) if value is not None else (False, None)
            )
        return known

    def _constant_value(self, value: cst.BaseExpression) -> tuple[bool, Any]:
        """A literal, also wrapped in ``frozenset(...)``, ``tuple(...)`` and the like."""
        if (
            type(value) is cst.Call
            and type(value.func) is cst.Name
            and value.func.value in ("frozenset", "set", "tuple", "list")
            and len(value.args) == 1
            and not value.args[0].keyword
            and not value.args[0].star
        ):
            value = value.args[0].value
        return _literal(value, self.tree)

    def _outline_class(self, node: cst.ClassDef) -> None:
        bases: list[str] = []
        resolved: list[str] = []
        for arg in node.bases:
            if arg.keyword is not None or arg.star:
                continue
            bases.append(code_of(arg.value, self.tree).strip())
            dotted = _dotted(arg.value)
            if dotted is None:
                resolved.append(bases[-1])
            elif dotted[0] in self.classes and len(dotted) == 1:
                resolved.append(f"{self.module}.{dotted[0]}")
            else:
                resolved.append(self._resolve(dotted, self.names) or ".".join(dotted))
        cls = _Class(node, node.name.value, bases, resolved)
        body = node.body.body if type(node.body) is cst.IndentedBlock else ()
        for stmt in body:
            if type(stmt) is cst.FunctionDef:
                name = stmt.name.value
                cls.methods[name] = _Func(stmt, f"{cls.name}.{name}", cls.name)
        self.classes[cls.name] = cls

    def _collect_imports(self, body: Sequence[cst.CSTNode]) -> None:
        """Import areas: every module imported anywhere, nested imports included."""
        stack: list[cst.CSTNode] = list(body)
        while stack:
            node = stack.pop()
            if type(node) is cst.Import:
                for alias in node.names:
                    self.import_areas.add(code_of(alias.name, self.tree).strip())
            elif type(node) is cst.ImportFrom:
                self.import_areas.add(self._from_module(node))
            elif type(node) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
                stack.extend(node.body)
            elif _is(node, cst.BaseCompoundStatement):
                stack.extend(_statement_children(node))

    def _from_module(self, node: cst.ImportFrom) -> str:
        target = code_of(node.module, self.tree).strip() if node.module else None
        level = len(node.relative)
        if level:
            return resolve_relative(self.module, self.is_package, level, target)
        return target or ""

    def _bind_import(self, node: cst.Import | cst.ImportFrom, names: dict[str, str]) -> None:
        if type(node) is cst.Import:
            for alias in node.names:
                full = code_of(alias.name, self.tree).strip()
                if alias.asname is not None and type(alias.asname.name) is cst.Name:
                    names[alias.asname.name.value] = full
                else:
                    root = full.split(".", 1)[0]
                    names[root] = root
            return
        source = self._from_module(node)
        if type(node.names) is cst.ImportStar:
            return
        for alias in node.names:
            imported = code_of(alias.name, self.tree).strip()
            bound = imported
            if alias.asname is not None and type(alias.asname.name) is cst.Name:
                bound = alias.asname.name.value
            names[bound] = f"{source}.{imported}" if source else imported

    def _resolve(self, dotted: list[str], names: dict[str, str]) -> str | None:
        root = names.get(dotted[0])
        if root is None:
            return None
        return ".".join([root, *dotted[1:]])

    def _find_method(self, cls: _Class, name: str, seen: set[str] | None = None) -> _Func | None:
        """Look a method up through the class and its bases defined in this module."""
        for owner in self.mro(cls):
            if name in owner.methods:
                return owner.methods[name]
        return None

    def mro(self, cls: _Class) -> list[_Class]:
        order: list[_Class] = []
        todo = [cls]
        while todo:
            current = todo.pop(0)
            if current in order:
                continue
            order.append(current)
            prefix = f"{self.module}."
            for base in current.resolved:
                if base.startswith(prefix) and base[len(prefix) :] in self.classes:
                    todo.append(self.classes[base[len(prefix) :]])
        return order

    # -- signatures -------------------------------------------------------

    def _signature(self, fn: _Func) -> Signature:
        tree = self.tree

        def code(node: cst.CSTNode) -> str:
            return code_of(node, tree)

        params = fn.node.params
        parts: list[str] = []

        def render(param: cst.Param, prefix: str = "") -> str:
            text = prefix + param.name.value
            if param.annotation is not None:
                text += ": " + code(param.annotation.annotation).strip()
            if param.default is not None:
                text += "=..."
            return text

        parts.extend(render(p) for p in params.posonly_params)
        if params.posonly_params:
            parts.append("/")
        parts.extend(render(p) for p in params.params)
        if type(params.star_arg) is cst.Param:
            parts.append(render(params.star_arg, "*"))
        elif params.kwonly_params:
            parts.append("*")
        parts.extend(render(p) for p in params.kwonly_params)
        if params.star_kwarg is not None:
            parts.append(render(params.star_kwarg, "**"))
        text = f"{fn.name}({', '.join(parts)})"
        if fn.node.returns is not None:
            text += " -> " + code(fn.node.returns.annotation).strip()
        if fn.is_async:
            text = "async " + text
        line, _ = self.loc.statement(fn.node)
        return Signature(name=fn.name, text=text, line=line, is_async=fn.is_async)


def _blocks(stmt: cst.BaseCompoundStatement) -> Iterator[Sequence[cst.BaseStatement]]:
    """Statement lists directly under a compound statement."""
    for child in _statement_children(stmt):
        if _is(child, cst.BaseStatement):
            yield [child]


def _suite_body(suite: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    if type(suite) is cst.IndentedBlock:
        return suite.body
    if type(suite) is cst.SimpleStatementSuite:
        return [cst.SimpleStatementLine(body=suite.body)]
    return ()


def _statement_children(stmt: cst.CSTNode) -> list[cst.CSTNode]:
    """Statements nested directly inside a compound statement."""
    out: list[cst.CSTNode] = []
    for name in ("body", "orelse", "handlers", "finalbody", "cases"):
        value = getattr(stmt, name, None)
        if value is None:
            continue
        if _is(value, cst.BaseSuite):
            out.extend(_suite_body(value))
        elif type(value) in (cst.Else, cst.Finally, cst.ExceptHandler, cst.ExceptStarHandler):
            out.extend(_suite_body(value.body))
        elif type(value) is cst.If:
            out.append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                if type(item) in (cst.ExceptHandler, cst.ExceptStarHandler, cst.MatchCase):
                    out.extend(_suite_body(item.body))
    return out


# ---------------------------------------------------------------------------
# tool analysis


#: expressions that can be a string never empty (see ``_Env.texts``)
_TEXT_SHAPES = (cst.BooleanOperation, cst.FormattedString, cst.SimpleString, cst.ConcatenatedString)


@dataclass
class _Env:
    """What the walk knows inside one function."""

    func: _Func
    self_name: str | None
    dicts: set[str]
    names: dict[str, str]
    collect_outcomes: bool
    stmt: cst.CSTNode | None = None
    #: local name -> the argument its value stands for
    var_args: dict[str, str] = field(default_factory=dict)
    #: local name -> ``break_loop`` values (and expressions) of the Responses
    #: assigned to it
    responses: dict[str, list[tuple[bool | str, str | None]]] = field(default_factory=dict)
    guards: list[frozenset[str] | None] = field(default_factory=list)
    #: local names last assigned a string that is never empty (``x or "none"``),
    #: or tested by ``if not x: return ...`` / ``raise ...`` before
    texts: set[str] = field(default_factory=set)
    #: arguments tested that way: past the test they are not empty
    nonempty: set[str] = field(default_factory=set)
    #: arguments known absent (the ``else`` of ``"k" in args``, the right of ``or``)
    absent: list[frozenset[str]] = field(default_factory=list)
    #: loop variable -> the literal key it holds in this pass of the loop body
    loop_keys: dict[str, str] = field(default_factory=dict)
    #: the test being walked belongs to a closed dispatch (anything else is an error)
    closed: bool = False
    #: ``If`` nodes of closed dispatch chains
    closed_ifs: set[int] = field(default_factory=set)
    #: the function's own body (argument contracts are read at its top level)
    top_body: Sequence[cst.BaseStatement] = ()
    #: local name -> the arguments it may stand for, when it was given a
    #: fallback (``if not text: text = self.args.get("message")``)
    var_groups: dict[str, frozenset[str]] = field(default_factory=dict)
    #: how many enclosing branches depend on an argument's value (reads
    #: there are needed on some calls only)
    conditional: int = 0
    #: arguments the enclosing ``if`` tests need present (``isinstance(x, str)``)
    present: list[frozenset[str]] = field(default_factory=list)
    #: local name bound to an empty value and filled only while an argument
    #: is known present -> that argument (None: not filled yet)
    empty_unless: dict[str, str | None] = field(default_factory=dict)
    #: local name -> the repository callables (classes) whose instances it may hold
    instances: dict[str, set[str]] = field(default_factory=dict)

    def guarded(self, key: str) -> bool:
        return any(g is None or key in g for g in self.guards)

    def absent_keys(self) -> set[str]:
        return {key for group in self.absent for key in group}


@dataclass(frozen=True)
class _Target:
    """A function of the module that a call reaches, and what it is handed."""

    fn: _Func
    #: parameters that receive the tool's arguments dict
    dicts: frozenset[str] = frozenset()
    #: the arguments dict is splatted into the call (``f(**self.args)``)
    splat: bool = False
    #: (parameter, argument) pairs: parameters that receive an argument's value
    values: frozenset[tuple[str, str]] = frozenset()
    #: parameter that receives the tool itself (``_create(self)``)
    self_param: str | None = None
    #: called only on some values of the arguments (``if action == "create":
    #: self._create()``): what it reads is not needed on every call
    conditional: bool = False


class _ToolScan:
    """Analysis of one candidate tool class, starting from its ``execute``."""

    def __init__(self, scan: _ModuleScan, cls: _Class) -> None:
        self.scan = scan
        self.cls = cls
        self.mro = scan.mro(cls)
        self.module = scan.tree
        self.args: dict[str, _ArgBuilder] = {}
        self.dynamic: list[DynamicRead] = []
        self.outcomes: list[Outcome] = []
        self.missing: list[MissingResponse] = []
        self.raises: list[Raise] = []
        self.helpers: dict[str, None] = {}
        self.side_effects: set[str] = set()
        self.effects: list[Effect] = []
        self.helper_calls: list[HelperCall] = []
        self.wholesale: list[DynamicRead] = []
        #: the walk is in code ``execute`` reaches (not in a method only the
        #: framework calls)
        self.from_execute = True
        self.intervention = False
        self.done: set[tuple[str, bool, _Target]] = set()
        #: functions whose return value ``execute`` returns (``execute`` first)
        self.chain: dict[str, None] = {}
        #: the function whose top-level checks are argument contracts (``execute``)
        self.entry: _Func | None = None
        #: function -> the argument its single ``return`` stands for
        self._returned_args: dict[_Target, str | None] = {}
        #: how deep ``_arg_of`` is looking into the functions calls reach
        #: (``_current_action()`` returning ``_normalize(self.args.get(...))``)
        self._returns_depth = 0

    def run(self) -> ToolFacts:
        execute = self.scan._find_method(self.cls, "execute")
        assert execute is not None
        self.entry = execute
        line, _ = self.scan.loc.statement(self.cls.node)
        exec_line, _ = self.scan.loc.statement(execute.node)
        params = [p.split(":")[0].split("=")[0] for p in self._param_texts(execute)]
        tool = ToolFacts(
            name=self.scan.facts.path.rsplit("/", 1)[-1].removesuffix(".py"),
            class_name=self.cls.name,
            line=line,
            bases=self.cls.resolved,
            execute=ExecuteFacts(
                is_async=execute.is_async,
                line=exec_line,
                params=params,
                defined_in=execute.qualname,
            ),
        )
        self._execute_parameters(execute)
        dicts = frozenset({execute.star_kwarg} if execute.star_kwarg else ())
        self._scan(_Target(execute, dicts, values=_own_values(execute)), collect=True)
        # other methods read ``self.args`` and call helpers too (the framework
        # calls some of them: ``before_execution``, ``get_log_object``)
        reached = {key[0] for key in self.done}
        self.from_execute = False
        for owner in self.mro:
            for method in owner.methods.values():
                if method.name != "execute" and method.qualname not in reached:
                    self._scan(_Target(method), collect=False)
        return self._finish(tool)

    def run_partial(self) -> ToolFacts:
        """What the methods of a class without ``execute`` do.

        The class may inherit ``execute`` from a base in another module, and
        that ``execute`` may call, or return through, methods this class
        overrides. Every method is analysed as if ``execute`` returned its
        result; :mod:`doxtool.python.resolve` keeps the outcomes of those it does.
        """
        line, _ = self.scan.loc.statement(self.cls.node)
        tool = ToolFacts(
            name=self.scan.facts.path.rsplit("/", 1)[-1].removesuffix(".py"),
            class_name=self.cls.name,
            line=line,
            bases=self.cls.resolved,
        )
        for owner in self.mro:
            for method in owner.methods.values():
                self._scan(_Target(method), collect=True)
        tool = self._finish(tool)
        tool.returns_from = []
        return tool

    def _finish(self, tool: ToolFacts) -> ToolFacts:
        # an alternative names its partners both ways
        for builder in list(self.args.values()):
            for other in list(builder.alternatives):
                self._arg(other).alternatives.add(builder.name)
        tool.arguments = [b.build() for b in self.args.values()]
        tool.dynamic_reads = _unique(self.dynamic, lambda r: (r.line, r.column, r.expression))
        tool.outcomes = sorted(
            _unique(
                self.outcomes,
                lambda o: (o.line, o.column, o.function, o.break_loop, o.expression),
            ),
            key=lambda o: (o.line, o.column),
        )
        tool.missing_responses = sorted(
            _unique(self.missing, lambda m: (m.line, m.column, m.kind, m.function)),
            key=lambda m: (m.line, m.column),
        )
        tool.raises = _unique(self.raises, lambda r: (r.line, r.column, r.exception))
        tool.helpers = [h for h in self.helpers if self._is_helper(h)]
        tool.imports = list(self.scan.facts.imports)
        tool.intervention = self.intervention
        tool.side_effects = [a for a in effects_order() if a in self.side_effects]
        tool.effects = _unique(self.effects, lambda e: (e.area, e.line, e.column, tuple(e.calls)))
        tool.other_arguments = _unique(self.wholesale, lambda r: (r.line, r.column))
        tool.helper_calls = _unique(
            self.helper_calls, lambda c: (c.target, c.line, c.column, tuple(c.dicts))
        )
        tool.returns_from = list(self.chain)
        return tool

    def _is_helper(self, name: str) -> bool:
        if name.startswith("self.agent."):
            return True
        if name.startswith(self.scan.module + "."):
            return False  # the module's own functions are listed as such
        return name.split(".", 1)[0] in self.scan.local_roots

    def _param_texts(self, fn: _Func) -> list[str]:
        sig = self.scan._signature(fn).text
        inner = sig[sig.index("(") + 1 : sig.rindex(")")]
        return [p.strip() for p in _split_params(inner) if p.strip()]

    # -- arguments from execute's own parameters ---------------------------

    def _execute_parameters(self, fn: _Func) -> None:
        for param in _own_params(fn):
            self._parameter_argument(fn, param)

    def _parameter_argument(self, fn: _Func, param: cst.Param) -> None:
        name = param.name.value
        line, column = self.scan.loc.expression(param.name, fn.node)
        builder = self._arg(name)
        builder.reads.append(
            ArgumentRead(line, column, "parameter", param.default is not None, fn.qualname)
        )
        if param.default is None:
            builder.required_read = True
        else:
            ok, value = self._value(param.default)
            if ok:
                builder.set_default(value)
        if param.annotation is not None:
            builder.annotation_type = _annotation_type(param.annotation.annotation)

    def _arg(self, name: str) -> _ArgBuilder:
        builder = self.args.get(name)
        if builder is None:
            builder = self.args[name] = _ArgBuilder(name)
        return builder

    # -- function bodies ----------------------------------------------------

    def _scan(self, target: _Target, collect: bool) -> None:
        key = (target.fn.qualname, collect, target)
        if key in self.done:
            return
        self.done.add(key)
        fn = target.fn
        if collect:
            self.chain.setdefault(fn.qualname, None)
        values = dict(target.values)
        if target.splat:
            # ``f(**self.args)``: every named parameter is an argument
            for param in _own_params(fn):
                self._parameter_argument(fn, param)
                values[param.name.value] = param.name.value
        env = _Env(
            func=fn,
            self_name=fn.self_name if fn.cls is not None else target.self_param,
            dicts=set(target.dicts),
            names=dict(self.scan.names),
            collect_outcomes=collect,
            var_args=values,
            conditional=int(target.conditional),
        )
        body = _suite_body(fn.node.body)
        env.top_body = body
        self._stmts(body, env)
        if collect and not _terminates(body):
            last = body[-1] if body else fn.node
            line, column = self.scan.loc.statement(_last_small(last))
            self.missing.append(MissingResponse("falls-off-end", line, column, fn.qualname))

    def _stmts(self, body: Sequence[cst.BaseStatement], env: _Env) -> None:
        contracts = body is env.top_body and env.func is self.entry
        for index, stmt in enumerate(body):
            if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
                for small in stmt.body:
                    env.stmt = small
                    self._small(small, env)
            else:
                env.stmt = stmt
                if type(stmt) in (cst.If, cst.Match) and self._closed(stmt, body[index + 1 :], env):
                    current: cst.CSTNode | None = stmt
                    while type(current) is cst.If:
                        env.closed_ifs.add(id(current))
                        current = current.orelse
                    if type(stmt) is cst.Match:
                        env.closed_ifs.add(id(stmt))
                if contracts and type(stmt) is cst.If:
                    self._contract(stmt, env)
                self._compound(stmt, env)
            if (
                contracts
                and not self._is_check(stmt, env)
                and self._returns_on_argument_path(stmt, env)
            ):
                contracts = False  # later checks hold only on some paths

    # -- argument contracts and closed dispatch ------------------------------------

    def _error_exit(self, body: Sequence[cst.BaseStatement], env: _Env) -> bool:
        """Whether a block ends the function with a raise or a returned ``Response``."""
        if not _terminates(body):
            return False
        for stmt in body:
            if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
                for small in stmt.body:
                    if type(small) is cst.Raise:
                        return True
                    if type(small) is cst.Return:
                        return small.value is not None and self._is_response_call(small.value, env)
        return False

    def _closed(
        self,
        stmt: cst.If | cst.Match,
        following: Sequence[cst.BaseStatement],
        env: _Env,
    ) -> bool:
        """Whether a dispatch accepts only the values it tests: anything else
        raises or returns a ``Response`` (an ``else``, a ``case _``, or what
        follows a run of ``if`` statements that all return)."""
        if type(stmt) is cst.Match:
            for case in stmt.cases:
                if type(case.pattern) is cst.MatchAs and case.pattern.pattern is None:
                    return self._error_exit(_suite_body(case.body), env)
            if not all(_terminates(_suite_body(c.body)) for c in stmt.cases):
                return False
            return self._error_follows(following, env)
        current: cst.CSTNode | None = stmt
        every_branch_ends = True
        while type(current) is cst.If:
            body = _suite_body(current.body)
            if _rejects(current.test) and self._error_exit(body, env):
                return True
            every_branch_ends = every_branch_ends and _terminates(body)
            current = current.orelse
        if current is not None:
            assert type(current) is cst.Else
            return self._error_exit(_suite_body(current.body), env)
        return every_branch_ends and self._error_follows(following, env)

    def _error_follows(self, following: Sequence[cst.BaseStatement], env: _Env) -> bool:
        """Whether what follows a run of returning ``if`` statements is an error exit."""
        for stmt in following:
            if type(stmt) is cst.If and stmt.orelse is None and _terminates(_suite_body(stmt.body)):
                continue
            return self._error_exit([stmt], env)
        return False

    def _contract(self, stmt: cst.If, env: _Env) -> None:
        """``if not x: return Response("x is required")`` makes ``x`` required."""
        if not self._error_exit(_suite_body(stmt.body), env):
            return
        for group in self._absence_groups(stmt.test, env):
            if len(group) == 1:
                self._arg(next(iter(group))).contract_required = True
            else:
                for name in group:
                    self._arg(name).alternatives.update(group - {name})

    def _absence_groups(self, test: cst.BaseExpression, env: _Env) -> list[set[str]]:
        """Groups of arguments whose joint absence makes ``test`` true."""
        groups: list[set[str]] = []
        parts = [test]
        while parts:
            node = parts.pop()
            if type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
                parts.extend((node.left, node.right))
                continue
            group = self._absence(node, env)
            if group:
                groups.append(group)
        return groups

    def _absence(self, node: cst.BaseExpression, env: _Env) -> set[str] | None:
        """The arguments that, all absent, make ``node`` true (None: not an absence test)."""
        if type(node) is cst.BooleanOperation and type(node.operator) is cst.And:
            left = self._absence(node.left, env)
            right = self._absence(node.right, env)
            return left | right if left and right else None
        if type(node) is cst.UnaryOperation and type(node.operator) is cst.Not:
            inner = node.expression
            if type(inner) is cst.BooleanOperation and type(inner.operator) is cst.Or:
                left = self._absence(cst.UnaryOperation(cst.Not(), inner.left), env)
                right = self._absence(cst.UnaryOperation(cst.Not(), inner.right), env)
                return left | right if left and right else None
            if type(inner) is cst.Name and inner.value in env.var_groups:
                return set(env.var_groups[inner.value])
            if type(inner) is cst.Name and env.empty_unless.get(inner.value):
                return {env.empty_unless[inner.value]}  # type: ignore[arg-type]
            arg = self._arg_of(inner, env)
            return {arg} if arg is not None else None
        if type(node) is cst.Comparison and len(node.comparisons) == 1:
            target = node.comparisons[0]
            op = type(target.operator)
            if op is cst.NotIn and self._is_dict_source(target.comparator, env):
                key = self._key(node.left, env)
                return {key} if isinstance(key, str) else None
            if op in (cst.Is, cst.Equal):
                ok, value = self._value(target.comparator)
                if ok and value in (None, ""):
                    arg = self._arg_of(node.left, env)
                    return {arg} if arg is not None else None
        return None

    def _is_check(self, stmt: cst.BaseStatement, env: _Env) -> bool:
        """``if <test>: return Response(error)`` (or raise), with no ``else``."""
        return (
            type(stmt) is cst.If
            and stmt.orelse is None
            and _negative(stmt.test)
            and self._error_exit(_suite_body(stmt.body), env)
        )

    def _returns_on_argument_path(self, stmt: cst.CSTNode, env: _Env, top: bool = True) -> bool:
        """Whether a statement can return, other than on an error, in a way
        that depends on the arguments (after it, a check holds only on some paths)."""
        if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            return top and any(type(s) is cst.Return for s in stmt.body)
        if type(stmt) is cst.If:
            if self._mentions_arguments(stmt.test, env) and _contains_return(stmt):
                return True
            branches: list[cst.CSTNode] = list(_suite_body(stmt.body))
            if type(stmt.orelse) is cst.If:
                branches.append(stmt.orelse)
            elif stmt.orelse is not None:
                branches.extend(_suite_body(stmt.orelse.body))
            return any(self._returns_on_argument_path(s, env, False) for s in branches)
        if type(stmt) in (cst.Try, cst.TryStar):
            blocks = [_suite_body(stmt.body)]
            if stmt.orelse is not None:
                blocks.append(_suite_body(stmt.orelse.body))
            if stmt.finalbody is not None:
                blocks.append(_suite_body(stmt.finalbody.body))
            return any(self._returns_on_argument_path(s, env, top) for b in blocks for s in b)
        if type(stmt) is cst.With:
            return any(self._returns_on_argument_path(s, env, top) for s in _suite_body(stmt.body))
        return _contains_return(stmt)

    def _mentions_arguments(self, node: cst.CSTNode, env: _Env) -> bool:
        stack: list[cst.CSTNode] = [node]
        while stack:
            current = stack.pop()
            if type(current) is cst.Name and (
                current.value in env.var_args or current.value in env.dicts
            ):
                return True
            if _is(current, cst.BaseExpression) and self._is_dict_source(current, env):
                return True
            stack.extend(_children(current))
        return False

    def _small(self, small: cst.BaseSmallStatement, env: _Env) -> None:
        if type(small) in (cst.Import, cst.ImportFrom):
            self.scan._bind_import(small, env.names)
        elif type(small) is cst.Assign:
            self._expr(small.value, env)
            for target in small.targets:
                self._assign_target(target.target, small.value, env)
        elif type(small) is cst.AnnAssign:
            if small.value is not None:
                self._expr(small.value, env)
                self._assign_target(small.target, small.value, env)
        elif type(small) is cst.AugAssign:
            self._expr(small.value, env)
        elif type(small) is cst.Return:
            self._return(small, env)
        elif type(small) is cst.Raise:
            self._raise(small, env)
        else:
            for child in _children(small):
                self._expr(child, env)

    def _assign_target(
        self, target: cst.BaseExpression, value: cst.BaseExpression, env: _Env
    ) -> None:
        if type(target) is cst.Name:
            name = target.value
            arg = self._arg_of(value, env)
            before = env.var_groups.get(name) or (
                frozenset({env.var_args[name]}) if name in env.var_args else frozenset()
            )
            if arg is not None and before and arg not in before and before & env.absent_keys():
                # a fallback for a missing argument: the name stands for either
                env.var_groups[name] = before | {arg}
            else:
                env.var_groups.pop(name, None)
            self._track_empty(name, value, env)
            constructed = self._constructed(value, env)
            if constructed is not None:
                # ``shell = LocalSession(...)`` here, ``shell = SshSession(...)`` in
                # another branch: either may be the receiver of ``shell.connect()``
                env.instances.setdefault(name, set()).add(constructed)
            else:
                env.instances.pop(name, None)
            env.var_args.pop(name, None)
            if self._is_dict_source(value, env, alias=True):
                env.dicts.add(name)
            elif name in env.dicts:
                env.dicts.discard(name)
            if arg is not None:
                env.var_args[name] = arg
            if type(value) in _TEXT_SHAPES and self._one_message_kind(value, env) == "text":
                env.texts.add(name)
            else:
                env.texts.discard(name)
            if self._is_response_call(value, env):
                # a Response kept in a variable: every assignment is a
                # possible value at ``return name`` (branches are not told apart)
                call = value.expression if type(value) is cst.Await else value
                assert type(call) is cst.Call
                env.responses.setdefault(name, []).append(self._break_loop(call))
            elif not (type(value) is cst.Name and value.value == name):
                env.responses.pop(name, None)
        elif type(target) is cst.Attribute:
            if (
                target.attr.value == "break_loop"
                and type(target.value) is cst.Name
                and target.value.value in env.responses
            ):
                env.responses[target.value.value] = [self._break_loop_value(value)]
            self._expr(target.value, env)
        elif type(target) is cst.Subscript:
            self._expr(target.value, env)
        elif type(target) in (cst.Tuple, cst.List):
            for element in target.elements:
                if type(element.value) is cst.Name:
                    env.var_args.pop(element.value.value, None)

    def _constructed(self, value: cst.BaseExpression, env: _Env) -> str | None:
        """The repository callable whose result ``value`` is (``Cls(...)``)."""
        call = value.expression if type(value) is cst.Await else value
        if type(call) is not cst.Call:
            return None
        dotted = _dotted(call.func)
        if dotted is None or (env.self_name and dotted[0] == env.self_name):
            return None
        qualified = self.scan._resolve(dotted, env.names)
        if qualified is None and dotted[0] in self.scan.classes:
            qualified = f"{self.scan.module}.{'.'.join(dotted)}"
        if qualified is None or qualified.split(".", 1)[0] not in self.scan.local_roots:
            return None
        return qualified

    def _track_empty(self, name: str, value: cst.BaseExpression, env: _Env) -> None:
        """``uris = []``, then filled only under ``isinstance(document, ...)``:
        ``uris`` stays empty when ``document`` is missing."""
        ok, literal = _literal(value, self.module) if type(value) in _EMPTY_KINDS else (False, 1)
        if ok and not literal:
            env.empty_unless[name] = None
            return
        if name not in env.empty_unless:
            return
        present = set().union(*env.present) if env.present else set()
        known = env.empty_unless[name]
        if len(present) == 1 and (known is None or known in present):
            env.empty_unless[name] = next(iter(present))
        else:
            del env.empty_unless[name]

    def _presence(self, test: cst.BaseExpression, env: _Env) -> frozenset[str]:
        """Arguments that must be present for ``test`` to be true."""
        if type(test) is cst.BooleanOperation:
            left, right = self._presence(test.left, env), self._presence(test.right, env)
            return left | right if type(test.operator) is cst.And else left & right
        if (
            type(test) is cst.Call
            and type(test.func) is cst.Name
            and test.func.value == "isinstance"
            and len(test.args) == 2
        ):
            kinds = test.args[1].value
            names = [e.value for e in kinds.elements] if type(kinds) is cst.Tuple else [kinds]
            if any(type(n) is cst.Name and n.value == "NoneType" for n in names):
                return frozenset()
            arg = self._arg_of(test.args[0].value, env)
            return frozenset({arg}) if arg is not None else frozenset()
        if type(test) is cst.Comparison and len(test.comparisons) == 1:
            target = test.comparisons[0]
            if type(target.operator) is cst.In and self._is_dict_source(target.comparator, env):
                key = self._key(test.left, env)
                return frozenset({key}) if isinstance(key, str) else frozenset()
            return frozenset()
        arg = self._arg_of(test, env)
        return frozenset({arg}) if arg is not None else frozenset()

    def _compound(self, stmt: cst.BaseCompoundStatement, env: _Env) -> None:
        if type(stmt) is cst.If:
            self._if(stmt, env)
        elif type(stmt) in (cst.For,):
            self._expr(stmt.iter, env)
            keys = self._loop_keys(stmt)
            if keys and type(stmt.target) is cst.Name:
                # ``for key in ("text", "message"): self.args.get(key)`` reads known keys
                name = stmt.target.value
                for key in keys:
                    env.loop_keys[name] = key
                    self._stmts(_suite_body(stmt.body), env)
                env.loop_keys.pop(name, None)
            else:
                self._stmts(_suite_body(stmt.body), env)
            if stmt.orelse is not None:
                self._stmts(_suite_body(stmt.orelse.body), env)
        elif type(stmt) is cst.While:
            self._expr(stmt.test, env)
            self._stmts(_suite_body(stmt.body), env)
            if stmt.orelse is not None:
                self._stmts(_suite_body(stmt.orelse.body), env)
        elif type(stmt) in (cst.Try, cst.TryStar):
            catches = any(_catches_key_error(h, env) for h in stmt.handlers)
            if catches:
                env.guards.append(None)
            self._stmts(_suite_body(stmt.body), env)
            if catches:
                env.guards.pop()
            for handler in stmt.handlers:
                self._stmts(_suite_body(handler.body), env)
            if stmt.orelse is not None:
                self._stmts(_suite_body(stmt.orelse.body), env)
            if stmt.finalbody is not None:
                self._stmts(_suite_body(stmt.finalbody.body), env)
        elif type(stmt) is cst.With:
            for item in stmt.items:
                self._expr(item.item, env)
            self._stmts(_suite_body(stmt.body), env)
        elif type(stmt) is cst.Match:
            self._match(stmt, env)
        elif type(stmt) is cst.FunctionDef:
            # closures see the enclosing function's names; what they return
            # is not what the enclosing function returns
            collect, env.collect_outcomes = env.collect_outcomes, False
            self._stmts(_suite_body(stmt.body), env)
            env.collect_outcomes = collect
        # nested classes are not part of the tool's behaviour

    def _returned_argument(self, target: _Target) -> str | None:
        """The argument a function's single ``return`` stands for
        (``action = _current_action(self, kwargs)``)."""
        if target in self._returned_args:
            return self._returned_args[target]
        self._returned_args[target] = None
        fn = target.fn
        body = _suite_body(fn.node.body)
        returns = [
            small
            for stmt in body
            if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite)
            for small in stmt.body
            if type(small) is cst.Return
        ]
        if len(returns) != 1 or returns[0].value is None or not _terminates(body):
            return None
        if any(_contains_return(stmt) for stmt in body if _is(stmt, cst.BaseCompoundStatement)):
            return None
        env = _Env(
            func=fn,
            self_name=fn.self_name if fn.cls is not None else target.self_param,
            dicts=set(target.dicts),
            names=dict(self.scan.names),
            collect_outcomes=False,
            var_args=dict(target.values),
        )
        self._returns_depth += 1
        try:
            arg = self._arg_of(returns[0].value, env)
        finally:
            self._returns_depth -= 1
        self._returned_args[target] = arg
        return arg

    def _loop_keys(self, stmt: cst.For) -> list[str]:
        ok, value = self._value(stmt.iter)
        if not ok or not isinstance(value, list) or not 0 < len(value) <= _MAX_LOOP_KEYS:
            return []
        return value if all(isinstance(v, str) for v in value) else []

    def _if(self, stmt: cst.If, env: _Env) -> None:
        closed, env.closed = env.closed, id(stmt) in env.closed_ifs
        self._expr(stmt.test, env)
        env.closed = closed
        positive, negative = self._guards_of(stmt.test, env)
        absent_true, absent_false = self._absent_of(stmt.test, env)
        # a check (``if not x: return error``) makes no branch of a dispatch
        dispatch = self._mentions_arguments(stmt.test, env) and not self._is_check(stmt, env)
        env.conditional += dispatch
        env.guards.append(positive)
        env.absent.append(absent_true)
        env.present.append(self._presence(stmt.test, env))
        self._stmts(_suite_body(stmt.body), env)
        env.present.pop()
        env.absent.pop()
        env.guards.pop()
        test = stmt.test
        if (
            stmt.orelse is None
            and type(test) is cst.UnaryOperation
            and type(test.operator) is cst.Not
            and _terminates(_suite_body(stmt.body))
        ):
            # ``if not x: return ...``: past it, ``x`` is not empty
            if type(test.expression) is cst.Name:
                env.texts.add(test.expression.value)
            arg = self._arg_of(test.expression, env)
            if arg is not None:
                env.nonempty.add(arg)
        if stmt.orelse is not None:
            env.guards.append(negative)
            env.absent.append(absent_false)
            if type(stmt.orelse) is cst.If:
                env.stmt = stmt.orelse
                self._if(stmt.orelse, env)
            else:
                self._stmts(_suite_body(stmt.orelse.body), env)
            env.absent.pop()
            env.guards.pop()
        env.conditional -= dispatch

    def _absent_of(
        self, test: cst.BaseExpression, env: _Env
    ) -> tuple[frozenset[str], frozenset[str]]:
        """Arguments known absent when ``test`` is true / false."""
        if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
            false, true = self._absent_of(test.expression, env)
            return true, false
        if type(test) is cst.Comparison and len(test.comparisons) == 1:
            target = test.comparisons[0]
            if self._is_dict_source(target.comparator, env):
                key = self._key(test.left, env)
                if isinstance(key, str):
                    if type(target.operator) is cst.In:
                        return frozenset(), frozenset({key})
                    if type(target.operator) is cst.NotIn:
                        return frozenset({key}), frozenset()
            return frozenset(), frozenset()
        arg = self._arg_of(test, env)
        return (frozenset(), frozenset({arg})) if arg is not None else (frozenset(), frozenset())

    def _match(self, stmt: cst.Match, env: _Env) -> None:
        self._expr(stmt.subject, env)
        arg = self._arg_of(stmt.subject, env)
        closed = id(stmt) in env.closed_ifs
        dispatch = self._mentions_arguments(stmt.subject, env)
        env.conditional += dispatch
        for case in stmt.cases:
            if arg is not None and closed:
                for value in _match_values(case.pattern, self.module):
                    self._add_enum(arg, value)
            self._stmts(_suite_body(case.body), env)
        env.conditional -= dispatch

    # -- returns, raises ------------------------------------------------------

    def _return(self, node: cst.Return, env: _Env) -> None:
        value = node.value
        if value is not None:
            self._expr(value, env)
        if not env.collect_outcomes:
            return
        line, column = self.scan.loc.statement(node)
        if value is None:
            self.missing.append(MissingResponse("bare-return", line, column, env.func.qualname))
            return
        # ``return a if c else b`` returns either
        todo: list[cst.BaseExpression] = [value]
        while todo:
            current = todo.pop()
            if type(current) is cst.IfExp:
                todo.extend((current.orelse, current.body))
            else:
                self._returned(current, line, column, env)

    def _returned(self, value: cst.BaseExpression, line: int, column: int, env: _Env) -> None:
        """One expression ``execute`` (or a function in its chain) returns."""
        qualname = env.func.qualname
        inner = value.expression if type(value) is cst.Await else value
        call = inner if type(inner) is cst.Call else None
        if call is not None and self._is_response_call(call, env):
            kind, expression = self._break_loop(call)
            message = self._message_kind(call, env)
            self.outcomes.append(Outcome(kind, line, column, expression, qualname, message=message))
            return
        if type(inner) is cst.Name and inner.value in env.responses:
            values = env.responses[inner.value]
            if len(set(values)) == 1:
                kind, expression = values[0]
            else:
                kind, expression = "dynamic", f"{inner.value}.break_loop"
            self.outcomes.append(Outcome(kind, line, column, expression, qualname))
            return
        if type(inner) is cst.Name and inner.value == "None":
            self.missing.append(MissingResponse("returns-none", line, column, qualname))
            return
        ok, _ = _literal(inner, self.module)
        if ok or type(inner) is cst.FormattedString:
            self.missing.append(MissingResponse("returns-literal", line, column, qualname))
            return
        if call is None:
            return
        target = self._callee(call, env)
        if target is not None:
            self._scan(target, collect=True)
        elif (
            type(call.func) is cst.Attribute
            and type(call.func.value) is cst.Name
            and call.func.value.value == env.self_name
            and env.func.cls is not None
        ):
            # a method this module does not define (a base elsewhere may)
            self.chain.setdefault(f"{self.cls.name}.{call.func.attr.value}", None)

    def _break_loop(self, call: cst.Call) -> tuple[bool | str, str | None]:
        """``break_loop`` of a ``Response(...)`` call: True, False or dynamic."""
        value: cst.BaseExpression | None = None
        positional = [a for a in call.args if a.keyword is None and not a.star]
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == "break_loop":
                value = arg.value
        if value is None and len(positional) >= 2:
            value = positional[1].value
        if value is None:
            splat = next((a for a in call.args if a.star == "**"), None)
            if splat is not None:
                return "dynamic", "**" + code_of(splat.value, self.module).strip()
            return "dynamic", "<missing>"
        return self._break_loop_value(value)

    def _message_kind(self, call: cst.Call, env: _Env) -> str | None:
        """What the ``message`` of a ``Response(...)`` call is made of (see
        :attr:`Outcome.message`)."""
        value: cst.BaseExpression | None = None
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == "message":
                value = arg.value
        positional = [a for a in call.args if a.keyword is None and not a.star]
        if value is None and positional:
            value = positional[0].value
        if value is None:
            return None
        kinds: set[str] = set()
        todo = [value]
        while todo and len(kinds) < len(MESSAGE_KINDS):
            node = todo.pop()
            if type(node) is cst.IfExp:
                todo.extend((node.orelse, node.body))
            else:
                kinds.add(self._one_message_kind(node, env))
        return next((kind for kind in MESSAGE_KINDS if kind in kinds), None)

    def _one_message_kind(self, node: cst.BaseExpression, env: _Env) -> str:
        if type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
            # ``a or b or c`` is the first operand that is not empty: it is
            # never empty when one operand has text, and blank operands only
            # matter when all are
            operands: list[cst.BaseExpression] = []
            current: cst.BaseExpression = node
            while type(current) is cst.BooleanOperation and type(current.operator) is cst.Or:
                operands.append(current.right)
                current = current.left
            operands.append(current)
            kinds = {self._one_message_kind(operand, env) for operand in operands}
            if "text" in kinds:
                return "text"
            return next((k for k in MESSAGE_KINDS if k in kinds and k != "blank"), "blank")
        if type(node) is cst.Name and node.value in env.texts:
            return "text"
        ok, value = _literal(node, self.module)
        if ok and isinstance(value, str):
            return "text" if value.strip() else "blank"
        if type(node) is cst.FormattedString:
            parts = node.parts
            if any(type(p) is cst.FormattedStringText and p.value.strip() for p in parts):
                return "text"
            if any(
                type(p) is cst.FormattedStringExpression and self._arg_of(p.expression, env)
                for p in parts
            ):
                return "argument"
            return "computed"
        arg = self._arg_of(node, env)
        if arg is None:
            return "computed"
        return "text" if arg in env.nonempty else "argument"

    def _break_loop_value(self, value: cst.BaseExpression) -> tuple[bool | str, str | None]:
        if type(value) is cst.Name and value.value in ("True", "False"):
            return value.value == "True", None
        return "dynamic", code_of(value, self.module).strip()

    def _raise(self, node: cst.Raise, env: _Env) -> None:
        exc = node.exc
        if exc is None:
            return
        self._expr(exc, env)
        target = exc.func if type(exc) is cst.Call else exc
        dotted = _dotted(target)
        if dotted is None:
            return
        qualified = self.scan._resolve(dotted, env.names)
        if qualified is None and len(dotted) == 1 and dotted[0] in self.scan.classes:
            qualified = f"{self.scan.module}.{dotted[0]}"
        if qualified is None and not dotted[-1][:1].isupper():
            return  # ``raise error``: a variable holding an exception of unknown type
        short = (qualified or ".".join(dotted)).rsplit(".", 1)[-1]
        line, column = self.scan.loc.statement(node)
        self.raises.append(
            Raise(short, line, column, qualified, "Repairable" in short, env.func.qualname)
        )

    # -- expressions ----------------------------------------------------------

    def _expr(self, node: cst.CSTNode, env: _Env) -> None:
        # the stack holds nodes; ``(node, guard)`` visits a node under a
        # guard, and None ends the guard that was pushed last
        stack: list[Any] = [node]
        while stack:
            current = stack.pop()
            if current is None:
                env.guards.pop()
                env.absent.pop()
                continue
            kind = type(current)
            if kind is tuple:
                current, guard, absent = current
                env.guards.append(guard)
                env.absent.append(absent)
                stack.append(None)
                kind = type(current)
            if kind in _LEAVES:
                continue
            if kind is cst.Call:
                self._call(current, env)
                self._wholesale_call(current, env)
            elif (
                kind is cst.Dict
                and any(
                    type(e) is cst.StarredDictElement and self._is_dict_source(e.value, env)
                    for e in current.elements
                )
                and not self._is_dict_source(current, env, alias=True)
            ):
                # ``{"area": area, **kwargs}``: every other argument is taken too
                self._wholesale(current, env)
            elif kind is cst.Subscript:
                self._subscript(current, env)
            elif kind is cst.Comparison:
                self._comparison(current, env)
            elif kind is cst.IfExp:
                positive, negative = self._guards_of(current.test, env)
                absent_true, absent_false = self._absent_of(current.test, env)
                stack.append((current.orelse, negative or frozenset(), absent_false))
                stack.append((current.body, positive or frozenset(), absent_true))
                stack.append(current.test)
                continue
            elif kind is cst.BooleanOperation and type(current.operator) is cst.And:
                positive, _ = self._guards_of(current.left, env)
                absent_true, _ = self._absent_of(current.left, env)
                stack.append((current.right, positive or frozenset(), absent_true))
                stack.append(current.left)
                continue
            elif kind is cst.BooleanOperation and type(current.operator) is cst.Or:
                # the right operand is evaluated when the left is falsy
                _, absent_false = self._absent_of(current.left, env)
                stack.append((current.right, frozenset(), absent_false))
                stack.append(current.left)
                continue
            elif kind in (cst.Lambda, cst.FunctionDef, cst.ClassDef):
                if kind is cst.Lambda:
                    stack.append(current.body)
                continue
            children = _children(current, _LEAVES)
            children.reverse()
            stack.extend(children)

    def _wholesale_call(self, node: cst.Call, env: _Env) -> None:
        """``kwargs.items()``, or ``f(**kwargs)`` into code that is not followed:
        the tool takes arguments it does not name."""
        func = node.func
        if (
            type(func) is cst.Attribute
            and func.attr.value in ("items", "keys", "values")
            and not node.args
            and self._is_dict_source(func.value, env)
        ):
            self._wholesale(node, env)
            return
        if (
            any(a.star == "**" and self._is_dict_source(a.value, env) for a in node.args)
            and self._callee(node, env) is None
            and not self._is_response_call(node, env)
        ):
            dotted = _dotted(func)
            qualified = self.scan._resolve(dotted, env.names) if dotted else None
            if qualified is None or qualified.split(".", 1)[0] not in self.scan.local_roots:
                self._wholesale(node, env)

    def _wholesale(self, node: cst.CSTNode, env: _Env) -> None:
        if not self.from_execute:
            return  # logging every argument (``get_log_object``) takes none of them
        line, column = self.scan.loc.expression(node, env.stmt or env.func.node)
        expression = code_of(node, self.module).strip()
        if len(expression) > 80:
            expression = expression[:77] + "..."
        self.wholesale.append(DynamicRead(expression, line, column, env.func.qualname))

    def _is_dict_source(self, node: cst.BaseExpression, env: _Env, alias: bool = False) -> bool:
        if type(node) is cst.Attribute:
            return (
                node.attr.value == "args"
                and type(node.value) is cst.Name
                and env.self_name is not None
                and node.value.value == env.self_name
            )
        if type(node) is cst.Name:
            return node.value in env.dicts
        if not alias:
            return False
        # ``args = self.args or {}``, ``dict(self.args)``, ``dict(**self.args)``,
        # ``{**self.args}``, ``self.args.copy()``, ``copy.deepcopy(self.args)``
        if type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
            return self._is_dict_source(node.left, env)
        if type(node) is cst.Dict:
            return bool(node.elements) and all(
                type(e) is cst.StarredDictElement and self._is_dict_source(e.value, env)
                for e in node.elements
            )
        if type(node) is not cst.Call:
            return False
        func = node.func
        if type(func) is cst.Attribute and func.attr.value == "copy" and not node.args:
            return self._is_dict_source(func.value, env)
        dotted = _dotted(func)
        if dotted in (["dict"], ["copy", "copy"], ["copy", "deepcopy"], ["deepcopy"]):
            return len(node.args) == 1 and self._is_dict_source(node.args[0].value, env)
        return False

    def _key(self, node: cst.BaseExpression, env: _Env) -> str | DynamicKey:
        if type(node) in (cst.SimpleString, cst.ConcatenatedString):
            value = _string_value(node)
            if isinstance(value, str):
                return value
        if type(node) is cst.Name and node.value in env.loop_keys:
            return env.loop_keys[node.value]
        if type(node) is cst.Name:
            ok, value = self.scan.constant(node.value)
            if ok and isinstance(value, str):
                return value
        return DYNAMIC

    def _read(
        self,
        key_node: cst.BaseExpression,
        node: cst.CSTNode,
        kind: str,
        env: _Env,
        default: cst.BaseExpression | None = None,
    ) -> str | None:
        key = self._key(key_node, env)
        line, column = self.scan.loc.expression(node, env.stmt or env.func.node)
        if isinstance(key, DynamicKey):
            expression = code_of(key_node, self.module).strip()
            self.dynamic.append(DynamicRead(expression, line, column, env.func.qualname))
            return None
        builder = self._arg(key)
        guarded = kind in ("get", "pop", "contains") or env.guarded(key)
        builder.reads.append(ArgumentRead(line, column, kind, guarded, env.func.qualname))
        if kind == "subscript" and not guarded:
            absent = env.absent_keys() - {key}
            if absent:
                # read only when those are missing: one of them is needed
                builder.alternatives.update(absent)
            elif not env.conditional:
                builder.required_read = True
        if default is not None:
            ok, value = self._value(default)
            if ok:
                builder.set_default(value)
        return key

    def _value(self, node: cst.BaseExpression) -> tuple[bool, Any]:
        """(True, value) for a literal or a module-level constant bound to one."""
        if type(node) is cst.Name and node.value not in ("True", "False", "None"):
            return self.scan.constant(node.value)
        return _literal(node, self.module)

    def _subscript(self, node: cst.Subscript, env: _Env) -> None:
        if not self._is_dict_source(node.value, env) or len(node.slice) != 1:
            return
        element = node.slice[0].slice
        if type(element) is cst.Index:
            self._read(element.value, node, "subscript", env)

    def _comparison(self, node: cst.Comparison, env: _Env) -> None:
        left = node.left
        for target in node.comparisons:
            op = target.operator
            right = target.comparator
            if type(op) in (cst.In, cst.NotIn) and self._is_dict_source(right, env):
                self._read(left, node, "contains", env)
            elif type(op) in (cst.Equal, cst.NotEqual, cst.In, cst.NotIn, cst.Is, cst.IsNot):
                self._enum_from(left, op, right, env)
                if type(op) in (cst.Equal, cst.NotEqual):
                    self._enum_from(right, op, left, env)
            left = right

    def _enum_from(
        self,
        subject: cst.BaseExpression,
        op: cst.BaseCompOp,
        other: cst.BaseExpression,
        env: _Env,
    ) -> None:
        arg = self._arg_of(subject, env)
        if arg is None:
            return
        ok, value = self._value(other)
        if not ok:
            return
        values = list(value) if isinstance(value, (list, dict)) else [value]
        if type(op) in (cst.In, cst.NotIn) and not isinstance(value, (list, dict)):
            return
        if type(op) in (cst.Is, cst.IsNot):
            return
        if any(isinstance(v, str) and v.strip().lower() in _BOOLEAN_SPELLINGS for v in values):
            # ``str(x).lower() == "true"`` accepts a JSON boolean as well as a string
            self._arg(arg).boolean_spelling = True
            return
        if env.closed:
            for item in values:
                self._add_enum(arg, item)

    def _add_enum(self, arg: str, value: Any) -> None:
        # ``x == ""`` and ``x is None`` test for absence, not for a choice
        if value is not None and value != "" and not isinstance(value, (list, dict)):
            self._arg(arg).add_enum(value)

    def _arg_of(self, node: cst.BaseExpression, env: _Env) -> str | None:
        """The argument an expression stands for, through coercion and normalisation.

        ``str(self.args.get("mode", "")).strip().lower()`` stands for ``mode``;
        ``self.method or self.args.get("action")`` for ``action`` (the first
        operand of an ``or`` that is an argument).
        """
        todo = [node]
        steps = 0
        while todo and steps < 64:
            steps += 1
            node = todo.pop()
            if type(node) is cst.Name:
                arg = env.var_args.get(node.value)
            elif type(node) is cst.Subscript:
                arg = None
                if self._is_dict_source(node.value, env) and len(node.slice) == 1:
                    element = node.slice[0].slice
                    if type(element) is cst.Index:
                        key = self._key(element.value, env)
                        arg = key if isinstance(key, str) else None
            elif type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
                todo.extend((node.right, node.left))
                continue
            elif type(node) is cst.Call:
                arg = None
                func = node.func
                target = (
                    self._callee(node, env) if self._returns_depth < _MAX_RETURN_DEPTH else None
                )
                if target is not None:
                    arg = self._returned_argument(target)
                elif type(func) is cst.Attribute:
                    if func.attr.value in _READ_METHODS and self._is_dict_source(func.value, env):
                        if node.args:
                            key = self._key(node.args[0].value, env)
                            arg = key if isinstance(key, str) else None
                    elif func.attr.value in _STRING_METHODS:
                        todo.append(func.value)
                        continue
                elif type(func) is cst.Name and func.value in _COERCIONS and node.args:
                    todo.append(node.args[0].value)
                    continue
            else:
                arg = None
            if arg is not None:
                return arg
        return None

    def _call(self, node: cst.Call, env: _Env) -> None:
        func = node.func
        # reads: D.get(k, default), D.pop(k)
        if (
            type(func) is cst.Attribute
            and func.attr.value in _READ_METHODS
            and self._is_dict_source(func.value, env)
            and node.args
            and node.args[0].keyword is None
        ):
            default = node.args[1].value if len(node.args) > 1 else None
            self._read(node.args[0].value, node, _READ_METHODS[func.attr.value], env, default)
            return
        # coercion and normalisation types
        if type(func) is cst.Name and func.value in _COERCIONS and node.args:
            arg = self._arg_of(node.args[0].value, env)
            if arg is not None:
                builder = self._arg(arg)
                if func.value == "str":
                    builder.weak_type = builder.weak_type or "string"
                elif func.value != "bool":  # ``bool(x)`` tests truthiness: any type
                    builder.coerced_type = builder.coerced_type or _COERCIONS[func.value]
        if type(func) is cst.Attribute and func.attr.value in _STRING_METHODS:
            arg = self._arg_of(func.value, env)
            if arg is not None:
                self._arg(arg).weak_type = self._arg(arg).weak_type or "string"
        self._calls_out(node, env)

    def _calls_out(self, node: cst.Call, env: _Env) -> None:
        """Helpers, side effects, intervention, and dicts handed to other functions."""
        func = node.func
        dotted = _dotted(func)
        if dotted is not None:
            self._record_call(dotted, node, env)
        target = self._callee(node, env)
        if target is not None:
            self._scan(target, collect=False)
        elif type(func) is cst.Attribute and dotted is None:
            # a method of a computed receiver: ``Path(p).write_text(...)``
            self._method_effects(func.attr.value, node, env, func.attr.value)
        elif (
            dotted is not None
            and len(dotted) == 2
            and env.self_name is not None
            and dotted[0] == env.self_name
            and env.func.cls is not None
        ):
            # a method the module does not define: a base elsewhere may
            self._helper_call(f"self.{dotted[1]}", node, env)

    def _helper_call(self, target: str, node: cst.Call, env: _Env) -> None:
        """A call into another module of the repository, with the parameters
        that receive the tool's arguments dict (followed when resolving)."""
        dicts: list[str] = []
        selves: list[str] = []
        index = 0
        for arg in node.args:
            if arg.star == "*":
                break
            if arg.star == "**":
                if self._is_dict_source(arg.value, env):
                    dicts.append("**")
                continue
            key = arg.keyword.value if arg.keyword is not None else f"#{index}"
            if arg.keyword is None:
                index += 1
            value = arg.value
            if self._is_dict_source(value, env):
                dicts.append(key)
            elif type(value) is cst.Name and env.self_name and value.value == env.self_name:
                selves.append(key)
        line, column = self.scan.loc.expression(node, env.stmt or env.func.node)
        self.helper_calls.append(
            HelperCall(target, line, column, env.func.qualname, dicts, selves, env.conditional > 0)
        )

    def _callbacks(self, node: cst.Call, env: _Env) -> None:
        """Functions of other repository modules handed to a call (``run(files.exists, p)``)
        are called by it."""
        for arg in node.args:
            if arg.star or type(arg.value) not in (cst.Name, cst.Attribute):
                continue
            dotted = _dotted(arg.value)
            if dotted is None or (env.self_name and dotted[0] == env.self_name):
                continue
            qualified = self.scan._resolve(dotted, env.names)
            if (
                qualified is not None
                and qualified.split(".", 1)[0] in self.scan.local_roots
                and not qualified.startswith(self.scan.module + ".")
            ):
                line, column = self.scan.loc.expression(arg.value, env.stmt or env.func.node)
                self.helper_calls.append(HelperCall(qualified, line, column, env.func.qualname))

    def _record_call(self, dotted: list[str], node: cst.Call, env: _Env) -> None:
        if node.args:
            self._callbacks(node, env)
        if env.self_name and dotted[0] == env.self_name:
            if len(dotted) >= 3 and dotted[1] == "agent":
                self.helpers.setdefault("self.agent." + ".".join(dotted[2:]), None)
            if dotted[-1] == "handle_intervention":
                self.intervention = True
            elif len(dotted) >= 3:
                # ``self.path.unlink()``; ``self.method()`` is followed instead
                self._method_effects(dotted[-1], node, env, ".".join(dotted))
            return
        if dotted[-1] == "handle_intervention":
            self.intervention = True
        if len(dotted) == 1 and dotted[0] == "open" and "open" not in env.names:
            self._side_effects(effects.for_open(self._open_mode(node)), "open", node, env)
            return
        qualified = self.scan._resolve(dotted, env.names)
        if qualified is None and len(dotted) == 2 and dotted[0] in env.instances:
            # a method of an object the function made: ``shell.connect()``
            for constructed in sorted(env.instances[dotted[0]]):
                self._helper_call(f"{constructed}.{dotted[1]}", node, env)
            # the callable may not be a class: the method's own name still counts
            self._method_effects(dotted[1], node, env, ".".join(dotted))
            return
        if qualified is None:
            if dotted[0] in self.scan.functions or dotted[0] in self.scan.classes:
                qualified = f"{self.scan.module}.{'.'.join(dotted)}"
            else:
                if len(dotted) > 1:
                    self._method_effects(dotted[-1], node, env, ".".join(dotted))
                return
        self.helpers.setdefault(qualified, None)
        if qualified in effects.OPEN_CALLS:
            self._side_effects(effects.for_open(self._open_mode(node)), qualified, node, env)
            return
        areas = effects.for_call(qualified)
        if not areas and len(dotted) > 1:
            areas = effects.for_method(dotted[-1])
        self._side_effects(areas, qualified, node, env)
        if (
            not areas
            and qualified.split(".", 1)[0] in self.scan.local_roots
            and not qualified.startswith(self.scan.module + ".")
        ):
            self._helper_call(qualified, node, env)

    def _method_effects(self, name: str, node: cst.Call, env: _Env, call: str) -> None:
        """Areas of a method whose receiver is not known (a local, an attribute)."""
        if name == "open":
            self._side_effects(self._method_open(node), call, node, env)
        else:
            self._side_effects(effects.for_method(name), call, node, env)

    def _method_open(self, node: cst.Call) -> tuple[str, ...]:
        """``path.open("w")``: a file when the mode is a literal mode string."""
        positional = [a for a in node.args if a.keyword is None and not a.star]
        mode_node = positional[0].value if positional else None
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "mode":
                mode_node = arg.value
        if mode_node is None:
            return ()
        ok, mode = _literal(mode_node, self.module)
        if ok and isinstance(mode, str) and effects.is_mode(mode):
            return effects.for_open(mode)
        return ()

    def _open_mode(self, node: cst.Call) -> str | None:
        mode_node: cst.BaseExpression | None = None
        positional = [a for a in node.args if a.keyword is None and not a.star]
        if len(positional) >= 2:
            mode_node = positional[1].value
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "mode":
                mode_node = arg.value
        if mode_node is None:
            return "r"
        ok, value = _literal(mode_node, self.module)
        return value if ok and isinstance(value, str) else None

    def _side_effects(self, areas: Iterable[str], call: str, node: cst.Call, env: _Env) -> None:
        if not areas:
            return
        line, column = self.scan.loc.expression(node, env.stmt or env.func.node)
        for area in areas:
            self.side_effects.add(area)
            self.effects.append(Effect(area, [call], line, column, env.func.qualname))

    def _callee(self, node: cst.Call, env: _Env) -> _Target | None:
        """A function of this module the call reaches, and what it is handed.

        Followed are the module's functions, the class's methods (through
        ``self`` or ``super()``), and what reaches their parameters: the
        arguments dict, an argument's value, or the tool itself.
        """
        func = node.func
        fn: _Func | None = None
        if type(func) is cst.Name:
            if func.value in self.scan.functions and func.value not in env.names:
                fn = self.scan.functions[func.value]
        elif type(func) is cst.Attribute and type(func.value) is cst.Name:
            if env.self_name and func.value.value == env.self_name:
                fn = self._method(func.attr.value)
        elif (
            type(func) is cst.Attribute
            and type(func.value) is cst.Call
            and type(func.value.func) is cst.Name
            and func.value.func.value == "super"
        ):
            fn = self._method(func.attr.value, skip=env.func.cls)
        if fn is None:
            return None
        own = {p.name.value for p in _own_params(fn)}
        positional = [name for name in fn.positional() if name in own]
        dicts: set[str] = set()
        values: set[tuple[str, str]] = set()
        splat = False
        self_param: str | None = None
        index = 0
        for arg in node.args:
            if arg.star == "**":
                if self._is_dict_source(arg.value, env):
                    splat = True
                    if fn.star_kwarg:
                        dicts.add(fn.star_kwarg)
                continue
            if arg.star == "*":
                index = len(positional)  # where the rest lands is unknown
                continue
            if arg.keyword is not None:
                param: str | None = arg.keyword.value
            elif index < len(positional):
                param = positional[index]
                index += 1
            else:
                param = None
            if param is None:
                continue
            value = arg.value
            if self._is_dict_source(value, env):
                dicts.add(param)
            elif type(value) is cst.Name and env.self_name and value.value == env.self_name:
                self_param = param
            else:
                argument = self._arg_of(value, env)
                if argument is not None:
                    values.add((param, argument))
        return _Target(
            fn, frozenset(dicts), splat, frozenset(values), self_param, env.conditional > 0
        )

    def _method(self, name: str, skip: str | None = None) -> _Func | None:
        owners = self.mro
        if skip is not None:
            names = [o.name for o in owners]
            if skip in names:
                owners = owners[names.index(skip) + 1 :]
        for owner in owners:
            if name in owner.methods:
                return owner.methods[name]
        return None

    def _is_response_call(self, node: cst.BaseExpression, env: _Env) -> bool:
        if type(node) is cst.Await:
            node = node.expression
        if type(node) is not cst.Call:
            return False
        dotted = _dotted(node.func)
        if dotted is None:
            return False
        qualified = self.scan._resolve(dotted, env.names) or ".".join(dotted)
        return qualified.rsplit(".", 1)[-1] == "Response"

    def _guards_of(
        self, test: cst.BaseExpression, env: _Env
    ) -> tuple[frozenset[str], frozenset[str]]:
        """Keys known present when ``test`` is true / false."""
        positive: set[str] = set()
        negative: set[str] = set()
        parts = [test]
        while parts:
            node = parts.pop()
            if type(node) is cst.BooleanOperation and type(node.operator) is cst.And:
                parts.extend([node.left, node.right])
                continue
            if type(node) is cst.Comparison and len(node.comparisons) == 1:
                target = node.comparisons[0]
                if self._is_dict_source(target.comparator, env):
                    key = self._key(node.left, env)
                    if isinstance(key, str):
                        if type(target.operator) is cst.In:
                            positive.add(key)
                        elif type(target.operator) is cst.NotIn:
                            negative.add(key)
            arg = self._arg_of(node, env)
            if arg is not None:
                positive.add(arg)
        return frozenset(positive), frozenset(negative)


def _own_params(fn: _Func) -> list[cst.Param]:
    """Named parameters of a function, without a method's ``self`` or ``cls``."""
    named = fn.named()
    if fn.cls is not None and not fn.is_static and fn.node.params.params[:1]:
        return named[1:] if named and named[0] is fn.node.params.params[0] else named
    if fn.cls is not None and not fn.is_static and fn.node.params.posonly_params[:1]:
        return named[1:]
    return named


def _own_values(fn: _Func) -> frozenset[tuple[str, str]]:
    """Each named parameter standing for the argument of the same name."""
    return frozenset((p.name.value, p.name.value) for p in _own_params(fn))


def effects_order() -> tuple[str, ...]:
    return (effects.READ, effects.WRITE, effects.DELETE, effects.NETWORK, effects.SUBPROCESS)


@dataclass
class _ArgBuilder:
    name: str
    reads: list[ArgumentRead] = field(default_factory=list)
    required_read: bool = False
    default: Any = None
    has_default: bool = False
    coerced_type: str | None = None
    annotation_type: str | None = None
    #: ``str(x)`` or ``x.strip()``: says less than a literal default does
    weak_type: str | None = None
    #: values a closed dispatch accepts
    enum: list[Any] = field(default_factory=list)
    #: compared with ``"true"``/``"false"`` spellings: a JSON boolean is accepted
    boolean_spelling: bool = False
    #: its absence ends ``execute`` with an error
    contract_required: bool = False
    #: arguments of which one is needed when this one is missing
    alternatives: set[str] = field(default_factory=set)

    def set_default(self, value: Any) -> None:
        if not self.has_default:
            self.default = _jsonable(value)
            self.has_default = True

    def add_enum(self, value: Any) -> None:
        value = _jsonable(value)
        # ``1 == True``: compare types too
        if not any(type(v) is type(value) and v == value for v in self.enum):
            self.enum.append(value)

    def build(self) -> Argument:
        reads = _unique(self.reads, lambda r: (r.line, r.column, r.kind))
        reads.sort(key=lambda r: (r.line, r.column))
        kind = self.coerced_type or self.annotation_type
        if kind is None and self.has_default:
            kind = json_type(self.default)
        kind = kind or self.weak_type
        if (
            self.boolean_spelling
            and kind == "string"
            and "string" not in (self.coerced_type, self.annotation_type)
        ):
            kind = None  # a string or a JSON boolean: the type is not one
        enum = list(self.enum)
        if kind is None and enum:
            kinds = {json_type(v) for v in enum}
            kind = kinds.pop() if len(kinds) == 1 else None
        elif kind is not None:
            # ``str(flag).lower() not in ("false", "no")`` for a boolean flag
            # compares a spelling, not a value the argument may take
            enum = [v for v in enum if json_type(v) == kind or (kind, json_type(v)) == _INT]
        return Argument(
            name=self.name,
            required=(self.required_read and not self.has_default and not self.alternatives)
            or self.contract_required,
            default=self.default if self.has_default else None,
            has_default=self.has_default,
            type=kind,
            enum=enum or None,
            reads=reads,
            alternatives=sorted(self.alternatives),
        )


_INT = ("number", "integer")


def _unique(items: Iterable[Any], key: Any) -> list[Any]:
    seen: set[Any] = set()
    out = []
    for item in items:
        k = key(item)
        if k not in seen:
            seen.add(k)
            out.append(item)
    return out


def _split_params(text: str) -> list[str]:
    depth = 0
    parts: list[str] = []
    current: list[str] = []
    for char in text:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [p for p in parts if p.strip() not in ("/", "*")]


def _annotation_type(node: cst.BaseExpression) -> str | None:
    if type(node) in (cst.SimpleString, cst.ConcatenatedString):
        return None
    if type(node) is cst.BinaryOperation and type(node.operator) is cst.BitOr:
        for side in (node.left, node.right):
            if not (type(side) is cst.Name and side.value == "None"):
                return _annotation_type(side)
        return None
    if type(node) is cst.Subscript:
        dotted = _dotted(node.value)
        if dotted and dotted[-1] == "Optional" and node.slice:
            inner = node.slice[0].slice
            if type(inner) is cst.Index:
                return _annotation_type(inner.value)
        return _ANNOTATION_TYPES.get(dotted[-1]) if dotted else None
    dotted = _dotted(node)
    return _ANNOTATION_TYPES.get(dotted[-1]) if dotted else None


def _match_values(pattern: cst.MatchPattern, module: cst.Module) -> list[Any]:
    if type(pattern) is cst.MatchValue:
        ok, value = _literal(pattern.value, module)
        return [value] if ok and value is not None else []
    if type(pattern) is cst.MatchOr:
        out: list[Any] = []
        for element in pattern.patterns:
            out.extend(_match_values(element.pattern, module))
        return out
    if type(pattern) is cst.MatchAs and pattern.pattern is not None:
        return _match_values(pattern.pattern, module)
    return []


def _catches_key_error(handler: cst.ExceptHandler | cst.ExceptStarHandler, env: _Env) -> bool:
    if handler.type is None:
        return True
    types = handler.type.elements if type(handler.type) is cst.Tuple else None
    nodes = [e.value for e in types] if types is not None else [handler.type]
    for node in nodes:
        dotted = _dotted(node)
        if dotted and dotted[-1] in _GUARD_EXCEPTIONS:
            return True
    return False


# ---------------------------------------------------------------------------
# control flow: does every path end in return or raise?


def _terminates(body: Sequence[cst.BaseStatement]) -> bool:
    return any(_statement_terminates(stmt) for stmt in body)


def _statement_terminates(stmt: cst.BaseStatement) -> bool:
    if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
        return any(type(s) in (cst.Return, cst.Raise) for s in stmt.body)
    if type(stmt) is cst.If:
        if stmt.orelse is None:
            return False
        if not _terminates(_suite_body(stmt.body)):
            return False
        if type(stmt.orelse) is cst.If:
            return _statement_terminates(stmt.orelse)
        return _terminates(_suite_body(stmt.orelse.body))
    if type(stmt) in (cst.Try, cst.TryStar):
        if stmt.finalbody is not None and _terminates(_suite_body(stmt.finalbody.body)):
            return True
        body_ends = _terminates(_suite_body(stmt.body)) or (
            stmt.orelse is not None and _terminates(_suite_body(stmt.orelse.body))
        )
        return body_ends and all(_terminates(_suite_body(h.body)) for h in stmt.handlers)
    if type(stmt) is cst.With:
        return _terminates(_suite_body(stmt.body))
    if type(stmt) is cst.While:
        infinite = type(stmt.test) is cst.Name and stmt.test.value == "True"
        return infinite and not _has_break(_suite_body(stmt.body))
    if type(stmt) is cst.Match:
        irrefutable = any(
            type(c.pattern) is cst.MatchAs and c.pattern.pattern is None for c in stmt.cases
        )
        return irrefutable and all(_terminates(_suite_body(c.body)) for c in stmt.cases)
    return False


def _contains_return(stmt: cst.CSTNode) -> bool:
    """Whether a statement holds a ``return`` of its function (nested functions aside)."""
    todo: list[cst.CSTNode] = [stmt]
    while todo:
        current = todo.pop()
        if type(current) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            if any(type(s) is cst.Return for s in current.body):
                return True
        elif type(current) in (cst.FunctionDef, cst.ClassDef):
            continue
        elif _is(current, cst.BaseCompoundStatement):
            todo.extend(_statement_children(current))
    return False


def _negative(test: cst.BaseExpression) -> bool:
    """Whether a test looks for what is wrong (``not x``, ``x is None``,
    ``x not in ...``, any of them joined by ``or``), not for a choice."""
    if type(test) is cst.BooleanOperation and type(test.operator) is cst.Or:
        return _negative(test.left) and _negative(test.right)
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return True
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        target = test.comparisons[0]
        if type(target.operator) in (cst.NotIn, cst.NotEqual, cst.IsNot):
            return True
        if type(target.operator) in (cst.Is, cst.Equal):
            value = target.comparator
            return (type(value) is cst.Name and value.value == "None") or (
                type(value) is cst.SimpleString and value.value in ('""', "''")
            )
    return False


def _rejects(test: cst.BaseExpression) -> bool:
    """Whether a test is true for the values a dispatch does not accept
    (``x not in (...)``, ``x != "a"``): its body is the rejection."""
    return (
        type(test) is cst.Comparison
        and len(test.comparisons) == 1
        and type(test.comparisons[0].operator) in (cst.NotIn, cst.NotEqual)
    )


def _has_break(body: Sequence[cst.BaseStatement]) -> bool:
    for stmt in body:
        if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            if any(type(s) is cst.Break for s in stmt.body):
                return True
        elif type(stmt) in (cst.For, cst.While, cst.FunctionDef, cst.ClassDef):
            continue  # a break there leaves the inner loop only
        elif any(
            _has_break([child])
            for child in _statement_children(stmt)
            if _is(child, cst.BaseStatement)
        ):
            return True
    return False


def _last_small(stmt: cst.CSTNode) -> cst.CSTNode:
    """The statement to point at when a function falls off its end."""
    while True:
        if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            return stmt.body[-1] if stmt.body else stmt
        if _is(stmt, cst.BaseCompoundStatement):
            return stmt
        return stmt
