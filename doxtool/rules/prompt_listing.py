"""PRM009, PRM010: the tool listing a profile renders (within its budget, its
wrapper holding the `{{tools}}` placeholder)."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.findings import WARNING, Finding
from doxtool.prompts.listing import (
    SPACED_TOOLS_RE,
    has_variables,
    included_files,
    render_listing,
)
from doxtool.prompts.rowleads import leading_names, line_listed_names
from doxtool.prompts.sets import WRAPPER_FILE, PromptSet, tool_key
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.prompt_includes import search_of, whole_text
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
(there is none by default; `profiles.default.budget` is the default
profile's own, not one for profiles given none), the tool listing it renders stays within that
many characters: the wrapper, its includes resolved as the framework
resolves them for the profile (its own prompt directory, then the plugins',
then the core one), and for its `{{tools}}` placeholder (also in an included
file, such as the core wrapper under `{{ include original }}`) every tool prompt in
effect for the profile, plugin prompts included (but for a plugin turned off
by a `.toggle-0` file in its directory, or, when `usr` is read, by the
user's `usr/plugins/<name>/.toggle-0`, on again by its `.toggle-1`). The
message names the
setting the figure comes from.

What doxtool cannot know counts for nothing: `{{if ...}}` blocks, template
variables, and includes it cannot find. A listing with such parts is
reported only when what it renders for certain is over the budget, and the
message says "at least".

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
        seen: set[tuple[str, str]] = set()
        for prompt_set in ctx.prompt_sets:
            if prompt_set.kind == "plugin":
                continue
            name = prompt_set.name if prompt_set.kind == "profile" else "default"
            # a budget is the profile's own: ``profiles.default`` is the
            # default prompt set's (agents/default/), not one for every profile
            own = ctx.config.profiles.get(name)
            budget = own.budget if own is not None else 0
            if not budget:
                continue
            anchor = prompt_set.anchor()
            if anchor is None or not ctx.prompt_in_scope(anchor) or (anchor, name) in seen:
                continue  # a `default` profile of the core files only: the core listing
            seen.add((anchor, name))
            search = search_of(ctx, prompt_set)
            wrapper = prompt_set.wrapper()
            if search.find(WRAPPER_FILE) != wrapper:
                continue  # a plugin's wrapper may be the one read: which is not known
            listing = render_listing(wrapper, search, lambda path: whole_text(ctx, path))
            if listing.size > budget:
                where = ctx.config.source or "the configuration"
                size = f"{listing.size}" if listing.exact else f"at least {listing.size}"
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
placeholder that the framework fills with the tool prompts, or includes a
tool prompt (`{{ include "agent.system.tool.response.md" }}`, also through
another included file): a wrapper that lists its tools by includes has its
listing, and so has one that lists them itself (a list item or a table row
opening with the name of a tool there is, in backticks or not: `- `response`:
final answer; args `text``, `- wait: pause`, `| `wait` | `seconds` | pause |`;
an example calling one, a heading naming one). A wrapper whose includes
doxtool cannot all find, or that holds a template variable (which may carry
the tools), is not reported. The framework fills the placeholder only as written
(helpers/files.py `replace_placeholders_text`): `{{ tools }}`, with blanks, stays text.

**Why it matters.** Without it the model sees the rules of tool use but not a
single tool.

**Example.** A wrapper edited down to its rules, placeholder lost.
"""
    valid = [
        Example(wait_files()),
        Example(
            {
                **wait_files(),
                "prompts/agent.system.tools.md": (
                    '## Tools\n{{ include "agent.system.tool.wait.md" }}\n'
                ),
            }
        ),
        # a listing written by hand: a tool's name opens an item or a row
        Example({**wait_files(), "prompts/agent.system.tools.md": "## Tools\n- wait: pause\n"}),
        Example(
            {
                **wait_files(),
                "prompts/agent.system.tools.md": (
                    "## Tools\n| Tool | Use |\n|---|---|\n| `wait` | pause |\n"
                ),
            }
        ),
    ]
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
            if (
                doc is None
                or doc.has_tools_placeholder
                or _may_list_tools(ctx, wrapper, prompt_set)
            ):
                continue
            spaced = SPACED_TOOLS_RE.search(ctx.prompt_text(wrapper))
            hint = (
                f" (`{spaced.group(0)}` is not filled: the framework replaces only "
                "`{{tools}}` exactly as written)"
                if spaced
                else ""
            )
            yield self.finding(
                "tool listing wrapper has no `{{tools}}` placeholder and includes no tool "
                f"prompt; the model would see no tools{hint}",
                wrapper,
                subject=f"{wrapper}:placeholder",
            )


def _may_list_tools(ctx: Context, wrapper: str, prompt_set: PromptSet) -> bool:
    """Whether the wrapper may show the model a tool besides through
    `{{tools}}`: it teaches one itself, includes a tool prompt (a file so
    named, or one that names a tool), includes what doxtool cannot find, or
    holds a variable."""
    if has_variables(ctx.prompt_text(wrapper)) or _teaches_a_tool(ctx, wrapper, prompt_set):
        return True
    search = search_of(ctx, prompt_set)
    includes = included_files(wrapper, search, lambda path: whole_text(ctx, path))
    if not includes.known:
        return True
    for path in includes.files:
        doc = ctx.prompt(path)
        if tool_key(path.rpartition("/")[2]) is not None or (
            doc is not None and (doc.tools or doc.listed or doc.has_tools_placeholder)
        ):
            return True
    return False


def _teaches_a_tool(ctx: Context, wrapper: str, prompt_set: PromptSet) -> bool:
    """Whether the wrapper lists a tool itself: an example calls it, a heading
    names it or opens with its name (``### wait: pause``), or a list item or
    a table row opens with the name of a tool the prompt set has, in
    backticks or not (``- `response`: final answer; args `text```, ``- wait:
    pause``, ``- wait`` alone, ``| `response` | `text` | ... |``). A list of
    other names (``- `tool_name```, ``- `tool_args```) or a call in an
    example's arguments alone teaches none."""
    doc = ctx.prompt(wrapper)
    if doc is None:
        return False
    if any(tool.source != "nested" for tool in doc.tools):
        return True
    names = [item.name for item in doc.listed]
    names += leading_names(ctx.prompt_text(wrapper))
    if any(ctx.tool_module(name, prompt_set) is not None for name in dict.fromkeys(names)):
        return True
    # ``Tools: wait, search, response``: a line naming two tools or more
    return any(
        sum(ctx.tool_module(name.split(":", 1)[0], prompt_set) is not None for name in line) > 1
        for line in line_listed_names(ctx.prompt_text(wrapper))
    )


RULES: list[type[Rule]] = [
    ListingOverBudget,
    WrapperWithoutPlaceholder,
]


#: the rules reporting a tool listing at its anchor, the file a listing's
#: size and placeholder are told at whichever of its files changed
LISTING_CODES = frozenset({ListingOverBudget.code, WrapperWithoutPlaceholder.code})
