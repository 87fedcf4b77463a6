"""The fast renderer writes exactly what libcst's code generator writes."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest
from libcst._nodes.base import CSTCodegenError

from doxtool.python.cstcode import _text, code_of, dotted_text

REPO = Path(__file__).resolve().parent.parent

SPACED = """\
import a . b
from x.y import (z)
v = (a).b
w = a.  b
u = a .b
t = ((a.b)).c
s = a.b.c.d(e)[f].g
r = a
q = (a)
p: dict[str, int] | None = f(x . y)
o = f ( a ,b=1,  *c , ** d, )
n = g(h(1, 2.5, 3j), k='s', l="t" "u")
m = (f(a))
k = f(
    a,
    b = 2,
)
j = f(a)(b).c(d)
"""


class _Everything(cst.CSTVisitor):
    def __init__(self) -> None:
        self.nodes: list[cst.CSTNode] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.nodes.append(node)
        return True


def _nodes(source: str) -> tuple[cst.Module, list[cst.CSTNode]]:
    module = cst.parse_module(source)
    visitor = _Everything()
    module.visit(visitor)
    return module, visitor.nodes


@pytest.mark.parametrize(
    "path",
    [REPO / "tools" / "scheduler.py", REPO / "doxtool" / "python" / "extract.py", None],
    ids=["scheduler", "extract", "spaced"],
)
def test_every_node_renders_as_the_code_generator_does(path: Path | None) -> None:
    source = SPACED if path is None else path.read_text(encoding="utf-8")
    module, nodes = _nodes(source)
    fast = 0
    for node in nodes:
        try:
            expected = module.code_for_node(node)
        except CSTCodegenError:  # a part that has no text of its own
            continue
        assert code_of(node, module) == expected
        fast += dotted_text(node) is not None
    assert fast > 10  # the fast path is taken


def test_spacing_and_parentheses_fall_back() -> None:
    module, nodes = _nodes(SPACED)
    texts = {module.code_for_node(n): dotted_text(n) for n in nodes if isinstance(n, cst.Attribute)}
    assert texts["a . b"] is None
    assert texts["a.  b"] is None
    assert texts["a .b"] is None
    assert texts["(a).b"] is None
    assert texts["((a.b)).c"] is None
    assert texts["x . y"] is None
    assert texts["x.y"] == "x.y"
    assert texts["a.b.c.d"] == "a.b.c.d"
    names = [n for n in nodes if isinstance(n, cst.Name) and n.value == "a" and n.lpar]
    assert names and all(dotted_text(n) is None for n in names)


def test_calls_render_directly() -> None:
    module, nodes = _nodes(SPACED)
    calls = {module.code_for_node(n): n for n in nodes if isinstance(n, cst.Call)}
    multiline = next(t for t in calls if t.startswith("f(\n"))
    for text in (
        "f ( a ,b=1,  *c , ** d, )",
        "h(1, 2.5, 3j)",
        "f(a)",
        'g(h(1, 2.5, 3j), k=\'s\', l="t" "u")',
        "(f(a))",
        "f(a)(b).c(d)",
        multiline,
    ):
        assert _text(calls[text], "\n") == text


EXPRESSIONS = """\
Response(
    message=f"Unknown {action!r}; use one of {', '.join(ACTIONS)}.",  # why
    break_loop=False,
)
self.set_progress(

    f"{name}: {options.describe()}"  # first

    f" target={target!r:>{width}}"
    \\
    " and more"
)
f(f"{x=}", f"{ y }", f"{a.b!s:{c}.{d}}", rf"\\{e}", F'''{g}
''', b"h", u"i")
f(a, *b, **c)(d)[e](f)
f(a[1], f"{a[1]}", lambda: 1, f"{f'{x}'}", a[1:2], a[*b], (a)[b, c,])
f(  # comment
  )
f(f"{{}}", f"{ x } {y :3}", ((a)) . b, a or b and (c), [], [a], [a, *b], [a,], [ a ,b , ])
x = (), (a,), (a, b), ( a , ), [(a, b), (c)], a if b else c, not a, -a, a + b, {a: b}
(a).b, a . b, (a . b)(c), x[
    1,
    2,
](
    a=1,
    b=(2),
    c = 3,
    d= 4,
)
"""


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_expressions_render_as_the_code_generator_does(newline: str) -> None:
    paths = sorted((REPO / "tools").glob("*.py")) + sorted(
        (REPO / "doxtool" / "python").glob("*.py")
    )
    sources = [EXPRESSIONS] + [path.read_text(encoding="utf-8") for path in paths]
    direct = 0
    for source in sources:
        module, nodes = _nodes(source.replace("\n", newline))
        for node in nodes:
            try:
                expected = module.code_for_node(node)
            except CSTCodegenError:  # a part that has no text of its own
                continue
            text = _text(node, module.default_newline)
            assert text is None or text == expected
            assert code_of(node, module) == expected
            direct += text is not None and newline in text
    assert direct > 20  # expressions over several lines are written directly
