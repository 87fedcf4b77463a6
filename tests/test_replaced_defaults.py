"""What a missing argument gives when the statement after the read replaces
it in an expression (:mod:`doxtool.python.replacements`): ``limit =
int(limit) if limit else 10``, ``timeout = float(timeout or 30)``,
``retries = int(retries) if retries is not None else 3`` after ``retries =
self.args.get("retries")``, and ``self.args["lang"] if "lang" in self.args
else "en"``. The literal is the default (as written: ``30``, not ``30.0``);
a replacement no one can read leaves it unknown, never ``null``; on both
walks, the tool's and a helper module's summary."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

HEAD = """\
from helpers.tool import Response, Tool


"""


def _arguments(run_cli, make_repo, files: dict[str, str]) -> dict[str, tuple[Any, ...]]:
    root: Path = make_repo(files)
    result = run_cli(root, "inspect", "tools/fetch.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {
        a["name"]: (a["required"], a["has_default"], a["default"], a["default_unknown"])
        for a in tool["arguments"]
    }


def _helper_arguments(run_cli, make_repo, helper: str) -> dict:
    """The arguments of a tool handing its whole dict to ``helpers/lim.py``'s ``run``."""
    tool = HEAD.replace("\n\n\n", "\nfrom helpers.lim import run\n\n\n") + (
        "class Fetch(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        return Response(message=run(**self.args), break_loop=False)\n"
    )
    return _arguments(run_cli, make_repo, {"helpers/lim.py": helper, "tools/fetch.py": tool})


def _execute(params: str, *lines: str) -> str:
    body = "".join(f"        {line}\n" for line in lines)
    return (
        HEAD + "class Fetch(Tool):\n"
        f"    async def execute(self, {params}, **kwargs) -> Response:\n"
        f"{body}"
        "        return Response(message=str(locals()), break_loop=False)\n"
    )


def _argument(run_cli, make_repo, source: str, name: str) -> tuple[Any, ...]:
    return _arguments(run_cli, make_repo, {"tools/fetch.py": source})[name]


@pytest.mark.parametrize(
    ("params", "lines", "expected"),
    [
        ("limit=None", ("limit = int(limit) if limit else 10",), 10),
        ("limit=None", ("limit = int(limit) if limit is not None else 10",), 10),
        ("limit=None", ("limit = 10 if limit is None else int(limit)",), 10),
        ("limit=None", ("limit = 10 if not limit else int(limit)",), 10),
        ("limit=None", ("limit = int(limit or 10)",), 10),
        # the literal as written, as for ``float(args.get("limit") or 30)``
        ("limit=None", ("limit = float(limit or 30)",), 30),
        ("limit=None", ("limit = str(limit or 10)",), "10"),
        ("limit=None", ("limit = (limit or 'Ten').strip().lower()",), "ten"),
        ('limit: str = ""', ("limit = str(limit or 'ten').upper()",), "TEN"),
        # a branch the missing value does not take, then the replacement
        ("limit=None", ("if limit:", "    limit = int(limit)", "limit = limit or 10"), 10),
        (
            "limit=None",
            ("if limit is not None:", "    limit = int(limit)", "else:", "    limit = 10"),
            10,
        ),
        ("limit=None", ("if limit:", "    pass", "elif limit is None:", "    limit = 10"), 10),
        # the forms already read stay read
        ("limit=None", ("if limit is None:", "    limit = 10"), 10),
        (
            "limit=None",
            ("if isinstance(limit, str):", "    limit = int(limit)", "limit = limit or 10"),
            10,
        ),
        ("limit=None", ("limit = limit or 10",), 10),
        # a falsy literal first (still no value given), then the replacement
        ('limit: str = ""', ('limit = str(limit or "")', "limit = limit or 10"), 10),
        # a test not decided whose arms leave the missing value as it is
        (
            "limit=None",
            ("if self.fast:", "    if limit:", "        limit = int(limit)", "limit = limit or 10"),
            10,
        ),
    ],
)
def test_a_parameter_replaced_in_an_expression(
    run_cli, make_repo, params: str, lines: tuple[str, ...], expected: Any
) -> None:
    arg = _argument(run_cli, make_repo, _execute(params, *lines), "limit")
    assert arg == (False, True, expected, False)


@pytest.mark.parametrize(
    "lines",
    [
        ("limit = compute(limit) if limit else other_call()",),
        ("limit = int(limit) if limit else self.default_limit",),
        ("limit = self._limit(limit)",),  # a None is what such a call replaces
        ("limit = int(limit)",),  # fails on the None: no value is used
        ("limit = limit if self.fast else 3",),  # not known which arm
        ("if self.fast:", "    limit = 3"),
        ("try:", "    limit = int(limit)", "except TypeError:", "    limit = 10"),
        ("if self.loud:", "    limit = self._limit(limit)"),
        # a falsy literal first, then what no one can read stands in
        ('limit = str(limit or "")', "limit = self.fallback or limit"),
        ("limit = limit or 0", "limit = self._limit() or limit"),
        # an arm of a test not decided that replaces the missing value
        ("if self.fast:", "    if not limit:", "        limit = self._limit()"),
        ("if self.fast:", "    pass", "else:", "    if limit is None:", "        limit = 3"),
    ],
)
def test_a_none_replaced_by_what_no_one_can_read_is_not_null(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    arg = _argument(run_cli, make_repo, _execute("limit=None", *lines), "limit")
    assert arg == (False, False, None, True)


@pytest.mark.parametrize(
    ("params", "lines", "expected"),
    [
        # a truthy default takes the other arm: it stays
        ("limit: int = 5", ("limit = int(limit) if limit else 10",), 5),
        # a value that is not None, remade by a call: the same value passed
        ('path: str = "."', ("path = Path(path)",), "."),
        ('path: str = "."', ("path = path.strip()",), "."),
        ('path: str = "."', ("if isinstance(path, Path):", "    path = str(path)"), "."),
        ('path: str = "."', ("if looks_odd(path):", "    path = fix(path)"), "."),
        # what the code makes of the value held: a passed one goes the same way
        ('reset: str = ""', ('reset = str(reset).lower().strip() == "true"',), ""),
        # remade on some calls only: a passed value goes the same way
        ('text: str = ""', ("if self.loud:", "    text = shout(text)"), ""),
        (
            'text: str = ""',
            ("try:", "    text = shout(text)", "except ValueError:", "    pass"),
            "",
        ),
        # a test decided on the value held: the branch is not taken
        ('tz: str = ""', ("if tz.lower() in ('local', 'user'):", "    tz = 'UTC'"), ""),
        # a truthy default is a value a caller may pass, then treated the same
        ('chart: str = "auto"', ('if chart == "auto":', "    chart = pick()"), "auto"),
        ('chart: str = "auto"', ("chart = chart if self.fast else 'bar'",), "auto"),
        # used before it is replaced: the default is what it held
        ("limit=None", ("print(limit)", "limit = int(limit) if limit else 10"), None),
        # a test not decided whose arms replace the value only where it was
        # given (the branch a missing one takes is not taken)
        (
            "limit=None",
            (
                "if self.fast:",
                "    if limit:",
                "        limit = str(limit).strip()",
                "    return Response(message=str(limit), break_loop=False)",
                "print(limit)",
            ),
            None,
        ),
        (
            "limit=None",
            ("if self.fast:", "    pass", "elif limit is not None:", "    limit = int(limit)"),
            None,
        ),
        # a test not decided that uses the value held, before it is replaced
        ("limit=None", ("if self.check(limit):", "    pass", "limit = limit or 10"), None),
    ],
)
def test_a_parameter_default_that_stays(
    run_cli, make_repo, params: str, lines: tuple[str, ...], expected: Any
) -> None:
    name = params.split(":")[0].split("=")[0]
    arg = _argument(run_cli, make_repo, _execute(params, *lines), name)
    assert arg == (False, True, expected, False)


def test_a_replacement_on_a_test_not_decided_is_unknown(run_cli, make_repo) -> None:
    lines = ("if tz.lower() in self.aliases:", "    tz = 'UTC'")
    arg = _argument(run_cli, make_repo, _execute('tz: str = ""', *lines), "tz")
    assert arg == (False, False, None, True)


def test_a_refusal_of_the_missing_value_is_no_replacement(run_cli, make_repo) -> None:
    # the branch the missing value takes returns: the check needs the argument
    lines = ("if not limit:", "    return Response('no', False)", "limit = int(limit)")
    arg = _argument(run_cli, make_repo, _execute("limit=None", *lines), "limit")
    assert arg == (True, False, None, False)


MAY_RETURN = (
    "if limit is None:",
    "    try:",
    "        checked = int('1')",
    "    except ValueError:",
    "        return Response(message='bad', break_loop=False)",
    "limit = limit or 10",
)


def test_a_branch_that_may_return_leaves_the_replacement_to_the_paths_that_go_on(
    run_cli, make_repo
) -> None:
    """The branch a missing value takes returns on some paths only: on the
    others ``limit or 10`` replaces it, and the paths that return use it no
    more, so the default is ``10`` (not ``null``), by the tool's walk and a
    helper's summary alike."""
    arg = _argument(run_cli, make_repo, _execute("limit=None", *MAY_RETURN), "limit")
    assert arg == (False, True, 10, False)
    body = "".join(f"    {line}\n" for line in MAY_RETURN).replace(
        "Response(message='bad', break_loop=False)", "'bad'"
    )
    helper = f"def run(limit=None):\n{body}    return str(limit)\n"
    found = _helper_arguments(run_cli, make_repo, helper)
    assert found["limit"] == (False, True, 10, False)


@pytest.mark.parametrize(
    ("lines", "name", "expected"),
    [
        (
            ('retries = self.args.get("retries")', "retries = int(retries) if retries else 3"),
            "retries",
            (False, True, 3, False),
        ),
        (
            (
                'retries = self.args.get("retries")',
                "retries = int(retries) if retries is not None else 3",
            ),
            "retries",
            (False, True, 3, False),
        ),
        (('lang = self.args["lang"] if "lang" in self.args else "en"',), "lang", "en"),
        (('lang = kwargs["lang"] if "lang" in kwargs else "en"',), "lang", "en"),
        (('lang = "en" if "lang" not in self.args else self.args["lang"]',), "lang", "en"),
        (('lang = self.args.get("lang") if "lang" in self.args else "en"',), "lang", "en"),
        (('n = int(self.args["n"]) if "n" in self.args else 9',), "n", 9),
        # what no one can read: unknown, as after ``or self.lang``
        (
            ('lang = self.args["lang"] if "lang" in self.args else self.lang',),
            "lang",
            (False, False, None, True),
        ),
        (
            ('lang = self.args.get("lang")', "lang = self.pick(lang)"),
            "lang",
            (False, False, None, True),
        ),
    ],
)
def test_a_read_replaced_in_an_expression(
    run_cli, make_repo, lines: tuple[str, ...], name: str, expected: Any
) -> None:
    if not isinstance(expected, tuple):
        expected = (False, True, expected, False)
    assert _argument(run_cli, make_repo, _execute("url=''", *lines), name) == expected


def test_another_argument_in_the_other_arm_is_no_default(run_cli, make_repo) -> None:
    source = _execute(
        "url=''",
        'text = self.args["text"] if "text" in self.args else self.args["message"]',
        'note = self.args.get("note")',
        'note = note if note is not None else self.args.get("remark")',
    )
    found = _arguments(run_cli, make_repo, {"tools/fetch.py": source})
    assert found["text"][1:] == (False, None, False)
    assert found["note"][1:] == (False, None, False)


FETCH_PY = (
    HEAD
    + """\
class Fetch(Tool):
    async def execute(self, url: str = "", limit=None, timeout=None, **kwargs):
        limit = int(limit) if limit else 10
        timeout = float(timeout or 30)
        retries = self.args.get("retries")
        retries = int(retries) if retries is not None else 3
        lang = self.args["lang"] if "lang" in self.args else "en"
        return Response(message=f"{url} {limit} {timeout} {retries} {lang}", break_loop=False)
"""
)


def test_the_companion_states_the_defaults_and_a_fix_keeps_them(run_cli, make_repo) -> None:
    root: Path = make_repo({"tools/fetch.py": FETCH_PY})
    result = run_cli(root, "schema", "tools/fetch.py")
    properties = json.loads(result.output)[0]["function"]["parameters"]["properties"]
    assert properties["limit"] == {"type": "integer", "default": 10}
    assert properties["timeout"] == {"type": "number", "default": 30}
    assert properties["retries"] == {"type": "integer", "default": 3}
    assert properties["lang"] == {"type": "string", "default": "en"}
    run_cli(root, "check", "--fix", "--no-cache")
    companion = root / "tools/fetch.py.dox.md"
    text = companion.read_text()
    assert "`limit`: optional integer, default `10`." in text
    assert "`timeout`: optional number, default `30`." in text
    assert "`retries`: optional integer, default `3`." in text
    assert '`lang`: optional string, default `"en"`.' in text
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "DOX111" not in result.output
    run_cli(root, "check", "--fix", "--no-cache")
    assert companion.read_text() == text


HELPER_PY = """\
def run(limit=None, **rest):
    limit = int(limit) if limit else 10
    return limit


def read(args):
    lang = args.get("lang")
    lang = lang.strip() if lang is not None else "en"
    timeout = args.get("timeout")
    timeout = float(timeout or 30)
    retries = args.get("retries")
    retries = pick(retries) if retries else other()
    return lang, timeout, retries
"""


def test_a_helper_module_replaces_them_as_a_tool_does(run_cli, make_repo) -> None:
    tool = HEAD.replace("\n\n", "\nfrom helpers import fetcher\n\n") + (
        "class Fetch(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        found = fetcher.run(**self.args), fetcher.read(self.args)\n"
        "        return Response(message=str(found), break_loop=False)\n"
    )
    files = {"tools/fetch.py": tool, "helpers/fetcher.py": HELPER_PY}
    found = _arguments(run_cli, make_repo, files)
    assert found["limit"] == (False, True, 10, False)
    assert found["lang"] == (False, True, "en", False)
    assert found["timeout"] == (False, True, 30, False)
    assert found["retries"] == (False, False, None, True)


def test_a_check_past_a_second_replacement_needs_no_argument(run_cli, make_repo) -> None:
    """``prompt = str(prompt or "")``, then ``prompt = original or prompt``
    and ``if not prompt.strip(): return ...``: another value stands in for a
    missing ``prompt``, so the check does not make it required."""
    lines = (
        'prompt = str(prompt or "")',
        "prompt = self.agent.last_text or prompt",
        "if not prompt.strip():",
        "    return Response(message='no prompt', break_loop=True)",
    )
    arg = _argument(run_cli, make_repo, _execute('prompt: str = ""', *lines), "prompt")
    assert arg == (False, False, None, True)
    # without the second replacement, the check refuses the empty value
    arg = _argument(
        run_cli, make_repo, _execute('prompt: str = ""', *lines[:1], *lines[2:]), "prompt"
    )
    assert arg[0] is True


#: an empty default replaced by what no one can read, then reshaped by a
#: string method: the method remakes the replacement, not the value held
REPLACED_THEN_RESHAPED = (
    'mode = str(mode or self.method or "status").strip().lower()',
    "mode = (mode or self.method).strip()",
    'mode = (mode or pick()).replace("-", "_")',
)


@pytest.mark.parametrize("line", REPLACED_THEN_RESHAPED)
def test_a_string_method_of_a_replacement_states_no_default(run_cli, make_repo, line: str) -> None:
    arg = _argument(run_cli, make_repo, _execute('mode: str = ""', line), "mode")
    assert arg == (False, False, None, True)


@pytest.mark.parametrize("line", REPLACED_THEN_RESHAPED)
def test_a_helper_module_reshaping_a_replacement_states_no_default(
    run_cli, make_repo, line: str
) -> None:
    tool = HEAD.replace("\n\n", "\nfrom helpers import fetcher\n\n") + (
        "class Fetch(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        return Response(message=fetcher.run(self, **self.args), break_loop=False)\n"
    )
    helper = f'def run(self, mode="", **rest):\n    {line}\n    return mode\n'
    found = _arguments(run_cli, make_repo, {"tools/fetch.py": tool, "helpers/fetcher.py": helper})
    assert found["mode"] == (False, False, None, True)


@pytest.mark.parametrize(
    ("line", "name", "expected"),
    [
        # the test is false for a missing key: the other arm is what it gives,
        # not the default of the read in the test
        (
            'pages = int(self.args.get("pages", 0)) if str(self.args.get("pages", "")).strip() else 0',
            "pages",
            (False, False, None, True),
        ),
        ('depth = int(self.args.get("depth", 3)) if self.args.get("depth") else 5', "depth", 5),
        (
            'mode = self.args["mode"].strip() if self.args.get("mode", "").strip() else "auto"',
            "mode",
            "auto",
        ),
        # ``str(None)`` is ``"None"``: the test is true for a missing key
        (
            'size = self.args.get("size") if str(self.args.get("size")) else "big"',
            "size",
            (False, False, None, False),
        ),
    ],
)
def test_a_read_tested_in_a_conditional_expression_gives_its_other_arm(
    run_cli, make_repo, line: str, name: str, expected: Any
) -> None:
    if not isinstance(expected, tuple):
        expected = (False, True, expected, False)
    assert _argument(run_cli, make_repo, _execute("url=''", line), name) == expected
    # a helper module's summary reads it as the tool does
    tool = HEAD.replace("\n\n", "\nfrom helpers import fetcher\n\n") + (
        "class Fetch(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        return Response(message=str(fetcher.read(self.args)), break_loop=False)\n"
    )
    helper = "def read(args):\n    " + line.replace("self.args", "args") + f"\n    return {name}\n"
    files = {"tools/fetch.py": tool, "helpers/fetcher.py": helper}
    assert _arguments(run_cli, make_repo, files)[name] == expected


@pytest.mark.parametrize(
    "rebinding", ["key = key.strip()", "key = normalize(key)", 'key = "x" + key']
)
def test_a_check_in_a_try_before_the_name_is_bound_again_refuses_the_default(
    run_cli, make_repo, rebinding: str
) -> None:
    """``try: if key is None: return Response(error)``, then ``key =
    key.strip()``: the body of the ``try`` runs in order, so the check sees
    the parameter's ``None`` before anything binds the name again: ``key``
    is required, as without the ``try``."""
    source = (
        HEAD + "def normalize(text):\n"
        "    return text.upper()\n\n\n"
        "class Fetch(Tool):\n"
        "    async def execute(self, key: str = None, value=None, **kwargs) -> Response:\n"
        "        try:\n"
        "            if key is None:\n"
        '                return Response(message="Error: key is required", break_loop=False)\n'
        "            if value is None:\n"
        '                return Response(message="Error: value is required", break_loop=False)\n'
        f"            {rebinding}\n"
        '            return Response(message=f"{key}={value}", break_loop=False)\n'
        "        except Exception as e:\n"
        '            return Response(message=f"Error: {e}", break_loop=True)\n'
    )
    found = _arguments(run_cli, make_repo, {"tools/fetch.py": source})
    assert found["key"] == (True, False, None, False)
    assert found["value"] == (True, False, None, False)


def test_a_handler_binding_the_name_again_leaves_it_not_known(run_cli, make_repo) -> None:
    """A handler that binds the name again (``except ValueError: limit =
    10``) may give it another value: what a missing ``limit`` gives is not
    known, as before."""
    source = _execute(
        "limit=None",
        "try:",
        "    limit = int(limit)",
        "except TypeError:",
        "    limit = 10",
    )
    assert _argument(run_cli, make_repo, source, "limit") == (False, False, None, True)


def test_a_helper_raising_in_a_try_before_binding_the_name_again_claims_no_null(
    run_cli, make_repo
) -> None:
    """A helper's summary does not read a check in a ``try`` as a refusal:
    ``try: if key is None: raise ValueError(...)``, then ``key =
    key.strip()``, leaves what a missing ``key`` gives not known, never
    ``null``."""
    tool = HEAD.replace("\n\n", "\nfrom helpers import saver\n\n") + (
        "class Fetch(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        return Response(message=saver.save(**self.args), break_loop=False)\n"
    )
    helper = (
        "def save(key=None, **kwargs):\n"
        "    try:\n"
        "        if key is None:\n"
        '            raise ValueError("key is required")\n'
        "        key = key.strip()\n"
        "        return key\n"
        "    except KeyError:\n"
        '        return "no"\n'
    )
    files = {"tools/fetch.py": tool, "helpers/saver.py": helper}
    found = _arguments(run_cli, make_repo, files)
    assert found["key"][1:] == (False, None, True)


def test_a_test_not_decided_whose_arms_keep_the_missing_value_on_both_walks(
    run_cli, make_repo
) -> None:
    """``if self.fast:`` is not decided, but the branch inside it that
    replaces the value is not taken by a missing one: the replacement after
    it gives the default, by the tool's walk and a helper's summary alike."""
    lines = ("if self.fast:", "    if limit:", "        limit = int(limit)", "limit = limit or 10")
    arg = _argument(run_cli, make_repo, _execute("limit=None", *lines), "limit")
    assert arg == (False, True, 10, False)
    helper = (
        "def run(limit=None, fast=False):\n"
        "    if fast:\n"
        "        if limit:\n"
        "            limit = int(limit)\n"
        "    limit = limit or 10\n"
        "    return str(limit)\n"
    )
    found = _helper_arguments(run_cli, make_repo, helper)
    assert found["limit"] == (False, True, 10, False)
