"""DOX011: a ``Response(...)`` call fits the framework's ``Response``."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.findings import Finding
from doxtool.core.outline_facts import Param
from doxtool.rules import contract_scope
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import TOOL_PY, WAIT_PY, with_files
from doxtool.run.context import Context
from doxtool.run.responseclasses import call_problems, response_class

_CALL = 'Response(message=f"waited {seconds}s", break_loop=False)'


def _calling(call: str) -> dict[str, str]:
    return with_files({"tools/wait.py": WAIT_PY.replace(_CALL, call)})


class ResponseCallInvalid(Rule):
    code = "DOX011"
    name = "response-call-invalid"
    summary = "A `Response(...)` call does not fit the framework's `Response`"
    doc = """\
**What it checks.** Every call of `Response` in an analysed module (a tool
module, or a module of a file-documented directory), anywhere in it, passes
what the class takes: no keyword it has no parameter for, every required
field, no more positional arguments than it takes, no field twice (by
position and by keyword). The call is checked only when doxtool knows the
signature: the name resolves, through the module's imports (as tool bases
do), to a class defined in a module of the repository, which is a
standard-library `@dataclass` deriving from nothing whose body holds plain
annotated fields (no `ClassVar`, `InitVar`, `KW_ONLY` or
`field(init=False)`, under any name an import gives them), or an undecorated
class deriving from nothing with its own `__init__` (with `**kwargs` any
keyword fits, with `*args` any number of positional arguments), and its
module binds the name nowhere else (`Response = wrap(Response)`). A call
passing `*args` or `**kwargs`, a name the module binds more than once (or a
star import), a class of an installed package or a subclass: not checked.

**Why it matters.** Agent Zero's `Response` is `@dataclass class Response:
message: str; break_loop: bool; additional: dict | None = None`. A call
that does not fit raises `TypeError` when it runs, usually on the path
nobody tried (an error answer).

**Example.** `Response(message=text, break_loop=False, data=rows)` (no field
`data`: `additional` holds extra data), `Response(message=text)` (no
`break_loop`), `Response(text, False, {}, 1)` (four positional arguments,
three taken).
"""
    valid = [
        Example(with_files({"tools/wait.py": WAIT_PY})),
        Example(_calling('Response(f"waited {seconds}s", False, additional={})')),
        # the arguments a splat passes are not known
        Example(_calling("Response(**{'message': 'x', 'break_loop': False, 'data': 1})")),
        # a subclass the module defines under the name: its signature is not read
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY.replace(_CALL, 'Response(message="done", data=1)')
                    .replace("import Response,", "import Response as Base,")
                    .replace(
                        "\n\n\nclass WaitTool",
                        "\n\n\nclass Response(Base):\n    pass\n\n\nclass WaitTool",
                    )
                }
            )
        ),
        # the framework's module binds the name again: a call may make another class
        Example(
            {
                **_calling('Response(message="done", data=1)'),
                "helpers/tool.py": TOOL_PY + "\n\nResponse = wrap(Response)\n",
            }
        ),
    ]
    invalid = [
        Example(
            _calling('Response(message="done", break_loop=False, data=seconds)'),
            [Expect("tools/wait.py", 7, "unknown keyword `data`")],
        ),
        Example(
            _calling('Response(message="done")'),
            [Expect("tools/wait.py", 7, "missing `break_loop`")],
        ),
        Example(
            _calling('Response("done", False, {}, 1)'),
            [Expect("tools/wait.py", 7, "4 positional arguments, at most 3")],
        ),
        Example(
            _calling('Response("done", False, message="again")'),
            [Expect("tools/wait.py", 7, "`message` given twice")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        modules = dict.fromkeys([*ctx.documented_modules, *contract_scope.tool_modules(ctx)])
        for module in modules:
            facts = ctx.facts(module)
            outline = facts.outline
            if not facts.parsed or outline is None:
                continue
            for call in outline.response_calls:
                found = response_class(ctx.project.resolver, facts, call.callee)
                if found is None:
                    continue
                name, cls = found
                params = cls.init or []
                problems = call_problems(call, params)
                if not problems:
                    continue
                yield self.finding(
                    f"`{call.callee}(...)` does not fit `{name}({_render(params)})`: "
                    + "; ".join(problems)
                    + " (a `TypeError` when it runs)",
                    module,
                    call.line,
                    call.column,
                    subject=f"{module}:response-call:{call.callee}:{'; '.join(problems)}",
                )


def _render(params: list[Param]) -> str:
    """The parameters as a call would name them (``message, break_loop, additional=...``)."""
    parts: list[str] = []
    starred = False  # past ``*`` or ``*args``: the rest are keyword-only
    for index, param in enumerate(params):
        if param.kind == "keyword-only" and not starred:
            parts.append("*")
        starred = starred or param.kind in ("var-positional", "keyword-only")
        prefix = {"var-positional": "*", "var-keyword": "**"}.get(param.kind, "")
        parts.append(prefix + param.name + ("=..." if param.has_default else ""))
        following = params[index + 1].kind if index + 1 < len(params) else ""
        if param.kind == "positional-only" and following != "positional-only":
            parts.append("/")
    return ", ".join(parts)


RULES: list[type[Rule]] = [ResponseCallInvalid]
