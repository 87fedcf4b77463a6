"""A subclass whose ``execute`` hands on to ``super().execute(**kwargs)``
needs what its base's ``execute`` needs, a ``Response`` refusal included,
unless its own code changes the arguments first (:mod:`doxtool.python.superneeds`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from test_resolve import facts_of, only_tool

from doxtool.core.facts import Argument

FETCH_PY = """\
from helpers.tool import Tool, Response


class WebFetch(Tool):
    async def execute(self, **kwargs):
        url = str(self.args.get("url", "")).strip()
        if not url:
            return Response(message="Error: url is required", break_loop=False)
        limit = int(self.args.get("limit", 100))
        return Response(message=url[:limit], break_loop=False)
"""


def _subclass(body: str, header: str = "") -> str:
    return (
        "from helpers.tool import Response\n"
        "from tools.web_fetch import WebFetch\n"
        f"{header}\n\n"
        "class Sub(WebFetch):\n"
        "    async def execute(self, **kwargs):\n"
        + "".join(f"        {line}\n" for line in body.splitlines())
    )


def _arguments(tmp_path: Path, sub: str) -> dict[str, tuple[bool, bool, object, bool]]:
    """argument -> (required, has_default, default, default_unknown) of the subclass."""
    tool = only_tool(
        facts_of(tmp_path, "tools/sub.py", {"tools/web_fetch.py": FETCH_PY, "tools/sub.py": sub})
    )
    return {a.name: _state(a) for a in tool.arguments}


def _unknown(tmp_path: Path, sub: str) -> bool:
    """Whether the subclass's ``url`` is required or optional."""
    tool = only_tool(
        facts_of(tmp_path, "tools/sub.py", {"tools/web_fetch.py": FETCH_PY, "tools/sub.py": sub})
    )
    url = tool.argument("url")
    return url is not None and url.required_unknown


def _state(argument: Argument) -> tuple[bool, bool, object, bool]:
    return (argument.required, argument.has_default, argument.default, argument.default_unknown)


REQUIRED = (True, False, None, True)
#: what following the call into the base's code alone says: the base's check
#: answers a missing ``url`` with a Response the call hands back, so ``url``
#: is required or optional, its default neither claimed nor denied
FOLLOWED = (False, False, None, True)


def test_the_base_itself_needs_url(tmp_path: Path) -> None:
    tool = only_tool(facts_of(tmp_path, "tools/web_fetch.py", {"tools/web_fetch.py": FETCH_PY}))
    assert _state(tool.argument("url")) == REQUIRED  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "body",
    [
        "return await super().execute(**kwargs)",
        # a change of another key leaves ``url`` as the base needs it
        'self.args.setdefault("limit", 5)\n'
        "resp = await super().execute(**kwargs)\n"
        'return Response(message="raw: " + resp.message, break_loop=resp.break_loop)',
        # a return that does not depend on the arguments
        "if self.agent is None:\n"
        '    return Response(message="no agent", break_loop=False)\n'
        "return await super().execute(**kwargs)",
        # reading the dict changes nothing
        'if "limit" in self.args and len(self.args) > 1:\n'
        '    self.agent.log(str(self.args.get("limit")))\n'
        "return await super().execute(**self.args)",
    ],
)
def test_url_stays_required_through_super(tmp_path: Path, body: str) -> None:
    assert _arguments(tmp_path, _subclass(body))["url"] == REQUIRED


@pytest.mark.parametrize(
    "body",
    [
        # a change doxtool cannot name
        "self.args.update(self.agent.defaults)\nreturn await super().execute(**kwargs)",
        "self.args = dict(self.agent.defaults)\nreturn await super().execute(**kwargs)",
        "fill(self.args)\nreturn await super().execute(**kwargs)",
        "fill(self)\nreturn await super().execute(**kwargs)",
        # the base runs on some values of the arguments only
        'if self.args.get("mode") == "cached":\n'
        '    return Response(message="cached", break_loop=False)\n'
        "return await super().execute(**kwargs)",
        'if self.args.get("mode") != "cached":\n'
        "    return await super().execute(**kwargs)\n"
        'return Response(message="cached", break_loop=False)',
        # a handler that goes on after an error
        "try:\n"
        "    return await super().execute(**kwargs)\n"
        "except Exception:\n"
        "    pass\n"
        'return Response(message="failed", break_loop=False)',
        # not the arguments as the model sent them
        'return await super().execute(url="https://example.org", **kwargs)',
    ],
)
def test_nothing_carried_over_when_the_arguments_may_change(tmp_path: Path, body: str) -> None:
    header = "\n\ndef fill(x):\n    pass\n"
    assert _arguments(tmp_path, _subclass(body, header))["url"] == FOLLOWED
    assert _unknown(tmp_path, _subclass(body, header))


@pytest.mark.parametrize(
    "body",
    [
        # the subclass sets ``url`` in ``self.args``, which the base reads:
        # the base's check never refuses, and reads no argument
        'self.args["url"] = self.agent.config.url\nreturn await super().execute(**kwargs)',
        'self.args["url"] = "https://example.org"\nreturn await super().execute(**kwargs)',
        'for key in ("url", "limit"):\n    self.args[key] = ""\nreturn await super().execute(**kwargs)',
    ],
)
def test_a_write_of_the_subclass_into_self_args_leaves_no_url(tmp_path: Path, body: str) -> None:
    assert "url" not in _arguments(tmp_path, _subclass(body))


@pytest.mark.parametrize(
    "fill",
    [
        'self.args.setdefault("url", "https://example.org")',
        'if not self.args.get("url"):\n    self.args["url"] = "https://example.org"',
    ],
)
def test_a_fill_of_the_subclass_into_self_args_makes_url_optional(
    tmp_path: Path, fill: str
) -> None:
    # the base reads ``self.args``, which the subclass filled where ``url``
    # was missing: the base's check passes the fill, its value the default
    body = f"{fill}\nreturn await super().execute(**kwargs)"
    assert _arguments(tmp_path, _subclass(body))["url"] == (
        False,
        True,
        "https://example.org",
        False,
    )


@pytest.mark.parametrize(
    "change",
    [
        # the base then always refuses: doxtool does not say so
        'self.args.pop("url", None)',
        # a fill of ``kwargs`` leaves ``self.args``, which the base reads, as it is
        'kwargs.setdefault("url", "https://example.org")',
    ],
)
def test_a_change_of_the_subclass_before_the_base_check_claims_nothing(
    tmp_path: Path, change: str
) -> None:
    # the base's refusal is not carried over, and no default is claimed
    body = f"{change}\nreturn await super().execute(**kwargs)"
    assert _arguments(tmp_path, _subclass(body))["url"] == FOLLOWED
    assert _unknown(tmp_path, _subclass(body))


def test_a_change_in_another_method_of_the_class_counts(tmp_path: Path) -> None:
    # ``before_execution`` runs before ``execute``: the base reads no ``url``
    sub = (
        _subclass("return await super().execute(**kwargs)")
        + "\n    async def before_execution(self, **kwargs):\n"
        + '        self.args["url"] = "https://example.org"\n'
    )
    assert "url" not in _arguments(tmp_path, sub)


def test_check_keeps_a_true_required_line(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    sub = _subclass("return await super().execute(**kwargs)")
    root = make_repo({"tools/web_fetch.py": FETCH_PY, "tools/sub.py": sub})
    run_cli(root, "check", "--fix", "--no-cache")
    companion = (root / "tools/sub.py.dox.md").read_text(encoding="utf-8")
    assert "  - `url`: required string.\n" in companion
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    assert "DOX111" not in result.output


def test_check_documents_the_fill_of_the_subclass_as_the_default(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    sub = _subclass(
        'self.args.setdefault("url", "https://example.org")\nreturn await super().execute(**kwargs)'
    )
    root = make_repo({"tools/web_fetch.py": FETCH_PY, "tools/sub.py": sub})
    run_cli(root, "check", "--fix", "--no-cache")
    companion = (root / "tools/sub.py.dox.md").read_text(encoding="utf-8")
    assert '  - `url`: optional string, default `"https://example.org"`.\n' in companion, companion
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    assert "DOX111" not in result.output


@pytest.mark.parametrize(
    "read",
    [
        'self.add_progress("fetching " + self.args.get("url", ""))',
        'self.agent.log(self.args.get("url") or self.agent.config.url)',
    ],
)
def test_a_read_of_the_subclass_with_a_default_leaves_url_required(
    tmp_path: Path, read: str
) -> None:
    # the subclass's own read gives its own expression a default, not the
    # base's read: the base still refuses a missing ``url``
    body = f"{read}\nreturn await super().execute(**kwargs)"
    assert _arguments(tmp_path, _subclass(body))["url"] == REQUIRED


FINISH_PY = """\
from helpers.tool import Tool, Response


class Finish(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text") or self.args.get("message")
        if not text or not str(text).strip():
            raise ValueError("finish needs a non-empty `text`.")
        return Response(message=str(text), break_loop=True)
"""

FINISH_CHECKED_PY = """\
from helpers.tool import Response
from tools.finish import Finish


class FinishChecked(Finish):
    async def execute(self, **kwargs):
        text = str(self.args.get("text", ""))
        if "TODO" in text:
            raise ValueError("The answer still has a TODO.")
        return await super().execute(**kwargs)
"""


def test_the_base_alternatives_stay_alternatives_through_super(tmp_path: Path) -> None:
    files = {"tools/finish.py": FINISH_PY, "tools/finish_checked.py": FINISH_CHECKED_PY}
    tool = only_tool(facts_of(tmp_path, "tools/finish_checked.py", files))
    text, message = tool.argument("text"), tool.argument("message")
    assert text is not None and message is not None
    assert (text.alternatives, message.alternatives) == (["message"], ["text"])
    assert not text.required and not message.required
    assert not text.has_default and not message.has_default


def test_alternatives_are_not_carried_over_when_the_subclass_sets_one(tmp_path: Path) -> None:
    sub = FINISH_CHECKED_PY.replace(
        '        text = str(self.args.get("text", ""))\n',
        '        self.args.setdefault("message", "done")\n'
        '        text = str(self.args.get("text", ""))\n',
    )
    files = {"tools/finish.py": FINISH_PY, "tools/finish_checked.py": sub}
    text = only_tool(facts_of(tmp_path, "tools/finish_checked.py", files)).argument("text")
    assert text is not None and text.alternatives == [] and text.has_default


def test_check_keeps_true_lines_of_a_subclass_with_its_own_reads(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    sub = _subclass(
        'self.add_progress(self.args.get("url", ""))\nreturn await super().execute(**kwargs)'
    )
    files = {
        "tools/web_fetch.py": FETCH_PY,
        "tools/sub.py": sub,
        "tools/finish.py": FINISH_PY,
        "tools/finish_checked.py": FINISH_CHECKED_PY,
    }
    root = make_repo(files)
    run_cli(root, "check", "--fix", "--no-cache")
    companion = (root / "tools/sub.py.dox.md").read_text(encoding="utf-8")
    assert "  - `url`: required string.\n" in companion
    checked = (root / "tools/finish_checked.py.dox.md").read_text(encoding="utf-8")
    assert "  - `text`: optional string, alternative to `message`.\n" in checked
    assert "  - `message`: optional string, alternative to `text`.\n" in checked
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "DOX111" not in result.output


def test_execute_own_star_args_hand_nothing(tmp_path: Path) -> None:
    # the framework calls ``execute`` by name: its ``*args`` is empty
    sub = (
        "from tools.web_fetch import WebFetch\n\n\n"
        "class Sub(WebFetch):\n"
        "    async def execute(self, *args, **kwargs):\n"
        "        return await super().execute(*args, **kwargs)\n"
    )
    assert _arguments(tmp_path, sub)["url"] == REQUIRED


def test_a_star_args_bound_again_may_fill_parameters(tmp_path: Path) -> None:
    base = (
        "from helpers.tool import Tool, Response\n\n\n"
        "class Open(Tool):\n"
        '    async def execute(self, url: str = "", **kwargs):\n'
        "        if not url:\n"
        '            return Response(message="url is required", break_loop=False)\n'
        "        return Response(message=url, break_loop=False)\n"
    )
    rebinding = [
        '        args = ("https://example.com",)\n',
        '        match kwargs.get("legacy"):\n            case [*args]:\n                pass\n',
        '        match kwargs.get("legacy"):\n            case list() as args:\n                pass\n',
        '        match kwargs.get("legacy"):\n            case {**args}:\n                pass\n',
    ]
    for at, binding in enumerate(rebinding):
        sub = (
            "from tools.open import Open\n\n\n"
            "class Sub(Open):\n"
            "    async def execute(self, *args, **kwargs):\n"
            f"{binding}"
            "        return await super().execute(*args, **kwargs)\n"
        )
        files = {"tools/open.py": base, "tools/sub.py": sub}
        # ``url`` may come by position: whether it is needed is not claimed
        facts = facts_of(tmp_path / str(at), "tools/sub.py", files)
        assert only_tool(facts).argument("url") is None, binding


def test_what_the_base_leaves_not_known_stays_not_known_through_super(tmp_path: Path) -> None:
    base = (
        "from helpers.tool import Tool, Response\n\n\n"
        "class Browse(Tool):\n"
        '    async def execute(self, action: str = "", ref: str = "", **kwargs):\n'
        '        action = action or self.method or "state"\n'
        '        if action == "click":\n'
        "            if not ref:\n"
        '                return Response(message="ref is required", break_loop=False)\n'
        "            return Response(message=ref, break_loop=False)\n"
        "        return Response(message=action, break_loop=False)\n"
    )
    sub = (
        "from tools.browse import Browse\n\n\n"
        "class Sub(Browse):\n"
        "    async def execute(self, **kwargs):\n"
        "        return await super().execute(**kwargs)\n"
    )
    files = {"tools/browse.py": base, "tools/sub.py": sub}
    own = only_tool(facts_of(tmp_path, "tools/browse.py", files))
    tool = only_tool(facts_of(tmp_path, "tools/sub.py", files))
    for name in ("action", "ref"):
        mine, theirs = own.argument(name), tool.argument(name)
        assert mine is not None and theirs is not None
        assert (theirs.required, theirs.required_unknown, theirs.default_unknown, theirs.type) == (
            mine.required,
            mine.required_unknown,
            mine.default_unknown,
            mine.type,
        ), name
