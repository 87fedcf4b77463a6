"""A check whose block returns a ``Response`` made of what work gives
(``if not query: return Response(message=await self.list_all())``) may answer
the call as much as refuse it: the argument is not required on its account.
A message written there (a string, an f-string, a rendered prompt) refuses."""

from __future__ import annotations

import pytest
from bothwalks import execute_facts, kind, tool_module

TAIL = "        return Response(message=await self.search(query), break_loop=False)\n"


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # an answer made by the tool's own method, awaited or not
        ("await self.list_all()", ("optional", "")),
        ("self.list_all()", ("optional", "")),
        # an awaited call of anything: work done
        ("await notes.list_all(self.agent)", ("optional", "")),
        # a message written or rendered there refuses
        ('"query is required"', ("required", "-")),
        ('f"{self.name}: query is required"', ("required", "-")),
        ('self.agent.read_prompt("fw.query_missing.md")', ("required", "-")),
        # a method handed a message written there formats it
        ('self._encode("query is required", {"ok": False})', ("required", "-")),
        ('await self._reply(f"{self.name}: query is required")', ("required", "-")),
    ],
)
def test_a_check_answered_with_work_does_not_make_the_argument_required(
    make_repo, run_cli, message: str, expected: tuple[str, object]
) -> None:
    body = (
        '        query = self.args.get("query", "")\n'
        "        if not query:\n"
        f"            return Response(message={message}, break_loop=False)\n"
        f"{TAIL}"
    )
    assert execute_facts(make_repo, run_cli, body)["query"] == expected


@pytest.mark.parametrize(
    ("method", "call", "expected"),
    [
        # a method that only returns a message written in it refuses as the message would
        ('        return "usage: query is needed"\n', "self._help()", ("required", "-")),
        (
            '        """The usage."""\n        return f"usage of {self.name}"\n',
            "await self._help()",
            ("required", "-"),
        ),
        (
            '        return self.agent.read_prompt("fw.usage.md")\n',
            "self._help()",
            ("required", "-"),
        ),
        # one that does work, or is handed a value, may answer
        ('        return "\\n".join(self.agent.data)\n', "self._help()", ("optional", "")),
        ('        return "usage"\n', "self._help(self.agent)", ("optional", "")),
    ],
)
def test_a_check_answered_by_a_method_that_only_writes_a_message_refuses(
    make_repo, run_cli, method: str, call: str, expected: tuple[str, object]
) -> None:
    asynchronous = "async " if call.startswith("await ") else ""
    body = (
        '        query = self.args.get("query", "")\n'
        "        if not query:\n"
        f"            return Response(message={call}, break_loop=False)\n"
        f"{TAIL}\n"
        f"    {asynchronous}def _help(self, *rest):\n"
        f"{method}"
    )
    assert execute_facts(make_repo, run_cli, body)["query"] == expected


@pytest.mark.parametrize(
    ("block", "expected"),
    [
        # the message is what an awaited call gave, through a name bound there
        ("result = await notes.list_all(self.agent)\n", ("optional", "")),
        ("result = await notes.list_all(self.agent)\nawait notes.log(result)\n", ("optional", "")),
        # an attribute of it too
        (
            "result = await notes.open(url=self.agent)\n",
            ("optional", ""),
        ),
        # a name bound anew after the call, or a call handed a message written there
        (
            'result = await notes.list_all(self.agent)\nresult = "query is required"\n',
            ("required", "-"),
        ),
        ('result = await self._reply("query is required")\n', ("required", "-")),
        ('result = "query is required"\n', ("required", "-")),
    ],
)
def test_a_check_answered_with_what_an_awaited_call_bound_does_not_require(
    make_repo, run_cli, block: str, expected: tuple[str, object]
) -> None:
    message = "result.message" if "notes.open" in block else "result"
    lines = "".join(f"            {line}\n" for line in block.splitlines())
    body = (
        '        query = self.args.get("query", "")\n'
        "        if not query:\n"
        f"{lines}"
        f"            return Response(message={message}, break_loop=False)\n"
        f"{TAIL}"
    )
    assert execute_facts(make_repo, run_cli, body)["query"] == expected


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        # a method that only returns a message written in it refuses through a name too
        ('        return "usage: query is needed"\n', ("required", "-")),
        # one that does work may answer
        ('        return "\\n".join(self.agent.data)\n', ("optional", "")),
    ],
)
def test_a_name_bound_to_a_method_that_only_writes_a_message_refuses(
    make_repo, run_cli, method: str, expected: tuple[str, object]
) -> None:
    body = (
        '        query = self.args.get("query", "")\n'
        "        if not query:\n"
        "            text = await self._help()\n"
        "            return Response(message=text, break_loop=False)\n"
        f"{TAIL}\n"
        "    async def _help(self):\n"
        f"{method}"
    )
    assert execute_facts(make_repo, run_cli, body)["query"] == expected


@pytest.mark.parametrize("bound", [True, False])
def test_a_check_answered_with_a_module_function_that_only_writes_a_message_refuses(
    make_repo, run_cli, bound: bool
) -> None:
    """``msg = await usage()`` then ``Response(message=msg)`` (or the call in
    the ``Response`` itself), ``usage`` a function of the module that only
    returns a message written in it: the check refuses the call, as with a
    method of the tool's that does so."""
    answer = (
        "            msg = await usage()\n"
        "            return Response(message=msg, break_loop=False)\n"
        if bound
        else "            return Response(message=await usage(), break_loop=False)\n"
    )
    source = (
        "from helpers.tool import Response, Tool\n\n\n"
        "async def usage():\n"
        '    return "query is required: send a `query`"\n\n\n'
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        query = self.args.get("query", "")\n'
        "        if not query:\n" + answer + TAIL
    )
    root = make_repo({"tools/t.py": source})
    (query,) = tool_module(run_cli, root)["arguments"]
    assert kind(query) == "required"


@pytest.mark.parametrize(
    "block",
    [
        'err = "query is required"\nmsg = await self._fail(err)\n',
        "msg = await self._fail(self.name)\n",
    ],
)
def test_a_check_answered_with_a_method_formatting_a_written_message_refuses(
    make_repo, run_cli, block: str
) -> None:
    """``msg = await self._fail(err)``, ``err`` a message written just
    before (or ``self._fail(self.name)``), ``_fail`` only returning a
    message written in it: ``Response(message=msg)`` refuses the call."""
    lines = "".join(f"            {line}\n" for line in block.splitlines())
    source = (
        "from helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        query = self.args.get("query", "")\n'
        "        if not query:\n"
        f"{lines}"
        "            return Response(message=msg, break_loop=False)\n"
        f"{TAIL}\n"
        "    async def _fail(self, text):\n"
        '        return f"Error: {text}"\n'
    )
    root = make_repo({"tools/t.py": source})
    (query,) = tool_module(run_cli, root)["arguments"]
    assert kind(query) == "required"
