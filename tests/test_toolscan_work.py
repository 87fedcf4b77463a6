"""The tool walk reads no more than its answers need: a method, a scope or a
statement whose reading cannot change a fact is not read (the facts are
those a full reading gives)."""

from __future__ import annotations

import ast

import libcst as cst
import pytest

from doxtool.python import bindings, cstpaths, outcomes, temppaths
from doxtool.python.extract import extract_module

_SCRATCH = """\
import shutil
import tempfile

from python.helpers.tool import Response, Tool


class Scratch(Tool):
    label = "scratch"

    async def execute(self, **kwargs):
        self.tmpdir = tempfile.mkdtemp()
        shutil.rmtree(self.tmpdir)
        return Response(message="done", break_loop=False)

    def rename(self, title):
        self.label = title
        self.count += 1
{extra}"""


def _read_methods(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The functions whose paths the walk reads (``PathValues``, ``TemporaryPaths``)."""
    read: list[str] = []

    class Paths(cstpaths.PathValues):
        def __init__(self, node: ast.FunctionDef, *args: object, **kwargs: object) -> None:
            read.append(node.name)
            super().__init__(node, *args, **kwargs)  # type: ignore[arg-type]

    class Temporary(cstpaths.TemporaryPaths):
        def __init__(self, node: ast.FunctionDef, *args: object, **kwargs: object) -> None:
            read.append(node.name)
            super().__init__(node, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cstpaths, "PathValues", Paths)
    monkeypatch.setattr(cstpaths, "TemporaryPaths", Temporary)
    return read


def test_a_method_setting_only_attributes_left_out_is_not_read_for_paths(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read = _read_methods(monkeypatch)
    facts = extract_module(_SCRATCH.format(extra=""), "tools/scratch.py", ["python"])
    (tool,) = facts.candidates
    # ``self.tmpdir`` is only ever a directory the tool made: removing it is no deletion
    assert tool.side_effects == ["filesystem write"]
    # ``rename`` sets ``label`` (a class body gives it a value) and ``count``
    # (``+=``): neither can be a path of the tool's own, so it is not read
    assert "execute" in read
    assert "rename" not in read


def test_an_attribute_also_set_elsewhere_is_read_in_every_method_until_one_refuses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read = _read_methods(monkeypatch)
    extra = "\n    def reset(self):\n        self.tmpdir = self.args['path']\n"
    facts = extract_module(_SCRATCH.format(extra=extra), "tools/scratch.py", ["python"])
    (tool,) = facts.candidates
    assert "filesystem delete" in tool.side_effects
    assert "reset" in read
    assert "rename" not in read


_HANDED = """\
from python.helpers.tool import Response, Tool


class Handed(Tool):
    async def execute(self, text="", **kwargs):
        return self.finish(text)

    def finish(self, text):
        return Response(message=text, break_loop=False)
"""


def test_a_parameter_no_call_binds_to_a_boolean_is_not_looked_up_in_its_scope(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read: list[str] = []
    real = outcomes.scope_bindings

    def recording(scope: cst.CSTNode, declares: bool = True) -> bindings.ScopeBindings:
        read.append(type(scope).__name__)
        return real(scope, declares)

    monkeypatch.setattr(outcomes, "scope_bindings", recording)
    (tool,) = extract_module(_HANDED, "tools/handed.py", ["python"]).candidates
    assert [(o.break_loop, o.function) for o in tool.outcomes] == [(False, "Handed.finish")]
    # ``text`` of ``execute`` is a parameter: what binds it there cannot
    # make it a boolean no call hands in
    assert read == []


_BINDS = """\
def f(a, b=(c := 1)):
    d = True
    e: int = 2
    g += 1
    h, *i = 1, 2
    j = k = 3
    for m in n:
        pass
    [o for o in p if (q := o)]
    with x as r:
        pass
    try:
        pass
    except E as s:
        pass
    import t.u
    from v import w as y
    del z
    match a:
        case {"k": aa, **ab}:
            pass
        case [*ac] | ad:
            pass

    def ae(af=(ag := 1)):
        ah = 1
        global ai

    class Aj:
        ak = 1

    lambda al=(am := 2): (an := 3)
"""


def test_scope_bindings_finds_each_kind_of_binding_and_only_those() -> None:
    module = cst.parse_module(_BINDS)
    body = module.body[0].body  # type: ignore[attr-defined]
    table = bindings.scope_bindings(body)
    found = {name: [b.value is not None for b in bound] for name, bound in table.names.items()}
    assert found == {
        "d": [True],
        "e": [True],
        "g": [False],
        "h": [False],
        "i": [False],
        "j": [False],
        "k": [False],
        "m": [False],
        "o": [False],
        "q": [False],
        "r": [False],
        "s": [False],
        "t": [False],
        "y": [False],
        "z": [False],
        "aa": [False],
        "ab": [False],
        "ac": [False],
        "ad": [False],
        "ae": [False],
        "ag": [False],
        "Aj": [False],
        "am": [False],
    }
    assert table.declared == frozenset({"ai"})
    assert table.of("ai") is None and table.of("ah") == []


def test_scope_bindings_asks_only_nodes_that_may_bind(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[type] = []
    real = bindings._bound

    def recording(node: cst.CSTNode) -> object:
        asked.append(type(node))
        return real(node)

    monkeypatch.setattr(bindings, "_bound", recording)
    module = cst.parse_module(_BINDS)
    bindings.scope_bindings(module.body[0].body)  # type: ignore[attr-defined]
    assert asked and all(kind in bindings._BINDING_KINDS for kind in asked)


_AUGMENTED = """\
class Box:
    def fill(self, items):
        self.count += 1
        for item in items:
            if item:
                self.total += item
            else:
                self.empty += 1
        else:
            self.loops += 1
        while True:
            self.spins += 1
        try:
            self.tries += 1
        except ValueError:
            self.errors += 1
        finally:
            self.done += 1
        with open("x") as handle:
            self.opened += 1
        match items:
            case []:
                self.blank += 1
            case _:
                pass

        def inner(other):
            self.nested += 1
            other.seen += 1

        class Inner:
            self.in_class += 1

        adder = lambda: [x for x in items]
        self.pair, self.rest = 1, 2
        self.value = items
"""


def test_augmented_assignments_come_in_the_order_a_full_walk_gives() -> None:
    tree = ast.parse(_AUGMENTED)
    method = tree.body[0].body[0]  # type: ignore[attr-defined]
    walked = [n for n in ast.walk(method) if isinstance(n, ast.AugAssign)]
    assert len(walked) == 13
    assert temppaths._augmented(method) == walked


def test_attribute_bindings_walks_no_expression(monkeypatch: pytest.MonkeyPatch) -> None:
    tree = ast.parse(_AUGMENTED)
    method = tree.body[0].body[0]  # type: ignore[attr-defined]
    expected = [
        ("self.pair", None),
        ("self.rest", None),
        ("self.value", "items"),
        *[
            (f"self.{name}", None)
            for name in [
                "count",
                "loops",
                "spins",
                "tries",
                "done",
                "opened",
                "nested",
                "in_class",
                "total",
                "empty",
                "errors",
                "blank",
            ]
        ],
    ]

    def refused(node: ast.AST) -> list[ast.AST]:
        raise AssertionError("a full walk")

    # in the order a full walk gives them: by depth, then in source order
    with monkeypatch.context() as patched:
        patched.setattr(ast, "walk", refused)
        bound = temppaths.attribute_bindings(method, "self")
    found = [(a, ast.unparse(v) if v is not None else None) for a, v in bound]
    assert found == expected


def test_a_value_is_read_again_with_ast_from_its_text_without_the_code_generator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = cst.parse_module("shutil.rmtree(self.tmpdir)\n")
    call = module.body[0].body[0].value  # type: ignore[attr-defined]

    def refused(self: cst.Module, node: cst.CSTNode) -> str:
        raise AssertionError("libcst's code generator")

    monkeypatch.setattr(cst.Module, "code_for_node", refused)
    expression = cstpaths._expression(call.args[0].value, module)
    assert expression is not None and ast.unparse(expression) == "self.tmpdir"


_SCRATCH_DIR = """\
def scratch(kind):
    def other():
        return "/srv"

    class Holder:
        def path(self):
            return "/srv/holder"

    pick = lambda: "/srv/lambda"
    if kind:
        return tempfile.mkdtemp(prefix="a-")
    for _ in range(2):
        try:
            return tempfile.mkdtemp(prefix="b-")
        except OSError:
            pass
    return tempfile.mkdtemp()
"""


def test_a_functions_own_returns_are_found_in_one_walk_without_nested_scopes() -> None:
    function = ast.parse(_SCRATCH_DIR).body[0]
    nested = [
        sub
        for sub in ast.walk(function)
        if sub is not function
        and isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
    ]
    expected = [
        sub
        for sub in ast.walk(function)
        if isinstance(sub, ast.Return)
        and not any(inner is sub for scope in nested for inner in ast.walk(scope))
    ]
    assert len(expected) == 3
    assert temppaths._own_returns(function) == expected

    def resolve(dotted: list[str]) -> str | None:
        return ".".join(dotted) if dotted[0] == "tempfile" else None

    # what the nested ``def``, class and lambda return is not the function's
    assert temppaths.returns_only_made(function, resolve)  # type: ignore[arg-type]


_HOLDERS = """\
import httpx

from helpers.store import Store
from python.helpers.tool import Response, Tool


class Holder(Tool):
    async def execute(self, **kwargs):
        self.store = Store()
        self.client = httpx.Client()
        self.store.save(self.args.get("text", ""))
        self.client.post("https://example.com")
        self.other.flush()
        return Response(message="done", break_loop=False)

    def reset(self):
        self.store = None
"""


def test_each_method_is_searched_once_for_the_attributes_it_sets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from doxtool.python import receivers

    searched: list[int] = []
    full = receivers._nodes

    def counted(root: cst.CSTNode) -> list[cst.CSTNode] | None:
        searched.append(id(root))
        return full(root)

    monkeypatch.setattr(receivers, "_nodes", counted)
    facts = extract_module(_HOLDERS, "tools/holder.py", ["helpers", "python"])
    assert len(facts.candidates) == 1
    # three attributes are asked about (store, client, other) over two methods
    assert searched and len(searched) == len(set(searched))
    monkeypatch.setattr(receivers, "_nodes", full)
    assert extract_module(_HOLDERS, "tools/holder.py", ["helpers", "python"]) == facts
