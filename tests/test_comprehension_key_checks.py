"""Checks over literal keys written as comprehensions.

``if any(not self.args.get(k) for k in ("url", "selector")): raise ...``,
``if not all(k in self.args for k in KEYS)`` and ``missing = [k for k in
KEYS if k not in self.args]`` then ``if missing: raise ...`` check each key
as the ``for`` loop over the keys does: each is required. A comprehension
that tests the keys' presence or truth whose result is not read so leaves
their requiredness unknown (never a plain "optional", which a fix would
write); one that collects values keeps its facts.
"""

from __future__ import annotations

import pytest
from bothwalks import kind, tool_module

HEAD = (
    "from helpers.errors import RepairableException\n"
    "from helpers.tool import Response, Tool\n\n\n"
    "class T(Tool):\n"
    "    async def execute(self, **kwargs):\n"
)
OK = '        return Response(message="ok", break_loop=False)\n'
KEYS = '("url", "selector")'
RAISE = '            raise RepairableException("missing")\n'


def presence(make_repo, run_cli, body: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    root = make_repo({"tools/t.py": HEAD + body})
    return {a["name"]: kind(a) for a in tool_module(run_cli, root)["arguments"]}


REQUIRED_FORMS = [
    f"        missing = [k for k in {KEYS} if k not in self.args]\n"
    '        if missing:\n            raise RepairableException(f"missing {missing}")\n' + OK,
    f"        if any(not self.args.get(k) for k in {KEYS}):\n" + RAISE + OK,
    f"        if not all(k in self.args for k in {KEYS}):\n"
    '            return Response(message="url and selector are required", break_loop=False)\n' + OK,
    f"        if any([k not in self.args for k in {KEYS}]):\n" + RAISE + OK,
    f"        if not all(self.args.get(k) for k in {KEYS}):\n" + RAISE + OK,
    f"        missing = {{k for k in {KEYS} if not self.args.get(k)}}\n"
    "        if missing:\n" + RAISE + OK,
    # read without being changed, or handed on by the raise that ends the call
    f"        missing = [k for k in {KEYS} if k not in self.args]\n"
    '        self.log(len(missing), ", ".join(missing))\n'
    "        if missing:\n            raise RepairableException(missing)\n" + OK,
]


@pytest.mark.parametrize("body", REQUIRED_FORMS)
def test_a_comprehension_check_over_literal_keys_requires_each_key(
    make_repo, run_cli, body: str
) -> None:
    assert presence(make_repo, run_cli, body) == {"url": "required", "selector": "required"}


@pytest.mark.parametrize(
    "body",
    [
        # the keys found missing, not tested where they are found
        f"        missing = [k for k in {KEYS} if not self.args.get(k)]\n"
        "        self.log(missing)\n" + OK,
        # emptied before the test: what it finds is not what the test sees
        f"        missing = [k for k in {KEYS} if k not in self.args]\n"
        "        missing.clear()\n        if missing:\n" + RAISE + OK,
        # handed to what may empty it, or to another name that may
        f"        missing = [k for k in {KEYS} if k not in self.args]\n"
        "        self.drop_defaults(missing)\n        if missing:\n" + RAISE + OK,
        f"        missing = [k for k in {KEYS} if k not in self.args]\n"
        "        other = missing\n        other.clear()\n        if missing:\n" + RAISE + OK,
        # an error on some calls only
        '        if self.args.get("strict"):\n'
        f"            if any(k not in self.args for k in {KEYS}):\n"
        '                raise RepairableException("missing")\n' + OK,
    ],
)
def test_a_comprehension_test_not_known_to_refuse_leaves_requiredness_unknown(
    make_repo, run_cli, body: str
) -> None:
    found = presence(make_repo, run_cli, body)
    assert (found["url"], found["selector"]) == ("unknown", "unknown")


def test_none_of_the_keys_present_is_one_of_them_needed(make_repo, run_cli) -> None:
    body = f"        if not any(k in self.args for k in {KEYS}):\n" + RAISE + OK
    assert presence(make_repo, run_cli, body) == {
        "url": "one of selector",
        "selector": "one of url",
    }


@pytest.mark.parametrize(
    "body",
    [
        f"        values = {{k: self.args.get(k) for k in {KEYS}}}\n"
        "        return Response(message=str(values), break_loop=False)\n",
        f"        values = [self.args.get(k) for k in {KEYS}]\n"
        "        return Response(message=str(values), break_loop=False)\n",
        f"        given = {{k: self.args[k] for k in {KEYS} if k in self.args}}\n"
        "        return Response(message=str(given), break_loop=False)\n",
    ],
)
def test_a_comprehension_collecting_values_keeps_them_optional(
    make_repo, run_cli, body: str
) -> None:
    assert presence(make_repo, run_cli, body) == {"url": "optional", "selector": "optional"}


COMPANION = """# t.py DOX

## Runtime Contracts
- Arguments of `T`:
  - `url`: required. The page to open.
  - `selector`: required.
"""


@pytest.mark.parametrize("body", REQUIRED_FORMS[:3])
def test_the_fix_keeps_a_required_line_for_a_key_a_comprehension_checks(
    make_repo, run_cli, body: str
) -> None:
    root = make_repo({"tools/t.py": HEAD + body, "tools/t.py.dox.md": COMPANION})
    assert run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX").exit_code in (0, 1)
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    assert "  - `url`: required. The page to open." in companion
    assert "  - `selector`: required." in companion
    again = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "DOX111" not in again.output
