"""When an argument read or check holds: a merged dict that is written to, a
merge of a merge, a helper's check after an early return, a helper called on
one side of ``or`` or of a conditional expression, a mapping pattern's
literal keys."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any


def _tool(run_cli, make_repo, files: dict[str, str]) -> dict[str, Any]:
    root: Path = make_repo({path: dedent(text) for path, text in files.items()})
    result = run_cli(root, "inspect", "tools/notes.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


def _arguments(tool: dict[str, Any]) -> dict[str, tuple[bool, Any]]:
    return {a["name"]: (a["required"], a.get("default")) for a in tool["arguments"]}


HEAD = """\
    from helpers.tool import Response, Tool

    DEFAULTS = {"action": "list"}


    class NotesTool(Tool):
        async def execute(self, **kwargs) -> Response:
"""


def test_a_merged_dict_written_to_is_taken_whole(run_cli, make_repo) -> None:
    source = HEAD + (
        "            args = {**DEFAULTS, **self.args}\n"
        '            args["mode"] = "fast"\n'
        "            return Response(f\"{args['action']} {args['mode']}\", False)\n"
    )
    tool = _tool(run_cli, make_repo, {"tools/notes.py": source})
    assert _arguments(tool) == {}
    assert [r["expression"] for r in tool["other_arguments"]] == ["{**DEFAULTS, **self.args}"]


def test_a_merge_of_a_merge_keeps_the_defaults_of_both(run_cli, make_repo) -> None:
    source = HEAD + (
        "            base = {**DEFAULTS, **self.args}\n"
        '            args = {"verbose": False, **base}\n'
        "            return Response(f\"{args['action']} {args['verbose']}\", False)\n"
    )
    tool = _tool(run_cli, make_repo, {"tools/notes.py": source})
    assert _arguments(tool) == {"action": (False, "list"), "verbose": (False, False)}


EARLY_RETURN = """\
    def arg(args, key, default=None):
        value = args.get(key)
        if value is None and default is not None:
            return default
        if not value:
            raise ValueError(key)
        return value
"""


def test_a_helper_check_after_an_early_return_does_not_require(run_cli, make_repo) -> None:
    call = HEAD + (
        '            limit = arg(self.args, "limit", 10)\n'
        '            title = arg(self.args, "title")\n'
        '            return Response(f"{limit} {title}", False)\n'
    )
    elsewhere = _tool(
        run_cli,
        make_repo,
        {
            "helpers/args.py": EARLY_RETURN,
            "tools/notes.py": call.replace(
                "from helpers.tool import",
                "from helpers.args import arg\n    from helpers.tool import",
            ),
        },
    )
    assert _arguments(elsewhere) == {"limit": (False, None), "title": (False, None)}
    here = _tool(run_cli, make_repo, {"tools/notes.py": call + "\n\n" + EARLY_RETURN})
    assert _arguments(here) == {"limit": (False, None), "title": (False, None)}


def test_a_helper_called_on_one_side_of_or_or_of_if_else_is_not_always_called(
    run_cli, make_repo
) -> None:
    for expression in (
        'self.args.get("path") or self._default_path()',
        'self.args["path"] if "path" in self.args else self._default_path()',
    ):
        source = HEAD + (
            f"            path = {expression}\n"
            "            return Response(str(path), False)\n"
            "\n"
            "        def _default_path(self):\n"
            '            folder = self.args.get("folder")\n'
            "            if not folder:\n"
            '                raise ValueError("folder")\n'
            "            return folder\n"
        )
        tool = _tool(run_cli, make_repo, {"tools/notes.py": source})
        assert _arguments(tool)["folder"] == (False, None), expression


def test_literal_keys_of_a_mapping_pattern_that_are_no_text_read_nothing(
    run_cli, make_repo
) -> None:
    source = HEAD + (
        "            match self.args:\n"
        '                case {"action": str(action)}:\n'
        "                    return Response(action, False)\n"
        "                case {None: _} | {0: _}:\n"
        '                    return Response("odd", False)\n'
        '            return Response("none", False)\n'
    )
    tool = _tool(run_cli, make_repo, {"tools/notes.py": source})
    assert list(_arguments(tool)) == ["action"]
    assert tool["dynamic_reads"] == []
