"""The type PRM008 holds an example's value to comes from what the code does
with it: a conversion, a string method called on the value as read. A
literal default alone says what a missing key gives, not what the code
takes: a value only formatted takes ``5`` as well as ``"10"``. The
companion facts keep the default's type."""

from __future__ import annotations

import json
from typing import Any

FORMATTED = """\
from helpers.tool import Response, Tool


class Commits(Tool):
    async def execute(self, **kwargs) -> Response:
        count = self.args.get("count", "10")
        return Response(message=f"git log -n {count}", break_loop=False)
"""


def _check(make_repo, run_cli, code: str, args: dict[str, Any]) -> tuple[list[str], Any]:
    """The PRM008 lines for an example of ``tools/commits.py``, and the
    argument ``count`` as ``inspect`` gives it."""
    call = json.dumps({"tool_name": "commits", "tool_args": args})
    root = make_repo(
        {
            "tools/commits.py": code,
            "prompts/agent.system.tool.commits.md": (
                f"### commits\nLists commits.\nargs: optional `count`\n~~~json\n{call}\n~~~\n"
            ),
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "PRM008")
    lines = [
        line.split(" PRM008 ", 1)[1] for line in result.output.splitlines() if " PRM008 " in line
    ]
    (module,) = json.loads(run_cli(root, "inspect", "tools/commits.py", "--json").output)
    (count,) = module["tools"][0]["arguments"]
    return lines, count


def test_a_value_only_formatted_takes_any_type(make_repo, run_cli) -> None:
    lines, count = _check(make_repo, run_cli, FORMATTED, {"count": 5})
    assert lines == []
    # the default is a string all the same
    assert (count.get("type"), count.get("default")) == ("string", "10")


def test_a_string_method_on_the_value_needs_a_string(make_repo, run_cli) -> None:
    code = FORMATTED.replace("{count}", "{count.strip()}")
    lines, _ = _check(make_repo, run_cli, code, {"count": 5})
    assert lines == [
        "example gives `count` the value `5`, but tools/commits.py:6 reads it as string"
    ]
    # on the value the default replaced, too (``x = x or "10"``)
    code = FORMATTED.replace('get("count", "10")', 'get("count") or "10"')
    lines, _ = _check(make_repo, run_cli, code.replace("{count}", "{count.lower()}"), {"count": 5})
    assert lines == [
        "example gives `count` the value `5`, but tools/commits.py:6 reads it as string"
    ]


def test_a_conversion_decides_what_the_value_is(make_repo, run_cli) -> None:
    code = FORMATTED.replace(
        'count = self.args.get("count", "10")', 'count = int(self.args.get("count", "10"))'
    )
    lines, _ = _check(make_repo, run_cli, code, {"count": "five"})
    assert lines == [
        'example gives `count` the value `"five"`, but tools/commits.py:6 reads it as integer'
    ]
    assert _check(make_repo, run_cli, code, {"count": "5"})[0] == []
    assert _check(make_repo, run_cli, code, {"count": 5})[0] == []


def test_a_string_method_on_a_conversion_needs_no_string(make_repo, run_cli) -> None:
    code = FORMATTED.replace("{count}", "{str(count).strip()}")
    assert _check(make_repo, run_cli, code, {"count": 5})[0] == []


def test_a_method_of_one_type_on_the_value_needs_that_type(make_repo, run_cli) -> None:
    """``.items()`` is a dict's, ``.append()`` a list's, ``.split()`` a
    string's; ``.count()`` is a string's and a list's, and says nothing."""
    code = FORMATTED.replace('"10")', "{})").replace("{count}", "{[k for k, _ in count.items()]}")
    lines, count = _check(make_repo, run_cli, code, {"count": ["a"]})
    assert lines == [
        'example gives `count` the value `["a"]`, but tools/commits.py:6 reads it as object'
    ]
    assert count.get("type") == "object"
    code = FORMATTED.replace('"10")', "[])").replace("{count}", "{count.append(1)}")
    assert _check(make_repo, run_cli, code, {"count": "a"})[0] == [
        'example gives `count` the value `"a"`, but tools/commits.py:6 reads it as array'
    ]
    code = FORMATTED.replace("{count}", "{count.split()}")
    assert len(_check(make_repo, run_cli, code, {"count": 5})[0]) == 1
    code = FORMATTED.replace("{count}", "{count.count('1')}")
    assert _check(make_repo, run_cli, code, {"count": ["1"]})[0] == []
