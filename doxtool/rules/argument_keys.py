"""DOX008: a tool reads its arguments with literal keys, which can be
documented, taught and checked."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.findings import WARNING, Finding
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import WAIT_PY, with_files
from doxtool.run.context import Context


class DynamicArgumentKey(Rule):
    code = "DOX008"
    name = "dynamic-argument-key"
    summary = "A tool reads `tool_args` with a key that is not a literal"
    severity = WARNING
    doc = """\
**What it checks.** Keys read from `self.args` / `kwargs` are string literals,
module-level string constants, or local names the function binds once to a
string literal (`name = "limit"`, then `self.args.get(name)`).

**Why it matters.** doxtool (and any reader) cannot tell which argument a
computed key stands for, so it cannot be documented, taught in the prompt or
put in a schema. Suppress the finding where the dynamism is intended.

**Example.** `self.args.get(name)` where `name` is computed at run time.
"""
    valid = [
        Example(with_files({"tools/wait.py": WAIT_PY})),
        # a computed key that only fills defaults is written, not read
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY.replace(
                        "        seconds = ",
                        '        for key, value in {"seconds": 0}.items():\n'
                        "            self.args.setdefault(key, value)\n"
                        "        seconds = ",
                    )
                }
            )
        ),
    ]
    invalid = [
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY.replace(
                        'self.args.get("seconds", 0)', "self.args.get(self.name, 0)"
                    )
                }
            ),
            [Expect("tools/wait.py", 6, "`self.name`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for module in ctx.tool_modules:
            for tool in ctx.tools(module):
                if tool.defined_in_path:
                    continue
                for read in tool.dynamic_reads:
                    if read.path:
                        continue
                    yield self.finding(
                        f"`{read.function}` reads an argument with the computed key "
                        f"`{read.expression}`; it cannot be documented or checked",
                        module,
                        read.line,
                        read.column,
                        subject=f"{module}:{tool.class_name}:dynamic:{read.expression}",
                    )


RULES: list[type[Rule]] = [DynamicArgumentKey]
