"""A default the argument's own check refuses is no default: a closed
dispatch whose values do not hold it (``mode = args.get("mode", "")``, then
``if mode not in ("fast", "slow"): return Response(error)``) makes the
argument required when it runs on every call, and a check in a method a
dispatch calls, or in a branch of a dispatch, leaves the default neither
claimed nor denied."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

from doxtool.core.config import Config
from doxtool.rules.examples import with_files
from doxtool.run.project import Project

UNKNOWN = "not known"


def _facts(root: Path, source: str) -> dict[str, tuple[bool | str, Any, Any]]:
    """name -> (required or UNKNOWN, default or None or UNKNOWN, enum)."""
    (root / ".git").mkdir(exist_ok=True)
    for rel, text in with_files({"tools/x.py": textwrap.dedent(source)}).items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    facts = Project(root, Config()).module_facts("tools/x.py")
    (only,) = facts.tools
    return {
        a.name: (
            UNKNOWN if a.required_unknown else a.required,
            UNKNOWN if a.default_unknown else (a.default if a.has_default else None),
            a.enum,
        )
        for a in only.arguments
    }


HEAD = """\
from helpers.tool import Response, Tool


class X(Tool):
"""


def test_an_empty_parameter_default_outside_the_closed_check_is_refused(tmp_path) -> None:
    source = (
        HEAD
        + """\
    async def execute(self, mode: str = "", **kwargs) -> Response:
        if mode not in ("fast", "careful", "silent"):
            return Response(message="mode must be fast, careful or silent", break_loop=False)
        return Response(message=mode, break_loop=False)
"""
    )
    assert _facts(tmp_path, source) == {
        "mode": (True, UNKNOWN, ["fast", "careful", "silent"]),
    }


def test_checks_joined_by_or_refuse_each_argument(tmp_path) -> None:
    source = (
        'FACTORS = {"km": 1000.0, "m": 1.0}\n\n\n'
        + HEAD
        + """\
    async def execute(self, **kwargs) -> Response:
        src = self.args.get("from", "").strip().lower()
        dst = self.args.get("to", "m").strip().lower()
        if src not in FACTORS or dst not in FACTORS:
            return Response(message="unknown unit", break_loop=False)
        return Response(message=f"{src} {dst}", break_loop=False)
"""
    )
    assert _facts(tmp_path, source) == {
        "from": (True, UNKNOWN, ["km", "m"]),
        "to": (False, "m", ["km", "m"]),
    }


def test_an_if_chain_whose_else_is_the_error_refuses_the_empty_default(tmp_path) -> None:
    source = (
        HEAD
        + """\
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action", "")
        if action == "start":
            return Response(message="started", break_loop=False)
        elif action == "stop":
            return Response(message="stopped", break_loop=False)
        else:
            return Response(message="unknown action", break_loop=False)
"""
    )
    assert _facts(tmp_path, source) == {"action": (True, UNKNOWN, ["start", "stop"])}


def test_a_default_the_dispatch_accepts_stays(tmp_path) -> None:
    source = (
        HEAD
        + """\
    async def execute(self, **kwargs) -> Response:
        mode = self.args.get("mode", "fast")
        blank = self.args.get("blank", "")
        if mode not in ("fast", "slow"):
            return Response(message="bad mode", break_loop=False)
        if blank not in ("", "x"):
            return Response(message="bad blank", break_loop=False)
        return Response(message=mode + blank, break_loop=False)
"""
    )
    assert _facts(tmp_path, source) == {
        "mode": (False, "fast", ["fast", "slow"]),
        "blank": (False, "", ["x"]),
    }


def test_a_branch_of_the_dispatch_that_answers_the_empty_value_with_a_call_claims_nothing(
    tmp_path,
) -> None:
    """``default`` always gives a ``Response``: it may handle the empty value
    (a listing) or refuse it (an error), and the code does not say which:
    neither the default ``""`` nor whether ``action`` is required is claimed."""
    source = (
        HEAD
        + """\
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action", "")
        if action == "start":
            return Response(message="started", break_loop=False)
        if not action:
            return await self.default()
        return Response(message="unknown action", break_loop=False)

    async def default(self) -> Response:
        return Response(message="default", break_loop=False)
"""
    )
    assert _facts(tmp_path, source) == {"action": (UNKNOWN, UNKNOWN, ["start"])}
    (tool,) = Project(tmp_path, Config()).module_facts("tools/x.py").tools
    assert [a.required_unknown for a in tool.arguments] == [True]


def test_a_refused_default_in_a_method_a_dispatch_calls_is_not_claimed(tmp_path) -> None:
    source = (
        HEAD
        + """\
    async def execute(self, **kwargs) -> Response:
        if self.method == "add":
            return await self.add()
        elif self.method == "show":
            return self.show()
        return Response(message="unknown method", break_loop=False)

    async def add(self) -> Response:
        text = self.args.get("text", "").strip()
        if not text:
            return Response(message="notes:add needs `text`.", break_loop=False)
        return Response(message=text, break_loop=False)

    def show(self) -> Response:
        tags = self.args.get("tags", [])
        return Response(message=str(tags), break_loop=False)
"""
    )
    # ``add`` refuses a missing ``text``, ``show`` does without it
    assert _facts(tmp_path, source) == {
        "text": (UNKNOWN, UNKNOWN, None),
        "tags": (False, [], None),
    }


def test_a_refused_default_in_a_branch_of_a_dispatch_is_not_claimed(tmp_path) -> None:
    source = (
        HEAD
        + """\
    async def execute(self, **kwargs) -> Response:
        if self.method == "add":
            text = self.args.get("text", "")
            if not text:
                return Response(message="add needs `text`.", break_loop=False)
            return Response(message=text, break_loop=False)
        limit = self.args.get("limit", 0)
        return Response(message=str(limit), break_loop=False)
"""
    )
    assert _facts(tmp_path, source) == {
        "text": (UNKNOWN, UNKNOWN, None),
        "limit": (False, 0, None),
    }


SET_MODE_DOX_ITEM = "  - `mode`: required string, one of `fast`, `careful`, `silent`.\n"


def test_a_required_line_for_a_refused_default_is_true(make_repo, run_cli) -> None:
    from doxtool.rules.examples import WAIT_DOX

    source = textwrap.dedent(
        HEAD
        + """\
    async def execute(self, mode: str = "", **kwargs) -> Response:
        if mode not in ("fast", "careful", "silent"):
            return Response(message="mode must be fast, careful or silent", break_loop=False)
        return Response(message=mode, break_loop=False)
"""
    )
    dox = (
        WAIT_DOX.replace("wait.py", "x.py")
        .replace("WaitTool", "X")
        .replace("execute(self, **kwargs)", "execute(self, mode: str=..., **kwargs)")
        .replace("  - `seconds`: optional integer, default `0`.\n", SET_MODE_DOX_ITEM)
    )
    root = make_repo({"tools/x.py": source, "tools/x.py.dox.md": dox})
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert result.output.strip() == "All checks passed."
    schema = run_cli(root, "schema", "tools/x.py")
    assert '"default"' not in schema.output
    assert '"required": [\n          "mode"\n        ]' in schema.output


def _dispatch(read: str, values: str = '"create", "list"') -> str:
    return HEAD + (
        "    async def execute(self, **kwargs) -> Response:\n"
        f"        action = {read}\n"
        f"        if action not in ({values}):\n"
        '            return Response(message="unknown action", break_loop=False)\n'
        "        return Response(message=str(action), break_loop=False)\n"
    )


def test_a_missing_value_a_closed_dispatch_refuses_makes_the_argument_required(
    tmp_path,
) -> None:
    for read in (
        'self.args.get("action")',
        'self.args.get("action", None)',
        'self.args.get("action") or ""',
        'self.args.get("action", "").strip().lower()',
        # ``str(None)`` is ``"None"``, which the dispatch refuses too
        'str(self.args.get("action"))',
    ):
        # a literal default refused is in the code all the same, neither
        # claimed nor denied; a refused fallback after ``or`` is no default
        unknown = '"")' in read
        assert _facts(tmp_path, _dispatch(read)) == {
            "action": (True, UNKNOWN if unknown else None, ["create", "list"])
        }, read
    source = (
        HEAD
        + """\
    async def execute(self, mode=None, **kwargs) -> Response:
        if mode == "fast":
            return Response(message="fast", break_loop=False)
        elif mode == "slow":
            return Response(message="slow", break_loop=False)
        else:
            raise ValueError("mode must be fast or slow")
"""
    )
    assert _facts(tmp_path, source) == {"mode": (True, None, ["fast", "slow"])}


def test_a_missing_value_the_dispatch_takes_or_may_not_see_keeps_it_optional(
    tmp_path,
) -> None:
    for read, values, default in (
        # ``None`` is a value the dispatch accepts
        ('self.args.get("action")', '"create", None', None),
        # converted, a missing value is ``"None"``, which the dispatch accepts
        ('str(self.args.get("action")).lower()', '"create", "none"', None),
        # another value may stand in: a method of ``tool:method``
        ('self.method or self.args.get("action")', '"create", "list"', None),
        ('self.method or self.args.get("action", "")', '"create", "list"', UNKNOWN),
        # a test of one value: the Response after it may be the answer
        ('self.args.get("action")', '"create",', None),
        ('self.args.get("action", "")', '"create",', ""),
    ):
        facts = _facts(tmp_path, _dispatch(read, values))
        assert facts["action"][:2] == (False, default), (read, values)
    source = (
        HEAD
        + """\
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action")
        action = action or "list"
        if action == "create":
            return Response(message="created", break_loop=False)
        elif action is None:
            return await self.default()
        elif action == "list":
            return Response(message="listed", break_loop=False)
        return Response(message="unknown action", break_loop=False)

    async def default(self) -> Response:
        return Response(message="default", break_loop=False)
"""
    )
    # the name the read was given to is replaced before any other use: the
    # fallback is what a missing value gives
    assert _facts(tmp_path, source)["action"][:2] == (False, "list")
    source = source.replace('        action = action or "list"\n', "")
    assert _facts(tmp_path, source)["action"][:2] == (False, None)


def test_a_fallback_outside_the_dispatch_or_after_a_default_hides_nothing(tmp_path) -> None:
    # a heading method's ``or "unknown"`` does not stand in for the value the
    # dispatch of ``execute`` tests (the Agent Zero code_execution_remote shape)
    source = (
        HEAD
        + """\
    def get_heading(self) -> str:
        runtime = str(self.args.get("runtime", "unknown") or "unknown")
        return f"run {runtime}"

    async def execute(self, **kwargs) -> Response:
        runtime = str(self.args.get("runtime", "")).strip().lower()
        if runtime not in {"terminal", "python"}:
            return Response(message="runtime is required", break_loop=False)
        return Response(message=self.get_heading(), break_loop=False)
"""
    )
    assert _facts(tmp_path, source)["runtime"] == (True, UNKNOWN, ["terminal", "python"])
    # a read with a default of its own: a missing key gives that default,
    # which the dispatch accepts
    read = 'self.args.get("action", "list") or "list"'
    assert _facts(tmp_path, _dispatch(read))["action"][:2] == (False, "list")


def test_a_missing_value_refused_in_a_method_a_dispatch_calls_is_unknown(tmp_path) -> None:
    source = (
        HEAD
        + """\
    async def execute(self, **kwargs) -> Response:
        if self.method == "set":
            return self.set()
        return Response(message="nothing", break_loop=False)

    def set(self) -> Response:
        mode = self.args.get("mode")
        if mode not in ("fast", "slow"):
            return Response(message="mode must be fast or slow", break_loop=False)
        return Response(message=mode, break_loop=False)
"""
    )
    # required on the calls of ``set``, not on the others
    assert _facts(tmp_path, source) == {"mode": (UNKNOWN, UNKNOWN, ["fast", "slow"])}


ACTION_DOX_ITEM = "  - `action`: required string, one of `create`, `list`.\n"


def test_a_required_line_for_a_missing_value_the_dispatch_refuses_is_true(
    make_repo, run_cli
) -> None:
    from doxtool.rules.examples import WAIT_DOX

    source = textwrap.dedent(
        HEAD
        + """\
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action")
        if action == "create":
            return Response(message="created", break_loop=False)
        if action == "list":
            return Response(message="listed", break_loop=False)
        return Response(message="action must be create or list", break_loop=False)
"""
    )
    dox = (
        WAIT_DOX.replace("wait.py", "x.py")
        .replace("WaitTool", "X")
        .replace("  - `seconds`: optional integer, default `0`.\n", ACTION_DOX_ITEM)
    )
    root = make_repo({"tools/x.py": source, "tools/x.py.dox.md": dox})
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert result.output.strip() == "All checks passed."
    schema = run_cli(root, "schema", "tools/x.py")
    assert '"required": [\n          "action"\n        ]' in schema.output


def test_an_assert_refuses_as_a_check_that_raises_does(tmp_path) -> None:
    source = (
        HEAD
        + """\
    async def execute(self, **kwargs) -> Response:
        text = self.args.get("text", "")
        assert text, "text is required"
        note = self.args.get("note")
        assert note is not None
        key = self.args.get("key", "")
        assert key.strip(), "key is required"
        mode = self.args.get("mode")
        assert mode in ("fast", "slow"), "mode must be fast or slow"
        assert "flag" in self.args
        if self.args.get("verbose"):
            level = self.args.get("level", "")
            assert level, "level is required when verbose"
        if self.agent:
            depth = self.args.get("depth", "")
            assert depth
        return Response(message=text, break_loop=False)
"""
    )
    assert _facts(tmp_path, source) == {
        "text": (True, UNKNOWN, None),
        "note": (True, None, None),
        "key": (True, UNKNOWN, None),
        "mode": (True, None, ["fast", "slow"]),
        "flag": (True, None, None),
        "verbose": (False, None, None),
        # on the calls a dispatch sends this way only: needed there
        "level": (UNKNOWN, UNKNOWN, None),
        # under a test not about the arguments, which calls take is not
        # known: needed there, its refused default no default
        "depth": (UNKNOWN, UNKNOWN, None),
    }


def test_an_assert_in_a_branch_or_after_a_return_requires_nothing(tmp_path) -> None:
    source = (
        HEAD
        + """\
    async def execute(self, **kwargs) -> Response:
        if self.method == "add":
            text = self.args.get("text", "")
            assert text, "text is required"
            return Response(message=text, break_loop=False)
        limit = self.args.get("limit", "")
        assert limit
        return Response(message=str(limit), break_loop=False)
"""
    )
    # past the branch's return, ``assert limit`` refuses the empty default on
    # the calls that are not ``add``: on some calls, as the branch's does
    assert _facts(tmp_path, source) == {
        "text": (UNKNOWN, UNKNOWN, None),
        "limit": (UNKNOWN, UNKNOWN, None),
    }


def test_an_assert_in_a_helper_module_needs_the_key(make_repo, run_cli) -> None:
    helper = textwrap.dedent(
        """\
        def run(args):
            text = args.get("text", "")
            assert text, "text is required"
            other = args.get("other")
            assert other is not None
            return text
        """
    )
    source = textwrap.dedent(
        HEAD.replace("from helpers.tool", "from helpers.run import run\nfrom helpers.tool")
        + """\
    async def execute(self, **kwargs) -> Response:
        return Response(message=run(self.args), break_loop=False)
"""
    )
    root = make_repo({"helpers/run.py": helper, "tools/x.py": source})
    result = run_cli(root, "inspect", "tools/x.py", "--json")
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    assert {a["name"]: a["required"] for a in tool["arguments"]} == {"text": True, "other": True}


CONVERTED = """\
from helpers.tool import Response, Tool


class Converted(Tool):
    async def execute(self, **kwargs) -> Response:
        n = int(self.args.get("n", "0"))
        if not n:
            return Response(message="Error: n is required", break_loop=False)
        if not float(self.args.get("ratio", "0.0")):
            return Response(message="Error: ratio is required", break_loop=False)
        b = self.args.get("b", "0")
        if not b:
            return Response(message="Error: b is required", break_loop=False)
        e = int(self.args.get("e", "5"))
        if not e:
            return Response(message="Error: e is required", break_loop=False)
        return Response(message=f"{n}{int(b)}{e}", break_loop=False)
"""


def test_a_check_of_a_converted_value_judges_the_converted_default(make_repo, run_cli) -> None:
    """``n = int(args.get("n", "0"))``, then ``if not n: return Response(error)``:
    the check refuses what ``"0"`` becomes, so a missing ``n`` is an error and
    ``"0"`` is no default; the check of the value as read (``b``) or a
    default the conversion keeps truthy (``e``) leaves the default."""
    root = make_repo({"tools/converted.py": CONVERTED})
    result = run_cli(root, "inspect", "tools/converted.py", "--json")
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    facts = {a["name"]: (a["required"], a["has_default"], a["default"]) for a in tool["arguments"]}
    assert facts == {
        "n": (True, False, None),
        "ratio": (True, False, None),
        "b": (False, True, "0"),
        "e": (False, True, "5"),
    }
    run_cli(root, "check", "--fix")
    companion = (root / "tools/converted.py.dox.md").read_text(encoding="utf-8")
    assert "  - `n`: required integer.\n" in companion
    # the number the conversion makes of ``"5"``, what a missing ``e`` gives the tool
    assert "  - `e`: optional integer, default `5`.\n" in companion


NESTED_CONVERSIONS = """\
from helpers.tool import Response, Tool


class Scale(Tool):
    async def execute(self, **kwargs) -> Response:
        n = int(float(self.args.get("n", "2.5")))
        if not n:
            return Response(message="n must not be zero", break_loop=False)
        color = int(self.args.get("color", "ff"), 16)
        if not color:
            return Response(message="color must not be black", break_loop=False)
        z = int(float(self.args.get("z", "0.5")))
        if not z:
            return Response(message="z must not be zero", break_loop=False)
        k = int(str(self.args.get("k", "0")).strip())
        if not k:
            return Response(message="k must not be zero", break_loop=False)
        step = int(self.args.get("step", "0"))
        step += 1
        if not step:
            return Response(message="step must not be -1", break_loop=False)
        return Response(message=str(n * color * z * k * step), break_loop=False)
"""


def test_a_check_judges_the_default_through_the_conversions_the_code_makes(
    make_repo, run_cli
) -> None:
    """``int(float("2.5"))`` is 2 and ``int("ff", 16)`` is 255: neither is
    refused, so both stay defaults; ``int(float("0.5"))`` and
    ``int(str("0").strip())`` are 0, refused: those arguments are required;
    ``step += 1`` makes ``int("0")`` 1 before the check, not refused."""
    root = make_repo({"tools/scale.py": NESTED_CONVERSIONS})
    result = run_cli(root, "inspect", "tools/scale.py", "--json")
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    facts = {a["name"]: (a["required"], a["has_default"], a["default"]) for a in tool["arguments"]}
    assert facts == {
        "n": (False, True, "2.5"),
        "color": (False, True, "ff"),
        "z": (True, False, None),
        "k": (True, False, None),
        "step": (False, True, "0"),
    }
