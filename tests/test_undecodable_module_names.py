"""A tool module whose file name holds a byte that is not UTF-8 is reported
(DOX003, and DOX004 when it holds no tool), never an internal error: the
search for the tool modules importing it and a baseline of its findings
both take the name's own bytes."""

from __future__ import annotations

import json
import os

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

NAME = os.fsdecode(b"odd\xffname.py")


def _repo(make_repo):
    root = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": WAIT_DOX,
            "doxtool.toml": 'internal-tools = ["wait"]\n',
        }
    )
    (root / "tools" / NAME).write_text("LIMIT = 1\n", encoding="utf-8")
    return root


def test_a_module_without_a_tool_and_an_undecodable_name_is_reported(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    result = run_cli(root, "check", "--no-cache")
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert "tools/odd\\xffname.py:1:1: DOX004 tool module has no class deriving from " in "\n".join(
        lines
    )
    assert not any("internal error" in line for line in lines)


def test_a_baseline_keeps_a_finding_of_an_undecodable_name(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    written = run_cli(root, "baseline", "write")
    assert written.exit_code == 0, written.output
    data = json.loads((root / ".doxtool-baseline.json").read_bytes().decode("utf-8"))
    assert {entry["path"] for entry in data["findings"]} == {f"tools/{NAME}"}
    again = run_cli(root, "check", "--baseline", ".doxtool-baseline.json")
    assert again.exit_code == 0, again.output
    assert again.output.startswith("All checks passed.")
    kept = (root / ".doxtool-baseline.json").read_bytes()
    assert run_cli(root, "baseline", "write").exit_code == 0
    assert (root / ".doxtool-baseline.json").read_bytes() == kept
