"""A check answered by a call that only wraps the message it is handed in a
``Response`` (``if not k: return await self.err("k is required")``, ``async
def err(self, text): return Response(message=text, break_loop=False)``):
returning it returns what a ``Response`` built at the check would, so the
argument is what that check makes it (required, and the checks after it
run on every call). A call that does anything else (calls another method,
builds its own message), one not awaited, or one a subclass elsewhere
overrides with such a method, may handle the value: ``required or
optional`` stays (:mod:`~doxtool.python.returns`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bothwalks import kinds_and_defaults

HEAD = "from helpers.tool import Response, Tool\n\n\nclass T(Tool):\n"
EXECUTE = "    async def execute(self, **kwargs):\n"
DONE = "        return Response(message='done', break_loop=False)\n"
#: the wrapper, as a method of the tool
ERR = "\n    async def err(self, text):\n        return Response(message=text, break_loop=False)\n"
ERR_SYNC = ERR.replace("async def", "def")


def _tool(check: str, methods: str = ERR) -> str:
    return HEAD + EXECUTE + check + DONE + methods


def _facts(make_repo, run_cli, files: dict[str, str]) -> dict[str, tuple[str, object]]:
    return kinds_and_defaults(run_cli, make_repo(files))


INLINE = "Response(message='x', break_loop=False)"

#: (check in ``execute``, methods of the tool), the check answered by the wrapper
WRAPPED = {
    "awaited": (
        '        if not self.args.get("k"):\n            return await self.err("x")\n',
        ERR,
    ),
    "plain": ('        if not self.args.get("k"):\n            return self.err("x")\n', ERR_SYNC),
    "a refused default": (
        '        k = self.args.get("k", "")\n        if not k:\n            return self.err("x")\n',
        ERR_SYNC,
    ),
    "a check after it": (
        '        if not self.args.get("k"):\n            return await self.err("x")\n'
        '        if not self.args.get("j"):\n'
        "            return Response(message='j', break_loop=False)\n",
        ERR,
    ),
}


@pytest.mark.parametrize("shape", sorted(WRAPPED))
def test_a_wrapped_message_refuses_as_a_response_built_there(make_repo, run_cli, shape) -> None:
    check, methods = WRAPPED[shape]
    inline = check.replace('await self.err("x")', INLINE).replace('self.err("x")', INLINE)
    expected = _facts(make_repo, run_cli, {"tools/t.py": _tool(inline)})
    assert expected["k"][0] == "required"
    assert _facts(make_repo, run_cli, {"tools/t.py": _tool(check, methods)}) == expected


def test_a_function_of_another_module_wrapping_the_message_refuses(make_repo, run_cli) -> None:
    replies = "from helpers.tool import Response\n\n\ndef refuse(text):\n"
    replies += "    return Response(message=text, break_loop=False)\n"
    check = '        if not self.args.get("k"):\n            return refuse("x")\n'
    files = {"helpers/replies.py": replies, "tools/t.py": "from helpers.replies import refuse\n"}
    files["tools/t.py"] += _tool(check, "")
    assert _facts(make_repo, run_cli, files) == {"k": ("required", "-")}


CHECK = '        if not self.args.get("k"):\n            return await self.err("x")\n'


@pytest.mark.parametrize(
    "methods",
    [
        # it calls another method of the tool first
        ERR.replace("        return", "        self.note(text)\n        return")
        + "\n    def note(self, text):\n        print(text)\n",
        # it builds its own message
        ERR.replace("message=text", "message=self.listing()")
        + "\n    def listing(self):\n        return 'a, b'\n",
        # it reads an argument
        ERR.replace("message=text", "message=self.args.get('j', text)"),
    ],
)
def test_a_call_doing_more_leaves_the_argument_unknown(make_repo, run_cli, methods) -> None:
    facts = _facts(make_repo, run_cli, {"tools/t.py": _tool(CHECK, methods)})
    assert facts["k"] == ("unknown", "-")


BASE = HEAD.replace("class T(Tool)", "class Base(Tool)") + EXECUTE + CHECK + DONE + ERR


@pytest.mark.parametrize(
    ("subclass", "kind"),
    [
        ("class T(Base):\n    pass\n", "required"),
        # the subclass's own ``err`` may handle the value
        (
            "class T(Base):\n    async def err(self, text):\n"
            "        return Response(message=self.agent.read_prompt('x.md'), break_loop=False)\n",
            "unknown",
        ),
    ],
)
def test_a_subclass_elsewhere_answers_with_its_own_method(
    make_repo, run_cli, subclass: str, kind: str
) -> None:
    head = "from helpers.base import Base\nfrom helpers.tool import Response\n\n\n"
    files = {"helpers/base.py": BASE, "tools/t.py": head + subclass}
    assert _facts(make_repo, run_cli, files)["k"] == (kind, "-")


@pytest.mark.parametrize(
    ("methods", "kind"),
    [
        (ERR, "required"),
        # a message built by a call the summary does not follow
        (ERR.replace("message=text", "message=build(text)"), "unknown"),
        # the message handed to another call beside the Response
        (ERR.replace("message=text", "message=text, additional=log(text)"), "unknown"),
    ],
)
def test_a_wrapper_refuses_where_the_repository_lacks_the_framework(
    tmp_path: Path, run_cli, methods: str, kind: str
) -> None:
    """A plugin's repository holds no ``helpers/tool.py``: the ``Response``
    its wrapper builds is not followed, and the parameter handed to it is
    no key read; the wrapper still only wraps the message."""
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools/t.py").write_text(_tool(CHECK, methods))
    assert kinds_and_defaults(run_cli, tmp_path)["k"] == (kind, "-")
