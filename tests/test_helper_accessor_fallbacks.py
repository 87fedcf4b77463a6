"""A fallback after a call of a helper-module accessor (``def arg(args, name,
default=None): return args.get(name, default)``, called ``arg(self.args,
"n") or 5``): a missing key's falsy value gives way to it, as after
``self.args.get("n") or 5``. A literal that is not empty is the default; any
other fallback (``or self.limit``, ``or ""``, another argument's read) leaves
the default neither claimed nor denied, never ``null``."""

from __future__ import annotations

import pytest
from bothwalks import kind, tool_module

HELPER = "def arg(args, name, default=None):\n    return args.get(name, default)\n"
HEAD = "from helpers.tool import Response, Tool\nfrom helpers.x import arg\n\n\nclass T(Tool):\n"
EXECUTE = "    async def execute(self, **kwargs):\n"


def _facts(make_repo, run_cli, lines: list[str]) -> dict[str, tuple[str, object, bool]]:
    body = "".join(f"        v{i} = {line}\n" for i, line in enumerate(lines))
    uses = " + ".join(f"str(v{i})" for i in range(len(lines)))
    source = HEAD + EXECUTE + body + f"        return Response(message={uses}, break_loop=False)\n"
    root = make_repo({"helpers/x.py": HELPER, "tools/t.py": source})
    return {
        a["name"]: (kind(a), a["default"] if a["has_default"] else "-", a["default_unknown"])
        for a in tool_module(run_cli, root)["arguments"]
    }


@pytest.mark.parametrize(
    ("through", "expected"),
    [
        ('arg(self.args, "n") or 5', ("optional", 5, False)),
        ('arg(self.args, "n") or 5 or 7', ("optional", 5, False)),
        ('arg(self.args, "n") or None or "x"', ("optional", "x", False)),
        ('arg(self.args, "n", "") or "x"', ("optional", "x", False)),
        ('arg(self.args, "n", "y") or "x"', ("optional", "y", False)),
        ('arg(self.args, "n") or self.limit', ("optional", "-", True)),
        ('arg(self.args, "n") or ""', ("optional", "-", True)),
        ('arg(self.args, "n") or "" or self.limit', ("optional", "-", True)),
    ],
)
def test_the_fallback_after_an_accessor_call_is_what_a_missing_key_gives(
    make_repo, run_cli, through, expected
) -> None:
    assert _facts(make_repo, run_cli, [through])["n"] == expected


@pytest.mark.parametrize(
    ("through", "direct"),
    [
        ('arg(self.args, "n") or 5', 'self.args.get("n") or 5'),
        ('arg(self.args, "n") or self.limit', 'self.args.get("n") or self.limit'),
        ('arg(self.args, "n") or ""', 'self.args.get("n") or ""'),
        ('arg(self.args, "n", "") or "x"', 'self.args.get("n", "") or "x"'),
    ],
)
def test_it_states_the_default_the_direct_read_does(make_repo, run_cli, through, direct) -> None:
    assert _facts(make_repo, run_cli, [through]) == _facts(make_repo, run_cli, [direct])


def test_another_arguments_read_as_the_fallback_claims_no_default(make_repo, run_cli) -> None:
    facts = _facts(make_repo, run_cli, ['arg(self.args, "a") or arg(self.args, "b")'])
    assert facts["a"] == ("optional", "-", True)
    assert facts["b"] == ("optional", None, False)  # the last operand: nothing after it


def test_a_call_with_no_or_after_it_keeps_its_default(make_repo, run_cli) -> None:
    facts = _facts(make_repo, run_cli, ['arg(self.args, "a")', 'str(arg(self.args, "b")) + "x"'])
    assert facts["a"] == ("optional", None, False)
    assert facts["b"] == ("optional", None, False)


#: a check of the name bound past the ``or``, and what ``n`` is then
CHECKED = [
    ('arg(self.args, "n") or ""', "if not v:", "required"),
    ('arg(self.args, "n") or 0', "if not v:", "required"),
    ('arg(self.args, "n") or None', "if v is None:", "required"),
    ('arg(self.args, "n") or ""', "if v is None:", "optional"),  # never None
    ('arg(self.args, "n") or 5', "if not v:", "optional"),  # a missing n gives 5
    ('arg(self.args, "n", "x") or ""', "if not v:", "optional"),  # gives "x"
    ('arg(self.args, "n") or self.limit', "if not v:", "optional"),
]


@pytest.mark.parametrize(("through", "test", "expected"), CHECKED)
def test_a_check_past_the_fallback_refuses_what_a_missing_key_gives(
    make_repo, run_cli, through, test, expected
) -> None:
    body = f"        v = {through}\n        {test}\n            raise ValueError('n')\n"
    source = HEAD + EXECUTE + body + "        return Response(message=str(v), break_loop=False)\n"
    direct = source.replace('arg(self.args, "n", "x")', 'self.args.get("n", "x")').replace(
        'arg(self.args, "n")', 'self.args.get("n")'
    )
    facts = {}
    for form, text in (("through", source), ("direct", direct)):
        root = make_repo({"helpers/x.py": HELPER, "tools/t.py": text})
        (argument,) = tool_module(run_cli, root)["arguments"]
        facts[form] = kind(argument)
    assert facts == {"through": expected, "direct": expected}


def test_a_helper_result_past_a_falsy_fallback_is_checked_as_the_result(make_repo, run_cli) -> None:
    """``text = read_text(self.args) or ""``, then ``if not text: raise``:
    the empty text a missing key gives is refused."""
    helper = 'def read_text(args):\n    return args.get("text", "").strip()\n'
    source = (
        HEAD.replace("arg", "read_text")
        + EXECUTE
        + (
            '        text = read_text(self.args) or ""\n'
            "        if not text:\n            raise ValueError('text')\n"
            "        return Response(message=text, break_loop=False)\n"
        )
    )
    root = make_repo({"helpers/x.py": helper, "tools/t.py": source})
    (argument,) = tool_module(run_cli, root)["arguments"]
    assert kind(argument) == "required"
