"""PRM001 names the profiles whose model is told of a core tool only where
that profile's tool listing shows the prompt file teaching it: a profile
wrapper that lists its tools by includes (as older forks' do) renders only
the files it includes, through the real CLI."""

from __future__ import annotations

import pytest
from samples import clean_files, tool_named

PROMPT = "prompts/agent.system.tool.wait.md"
OPS = "agents/ops/prompts"
TOLD = f"only the prompts of profile `ops` (`{OPS}/`) teach it"


def _prm001(make_repo, run_cli, wrapper: str | None) -> str:
    """The PRM001 report of a repository whose core tool `wait` is taught
    only by the `ops` profile's tool prompt, that profile's wrapper being
    ``wrapper`` (none: the core one, with its `{{tools}}` placeholder)."""
    files = {k: v for k, v in clean_files().items() if k != PROMPT}
    files.update(tool_named("sleep"))
    files[f"{OPS}/agent.system.tool.wait.md"] = "### wait\nPause for a while.\n"
    if wrapper is not None:
        files[f"{OPS}/agent.system.tools.md"] = wrapper
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM001")
    return result.output


def test_a_profile_listing_that_does_not_include_the_tool_prompt_does_not_teach_it(
    make_repo, run_cli
) -> None:
    """Before, PRM001 said the `ops` prompts taught `wait` although the `ops`
    listing renders only the sleep prompt it includes."""
    output = _prm001(make_repo, run_cli, "## Tools\n{{ include './agent.system.tool.sleep.md' }}\n")
    assert "tools/wait.py:4:1: PRM001 tool `wait` has no prompt in `prompts/`" in output, output
    assert "the model is never taught to call it" in output, output
    assert "profile" not in output, output


@pytest.mark.parametrize(
    "wrapper",
    [
        None,  # the core wrapper's `{{tools}}` renders the profile's tool prompts
        "## Tools\n{{tools}}\n",
        "## Tools\n{{ include './agent.system.tool.wait.md' }}\n",
        # an include doxtool cannot find: what the listing renders is not known
        "## Tools\n{{ include './agent.system.tool.sleep.md' }}\n{{ include 'extra.md' }}\n",
        # a condition: what the listing renders depends on the run
        "## Tools\n{{ include './agent.system.tool.sleep.md' }}\n{{if x}}more{{endif}}\n",
    ],
)
def test_a_profile_listing_that_may_show_the_tool_prompt_teaches_it(
    make_repo, run_cli, wrapper: str | None
) -> None:
    output = _prm001(make_repo, run_cli, wrapper)
    assert TOLD in output, output
