"""PRM004, through the real CLI, for a call written in XML in a paragraph
(``<wait><label>x</label></wait>``; a tag with ``_``, ``<tool_call>``, is no
HTML block to markdown): the model reads its elements, so a required
argument given as one is named."""

from __future__ import annotations

from samples import clean_files

from doxtool.rules.examples import WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"
LABEL_PY = WAIT_PY.replace(
    "        return Response(", '        label = self.args["label"]\n        return Response('
)


def _prm004(make_repo, run_cli, prose: str) -> list[str]:
    files = clean_files()
    files["tools/wait.py"] = LABEL_PY
    files[PROMPT] = f"### wait\nPause.\n{prose}\n"
    result = run_cli(make_repo(files), "check", "--select", "PRM004")
    return [line for line in result.output.splitlines() if " PRM004 " in line]


def test_an_element_of_a_call_in_xml_in_prose_names_an_argument(make_repo, run_cli) -> None:
    for prose in (
        "call it as <wait><label>lunch</label></wait>",
        "<tool_call>\n<tool_name>wait</tool_name>\n<label>lunch</label>\n</tool_call>",
    ):
        assert _prm004(make_repo, run_cli, prose) == [], prose
    # HTML markup, or an element on a line about what comes back, names none
    for prose in ("shows a <b>label</b> text", "Returns: <label>lunch</label>"):
        assert _prm004(make_repo, run_cli, prose) == [
            f"{PROMPT}:1:5: PRM004 required argument `label` of `wait` (read at "
            "tools/wait.py:7) is never taught"
        ], prose
