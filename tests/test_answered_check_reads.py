"""Reads past a check answered by a call (``if not self.args.get("d"): return
await self.other()``) at the top of ``execute``: a missing ``d`` takes the
call's way, so a read there that raises without ``d`` (``self.args["d"]``)
never runs without it; one of another key runs on the calls that give ``d``
only. Whether the call refuses is the tool's resolution's to say
(:mod:`~doxtool.python.returns`): a call that always gives a ``Response`` may
refuse or handle, which the code does not say (``required or optional``); a
call that gives something else handles the value (optional). A check a
missing key passes (``if d == ""``) leaves the read on every call.
"""

from __future__ import annotations

import pytest
from bothwalks import execute_facts

OTHER = (
    "\n    async def other(self):\n"
    '        return Response(message="listed", break_loop=False)\n'
    "\n    def plain(self):\n"
    '        return {"listed": True}\n'
)
DONE = '        return Response(message="done", break_loop=False)\n'

#: the body of ``execute`` -> each argument's kind and default (``-``: none)
SHAPES: dict[str, tuple[str, dict[str, tuple[str, object]]]] = {
    "a call that gives other values, then the key read": (
        '        if not self.args.get("d"):\n            return self.plain()\n'
        '        print(self.args["d"])\n' + DONE,
        {"d": ("optional", "-")},
    ),
    "a call that gives other values, then the key read in a block": (
        '        if "d" not in self.args:\n            return self.plain()\n'
        '        with open("f"):\n            print(self.args["d"])\n' + DONE,
        {"d": ("optional", "-")},
    ),
    "a call that gives a Response, then the key read": (
        '        if not self.args.get("d"):\n            return await self.other()\n'
        '        print(self.args["d"])\n' + DONE,
        {"d": ("unknown", "-")},
    ),
    "a name tested for None, then the key read": (
        '        d = self.args.get("d")\n        if d is None:\n'
        '            return await self.other()\n        print(self.args["d"])\n' + DONE,
        {"d": ("unknown", "-")},
    ),
    "another key read past the call": (
        '        if not self.args.get("d"):\n            return self.plain()\n'
        '        print(self.args["e"])\n' + DONE,
        {"d": ("optional", "-"), "e": ("unknown", "-")},
    ),
    "a key of a value read past the call": (
        '        data = self.args.get("issue", {})\n'
        '        if not self.args.get("x"):\n            return await self.other()\n'
        '        print(data["title"])\n' + DONE,
        {"issue": ("unknown", "-"), "x": ("unknown", "-")},
    ),
    # a missing ``d`` (None) passes ``d == ""``: the read runs without it
    "a check a missing key passes": (
        '        if self.args.get("d") == "":\n            return await self.other()\n'
        '        print(self.args["d"])\n' + DONE,
        {"d": ("required", "-")},
    ),
    "an error response, then the key read": (
        '        if not self.args.get("d"):\n'
        '            return Response(message="d is needed", break_loop=False)\n'
        '        print(self.args["d"])\n' + DONE,
        {"d": ("required", "-")},
    ),
    "a raise, then the key read": (
        '        if not self.args.get("d"):\n            raise ValueError("d")\n'
        '        print(self.args["d"])\n' + DONE,
        {"d": ("required", "-")},
    ),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_read_past_a_check_answered_by_a_call(make_repo, run_cli, shape: str) -> None:
    body, expected = SHAPES[shape]
    assert execute_facts(make_repo, run_cli, body + OTHER) == expected
