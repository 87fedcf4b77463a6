"""What a value read passes through on its way to a check or a use, through
the real CLI, in the libcst walk of a tool and the ``ast`` walk of a helper
of another module alike (:mod:`bothwalks`):

- a check of what a call other than a conversion made of the value
  (``items = json.loads(args.get("items", "[]"))``, then ``if not items``)
  may refuse any value, a missing key's too, or none: ``required or
  optional``, no default; a check of what ``int()`` made of it judges the
  converted default (``int("0")`` is falsy: required);
- a helper whose string is the message of the ``Response`` the tool returns
  (``return Response(message=self._search(q))``) answers with what it
  returns on a check as the same check returning a ``Response`` does;
- a string method run only under ``if isinstance(label, str):`` (or in
  ``label.strip() if isinstance(label, str) else label``) says nothing of
  the value's type, other types passing by unchanged;
- literal defaults that differ between a base class and its subclass, the
  tool and a helper module, or two helpers: none is claimed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from bothwalks import HELPER_TOOL, OPTIONAL, REQUIRED, UNKNOWN, presence, tool_module

#: code reading the dict ``A``, run on every call
CALLED = """\
items = json.loads(A.get("items", "[]"))
if not items:
    raise ValueError("items is required")
n = int(A.get("n", "0"))
if not n:
    raise ValueError("n is required")
kept = A.get("kept", "[]")
if not kept:
    raise ValueError("kept is required")
"""

TYPED = """\
label = A.get("label")
if isinstance(label, str):
    label = label.strip()
text = A.get("text")
if isinstance(text, str):
    text = text.strip()
else:
    raise ValueError("text must be a string")
title = A.get("title")
title = title.strip() if isinstance(title, str) else title
note = A.get("note")
note = isinstance(note, str) and note.strip()
"""


def _files(code: str, walk: str) -> dict[str, str]:
    """``code`` in ``execute`` (``tool``) or in a helper of another module (``helper``)."""
    body = "".join(f"        {line}\n" if line else "\n" for line in code.splitlines())
    if walk == "tool":
        tool = (
            "import json\n\nfrom helpers.tool import Response, Tool\n\n\n"
            "class T(Tool):\n    async def execute(self, **kwargs):\n"
            + body.replace("A.get", "self.args.get")
            + "        return Response(message='done', break_loop=False)\n"
        )
        return {"tools/t.py": tool}
    helper = "import json\n\n\ndef run(A):\n" + "".join(
        f"    {line}\n" if line else "\n" for line in code.splitlines()
    )
    return {"tools/t.py": HELPER_TOOL, "helpers/fmt.py": helper}


def _facts(run_cli: Any, make_repo: Any, files: dict[str, str]) -> dict[str, dict[str, Any]]:
    root = make_repo(files)
    return {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}


@pytest.mark.parametrize("walk", ["tool", "helper"])
def test_a_check_of_what_a_call_made_of_the_value(run_cli, make_repo, walk: str) -> None:
    facts = _facts(run_cli, make_repo, _files(CALLED, walk))
    items, n, kept = facts["items"], facts["n"], facts["kept"]
    # what ``json.loads`` makes of ``"[]"`` (or of a value given) the check
    # may refuse: a missing key may be an error, and ``"[]"`` is no default
    assert presence(items) == UNKNOWN
    assert (items["has_default"], items["default"]) == (False, None)
    # ``int("0")`` is falsy: a missing key is refused
    assert presence(n) == REQUIRED
    assert (n["has_default"], n["default"]) == (False, None)
    # the value itself checked: ``"[]"`` passes
    assert (presence(kept), kept["default"]) == ("optional", "[]")


#: checks of what chains of conversions made of a value
CONVERTED = """\
n = int(float(A.get("n", "2.5")))
if not n:
    raise ValueError("n is required")
r = int(float(A.get("r", "0.4")))
if not r:
    raise ValueError("r is required")
t = str(int(A.get("t", "0")))
if not t:
    raise ValueError("t is required")
"""


@pytest.mark.parametrize("walk", ["tool", "helper"])
def test_a_check_judges_what_the_whole_chain_of_conversions_made(
    run_cli, make_repo, walk: str
) -> None:
    facts = _facts(run_cli, make_repo, _files(CONVERTED, walk))
    # ``int(float("2.5"))`` is 2: the default passes
    assert (presence(facts["n"]), facts["n"]["default"]) == (OPTIONAL, "2.5")
    # ``int(float("0.4"))`` is 0: a missing key is refused
    assert presence(facts["r"]) == REQUIRED
    # ``str(int("0"))`` is ``"0"``, text: the default passes
    assert (presence(facts["t"]), facts["t"]["default"]) == (OPTIONAL, "0")


@pytest.mark.parametrize("walk", ["tool", "helper"])
def test_a_string_method_under_a_test_for_strings_gives_no_type(
    run_cli, make_repo, walk: str
) -> None:
    facts = _facts(run_cli, make_repo, _files(TYPED, walk))
    assert facts["label"]["type"] is None  # other types pass by unchanged
    assert facts["text"]["type"] == "string"  # an ``else`` refuses them
    # the same test in a conditional expression, or before ``and``
    assert (facts["title"]["type"], facts["note"]["type"]) == (None, None)


def test_a_same_module_helper_testing_for_strings_gives_no_type(run_cli, make_repo) -> None:
    tool = """\
from helpers.tool import Response, Tool


def _norm(label):
    if isinstance(label, str):
        label = label.strip()
    return label


class T(Tool):
    async def execute(self, **kwargs):
        label = _norm(self.args.get("label"))
        title = self._norm(self.args.get("title"))
        return Response(message=f"{label}{title}", break_loop=False)

    def _norm(self, value):
        if isinstance(value, str):
            value = value.strip()
        return value
"""
    facts = _facts(run_cli, make_repo, {"tools/t.py": tool})
    assert (facts["label"]["type"], facts["title"]["type"]) == (None, None)


HANDED = """\
def _norm(value):
    if isinstance(value, list):
        return value
    return [value]


def _shown(value):
    return repr(value)


class Runner:
    def go(self, args):
        c = args.get("c")
        return self._norm(c), c.strip()

    def _norm(self, value):
        return value if isinstance(value, (list, tuple)) else [value]


def run(args):
    a = args.get("a")
    b = args.get("b", "")
    d = args.get("d")
    e = args.get("e")
    Runner().go(args)
    return _norm(a), a.strip(), _norm(value=b), b.strip(), _shown(d), d.strip(), e.strip()
"""


def test_a_helper_testing_what_it_is_handed_for_another_type_gives_no_type(
    run_cli, make_repo
) -> None:
    """A value a function or method of the same module tests for another
    type (``_norm(a)``, ``if isinstance(value, list)``) has no one type,
    whatever a string method or a literal default says elsewhere; one
    handed to a function that tests nothing keeps it."""
    tool = HELPER_TOOL.replace("run(self.args)", "run(self.args)\n        Runner().go(self.args)")
    tool = tool.replace("import run", "import Runner, run")
    facts = _facts(run_cli, make_repo, {"tools/t.py": tool, "helpers/fmt.py": HANDED})
    assert [facts[k]["type"] for k in "abcde"] == [None, None, None, "string", "string"]


ANSWERS = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        action = self.args.get("action", "")
        query = self.args.get("query", "")
        if action == "search":
            return Response(message=self._search(query), break_loop=False)
        if action == "find":
            return self._find(query)
        text = self.args.get("text", "")
        return Response(message=self._show(text), break_loop=False)

    def _search(self, query):
        if not query:
            return "Error: 'query' is required for action=search."
        return "found " + query

    def _find(self, query):
        if not query:
            return Response(message="Error: 'query' is required", break_loop=False)
        return Response(message="found " + query, break_loop=False)

    def _show(self, text):
        if not text:
            return f"Error: 'text' is required, got {text!r}"
        return text + self._default(text)

    def _default(self, text):
        if not text:
            return "nothing"
        return ""
"""


def test_a_message_a_helper_returns_on_a_check_answers_the_call(run_cli, make_repo) -> None:
    """The string the helper returns is the tool's answer, as a ``Response``
    returned there is: ``query``, checked under ``action == "search"``, is
    needed on some calls; ``text``, checked on the other calls, too. A
    helper whose string is only part of the message (``_default``) answers
    nothing."""
    facts = _facts(run_cli, make_repo, {"tools/t.py": ANSWERS})
    assert presence(facts["query"]) == UNKNOWN
    assert presence(facts["text"]) == UNKNOWN
    # the same helper's string as the answer on every call: the key is needed
    single = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        query = self.args.get("query", "")
        return Response(message=self._search(query), break_loop=False)

    def _search(self, query):
        if not query:
            return "Error: 'query' is required"
        return "found " + query
"""
    facts = _facts(run_cli, make_repo, {"tools/t.py": single})
    assert presence(facts["query"]) == REQUIRED
    assert (facts["query"]["has_default"], facts["query"]["default"]) == (False, None)


BOUND_MESSAGE = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        query = self.args.get("query", "")
        return Response(message=self._search(query), break_loop=False)

    def _search(self, query):
        if not query:
            BIND
            return message
        return "found " + query
"""


@pytest.mark.parametrize(
    ("bind", "expected"),
    [
        ("message = \"Error: 'query' is required\"", REQUIRED),
        ('message = f"Error: {self.name} needs a query"', REQUIRED),
        # bound where the return may not see it: nothing changes
        (
            'if self.name:\n                message = "Error: no query"\n            else:\n'
            '                message = "nothing"',
            OPTIONAL,
        ),
        ('message = "Error: no query"\n            message = query', OPTIONAL),
    ],
)
def test_a_message_bound_before_the_return_answers_as_written_there(
    run_cli, make_repo, bind: str, expected: str
) -> None:
    """``message = "Error: ..."`` then ``return message`` answers the call as
    ``return "Error: ..."`` does; a name bound again or in a branch is not
    read through."""
    tool = BOUND_MESSAGE.replace("BIND", bind)
    facts = _facts(run_cli, make_repo, {"tools/t.py": tool})
    assert presence(facts["query"]) == expected


BASE = """\
from helpers.tool import Response, Tool


class Base(Tool):
    async def execute(self, **kwargs):
        n = self.args.get("limit", 10)
        return Response(message=f"{n}{self.extra()}", break_loop=False)

    def extra(self):
        return ""
"""

SUB = """\
from helpers.base import Base


class T(Base):
    def extra(self):
        return str(self.args.get("limit", LIMIT))
"""

DEPTHS = """\
def one(args):
    return args.get("depth", 3)


def two(args):
    return args.get("depth", DEPTH)
"""

DEEP = """\
from helpers.depths import one, two
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        return Response(message=f"{one(self.args)}{two(self.args)}", break_loop=False)
"""


def _default(argument: dict[str, Any]) -> tuple[bool, Any, str | None]:
    return argument["has_default"], argument["default"], argument["type"]


def test_defaults_that_differ_across_modules_state_none(run_cli, make_repo) -> None:
    # a base class's ``10``, the subclass's ``20``
    facts = _facts(
        run_cli, make_repo, {"helpers/base.py": BASE, "tools/t.py": SUB.replace("LIMIT", "20")}
    )
    assert _default(facts["limit"]) == (False, None, "integer")
    assert facts["limit"]["default_unknown"]
    # ... of two types: no type either
    facts = _facts(
        run_cli, make_repo, {"helpers/base.py": BASE, "tools/t.py": SUB.replace("LIMIT", '"all"')}
    )
    assert _default(facts["limit"]) == (False, None, None)
    # the same default on both sides is the default
    facts = _facts(
        run_cli, make_repo, {"helpers/base.py": BASE, "tools/t.py": SUB.replace("LIMIT", "10")}
    )
    assert _default(facts["limit"]) == (True, 10, "integer")
    # two helpers of another module
    for depth, expected in [("4", (False, None, "integer")), ("3", (True, 3, "integer"))]:
        files = {"helpers/depths.py": DEPTHS.replace("DEPTH", depth), "tools/t.py": DEEP}
        assert _default(_facts(run_cli, make_repo, files)["depth"]) == expected, depth


def test_defaults_that_differ_give_the_companion_no_default(run_cli, make_repo) -> None:
    files = {"helpers/base.py": BASE, "tools/t.py": SUB.replace("LIMIT", "20")}
    root = make_repo(files)
    run_cli(root, "check", "--fix")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    line = next(line for line in companion.splitlines() if "`limit`" in line)
    assert "default" not in line, line
    assert json.dumps(10) not in line and "20" not in line


def test_a_generated_companion_agrees_with_the_facts_of_bound_messages_and_tested_types(
    run_cli, make_repo
) -> None:
    tool = BOUND_MESSAGE.replace("BIND", "message = \"Error: 'query' is required\"")
    root = make_repo({"tools/t.py": tool, "tools/u.py": _files(TYPED, "tool")["tools/t.py"]})
    run_cli(root, "check", "--fix", "--no-cache")
    text = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    assert "  - `query`: required string.\n" in text
    typed = (root / "tools/u.py.dox.md").read_text(encoding="utf-8")
    assert "  - `title`: optional.\n" in typed
    assert "  - `text`: optional string.\n" in typed
