"""An argument item may name its argument as a link's text
(``[`seconds`](#seconds)``), as it may in bold: the item documents it, and
its facts are read."""

from __future__ import annotations

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

PROMPT = "### wait\nPause.\nargs: optional `seconds`\n"
ITEM = "  - `seconds`: optional integer, default `0`."


def _check(make_repo, run_cli, dox: str):
    root = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": dox,
            "prompts/agent.system.tool.wait.md": PROMPT,
        }
    )
    return run_cli(root, "check", "--no-cache")


def test_an_argument_named_by_a_link_is_documented(make_repo, run_cli) -> None:
    assert ITEM in WAIT_DOX
    for linked in ("[`seconds`](#seconds)", '[`seconds`](notes.md#seconds "the argument")'):
        dox = WAIT_DOX.replace("  - `seconds`:", f"  - {linked}:")
        result = _check(make_repo, run_cli, dox)
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), linked


def test_the_facts_of_an_argument_named_by_a_link_are_compared(make_repo, run_cli) -> None:
    dox = WAIT_DOX.replace(ITEM, "  - [`seconds`](#seconds): required integer.")
    result = _check(make_repo, run_cli, dox)
    assert result.exit_code == 1
    assert "`seconds`" in result.output and "required" in result.output
