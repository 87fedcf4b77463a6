"""Checks written once for several keys, and the last case of a ``match``.

A check inside a loop over literal keys (``for key in ("url", "selector"):
if not self.args.get(key): raise ...``) is the same check written out once
per key: each key is required where the loop stands at the top of
``execute`` and nothing but a check's error exit ends a pass early; where
that is not so, the requiredness is not known (never a plain "optional",
which a fix would write). A ``match`` whose ``case _`` returns a plain
``Response`` after a single value may be answering, as the end of an ``if``
chain may: the argument stays optional there.
"""

from __future__ import annotations

import pytest
from bothwalks import kind, tool_module

HEAD = (
    "from helpers.errors import RepairableException\n"
    "from helpers.tool import Response, Tool\n\n\n"
    "class T(Tool):\n"
    "    async def execute(self, **kwargs):\n"
)
OK = '        return Response(message="ok", break_loop=False)\n'


def presence(make_repo, run_cli, body: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    root = make_repo({"tools/t.py": HEAD + body})
    return {a["name"]: kind(a) for a in tool_module(run_cli, root)["arguments"]}


RAISE = '                raise RepairableException(f"missing {key}")\n'


@pytest.mark.parametrize(
    "body",
    [
        '        for key in ("url", "selector"):\n            if not self.args.get(key):\n'
        + RAISE
        + OK,
        '        for key in ("url", "selector"):\n            if key not in self.args:\n'
        + RAISE
        + OK,
        '        for key in ["url", "selector"]:\n            if not self.args.get(key):\n'
        '                return Response(message=f"`{key}` is required", break_loop=False)\n' + OK,
        # a value bound in the pass, then checked
        '        for key in ("url", "selector"):\n            value = self.args.get(key, "")\n'
        "            if not value.strip():\n" + RAISE + OK,
    ],
)
def test_a_check_in_a_loop_over_literal_keys_requires_each_key(
    make_repo, run_cli, body: str
) -> None:
    found = presence(make_repo, run_cli, body)
    assert (found["url"], found["selector"]) == ("required", "required")


def test_a_check_after_such_a_loop_is_still_a_contract(make_repo, run_cli) -> None:
    body = (
        '        for key in ("url", "selector"):\n'
        "            if not self.args.get(key):\n"
        '                return Response(message=f"{key} is required", break_loop=False)\n'
        '        if not self.args.get("text"):\n'
        '            return Response(message="text is required", break_loop=False)\n' + OK
    )
    assert presence(make_repo, run_cli, body) == dict.fromkeys(
        ("url", "selector", "text"), "required"
    )


@pytest.mark.parametrize(
    "body",
    [
        # a pass may end the loop before the later keys are checked
        '        for key in ("url", "selector"):\n            if not self.args.get(key):\n'
        + RAISE
        + '            if self.args.get("fast"):\n                break\n'
        + OK,
        # a pass may skip its check
        '        for key in ("url", "selector"):\n'
        '            if key == "selector" and self.args.get("fast"):\n                continue\n'
        "            if not self.args.get(key):\n" + RAISE + OK,
        # the loop runs on some calls only
        '        if self.args.get("mode") == "fetch":\n'
        '            for key in ("url", "selector"):\n'
        "                if not self.args.get(key):\n"
        '                    raise RepairableException(f"missing {key}")\n'
        '            return Response(message="fetched", break_loop=False)\n' + OK,
    ],
)
def test_a_loop_check_that_may_not_run_leaves_requiredness_unknown(
    make_repo, run_cli, body: str
) -> None:
    found = presence(make_repo, run_cli, body)
    assert (found["url"], found["selector"]) == ("unknown", "unknown")


def test_the_fix_keeps_a_required_line_for_a_key_a_loop_checks(make_repo, run_cli) -> None:
    body = (
        '        for key in ("url", "selector"):\n'
        "            if not self.args.get(key):\n" + RAISE + OK
    )
    root = make_repo({"tools/t.py": HEAD + body})
    assert run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX").exit_code in (0, 1)
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    assert "  - `url`: required." in companion
    assert "  - `selector`: required." in companion
    again = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "DOX111" not in again.output


MATCH = (
    '        match self.args.get("format"):\n'
    '            case "json":\n'
    "                return Response(message='{\"notes\": []}', break_loop=False)\n"
    "            case _:\n"
)


@pytest.mark.parametrize(
    ("last", "expected"),
    [
        # the answer for any other value, a missing one included
        (
            '                return Response(message="No notes yet.", break_loop=False)\n',
            "optional",
        ),
        ('                raise RepairableException("unknown format")\n', "required"),
    ],
)
def test_the_last_case_of_a_match_reads_as_the_end_of_an_if_chain(
    make_repo, run_cli, last: str, expected: str
) -> None:
    assert presence(make_repo, run_cli, MATCH + last) == {"format": expected}


def test_a_match_on_two_values_or_more_refuses_the_rest(make_repo, run_cli) -> None:
    body = MATCH.replace('case "json":', 'case "json" | "csv":') + (
        '                return Response(message="Choose json or csv.", break_loop=False)\n'
    )
    assert presence(make_repo, run_cli, body) == {"format": "required"}


def test_the_if_chain_and_the_match_agree(make_repo, run_cli) -> None:
    chain = (
        '        if self.args.get("format") == "json":\n'
        "            return Response(message='{\"notes\": []}', break_loop=False)\n"
        '        return Response(message="No notes yet.", break_loop=False)\n'
    )
    last = '                return Response(message="No notes yet.", break_loop=False)\n'
    assert presence(make_repo, run_cli, chain) == presence(make_repo, run_cli, MATCH + last)


def test_a_last_case_naming_the_value_leaves_requiredness_unknown(make_repo, run_cli) -> None:
    """An error names the value it does not take, and so may an answer."""
    body = (
        '        fmt = self.args.get("format")\n'
        + MATCH.replace('self.args.get("format")', "fmt")
        + '                return Response(message=f"unknown format {fmt}", break_loop=False)\n'
    )
    assert presence(make_repo, run_cli, body) == {"format": "unknown"}


@pytest.mark.parametrize(
    "end",
    [
        '        return Response(message=f"unknown format {fmt}", break_loop=False)\n',
        "        else:\n"
        '            return Response(message=f"unknown format {fmt}", break_loop=False)\n',
    ],
)
def test_an_if_naming_the_value_it_does_not_take_agrees_with_the_match(
    make_repo, run_cli, end: str
) -> None:
    chain = (
        '        fmt = self.args.get("format")\n'
        '        if fmt == "json":\n'
        "            return Response(message='{\"notes\": []}', break_loop=False)\n" + end
    )
    assert presence(make_repo, run_cli, chain) == {"format": "unknown"}
