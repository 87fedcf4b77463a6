"""PRM004 and a later heading of another tool's prompt naming a tool that
teaches it nothing (`### wait` over what `beep` answers): the prompt that
does teach that tool is held to its required arguments, not this section;
with no other prompt teaching it, the section is the only documentation and
is held to them."""

from __future__ import annotations

from samples import WAIT_PROMPT, clean_files, tool_named

from doxtool.rules.examples import WAIT_PY

LABEL_PY = WAIT_PY.replace(
    "        return Response(", '        label = self.args["label"]\n        return Response('
)
WAIT = "prompts/agent.system.tool.wait.md"
BEEP = "prompts/agent.system.tool.beep.md"
#: a section of beep's prompt saying what beep answers, under the name `wait`
SECTION = "\n### wait\nWhile the sound plays, the tool answers `Waited N seconds.`\n"


def _prm004(make_repo, run_cli, files: dict[str, str | None], *paths: str) -> list[str]:
    merged: dict[str, str | None] = {
        **clean_files(),
        **tool_named("beep"),
        "tools/wait.py": LABEL_PY,
    }
    merged[WAIT] = WAIT_PROMPT.replace("args: optional `seconds`", "args: `label`")
    merged.update(files)  # a path given None is left out
    root = make_repo({k: v for k, v in merged.items() if v is not None})
    output = run_cli(root, "check", "--no-cache", "--select", "PRM004", *paths).output
    return [line for line in output.splitlines() if " PRM004 " in line]


def test_a_section_teaching_nothing_leaves_the_check_to_the_tools_own_prompt(
    make_repo, run_cli
) -> None:
    beep = tool_named("beep")[BEEP] + SECTION
    assert _prm004(make_repo, run_cli, {BEEP: beep}) == []
    # a run over that prompt alone reads the one teaching the tool as well
    assert _prm004(make_repo, run_cli, {BEEP: beep}, BEEP) == []
    # the tool's own prompt is held to the argument
    assert _prm004(make_repo, run_cli, {BEEP: beep, WAIT: WAIT_PROMPT}) == [
        f"{WAIT}:1:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
        "is never taught"
    ]


def test_a_section_is_held_to_the_arguments_when_no_other_prompt_teaches_the_tool(
    make_repo, run_cli
) -> None:
    beep = tool_named("beep")[BEEP] + SECTION
    assert _prm004(make_repo, run_cli, {BEEP: beep, WAIT: None}) == [
        f"{BEEP}:8:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
        "is never taught"
    ]
    # one teaching something of the tool is its documentation too
    taught = beep + "args: `seconds`\n"
    assert _prm004(make_repo, run_cli, {BEEP: taught}) == [
        f"{BEEP}:8:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
        "is never taught"
    ]


def test_an_example_in_a_prompt_without_the_tools_heading_does_not_take_the_check(
    make_repo, run_cli
) -> None:
    # notes' prompt calls wait in an example but has no heading of wait:
    # nothing holds it to wait's arguments, so the section still is
    notes = tool_named("notes")
    call = '~~~json\n{"tool_name": "wait", "tool_args": {"seconds": 1}}\n~~~\n'
    notes["prompts/agent.system.tool.notes.md"] += "\nAfter saving, pause:\n" + call
    beep = tool_named("beep")[BEEP] + SECTION
    assert _prm004(make_repo, run_cli, {**notes, BEEP: beep, WAIT: None}) == [
        f"{BEEP}:8:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:7) "
        "is never taught"
    ]
