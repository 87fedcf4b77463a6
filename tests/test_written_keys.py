"""A key written over the arguments dict on every path (``d["mode"] = "x"``,
``d.update({...})``, ``d.update(mode=...)``, ``d |= {...}``) is no argument
when read after: whatever a caller passed is gone. Written from the dict's
own value, or another key: the read still reads the argument; written (or
merged over) on some paths only: the key may be there or not. The libcst walk of a tool and the ``ast`` walk of a helper of
another module say the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bothwalks import (
    HELPER_TOOL,
    OPTIONAL,
    REQUIRED,
    UNKNOWN,
    as_helper,
    as_tool,
    presence,
    tool_module,
)

#: (code writing into and reading the dict ``D``, what each argument read is)
SHAPES: dict[str, tuple[str, dict[str, str]]] = {
    "an assignment": (
        """\
        D["mode"] = "fast"
        text = D["mode"] + D["text"]
        """,
        {"text": REQUIRED},
    ),
    "update with a literal dict": (
        """\
        D.update({"mode": "fast", "limit": 3})
        text = D["mode"] + D["text"] * D["limit"]
        """,
        {"text": REQUIRED},
    ),
    "update with keywords": (
        """\
        D.update(mode="fast")
        text = D["mode"] + D["text"]
        """,
        {"text": REQUIRED},
    ),
    "a literal dict merged in place": (
        """\
        D |= {"mode": "fast"}
        text = D["mode"] + D["text"]
        """,
        {"text": REQUIRED},
    ),
    "a merge of another key": (
        """\
        D |= {"other": 1}
        text = D["mode"]
        """,
        {"mode": REQUIRED},
    ),
    "written from its own value": (
        """\
        D["mode"] = D["mode"].strip()
        text = D["mode"]
        """,
        {"mode": REQUIRED},
    ),
    "written on some paths only": (
        """\
        if flag():
            D |= {"mode": "fast"}
        text = D["mode"]
        """,
        {"mode": UNKNOWN},
    ),
    "updated on some paths only": (
        """\
        if flag():
            D.update(mode="fast")
        text = D["mode"]
        """,
        {"mode": UNKNOWN},
    ),
    "a copy merged over on some paths only": (
        """\
        opts = dict(D)
        if flag():
            opts = {**opts, "mode": "fast"}
        text = opts["mode"] + opts["y"]
        """,
        {"mode": UNKNOWN, "y": REQUIRED},
    ),
    "a copy given a default on some paths only": (
        """\
        opts = dict(D)
        for _ in items():
            opts = {"mode": "fast", **opts}
        text = opts["mode"] + opts.get("y", "")
        """,
        {"mode": UNKNOWN, "y": OPTIONAL},
    ),
    "a copy merged over at the top": (
        """\
        opts = dict(D)
        opts = {**opts, "mode": "fast"}
        text = opts["mode"] + opts["y"]
        """,
        {"y": REQUIRED},
    ),
    "a copy under the same name, merged over": (
        """\
        args = dict(D)
        args = {**args, "mode": "fast"}
        text = args["mode"] + args["y"]
        """,
        {"y": REQUIRED},
    ),
    "a copy written over": (
        """\
        d = dict(D)
        d["mode"] = "x"
        d.update({"limit": 3})
        text = D["mode"] + D["limit"]
        """,
        {"mode": REQUIRED, "limit": REQUIRED},
    ),
    "written through a name for the dict": (
        """\
        d = D
        d["mode"] = "x"
        text = D["mode"] + d["y"]
        """,
        {"y": REQUIRED},
    ),
    "written through a name for a copy": (
        """\
        c = dict(D)
        d = c
        d["mode"] = "x"
        text = D["mode"]
        """,
        {"mode": REQUIRED},
    ),
    "written over after a copy read": (
        """\
        d = dict(D)
        D["mode"] = "x"
        text = d["mode"]
        """,
        {"mode": REQUIRED},
    ),
    "a literal changed before the arguments merged over it": (
        """\
        cfg = {}
        cfg.setdefault("limit", 5)
        cfg |= D
        text = cfg["limit"]
        """,
        {"limit": OPTIONAL},
    ),
    "a literal bound on some paths before the arguments merged over it": (
        """\
        cfg = {"limit": 10}
        if flag():
            cfg = {"limit": 20}
        cfg |= D
        text = cfg["limit"]
        """,
        {"limit": OPTIONAL},
    ),
    "read before it is written": (
        """\
        text = D["mode"]
        D["mode"] = "fast"
        """,
        {"mode": REQUIRED},
    ),
}


def _arguments(run_cli, root: Path) -> dict[str, str]:
    tool = tool_module(run_cli, root)
    assert tool["other_arguments"] == [], tool["other_arguments"]
    return {a["name"]: presence(a) for a in tool["arguments"]}


def _tool(code: str) -> str:
    return as_tool(code, "D")


def _helper(code: str) -> str:
    return as_helper(code, "D")


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_tool_reads_no_argument_written_over(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo({"tools/t.py": _tool(code)})
    assert _arguments(run_cli, root) == expected


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_helper_of_another_module_reads_the_same(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo({"helpers/fmt.py": _helper(code), "tools/t.py": HELPER_TOOL})
    assert _arguments(run_cli, root) == expected


def test_the_companion_keeps_no_line_for_a_key_written_over(run_cli, make_repo) -> None:
    """``check --fix`` writes no argument line for a key the tool overwrites,
    and the schema requires only what the caller must pass."""
    root = make_repo({"tools/t.py": _tool(SHAPES["a literal dict merged in place"][0])})
    result = run_cli(root, "schema", "tools/t.py")
    assert result.exit_code == 0, result.output
    (schema,) = json.loads(result.output)
    assert schema["function"]["parameters"]["required"] == ["text"]
    assert "mode" not in schema["function"]["parameters"]["properties"]


@pytest.mark.parametrize(
    "shape",
    [
        "a literal changed before the arguments merged over it",
        "a literal bound on some paths before the arguments merged over it",
    ],
)
@pytest.mark.parametrize("where", ["tool", "helper"])
def test_a_literal_not_known_as_written_gives_no_default(
    run_cli, make_repo, shape: str, where: str
) -> None:
    """What the literal holds when the arguments are merged over it is not
    the text bound to it: no default (neither 5, nor 10 or 20) is claimed."""
    code = SHAPES[shape][0]
    if where == "tool":
        root = make_repo({"tools/t.py": _tool(code)})
    else:
        root = make_repo({"helpers/fmt.py": _helper(code), "tools/t.py": HELPER_TOOL})
    result = run_cli(root, "inspect", "tools/t.py", "--json")
    assert result.exit_code == 0, result.output
    ((limit,),) = [t["arguments"] for m in json.loads(result.output) for t in m["tools"]]
    assert (limit["name"], limit["has_default"], limit["default"]) == ("limit", False, None)


def test_a_parameter_rebound_to_a_merge_not_followed_is_not_read_as_handed(
    run_cli, make_repo
) -> None:
    """``args = {**args, **(extra or {...})}``: what ``args`` holds past that
    is not known, so a read of it needs no argument (the merge may hold the key)."""
    helper = (
        "def run(args, extra=None):\n"
        '    args = {**args, **(extra or {"mode": "x"})}\n'
        '    return args["mode"]\n'
    )
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL})
    result = run_cli(root, "inspect", "tools/t.py", "--json")
    assert result.exit_code == 0, result.output
    ((tool,),) = [m["tools"] for m in json.loads(result.output)]
    assert [a for a in tool["arguments"] if a["required"]] == []
