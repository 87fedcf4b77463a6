"""PRM011: prompt files that exist but cannot be read."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.findings import Finding
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import WAIT_DOX, WAIT_PY, with_files
from doxtool.run.context import Context

_WAIT_PROMPT = "### wait\nPause.\n"


class UnreadablePrompt(Rule):
    code = "PRM011"
    name = "prompt-unreadable"
    summary = "A prompt file exists but cannot be read as UTF-8 text"
    doc = """\
**What it checks.** Every Markdown file in a prompt directory can be read: a
regular file inside the repository, valid UTF-8, no NUL byte, not over the
size limit.

**Why it matters.** A prompt that cannot be read cannot be checked, and
without this finding it would drop out silently: the tool it teaches would
look as if it had no prompt at all. The framework, reading the same file,
may fail or teach the model nothing.

**Example.** `prompts/agent.system.tool.wait.md` saved as UTF-16, or a link
to a file outside the repository.
"""
    valid = [
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY,
                    "tools/wait.py.dox.md": WAIT_DOX,
                    "prompts/agent.system.tool.wait.md": _WAIT_PROMPT,
                }
            )
        )
    ]
    invalid = [
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY,
                    "tools/wait.py.dox.md": WAIT_DOX,
                    "prompts/agent.system.tool.wait.md": _WAIT_PROMPT + "\x00",
                }
            ),
            [Expect("prompts/agent.system.tool.wait.md", 3, "NUL")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for path, error in ctx.unreadable_prompts.items():
            yield self.finding(
                f"prompt file cannot be read: {error.message}",
                path,
                error.line,
                error.column,
                subject=f"{path}:unreadable",
            )


RULES: list[type[Rule]] = [UnreadablePrompt]
