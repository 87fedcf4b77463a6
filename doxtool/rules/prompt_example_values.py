"""PRM008: the values a prompt's examples give its tool's arguments are
values the code accepts. The other checks of examples (PRM005-PRM007) are
:mod:`.prompt_examples`."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from doxtool.core.facts import Argument
from doxtool.core.findings import Finding
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.example_types import among, misread, refused_type
from doxtool.rules.examples import WAIT_PY
from doxtool.rules.tool_prompts import (
    METHOD_ARGUMENT,
    NOTES,
    PROMPT,
    TEMPLATE,
    apps_files,
    method_notes,
    notes_files,
    prompt_files,
    tool_facts,
    wait_files,
    with_prompt,
)
from doxtool.run.context import Context

PRESET_PY = """\
from helpers.tool import Response, Tool


class Preset(Tool):
    async def execute(self, **kwargs) -> Response:
        preset = self.args.get("preset")
        if isinstance(preset, dict):
            return Response(message=f"preset {preset}", break_loop=False)
        return Response(message=preset.strip(), break_loop=False)
"""

PRESET_PROMPT = """\
### preset
Picks a preset by name or as an object.
~~~json
{"tool_name": "preset", "tool_args": {"preset": {"model": "m"}}}
~~~
"""


def preset_files(tests_type: bool) -> dict[str, str]:
    """The wait repository with a tool that strips ``preset``, after taking
    an object on (``tests_type``) or not, and an example giving an object."""
    code = PRESET_PY
    if not tests_type:
        code = code.replace("isinstance(preset, dict)", "preset is None")
        code = code.replace('f"preset {preset}"', '"no preset"')
    return wait_files(
        {"tools/preset.py": code, "prompts/agent.system.tool.preset.md": PRESET_PROMPT}
    )


def _formatted_files(stripped: bool) -> dict[str, str]:
    """The wait repository whose tool reads ``seconds`` with the default
    ``"0"`` and only formats it, or strips it first (``stripped``)."""
    code = WAIT_PY.replace('int(self.args.get("seconds", 0))', 'self.args.get("seconds", "0")')
    if stripped:
        code = code.replace("{seconds}s", "{seconds.strip()}s")
    return {**wait_files(), "tools/wait.py": code}


def _guarded_files(test: str, value: str) -> dict[str, str]:
    """The wait repository whose tool converts ``seconds`` only where
    ``test`` holds (``str(seconds).isdigit()``), its example giving ``value``."""
    code = WAIT_PY.replace(
        'int(self.args.get("seconds", 0))',
        f'self.args.get("seconds", 0)\n        if {test}:\n            seconds = int(seconds)',
    )
    files = with_prompt('"seconds": 5}', f'"seconds": {value}}}')
    return {**files, "tools/wait.py": code}


def _inherited_files(value: str, stringified: bool = False, tested: bool = True) -> dict[str, str]:
    """The wait repository whose tool's base class, in another module, reads
    ``seconds`` as given (makes a string of it: ``stringified``), and whose
    own method converts it where ``str(seconds).isdigit()`` holds
    (``tested``, else every value), its example giving ``value``."""
    read = 'self.args.get("seconds", 0)'
    base = WAIT_PY.replace("WaitTool", "WaitBase").replace(
        f"int({read})", f"{f'str({read})' if stringified else read} or self.amount()"
    )
    own = (
        "from helpers.waitbase import WaitBase\n\n\nclass WaitTool(WaitBase):\n"
        "    def amount(self):\n"
        '        seconds = self.args.get("seconds", 0)\n'
        + (
            "        return int(seconds) if str(seconds).isdigit() else 0\n"
            if tested
            else "        return int(seconds)\n"
        )
    )
    files = with_prompt('"seconds": 5}', f'"seconds": {value}}}')
    return {
        **files,
        "helpers/waitbase.py": base + "\n    def amount(self):\n        return 0\n",
        "tools/wait.py": own,
    }


def _caught_files(value: str) -> dict[str, str]:
    """The wait repository whose tool goes on from a failed ``int(seconds)``
    that raises ``ValueError`` (``"ten"``), not ``TypeError`` (``[5]``), its
    example giving ``value``."""
    code = WAIT_PY.replace(
        'int(self.args.get("seconds", 0))',
        'self.args.get("seconds", 0)\n        try:\n            seconds = int(seconds)\n'
        "        except ValueError:\n            seconds = 0",
    )
    files = with_prompt('"seconds": 5}', f'"seconds": {value}}}')
    return {**files, "tools/wait.py": code}


def _helper_files(value: str, caught: bool) -> dict[str, str]:
    """The wait repository whose tool makes a string of ``seconds`` and
    hands its arguments to a helper that converts it, going on from a
    ``ValueError`` (``caught``), its example giving ``value``."""
    read = 'int(args.get("seconds", 0))'
    convert = f"    try:\n        return {read}\n    except ValueError:\n        return 0\n"
    code = WAIT_PY.replace("from helpers.tool", "from helpers.secs import run\nfrom helpers.tool")
    code = code.replace('int(self.args.get("seconds", 0))', 'str(self.args.get("seconds", 0))')
    files = with_prompt('"seconds": 5}', f'"seconds": {value}}}')
    helper = "def run(args):\n" + (convert if caught else f"    return {read}\n")
    code = code.replace(
        "        return Response", "        run(self.args)\n        return Response"
    )
    return {**files, "tools/wait.py": code, "helpers/secs.py": helper}


def _checked_files(refuses: bool) -> dict[str, str]:
    """The wait repository whose tool reads ``seconds`` as given and ends
    with an error on a value that is no ``int`` (``refuses``), or converts it."""
    check = (
        "        if not isinstance(seconds, int):\n"
        '            return Response(message="seconds must be an integer", break_loop=False)\n'
        if refuses
        else "        if isinstance(seconds, str):\n            seconds = int(seconds)\n"
    )
    code = WAIT_PY.replace('int(self.args.get("seconds", 0))', 'self.args.get("seconds", 0)')
    code = code.replace("        return Response(", check + "        return Response(")
    return {**wait_files(), "tools/wait.py": code}


class ExampleArgumentValue(Rule):
    code = "PRM008"
    name = "example-argument-value"
    summary = "An example argument's value contradicts the tool's code"
    doc = """\
**What it checks.** In every example, each `tool_args` value has the type
the code takes it as, from what the code does with it: a conversion
(`int(...)` means integer), a method of one type called on the value as
read (`value.strip()` means string, `value.items()` object,
`value.append(...)` array), a check of its type that ends `execute` with an
error (`if not isinstance(size, int): return Response(...)`, or a raise: the
value must pass it, as Python tests it, so a JSON `true`, an `int` in Python,
does; a test that converts or wraps the other types instead, `if
isinstance(size, str): size = int(size)`, refuses none; a conversion
only some values reach, past a test of the value, `if str(size).isdigit():
size = int(size)`, or in a `try` whose handler goes on, holds only those:
`"all"` passes the first, `"ten"` the second (not `[5]`, whose `TypeError` an `except
ValueError` lets by), and `if isinstance(size,
str): size = int(size)` (or `type(size) is str`) holds strings alone, so `"five"` is reported and
`[5]` is not), a model that validates it, the parameter's
annotation (`count: int`), a closed dispatch on values of one type. A
literal default alone says what a missing key gives, not what the code
takes: `count = args.get("count", "10")`, only formatted (`f"-n {count}"`),
logged, compared or handed on, takes `5` as well; nothing is said of its
type. For dispatch arguments compared with literals (`action`), each value
is one of the compared values (exactly, unless the code folds the value first:
`action.lower() == "write"` takes `"Write"`, `action == "write"` does not);
a `tool:method` name sends its method as
`action` (helpers/extract_tools.py), which is checked alike, unless the
tool's module reads `self.method`: the tool takes the method itself, and
which argument it reaches as well, if any, is not known here. A value the
code's conversion takes is of its type: `"30"` for `int(...)`, anything for `str(...)`; `"five"` for
`int(...)` is not. For a boolean, what the code does with the value
decides: `"true"`, `"false"` and the spellings it compares for a boolean
the code converts with `str(...)` (`str(flag).lower() in ("true", "1")`
takes `"1"`, not `"yes"`); any value where it only tests its truth (`if
flag:`, `bool(flag)`), or where doxtool does not see how it is used; a
boolean only where it compares the value itself with `True` or `False`
(`flag is True`). Where the code's only use of a value is to compare it, as
read, with strings spelling a boolean (`args.get("flag") == "true"`, no
`str(...)` or `.lower()` before), a JSON `true` or `false` is reported (it
never equals a string); where its only use is to compare it with `True` or
`False`, a string is (it never is one). Any other use of the value (`if
flag:`, a second read, handing it on) takes the value as well: nothing is
said. A placeholder stands for any value: `"..."`, a template variable, a value
wholly in angle brackets (`"<status|log|diff>"`, `"<number of commits>"`), in
square brackets or single braces around words (`"[seconds]"`, `"{limit}"`), a
shell-style variable (`"$LIMIT"`, `"%LIMIT%"`), the name of the type the code reads
the value as (`"integer"`, `"int"` for `int(...)`), a value in the angle brackets of CJK text
(`"＜秒数＞"`, `"〈path〉"`), or a name in capitals (`"N"`, `"COUNT"`)
that is not one of the values the code compares the argument with (`"READ"`
for `action == "read"` is a value, and reported). A choice of values the
code compares, written as one (`"list|write"`, `"list / write"`, `"list or
write"`, `"list, write"`, also in brackets: `"(list/write)"`), is a schema
of the call: each is accepted (`"list|erase"` is reported).

**Why it matters.** A model copies example values; a value the code rejects
becomes a failed call in production.

**Example.** `"action": "remove"` when `tools/scheduler.py` dispatches on
`list_tasks`, `create_task` and `delete_task`.
"""
    valid = [
        Example(wait_files()),
        Example(with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"seconds": "5"}')),
        # placeholders: a name in capitals, a shell-style variable, words in brackets
        Example(with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"seconds": "N"}')),
        Example(with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"seconds": "$SECS"}')),
        Example(with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"seconds": "[secs]"}')),
        Example(notes_files("action", '{"action": "ACTION"}')),
        Example(notes_files("action.lower()", '{"action": "Write"}')),
        # the choice of values the code compares, written as one
        Example(notes_files("action", '{"action": "list|write"}')),
        Example(notes_files("action", '{"action": "(list, write)"}')),
        # the name of the type the code reads the value as
        Example(with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"seconds": "integer"}')),
        Example(with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"seconds": "%secs%"}')),
        # the tool dispatches on ``self.method``; ``action`` is another choice
        Example(method_notes(reads_method=True)),
        # ``app`` is handed to a call before the tests, which single out two values
        Example(apps_files(hands_first=True)),
        # ``preset.strip()`` once ``isinstance(preset, dict)`` took objects on: no type
        Example(preset_files(tests_type=True)),
        # a value only formatted: its literal default ``"0"`` says nothing of its type
        Example(_formatted_files(stripped=False)),
        # strings converted, not refused; a boolean passes ``isinstance(x, int)``
        Example(
            {
                **_checked_files(refuses=False),
                PROMPT: with_prompt('"seconds": 5}', '"seconds": "5"}')[PROMPT],
            }
        ),
        Example(
            {
                **_checked_files(refuses=True),
                PROMPT: with_prompt('"seconds": 5}', '"seconds": true}')[PROMPT],
            }
        ),
        # converted only past a test of the value: other values pass unconverted
        Example(_guarded_files("str(seconds).isdigit()", '"all"')),
        Example(_guarded_files("isinstance(seconds, str)", "[5]")),
        # so in a subclass whose base class is in another module
        Example(_inherited_files('"all"')),
        # the base only makes a string of it: ``str`` converts nothing to an integer
        Example(_inherited_files('"all"', stringified=True)),
        Example(_guarded_files("type(seconds) is str", "[5]")),
        Example(_caught_files('"ten"')),
        # a helper the arguments are handed to goes on from int("all")'s ValueError
        Example(_helper_files('"all"', caught=True)),
    ]
    invalid = [
        # strings reach the conversion, and int("five") raises
        Example(
            _guarded_files("isinstance(seconds, str)", '"five"'),
            [Expect(PROMPT, 10, "`seconds`")],
        ),
        # int([5]) raises TypeError, which ``except ValueError`` lets by
        Example(_caught_files("[5]"), [Expect(PROMPT, 10, "`seconds`")]),
        Example(
            with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"seconds": [5]}'),
            [Expect(PROMPT, 10, "`seconds`")],
        ),
        # the code compares the value, as read, with the string "true" only
        Example(
            {
                **with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"now": true}'),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        if self.args.get("now") == "true":\n'
                    "            seconds = 0\n"
                    "        return Response(",
                ),
            },
            [Expect(PROMPT, 10, "`now` the value `true`")],
        ),
        Example(notes_files("action", '{"action": "Write"}'), [Expect(NOTES, 5, "`action`")]),
        # a choice holding a value the code does not compare
        Example(
            notes_files("action", '{"action": "(list, erase)"}'), [Expect(NOTES, 5, "`action`")]
        ),
        # the name of another type than the code reads
        Example(
            with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"seconds": "boolean"}'),
            [Expect(PROMPT, 10, "`seconds`")],
        ),
        # a value in capitals that is one of the compared values, folded: not a placeholder
        Example(notes_files("action", '{"action": "WRITE"}'), [Expect(NOTES, 5, "`action`")]),
        # the method of ``notes:erase`` is sent as ``action``, which the code compares
        Example(
            method_notes(reads_method=False), [Expect(NOTES, 5, "`notes:erase`, giving `action`")]
        ),
        Example(
            apps_files(hands_first=False),
            [Expect("prompts/agent.system.tool.apps.md", 4, '`app` the value `"dashboard"`')],
        ),
        Example(
            preset_files(tests_type=False),
            [Expect("prompts/agent.system.tool.preset.md", 4, "`preset` the value")],
        ),
        # ``seconds.strip()`` on the value as read: ``5`` has no such method
        Example(_formatted_files(stripped=True), [Expect(PROMPT, 10, "reads it as string")]),
        # ``if not isinstance(seconds, int): return Response(...)`` refuses ``"5"``
        Example(
            {
                **_checked_files(refuses=True),
                PROMPT: with_prompt('"seconds": 5}', '"seconds": "5"}')[PROMPT],
            },
            [Expect(PROMPT, 10, "reads it as integer")],
        ),
        # the subclass converts every value: the finding names its read
        Example(
            _inherited_files('"all"', stringified=True, tested=False),
            [Expect(PROMPT, 10, "tools/wait.py:6 reads it as integer")],
        ),
        # the tool's ``str()`` takes it, the helper's ``int()`` does not
        Example(
            _helper_files('"all"', caught=False), [Expect(PROMPT, 10, "helpers/secs.py:2 reads")]
        ),
        Example(_helper_files("[5]", caught=True), [Expect(PROMPT, 10, "`seconds`")]),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx):
            # a call nested in an example's arguments too (``parallel``'s)
            for example in [*prompt.doc.examples, *prompt.doc.nested]:
                if example.error is not None or not isinstance(example.tool_args, dict):
                    continue
                if not example.tool_name:
                    continue
                found = tool_facts(ctx, example.tool_name, prompt.prompt_set)
                if found is None:
                    continue
                module, tool = found
                values = dict(example.tool_args)
                base, colon, method = example.tool_name.partition(":")
                if (
                    colon
                    and base
                    and method
                    and METHOD_ARGUMENT not in values
                    and not _reads_method(ctx, tool.defined_in_path or module)
                ):
                    # ``"tool_name": "scheduler:pause_task"`` sends ``action``
                    # (helpers/extract_tools.py ``normalize_tool_request``)
                    values[METHOD_ARGUMENT] = method
                for name, value in values.items():
                    arg = tool.argument(name)
                    if arg is None or value is None or _placeholder(value, arg):
                        continue
                    where = arg.where(module)
                    given = name in example.tool_args  # not a method (``tool:method``)
                    # the value given, or the example that calls ``tool:method``
                    at = example.places.get(name) if given else None
                    line, column = at if at else (example.line, example.column)
                    if given and arg.type and refused_type(value, arg):
                        yield self.finding(
                            f"example gives `{name}` the value {_short(value)}, but {where} reads "
                            f"it as {arg.type}",
                            prompt.path,
                            line,
                            column,
                            subject=f"{prompt.path}:value:{name}",
                        )
                    elif given and (compared := misread(value, arg, tool)) is not None:
                        yield self.finding(
                            f"example gives `{name}` the value {_short(value)}, but {where} "
                            f"only compares it with {compared}",
                            prompt.path,
                            line,
                            column,
                            subject=f"{prompt.path}:value:{name}",
                        )
                    elif (
                        arg.enum
                        and isinstance(value, str)
                        and not TEMPLATE.search(value)
                        and not among(value, arg)
                        and not _choice(value, arg)
                    ):
                        allowed = ", ".join(f"`{v}`" for v in arg.enum)
                        how = (
                            f"gives `{name}` the value "
                            if given
                            else f"calls `{example.tool_name}`, giving `{name}` the value "
                        )
                        yield self.finding(
                            f"example {how}{_short(value)}, which "
                            f"{where} does not accept (one of {allowed})",
                            prompt.path,
                            line,
                            column,
                            subject=f"{prompt.path}:value:{name}",
                        )


def _reads_method(ctx: Context, module: str) -> bool:
    """Whether the tool's module reads ``self.method`` (the method of a
    ``tool:method`` name, which the tool then takes itself: which argument
    the method reaches as well, if any, is not known here)."""
    outline = ctx.facts(module).outline
    return outline is not None and "self.method" in outline.references


#: a value written wholly as a placeholder: in angle brackets
#: (``"<status|log|diff>"``, ``"<number of commits>"``), square brackets
#: (``"[seconds]"``) or single braces (``"{limit}"``) around words, or a
#: shell-style variable (``"$LIMIT"``, ``"${limit}"``, ``"%limit%"``)
_BRACKETED_PLACEHOLDER_RE = re.compile(
    r"<[^<>\n]+>|\[[A-Za-z][\w .|/-]*\]|\{[A-Za-z][\w .|/-]*\}|\$\{?[A-Za-z_]\w*\}?"
    r"|%[A-Za-z_]\w*%"
    # the angle brackets of CJK text and typesetting: ``"＜路径＞"``, ``"〈path〉"``
    r"|\uff1c[^\uff1c\uff1e\n]+\uff1e|\u3008[^\u3008\u3009\n]+\u3009|\u27e8[^\u27e8\u27e9\n]+\u27e9"
)
#: what joins the alternatives of a value written as a choice (``"open|click"``,
#: ``"open / click"``, ``"open or click"``)
_ALTERNATIVES_RE = re.compile(r"(?<![ \t])(?:[ \t]*[|/][ \t]*|[ \t]*,[ \t]*|[ \t]+or[ \t]+)")
#: brackets around a choice written as one (``"(open/click)"``, ``"[open|click]"``)
_AROUND_CHOICE_RE = re.compile(r"\(([^()]*)\)|\[([^\[\]]*)\]")
#: the names a schematic example writes for the type the code reads a value
#: as (``"limit": "integer"``, ``"tags": "list"``)
_TYPE_NAMES = {
    "integer": frozenset({"int", "integer", "number"}),
    "number": frozenset({"number", "float", "double", "int", "integer"}),
    "string": frozenset({"str", "string", "text"}),
    "boolean": frozenset({"bool", "boolean"}),
    "array": frozenset({"array", "list"}),
    "object": frozenset({"object", "dict", "map"}),
}
#: a value written as a placeholder name in capitals: ``"N"``, ``"NUMBER"``,
#: ``"YOUR_QUERY"``
_CAPITALS_PLACEHOLDER_RE = re.compile(r"[A-Z][A-Z0-9_]*")


def _placeholder(value: Any, arg: Argument) -> bool:
    """``"..."`` in a schematic example, a whole value in brackets (``"<path
    to repo>"``, ``"[seconds]"``, ``"{limit}"``) or a shell-style variable
    (``"$LIMIT"``) stands for any value; so does a name in capitals
    (``"N"``, ``"COUNT"``), unless it is one of the values the code compares
    the argument with, folded (``"READ"`` for ``action == "read"`` is a
    value, which the code may refuse), and so does the name of the type the
    code reads the value as (``"integer"`` for ``int(...)``)."""
    if not isinstance(value, str):
        return False
    text = value.strip()
    if text in ("...", "\u2026") or _BRACKETED_PLACEHOLDER_RE.fullmatch(text):
        return True
    if arg.type and text.lower() in _TYPE_NAMES.get(arg.type, ()):
        return True  # the type the code reads it as: a schema of the call
    if not _CAPITALS_PLACEHOLDER_RE.fullmatch(text):
        return False
    return not any(text.casefold() == str(v).casefold() for v in arg.enum or ())


def _choice(value: str, arg: Argument) -> bool:
    """Whether a value is the choice of values the code compares, written
    as one (``"open|click"``, ``"open / click"``, ``"open or click"``,
    ``"open, click"``, also in brackets, ``"(open/click)"``, for an
    ``action`` the code compares with ``open`` and ``click``): a schema of
    the call, each alternative taken."""
    text = value.strip()
    around = _AROUND_CHOICE_RE.fullmatch(text)
    if around is not None:
        text = (around.group(1) or around.group(2) or "").strip()
    parts = _ALTERNATIVES_RE.split(text)
    return len(parts) > 1 and all(part and among(part, arg) for part in parts)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return f"`{text if len(text) <= 40 else text[:37] + '...'}`"


RULES: list[type[Rule]] = [ExampleArgumentValue]
