"""The tool's arguments handed on in a ``**`` splat (``self._save(**kwargs)``,
``self._save(**self.args)``): each parameter of the callee a keyword may bind
holds what the arguments give, so a file it overwrites is named by them (a
destructive effect); one the call fills otherwise (``self._save("fixed.json",
**kwargs)``, ``target="fixed.json"``), and a splat of a dict of the code's
own, hand the callee nothing of the arguments."""

from __future__ import annotations

import json

import pytest

TOOL = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, action="save", **kwargs):
        if action == "save":
            return await self._save({call})
        return Response(message="no", break_loop=False)

    async def _save(self, file_path="out.json", **kwargs):
        with open(file_path, "w") as f:
            f.write("x")
        return Response(message="ok", break_loop=False)
"""


def _destructive(run_cli, make_repo, call: str) -> list[str]:
    root = make_repo({"tools/t.py": TOOL.format(call=call)})
    result = run_cli(root, "inspect", "tools/t.py", "--json")
    assert result.exit_code == 0, result.output
    ((tool,),) = [module["tools"] for module in json.loads(result.output)]
    return [f"{effect['area']} in {effect['function']}" for effect in tool["destructive"]]


@pytest.mark.parametrize("call", ["**kwargs", "**self.args", "x=1, **kwargs"])
def test_a_splat_of_the_arguments_names_the_file_overwritten(run_cli, make_repo, call: str) -> None:
    assert _destructive(run_cli, make_repo, call) == ["file overwrite in T._save"]


@pytest.mark.parametrize(
    "call", ['"fixed.json", **kwargs', 'file_path="fixed.json", **kwargs', '**{"file_path": "a"}']
)
def test_a_parameter_filled_otherwise_is_not_the_arguments(run_cli, make_repo, call: str) -> None:
    assert _destructive(run_cli, make_repo, call) == []


@pytest.mark.parametrize(
    ("before", "call", "named"),
    [
        ('kwargs.pop("file_path", None)', "**kwargs", False),
        ('del self.args["file_path"]', "**self.args", False),
        # another key taken out: the path is still the arguments'
        ('kwargs.pop("mode", None)', "**kwargs", True),
    ],
)
def test_a_key_taken_out_of_the_splat_before_is_not_filled_by_it(
    run_cli, make_repo, before: str, call: str, named: bool
) -> None:
    source = TOOL.replace("        if action", f"        {before}\n        if action")
    root = make_repo({"tools/t.py": source.format(call=call)})
    result = run_cli(root, "inspect", "tools/t.py", "--json")
    assert result.exit_code == 0, result.output
    ((tool,),) = [module["tools"] for module in json.loads(result.output)]
    found = [f"{effect['area']} in {effect['function']}" for effect in tool["destructive"]]
    assert found == (["file overwrite in T._save"] if named else [])


OWN = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, file_path="", **kwargs):
{body}        return await self._save(**kwargs)

    async def _save(self, content="", file_path="out.json"):
        with open(file_path, "w") as f:
            f.write(content)
        return Response(message="ok", break_loop=False)
"""


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ("", False),
        # the dict given the key again, or bound again: the arguments' again
        ('        kwargs["file_path"] = file_path\n', True),
        ("        kwargs = dict(self.args)\n", True),
    ],
)
def test_a_named_parameter_is_no_key_of_the_splat_of_its_own_kwargs(
    run_cli, make_repo, body: str, named: bool
) -> None:
    root = make_repo({"tools/t.py": OWN.format(body=body)})
    result = run_cli(root, "inspect", "tools/t.py", "--json")
    assert result.exit_code == 0, result.output
    ((tool,),) = [module["tools"] for module in json.loads(result.output)]
    found = [f"{effect['area']} in {effect['function']}" for effect in tool["destructive"]]
    assert found == (["file overwrite in T._save"] if named else [])
