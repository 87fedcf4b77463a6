"""An optional argument read without a default (``kwargs.get("x")``) is
``null`` when absent, as ``kwargs.get("x", None)`` is: a companion may write
either, and a fix keeps the spelling it finds."""

from __future__ import annotations

import pytest
from samples import clean_files

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

DOX = "tools/wait.py.dox.md"
SECONDS = "  - `seconds`: optional integer, default `0`.\n"
READ = '        seconds = int(self.args.get("seconds", 0))\n'


@pytest.mark.parametrize("read", ['self.args.get("note")', 'self.args.get("note", None)'])
@pytest.mark.parametrize(
    "item", ["  - `note`: optional.\n", "  - `note`: optional, default `null`.\n"]
)
def test_a_null_default_agrees_written_or_left_out(
    make_repo, run_cli, read: str, item: str
) -> None:
    code = WAIT_PY.replace(READ, f"{READ}        note = {read}\n").replace(
        'f"waited {seconds}s"', 'f"waited {seconds}s {note}"'
    )
    text = WAIT_DOX.replace(SECONDS, SECONDS + item)
    root = make_repo({**clean_files(), "tools/wait.py": code, DOX: text})
    assert run_cli(root, "check", "--no-cache").output == "All checks passed.\n"
    # a rewrite of the block for another item keeps the spelling of this one
    (root / "tools/wait.py").write_text(code.replace('"seconds", 0', '"seconds", 5'))
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text() == text.replace("default `0`", "default `5`")
