"""DOX011: a ``Response(...)`` call fits the framework's ``Response``."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.facts import ModuleFacts
from doxtool.core.findings import Finding
from doxtool.core.outline_facts import ClassCall, Param
from doxtool.rules import contract_scope
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import TOOL_PY, WAIT_PY, with_files
from doxtool.run.context import Context

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
                found = _signature(ctx, facts, call.callee)
                if found is None:
                    continue
                name, params = found
                problems = _problems(call, params)
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


def _signature(ctx: Context, facts: ModuleFacts, callee: str) -> tuple[str, list[Param]] | None:
    """The dotted name of the class ``callee`` stands for in the module and
    the parameters a call of it takes; None when not known."""
    root, _, rest = callee.partition(".")
    if facts.class_named(root) is not None and root not in facts.imported_names:
        qualified = f"{facts.module}.{callee}"
    elif root in facts.imported_names:
        qualified = ".".join(filter(None, [facts.imported_names[root], rest]))
    else:
        return None
    found = ctx.project.resolver.defined(qualified)
    if found is None:
        return None
    home, name = found
    outline = home.outline
    if outline is None or {"__init__", "__new__", "*"} & set(outline.rebound_attributes):
        return None  # ``Response.__init__ = ...`` elsewhere in its module
    classes = [cls for cls in outline.classes if cls.name == name]
    if len(classes) != 1 or not classes[0].top_level or classes[0].init is None:
        return None
    return f"{home.module}.{name}", classes[0].init


def _problems(call: ClassCall, params: list[Param]) -> list[str]:
    """What in ``call`` does not fit ``params``, in words."""
    problems: list[str] = []
    positional = [p for p in params if p.kind in ("positional-only", "positional")]
    any_count = any(p.kind == "var-positional" for p in params)
    any_keyword = any(p.kind == "var-keyword" for p in params)
    if call.positional > len(positional) and not any_count:
        plural = "s" if call.positional != 1 else ""
        problems.append(
            f"{call.positional} positional argument{plural}, at most {len(positional)} taken"
        )
    filled = {p.name for p in positional[: call.positional]}
    by_name = {p.name: p for p in params if p.kind in ("positional", "keyword-only")}
    for keyword in dict.fromkeys(call.keywords):
        if keyword in by_name:
            if keyword in filled:
                problems.append(f"`{keyword}` given twice (by position and by keyword)")
            filled.add(keyword)
        elif not any_keyword:
            only = any(p.name == keyword for p in positional)
            problems.append(
                f"`{keyword}` given by keyword, but it is positional-only"
                if only
                else f"unknown keyword `{keyword}`"
            )
    missing = [
        p.name
        for p in params
        if p.kind in ("positional-only", "positional", "keyword-only")
        and not p.has_default
        and p.name not in filled
    ]
    problems.extend(f"missing `{name}`" for name in missing)
    return problems


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
