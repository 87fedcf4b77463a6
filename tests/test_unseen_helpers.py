"""A generated companion says "Observed side-effect areas: none." only of
code doxtool sees all of: not of a tool whose helper (in another module of
the repository) calls a method of an object it cannot see into, not of a
compatibility shim (its tool's code lies elsewhere)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from samples import WRAPPER

from doxtool.python.opaque import opaque

AREAS = "- Observed side-effect areas:"

FETCH_PY = """\
from helpers.tool import Response, Tool
from helpers.net import fetch_text


class Fetch(Tool):
    async def execute(self, url: str = "", **kwargs) -> Response:
        text = await fetch_text(self.agent, url)
        return Response(message=text[:4000], break_loop=False)
"""

FETCH_PROMPT = """\
### fetch
Fetch a page.
args: `url`
~~~json
{"thoughts": ["x"], "headline": "Fetching", "tool_name": "fetch", "tool_args": {"url": "u"}}
~~~
"""


def _companion(make_repo, run_cli, files: dict[str, str], module: str) -> str:
    root: Path = make_repo(
        {
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.fetch.md": FETCH_PROMPT,
            **files,
        }
    )
    fixed = run_cli(root, "check", "--fix", "--no-cache", "--ignore", "PRM001")
    companion = root / f"{module}.dox.md"
    assert companion.is_file(), fixed.output
    return companion.read_text()


def _areas(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(AREAS)]


@pytest.mark.parametrize(
    ("helper", "areas"),
    [
        # an HTTP client on the agent it is handed
        (
            "async def fetch_text(agent, url):\n"
            "    resp = await agent.context.http_client.get(url)\n"
            "    return resp.text\n",
            [],
        ),
        # a store it gets from the agent, one call further down
        (
            "async def fetch_text(agent, url):\n"
            "    return await _drop(agent, [url])\n\n\n"
            "async def _drop(agent, ids):\n"
            "    db = await agent.context.get_vector_db('memory')\n"
            "    await db.delete_documents_by_ids(ids)\n"
            "    return ''\n",
            [],
        ),
        # what it calls is all seen
        (
            "async def fetch_text(agent, url):\n    return str(url)\n",
            [f"{AREAS} none."],
        ),
        # a method of a value of a builtin type, as annotated, is seen
        (
            "async def fetch_text(agent, url: str, tags: list[str] | None = None):\n"
            "    return url.strip() + ','.join(tags or [])\n",
            [f"{AREAS} none."],
        ),
        # a method of a value of any other type is not
        (
            "from helpers.session import Session\n\n\n"
            "async def fetch_text(agent, url: str, session: Session | None = None):\n"
            "    return await session.get(url.strip())\n",
            [],
        ),
        # a function of a module named at run time
        (
            "import shutil\n\n\n"
            "async def fetch_text(agent, url):\n"
            "    getattr(shutil, url)('a', 'b')\n"
            "    return ''\n",
            [],
        ),
        # a library function named by a literal, called or kept in a name
        (
            "import shutil\n\n\n"
            "async def fetch_text(agent, url):\n"
            "    getattr(shutil, 'rmtree')(url)\n"
            "    return ''\n",
            [],
        ),
        (
            "import shutil\n\n\n"
            "async def fetch_text(agent, url):\n"
            "    run = getattr(shutil, 'rmtree', None)\n"
            "    run(url)\n"
            "    return ''\n",
            [],
        ),
        # of an object of the module's own class: its method, read
        (
            "class Clock:\n    def now(self):\n        return ''\n\n\n"
            "async def fetch_text(agent, url):\n"
            "    clock = Clock()\n"
            "    now = getattr(clock, 'now', None)\n"
            "    return now()\n",
            [f"{AREAS} none."],
        ),
        # an item of a table of functions, what a call hands back
        (
            "import os\n\nOPS = {'rm': os.remove}\n\n\n"
            "async def fetch_text(agent, url):\n"
            "    OPS[url]('a')\n"
            "    return ''\n",
            [],
        ),
        (
            "import os\n\n\ndef _pick(name):\n    return os.remove\n\n\n"
            "async def fetch_text(agent, url):\n"
            "    run = _pick(url)\n"
            "    run('a')\n"
            "    return ''\n",
            [],
        ),
        # a table of lambdas: their code is read
        (
            "async def fetch_text(agent, url):\n    return {'a': lambda u: str(u)}[url](url)\n",
            [f"{AREAS} none."],
        ),
        # a function of the module it does not reach makes a call not seen
        (
            "async def fetch_text(agent, url):\n"
            "    return str(url)\n\n\n"
            "async def other(agent, url):\n"
            "    return await agent.context.http_client.get(url)\n",
            [f"{AREAS} none."],
        ),
    ],
)
def test_none_is_not_written_where_a_helper_makes_a_call_not_seen(
    make_repo, run_cli, helper: str, areas: list[str]
) -> None:
    files = {"tools/fetch.py": FETCH_PY, "helpers/net.py": helper}
    assert _areas(_companion(make_repo, run_cli, files, "tools/fetch.py")) == areas


@pytest.mark.parametrize(
    "body",
    [
        'getattr(shutil, self.args.get("op", "copy"))("a", "b")',
        'run = getattr(files, self.args.get("op", "read"))\n        run("a")',
        # a library function named by a literal, kept in a name
        'run = getattr(shutil, "rmtree", None)\n        run("a")',
        # a table of library or helper functions, of a function of the module
        '{"rm": shutil.rmtree, "cp": shutil.copy}[url]("a")',
        'ops = {"read": files.read}\n        run = ops.get(url)\n        run("a")',
        'ops = {"rm": _rm}\n        ops[url]("a")',
        # what a call hands back
        "_pick(url)('a')",
        "run = _pick(url)\n        run('a')",
    ],
)
def test_none_is_not_written_where_the_tool_calls_a_callee_computed_at_run_time(
    make_repo, run_cli, body: str
) -> None:
    tool = FETCH_PY.replace(
        "from helpers.net import fetch_text\n", "import shutil\n\nfrom helpers import files\n"
    ).replace("text = await fetch_text(self.agent, url)", f"{body}\n        text = url")
    assert tool != FETCH_PY
    tool += "\n\ndef _rm(p):\n    shutil.rmtree(p)\n\n\ndef _pick(name):\n    return _rm\n"
    files = {"tools/fetch.py": tool, "helpers/files.py": "def read(p):\n    return p\n"}
    assert _areas(_companion(make_repo, run_cli, files, "tools/fetch.py")) == []


def test_a_getattr_of_a_library_function_by_a_literal_name_is_that_function(
    make_repo, run_cli
) -> None:
    tool = FETCH_PY.replace("from helpers.net import fetch_text\n", "import shutil\n").replace(
        "text = await fetch_text(self.agent, url)",
        'getattr(shutil, "rmtree")(url)\n        text = url',
    )
    areas = _areas(_companion(make_repo, run_cli, {"tools/fetch.py": tool}, "tools/fetch.py"))
    assert areas == [f"{AREAS} filesystem deletion."]


@pytest.mark.parametrize(
    "call",
    [
        'getattr(self, "_" + url, self._plain)(url)',
        '{"plain": self._plain, "text": lambda u: str(u)}[url](url)',
    ],
)
def test_a_getattr_or_a_table_of_the_tool_itself_reaches_its_own_code(
    make_repo, run_cli, call: str
) -> None:
    tool = FETCH_PY.replace(
        "text = await fetch_text(self.agent, url)",
        f"text = {call}",
    ).replace(
        "        return Response(message=text[:4000], break_loop=False)\n",
        "        return Response(message=text[:4000], break_loop=False)\n\n"
        "    def _plain(self, url):\n        return str(url)\n",
    )
    # the helper module is there: an import of one missing would leave its code unread
    helper = "async def fetch_text(agent, url):\n    return str(url)\n"
    files = {"tools/fetch.py": tool, "helpers/net.py": helper}
    assert _areas(_companion(make_repo, run_cli, files, "tools/fetch.py")) == [f"{AREAS} none."]


def test_a_shim_gets_no_none(make_repo, run_cli) -> None:
    plugin = """\
from helpers.tool import Response, Tool


class Sheet(Tool):
    async def execute(self, path: str = "", **kwargs) -> Response:
        import openpyxl

        book = openpyxl.load_workbook(path, read_only=True)
        return Response(message=str(book.sheetnames), break_loop=False)
"""
    files = {
        "plugins/office/tools/sheet.py": plugin,
        "tools/fetch.py": "from plugins.office.tools.sheet import Sheet  # noqa: F401\n",
    }
    text = _companion(make_repo, run_cli, files, "tools/fetch.py")
    assert "- `break_loop` of `Sheet`: always `false`." in text
    assert _areas(text) == []


def test_the_functions_making_a_call_not_seen_are_named_as_their_summaries() -> None:
    tree = ast.parse(
        "import os\n\n"
        "def seen(path):\n    return os.listdir(path)\n\n"
        "def unseen(agent):\n    return [agent.get(k) for k in 'ab']\n\n"
        "def outer(agent):\n    def inner():\n        return agent.run()\n    return inner\n\n"
        "class A:\n"
        "    def m(self):\n        return self.agent.go()\n\n"
        "    def n(self):\n        return self.m()\n\n"
        "    class B:\n        def k(self, x):\n            return x.y()\n\n"
        "client = make()\nclient.get()\n"
    )
    calls, functions = opaque(tree, {"os": "os"}, {"seen", "unseen", "outer", "A"})
    assert calls == ["make", "client.get", "agent.get", "agent.run", "self.agent.go", "x.y"]
    assert functions == ["unseen", "outer", "A.m", "A.B.k"]


FETCHER_BASE_PY = """\
from helpers.tool import Response, Tool


class Fetcher(Tool):
    async def execute(self, url: str = "", **kwargs) -> Response:
        text = await self.fetch(url)
        return Response(message=text, break_loop=False)

    async def fetch(self, url):
        return await self.agent.context.http_client.get(url)
"""

SUBCLASS_PY = "from helpers.fetchbase import Fetcher\n\n\nclass Fetch(Fetcher):\n"

SUPER_PY = """\
from helpers.fetchbase import Fetcher
from helpers.tool import Response


class Fetch(Fetcher):
    async def execute(self, url: str = "", **kwargs) -> Response:
        return await super().execute(url=url, **kwargs)
"""

OWN_FETCH = "    async def fetch(self, url):\n        return str(url)\n"


@pytest.mark.parametrize(
    ("tool", "areas"),
    [
        # the inherited execute reaches the base's fetch: a call not seen
        (SUBCLASS_PY + "    pass\n", []),
        # super().execute() reaches it too
        (SUPER_PY, []),
        # the tool's own fetch replaces the base's: all seen
        (SUBCLASS_PY + OWN_FETCH, [f"{AREAS} none."]),
        (SUPER_PY + "\n" + OWN_FETCH, [f"{AREAS} none."]),
    ],
)
def test_none_is_not_written_where_inherited_code_makes_a_call_not_seen(
    make_repo, run_cli, tool: str, areas: list[str]
) -> None:
    files = {"helpers/fetchbase.py": FETCHER_BASE_PY, "tools/fetch.py": tool}
    assert _areas(_companion(make_repo, run_cli, files, "tools/fetch.py")) == areas


def test_calls_not_seen_come_in_source_order_past_empty_places() -> None:
    """A dictionary's ``**`` entry has no key and a keyword-only parameter
    may have no default: the calls around them still come in the order the
    source makes them, outer before inner, left before right."""
    tree = ast.parse(
        "def f(p, q, *, r=None, s=p0.zero()):\n"
        "    p.first({**q.second(), None: q.third()}, p.fourth(x=q.fifth()))\n"
        "    with p.sixth() as (a, b), q:\n"
        "        pass\n"
        "    q.seventh()\n"
    )
    calls, functions = opaque(tree, {}, {"f"})
    assert calls == [
        "p0.zero",
        "p.first",
        "q.second",
        "q.third",
        "p.fourth",
        "q.fifth",
        "p.sixth",
        "q.__enter__",
        "q.seventh",
    ]
    assert functions == ["f"]
