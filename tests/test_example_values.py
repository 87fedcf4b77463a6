"""PRM008 on the values examples give, through the real CLI: a value the
code's conversion takes is of its type, and the values a dispatch accepts are
known only when the code compares the example's value as written."""

from __future__ import annotations

import json
from textwrap import dedent
from typing import Any


def _prm008(
    make_repo, run_cli, tool: str, examples: list[dict[str, Any]], **extra: str
) -> list[str]:
    """The PRM008 messages for examples of the tool ``tools/t.py`` (``tool`` is its body)."""
    calls = "\n".join(f"`{json.dumps({'tool_name': 't', 'tool_args': args})}`" for args in examples)
    names = sorted({name for args in examples for name in args})
    taught = ", ".join(f"optional `{name}`" for name in names)
    root = make_repo(
        {
            "tools/t.py": "from helpers.tool import Response, Tool\n" + dedent(tool),
            "prompts/agent.system.tool.t.md": f"### t\nargs: {taught}\n{calls}\n",
            **extra,
        }
    )
    result = run_cli(root, "check", "--select", "PRM008")
    lines = [line for line in result.output.splitlines() if " PRM008 " in line]
    return [line.split(" PRM008 ", 1)[1] for line in lines]


CONVERTED = """\


    class T(Tool):
        async def execute(self, **kwargs) -> Response:
            title = str(self.args.get("title", ""))
            priority = int(self.args.get("priority", 1))
            timeout = self.args.get("timeout", "30")
            seconds = float(timeout)
            pages = list(self.args.get("pages", []))
            return Response(message=f"{title} {priority} {seconds} {pages}", break_loop=False)
    """


def test_a_value_the_conversion_takes_is_of_its_type(make_repo, run_cli) -> None:
    taken = [
        {"title": 2024, "priority": "2", "timeout": " 1.5 ", "pages": "ab"},
        {"title": ["x"], "priority": 2.5, "timeout": 3, "pages": {"a": 1}},
        {"title": True, "priority": " 30 ", "timeout": "1e3", "pages": [1]},
    ]
    assert _prm008(make_repo, run_cli, CONVERTED, taken) == []
    refused = [{"priority": "five", "timeout": "soon"}, {"priority": "2.5", "pages": 3}]
    assert _prm008(make_repo, run_cli, CONVERTED, refused) == [
        'example gives `priority` the value `"five"`, but tools/t.py:7 reads it as integer',
        'example gives `timeout` the value `"soon"`, but tools/t.py:8 reads it as number',
        'example gives `priority` the value `"2.5"`, but tools/t.py:7 reads it as integer',
        "example gives `pages` the value `3`, but tools/t.py:10 reads it as array",
    ]


UNCONVERTED = """\
    from helpers.limits import clamp


    class T(Tool):
        async def execute(self, limit: int = 5, **kwargs) -> Response:
            return Response(message=f"{limit} {clamp(self.args)}", break_loop=False)
    """

LIMITS = """\
    def clamp(args: dict) -> int:
        return min(int(args.get("most", 9)), 10) + float(args["least"])


    def size(width: int = 1) -> int:
        return width
    """


def test_an_annotation_or_a_default_converts_nothing(make_repo, run_cli) -> None:
    """Only a conversion the code applies takes a string for a number; one in
    a helper module counts as one in the tool's."""
    examples = [{"limit": "3", "most": "4", "least": "0.5"}]
    extra = {"helpers/limits.py": dedent(LIMITS)}
    assert _prm008(make_repo, run_cli, UNCONVERTED, examples, **extra) == [
        'example gives `limit` the value `"3"`, but tools/t.py:6 reads it as integer'
    ]
    splat = UNCONVERTED.replace("clamp(self.args)", "size(**kwargs)").replace("clamp", "size")
    assert _prm008(make_repo, run_cli, splat, [{"width": "2"}], **extra) == [
        'example gives `width` the value `"2"`, but helpers/limits.py:5 reads it as integer'
    ]


MODES = """\
    MODES = ["fast", "slow"]
    CHANGE


    class T(Tool):
        async def execute(self, **kwargs) -> Response:
            mode = self.args.get("mode", "fast")
            if mode not in MODES:
                return Response(message=f"unknown mode {mode}", break_loop=False)
            return Response(message=mode, break_loop=False)
    """


def test_a_constant_the_module_changes_holds_values_no_one_knows(make_repo, run_cli) -> None:
    examples = [{"mode": "scroll"}]
    assert _prm008(make_repo, run_cli, MODES.replace("CHANGE", ""), examples) == [
        'example gives `mode` the value `"scroll"`, which tools/t.py:8 does not accept '
        "(one of `fast`, `slow`)"
    ]
    changes = [
        'MODES += ["scroll"]',
        'MODES.append("scroll")',
        'MODES . extend(["scroll"])',
        'MODES.insert(0, "scroll")',
        'MODES[1] = "scroll"',
        "del MODES[0]",
        'def more():\n    global MODES\n    MODES = MODES + ["scroll"]',
        'def more():\n    modes = MODES\n    modes.append("scroll")',
    ]
    for change in changes:
        tool = MODES.replace("CHANGE", change.replace("\n", "\n    "))
        assert _prm008(make_repo, run_cli, tool, examples) == [], change
    # reading an item, or comparing one, changes nothing
    tool = MODES.replace("CHANGE", 'FIRST = MODES[0] == "fast"')
    assert len(_prm008(make_repo, run_cli, tool, examples)) == 1


def test_a_string_constant_a_helper_module_extends_is_no_key(make_repo, run_cli) -> None:
    helper = 'KEY = "query"\nKEY += "_v2"\n\n\ndef read(args):\n    return args.get(KEY)\n'
    tool = """\
        from helpers.reading import read


        class T(Tool):
            async def execute(self, **kwargs) -> Response:
                return Response(message=read(self.args), break_loop=False)
        """
    root = make_repo(
        {
            "helpers/reading.py": helper,
            "tools/t.py": "from helpers.tool import Response, Tool\n" + dedent(tool),
        }
    )
    result = run_cli(root, "inspect", "tools/t.py", "--json")
    (facts,) = json.loads(result.output)[0]["tools"]
    assert facts["arguments"] == []
    assert [(r["expression"], r["path"]) for r in facts["dynamic_reads"]] == [
        ("KEY", "helpers/reading.py")
    ]


DISPATCH = """\


    def _action(tool, kwargs):
        return str(kwargs.get("action") or tool.args.get("action") or "").strip().lower()NORMAL


    class T(Tool):
        async def execute(self, **kwargs):
            action = _action(self, kwargs)
            if action == "list_tasks":
                return Response(message="tasks", break_loop=False)
            elif action == "run_task":
                return Response(message="ran", break_loop=False)
            return Response(message=f"Unknown action {action}", break_loop=False)
    """


def test_values_compared_after_a_reshaping_method_are_not_those_accepted(
    make_repo, run_cli
) -> None:
    examples = [{"action": " List_Tasks "}, {"action": "list-tasks"}]
    assert _prm008(make_repo, run_cli, DISPATCH.replace("NORMAL", ""), examples) == [
        'example gives `action` the value `"list-tasks"`, which tools/t.py:5 does not accept '
        "(one of `list_tasks`, `run_task`)"
    ]
    for normal in ('.replace("-", "_")', ".title()", ".upper()"):
        assert _prm008(make_repo, run_cli, DISPATCH.replace("NORMAL", normal), examples) == []


FLAG = """\


    class T(Tool):
        async def execute(self, **kwargs) -> Response:
            flag = self.args.get("flag", "no")
            enabled = flag in ("yes", True)
            level = self.args.get("level", 1)
            high = level == 2.5
            return Response(message=f"{enabled} {high}", break_loop=False)
    """


def test_a_default_s_type_is_not_the_only_one_when_the_code_compares_others(
    make_repo, run_cli
) -> None:
    assert _prm008(make_repo, run_cli, FLAG, [{"flag": True, "level": 2.5}]) == []
    # an integer compared with a number default: the default's type holds,
    # but a default says what a missing key gives, and a value only compared
    # takes ``"high"`` as well (it is not 2)
    tool = FLAG.replace('"level", 1)', '"level", 1.5)').replace("== 2.5", "== 2")
    assert _prm008(make_repo, run_cli, tool, [{"level": "high"}]) == []
    root = make_repo({"tools/t.py": "from helpers.tool import Response, Tool\n" + dedent(tool)})
    (module,) = json.loads(run_cli(root, "inspect", "tools/t.py", "--json").output)
    assert [a.get("type") for a in module["tools"][0]["arguments"]] == [None, "number"]


BOOLEAN_FLAGS = """\


    class T(Tool):
        async def execute(self, **kwargs) -> Response:
            dry = self.args.get("dry", True) in (True, "true", "yes")
            keep = self.args.get("keep", False)
            kept = keep == "yes" or keep is True
            force = str(self.args.get("force", False)).strip().lower() == "true"
            level = self.args.get("level", 1.5)
            if level is None or level == "":
                level = 1.5
            return Response(message=f"{dry} {kept} {force} {level}", break_loop=False)
    """


def test_a_boolean_default_compared_with_strings_is_not_only_a_boolean(make_repo, run_cli) -> None:
    """The mirror of ``flag in ("yes", True)`` with a string default; strings
    compared after a conversion are spellings. ``level``, whose default is
    a number, is only compared with ``None`` and ``""`` and formatted: the
    default says what a missing key gives, not what the code takes."""
    examples = [{"dry": "yes", "keep": "yes", "force": "yes", "level": "high"}]
    assert _prm008(make_repo, run_cli, BOOLEAN_FLAGS, examples) == [
        'example gives `force` the value `"yes"`, but tools/t.py:9 reads it as boolean',
    ]


def test_a_value_parsed_in_a_base_is_a_string(make_repo, run_cli) -> None:
    tool = """\
        from helpers.parsing import level


        class T(Tool):
            async def execute(self, **kwargs) -> Response:
                color = int(self.args.get("color", "0"), 16)
                mask = int(self.args["mask"], base=2)
                count = int(self.args.get("count", "1"))
                return Response(message=f"{color}{mask}{count}{level(self.args)}", break_loop=False)
        """
    helper = {"helpers/parsing.py": 'def level(args):\n    return int(args.get("level", "0"), 8)\n'}
    good = [{"color": "ff00aa", "mask": "0101", "count": 2, "level": "17"}]
    assert _prm008(make_repo, run_cli, tool, good, **helper) == []
    # ``int(x, 16)`` needs a string; ``int(x)`` still converts one
    bad = [{"color": 255, "mask": 5, "count": "x", "level": 7}]
    assert _prm008(make_repo, run_cli, tool, bad, **helper) == [
        "example gives `color` the value `255`, but tools/t.py:7 reads it as string",
        "example gives `mask` the value `5`, but tools/t.py:8 reads it as string",
        'example gives `count` the value `"x"`, but tools/t.py:9 reads it as integer',
        "example gives `level` the value `7`, but helpers/parsing.py:2 reads it as string",
    ]


DISPATCHED = """\


    class T(Tool):
        async def execute(self, **kwargs) -> Response:
            count = int(self.args.get("count", 5))
            operation = self.args.get("operation", "status")
            if operation == "log":
                return Response(message=f"log {count}", break_loop=False)
            if operation != "status":
                return Response(message="unknown operation", break_loop=False)
            return Response(message="clean", break_loop=False)
    """


def test_a_value_in_angle_brackets_stands_for_any_value(make_repo, run_cli) -> None:
    """A whole value in angle brackets is a placeholder, as ``...`` is: it
    contradicts neither a type nor a dispatch; angle brackets around part of a
    value do not make it one."""
    placeholders = [
        {"operation": "<status|log>", "count": "<number of commits>"},
        {"operation": " <operation> "},
    ]
    assert _prm008(make_repo, run_cli, DISPATCHED, placeholders) == []
    values = [{"operation": "<status> now", "count": "<5"}]
    assert _prm008(make_repo, run_cli, DISPATCHED, values) == [
        'example gives `operation` the value `"<status> now"`, which tools/t.py:7 does not '
        "accept (one of `log`, `status`)",
        'example gives `count` the value `"<5"`, but tools/t.py:6 reads it as integer',
    ]


def test_a_choice_of_accepted_values_or_a_cjk_placeholder_stands_for_any(
    make_repo, run_cli
) -> None:
    """``"status|log"`` writes the choice the code compares, as a schema
    does; ``"＜次数＞"`` is a placeholder in the angle brackets of CJK text.
    A choice holding a value the code refuses is still reported."""
    choices = [
        {"operation": "status|log"},
        {"operation": "log / status"},
        {"operation": "status or log"},
        {"operation": "\uff1c操作\uff1e", "count": "\uff1c次数\uff1e"},
        {"operation": "\u3008operation\u3009"},
    ]
    assert _prm008(make_repo, run_cli, DISPATCHED, choices) == []
    refused = [{"operation": "status|push"}, {"operation": "status|"}]
    assert _prm008(make_repo, run_cli, DISPATCHED, refused) == [
        'example gives `operation` the value `"status|push"`, which tools/t.py:7 does not '
        "accept (one of `log`, `status`)",
        'example gives `operation` the value `"status|"`, which tools/t.py:7 does not '
        "accept (one of `log`, `status`)",
    ]
