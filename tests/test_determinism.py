"""Facts do not depend on the interpreter's string hashing (``PYTHONHASHSEED``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

RUNNER = """\
from helpers.tool import Tool, Response


class Runner(Tool):
    async def execute(self, **kwargs):
        runtime = self.args.get("runtime", "")
        if runtime in {"terminal", "python", "nodejs", "input", "output", "reset"}:
            return Response(message=runtime, break_loop=False)
        raise ValueError(f"unknown runtime {runtime}")
"""


def _inspect(root: Path, seed: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": str(seed)}
    result = subprocess.run(
        [sys.executable, "-m", "doxtool", "inspect", "tools/runner.py", "--json", "--root", "."],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def test_a_set_literal_enum_is_in_source_order_whatever_the_hash_seed(tmp_path: Path) -> None:
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "runner.py").write_text(RUNNER)
    outputs = {_inspect(tmp_path, seed) for seed in range(6)}
    assert len(outputs) == 1, "facts changed with the hash seed"
    (module,) = json.loads(outputs.pop())
    (argument,) = module["tools"][0]["arguments"]
    assert argument["enum"] == ["terminal", "python", "nodejs", "input", "output", "reset"]
