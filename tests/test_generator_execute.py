"""An ``execute`` holding a ``yield`` is a generator: the framework awaits
what calling it gives, which no generator can be, and none of its body runs.
DOX006 says so; DOX007 (a path with no ``Response``) does not, since a
generator returns no value to add."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from samples import write_files

from doxtool.rules.examples import FRAMEWORK

ASYNC_GEN = """\
from helpers.tool import Response, Tool


class Stream(Tool):
    async def execute(self, **kwargs):
        for item in self.args.get("items", []):
            yield Response(message=str(item), break_loop=False)
"""

SYNC_GEN = """\
from helpers.tool import Response, Tool


class Stream(Tool):
    def execute(self, **kwargs):
        yield Response(message="a", break_loop=False)
        return Response(message="b", break_loop=False)
"""

NESTED = """\
from helpers.tool import Response, Tool


class Stream(Tool):
    async def execute(self, **kwargs):
        async def parts():
            yield "a"

        text = "".join([part async for part in parts()])
        return Response(message=text, break_loop=False)
"""

CHILD = """\
from tools.stream import Stream


class Child(Stream):
    pass
"""


def check(run_cli: Any, root: Path, source: str, **more: str) -> list[str]:
    write_files(root, {**FRAMEWORK, "helpers/__init__.py": "", "tools/stream.py": source, **more})
    result = run_cli(root, "check", "--no-cache", "--select", "DOX006,DOX007")
    assert result.exit_code in (0, 1), result.output
    return [line for line in result.output.splitlines() if "DOX00" in line]


def test_async_generator_execute_is_reported_once(run_cli: Any, tmp_path: Path) -> None:
    assert check(run_cli, tmp_path, ASYNC_GEN) == [
        "tools/stream.py:5:1: DOX006 `Stream.execute` is an async generator (it `yield`s); "
        "the framework awaits it"
    ]


def test_sync_generator_execute(run_cli: Any, tmp_path: Path) -> None:
    assert check(run_cli, tmp_path, SYNC_GEN) == [
        "tools/stream.py:5:1: DOX006 `Stream.execute` is a generator (it `yield`s); "
        "the framework awaits it"
    ]


def test_yield_of_a_nested_function_is_not_the_execute(run_cli: Any, tmp_path: Path) -> None:
    assert check(run_cli, tmp_path, NESTED) == []


def test_inherited_generator_execute(run_cli: Any, tmp_path: Path) -> None:
    found = check(run_cli, tmp_path, ASYNC_GEN, **{"tools/child.py": CHILD})
    assert "tools/child.py:4:1: DOX006 `Stream.execute` is an async generator" in "\n".join(found)


def test_inspect_tells_the_generator(run_cli: Any, tmp_path: Path) -> None:
    check(run_cli, tmp_path, ASYNC_GEN)
    result = run_cli(tmp_path, "inspect", "tools/stream.py", "--json")
    (module,) = json.loads(result.output)
    assert module["tools"][0]["execute"]["generator"] is True
