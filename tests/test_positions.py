"""Locator answers must equal libcst's PositionProvider (column + 1)."""

from __future__ import annotations

import ast
import textwrap

import libcst as cst
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from libcst.metadata import MetadataWrapper, PositionProvider

import doxtool.python.statements as positions
from doxtool.python.positions import Locator

#: statement-like nodes that scope the expressions inside them
_SCOPES = (
    cst.BaseSmallStatement,
    cst.BaseCompoundStatement,
    cst.ExceptHandler,
    cst.ExceptStarHandler,
    cst.MatchCase,
)


class _Collect(cst.CSTVisitor):
    """Statements, and every expression with its innermost statement, in source order."""

    def __init__(self) -> None:
        self.scopes: list[cst.CSTNode] = []
        self.statements: list[cst.CSTNode] = []
        self.expressions: list[tuple[cst.CSTNode, cst.CSTNode]] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, (*_SCOPES, cst.SimpleStatementLine)):
            self.statements.append(node)
        elif isinstance(node, cst.BaseExpression) and self.scopes:
            self.expressions.append((node, self.scopes[-1]))
        if isinstance(node, _SCOPES):
            self.scopes.append(node)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if self.scopes and self.scopes[-1] is original_node:
            self.scopes.pop()


def _expected(module: cst.Module) -> dict[cst.CSTNode, tuple[int, int]]:
    ranges = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    return {node: (r.start.line, r.start.column + 1) for node, r in ranges.items()}


def _ast_rejects(source: str) -> bool:
    try:
        ast.parse(source)
    except SyntaxError:
        return True
    return False


def check(source: str) -> tuple[Locator, _Collect]:
    """Compare every statement and expression position of ``source``.

    The cheap path must be taken exactly when this interpreter's ``ast`` can
    parse the source (``except*`` needs 3.11, ``type X = ...`` 3.12).
    """
    module = cst.parse_module(source)
    collected = _Collect()
    module.visit(collected)
    locator = Locator(source, module)
    expected = _expected(module)
    for stmt in collected.statements:
        code = module.code_for_node(stmt)[:40]
        assert locator.statement(stmt) == expected[stmt], f"statement {code!r}"
    for node, stmt in collected.expressions:
        code = module.code_for_node(node)[:40]
        assert locator.expression(node, stmt) == expected[node], f"expression {code!r}"
    assert (locator._fallback is not None) is _ast_rejects(source)
    return locator, collected


def _statements(collected: _Collect, kind: type[cst.CSTNode]) -> list[cst.CSTNode]:
    return [node for node in collected.statements if isinstance(node, kind)]


def _where(locator: Locator, collected: _Collect, code: str) -> list[tuple[int, int]]:
    """Locator answers for the expressions whose source text is ``code``."""
    text = locator.module.code_for_node
    return [locator.expression(n, s) for n, s in collected.expressions if text(n) == code]


def _src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def test_decorated_class_and_async_methods() -> None:
    source = _src(
        '''
        import functools


        @functools.total_ordering
        @register(
            name="tool",
        )
        class Tool(Base, metaclass=Meta):
            """Doc."""

            @staticmethod
            async def execute(self, **kwargs):
                async with lock:
                    async for item in stream():
                        await self.emit(item)
                return Response(message="done", break_loop=False)

            @property
            def name(self) -> str:
                return self._name
        '''
    )
    locator, collected = check(source)
    # ast's convention: the ``class`` / ``async def`` keyword, not the decorator
    assert [locator.statement(n) for n in _statements(collected, cst.ClassDef)] == [(8, 1)]
    functions = _statements(collected, cst.FunctionDef)
    assert [locator.statement(n) for n in functions] == [(12, 5), (19, 5)]


def test_decorators_are_searched_apart_from_the_header() -> None:
    source = "@check(args, self)\ndef run(self, args):\n    return args\n"
    locator, collected = check(source)
    function = _statements(collected, cst.FunctionDef)[0]
    params = function.params.params  # type: ignore[attr-defined]
    # extract.py asks for parameter names with the function as the statement
    fresh = Locator(source, locator.module)
    assert [fresh.expression(p.name, function) for p in params] == [(2, 9), (2, 15)]
    assert _where(locator, collected, "args") == [(1, 8), (2, 15), (3, 12)]


def test_if_elif_else_chains() -> None:
    check(
        _src(
            """
            def f(x):
                if x == 1:
                    return "one"
                elif x == 2:
                    return "two"
                elif x == 3:
                    pass
                else:
                    if x:
                        raise ValueError(x)
                    else:
                        return None
                while x:
                    x -= 1
                else:
                    x = 0
                for i in range(3):
                    continue
                else:
                    del x
            """
        )
    )


def test_try_except_else_finally_and_except_star() -> None:
    check(
        _src(
            """
            try:
                value = args["key"]
            except (KeyError, IndexError) as error:
                raise ToolError(str(error)) from error
            except Exception:
                pass
            else:
                print(value)
            finally:
                cleanup()

            try:
                run()
            except* OSError as group:
                handle(group)
            """
        )
    )


def test_with_and_match() -> None:
    check(
        _src(
            """
            with open(path) as f, lock:
                data = f.read()
            with (
                open(a) as x,
                open(b) as y,
            ):
                pass

            match command.split():
                case [action]:
                    go(action)
                case ["go", direction] if direction in exits:
                    go(direction)
                case Point(x=0, y=0) | {"x": 0}:
                    origin()
                case _:
                    return
            """
        )
    )


def test_one_line_suites_and_semicolons() -> None:
    locator, collected = check(
        _src(
            """
            if x: return y
            class C: pass
            def f(): return g(1); raise E
            a = 1; b = call(a); c = call(a)
            while True: break
            """
        )
    )
    assert _where(locator, collected, "g(1)") == [(3, 17)]
    assert _where(locator, collected, "call(a)") == [(4, 12), (4, 25)]
    assert locator.statement(_statements(collected, cst.Raise)[0]) == (3, 23)


def test_multiline_call_node_on_later_line() -> None:
    locator, collected = check(
        _src(
            """
            class T:
                def execute(self):
                    result = self.call(
                        self.args["path"],
                        helper(
                            self.args.get("mode"),
                        ),
                    )
                    return Response(
                        message=result,
                        break_loop=(
                            False
                        ),
                    )
            """
        )
    )
    assert _where(locator, collected, 'self.args["path"]') == [(4, 13)]
    assert _where(locator, collected, 'self.args.get("mode")') == [(6, 17)]
    # a parenthesised node is placed after its own parenthesis
    names = [(n, s) for n, s in collected.expressions if isinstance(n, cst.Name)]
    assert [locator.expression(n, s) for n, s in names if n.value == "False"] == [(12, 17)]
    assert locator.statement(_statements(collected, cst.Return)[0]) == (9, 9)


def test_same_text_twice_in_one_statement() -> None:
    source = 'x = args["a"] if args["a"] else (args["a"], f(args["a"]))\n'
    locator, collected = check(source)
    subscripts = [(n, s) for n, s in collected.expressions if isinstance(n, cst.Subscript)]
    found = [locator.expression(n, s) for n, s in subscripts]
    assert found == [(1, 5), (1, 18), (1, 34), (1, 47)]
    # a repeated query returns the same answer
    assert [locator.expression(n, s) for n, s in subscripts] == found


def test_text_inside_strings_and_comments_is_skipped() -> None:
    locator, collected = check(
        _src(
            """
            def f():
                return call(
                    "f(a) and args['k']",  # f(a) args['k']
                    f(a),
                    args['k'],
                )
            """
        )
    )
    assert _where(locator, collected, "f(a)") == [(4, 9)]
    assert _where(locator, collected, "args['k']") == [(5, 9)]


def test_crlf_and_tabs() -> None:
    source = "def f(a):\r\n\tif a:\r\n\t\treturn g(\r\n\t\t\ta)\r\n\treturn h(a); x = 1\r\n"
    check(source)
    check("x = 1\ry = f(x)\r")


def test_non_ascii_columns_count_characters() -> None:
    locator, collected = check(
        _src(
            """
            x = "日本語テキスト"; y = call(x)
            def généré(données): return "é" + données["clé"]
            class Ünïcode: 名前 = f"{données!r} ✓"; raise Ärger("ü")
            """
        )
    )
    assigns = _statements(collected, cst.Assign)
    assert locator.statement(assigns[1]) == (1, 16)  # ``y = ...`` after 7 wide characters
    assert _where(locator, collected, "call(x)") == [(1, 20)]
    assert _where(locator, collected, 'données["clé"]') == [(2, 35)]
    assert locator.statement(_statements(collected, cst.Raise)[0]) == (3, 39)


def test_newer_syntax_falls_back_to_position_provider() -> None:
    source = _src(
        """
        type Alias = list[int]
        class Box[T]:
            def get[U](self, item: U) -> T | U:
                return item
        """
    )
    check(source)  # falls back unless the running interpreter is 3.12+


def _nested_blocks(depth: int) -> str:
    source = "".join("    " * i + f"if x{i}:\n" for i in range(depth))
    return source + "    " * depth + "return f(a, b=[c for c in d])\n"


def test_deepest_indentation_both_parsers_accept() -> None:
    """CPython and libcst both stop at 100 indentation levels (a module nested
    deeper is DOX003, see test_hostile_input.py); at 99 every position is
    still exact and found the cheap way."""
    deepest = _nested_blocks(99)
    for parse in (ast.parse, cst.parse_module):
        parse(deepest)
    for parse, error in ((ast.parse, SyntaxError), (cst.parse_module, cst.ParserSyntaxError)):
        with pytest.raises(error):
            parse(_nested_blocks(100))
    locator, collected = check(deepest)
    assert locator._fallback is None
    assert len(collected.statements) == 101  # 99 ifs, the return's line and the return


def test_nesting_deeper_than_ast_allows() -> None:
    depth = 210
    source = "def f():\n    return " + "(" * depth + "g(a)" + ")" * depth + " + g(a)\n"
    with pytest.raises(SyntaxError):
        ast.parse(source)
    check(source)


def test_trees_that_do_not_pair_fall_back() -> None:
    module = cst.parse_module("x = 1\ndef f():\n    return 2\n")
    # the text given does not match the tree: ast sees one statement too many
    locator = Locator("x = 1\ndef f():\n    return 2\ny = 3\n", module)
    function = module.body[1]
    assert locator.statement(function) == (2, 1)
    assert locator._fallback is not None


def test_never_raises_even_when_both_paths_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(*args: object, **kwargs: object) -> object:
        raise RecursionError

    module = cst.parse_module("type X = int\nx = f(1)\n")
    monkeypatch.setattr(positions.ast, "parse", explode)
    monkeypatch.setattr(positions.MetadataWrapper, "resolve", explode)
    locator = Locator(module.code, module)
    statement = module.body[1].body[0]
    assert locator.statement(statement) == (1, 1)
    assert locator.expression(statement.value, statement) == (1, 1)


def test_foreign_nodes_and_module_scope() -> None:
    source = "x = 1\nif x:\n    y = g(x) + g(x)\n"
    module = cst.parse_module(source)
    locator = Locator(source, module)
    assert locator.statement(cst.Pass()) == (1, 1)
    assert locator.expression(cst.Name("zz"), cst.Pass()) == (1, 1)
    # the module as the statement: search the whole text, in source order
    calls = [n for n in _all(module) if isinstance(n, cst.Call)]
    assert [locator.expression(n, module) for n in calls] == [(3, 9), (3, 16)]


def _all(node: cst.CSTNode) -> list[cst.CSTNode]:
    """Nodes in source order."""
    return [node, *(n for child in node.children for n in _all(child))]


_LINES = [
    "x = f(x)",
    "return g(args['k'], args['k'])",
    "raise Error(f'{x!r}')",
    'y = "é" + h(y); z = h(y)',
    "pass",
    "del x",
    "assert x, (x, y)",
    "values = [\n    h(1),\n    h(1),\n]",
]


@st.composite
def _programs(draw: st.DrawFn) -> str:
    """Valid nested code: headers come with their required companions."""

    def block(depth: int) -> list[str]:
        lines: list[str] = []
        for _ in range(draw(st.integers(1, 3))):
            if depth < 3 and draw(st.booleans()):
                kind = draw(st.sampled_from(["if", "for", "while", "with", "try", "def", "class"]))
                heads = {
                    "if": ["if g(x):", *draw(st.sampled_from([[], ["elif x:"], ["else:"]]))],
                    "for": ["for i in range(h(1)):"],
                    "while": ["while x:"],
                    "with": ["with f(x) as y:"],
                    "try": ["try:", "except E as e:", *draw(st.sampled_from([[], ["finally:"]]))],
                    "def": [draw(st.sampled_from(["def f(x=g(1)):", "async def a():"]))],
                    "class": ["@dec(1)\nclass K(f(x)):"],
                }[kind]
                for head in heads:
                    if draw(st.booleans()) and kind in ("if", "while"):
                        lines.append(f"{head} {draw(st.sampled_from(_LINES[:6]))}")
                    else:
                        lines.extend(head.splitlines())
                        lines.extend("    " + line for line in block(depth + 1))
            else:
                lines.extend(draw(st.sampled_from(_LINES)).splitlines())
        return lines

    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return newline.join(block(0)) + newline


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_programs())
def test_generated_programs(source: str) -> None:
    check(source)


def test_twin_gives_the_ast_node_of_each_definition_and_top_statement() -> None:
    """The tool walk reads a function's code with ``ast`` through the tree the
    positions were paired on, not by printing and parsing it again."""
    source = textwrap.dedent(
        """\
        import os
        ROOT = os.getcwd()

        def helper(path):
            return path

        class Tool:
            async def execute(self, **kwargs):
                value = 1
                return value
        """
    )
    module = cst.parse_module(source)
    locator = Locator(source, module)
    imported, root, helper, tool = module.body
    method = tool.body.body[0]
    assert isinstance(locator.twin(imported.body[0]), ast.Import)
    twin_root = locator.twin(root.body[0])
    assert isinstance(twin_root, ast.Assign) and twin_root.lineno == 2
    twin_helper = locator.twin(helper)
    assert isinstance(twin_helper, ast.FunctionDef) and twin_helper.name == "helper"
    twin_method = locator.twin(method)
    assert isinstance(twin_method, ast.AsyncFunctionDef) and twin_method.lineno == 8
    assert [type(s) for s in twin_method.body] == [ast.Assign, ast.Return]
    # a statement inside a function is placed, but has no twin to hand out
    assert locator.twin(method.body.body[0]) is None


def test_twin_is_none_when_ast_cannot_pair_the_trees() -> None:
    source = "def f(:\n    pass\n"
    module = cst.parse_module("def f():\n    pass\n")
    assert Locator(source, module).twin(module.body[0]) is None
