"""What a missing argument gives when an ``if`` on its presence binds a name
to its read (:mod:`doxtool.python.presencebinds`): ``url = "about:blank"``
then ``if "url" in self.args: url = self.args["url"]``, the same with an
``else`` arm, ``kwargs``, ``"url" not in`` or ``if self.args.get("url"):``.
The value the name holds otherwise is the default; one no one can state is
unknown, never "no default"; on both walks, the tool's and a helper
module's summary."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

HEAD = """\
from helpers.tool import Response, Tool


"""


def _arguments(run_cli, make_repo, files: dict[str, str]) -> dict[str, tuple[Any, ...]]:
    root: Path = make_repo(files)
    result = run_cli(root, "inspect", "tools/browse.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {
        a["name"]: (a["required"], a["has_default"], a["default"], a["default_unknown"])
        for a in tool["arguments"]
    }


def _execute(*lines: str) -> str:
    body = "".join(f"        {line}\n" for line in lines)
    return (
        HEAD + "class Browse(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        f"{body}"
        "        return Response(message=str(url), break_loop=False)\n"
    )


BLANK = (False, True, "about:blank", False)
UNKNOWN = (False, False, None, True)
NONE = (False, False, None, False)


@pytest.mark.parametrize(
    "lines",
    [
        ('url = "about:blank"', 'if "url" in self.args:', '    url = self.args["url"]'),
        ('url = "about:blank"', 'if "url" in self.args: url = self.args["url"]'),
        ('url = "about:blank"', 'if "url" in kwargs:', '    url = str(kwargs["url"]).strip()'),
        ('url = "about:blank"', 'if self.args.get("url"):', '    url = self.args["url"]'),
        ('url = "about:blank"', 'if "url" in self.args:', '    url = self.args.get("url")'),
        (
            'if "url" in self.args:',
            '    url = self.args["url"]',
            "else:",
            '    url = "about:blank"',
        ),
        ('if "url" in kwargs:', '    url = kwargs["url"]', "else:", '    url = "about:blank"'),
        (
            'if "url" not in self.args:',
            '    url = "about:blank"',
            "else:",
            '    url = self.args["url"]',
        ),
        # what follows the ``if`` replaces an empty value, as for any fallback
        (
            "url = None",
            'if "url" in self.args:',
            '    url = self.args["url"]',
            'url = url or "about:blank"',
        ),
    ],
)
def test_the_value_bound_when_the_argument_is_missing_is_the_default(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    assert _arguments(run_cli, make_repo, {"tools/browse.py": _execute(*lines)})["url"] == BLANK


@pytest.mark.parametrize(
    "lines",
    [
        # a value no one can state, before or in the other arm
        ("url = self.home", 'if "url" in self.args:', '    url = self.args["url"]'),
        ('if "url" in self.args:', '    url = self.args["url"]', "else:", "    url = self.home"),
        # a use between the binding and the ``if``
        (
            'url = "about:blank"',
            "url = self.fix(url)",
            'if "url" in self.args:',
            '    url = self.args["url"]',
        ),
        # bound in an outer block only
        (
            'url = "about:blank"',
            "if self.agent:",
            '    if "url" in self.args:',
            '        url = self.args["url"]',
        ),
        # an empty value nothing after replaces: not claimed
        ("url = None", 'if "url" in self.args:', '    url = self.args["url"]'),
        # the other arm may bind it or not
        (
            'if "url" in self.args:',
            '    url = self.args["url"]',
            "else:",
            "    if self.agent:",
            '        url = "x"',
        ),
    ],
)
def test_a_value_no_one_can_state_is_unknown_not_no_default(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    assert _arguments(run_cli, make_repo, {"tools/browse.py": _execute(*lines)})["url"] == UNKNOWN


def test_a_name_bound_nowhere_else_and_a_refusing_arm_state_no_default(run_cli, make_repo) -> None:
    source = HEAD + (
        "class Browse(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        if "url" in self.args:\n'
        '            url = self.args["url"]\n'
        "            self.open(url)\n"
        '        if "page" in self.args:\n'
        '            page = self.args["page"]\n'
        "        else:\n"
        '            return Response(message="no page", break_loop=False)\n'
        "        return Response(message=str(page), break_loop=False)\n"
    )
    found = _arguments(run_cli, make_repo, {"tools/browse.py": source})
    assert found["url"] == NONE
    assert found["page"][1:] == (False, None, False)


HELPER_PY = """\
def open_page(args):
    url = "about:blank"
    if "url" in args:
        url = args["url"]
    if "title" in args:
        title = args["title"]
    else:
        title = "untitled"
    mode = None
    if args.get("mode"):
        mode = args["mode"]
    return url, title, mode
"""


def test_a_helper_module_binds_them_as_a_tool_does(run_cli, make_repo) -> None:
    tool = HEAD.replace("\n\n", "\nfrom helpers import pages\n\n") + (
        "class Browse(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        return Response(message=str(pages.open_page(self.args)), break_loop=False)\n"
    )
    files = {"tools/browse.py": tool, "helpers/pages.py": HELPER_PY}
    found = _arguments(run_cli, make_repo, files)
    assert found["url"] == BLANK
    assert found["title"] == (False, True, "untitled", False)
    assert found["mode"] == UNKNOWN


def test_a_fix_keeps_a_true_default_line(run_cli, make_repo) -> None:
    source = _execute('url = "about:blank"', 'if "url" in self.args:', '    url = self.args["url"]')
    root: Path = make_repo({"tools/browse.py": source})
    run_cli(root, "check", "--fix", "--no-cache")
    companion = root / "tools/browse.py.dox.md"
    text = companion.read_text()
    assert '`url`: optional string, default `"about:blank"`.' in text
    companion.write_text(text.replace("optional string, default", "optional, default"))
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "no default" not in result.output
    run_cli(root, "check", "--fix", "--no-cache")
    assert '`url`: optional string, default `"about:blank"`.' in companion.read_text()
