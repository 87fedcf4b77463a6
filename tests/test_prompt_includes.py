"""A prompt teaches what the files it includes teach (PRM001), found as the
framework finds them (helpers/files.py `read_prompt_file`): an include with
a directory part reads that path from the repository's root first, then
the file's name on the agent's search path; and a listing renders them
(PRM009, PRM010). Through the real CLI."""

from __future__ import annotations

from samples import WAIT_PROMPT, WRAPPER, clean_files

PROMPT = "prompts/agent.system.tool.wait.md"
PARTIAL = "prompts/partials/wait.md"
NOT_TAUGHT = (
    "tools/wait.py:4:1: PRM001 tool `wait` is taught by no prompt in `prompts/`; the model "
    "is never taught to call it (`prompts/agent.system.tool.wait.md` exists, but no `### wait` "
    "heading, example or list item in it names the tool: add one, or list it in "
    "`internal-tools`)"
)


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if not line.startswith(("Found ", "All "))]


def test_a_tool_prompt_teaches_what_the_file_it_includes_teaches(make_repo, run_cli) -> None:
    """Named from the root, or found by name after its directory holds none;
    also a second include in the included file, found in that directory."""
    for prompt, files in (
        ('{{ include "prompts/partials/wait.md" }}\n', {PARTIAL: WAIT_PROMPT}),
        ("{{ include './prompts/partials/wait.md' }}\n", {PARTIAL: WAIT_PROMPT}),
        (
            '{{ include "elsewhere/agent.system.wait.md" }}\n',
            {"prompts/agent.system.wait.md": WAIT_PROMPT},
        ),
        (
            '{{ include "prompts/partials/wait.md" }}\n',
            {
                PARTIAL: 'Pause.\n{{ include "wait.body.md" }}\n',
                "prompts/partials/wait.body.md": WAIT_PROMPT,
            },
        ),
    ):
        root = make_repo({**clean_files(), PROMPT: prompt, **files})
        for paths in ((), ("tools/wait.py",)):
            result = run_cli(root, "check", "--no-cache", "--select", "PRM001", *paths)
            assert (result.exit_code, result.output) == (0, "All checks passed.\n"), prompt


def test_an_included_file_teaching_no_tool_leaves_it_untaught(make_repo, run_cli) -> None:
    files = {
        **clean_files(),
        PROMPT: '{{ include "prompts/partials/wait.md" }}\n',
        PARTIAL: "Pause politely.\n",
    }
    root = make_repo(files)
    for paths in ((), ("tools/wait.py",)):
        result = run_cli(root, "check", "--no-cache", "--select", "PRM001", *paths)
        assert _findings(result.output) == [NOT_TAUGHT]


def test_an_include_doxtool_cannot_find_is_not_reported(make_repo, run_cli) -> None:
    """`partials/wait.md` is read from the root's `partials/`, then as
    `wait.md` from the prompt directories: neither holds it, so the file
    may be where doxtool does not look (the framework's base directory)."""
    for prompt in (
        '{{ include "partials/wait.md" }}\n',
        '{{ include "../shared/wait.md" }}\n',
        '## Tools\n{{ include "agent.system.tool.wait.extra.md" }}\n',
    ):
        files = {**clean_files(), PROMPT: prompt, PARTIAL: WAIT_PROMPT}
        root = make_repo(files)
        result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), prompt


def test_a_listing_renders_an_include_with_a_directory(make_repo, run_cli) -> None:
    """The wrapper's include of `prompts/partials/rules.md` counts toward
    the budget, exactly; one listing no tool shows the model none."""
    rules = "One call a message.\n"
    files = clean_files()
    files["prompts/agent.system.tools.md"] = '{{ include "prompts/partials/rules.md" }}\n' + WRAPPER
    files["prompts/partials/rules.md"] = rules
    size = len(rules) + 1 + len(WRAPPER) + len(WAIT_PROMPT)
    files["pyproject.toml"] = f"[tool.doxtool.profiles.default]\nbudget = {size - 1}\n"
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM009")
    assert [line.split(" (`profiles.")[0] for line in _findings(result.output)] == [
        "prompts/agent.system.tools.md:1:1: PRM009 tool listing of profile `default` renders "
        f"to {size} characters, over the budget of {size - 1}"
    ]
    files["prompts/agent.system.tools.md"] = '## Tools\n{{ include "prompts/partials/rules.md" }}\n'
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM010")
    assert _findings(result.output) == [
        "prompts/agent.system.tools.md:1:1: PRM010 tool listing wrapper has no `{{tools}}` "
        "placeholder and includes no tool prompt; the model would see no tools"
    ]
