"""Reads in code that runs where it is called, or on some passes only: a
nested function's body counts under the guards of its calls (as a method's
does), one handed on or never called as run on some calls; a loop's body,
a comprehension's element and a lambda's body may run no time, unless the
loop is over a literal with an element (or ``while True``); an ``except``
handler runs when the ``try``'s body raises, and its ``else`` is skipped
when a handler recovers, so their reads leave the need unknown, but a
default read elsewhere holds. The libcst walk of a tool and
the ``ast`` walk of a helper of another module say the same."""

from __future__ import annotations

import json
from textwrap import dedent

import pytest
from bothwalks import (
    HELPER_TOOL,
    OPTIONAL,
    REQUIRED,
    UNKNOWN,
    as_helper,
    as_tool,
)
from bothwalks import arguments as _arguments

#: (code reading the dict ``A``, what each argument read is)
SHAPES: dict[str, tuple[str, dict[str, str]]] = {
    "a closure called under an if": (
        """\
        text = A.get("text", "")
        def render(body):
            return A["template"].format(body=body)
        if A.get("use_template"):
            text = render(text)
        """,
        {"text": OPTIONAL, "use_template": OPTIONAL, "template": UNKNOWN},
    ),
    "a closure called on every call": (
        """\
        def render(body):
            return A["template"].format(body=body)
        text = render("x")
        """,
        {"template": REQUIRED},
    ),
    "a closure called where the key is there": (
        """\
        def render():
            return A["template"]
        text = render() if "template" in A else ""
        """,
        {"template": OPTIONAL},
    ),
    "a closure called in a loop": (
        """\
        def render():
            return A["template"]
        for _ in range(3):
            render()
        """,
        {"template": UNKNOWN},
    ),
    "a closure handed on as a callback": (
        """\
        def key(item):
            return A["template"]
        items = sorted([1], key=key)
        """,
        {"template": UNKNOWN},
    ),
    "a closure never called": (
        """\
        def unused():
            return A["template"]
        """,
        {"template": UNKNOWN},
    ),
    "a recursive closure called on every call": (
        """\
        def walk(n):
            A["template"]
            if n:
                walk(n - 1)
        walk(3)
        """,
        {"template": REQUIRED},
    ),
    "a closure reading the key each call hands it": (
        """\
        def arg(name, default=None):
            return A.get(name, default)
        def need(name):
            return A[name]
        limit = arg("limit", 10)
        title = need("title")
        mode = arg(default="x", name="mode")
        """,
        {"limit": OPTIONAL, "title": REQUIRED, "mode": OPTIONAL},
    ),
    "a closure reading the key of its literal default": (
        """\
        def need(name="path"):
            return A[name]
        need()
        """,
        {"path": REQUIRED},
    ),
    "a keyword a closure's ** parameter takes binds no name": (
        """\
        mode = A.get("mode")
        def pick(**extra):
            return A.get(mode)
        pick(mode="other")
        """,
        {"mode": OPTIONAL},
    ),
    "a closure's parameter hides the key of an enclosing one": (
        """\
        def outer(name):
            def inner(name):
                return A.get(name)
            inner("inner_key")
            return A.get(name)
        outer("outer_key")
        """,
        {"inner_key": OPTIONAL, "outer_key": OPTIONAL},
    ),
    "a loop over what may be empty": (
        """\
        text = ""
        for name in A.get("highlight", []):
            text = text + A["marker"] + name
        """,
        {"highlight": OPTIONAL, "marker": UNKNOWN},
    ),
    "a loop over a literal with elements": (
        """\
        for n in (1, 2):
            text = A["marker"]
        """,
        {"marker": REQUIRED},
    ),
    "while True": (
        """\
        while True:
            text = A["marker"]
            break
        """,
        {"marker": REQUIRED},
    ),
    "a while loop whose test may be false": (
        """\
        n = 0
        while n < len(A.get("items", [])):
            text = A["marker"]
            n += 1
        """,
        {"items": OPTIONAL, "marker": UNKNOWN},
    ),
    "a comprehension over what may be empty": (
        """\
        text = [A["marker"] for _ in range(3)]
        """,
        {"marker": UNKNOWN},
    ),
    "a comprehension over a literal with elements": (
        """\
        text = [A["marker"] for _ in (1, 2)]
        """,
        {"marker": REQUIRED},
    ),
    "a comprehension with a later loop that may be empty": (
        """\
        text = [A["marker"] for _ in (1, 2) for y in range(2)]
        """,
        {"marker": UNKNOWN},
    ),
    "a lambda": (
        """\
        pick = lambda: A["marker"]
        text = pick()
        """,
        {"marker": UNKNOWN},
    ),
    "an except handler": (
        """\
        try:
            text = compute()
        except Exception:
            text = A["fallback"]
        """,
        {"fallback": UNKNOWN},
    ),
    "an except handler reading what a default is given elsewhere": (
        """\
        try:
            n = float(A.get("x", 0))
        except ValueError:
            text = A["k"]
        v = A.get("k", 20)
        """,
        {"x": OPTIONAL, "k": OPTIONAL},
    ),
    "an except handler reading what the code before it needs": (
        """\
        text = A["text"]
        try:
            text = compute(text)
        except ValueError as error:
            text = f"{A['text']}: {error}"
        """,
        {"text": REQUIRED},
    ),
    "an except KeyError reading another key": (
        """\
        try:
            query = A["query"]
        except KeyError:
            query = A["q"]
        """,
        {"query": OPTIONAL, "q": UNKNOWN},
    ),
    "a finally block": (
        """\
        try:
            text = compute()
        finally:
            tag = A["tag"]
        """,
        {"tag": REQUIRED},
    ),
    "a try's else, skipped when a handler recovers": (
        """\
        try:
            text = compute()
        except ValueError:
            text = ""
        else:
            text = A["prefix"] + text
        """,
        {"prefix": UNKNOWN},
    ),
    "a try's else, run on every call that goes on": (
        """\
        try:
            text = compute()
        except ValueError:
            raise RuntimeError("no text")
        else:
            text = A["prefix"] + text
        """,
        {"prefix": REQUIRED},
    ),
    "a name for the dict a nested function rebinds": (
        """\
        a = A
        def use_defaults():
            nonlocal a
            a = {"port": 1, "host": "localhost"}
        use_defaults()
        if not a.get("port"):
            raise ValueError("port is required")
        host = a["host"]
        """,
        {},
    ),
}


def _tool(code: str) -> str:
    return as_tool(code, "A")


def _helper(code: str) -> str:
    return as_helper(code, "A")


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_tool_reads_as_the_code_runs(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo({"tools/t.py": _tool(code)})
    assert _arguments(run_cli, root) == expected


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_helper_of_another_module_reads_the_same(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo({"helpers/fmt.py": _helper(code), "tools/t.py": HELPER_TOOL})
    assert _arguments(run_cli, root) == expected


def test_a_parameter_of_a_nested_function_hides_the_dict_of_its_name(run_cli, make_repo) -> None:
    code = """\
        def pick(args):
            return args["other"]
        text = pick({"other": 1}) + args["text"]
        """
    tool = _tool("args = A\n" + dedent(code))
    root = make_repo({"tools/t.py": tool})
    assert _arguments(run_cli, root) == {"text": REQUIRED}
    root = make_repo({"helpers/fmt.py": _helper(code), "tools/t.py": HELPER_TOOL})
    assert _arguments(run_cli, root) == {"text": REQUIRED}


def test_a_method_called_in_a_loop_over_what_may_be_empty(run_cli, make_repo) -> None:
    source = (
        "from helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        for name in self.args.get("names", []):\n'
        "            self._mark(name)\n"
        "        return Response(message='done', break_loop=False)\n\n"
        "    def _mark(self, name):\n"
        '        return self.args["marker"] + name\n'
    )
    root = make_repo({"tools/t.py": source})
    assert _arguments(run_cli, root) == {"names": OPTIONAL, "marker": UNKNOWN}


FORMAT_TEXT = """\
from helpers.tool import Response, Tool


class FormatText(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text", "")

        def render(body):
            return self.args["template"].format(body=body)

        if self.args.get("use_template"):
            text = render(text)
        for name in self.args.get("highlight", []):
            text = text.replace(name, self.args["marker"] + name)
        return Response(message=text, break_loop=False)
"""


def test_the_schema_and_the_companion_claim_no_need(run_cli, make_repo) -> None:
    """A call with neither ``template`` nor ``marker`` succeeds: neither is required."""
    root = make_repo({"tools/format_text.py": FORMAT_TEXT})
    result = run_cli(root, "schema", "tools/format_text.py")
    assert result.exit_code == 0, result.output
    (schema,) = json.loads(result.output)
    assert "required" not in schema["function"]["parameters"]
    for _ in range(2):  # the companion, then its fact lines
        run_cli(root, "check", "--fix", "tools/format_text.py")
    companion = (root / "tools/format_text.py.dox.md").read_text()
    assert "  - `template`: required or optional.\n" in companion
    assert "  - `marker`: required or optional.\n" in companion


def test_a_parameter_a_nested_function_rebinds_holds_no_handed_dict(run_cli, make_repo) -> None:
    """Past a call of a nested function that rebinds it (``nonlocal args``),
    a helper's parameter may hold anything: its reads name no argument."""
    helper = dedent(
        """\
        def run(args):
            def use_defaults():
                nonlocal args
                args = {"port": 1}
            use_defaults()
            if not args.get("port"):
                raise ValueError("port is required")
        """
    )
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL})
    assert _arguments(run_cli, root) == {}
