"""A companion the configuration excludes is left out of every check: its
module's findings are not reported in it, and ``--fix`` never edits it."""

from __future__ import annotations

import pytest

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

DRIFTED = WAIT_PY.replace(
    "        return Response(", '        until = self.args["until"]\n        return Response('
)


@pytest.mark.parametrize("glob", ["tools/wait.py.dox.md", "*.dox.md", "wait.py.dox.md"])
def test_an_excluded_companion_is_neither_judged_nor_fixed(make_repo, run_cli, glob) -> None:
    root = make_repo(
        {
            "tools/wait.py": DRIFTED,
            "tools/wait.py.dox.md": WAIT_DOX,
            "doxtool.toml": f'extend-exclude = ["{glob}"]\ninternal-tools = ["wait"]\n',
        }
    )
    before = (root / "tools/wait.py.dox.md").read_bytes()
    for args in (["check"], ["check", "tools/wait.py"], ["check", "--only-paths", "tools/wait.py"]):
        result = run_cli(root, *args)
        assert result.exit_code == 0, (args, result.output)
        assert "wait.py.dox.md" not in result.output, (args, result.output)
    diff = run_cli(root, "check", "--diff")
    assert diff.exit_code == 0 and diff.output.strip() == "All checks passed.", diff.output
    fixed = run_cli(root, "check", "--fix")
    assert fixed.exit_code == 0, fixed.output
    assert (root / "tools/wait.py.dox.md").read_bytes() == before


def test_the_same_companion_not_excluded_is_judged(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "tools/wait.py": DRIFTED,
            "tools/wait.py.dox.md": WAIT_DOX,
            "doxtool.toml": 'extend-exclude = ["other.py.dox.md"]\ninternal-tools = ["wait"]\n',
        }
    )
    result = run_cli(root, "check")
    assert result.exit_code == 1
    assert "tools/wait.py.dox.md:14:1: DOX111 argument `until`" in result.output
