"""PRM009, PRM010: the tool listing a profile renders (within its budget, its
wrapper holding the `{{tools}}` placeholder)."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.findings import WARNING, Finding
from doxtool.prompts.sets import WRAPPER_FILE
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.tool_prompts import (
    wait_files,
)
from doxtool.run.context import Context


class ListingOverBudget(Rule):
    code = "PRM009"
    name = "listing-over-budget"
    summary = "A profile's rendered tool listing is larger than its budget"
    severity = WARNING
    doc = """\
**What it checks.** For each profile given a `budget` in the configuration
(there is none by default), the tool listing it renders (the wrapper plus
every tool prompt in effect for the profile) stays within that many
characters. The message names the setting the figure comes from.

**Why it matters.** Small local models have small context windows; the
`tiny-local` profile exists because the full listing crowds out the task.

**Example.** `[tool.doxtool.profiles.tiny-local] budget = 6000` and the
listing renders to 9,412 characters.
"""
    valid = [Example(wait_files())]
    invalid = [
        Example(
            wait_files({"pyproject.toml": "[tool.doxtool.profiles.default]\nbudget = 50\n"}),
            [Expect("prompts/agent.system.tools.md", 1, "over the budget")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt_set in ctx.prompt_sets:
            if prompt_set.kind == "plugin":
                continue
            name = prompt_set.name if prompt_set.kind == "profile" else "default"
            budget = ctx.config.profile(name).budget
            if not budget:
                continue
            anchor = prompt_set.anchor()
            if anchor is None or not ctx.prompt_in_scope(anchor):
                continue
            size = sum(
                len(ctx.prompt_text(path))
                for file_name, path in prompt_set.files.items()
                if file_name == WRAPPER_FILE or file_name.startswith("agent.system.tool.")
            )
            if size > budget:
                where = ctx.config.source or "the configuration"
                yield self.finding(
                    f"tool listing of profile `{name}` renders to {size} characters, over the "
                    f"budget of {budget} (`profiles.{name}.budget` in {where})",
                    anchor,
                    subject=f"{prompt_set.directory}:budget",
                )


class WrapperWithoutPlaceholder(Rule):
    code = "PRM010"
    name = "wrapper-without-placeholder"
    summary = "The tool listing wrapper has no `{{tools}}` placeholder"
    doc = """\
**What it checks.** Every `agent.system.tools.md` contains the `{{tools}}`
placeholder that the framework fills with the tool prompts.

**Why it matters.** Without it the model sees the rules of tool use but not a
single tool.

**Example.** A wrapper edited down to its rules, placeholder lost.
"""
    valid = [Example(wait_files())]
    invalid = [
        Example(
            {**wait_files(), "prompts/agent.system.tools.md": "## Tools\nUse only listed tools.\n"},
            [Expect("prompts/agent.system.tools.md", 1, "`{{tools}}`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        seen: set[str] = set()
        for prompt_set in ctx.prompt_sets:
            wrapper = prompt_set.own_files().get(WRAPPER_FILE)
            if wrapper is None or wrapper in seen or not ctx.prompt_in_scope(wrapper):
                continue
            seen.add(wrapper)
            doc = ctx.prompt(wrapper)
            if doc is not None and not doc.has_tools_placeholder:
                yield self.finding(
                    "tool listing wrapper has no `{{tools}}` placeholder; the model would see "
                    "no tools",
                    wrapper,
                    subject=f"{wrapper}:placeholder",
                )


RULES: list[type[Rule]] = [
    ListingOverBudget,
    WrapperWithoutPlaceholder,
]
