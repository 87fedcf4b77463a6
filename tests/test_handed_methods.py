"""A dict method of the arguments handed on uncalled (``get =
self.args.get``, ``arg = kwargs.get``, ``self._fmt(self.args.get)``, a
helper module's ``get = args.get``): where it is called the walk does not
follow, so the tool takes arguments no one can name. Never "no arguments",
a closed schema, or a prompt's argument reported as never read."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent, indent
from typing import Any

import pytest

PROMPT = """\
### note
write a note
args: `title` (optional)
example:
~~~json
{
    "thoughts": ["saving"],
    "headline": "Saving note",
    "tool_name": "note",
    "tool_args": {
        "title": "Groceries"
    }
}
~~~
"""


def _tool(body: str, methods: str = "", prelude: str = "") -> str:
    return (
        f"from helpers.tool import Response, Tool\n{prelude}\n\n"
        "class Note(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"{indent(dedent(body), ' ' * 8)}"
        '        return Response(message="done", break_loop=False)\n'
        f"{indent(dedent(methods), ' ' * 4)}"
    )


def _inspect(run_cli, root: Path) -> dict[str, Any]:
    result = run_cli(root, "inspect", "tools/note.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


def _hedges(tool: dict[str, Any]) -> list[str]:
    return [r["expression"] for r in (*tool["other_arguments"], *tool["dynamic_reads"])]


HELPER = """\
def stored(args):
    get = args.get
    return get("title", "untitled")


def handed(args):
    return apply(args.get)


def called(args):
    return args.get("title", "untitled")
"""


@pytest.mark.parametrize(
    ("body", "methods", "hedge"),
    [
        ('get = self.args.get\ntitle = get("title", "untitled")\n', "", "self.args.get"),
        ('arg = kwargs.get\nprint(arg("title", "untitled"))\n', "", "kwargs.get"),
        (
            "print(self._fmt(self.args.get))\n",
            "def _fmt(self, get):\n    return get('title')\n",
            "self.args.get",
        ),
        ("print(pick(self.args.__getitem__))\n", "", "self.args.__getitem__"),
        ("print(pages.stored(self.args))\n", "", "args.get"),
        ("print(pages.handed(self.args))\n", "", "args.get"),
    ],
)
def test_a_dict_method_handed_on_takes_arguments_no_one_names(
    run_cli, make_repo, body: str, methods: str, hedge: str
) -> None:
    source = _tool(
        body, methods, "from helpers import pages\nfrom operator import itemgetter as pick"
    )
    root: Path = make_repo(
        {
            "tools/note.py": source,
            "helpers/pages.py": HELPER,
            "prompts/agent.system.tool.note.md": PROMPT,
        }
    )
    tool = _inspect(run_cli, root)
    assert tool["arguments"] == []
    assert hedge in _hedges(tool)
    result = run_cli(root, "schema", "tools/note.py")
    parameters = json.loads(result.output)[0]["function"]["parameters"]
    assert parameters.get("additionalProperties") is not False, parameters
    result = run_cli(root, "check", "--no-cache")
    assert "PRM003" not in result.output, result.output
    run_cli(root, "check", "--fix", "--no-cache")
    companion = (root / "tools/note.py.dox.md").read_text()
    assert "Arguments of `Note`: none." not in companion
    assert "it takes arguments it does not name" in companion


@pytest.mark.parametrize(
    "body",
    [
        'title = self.args.get("title", "untitled")\n',
        'title = kwargs.get("title", "untitled")\n',
        'title = (self.args.get)("title", "untitled")\n',
        "print(pages.called(self.args))\n",
        # another object's ``get`` is no read of the arguments
        'get = self.agent.get\ntitle = self.args.get("title", get("x"))\n',
    ],
)
def test_a_dict_method_called_in_place_reads_its_key(run_cli, make_repo, body: str) -> None:
    source = _tool(body, prelude="from helpers import pages")
    root: Path = make_repo({"tools/note.py": source, "helpers/pages.py": HELPER})
    tool = _inspect(run_cli, root)
    assert [a["name"] for a in tool["arguments"]] == ["title"]
    assert _hedges(tool) == []
