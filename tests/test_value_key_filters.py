"""A comprehension over literal keys that looks them up in what an argument
holds (``{k: updates[k] for k in ("description", "phases") if k in
updates}``) keeps the keys the value has: it tests no argument's presence,
so the argument stays optional with its default. One testing the arguments
dict itself (``[k for k in KEYS if k not in self.args]``) still leaves the
arguments it tests needed on some calls."""

from __future__ import annotations

from textwrap import dedent

import pytest
from bothwalks import WALKS, kinds_and_defaults

FILTERED = """\
updates = A.get("updates", {})
metadata = {k: updates[k] for k in ("description", "phases") if k in updates}
present = [k for k in ("title", "body") if k in updates]
absent = [k for k in ("title", "body") if not k in updates]
print(metadata, present, absent)
"""

ARGUMENTS_TESTED = """\
missing = [k for k in ("url", "selector") if k not in A]
print(missing)
"""


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_keys_looked_up_in_a_value_test_no_argument(run_cli, make_repo, walk: str) -> None:
    root = make_repo(WALKS[walk](dedent(FILTERED)))
    assert kinds_and_defaults(run_cli, root)["updates"] == ("optional", {})


def test_keys_looked_up_in_the_arguments_stay_in_doubt(run_cli, make_repo) -> None:
    root = make_repo(WALKS["tool"](dedent(ARGUMENTS_TESTED)))
    found = kinds_and_defaults(run_cli, root)
    assert found["url"] == ("unknown", "-"), found
    assert found["selector"] == ("unknown", "-"), found


def test_the_companion_keeps_the_default(run_cli, make_repo) -> None:
    code = dedent(
        """\
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                return await self._edit(self.args.get("updates", {}))

            async def _edit(self, updates):
                metadata = {k: updates[k] for k in ("description", "phases") if k in updates}
                return Response(message=str(metadata), break_loop=False)
        """
    )
    root = make_repo({"tools/t.py": code})
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/t.py.dox.md").read_text()
    assert "  - `updates`: optional object, default `{}`.\n" in text, text
