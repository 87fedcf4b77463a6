"""PRM004: every argument a tool's code requires is taught by the prompt
that documents the tool (or by one a profile with tools of its own inherits).

What else prompts teach against the code (PRM002, PRM003) is
:mod:`.prompt_teaching`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from doxtool.core.findings import Finding
from doxtool.prompts.argtext import listed_arguments, worded_arguments
from doxtool.prompts.listing import ORIGINAL_RE
from doxtool.prompts.model import PromptDoc
from doxtool.prompts.schema import alternative_groups
from doxtool.prompts.sets import PromptSet
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import WAIT_PY
from doxtool.rules.flattened_calls import flattened_arguments
from doxtool.rules.tool_prompts import (
    METHOD_ARGUMENT,
    METHOD_KEY,
    PROMPT,
    inherited_prompts,
    prompt_files,
    tool_facts,
    wait_files,
    with_tool_values,
)
from doxtool.run.communication import search_of
from doxtool.run.context import Context


class RequiredArgumentNotTaught(Rule):
    code = "PRM004"
    name = "required-argument-not-taught"
    summary = "A tool's required argument is never taught by its prompt"
    doc = """\
**What it checks.** Every argument the code requires (read with `args["x"]`
outside a membership guard, or an `execute` parameter without a default) is
named by the prompt that documents the tool: taught (an `args:` line, a list,
a table, an example key), or named in the tool's section: in backticks
(`download the page at the given `url``, `` `tool_args.url` ``, a JSON key
in quotes, `` `"url"` ``, or where only a name goes in a span: `` `url=https://a.b` ``,
`` `fetch(url="...")` ``, `` `{"url": "..."}` ``), as a key of a JSON block
showing a call's arguments alone (no `tool_name` nor `tool_args`), in bold
(`**url**: ...`), opening an item of a list under a `Parameters:` or
`Arguments:` lead (`* url (string, required): ...`, `- url *(required)*: ...`), as a key under
`tool_args:` in a YAML block, as a word of an `args` line written without
backticks (`args: url, optional timeout`, `args url timeout`, `common args:
action url`), bare in the first cell of a table's row (`| url | the page |`),
or bare where only a name goes: a call's parameters (`fetch(url, timeout)`),
`url=<page>`, a brace object's keys (`{ url: string }`), a list item opening
with it (`- url: the page`, not under a lead such as `Notes:`) and the words
of an arguments line spelled otherwise (`Parameters: url`, `参数：url`,
`Required: url`, `Takes: url, timeout`, `Args — url, timeout`), a name a
sentence calls a field or sets in quotes (`the url field is required`,
`set "url" to the page`), or a
definition list's term (`url` on its line, `: the page` on the next), or
where only a name goes in a code block of another language than JSON
(`fetch(url="...")`, `<arg name="url">`, `<url>...</url>`, `{ url: string
}`, raw XML too; not in HTML markup, a block whose tags are all HTML's,
`<details><summary>More</summary>`, `<br>`, `<a href="...">`), or an
element holding a value in a paragraph that is no HTML markup (a call in
XML written in prose, `<fetch><url>https://a.b</url></fetch>`), or in a JSON
Schema's `properties`; not on a line about what the tool returns or what not
to send.
Such a bare word is named, not taught: `PRM003` does not hold the tool to it.

An example giving the arguments beside `tool_name` instead of under
`tool_args` (`{"tool_name": "wait", "label": "x"}`) shows them, out of
place: where the framework rejects such a call, `PRM007` says it lacks
`tool_args`, and the arguments count as named; where it runs the tool
without them, they do not.

**Why it matters.** The model cannot send what it was never told about; every
call then fails on the missing key.

**Example.** `tools/scheduler.py` reads `args["name"]`; the prompt never
mentions `name`.

A name an `args:` line writes in backticks where doxtool reads a value
(`` `runtime` `python` ``, `` `encoding`, default `utf-8` ``) is named in
backticks in the tool's section too, so it counts as taught: whether it is a
value is not known for sure.

A prompt that includes other files (`{{ include "x.md" }}`, or a profile's
override including the file it overrides, `{{ include original }}`) is not checked:
what they teach is not read (with no file of that name after it, a core
prompt's or a profile's own, `{{ include original }}` renders nothing: such a
file is checked); nor is a tool whose example's arguments a
template fills (`"tool_args": {{fetch_args}}`, a key `"{{arg_name}}"`, or
`{{more_args}}` where a key goes): the framework renders a value doxtool
does not know. Under a `### tool:method` heading `action` is
taught, and so it is when an example's `tool_name`, a list item or a
backticked name gives the tool with a method (`todo:add`): the framework
fills it from the method.

A profile's own tool with no prompt of its own under that file name is
taught by the prompt the profile inherits (core or plugin): its required
arguments are checked against that prompt too, and the message names the
profile.

A later heading of a prompt naming another tool that teaches it nothing (no
argument under it, no example calling it: `### response` over what `fetch`
answers, in `fetch`'s prompt) is not held to that tool's required arguments
when another prompt of the same set teaches the tool: that prompt is.
"""
    valid = [
        Example(wait_files()),
        # a keyword of a call in a Python block
        Example(
            {
                **wait_files(),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        label = self.args["label"]\n        return Response(',
                ),
                PROMPT: '### wait\nPause.\n```python\nwait(label="x")\n```\n',
            }
        ),
        # an example in an indented code block, and one in single quotes
        Example(
            {
                **wait_files(),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        label = self.args["label"]\n        return Response(',
                ),
                PROMPT: "### wait\nPause:\n\n"
                '    {"tool_name": "wait", "tool_args": {"label": "x"}}\n\n'
                "Or: `{'tool_name': 'wait', 'tool_args': {'label': 'x'}}`\n",
            }
        ),
        # a JSON key in quotes in a code span
        Example(
            {
                **wait_files(),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        label = self.args["label"]\n        return Response(',
                ),
                PROMPT: '### wait\nPause; send a `"label"` string.\n',
            }
        ),
        # a definition list's term
        Example(
            {
                **wait_files(),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        label = self.args["label"]\n        return Response(',
                ),
                PROMPT: "### wait\nPause.\n\nlabel\n: what to show\n",
            }
        ),
        # an ``args`` line naming it without backticks, as real prompts write it
        Example(
            {
                **wait_files(),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        label = self.args["label"]\n        return Response(',
                ),
                PROMPT: "### wait\nPause.\nargs: label, optional seconds\n",
            }
        ),
        # a terse prompt writing the call's shape bare
        Example(
            {
                **wait_files(),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        label = self.args["label"]\n        return Response(',
                ),
                PROMPT: "### wait\nPause: wait(label, seconds)\n",
            }
        ),
        # an element of a call written in XML, though HTML has one so named
        Example(
            {
                **wait_files(),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        summary = self.args["summary"]\n        return Response(',
                ),
                PROMPT: "### wait\nPause.\n\n<wait>\n<summary>Done</summary>\n</wait>\n",
            }
        ),
        Example(
            {
                **wait_files(),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        label = self.args["label"]\n        return Response(',
                ),
                PROMPT: wait_files()[PROMPT]
                + '\n{{ include "agent.system.tool.wait.label.md" }}\n',
            }
        ),
    ]
    invalid = [
        Example(
            {
                **wait_files(),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        label = self.args["label"]\n        return Response(',
                ),
            },
            [Expect(PROMPT, 1, "`label`")],
        ),
        # a profile's own wait, taught by the core prompt it inherits
        Example(
            wait_files(
                {
                    "agents/ops/tools/wait.py": WAIT_PY.replace(
                        "        return Response(",
                        '        label = self.args["label"]\n        return Response(',
                    ),
                    "agents/ops/prompts/agent.system.main.md": "You run operations.\n",
                }
            ),
            [Expect(PROMPT, 1, "which profile `ops` runs with this prompt")],
        ),
        # HTML markup names no argument: ``<summary>`` is not `summary`
        Example(
            {
                **wait_files(),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        summary = self.args["summary"]\n        return Response(',
                ),
                PROMPT: "### wait\nPause.\n\n<details>\n<summary>More</summary><br>\n</details>\n",
            },
            [Expect(PROMPT, 1, "`summary`")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx, own_only=True):
            yield from self._untaught(ctx, prompt.path, prompt.doc, prompt.prompt_set, None)
        for path, doc, prompt_set, own_tools in inherited_prompts(ctx):
            if not ctx.read_in_part(path):  # PRM011 reports it
                yield from self._untaught(ctx, path, doc, prompt_set, own_tools)

    def _untaught(
        self,
        ctx: Context,
        path: str,
        doc: PromptDoc,
        prompt_set: PromptSet,
        own_tools: list[str] | None,
    ) -> Iterator[Finding]:
        """The required arguments of the tools ``doc`` documents (in
        ``prompt_set``) that it never names; with ``own_tools``, of those of
        the profile's own tools only, which it runs with this inherited prompt."""
        text = ctx.prompt_text(path)
        if doc.includes or _includes_original(ctx, path, text, prompt_set):
            # what the included files teach (the file a profile's override
            # includes with ``{{ include original }}`` too) is not known here
            return
        taught_all = {a.name for a in doc.arguments}
        # ``use url arg for the page address``: the file's sentences, once
        worded = worded_arguments(text)
        starts = sorted({h.line for h in doc.tools if h.source in ("heading", "title")})
        lines = re.split(r"\r\n?|\n", text)
        for heading in doc.tools:
            if heading.source not in ("heading", "title"):
                continue
            found = tool_facts(ctx, heading.name, prompt_set)
            if found is None or (own_tools is not None and found[0] not in own_tools):
                continue
            if heading.line != starts[0] and _taught_elsewhere(
                ctx, path, doc, prompt_set, heading.name
            ):
                continue  # ``### response`` over what ``fetch`` answers: its own prompt is checked
            module, tool = found
            if _arguments_templated(doc, heading.name):
                continue  # ``"tool_args": {{fetch_args}}``: what it teaches is not known
            runs, profile = "", ""
            if own_tools is not None:
                runs = f", which profile `{prompt_set.name}` runs with this prompt"
                profile = f":{prompt_set.name}"
            taught = {a.name for a in doc.arguments_of(heading.name)} or taught_all
            # ``- `document`: one path or a list`` names an argument as well
            taught = taught | {t.name for t in doc.listed if not t.plain}
            # a name in backticks in the tool's prose (``the given `url```)
            mentioned = {m.name for m in doc.mentions if m.tool in (heading.name, None)}
            taught |= mentioned
            taught |= worded
            # ``Required: url``: in the tool's own section (to the next tool's title)
            taught |= listed_arguments(_section(lines, heading.line, starts))
            # ``{"tool_name": "wait", "seconds": 5}``: shown, out of place (PRM007)
            taught |= flattened_arguments(ctx, doc, prompt_set, heading.name)
            if (
                ":" in heading.name
                or METHOD_KEY in taught
                or _method_called(doc, heading.name, mentioned)
            ):
                # the framework fills it from the method (``tool:method``, or
                # ``tool_args.method`` when no ``action`` is given)
                taught.add(METHOD_ARGUMENT)
            for group in alternative_groups(tool):
                # one of them is needed: teaching any one is enough
                if taught.isdisjoint(group):
                    names = ", ".join(f"`{name}`" for name in group)
                    yield self.finding(
                        f"one of {names} of `{heading.name}` is required "
                        f"(read at {module}{runs}) but none is taught",
                        path,
                        heading.line,
                        heading.column,
                        subject=f"{path}:{heading.name}:one-of:{','.join(group)}{profile}",
                    )
            for arg in tool.arguments:
                if arg.required and arg.name not in taught:
                    read = arg.where(module)
                    yield self.finding(
                        f"required argument `{arg.name}` of `{heading.name}` "
                        f"(read at {read}{runs}) is never taught",
                        path,
                        heading.line,
                        heading.column,
                        subject=f"{path}:{heading.name}:required:{arg.name}{profile}",
                    )


def _teaches(doc: PromptDoc, tool: str) -> bool:
    """Whether ``doc`` teaches ``tool`` something: an argument under its
    heading, or an example calling it (``tool:method`` too)."""
    return bool(doc.arguments_of(tool)) or any(
        (e.tool_name or "").split(":", 1)[0] == tool for e in doc.examples
    )


def _taught_elsewhere(
    ctx: Context, path: str, doc: PromptDoc, prompt_set: PromptSet, tool: str
) -> bool:
    """Whether a later heading naming ``tool`` in the prompt at ``path``
    teaches it nothing (no argument under it, no example calling it) while
    another prompt file in effect for ``prompt_set``, one with a heading of
    ``tool`` that is itself held to them, does (in a run over
    some paths too, whichever files it checks): a section of another tool's
    prompt (``### response`` over what ``fetch`` answers) is no
    documentation of ``tool`` to hold its required arguments to; the prompt
    that teaches it is checked for them."""
    if _teaches(doc, tool):
        return False
    for name, other in prompt_set.files.items():
        if other == path or not name.startswith("agent.system.tool"):
            continue
        found = ctx.prompt(other)
        if found is None or ctx.read_in_part(other):
            continue
        headed = any(h.name == tool and h.source in ("heading", "title") for h in found.tools)
        # only a prompt with the tool's own heading is held to its arguments
        if headed and _teaches(with_tool_values(ctx, found, prompt_set), tool):
            return True
    return False


def _method_called(doc: PromptDoc, tool: str, mentioned: set[str]) -> bool:
    """Whether the prompt teaches ``tool`` by ``tool:method`` names (an example's
    ``tool_name``, a list item's or a mention's ```todo:add```): each such
    call carries ``action``, which the framework fills from the method
    (helpers/extract_tools.py ``normalize_tool_request``)."""
    prefix = tool.split(":", 1)[0] + ":"
    names = [t.name for t in doc.tools if t.source == "example"]
    names += [*doc.listed_names, *mentioned]
    return any(name.startswith(prefix) and len(name) > len(prefix) for name in names)


def _includes_original(ctx: Context, path: str, text: str, prompt_set: PromptSet) -> bool:
    """Whether the prompt ``text`` at ``path`` includes the file it overrides
    (``{{ include original }}``) and there is one: with none (no core file of
    that name), the framework renders nothing there."""
    return bool(ORIGINAL_RE.search(text)) and search_of(ctx, prompt_set).original(path) is not None


def _arguments_templated(doc: PromptDoc, tool: str) -> bool:
    """Whether an example calling ``tool`` has arguments a template fills."""
    return any(e.templated and e.tool_name == tool for e in doc.examples)


RULES: list[type[Rule]] = [RequiredArgumentNotTaught]


def _section(lines: list[str], line: int, starts: list[int]) -> str:
    """The ``lines`` of a prompt from the tool title on ``line`` (from the top
    for the first) to the next tool's title among ``starts``."""
    first = 0 if line == starts[0] else line - 1
    end = next((start - 1 for start in starts if start > line), len(lines))
    return "\n".join(lines[first:end])
