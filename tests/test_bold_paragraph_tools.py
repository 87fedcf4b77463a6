"""A prompt teaching several tools in paragraphs that each open with the
tool's name in bold (``**image_gen** - Create images ... Parameters: prompt``),
outside any list, teaches them as the same items in a list do: no false
``PRM001`` for those tools; a bold word naming no tool changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

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


@pytest.mark.parametrize(
    "paragraph",
    [
        # a tool named by no paragraph is still untaught
        "Compose music with `music`.",
        # a bold name later in a paragraph teaches nothing
        "Compose music with **music_gen**.",
        # nor one with no separator after it
        "**music_gen** composes music.",
        # ``**Music_gen:**`` is a label as ``**Note:**`` is, not the tool's name
        "**Music_gen:** compose music.",
    ],
)
def test_a_paragraph_not_opening_with_the_bold_name_teaches_nothing(
    run_cli, make_repo, paragraph: str
) -> None:
    prompt = PROMPT.replace("**music_gen** — Compose music.", paragraph)
    found = _prm001(run_cli, make_repo, prompt)
    assert len(found) == 1 and "`music_gen`" in found[0]
