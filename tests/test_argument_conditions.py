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


def _arguments(tool: dict[str, Any]) -> dict[str, tuple[bool | str, Any]]:
    """(required, default) per argument; ``"unknown"`` for an argument
    needed on some calls only, whose requiredness is not known."""
    return {
        a["name"]: ("unknown" if a["required_unknown"] else a["required"], a.get("default"))
        for a in tool["arguments"]
    }


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
    # the check runs on the calls the return on the value's path lets by:
    # needed on some calls, whether it is required not known (both walks)
    unknown = {"limit": ("unknown", None), "title": ("unknown", None)}
    assert _arguments(elsewhere) == unknown
    here = _tool(run_cli, make_repo, {"tools/notes.py": call + "\n\n" + EARLY_RETURN})
    assert _arguments(here) == unknown


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
        # refused (raised) only when ``path`` is missing: needed on some calls
        assert _arguments(tool)["folder"] == ("unknown", None), expression


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


def test_a_read_in_an_expression_branch_is_read_on_some_calls_only(run_cli, make_repo) -> None:
    source = HEAD + (
        '            target = self.args.get("target", "inline")\n'
        '            path = self.args["path"] if target == "file" else None\n'
        '            by = self.args.get("by", "name")\n'
        '            key = self.args["id"] if by == "id" else self.args["name"]\n'
        '            level = self.args.get("verbose", False) and self.args["level"]\n'
        '            extra = self.agent.config or self.args["extra"]\n'
        '            later = lambda: self.args["later"]\n'
        '            tags = [self.args["tag"] for t in TAGS if t]\n'
        '            kept = [t for t in TAGS if self.args["keep"]]\n'
        '            mode = 1 if self.args["mode"] else 2\n'
        '            return Response(f"{path}{key}{level}{extra}{later}{tags}{kept}{mode}", False)\n'
    )
    tool = _tool(run_cli, make_repo, {"tools/notes.py": source.replace("DEFAULTS", "TAGS")})
    assert _arguments(tool) == {
        # each read raises without its key on the calls that evaluate it:
        # needed on some calls, optional on others
        "target": (False, "inline"),
        "path": ("unknown", None),
        "by": (False, "name"),
        "id": ("unknown", None),
        "name": ("unknown", None),
        "verbose": (False, False),
        "level": ("unknown", None),
        "extra": ("unknown", None),
        "later": ("unknown", None),
        "tag": ("unknown", None),
        "keep": ("unknown", None),
        # the test of a conditional expression is evaluated on every call
        "mode": (True, None),
    }


def test_a_helper_called_in_an_expression_branch_is_not_always_called(run_cli, make_repo) -> None:
    source = HEAD + (
        '            path = self._path() if self.args.get("save") else None\n'
        "            return Response(str(path), False)\n"
        "\n"
        "        def _path(self):\n"
        '            return self.args["path"]\n'
    )
    tool = _tool(run_cli, make_repo, {"tools/notes.py": source})
    assert _arguments(tool) == {"save": (False, None), "path": ("unknown", None)}


def test_a_helper_module_reads_in_expression_branches_on_some_calls_only(
    run_cli, make_repo
) -> None:
    helper = """\
        def pick(args):
            path = args["path"] if args.get("target") == "file" else None
            level = args.get("verbose") and args["level"]
            extra = args.get("quiet") or args["extra"]
            tags = [args["tag"] for t in ("a", "b") if t != args.get("skip")]
            return path, level, extra, tags, args["name"]
    """
    source = HEAD.replace(
        "from helpers.tool import", "from helpers.pick import pick\n    from helpers.tool import"
    ) + ("            return Response(str(pick(self.args)), False)\n")
    tool = _tool(run_cli, make_repo, {"helpers/pick.py": helper, "tools/notes.py": source})
    arguments = _arguments(tool)
    assert {name: arguments[name] for name in ("path", "level", "extra", "tag", "name")} == {
        "path": ("unknown", None),
        "level": ("unknown", None),
        "extra": ("unknown", None),
        "tag": ("unknown", None),
        "name": (True, None),
    }


def test_a_comprehension_over_literal_keys_with_a_condition_reads_each_key(
    run_cli, make_repo
) -> None:
    source = HEAD + (
        '            values = [self.args.get(k) for k in ("text", "title") if k]\n'
        "            return Response(str(values), False)\n"
    )
    tool = _tool(run_cli, make_repo, {"tools/notes.py": source})
    assert _arguments(tool) == {"text": (False, None), "title": (False, None)}


def test_a_comprehension_over_literal_keys_with_a_condition_on_an_argument(
    run_cli, make_repo
) -> None:
    source = HEAD + (
        '            values = [self.args[k] for k in ("text", "title") if self.args.get("all")]\n'
        "            return Response(str(values), False)\n"
    )
    tool = _tool(run_cli, make_repo, {"tools/notes.py": source})
    assert _arguments(tool) == {
        "all": (False, None),
        "text": ("unknown", None),
        "title": ("unknown", None),
    }
