"""DOX010: the framework runs a tool class the module imports in place of
its own, by the order its loader takes the module's names in
(:mod:`doxtool.run.loaders`)."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.findings import Finding
from doxtool.core.loader_facts import FIRST
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import LOADER_FIRST_PY, LOADER_LAST_PY, with_files
from doxtool.run.context import Context
from doxtool.run.loaders import loader_order

_WAIT_BASE = """\
from helpers.tool import Response, Tool


class WaitBase(Tool):
    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError
"""

_WAIT_SUB = """\
from helpers.tool import Response
from helpers.wait_base import WaitBase


class Wait(WaitBase):
    async def execute(self, **kwargs) -> Response:
        return Response(message="done", break_loop=False)
"""


class ImportedToolRuns(Rule):
    code = "DOX010"
    name = "imported-tool-runs"
    summary = "The framework runs a tool class the module imports, not its own"
    doc = """\
**What it checks.** Of a tools-directory module's names bound to classes,
imported ones included, Agent Zero's `load_classes_from_file` runs the tool
class whose name sorts last. A module that defines a tool class and imports
another tool class of the repository whose name sorts after it
(`from helpers.search_base import SearchBase` beside `class
DuckDuckGo(SearchBase)`) has the imported class run in its place.

Older loaders (an `Agent.get_tool` looping over `inspect.getmembers`
itself, without `reversed`) run the tool class whose name sorts first: an
imported one sorting before the module's own runs instead. In a repository
that holds the framework, the order is read from its code: its functions
that loop over `inspect.getmembers(<module>, inspect.isclass)` and take
the first class passing an `issubclass` test against the tool base (or,
with none such, against a base they are handed). No such loop, or loops of
both orders: the order is not known, and nothing is reported. A plugin's or
a profile's repository runs in a current Agent Zero.

**Why it matters.** Every call of the tool runs the other class: a shared
base's `execute` (often one that raises `NotImplementedError`), or another
tool altogether. Nothing fails until the model calls the tool.

A name the module deletes or binds again after importing it (`del
SearchBase`, `SearchBase = DuckDuckGo`), or imports only for type checkers
or inside a function, is not the import when the framework looks.

**Example.** Import the module instead of the class (`from helpers import
search_base` and `class DuckDuckGo(search_base.SearchBase)`), or rename one
of the classes so that the module's own sorts last (first, for a loader
taking the first). While the finding stands, doxtool checks the module's
prompt against the class the framework runs, which it does not analyse
here: the prompt's arguments are not checked. While the order is not
known, the prompt is checked against the module's own class.
"""
    valid = [
        Example(
            with_files(
                {
                    "helpers/modules.py": LOADER_LAST_PY,
                    "helpers/wait_base.py": _WAIT_BASE,
                    "tools/wait.py": _WAIT_SUB.replace("WaitBase", "AWaitBase").replace(
                        "from helpers.wait_base import AWaitBase",
                        "from helpers.wait_base import WaitBase as AWaitBase",
                    ),
                }
            )
        ),
        Example(
            with_files(
                {
                    "helpers/modules.py": LOADER_LAST_PY,
                    "helpers/wait_base.py": _WAIT_BASE,
                    "tools/wait.py": _WAIT_SUB.replace(
                        "from helpers.wait_base import WaitBase", "from helpers import wait_base"
                    ).replace("(WaitBase)", "(wait_base.WaitBase)"),
                }
            )
        ),
        Example(
            # bound for type checkers only: the framework never sees the name
            with_files(
                {
                    "helpers/modules.py": LOADER_LAST_PY,
                    "helpers/wait_base.py": _WAIT_BASE,
                    "tools/wait.py": "from typing import TYPE_CHECKING\n\n"
                    "from helpers.tool import Response, Tool\n\n"
                    "if TYPE_CHECKING:\n    from helpers.wait_base import WaitBase\n\n\n"
                    "class Wait(Tool):\n"
                    "    async def execute(self, **kwargs) -> Response:\n"
                    '        return Response(message="done", break_loop=False)\n',
                }
            )
        ),
        # a loader taking the first tool class: `Wait` sorts before `WaitBase`
        Example(
            with_files(
                {
                    "agent.py": LOADER_FIRST_PY,
                    "helpers/wait_base.py": _WAIT_BASE,
                    "tools/wait.py": _WAIT_SUB,
                }
            )
        ),
        # the framework is here, and no code of it tells which class its loader takes
        Example(with_files({"helpers/wait_base.py": _WAIT_BASE, "tools/wait.py": _WAIT_SUB})),
    ]
    invalid = [
        Example(
            with_files(
                {
                    "helpers/modules.py": LOADER_LAST_PY,
                    "helpers/wait_base.py": _WAIT_BASE,
                    "tools/wait.py": _WAIT_SUB,
                }
            ),
            [
                Expect(
                    "tools/wait.py",
                    5,
                    "runs the imported `helpers.wait_base.WaitBase` instead of `Wait`",
                )
            ],
        ),
        Example(
            with_files(
                {
                    "agent.py": LOADER_FIRST_PY,
                    "helpers/wait_base.py": _WAIT_BASE,
                    "tools/wait.py": _WAIT_SUB.replace("WaitBase", "AWaitBase").replace(
                        "from helpers.wait_base import AWaitBase",
                        "from helpers.wait_base import WaitBase as AWaitBase",
                    ),
                }
            ),
            [
                Expect(
                    "tools/wait.py",
                    5,
                    "runs the imported `helpers.wait_base.WaitBase` instead of `Wait` "
                    "(its name sorts before it)",
                )
            ],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for module in ctx.tool_modules:
            facts = ctx.facts(module)
            if not facts.parsed:
                continue
            imported = ctx.imported_run_class(module)
            if imported is None:
                continue
            own = [t for t in ctx.tools(module) if t.defined_in_path is None]
            first = loader_order(ctx.project) == FIRST
            runs = (min if first else max)(own, key=lambda t: t.class_name)
            where = "before" if first else "after"
            yield self.finding(
                f"the framework runs the imported `{imported}` instead of `{runs.class_name}` "
                f"(its name sorts {where} it): import its module instead, or rename one of them",
                module,
                runs.line,
                subject=f"{module}:imported-run:{imported}",
            )


RULES: list[type[Rule]] = [ImportedToolRuns]
