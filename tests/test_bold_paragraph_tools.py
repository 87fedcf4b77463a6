"""A prompt teaching several tools in paragraphs that each open with the
tool's name in bold (``**image_gen** - Create images ... Parameters: prompt``),
outside any list, teaches them as the same items in a list do: no false
``PRM001`` for those tools; a bold word naming no tool changes nothing."""

from __future__ import annotations

from pathlib import Path

TOOL = """\
from helpers.tool import Response, Tool


class {cls}(Tool):
    async def execute(self, **kwargs):
        prompt = self.args.get("prompt", "").strip()
        if not prompt:
            return Response(message="Error: prompt is required", break_loop=False)
        return Response(message=prompt, break_loop=False)
"""

PROMPT = """\
**image_gen** - Create images from text. Parameters: prompt (required), style.

**music_gen** — Compose music. Parameters: prompt (required), duration.

**Key Usage Guidelines:**
- **AUTO-DETECT**: use these tools when the user asks for media
"""


def _files(prompt: str) -> dict[str, str]:
    return {
        "tools/image_gen.py": TOOL.format(cls="ImageGen"),
        "tools/music_gen.py": TOOL.format(cls="MusicGen"),
        "prompts/agent.system.tool.multimodal.md": prompt,
    }


def _prm001(run_cli, make_repo, prompt: str) -> list[str]:
    root: Path = make_repo(_files(prompt))
    result = run_cli(root, "check")
    assert "Traceback" not in result.output
    return [line for line in result.output.splitlines() if "PRM001" in line]


def test_paragraphs_opening_with_a_tools_bold_name_teach_it(run_cli, make_repo) -> None:
    assert _prm001(run_cli, make_repo, PROMPT) == []


def test_a_tool_named_by_no_paragraph_is_still_untaught(run_cli, make_repo) -> None:
    prompt = PROMPT.replace("**music_gen** — Compose music.", "Compose music with `music`.")
    found = _prm001(run_cli, make_repo, prompt)
    assert len(found) == 1 and "`music_gen`" in found[0]


def test_a_bold_name_later_in_a_paragraph_teaches_nothing(run_cli, make_repo) -> None:
    prompt = PROMPT.replace("**music_gen** — Compose music.", "Compose music with **music_gen**.")
    found = _prm001(run_cli, make_repo, prompt)
    assert len(found) == 1 and "`music_gen`" in found[0]


def test_a_bold_name_with_no_separator_after_it_teaches_nothing(run_cli, make_repo) -> None:
    prompt = PROMPT.replace("**music_gen** — Compose music.", "**music_gen** composes music.")
    found = _prm001(run_cli, make_repo, prompt)
    assert len(found) == 1 and "`music_gen`" in found[0]


def test_a_capitalised_label_names_no_tool(run_cli, make_repo) -> None:
    # ``**Music_gen:**`` is a label as ``**Note:**`` is, not the tool's name
    prompt = PROMPT.replace("**music_gen** — Compose music.", "**Music_gen:** compose music.")
    found = _prm001(run_cli, make_repo, prompt)
    assert len(found) == 1 and "`music_gen`" in found[0]
