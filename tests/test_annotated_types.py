"""The type an annotation or a literal default claims, against what the code
does with the value: a test for another type (``isinstance(ids, str)``) or a
conversion to a string (``str(count)``) takes more than the claimed type, so
none is claimed, and an example value the code takes is no contradiction
(PRM008)."""

from __future__ import annotations

import json
from textwrap import dedent
from typing import Any

ANNOTATED = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, message: str = "", reset: bool = False,
                      ids: list[str] | None = None, meta: dict | None = None,
                      size: int = 0, limit: float = 1.0, **kwargs):
        reset = str(reset).lower().strip() == "true"
        if isinstance(ids, str):
            ids = [i.strip() for i in ids.split(",")]
        if isinstance(meta, (str, bytes)):
            meta = {"raw": meta}
        if not isinstance(size, int):
            return Response(message="size must be an integer", break_loop=False)
        if isinstance(limit, int):
            limit = float(limit)
        return Response(message=f"{message}{reset}{ids}{meta}{size}{limit}", break_loop=False)
"""

CONVERTED = """\
from helpers.tool import Response, Tool
from helpers.counting import counted


class T(Tool):
    async def execute(self, **kwargs):
        cmd = ["git", "log", "-n", str(kwargs.get("count", 10))]
        depth = self.args.get("depth", 3)
        shown = str(depth)
        force = str(self.args.get("force", False)).strip().lower() == "true"
        tries = int(self.args.get("tries", 2))
        return Response(message=f"{cmd}{shown}{force}{tries}{counted(self.args)}", break_loop=False)
"""

HELPER = 'def counted(args):\n    return "-" * int(str(args.get("width", 8)))\n'


def _run(make_repo, run_cli, code: str, examples: list[dict[str, Any]], **extra: str):
    calls = "\n".join(f"`{json.dumps({'tool_name': 't', 'tool_args': args})}`" for args in examples)
    names = sorted({name for args in examples for name in args})
    taught = ", ".join(f"optional `{name}`" for name in names)
    root = make_repo(
        {
            "tools/t.py": dedent(code),
            "prompts/agent.system.tool.t.md": f"### t\nargs: {taught}\n{calls}\n",
            **extra,
        }
    )
    (module,) = json.loads(run_cli(root, "inspect", "tools/t.py", "--json").output)
    types = {a["name"]: a.get("type") for a in module["tools"][0]["arguments"]}
    result = run_cli(root, "check", "--select", "PRM008")
    lines = [
        line.split(" PRM008 ", 1)[1] for line in result.output.splitlines() if " PRM008 " in line
    ]
    return types, lines


def test_an_annotation_is_no_type_when_the_code_tests_for_another(make_repo, run_cli) -> None:
    good = [{"reset": "true", "ids": "a1,b2", "meta": '{"priority": 1}', "size": 3, "limit": 2}]
    types, lines = _run(make_repo, run_cli, ANNOTATED, good)
    # ``isinstance(size, int)`` and ``isinstance(limit, int)`` test for the
    # annotated type (an integer is a number): the annotation stands
    assert types == {
        "message": "string",
        "reset": "boolean",
        "ids": None,
        "meta": None,
        "size": "integer",
        "limit": "number",
    }
    assert lines == []
    bad = [{"reset": "yes", "size": "3", "limit": "high"}]
    _, lines = _run(make_repo, run_cli, ANNOTATED, bad)
    assert lines == [
        'example gives `reset` the value `"yes"`, but tools/t.py:5 reads it as boolean',
        'example gives `size` the value `"3"`, but tools/t.py:7 reads it as integer',
        'example gives `limit` the value `"high"`, but tools/t.py:7 reads it as number',
    ]


def test_a_value_converted_to_a_string_takes_more_than_its_defaults_type(
    make_repo, run_cli
) -> None:
    helper = {"helpers/counting.py": HELPER}
    good = [{"count": "5", "depth": "deep", "force": "TRUE", "tries": "3", "width": "4"}]
    types, lines = _run(make_repo, run_cli, CONVERTED, good, **helper)
    # ``str(flag).lower() == "true"`` compares spellings of a boolean: the
    # default's type stands, and its spellings are taken
    assert types == {
        "count": None,
        "depth": None,
        "force": "boolean",
        "tries": "integer",
        "width": None,
    }
    assert lines == []
    bad = [{"force": "yes", "tries": "x"}]
    _, lines = _run(make_repo, run_cli, CONVERTED, bad, **helper)
    assert lines == [
        'example gives `force` the value `"yes"`, but tools/t.py:10 reads it as boolean',
        'example gives `tries` the value `"x"`, but tools/t.py:11 reads it as integer',
    ]


UNIONS = """\
from typing import Optional, Union

from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, target: int | str | None = None, ref: str | int = 0,
                      key: Union[int, str] = "a", port: Optional[int] = None,
                      size: Optional[int | str] = None, mode: Union[str, None] = None,
                      **kwargs):
        return Response(message=f"{target}{ref}{key}{port}{size}{mode}", break_loop=False)
"""


def test_a_union_claims_no_single_type(make_repo, run_cli) -> None:
    """``int | str | None``, ``Union[int, str]``: a value of any member is
    taken, so none is the type and no example value of a member is reported;
    ``Optional[X]`` and ``X | None`` still claim X for the examples."""
    good = [{"target": "main", "ref": 3, "key": 2, "size": "big"}, {"target": 2, "ref": "x"}]
    types, lines = _run(make_repo, run_cli, UNIONS, good)
    assert lines == []
    assert (types["target"], types["ref"], types["key"], types["size"]) == (None,) * 4
    root = make_repo({"tools/t.py": UNIONS, "prompts/agent.system.tool.t.md": "### t\nPick.\n"})
    (schema,) = json.loads(run_cli(root, "schema", "tools/t.py").output)
    properties = schema["function"]["parameters"]["properties"]
    assert properties["target"] == {"default": None}
    # the schema claims no type its null default does not take; the facts
    # keep the integer, which the examples are checked against
    assert properties["port"] == {"default": None}
    _, lines = _run(make_repo, run_cli, UNIONS, [{"port": "web", "mode": 1}])
    assert [line.split(", but")[0] for line in lines] == [
        'example gives `port` the value `"web"`',
        "example gives `mode` the value `1`",
    ]


STRING_OR_OBJECT = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        preset = self.args.get("preset")
        if isinstance(preset, dict) and preset:
            chosen = preset
        elif isinstance(preset, str) and preset.strip():
            chosen = {"name": preset.strip()}
        else:
            return Response(message="preset must be an object or a name", break_loop=False)
        label = self.args.get("label")
        if not isinstance(label, str):
            return Response(message="label must be a string", break_loop=False)
        label = label.strip()
        note = self.args.get("note", "").strip()
        return Response(message=f"{chosen}{label}{note}", break_loop=False)
"""


def test_a_string_method_claims_no_type_when_the_code_tests_for_another(make_repo, run_cli) -> None:
    """``preset.strip()`` on the path where ``isinstance(preset, str)`` holds,
    ``isinstance(preset, dict)`` on another: an object is taken too, so no
    type is claimed and no example value is reported; a test for a string
    alone (``label``) leaves the string its method says."""
    good = [{"preset": {"model": "m"}, "label": "a"}, {"preset": "fast", "label": "b"}]
    types, lines = _run(make_repo, run_cli, STRING_OR_OBJECT, good)
    assert types == {"preset": None, "label": "string", "note": "string"}
    assert lines == []
    _, lines = _run(make_repo, run_cli, STRING_OR_OBJECT, [{"preset": "fast", "label": 3}])
    assert lines == ["example gives `label` the value `3`, but tools/t.py:13 reads it as string"]
