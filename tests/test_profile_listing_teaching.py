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


def _prm001(make_repo, run_cli, wrapper: str | None, extra: dict[str, str] | None = None) -> str:
    """The PRM001 report of a repository whose core tool `wait` is taught
    only by the `ops` profile's tool prompt, that profile's wrapper being
    ``wrapper`` (none: the core one, with its `{{tools}}` placeholder), with
    the files ``extra`` besides."""
    files = {k: v for k, v in clean_files().items() if k != PROMPT}
    files.update(tool_named("sleep"))
    files[f"{OPS}/agent.system.tool.wait.md"] = "### wait\nPause for a while.\n"
    if wrapper is not None:
        files[f"{OPS}/agent.system.tools.md"] = wrapper
    files.update(extra or {})
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


SLEEP_ONLY = "## Tools\n{{ include './agent.system.tool.sleep.md' }}\n"
INCLUDES_WAIT = "Be brief.\n{{ include 'agent.system.tool.wait.md' }}\n"
RESPONSES_TOOLS = """\
import glob
import os

TOOL_PROMPT_PREFIX = "agent.system.tool."


def local_tool_prompts(prompt_dir: str) -> list[str]:
    return sorted(glob.glob(os.path.join(prompt_dir, f"{TOOL_PROMPT_PREFIX}*.md")))
"""


@pytest.mark.parametrize(
    "extra",
    [
        # the profile's own part of the main prompt includes the tool prompt
        {f"{OPS}/agent.system.main.specifics.md": INCLUDES_WAIT},
        # so does a core prompt file, which finds the profile's file first
        {"prompts/agent.system.main.md": INCLUDES_WAIT},
        # and a plugin's, through a file it includes
        {
            "plugins/p/plugin.yaml": "name: p\n",
            "plugins/p/prompts/agent.system.main.extras.md": "{{ include 'extras.md' }}\n",
            "plugins/p/prompts/extras.md": INCLUDES_WAIT,
        },
        # a plugin's prompts for `ops`, searched before the profile's own,
        # hold a wrapper that renders every tool prompt
        {
            "plugins/p/plugin.yaml": "name: p\n",
            "plugins/p/agents/ops/prompts/agent.system.tools.md": "## Tools\n{{tools}}\n",
        },
        # code makes every tool prompt file a function tool of the model's call
        {"helpers/responses_tools.py": RESPONSES_TOOLS},
    ],
)
def test_a_tool_prompt_rendered_outside_the_listing_teaches_the_profile(
    make_repo, run_cli, extra: dict[str, str]
) -> None:
    """Before, PRM001 said the model was never taught `wait`, although the
    framework renders the `ops` tool prompt there: the main prompt includes
    it, or a plugin's wrapper for `ops` is the one read."""
    output = _prm001(make_repo, run_cli, SLEEP_ONLY, extra)
    assert TOLD in output, output


def test_a_prompt_including_other_files_leaves_the_listing_deciding(make_repo, run_cli) -> None:
    """A main prompt whose includes are all known, none of them the tool
    prompt, a plugin's prompts for another profile, and code reading one
    tool prompt file by its name, change nothing."""
    extra = {
        "prompts/agent.system.main.md": "{{ include 'agent.system.main.role.md' }}\n",
        "prompts/agent.system.main.role.md": "You are an agent.\n",
        "plugins/p/plugin.yaml": "name: p\n",
        "plugins/p/agents/dev/prompts/agent.system.tools.md": "## Tools\n{{tools}}\n",
        "helpers/remote.py": 'PROMPTS = {"wait": "agent.system.tool.wait.md"}\n',
    }
    output = _prm001(make_repo, run_cli, SLEEP_ONLY, extra)
    assert "the model is never taught to call it" in output, output
    assert "profile" not in output, output
