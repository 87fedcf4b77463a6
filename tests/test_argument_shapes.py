"""Spellings of the same argument facts: a key popped without a default, a
check on an assignment expression, a default a check refuses, a fallback
after ``or``, two keys joined by ``or``, keys read in a comprehension, values
looked up in a dict constant, ``getattr(self, "args")``. Each spelling says
what its plainer form says."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

HEAD = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


"""


def _tool(run_cli, make_repo, source: str) -> dict[str, Any]:
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(source)})
    result = run_cli(root, "inspect", "tools/notes.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


def _facts(tool: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """name -> (required, has_default, default, alternatives)"""
    return {
        a["name"]: (a["required"], a["has_default"], a["default"], a["alternatives"])
        for a in tool["arguments"]
    }


def test_a_key_popped_without_a_default_is_required(run_cli, make_repo) -> None:
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                b = kwargs.pop("b")
                c = self.args.pop("c", None)
                return Response(message=f"{b}{c}", break_loop=False)
        """
    assert _facts(_tool(run_cli, make_repo, source)) == {
        "b": (True, False, None, []),
        "c": (False, True, None, []),
    }


def test_a_key_popped_without_a_default_in_a_helper_is_required(run_cli, make_repo) -> None:
    source = """\
        def take(args):
            return args.pop("b")


        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                return Response(message=str(take(self.args)), break_loop=False)
        """
    assert _facts(_tool(run_cli, make_repo, source)) == {"b": (True, False, None, [])}


def test_a_check_on_an_assignment_expression_makes_the_argument_required(
    run_cli, make_repo
) -> None:
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                if not (c := self.args.get("c")):
                    raise RepairableException("send `c`")
                return Response(message=c, break_loop=False)
        """
    assert _facts(_tool(run_cli, make_repo, source)) == {"c": (True, False, None, [])}


def test_a_none_default_the_check_refuses_is_no_default(run_cli, make_repo) -> None:
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                f = self.args.get("f", None)
                if f is None:
                    return Response(message="send `f`", break_loop=False)
                g = self.args.get("g", "")
                if not g:
                    raise RepairableException("send `g`")
                h = self.args.get("h", "x")
                if not h:
                    raise RepairableException("`h` must not be blank")
                return Response(message=f"{f}{g}{h}", break_loop=False)
        """
    tool = _tool(run_cli, make_repo, source)
    assert _facts(tool) == {
        "f": (True, False, None, []),
        # a default the check refuses is no default either: a missing `g`
        # ends `execute` with an error
        "g": (True, False, None, []),
        # a missing `h` is `"x"`, which the check lets pass
        "h": (False, True, "x", []),
    }
    assert {a["name"]: a["type"] for a in tool["arguments"]} == {
        "f": None,
        "g": "string",
        "h": "string",
    }


def test_a_default_a_helper_check_refuses_is_no_default(run_cli, make_repo) -> None:
    source = """\
        def need(args, key):
            value = args.get(key, None)
            if value is None:
                raise RepairableException(f"send `{key}`")
            return value


        def soft(args):
            value = args.get("soft", "abc")
            if not value:
                raise RepairableException("`soft` must not be blank")
            return value


        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                a = need(self.args, "a")
                return Response(message=f"{a}{soft(self.args)}", break_loop=False)
        """
    assert _facts(_tool(run_cli, make_repo, source)) == {
        "a": (True, False, None, []),
        "soft": (False, True, "abc", []),
    }


def test_an_empty_default_a_check_refuses_is_no_default_in_every_spelling(
    run_cli, make_repo
) -> None:
    """A parameter's default, a read in a helper of the module, a walrus: the
    refused default is none; the literal still says the type."""
    source = """\
        def need(args):
            value = str(args.get("b", "")).strip()
            if not value:
                raise ValueError("send `b`")
            return value


        class NotesTool(Tool):
            async def execute(self, a: str = "", **kwargs) -> Response:
                if not a:
                    return Response(message="send `a`", break_loop=False)
                if not (c := self.args.get("c", [])):
                    raise RepairableException("send `c`")
                if not (d := int(self.args.get("d", 0))):
                    raise RepairableException("send `d`")
                return Response(message=f"{a}{need(self.args)}{c}{d}", break_loop=False)
        """
    tool = _tool(run_cli, make_repo, source)
    assert _facts(tool) == {
        "a": (True, False, None, []),
        "c": (True, False, None, []),
        "d": (True, False, None, []),
        "b": (True, False, None, []),
    }
    assert {a["name"]: a["type"] for a in tool["arguments"]} == {
        "a": "string",
        "b": "string",
        "c": "array",
        "d": "integer",
    }


def test_a_default_refused_only_with_another_argument_stays(run_cli, make_repo) -> None:
    """``if not text and not url``: a missing ``text`` passes when ``url`` is
    given, so ``""`` is what the code goes on with."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                text = self.args.get("text", "")
                url = self.args.get("url", "")
                if not text and not url:
                    raise RepairableException("send `text` or `url`")
                return Response(message=f"{text}{url}", break_loop=False)
        """
    assert _facts(_tool(run_cli, make_repo, source)) == {
        "text": (False, True, "", ["url"]),
        "url": (False, True, "", ["text"]),
    }


OR_DEFAULTS = """\
    class NotesTool(Tool):
        limit_default = 7

        async def execute(self, **kwargs) -> Response:
            limit = self.args.get("limit") or 10
            n = int(self.args.get("n", "") or 5)
            m = self.args.get("m") or self.limit_default
            tags = list(self.args.get("tags") or [])
            return Response(message=f"{limit}{n}{m}{tags}", break_loop=False)
    """


def test_a_literal_after_or_is_a_default_and_another_fallback_is_not_known(
    run_cli, make_repo
) -> None:
    tool = _tool(run_cli, make_repo, OR_DEFAULTS)
    assert {
        a["name"]: (a["has_default"], a["default"], a["default_unknown"], a["type"])
        for a in tool["arguments"]
    } == {
        "limit": (True, 10, False, "integer"),
        "n": (True, 5, False, "integer"),
        "m": (False, None, True, None),
        "tags": (False, None, True, "array"),
    }


def test_a_default_the_code_does_not_state_is_neither_claimed_nor_denied(
    run_cli, make_repo
) -> None:
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(OR_DEFAULTS)})
    companion = dedent(
        """\
        # notes.py DOX

        ## Runtime Contracts
        - Arguments of `NotesTool`:
          - `limit`: optional integer, default `10`. Any falsy value gives 10.
          - `n`: optional integer, default `5`.
          - `m`: required, default `7`. From the class.
          - `tags`: optional array.
        """
    )
    (root / "tools/notes.py.dox.md").write_text(companion)
    result = run_cli(root, "check", "--select", "DOX111")
    assert result.output.splitlines() == [
        "tools/notes.py.dox.md:7:1: DOX111 argument `m` is documented as required but the "
        "code treats it as optional (read at tools/notes.py:11) [*]",
        "Found 1 finding (1 fixable with `doxtool check --fix`).",
    ]
    fixed = run_cli(root, "check", "--select", "DOX111", "--fix")
    assert fixed.exit_code == 0, fixed.output
    assert (root / "tools/notes.py.dox.md").read_text() == companion.replace(
        "`m`: required, default `7`.", "`m`: optional, default `7`."
    )


def test_two_keys_joined_by_or_are_alternatives(run_cli, make_repo) -> None:
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                text = self.args.get("text") or self.args.get("message")
                if not text:
                    raise RepairableException("send `text`")
                return Response(message=str(text), break_loop=True)
        """
    tool = _tool(run_cli, make_repo, source)
    assert _facts(tool) == {
        "text": (False, False, None, ["message"]),
        "message": (False, False, None, ["text"]),
    }
    assert {a["name"]: a["type"] for a in tool["arguments"]} == {
        "text": "string",
        "message": "string",
    }


def test_a_check_on_a_converted_fallback_needs_one_of_the_two_keys(run_cli, make_repo) -> None:
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                text = self.args.get("text") or self.args.get("message")
                if not text or not str(text).strip():
                    raise RepairableException("send `text`")
                return Response(message=text, break_loop=True)
        """
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(source)})
    result = run_cli(root, "inspect", "tools/notes.py", "--json")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.output)[0]["tools"]
    # a call with `message` alone passes the check: `text` is not needed on its own
    assert _facts(tool) == {
        "text": (False, False, None, ["message"]),
        "message": (False, False, None, ["text"]),
    }
    schema = run_cli(root, "schema", "tools/notes.py")
    assert schema.exit_code == 0, schema.output
    (entry,) = json.loads(schema.output)
    parameters = entry["function"]["parameters"]
    assert "required" not in parameters
    assert parameters["anyOf"] == [{"required": ["text"]}, {"required": ["message"]}]


CLOSED_OR = """\
    class NotesTool(Tool):
        async def execute(self, **kwargs) -> Response:
            op = str(self.args.get("op") or self.args.get("operation", "")).strip()
{check}            if op not in {{"read", "write"}}:
                return Response(message=f"unknown op {{op}}", break_loop=False)
            return Response(message=op, break_loop=False)
    """
EMPTY_OP = """\
            if not op:
                return Response(message="send op", break_loop=False)
"""


def test_a_closed_check_on_two_keys_joined_by_or_needs_neither_alone(run_cli, make_repo) -> None:
    for check in ("", EMPTY_OP):
        root: Path = make_repo(
            {
                "tools/notes.py": HEAD + dedent(CLOSED_OR.format(check=check)),
                "prompts/agent.system.tool.notes.md": (
                    '### notes\nRead notes.\n\n~~~json\n{"tool_name": "notes", '
                    '"tool_args": {"operation": "read"}}\n~~~\n'
                ),
            }
        )
        result = run_cli(root, "inspect", "tools/notes.py", "--json")
        assert result.exit_code == 0, result.output
        (tool,) = json.loads(result.output)[0]["tools"]
        # a call with `operation` alone passes the check on the joined value
        assert [(a["name"], a["required"]) for a in tool["arguments"]] == [
            ("op", False),
            ("operation", False),
        ]
        # so a prompt teaching `operation` teaches what the tool needs
        checked = run_cli(root, "check", "--no-cache", "--select", "PRM004")
        assert checked.exit_code == 0, checked.output


UNCHECKED_OR = """\
    class NotesTool(Tool):
        async def execute(self, **kwargs) -> Response:
            text = self.args.get("text"{default}) or self.args.get("message"{default})
            return Response(message=text, break_loop=True)
    """


def test_two_keys_joined_by_or_with_no_check_stand_in_for_each_other(run_cli, make_repo) -> None:
    for default, kinds in (("", (None, None)), (', ""', ("string", "string"))):
        root: Path = make_repo(
            {"tools/notes.py": HEAD + dedent(UNCHECKED_OR.format(default=default))}
        )
        result = run_cli(root, "inspect", "tools/notes.py", "--json")
        assert result.exit_code == 0, result.output
        (tool,) = json.loads(result.output)[0]["tools"]
        # a missing or empty `text` gives `message`: not `""`, which is the
        # last read's own default only
        assert _facts(tool) == {
            "text": (False, False, None, ["message"]),
            "message": (False, bool(default), "" if default else None, ["text"]),
        }
        assert [a["default_unknown"] for a in tool["arguments"]] == [bool(default), False]
        assert tuple(a["type"] for a in tool["arguments"]) == kinds
        # no check needs one of them: the schema asks for none
        schema = run_cli(root, "schema", "tools/notes.py")
        assert schema.exit_code == 0, schema.output
        (entry,) = json.loads(schema.output)
        assert set(entry["function"]["parameters"]) == {
            "type",
            "properties",
            "additionalProperties",
        }


def test_a_companion_naming_unchecked_alternatives_is_kept(run_cli, make_repo) -> None:
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(UNCHECKED_OR.format(default=""))})
    companion = dedent(
        """\
        # notes.py DOX

        ## Runtime Contracts
        - Arguments of `NotesTool`:
          - `text`: optional, alternative to `message`.
          - `message`: optional, alternative to `text`.
        """
    )
    (root / "tools/notes.py.dox.md").write_text(companion)
    result = run_cli(root, "check", "--select", "DOX111")
    assert result.exit_code == 0, result.output
    fixed = run_cli(root, "check", "--select", "DOX111", "--fix")
    assert fixed.exit_code == 0, fixed.output
    assert (root / "tools/notes.py.dox.md").read_text() == companion


def test_a_comprehension_over_literal_keys_reads_them_as_a_for_statement_does(
    run_cli, make_repo
) -> None:
    source = """\
        FIELDS = ("e", "f")


        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                parts = []
                for k in ("first", "last"):
                    parts.append(str(self.args.get(k, "")))
                names = [str(self.args.get(k, "")) for k in ("a", "b")]
                more = {k: self.args.get(k) for k in ["c", "d"]}
                fields = tuple(self.args.get(name, 0) for name in FIELDS)
                pairs = [self.args.get(k, d) for k, d in (("g", 1), ("h", 2))]
                return Response(message=f"{parts}{names}{more}{fields}{pairs}", break_loop=False)
        """
    tool = _tool(run_cli, make_repo, source)
    assert {a["name"]: (a["default"], a["type"]) for a in tool["arguments"]} == {
        "first": ("", "string"),
        "last": ("", "string"),
        "a": ("", "string"),
        "b": ("", "string"),
        "c": (None, None),
        "d": (None, None),
        "e": (0, "integer"),
        "f": (0, "integer"),
    }
    # the loop over pairs is not resolved by a ``for`` statement either
    assert [r["expression"] for r in tool["dynamic_reads"]] == ["k"]


DISPATCH = """\
    def _list() -> str:
        return "list"


    HANDLERS = {"list": _list, "get": _list}
    LABELS = {"a": "A"}


    class NotesTool(Tool):
        TABLE = {"x": _list}

        async def execute(self, **kwargs) -> Response:
            action = str(self.args.get("action", "list"))
            handler = HANDLERS.get(action)
            if handler is None:
                return Response(message=f"unknown action {action}", break_loop=False)
            mode = self.args.get("mode", "list")
            if mode not in HANDLERS:
                raise RepairableException("unknown mode")
            label = LABELS.get(self.args.get("label", "a"), "?")
            fn = self.TABLE.get(self.args.get("kind", "x"))
            if fn is None:
                return Response(message="unknown kind", break_loop=False)
            run = HANDLERS[self.args.get("step", "get")]
            return Response(message=f"{handler()}{label}{fn()}{run()}", break_loop=False)
    """


def test_values_looked_up_in_a_dict_constant_are_its_keys_or_not_known(run_cli, make_repo) -> None:
    tool = _tool(run_cli, make_repo, DISPATCH)
    assert {a["name"]: (a["enum"], a["values_unknown"]) for a in tool["arguments"]} == {
        # a miss ends execute with an error: the keys of the module constant
        "action": (["list", "get"], False),
        "mode": (["list", "get"], False),
        # no check after the lookup, a class attribute, a subscript: not known
        "label": (None, True),
        "kind": (None, True),
        "step": (None, True),
    }


def test_a_dict_dispatch_keeps_the_documented_values(run_cli, make_repo) -> None:
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(DISPATCH)})
    companion = dedent(
        """\
        # notes.py DOX

        ## Runtime Contracts
        - Arguments of `NotesTool`:
          - `action`: optional string, default `"list"`, one of `list`, `get`.
          - `mode`: optional string, default `"list"`, one of `list`, `get`.
          - `label`: optional string, default `"a"`, one of `a`. Others show `?`.
          - `kind`: optional string, default `"x"`, one of `x`.
          - `step`: optional string, default `"get"`.
        """
    )
    (root / "tools/notes.py.dox.md").write_text(companion)
    result = run_cli(root, "check", "--select", "DOX111")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_getattr_self_args_is_self_args(run_cli, make_repo) -> None:
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                args = getattr(self, "args")
                extra = str(args.get("extra", ""))
                mode = getattr(self, "args")["mode"]
                other = getattr(self, "argv", {}).get("other")
                return Response(message=f"{extra}{mode}{other}", break_loop=False)
        """
    assert _facts(_tool(run_cli, make_repo, source)) == {
        "extra": (False, True, "", []),
        "mode": (True, False, None, []),
    }


def test_a_fallback_after_or_in_a_helper_reads_as_in_execute(run_cli, make_repo) -> None:
    source = """\
        def options(args):
            limit = args.get("limit") or 10
            m = args.get("m") or LIMIT
            text = args.get("text") or args.get("message")
            return limit, m, text


        def needed(args):
            v = args.get("v") or ""
            if not v:
                raise RepairableException("send `v`")
            return v


        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                found = f"{options(self.args)}{needed(self.args)}"
                v = self.args.get("w") or ""
                if not v:
                    raise RepairableException("send `w`")
                return Response(message=found + v, break_loop=False)
        """
    tool = _tool(run_cli, make_repo, source)
    assert {
        a["name"]: (a["required"], a["has_default"], a["default"], a["default_unknown"])
        for a in tool["arguments"]
    } == {
        "limit": (False, True, 10, False),
        "m": (False, False, None, True),
        "text": (False, False, None, False),
        "message": (False, False, None, False),
        "v": (True, False, None, False),
        "w": (True, False, None, False),
    }


def test_a_default_read_anywhere_is_known_past_an_empty_fallback(run_cli, make_repo) -> None:
    """``args.get("plan") or []`` in one branch and ``args.get("plan", [])``
    in another: the default is ``[]`` whichever is walked first."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                if self.args.get("action") == "a":
                    plan = kwargs.get("plan") or []
                    return Response(message=f"{len(plan)}", break_loop=False)
                plan = kwargs.get("plan", [])
                return Response(message=f"{len(plan)}", break_loop=False)
        """
    tool = _tool(run_cli, make_repo, source)
    assert {
        a["name"]: (a["has_default"], a["default"], a["default_unknown"], a["type"])
        for a in tool["arguments"]
    } == {"action": (False, None, False, None), "plan": (True, [], False, "array")}


def test_a_default_another_read_falls_back_from_is_none(run_cli, make_repo) -> None:
    """``int(args.get("session", 0) or 0)`` in ``execute`` and
    ``args.get("session", None)`` in a heading the framework may build: a
    missing ``session`` is ``0`` on one path and ``None`` on the other, so
    no default is claimed, whichever read is walked first."""
    heading = """\
            def get_heading(self) -> str:
                return f"run [{self.args.get('session', None)}]"
    """
    execute = """\
            async def execute(self, **kwargs) -> Response:
                session = int(self.args.get("session", 0) or 0)
                return Response(message=str(session), break_loop=False)
    """
    for first, second in ((heading, execute), (execute, heading)):
        source = "class NotesTool(Tool):\n" + first + "\n" + second
        tool = _tool(run_cli, make_repo, source)
        assert [(a["name"], a["has_default"], a["default_unknown"]) for a in tool["arguments"]] == [
            ("session", False, True)
        ]


def test_two_different_literal_defaults_claim_none(run_cli, make_repo) -> None:
    """``args.get("note", "Disabled")`` on one path and ``args.get("note",
    "")`` on another: the default depends on the path, so none is claimed
    (the type both give stays); the same default read twice is the default,
    and a parameter's default that a read of ``self.args`` contradicts is none,
    as is a falsy one an ``or`` replaces."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, limit: int = 5, **kwargs) -> Response:
                if not self.agent.config.enabled:
                    return Response(message=self.args.get("note", "Disabled"), break_loop=False)
                note = self.args.get("note", "")
                mode = self.args.get("mode", "fast")
                size = self.args.get("limit", 10)
                other = self.args.get("k", "") or self.size
                return Response(message=f"{note}{self.args.get('mode', 'fast')}{size}{limit}{other}", break_loop=False)
        """
    tool = _tool(run_cli, make_repo, source)
    assert {
        a["name"]: (a["has_default"], a["default"], a["default_unknown"], a["type"])
        for a in tool["arguments"]
    } == {
        "note": (False, None, True, "string"),
        "mode": (True, "fast", False, "string"),
        "limit": (False, None, True, "integer"),
        # the empty default ``or`` replaces with what no one can read: none
        "k": (False, None, True, "string"),
    }
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(source)})
    run_cli(root, "check", "--fix")  # writes the companion; the prompt is still missing
    companion = (root / "tools/notes.py.dox.md").read_text()
    assert "  - `note`: optional string.\n" in companion
    assert "Disabled" not in companion
    # a companion giving either default is neither confirmed nor denied
    for default in ('"Disabled"', '""'):
        (root / "tools/notes.py.dox.md").write_text(
            companion.replace(
                "`note`: optional string.", f"`note`: optional string, default `{default}`."
            )
        )
        assert "DOX111" not in run_cli(root, "check", "--select", "DOX111").output


def test_a_documented_type_the_code_does_not_show_is_not_reported(run_cli, make_repo) -> None:
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                topic = self.args.get("topic")
                return Response(message=f"{topic}", break_loop=False)
        """
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(source)})
    companion = "# notes.py DOX\n\n## Runtime Contracts\n- Arguments of `NotesTool`:\n"
    (root / "tools/notes.py.dox.md").write_text(companion + "  - `topic`: optional string.\n")
    assert run_cli(root, "check", "--select", "DOX111").output == "All checks passed.\n"
    # a fix for another fact keeps it
    (root / "tools/notes.py.dox.md").write_text(
        companion + "  - `topic`: required string. The subject.\n"
    )
    assert run_cli(root, "check", "--select", "DOX111", "--fix").exit_code == 0
    assert (root / "tools/notes.py.dox.md").read_text() == (
        companion + "  - `topic`: optional string. The subject.\n"
    )
    # a type the code shows is still compared
    (root / "tools/notes.py").write_text(
        HEAD + dedent(source).replace('self.args.get("topic")', 'int(self.args.get("topic"))')
    )
    result = run_cli(root, "check", "--select", "DOX111")
    assert "documented with type string but the code reads it as integer" in result.output


def test_a_type_only_str_gives_denies_no_documented_type(run_cli, make_repo) -> None:
    """``str(self.args["context"])`` converts any value: the ``"string"`` it
    gives a fresh item denies no type a person states (``integer``), and a
    fix keeps it; a string method on the value as read still shows the type."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                cmd = ["rg"]
                if self.args.get("context"):
                    cmd.extend(["-C", str(self.args["context"])])
                return Response(message=" ".join(cmd), break_loop=False)
        """
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(source)})
    companion = "# notes.py DOX\n\n## Runtime Contracts\n- Arguments of `NotesTool`:\n"
    (root / "tools/notes.py.dox.md").write_text(companion + "  - `context`: optional integer.\n")
    assert run_cli(root, "check", "--select", "DOX111").output == "All checks passed.\n"
    (root / "tools/notes.py.dox.md").write_text(
        companion + "  - `context`: required integer. Lines around a match.\n"
    )
    assert run_cli(root, "check", "--select", "DOX111", "--fix").exit_code == 0
    assert (root / "tools/notes.py.dox.md").read_text() == (
        companion + "  - `context`: optional integer. Lines around a match.\n"
    )
    # a string method on the value as read shows the type
    (root / "tools/notes.py").write_text(
        HEAD + dedent(source).replace('str(self.args["context"])', 'self.args["context"].strip()')
    )
    result = run_cli(root, "check", "--select", "DOX111")
    assert "documented with type integer but the code reads it as string" in result.output


def test_a_persons_spelling_without_a_type_leaves_it_unstated(run_cli, make_repo) -> None:
    """`` `topic` (required): ... `` says nothing of the type: it is not
    compared; the grammar's own item without one is, and says so plainly."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                topic = int(self.args["topic"])
                return Response(message=f"{topic}", break_loop=False)
        """
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(source)})
    companion = "# notes.py DOX\n\n## Runtime Contracts\n- Arguments of `NotesTool`:\n"
    for item in (
        '  - `topic` (required): the subject, e.g. "Berlin".\n',
        "  - `topic` (required)\n",
        "  - **topic** \u2014 required. The subject.\n",
    ):
        (root / "tools/notes.py.dox.md").write_text(companion + item)
        assert run_cli(root, "check", "--select", "DOX111").output == "All checks passed.\n"
    # what is stated is still compared
    (root / "tools/notes.py.dox.md").write_text(companion + "  - `topic` (optional): x.\n")
    assert run_cli(root, "check", "--select", "DOX111").output.splitlines()[0] == (
        "tools/notes.py.dox.md:5:1: DOX111 argument `topic` is documented as optional "
        "but the code treats it as required (read at tools/notes.py:7)"
    )
    (root / "tools/notes.py.dox.md").write_text(companion + "  - `topic`: required.\n")
    assert run_cli(root, "check", "--select", "DOX111").output.splitlines()[0] == (
        "tools/notes.py.dox.md:5:1: DOX111 argument `topic` is documented without a type "
        "but the code reads it as integer (read at tools/notes.py:7) [*]"
    )


LOOKUP = """\
    def _list() -> str:
        return "list"


    HANDLERS = VALUE
    CHANGE


    class NotesTool(Tool):
        async def execute(self, **kwargs) -> Response:
            handler = HANDLERS.get(self.args.get("action", "list"))
            if CHECK:
                return Response(message="unknown action", break_loop=False)
            return Response(message=str(handler), break_loop=False)
    """


def _lookup_enum(run_cli, make_repo, value: str, change: str = "", check: str = "handler is None"):
    source = LOOKUP.replace("VALUE", value).replace("CHECK", check)
    source = source.replace("CHANGE", change.replace("\n", "\n    "))
    (action,) = _tool(run_cli, make_repo, source)["arguments"]
    return action["enum"], action["values_unknown"]


def test_a_dict_constant_the_module_may_change_has_keys_no_one_knows(run_cli, make_repo) -> None:
    value = '{"list": 1, "add": 2}'
    assert _lookup_enum(run_cli, make_repo, value) == (["list", "add"], False)
    changes = [
        'HANDLERS["remove"] = 3',
        'HANDLERS.update({"remove": 3})',
        'HANDLERS |= {"remove": 3}',
        'HANDLERS.setdefault("remove", 3)',
        'del HANDLERS["add"]',
        'HANDLERS.pop("add")',
        "HANDLERS.clear()",
        'def more():\n    H = HANDLERS\n    H["remove"] = 3',
        'def more():\n    global HANDLERS\n    HANDLERS = {"remove": 3}',
    ]
    for change in changes:
        assert _lookup_enum(run_cli, make_repo, value, change) == (None, True), change
    # reading it, or binding a name to one of its items, changes nothing
    change = 'FIRST = HANDLERS["list"]\nSIZE = len(HANDLERS)'
    assert _lookup_enum(run_cli, make_repo, value, change) == (["list", "add"], False)


def test_a_key_whose_value_the_check_refuses_is_not_accepted(run_cli, make_repo) -> None:
    value = '{"list": "listing", "add": _list, "legacy": None, "off": "", "zero": 0}'
    assert _lookup_enum(run_cli, make_repo, value) == (["list", "add", "off", "zero"], False)
    assert _lookup_enum(run_cli, make_repo, value, check="handler == None") == (
        ["list", "add", "off", "zero"],
        False,
    )
    assert _lookup_enum(run_cli, make_repo, value, check="not handler") == (["list", "add"], False)
    # a value that may be None or false (a call, an imported name): not known
    for other in ("make()", "imported", "_list()"):
        value = '{"list": _list, "add": OTHER}'.replace("OTHER", other)
        change = "from helpers.ops import imported" if other == "imported" else ""
        assert _lookup_enum(run_cli, make_repo, value, change) == (None, True), other
    # a function the module rebinds may be None
    change = "_list = None"
    assert _lookup_enum(run_cli, make_repo, '{"list": _list}', change) == (None, True)


IS_NONE_FALLBACK = """\
    class NotesTool(Tool):
        async def execute(self, **kwargs) -> Response:
            answer = kwargs.get("answer")
            if answer {test} None:
                {before}answer = kwargs.get("text")
            if answer is None or not str(answer).strip():
                raise RepairableException("send `answer`")
            return Response(message=str(answer), break_loop=True)
    """


def test_a_fallback_read_when_the_first_key_is_none_makes_alternatives(run_cli, make_repo) -> None:
    # ``if answer is None: answer = kwargs.get("text")`` is the fallback
    # ``if not answer:`` makes: a call with ``answer`` alone needs no ``text``
    for test, before in (
        ("is", ""),
        ("==", ""),
        ("is not", "pass\n            else:\n                "),
    ):
        source = IS_NONE_FALLBACK.format(test=test, before=before)
        root: Path = make_repo({"tools/notes.py": HEAD + dedent(source)})
        result = run_cli(root, "inspect", "tools/notes.py", "--json")
        assert result.exit_code == 0, result.output
        (tool,) = json.loads(result.output)[0]["tools"]
        assert _facts(tool) == {
            "answer": (False, False, None, ["text"]),
            "text": (False, False, None, ["answer"]),
        }, test
        schema = run_cli(root, "schema", "tools/notes.py")
        (entry,) = json.loads(schema.output)
        parameters = entry["function"]["parameters"]
        assert "required" not in parameters
        assert parameters["anyOf"] == [{"required": ["answer"]}, {"required": ["text"]}]
        companion = dedent(
            """\
            # notes.py DOX

            ## Runtime Contracts
            - Arguments of `NotesTool`:
              - `answer`: optional string, alternative to `text`. The final answer.
              - `text`: optional string, alternative to `answer`. Older spelling.
            """
        )
        (root / "tools/notes.py.dox.md").write_text(companion)
        checked = run_cli(root, "check", "--select", "DOX111")
        assert checked.output.splitlines() == ["All checks passed."], checked.output


def test_a_key_parameter_left_at_its_literal_default_is_that_key(run_cli, make_repo) -> None:
    """``_get(args, key="path")`` called as ``_get(self.args)`` and as
    ``_get(self.args, key="dir")``: each call reads the key it binds, the
    default's as the one passed; no computed key is left (DOX008)."""
    source = """\
        PATH_KEY = "path"


        def _get(args, key=PATH_KEY):
            return args.get(key, ".")


        def _need(args, key="name", *, other="kind"):
            return args[key] + args[other]


        class NotesTool(Tool):
            def _flag(self, key="verbose"):
                return bool(self.args.get(key, False))

            async def execute(self, **kwargs) -> Response:
                a = _get(self.args)
                b = _get(self.args, key="dir")
                c = _need(self.args, other="mode")
                d = self._flag()
                return Response(message=f"{a}{b}{c}{d}", break_loop=False)
        """
    tool = _tool(run_cli, make_repo, source)
    assert _facts(tool) == {
        "path": (False, True, ".", []),
        "dir": (False, True, ".", []),
        "name": (True, False, None, []),
        "mode": (True, False, None, []),
        "verbose": (False, True, False, []),
    }
    assert tool["dynamic_reads"] == []


def test_a_key_parameter_a_splat_may_fill_stays_computed(run_cli, make_repo) -> None:
    """``_get(self.args, *rest)``: whether ``key`` keeps its default is not
    known, so the read is one of a computed key."""
    source = """\
        def _get(args, key="path"):
            return args.get(key, ".")


        class NotesTool(Tool):
            async def execute(self, *rest, **kwargs) -> Response:
                return Response(message=_get(self.args, *rest), break_loop=False)
        """
    tool = _tool(run_cli, make_repo, source)
    assert "path" not in _facts(tool)
    assert [r["expression"] for r in tool["dynamic_reads"]] == ["key"]


LOCAL_MAP = """\
    class NotesTool(Tool):
        async def execute(self, **kwargs) -> Response:
            action = self.args.get("action", "").lower()
            action_map = {"list": self._list, "get": self._get}
            CHANGE
            handler = action_map.get(action)
            if not handler:
                valid = ", ".join(sorted(action_map.keys()))
                return Response(message=f"unknown action {action}: {valid}", break_loop=False)
            return await handler()

        async def _list(self) -> Response:
            return Response(message="list", break_loop=False)

        async def _get(self) -> Response:
            return Response(message="get", break_loop=False)
    """


def test_values_looked_up_in_a_dict_the_function_binds_once_are_its_keys(
    run_cli, make_repo
) -> None:
    """A dict ``execute`` binds once and only reads, of the tool's own
    methods, closes the dispatch as a module constant does: its keys are the
    values, and a missing key (``""``) is refused on every call."""
    (action,) = _tool(run_cli, make_repo, LOCAL_MAP.replace("CHANGE", "pass"))["arguments"]
    assert (action["enum"], action["values_unknown"]) == (["list", "get"], False)
    assert (action["required"], action["has_default"]) == (True, False)
    # a dict the function changes, or hands on, holds keys not known here
    for change in ('action_map["put"] = self._get', "action_map.update(extra=self._get)"):
        (action,) = _tool(run_cli, make_repo, LOCAL_MAP.replace("CHANGE", change))["arguments"]
        assert (action["enum"], action["values_unknown"]) == (None, True), change


def test_a_default_a_dict_of_the_tools_methods_takes_is_the_default(run_cli, make_repo) -> None:
    """``if not handler:`` after a lookup in a dict of the tool's methods
    refuses a missed key alone, as ``if handler is None:`` does: a default
    among the keys (``"list"``) passes it on every call and is the default;
    a dict with a false value (``"b": 0``) refuses that key too."""
    source = LOCAL_MAP.replace("CHANGE", "pass").replace('"action", ""', '"action", "list"')
    (action,) = _tool(run_cli, make_repo, source)["arguments"]
    assert (action["required"], action["required_unknown"]) == (False, False)
    assert (action["has_default"], action["default"], action["enum"]) == (
        True,
        "list",
        ["list", "get"],
    )
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                kinds = {"a": 1, "b": 0}
                kind = kinds.get(self.args.get("kind", "b"))
                if not kind:
                    return Response(message="unknown kind", break_loop=False)
                return Response(message=str(kind), break_loop=False)
        """
    (kind,) = _tool(run_cli, make_repo, source)["arguments"]
    assert (kind["has_default"], kind["default"]) != (True, "b")


def test_a_method_a_dict_of_the_tools_methods_gives_checks_what_it_is_handed(
    run_cli, make_repo
) -> None:
    """``return await handler(path=path)`` of a dict of the tool's methods
    runs one of them on some calls only: a check there of the parameter the
    argument's value reaches needs it on those calls (``required or
    optional``), as a call of that method in a branch of a dispatch does."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, action: str = "list", path: str = "", **kwargs) -> Response:
                handlers = {"read": self._read, "list": self._list}
                handler = handlers.get(action)
                if handler is None:
                    return Response(message=f"unknown action {action}", break_loop=False)
                return await handler(path=path)

            async def _read(self, path: str, **kwargs) -> Response:
                if not path:
                    return Response(message="path is required", break_loop=False)
                return Response(message=path, break_loop=False)

            async def _list(self, path: str = "", **kwargs) -> Response:
                return Response(message="list", break_loop=False)
        """
    arguments = {a["name"]: a for a in _tool(run_cli, make_repo, source)["arguments"]}
    path = arguments["path"]
    assert (path["required"], path["required_unknown"], path["has_default"]) == (False, True, False)
    # the table indexed (``handlers[action]``) is followed alike
    indexed = source.replace("handlers.get(action)", "handlers[action]")
    arguments = {a["name"]: a for a in _tool(run_cli, make_repo, indexed)["arguments"]}
    assert (arguments["path"]["required_unknown"], arguments["path"]["has_default"]) == (
        True,
        False,
    )
    # a table holding a value that is no function of the module is not
    other = source.replace('"list": self._list}', '"list": print}')
    arguments = {a["name"]: a for a in _tool(run_cli, make_repo, other)["arguments"]}
    assert (arguments["path"]["required_unknown"], arguments["path"]["default"]) == (False, "")


HOOKED_TOOL_PY = """\
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool


class Tool:
    def __init__(self, agent, name, method, args, message, loop_data, **kwargs):
        self.agent = agent
        self.args = args

    async def before_execution(self, **kwargs):
        self.log = self.get_log_object()

    def get_log_object(self):
        return self.agent.context.log.log(type="tool", heading="tool", kvps=self.args)
"""


def test_a_log_label_reached_through_the_frameworks_hook_gives_no_default(
    run_cli, make_repo
) -> None:
    """The framework's ``before_execution`` (reached through ``super()``)
    asks for ``get_log_object``: its ``args.get("label", "")`` labels the
    log entry, and gives the argument no default or type, as when the
    tool's own walk reads it there."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                return Response(message="done", break_loop=False)

            HOOK

            def get_log_object(self):
                heading = f"notes {self.args.get('label', '')}"
                return self.agent.context.log.log(type="tool", heading=heading)
        """
    hook = (
        "async def before_execution(self, **kwargs):\n"
        "                await super().before_execution(**kwargs)"
    )
    for hooked in ("pass", hook):
        root: Path = make_repo(
            {
                "helpers/tool.py": HOOKED_TOOL_PY,
                "tools/notes.py": HEAD + dedent(source).replace("HOOK", hooked),
            }
        )
        result = run_cli(root, "inspect", "tools/notes.py", "--json")
        (tool,) = json.loads(result.output)[0]["tools"]
        assert [
            (a["name"], a["required"], a["has_default"], a["default_unknown"], a["type"])
            for a in tool["arguments"]
        ] == [("label", False, False, False, None)], hooked


def test_a_key_the_arguments_give_in_a_loop_over_them_is_no_computed_key(
    run_cli, make_repo
) -> None:
    """``for key in self.args: self.args[key]`` reads a key the call has: the
    loop takes every argument, and the key is not one to document; a key the
    body binds anew (``key = key.upper()``) is computed."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                for key in self.args:
                    print(key, self.args[key])
                for name in self.args.keys():
                    print(self.args.get(name))
                for label, value in self.args.items():
                    print(self.args[label], value)
                for key in list(self.args):
                    print(self.args[key])
                return Response(message="logged", break_loop=False)
        """
    tool = _tool(run_cli, make_repo, source)
    assert tool["dynamic_reads"] == []
    assert tool["other_arguments"]
    rebound = source.replace(
        "                    print(key, self.args[key])\n",
        "                    key = key.upper()\n                    print(self.args[key])\n",
    )
    tool = _tool(run_cli, make_repo, rebound)
    assert [r["expression"] for r in tool["dynamic_reads"]] == ["key"]


def test_a_nested_function_naming_its_own_key_like_the_loop_reads_a_computed_key(
    run_cli, make_repo
) -> None:
    """``def show(key): return self.args[key]`` (or a lambda) inside ``for key
    in self.args:`` reads the key its call hands it, not the loop's: that
    one is computed; a nested function that uses the loop's name reads the
    loop's key."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                for key in self.args:
                    def show(key):
                        return self.args[key]
                    print(show(key + "_raw"))
                    def local():
                        key = "a" + "b"
                        return self.args[key]
                    print(local())
                    print((lambda key=key + "_x": self.args[key])())
                    def loops():
                        return self.args[key]
                    print(loops(), (lambda: self.args[key])())
                return Response(message="logged", break_loop=False)
        """
    tool = _tool(run_cli, make_repo, source)
    assert [(r["expression"], r["line"]) for r in tool["dynamic_reads"]] == [
        ("key", 9),
        ("key", 13),
        ("key", 15),
    ]
