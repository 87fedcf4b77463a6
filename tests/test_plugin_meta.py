"""A directory of ``plugins/`` without a ``plugin.yaml``, beside plugins
that have one, is no plugin to Agent Zero (helpers/plugins.py lists only
directories holding the file): its prompts teach no agent and its tools
are never loaded. Where no plugin has the file, each directory is taken
for one, as what reads them is not known."""

from __future__ import annotations

import json

from samples import WAIT_PROMPT, clean_files

from doxtool.rules.examples import WAIT_PY

NAP = WAIT_PY.replace("WaitTool", "NapTool")


def _repo(junk_meta: bool, any_meta: bool = True) -> dict[str, str]:
    """A core ``nap`` tool taught only by ``plugins/junk``'s prompts, and a
    ``wait`` of junk's reading ``delay``, beside plugin ``a``."""
    files = {
        **clean_files(),
        "tools/nap.py": NAP,
        "plugins/a/prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        "plugins/junk/prompts/agent.system.tool.nap.md": WAIT_PROMPT.replace("wait", "nap"),
        "plugins/junk/tools/wait.py": WAIT_PY.replace('"seconds"', '"delay"'),
    }
    if any_meta:
        files["plugins/a/plugin.yaml"] = "name: a\n"
    if junk_meta:
        files["plugins/junk/plugin.yaml"] = "name: junk\n"
    return files


def _prm001(output: str) -> list[str]:
    return [line.split(": PRM001 ")[0] for line in output.splitlines() if ": PRM001 " in line]


def _wait_arguments(output: str) -> list[str]:
    tools = {t["function"]["name"]: t["function"] for t in json.loads(output)}
    return sorted(tools["wait"]["parameters"]["properties"])


def test_an_undeclared_plugin_teaches_nothing_and_loads_no_tool(make_repo, run_cli) -> None:
    root = make_repo(_repo(junk_meta=False))
    result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
    assert _prm001(result.output) == ["tools/nap.py:4:1"], result.output
    # the framework runs the core wait: junk's is never loaded
    schema = run_cli(root, "schema")
    assert _wait_arguments(schema.output) == ["seconds"], schema.output


def test_a_declared_plugin_teaches_and_shadows(make_repo, run_cli) -> None:
    root = make_repo(_repo(junk_meta=True))
    result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
    assert _prm001(result.output) == [], result.output
    schema = run_cli(root, "schema")
    assert _wait_arguments(schema.output) == ["delay"], schema.output


def test_without_any_plugin_yaml_every_directory_is_a_plugin(make_repo, run_cli) -> None:
    root = make_repo(_repo(junk_meta=False, any_meta=False))
    result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
    assert _prm001(result.output) == [], result.output


def test_a_plugin_prompt_for_one_profile_is_named_as_that_profile_s(make_repo, run_cli) -> None:
    # helpers/subagents.py searches plugins/<p>/agents/<profile>/prompts for that profile
    files = {
        **clean_files(),
        "plugins/a/plugin.yaml": "name: a\n",
        "plugins/a/tools/nap.py": NAP,
        "plugins/a/agents/ops/prompts/agent.system.tool.nap.md": WAIT_PROMPT.replace("wait", "nap"),
    }
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
    assert [line for line in result.output.splitlines() if "PRM001" in line] == [
        "plugins/a/tools/nap.py:4:1: PRM001 tool `nap` has no prompt in `prompts/`; only the "
        "prompts of profile `ops` (`plugins/a/agents/ops/prompts/`) teach it, so agents of "
        "other profiles are never taught to call it (add `prompts/agent.system.tool.nap.md`, or "
        "list it in `internal-tools`)"
    ], result.output
