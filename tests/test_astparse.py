"""``ast`` trees of long modules, parsed in pieces: the tree ``ast.parse`` gives."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from doxtool.python import astparse
from doxtool.python.astparse import parse_ast

REPO = Path(__file__).resolve().parent.parent


def _dump(tree: ast.AST | None) -> str | None:
    return None if tree is None else ast.dump(tree, include_attributes=True)


@pytest.fixture
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(astparse, "PIECE_CHARS", 16)


def test_real_modules_parse_in_pieces_as_whole(small_pieces: None) -> None:
    paths = sorted((REPO / "doxtool").rglob("*.py")) + sorted((REPO / "tests").glob("*.py"))
    for path in paths:
        source = path.read_text(encoding="utf-8")
        assert _dump(parse_ast(source)) == _dump(ast.parse(source)), path


@pytest.mark.parametrize(
    "source",
    [
        # a definition line inside a string, brackets, after a backslash
        'X = """\ndef f():\n    return 1\n"""\n\ndef g():\n    return 2\n',
        "X = [\n1,\n]\ny = (a\n@b)\n\ndef g():\n    return 2\n",
        "x = 1 + \\\n2\n\nclass C:\n    pass\n",
        "if x:\n    pass\nelse:\n    pass\n@d\nasync  def f():\n    await g()\n",
        # CRLF; a form feed before a definition; non-ASCII text
        "def f():\r\n    return 'é'\r\n\r\ndef g():\r\n    return 2\r\n",
        "x = 1\n\x0cdef f():\n    return 1\n\ndef g():\n    return 'ü'\n",
    ],
    ids=["string", "brackets", "backslash", "decorated", "crlf", "formfeed"],
)
def test_awkward_modules_parse_in_pieces_as_whole(source: str, small_pieces: None) -> None:
    assert _dump(parse_ast(source)) == _dump(ast.parse(source))


def test_a_definition_line_inside_a_string_falls_back_to_a_whole_parse(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = 'X = """\ndef f():\n    return 1\n"""\n'
    whole: list[int] = []
    original = ast.parse

    def counting(text: str, *args: object, **kwargs: object) -> ast.Module:
        if text == source:
            whole.append(1)
        return original(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ast, "parse", counting)
    assert _dump(parse_ast(source)) == _dump(original(source))
    assert whole == [1]


@pytest.mark.parametrize(
    "source",
    ["def f():\n    return 1\n\ndef g(:\n    return 2\n", "def f():\r    return 1\rx = (\r"],
    ids=["syntax-error", "lone-cr"],
)
def test_a_module_that_does_not_parse_gives_none(source: str, small_pieces: None) -> None:
    assert parse_ast(source) is None


def test_a_long_module_is_never_parsed_whole(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = "".join(f"def f{i}(x):\n    return x + {i}\n\n" for i in range(50))
    sizes: list[int] = []
    original = ast.parse

    def recording(text: str, *args: object, **kwargs: object) -> ast.Module:
        sizes.append(len(text.lstrip("\n")))
        return original(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ast, "parse", recording)
    assert _dump(parse_ast(source)) == _dump(original(source))
    assert len(sizes) == 50 and max(sizes) < 40


#: node types with no fields: an expression's context and the operators
_LEAVES = (ast.expr_context, ast.operator, ast.boolop, ast.unaryop, ast.cmpop)
#: syntax that the repository's own modules may not use
_EVERY_KIND = """\
import a.b as c
from .d import e as f, g
global h
def i(j: int = 1, /, *k, l=2, **m) -> None:
    n = 0
    async def o():
        nonlocal n
        async for p in q:
            async with r as s:
                await t
    lambda u, *v: w
    x = [y for z in aa if bb] + {cc: dd async for ee in ff} - {gg for hh in ii}
    jj = (kk for ll in mm)
    nn += -oo if not pp else ~qq
    rr: int = ss < tt <= uu is not vv
    del ww[xx:yy:zz], aaa.bbb
    assert ccc, f"{ddd!r:>{eee}} {fff=}"
    raise ggg from hhh
    try:
        pass
    except iii as jjj:
        yield from kkk
    while lll:
        break
    else:
        continue
    match mmm:
        case [nnn, *ooo] | {"ppp": qqq, **rrr} if sss:
            pass
        case Ttt(uuu, vvv=www) | 1 | None | (xxx as yyy):
            return zzz
"""


def _reached(tree: ast.AST) -> list[ast.AST]:
    """Every node :func:`~doxtool.python.astparse.child_fields` leads to."""
    reached, todo = [], [tree]
    while todo:
        node = todo.pop()
        reached.append(node)
        for field in astparse.child_fields(type(node)):
            value = getattr(node, field, None)
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, ast.AST):
                    todo.append(item)
                else:  # a field left out may hold anything but a node
                    assert not isinstance(item, list)
    return reached


def test_child_fields_reach_every_node_but_the_leaves_without_fields() -> None:
    paths = sorted((REPO / "doxtool").rglob("*.py")) + sorted((REPO / "tests").glob("*.py"))
    sources = [_EVERY_KIND] + [path.read_text(encoding="utf-8") for path in paths]
    for source in sources:
        tree = ast.parse(source)
        expected = [node for node in ast.walk(tree) if not isinstance(node, _LEAVES)]
        assert sorted(map(id, _reached(tree))) == sorted(map(id, expected))
    assert astparse.child_fields(ast.Name) == ()
    assert astparse.child_fields(ast.BinOp) == ("left", "right")
    assert astparse.child_fields(str) == ()


def test_child_expressions_include_keyword_values_and_comprehension_parts() -> None:
    call = ast.parse("f(a, *b, depth=int(c), **d)", mode="eval").body
    assert [ast.unparse(e) for e in astparse.child_expressions(call)] == [
        "f",
        "a",
        "*b",
        "int(c)",
        "d",
    ]
    comp = ast.parse("[g(v) for v in x if v for w in y(v) if w if h(w)]", mode="eval").body
    assert [ast.unparse(e) for e in astparse.child_expressions(comp)] == [
        "g(v)",
        "x",
        "v",
        "y(v)",
        "w",
        "h(w)",
    ]  # the targets ``v`` and ``w`` only bind names
