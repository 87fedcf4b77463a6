"""A function of the module handed to a call (``asyncio.to_thread(_fetch,
url)``, ``loop.run_in_executor(None, _fetch, url)``, ``sorted(items,
key=pick)``) is called by it: its body is walked for what it does (the side
effects of the tool), and what it raises is not the tool's, as when and
whether it runs is the call's (``task.add_done_callback(_done)``). What a
function of the module raises under a ``finally`` that always leaves never
gets out either."""

from __future__ import annotations

import json

import pytest
from test_effect_areas import AREAS, _files, _generated, _line, _tool

FETCH = (
    "import asyncio\nimport urllib.request\n\n\n"
    "def _fetch(url):\n"
    "    with urllib.request.urlopen(url, timeout=5) as response:\n"
    "        return response.read()\n\n\n"
)


@pytest.mark.parametrize(
    "body",
    [
        "        body = await asyncio.to_thread(_fetch, 'http://example.com')\n",
        "        loop = asyncio.get_running_loop()\n"
        "        body = await loop.run_in_executor(None, _fetch, 'http://example.com')\n",
        "        body = sorted(['http://example.com'], key=_fetch)\n",
    ],
)
def test_a_function_handed_to_a_call_shows_its_side_effects(make_repo, run_cli, body: str) -> None:
    root = make_repo(_files(_tool(body, FETCH)))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} network."


def _tool_raises(make_repo, run_cli, source: str) -> list[str]:  # type: ignore[no-untyped-def]
    root = make_repo({"tools/t.py": source})
    result = run_cli(root, "inspect", "--json", "tools/t.py")
    assert result.exit_code == 0, result.output
    ((tool,),) = [m["tools"] for m in json.loads(result.output)]
    return [r["exception"] for r in tool["raises"]]


HEAD = (
    "import asyncio\n\nfrom helpers.tool import Response, Tool\n\n\n"
    "def _done(task):\n    raise ValueError('late')\n\n\n"
    "def _check(value):\n    if not value:\n        raise ValueError('empty')\n    return value\n\n\n"
    "class T(Tool):\n    async def execute(self, **kwargs):\n"
)


@pytest.mark.parametrize(
    "body",
    [
        # run later by the event loop, if at all
        "        task = asyncio.ensure_future(asyncio.sleep(1))\n"
        "        task.add_done_callback(_done)\n"
        "        return Response(message='ok', break_loop=False)\n",
        # a ``finally`` that always returns overrides what the call raises
        "        try:\n            _check(kwargs.get('value'))\n"
        "        finally:\n            return Response(message='done', break_loop=False)\n",
    ],
)
def test_what_never_gets_out_of_a_call_is_not_raised(make_repo, run_cli, body: str) -> None:
    assert _tool_raises(make_repo, run_cli, HEAD + body) == []


def test_what_a_called_function_raises_is_still_raised(make_repo, run_cli) -> None:
    body = "        _check(kwargs.get('value'))\n        return Response(message='ok', break_loop=False)\n"
    assert _tool_raises(make_repo, run_cli, HEAD + body) == ["ValueError"]


@pytest.mark.parametrize(
    ("body", "areas"),
    [
        (
            "        await asyncio.to_thread(urllib.request.urlopen, 'http://example.com')\n",
            "network",
        ),
        ("        list(map(os.remove, ['a.txt']))\n", "filesystem deletion"),
    ],
)
def test_a_library_function_handed_to_a_call_shows_its_side_effects(
    make_repo, run_cli, body: str, areas: str
) -> None:
    imports = "import asyncio\nimport os\nimport urllib.request\n\n"
    root = make_repo(_files(_tool(body, imports)))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} {areas}."


@pytest.mark.parametrize(
    "body",
    [
        # its own temporary directory, handed on to be deleted
        "        work = tempfile.mkdtemp()\n"
        "        await asyncio.to_thread(shutil.rmtree, work, ignore_errors=True)\n",
        "        if isinstance(kwargs.get('p'), subprocess.Popen):\n            pass\n",
        "        proc = cast(subprocess.Popen, kwargs.get('p'))\n",
        "        print(callable(os.remove), id(shutil.rmtree))\n",
    ],
)
def test_a_class_or_function_only_read_is_not_called(make_repo, run_cli, body: str) -> None:
    imports = (
        "import asyncio\nimport os\nimport shutil\nimport subprocess\nimport tempfile\n"
        "from typing import cast\n\n"
    )
    root = make_repo(_files(_tool(body, imports)))
    areas = "filesystem writes" if "mkdtemp" in body else "none"
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} {areas}."


CONN = "import socket\n\n\nclass Conn:\n    def __init__(self, host):\n        self.sock = socket.create_connection((host, 80))\n"


@pytest.mark.parametrize(
    "body",
    [
        "        if isinstance(kwargs.get('p'), Conn):\n            pass\n",
        "        print(callable(_connect), issubclass(type(kwargs.get('p')), Conn))\n",
        "        print(kind_of(kwargs.get('p')))\n",
    ],
)
def test_a_class_or_function_of_the_repository_only_read_is_not_called(
    make_repo, run_cli, body: str
) -> None:
    imports = (
        "from helpers.conn import Conn\nfrom helpers.kind import kind_of\n\n\n"
        "def _connect(host):\n    return Conn(host)\n\n\n"
    )
    kind = (
        "from helpers.conn import Conn\n\n\n"
        "def kind_of(value):\n    return 'conn' if isinstance(value, Conn) else 'other'\n"
    )
    extra = {"helpers/conn.py": CONN, "helpers/kind.py": kind}
    root = make_repo(_files(_tool(body, imports), extra))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} none."
    # called, the class is followed for what it does
    called = "        conn = Conn(kwargs.get('p'))\n"
    root = make_repo(_files(_tool(called, imports), extra))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} network."


@pytest.mark.parametrize(
    ("body", "helper"),
    [
        # a default getattr may give back, then called
        ("        fn = getattr(kwargs, 'missing', _connect)\n        fn('h')\n", ""),
        # a value setattr keeps on the object, then called
        ("        setattr(self, 'opener', _connect)\n        self.opener('h')\n", ""),
        # the value cast returns, then called
        ("        fn = cast(object, _connect)\n        fn('h')\n", ""),
        # the same in a helper of another module
        (
            "        open_one('h')\n",
            "def open_one(host):\n    fn = getattr(host, 'missing', make)\n    return fn(host)\n",
        ),
    ],
)
def test_a_function_a_reading_call_hands_back_or_keeps_may_be_called(
    make_repo, run_cli, body: str, helper: str
) -> None:
    imports = (
        "from typing import cast\n\nfrom helpers.conn import Conn\nfrom helpers.opener import open_one\n\n\n"
        "def _connect(host):\n    return Conn(host)\n\n\n"
    )
    opener = (
        "from helpers.conn import Conn\n\n\ndef make(host):\n    return Conn(host)\n\n\n" + helper
    )
    extra = {"helpers/conn.py": CONN, "helpers/opener.py": opener}
    root = make_repo(_files(_tool(body, imports), extra))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} network."
