"""Checks under ``try``: a missing or empty argument that ends in an error
(a handler that returns an error ``Response`` or raises again) makes it
required as a check outside ``try`` does; a handler that goes on recovers,
and then the argument is optional with no default known."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest
from bothwalks import HELPER_TOOL, OPTIONAL, REQUIRED, as_helper, as_tool, presence, tool_module

HEAD = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


"""


def _facts(run_cli, make_repo, source: str, files: dict[str, str] | None = None) -> dict:
    """name -> (required, has_default, default, default_unknown)"""
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(source), **(files or {})})
    result = run_cli(root, "inspect", "tools/notes.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    arguments: list[dict[str, Any]] = tool["arguments"]
    return {
        a["name"]: (a["required"], a["has_default"], a["default"], a["default_unknown"])
        for a in arguments
    }


def test_a_check_whose_raise_a_handler_turns_into_an_error_makes_it_required(
    run_cli, make_repo
) -> None:
    source = """\
        def parse(args):
            query = str(args.get("query", "")).strip()
            if not query:
                raise ValueError("query must not be empty")
            return query


        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                try:
                    text = await self.run()
                except ValueError as exc:
                    return Response(message=f"Error: {exc}", break_loop=False)
                try:
                    query = parse(self.args)
                except ValueError as exc:
                    raise RepairableException(str(exc)) from exc
                try:
                    title = self.args["title"]
                    if not title.strip():
                        raise ValueError("blank")
                except (KeyError, ValueError) as exc:
                    raise RepairableException("send a `title`") from exc
                try:
                    body = self.args["body"]
                except KeyError:
                    return Response(message="send a `body`", break_loop=False)
                return Response(message=f"{text}{query}{title}{body}", break_loop=False)

            async def run(self) -> str:
                if not (text := self.args.get("text", "").strip()):
                    raise ValueError("text is required")
                return text
        """
    assert _facts(run_cli, make_repo, source) == {
        # the refused ``""`` is in the code: neither claimed nor denied
        "text": (True, False, None, True),
        "query": (True, False, None, True),
        "title": (True, False, None, False),
        "body": (True, False, None, False),
    }


def test_a_handler_that_goes_on_leaves_the_argument_optional_with_no_default_known(
    run_cli, make_repo
) -> None:
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                try:
                    text = self.args["text"]
                except KeyError:
                    text = "hello"
                try:
                    mode = self.args.get("mode", "").strip()
                    if not mode:
                        raise ValueError("no mode")
                except ValueError:
                    mode = "fast"
                try:
                    size = self.args.get("size")
                    if size is None:
                        raise ValueError("no size")
                    if not self.args.get("name"):
                        return Response(message="send a `name`", break_loop=False)
                except ValueError:
                    size = 3
                return Response(message=f"{text}{mode}{size}", break_loop=False)
        """
    assert _facts(run_cli, make_repo, source) == {
        "text": (False, False, None, True),
        "mode": (False, False, None, True),
        "size": (False, False, None, True),
        # a returned error is not caught: the check holds
        "name": (True, False, None, False),
    }


HELPER = """\
from helpers.errors import RepairableException


def need_text(args):
    try:
        return args["text"]
    except KeyError as exc:
        raise RepairableException("send a `text`") from exc


def clean_query(args):
    query = str(args.get("query", "")).strip()
    if not query:
        raise ValueError("query must not be empty")
    return query
"""


def test_handlers_in_and_around_a_helper_module(run_cli, make_repo) -> None:
    source = """\
        from helpers.texts import clean_query, need_text


        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                text = need_text(self.args)
                try:
                    query = clean_query(self.args)
                except ValueError:
                    query = "everything"
                return Response(message=f"{text}{query}", break_loop=False)
        """
    assert _facts(run_cli, make_repo, source, {"helpers/texts.py": HELPER}) == {
        "text": (True, False, None, False),
        "query": (False, False, None, True),
    }


def test_a_match_whose_catch_all_is_an_error_and_whose_cases_match_no_none(
    run_cli, make_repo
) -> None:
    """``case _: raise`` after cases that never match ``None`` (a missing
    key): the argument is required; a case that may match it keeps it optional."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                answer = self.args.get("answer")
                match answer:
                    case str() if answer.strip():
                        text = answer
                    case _:
                        raise RepairableException("`answer` must be a non-empty string")
                match self.args.get("mode"):
                    case "a" | "b":
                        pass
                    case _:
                        return Response(message="mode is a or b", break_loop=False)
                match self.args.get("kind"):
                    case "a" | None:
                        pass
                    case _:
                        return Response(message="kind is a", break_loop=False)
                match self.args.get("size"):
                    case int():
                        pass
                    case other:
                        size = other
                return Response(message=text, break_loop=True)
        """
    assert _facts(run_cli, make_repo, source) == {
        "answer": (True, False, None, False),
        "mode": (True, False, None, False),
        "kind": (False, False, None, False),
        "size": (False, False, None, False),
    }


MIXIN = """\
class ArgsMixin:
    def arg_int(self, key, default=0):
        return int(self.args.get(key, default))
"""


def test_a_default_an_accessor_is_handed_is_not_known_to_be_none(run_cli, make_repo) -> None:
    """``self.args.get(key, default)`` in an accessor, here or in a mixin of
    another module: the default is not a literal there, so none is claimed
    or denied."""
    source = """\
        from helpers.mixins import ArgsMixin


        class NotesTool(ArgsMixin, Tool):
            def _int(self, key, default=0):
                return int(self.args.get(key, default))

            async def execute(self, **kwargs) -> Response:
                size = self._int("size", 500)
                limit = self.arg_int("limit", 5)
                return Response(message=f"{size}{limit}", break_loop=False)
        """
    assert _facts(run_cli, make_repo, source, {"helpers/mixins.py": MIXIN}) == {
        "size": (False, False, None, True),
        "limit": (False, False, None, True),
    }


def test_a_refused_default_is_neither_claimed_nor_denied(run_cli, make_repo) -> None:
    """``args.get("text", "")`` then ``if not text: raise``: the argument is
    required; a companion that gives the ``""`` is not contradicted, and a
    generated line claims no default."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                text = self.args.get("text", "")
                if not text:
                    raise RepairableException("send `text`")
                return Response(message=text, break_loop=False)
        """
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(source)})
    run_cli(root, "check", "--no-cache", "--fix")
    companion = root / "tools/notes.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    assert "  - `text`: required string.\n" in text, text
    companion.write_text(
        text.replace(
            "  - `text`: required string.\n", '  - `text`: required string, default `""`.\n'
        ),
        encoding="utf-8",
    )
    assert "DOX111" not in run_cli(root, "check", "--no-cache").output


ABORTS = """\
class Abort(BaseException):
    pass


class Halt(Abort):
    pass


class Oops(Exception):
    pass


"""

TRIED = """\
try:
    if not ARGS.get("a"):
        raise Abort("a is required")
    if not ARGS.get("b"):
        raise Halt("b is required")
    if not ARGS.get("c"):
        raise KeyboardInterrupt("c")
    if not ARGS.get("d"):
        raise Oops("d is required")
    if not ARGS.get("e"):
        raise Abort("e is required")
except HANDLED:
    print("failed")
"""


@pytest.mark.parametrize(
    ("handled", "expected"),
    [
        # ``except Exception`` takes no class that derives from
        # ``BaseException`` only: the call ends with that error; past a
        # check whose raise the handler takes, the check may not run
        ("Exception", [REQUIRED, REQUIRED, REQUIRED, OPTIONAL, OPTIONAL]),
        ("(ValueError, Exception)", [REQUIRED, REQUIRED, REQUIRED, OPTIONAL, OPTIONAL]),
        ("BaseException", [OPTIONAL] * 5),
        ("Abort", [OPTIONAL] * 5),
    ],
)
@pytest.mark.parametrize("walk", ["tool", "helper"])
def test_a_raise_except_exception_does_not_take_leaves_the_call(
    run_cli, make_repo, walk: str, handled: str, expected: list[str]
) -> None:
    code = TRIED.replace("HANDLED", handled)
    if walk == "tool":
        files = {"tools/t.py": ABORTS + as_tool(code, "ARGS")}
    else:
        files = {"tools/t.py": HELPER_TOOL, "helpers/fmt.py": ABORTS + as_helper(code, "ARGS")}
    root = make_repo(files)
    found = {a["name"]: presence(a) for a in tool_module(run_cli, root)["arguments"]}
    assert [found[k] for k in "abcde"] == expected


def test_a_generated_companion_says_a_raise_except_exception_leaves_needs_it(
    run_cli, make_repo
) -> None:
    code = TRIED.replace("HANDLED", "Exception")
    root = make_repo({"tools/t.py": ABORTS + as_tool(code, "ARGS")})
    run_cli(root, "check", "--fix", "--no-cache")
    text = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    assert "  - `a`: required.\n" in text
    assert "  - `d`: optional.\n" in text


STOPPER = """\
def stop(value):
    try:
        raise Abort("stopped")
    except HANDLED:
        return value
"""

STOPPED = """\
from helpers.tool import Response, Tool
FROM


class T(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text")
        if not text:
            stop(text)
        return Response(message=str(text), break_loop=False)
"""


@pytest.mark.parametrize(
    ("handled", "expected"),
    [
        # the handler never runs: ``stop`` always raises, so a missing
        # ``text`` ends the call with that error
        ("Exception", REQUIRED),
        ("(ValueError, Exception)", REQUIRED),
        # these take it: ``stop`` returns
        ("BaseException", OPTIONAL),
        ("Abort", OPTIONAL),
    ],
)
@pytest.mark.parametrize("where", ["tool", "helper"])
def test_a_function_whose_raise_except_exception_does_not_take_never_returns(
    run_cli, make_repo, where: str, handled: str, expected: str
) -> None:
    helper = ABORTS + STOPPER.replace("HANDLED", handled)
    if where == "tool":
        files = {"tools/t.py": STOPPED.replace("FROM", "\n\n" + helper)}
    else:
        files = {
            "tools/t.py": STOPPED.replace("FROM", "from helpers.stops import stop"),
            "helpers/stops.py": helper,
        }
    root = make_repo(files)
    found = {a["name"]: presence(a) for a in tool_module(run_cli, root)["arguments"]}
    assert found == {"text": expected}


def test_a_generated_companion_says_a_never_returning_stop_needs_it(run_cli, make_repo) -> None:
    helper = ABORTS + STOPPER.replace("HANDLED", "Exception")
    files = {
        "tools/t.py": STOPPED.replace("FROM", "from helpers.stops import stop"),
        "helpers/stops.py": helper,
    }
    root = make_repo(files)
    run_cli(root, "check", "--fix", "--no-cache")
    text = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    assert "  - `text`: required" in text


#: a helper whose raise of a module class deriving from ``BaseException``
#: only passes the ``except Exception`` around it
REPAIR_STOP = """\
class RepairableStop(BaseException):
    pass


def check(args):
    try:
        if not args.get("q"):
            raise RepairableStop("q is needed")
    except HANDLED:
        return "recovered"
    return "ok"
"""
CHECKING_TOOL = """\
from helpers.stops import check
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        return Response(message=check(self.args), break_loop=False)
"""


@pytest.mark.parametrize(
    ("handled", "raised"),
    [("Exception", ["RepairableStop"]), ("BaseException", []), ("RepairableStop", [])],
)
def test_a_helper_raise_of_a_module_class_except_exception_does_not_take_leaves_it(
    run_cli, make_repo, handled: str, raised: list[str]
) -> None:
    files = {
        "tools/t.py": CHECKING_TOOL,
        "helpers/stops.py": REPAIR_STOP.replace("HANDLED", handled),
    }
    root = make_repo(files)
    assert [r["exception"] for r in tool_module(run_cli, root)["raises"]] == raised


def test_a_generated_companion_names_the_error_a_helper_raise_passes_on(run_cli, make_repo) -> None:
    files = {
        "tools/t.py": CHECKING_TOOL,
        "helpers/stops.py": REPAIR_STOP.replace("HANDLED", "Exception"),
    }
    root = make_repo(files)
    run_cli(root, "check", "--fix", "--no-cache")
    text = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    assert "`RepairableStop`" in text


CHECKED_READS = """\
def checked_path(args):
    if "path" not in args:
        raise ValueError("send a `path`")
    return args["path"]


def checked_key(args, key):
    if args.get(key) is None:
        raise ValueError(key)
    return args[key]
"""


@pytest.mark.parametrize(
    "where",
    ["inline", "same module", "other module"],
)
def test_a_read_past_a_check_that_raises_without_its_key_runs_only_with_it(
    run_cli, make_repo, where: str
) -> None:
    """``if "path" not in args: raise ValueError(...)``, then ``args["path"]``,
    in a ``try`` whose handler goes on: the read never runs without the key,
    so it needs nothing; the argument is optional as with the check alone
    (a handler that answers with an error keeps it required)."""
    if where == "inline":
        read_path = """\
                    if "path" not in self.args:
                        raise ValueError("send a `path`")
                    path = self.args["path"]
"""
        read_mode = """\
                    if self.args.get("mode") is None:
                        raise ValueError("mode")
                    mode = self.args["mode"]
"""
        head, files = "", {}
    else:
        read_path = "                    path = checked_path(self.args)\n"
        read_mode = '                    mode = checked_key(self.args, "mode")\n'
        head = CHECKED_READS + "\n\n" if where == "same module" else ""
        files = {"helpers/checks.py": CHECKED_READS} if where == "other module" else {}
        if where == "other module":
            head = "from helpers.checks import checked_key, checked_path\n\n\n"
    source = head + (
        "class NotesTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        try:\n" + read_path + "        except ValueError:\n"
        '            path = "."\n'
        "        try:\n" + read_mode + "        except ValueError:\n"
        '            return Response(message="send a `mode`", break_loop=False)\n'
        '        return Response(message=f"{path}{mode}", break_loop=False)\n'
    )
    assert _facts(run_cli, make_repo, source, files) == {
        "path": (False, False, None, True),
        "mode": (True, False, None, False),
    }


def test_a_read_past_the_check_s_block_still_needs_its_key(run_cli, make_repo) -> None:
    """The check holds for the rest of its own block only: a read after the
    ``try`` whose handler went on may find no key."""
    source = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                try:
                    if "path" not in self.args:
                        raise ValueError("send a `path`")
                except ValueError:
                    pass
                return Response(message=self.args["path"], break_loop=False)
        """
    assert _facts(run_cli, make_repo, source)["path"][0] is True


UNRELATED_READS = """\
def run(args, key):
    if "path" not in args:
        raise ValueError("send a `path`")
    data = args.get("data")
    return data["title"] + args[key] + args["other"]
"""


def test_a_check_that_raises_without_a_key_leaves_other_keys_reads_needed(
    run_cli, make_repo
) -> None:
    """Past ``if "path" not in args: raise ...`` only ``path`` is known
    present: the reads of other keys after it (one a parameter holds, one
    in a value read) still need them."""
    source = """\
        from helpers.runs import run


        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                return Response(message=run(self.args, "name"), break_loop=False)
        """
    facts = _facts(run_cli, make_repo, source, {"helpers/runs.py": UNRELATED_READS})
    assert {name: fact[0] for name, fact in facts.items()} == {
        "path": True,
        "data": True,
        "name": True,
        "other": True,
    }


def test_a_check_that_raises_without_a_key_of_another_dict_leaves_the_read_needed(
    run_cli, make_repo
) -> None:
    """``if settings.get("mode") is None: raise ...`` in a helper handed the
    arguments and another dict: past it ``args["mode"]`` may still find no
    key, and its ``KeyError`` no handler catches (nor one of a parameter's key)."""
    checks = """\
        def read_mode(args, settings):
            if settings.get("mode") is None:
                raise ValueError("mode")
            return args["mode"]


        def read_key(args, settings, key):
            if key not in settings:
                raise ValueError(key)
            return args[key]
        """
    source = """\
        from helpers.checks import read_key, read_mode


        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                try:
                    mode = read_mode(self.args, {"mode": 1})
                    path = read_key(self.args, {"path": 1}, "path")
                except ValueError:
                    mode = path = "."
                return Response(message=f"{mode}{path}", break_loop=False)
        """
    facts = _facts(run_cli, make_repo, source, {"helpers/checks.py": dedent(checks)})
    assert facts["mode"][0] is True
    assert facts["path"][0] is True


@pytest.mark.parametrize(
    "rebind",
    [
        '        for path in ["a", "b"]:\n            pass\n',
        '        with open("paths.txt") as path:\n            pass\n',
        "        from os import path\n",
    ],
)
def test_a_check_of_a_name_a_header_binds_anew_says_nothing_of_the_argument(
    run_cli, make_repo, rebind: str
) -> None:
    """``path = self.args.get("path")``, then ``for path in ...`` (a ``with``
    target, an import): ``if path is None: raise ...`` tests the new value,
    so ``self.args["path"]`` past it may still find no key."""
    source = (
        "class NotesTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        path = self.args.get("path")\n' + rebind + "        try:\n"
        "            if path is None:\n"
        '                raise ValueError("send a `path`")\n'
        '            found = self.args["path"]\n'
        "        except ValueError:\n"
        '            found = "."\n'
        "        return Response(message=str(found), break_loop=False)\n"
    )
    assert _facts(run_cli, make_repo, source)["path"][0] is True


def test_a_helper_s_check_of_a_name_bound_again_says_nothing_of_the_key(run_cli, make_repo) -> None:
    """In a helper, ``path = args.get("path")``, then ``for path in ...``
    (a ``with`` target): ``if path is None: raise ...`` tests the new value,
    so ``args["path"]`` past it may still find no key."""
    checks = """\
        def read_path(args):
            path = args.get("path")
            for path in ["a", "b"]:
                pass
            if path is None:
                raise ValueError("path")
            return args["path"]


        def read_mode(args):
            mode = args.get("mode")
            with open("modes.txt") as mode:
                pass
            if mode is None:
                raise ValueError("mode")
            return args["mode"]
        """
    source = """\
        from helpers.checks import read_mode, read_path


        class NotesTool(Tool):
            async def execute(self, **kwargs) -> Response:
                try:
                    found = read_path(self.args) + read_mode(self.args)
                except ValueError:
                    found = "."
                return Response(message=found, break_loop=False)
        """
    facts = _facts(run_cli, make_repo, source, {"helpers/checks.py": dedent(checks)})
    assert facts["path"][0] is True
    assert facts["mode"][0] is True
