"""A tool reading its arguments through a function that only returns the read
of the key a parameter holds, with the default another parameter holds (a
method ``self._arg("to")``, a nested ``arg("to")``): a name bound to what a
call of it returns stands for that argument as a name bound to the read does,
with the default the call gives (the literal it hands, else the parameter's)."""

from __future__ import annotations

import pytest
from bothwalks import EXECUTE_HEAD, kind, tool_module

METHOD = (
    "    def _arg(self, name, default=None):\n"
    "        return self.args.get(name, default)\n\n"
    "    async def execute(self, **kwargs):\n"
)
NESTED = (
    "    async def execute(self, **kwargs):\n"
    "        def arg(name, default=None):\n"
    "            return kwargs.get(name, self.args.get(name, default))\n\n"
)
DIRECT = "    async def execute(self, **kwargs):\n"
HEAD = EXECUTE_HEAD.split("    async def execute")[0]

READS = {
    METHOD: ('self._arg("to")', 'self._arg("limit", 100)', 'self._arg("mode", default="x")'),
    NESTED: ('arg("to")', 'arg("limit", 100)', 'arg(name="mode", default="x")'),
    DIRECT: ('self.args.get("to")', 'self.args.get("limit", 100)', 'self.args.get("mode", "x")'),
}
CHECKED = "        if not to:\n            return Response(message='Error: missing to', break_loop=False)\n"


def _source(form: str, checked: bool) -> str:
    to, limit, mode = READS[form]
    return (
        HEAD
        + form
        + f"        to = {to}\n        limit = {limit}\n        mode = {mode}\n"
        + (CHECKED if checked else "")
        + "        return Response(message=f'{to} {limit} {mode}', break_loop=False)\n"
    )


def _facts(make_repo, run_cli, source: str) -> dict[str, tuple[str, object]]:
    root = make_repo({"tools/t.py": source})
    return {
        a["name"]: (kind(a), a["default"] if a["has_default"] else "-")
        for a in tool_module(run_cli, root)["arguments"]
    }


@pytest.mark.parametrize("form", [METHOD, NESTED], ids=["method", "nested"])
@pytest.mark.parametrize("checked", [True, False], ids=["refused", "unchecked"])
def test_an_accessor_reads_as_the_read_it_returns(make_repo, run_cli, form, checked) -> None:
    through = _facts(make_repo, run_cli, _source(form, checked))
    direct = _facts(make_repo, run_cli, _source(DIRECT, checked))
    assert through["to"][0] == ("required" if checked else "optional")
    assert through["limit"] == ("optional", 100)
    assert through["mode"] == ("optional", "x")
    assert through["to"][0] == direct["to"][0]


@pytest.mark.parametrize("form", [METHOD, NESTED], ids=["method", "nested"])
def test_a_companion_calling_it_required_agrees(make_repo, run_cli, form) -> None:
    root = make_repo({"tools/t.py": _source(form, True)})
    fixed = run_cli(root, "check", "--fix", "--select", "DOX001")
    assert fixed.exit_code == 0, fixed.output
    assert "  - `to`: required." in (root / "tools/t.py.dox.md").read_text()
    result = run_cli(root, "check", "--select", "DOX111")
    assert result.exit_code == 0, result.output


def test_an_accessor_with_other_logic_is_not_taken_for_the_read(make_repo, run_cli) -> None:
    source = HEAD + (
        "    def _arg(self, name, default=None):\n"
        "        value = self.args.get(name, default)\n"
        "        return value\n\n" + DIRECT + '        limit = self._arg("limit", 100)\n'
        "        return Response(message=f'{limit}', break_loop=False)\n"
    )
    assert _facts(make_repo, run_cli, source)["limit"][1] != 100


#: ``<call> or <fallback>`` of an accessor, the direct form, and the
#: (requiredness, default) both say (``-``: no default claimed)
OR_FALLBACKS = [
    ('("n") or 5', 'get("n") or 5', ("optional", 5)),
    ('("n", "") or "x"', 'get("n", "") or "x"', ("optional", "x")),
    ('("n", 3) or 7', 'get("n", 3) or 7', ("optional", 3)),
    # a falsy fallback only normalises a missing value: no default is claimed
    ('("n") or []', 'get("n") or []', ("optional", "-")),
    ('("n") or None', 'get("n") or None', ("optional", "-")),
    ('("n", "") or 0', 'get("n", "") or 0', ("optional", "-")),
]


@pytest.mark.parametrize("form", [METHOD, NESTED], ids=["method", "nested"])
@pytest.mark.parametrize(("through", "direct", "facts"), OR_FALLBACKS)
def test_an_or_after_an_accessor_call_gives_its_fallback(
    make_repo, run_cli, form, through, direct, facts
) -> None:
    call = ("self._arg" if form is METHOD else "arg") + through
    body = "        n = CALL\n        return Response(message=f'{n}', break_loop=False)\n"
    got = _facts(make_repo, run_cli, HEAD + form + body.replace("CALL", call))
    want = _facts(make_repo, run_cli, HEAD + DIRECT + body.replace("CALL", "self.args." + direct))
    assert got["n"] == want["n"] == facts


@pytest.mark.parametrize("form", [METHOD, NESTED], ids=["method", "nested"])
def test_a_chain_of_fallbacks_gives_its_first_truthy_literal(make_repo, run_cli, form) -> None:
    call = ("self._arg" if form is METHOD else "arg") + '("n") or 0 or 4'
    body = f"        n = {call}\n        return Response(message=f'{{n}}', break_loop=False)\n"
    assert _facts(make_repo, run_cli, HEAD + form + body)["n"] == ("optional", 4)


@pytest.mark.parametrize("form", [METHOD, NESTED], ids=["method", "nested"])
def test_an_or_fallback_no_one_can_state_gives_no_default(make_repo, run_cli, form) -> None:
    call = ("self._arg" if form is METHOD else "arg") + '("n") or self.limit'
    source = (
        HEAD + form + f"        n = {call}\n        return Response(message=n, break_loop=False)\n"
    )
    root = make_repo({"tools/t.py": source})
    (arg,) = tool_module(run_cli, root)["arguments"]
    assert (arg["has_default"], arg["default_unknown"]) == (False, True)


def test_an_or_after_an_awaited_accessor_gives_its_fallback(make_repo, run_cli) -> None:
    source = HEAD + (
        "    async def _aget(self, name, default=None):\n"
        "        return self.args.get(name, default)\n\n"
        + DIRECT
        + '        n = await self._aget("n") or 5\n'
        "        return Response(message=f'{n}', break_loop=False)\n"
    )
    assert _facts(make_repo, run_cli, source)["n"] == ("optional", 5)


@pytest.mark.parametrize("form", [METHOD, NESTED], ids=["method", "nested"])
@pytest.mark.parametrize(
    ("fallback", "facts"),
    [
        # a missing ``n`` gives 5, which passes the check: ``n`` is not required
        ("5", ("optional", 5)),
        # a missing ``n`` gives "", which the check refuses
        ('""', ("required", "-")),
    ],
)
def test_a_check_past_a_fallback_refuses_what_a_missing_key_gives(
    make_repo, run_cli, form, fallback, facts
) -> None:
    call = ("self._arg" if form is METHOD else "arg") + f'("n") or {fallback}'
    source = (
        HEAD
        + form
        + (
            f"        n = {call}\n"
            "        if not n:\n            raise ValueError('n')\n"
            "        return Response(message=f'{n}', break_loop=False)\n"
        )
    )
    assert _facts(make_repo, run_cli, source)["n"] == facts
