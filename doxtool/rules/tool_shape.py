"""DOX004-DOX006: a tool module's tools have the shape the framework runs (a
tool class, an ``async execute``); DOX007 is :mod:`.tool_response`, DOX008
:mod:`.argument_keys`, DOX010 :mod:`.tool_imported`."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.facts import EXECUTE, ToolFacts
from doxtool.core.findings import Finding
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.contract_scope import class_line, reported_where_defined
from doxtool.rules.examples import (
    HANDING_BASE_FILES,
    MADE_PY,
    WAIT_PY,
    with_files,
)
from doxtool.run.context import Context
from doxtool.run.importers import importing_tools
from doxtool.run.unseentools import may_hold_unseen_tool

_NO_BASES = "[tool.doxtool]\ntool-bases = []\n"
_COMMON_PY = "def fmt(value):\n    return str(value)\n"


class NoToolClass(Rule):
    code = "DOX004"
    name = "no-tool-class"
    summary = "A module in a tools directory defines no tool class"
    doc = """\
**What it checks.** Every module of a tools directory defines (or re-exports)
a class deriving from the configured tool base (`helpers.tool.Tool`), directly
or through other classes of the repository. A module that may hold a tool
doxtool cannot read is not checked: one with a class deriving (through the
repository's classes, or not) from a class of neither the repository nor the
standard library (an installed package's, a plugin's that is not checked in),
one with `from <such a module> import *`, one that defines no class and
imports names from such a module (a re-export of a plugin's tool), and one
making a class at run time (`type("T", (Tool,), {...})`, `types.new_class`,
a function of the repository with a `class` in its body: `Made =
make_tool("x")`), one with a class deriving from anything under a
module-level `if`, `try`, `with` or loop (`if HAS_YAML: class T(Tool)`;
a class of builtin or standard-library bases only, `class Error(Exception)`,
is none),
and the module that defines a configured tool base itself (`tools/base.py`
holding `tools.base.BaseTool`). Nor is a module other tool modules import
(`from tools._common import fmt`, `from ._common import fmt`, `import
tools._common`), or may load by its path: a string literal naming its file
(`"_common.py"`, in any directory) is in the path they hand to
`importlib.util.spec_from_file_location`, `importlib.machinery.SourceFileLoader`,
`runpy.run_path` or `imp.load_source` (`Path(__file__).parent / "_common.py"`,
`os.path.join(HERE, COMMON)` with `COMMON = "_common.py"`), or, where that
path is built from no such literal (a parameter of a helper the module calls
with the file name), anywhere in the module's text. These are their shared
code, which the framework loads only if a model calls a tool of its name;
unless a prompt teaches that name as a tool's, and the model calls it. So is
a module that such shared code imports (or loads) in turn
(`tools/_common.py` importing `tools/_format.py`), or a package of the tools
directory does (`tools/lib/__init__.py`): loading the tool loads it too.

**Why it matters.** The framework finds a tool by its file name and takes the
first `Tool` subclass in the module; a module without one makes every call of
that tool fail at run time.

**Example.** `tools/wait.py` whose class derives from `object`.
"""
    valid = [
        Example(with_files({"tools/wait.py": WAIT_PY})),
        # the vendor's base may derive from the tool base: not known here
        Example(
            with_files(
                {
                    "tools/search.py": "from vendor_sdk import BaseTool\n\n\n"
                    "class Search(BaseTool):\n    pass\n"
                }
            )
        ),
        # a plugin installed beside the checkout: its package is not in the repository
        Example(
            with_files(
                {
                    "plugins/web/tools/browser.py": "from plugins._browser.tools.browser"
                    " import Browser as Upstream\n\n\nclass Browser(Upstream):\n    pass\n",
                }
            )
        ),
        Example(with_files({"tools/made.py": MADE_PY})),
        # a class under a module-level ``if``, or made by a function of the
        # repository: the framework finds it, doxtool does not read it
        Example(
            with_files(
                {
                    "tools/made.py": "from helpers.tool import Response, Tool\n\n"
                    "if True:\n    class Made(Tool):\n"
                    "        async def execute(self, **kwargs):\n"
                    '            return Response(message="ok", break_loop=False)\n'
                }
            )
        ),
        Example(
            with_files(
                {
                    "tools/made.py": "from helpers.tool import Tool\n\n\n"
                    "def make():\n    class Made(Tool):\n        pass\n\n"
                    "    return Made\n\n\nMade = make()\n"
                }
            )
        ),
        # the module that defines the configured base is the framework's, not a tool
        Example(
            {
                **with_files({}),
                "pyproject.toml": '[tool.doxtool]\ntool-bases = ["tools.base.BaseTool"]\n',
                "tools/base.py": "class BaseTool:\n    async def execute(self, **kwargs):\n"
                "        raise NotImplementedError\n",
                "tools/wait.py": "from helpers.tool import Response\n"
                "from tools.base import BaseTool\n\n\n"
                "class Wait(BaseTool):\n    async def execute(self, **kwargs):\n"
                '        return Response(message="done", break_loop=False)\n',
            }
        ),
        # shared code of the tools that import it, not a tool
        Example(
            with_files(
                {
                    "tools/_common.py": _COMMON_PY,
                    "tools/wait.py": WAIT_PY.replace(
                        "Tool\n", "Tool\nfrom ._common import fmt\n", 1
                    ),
                }
            )
        ),
        # shared code the tools load by its path
        Example(
            with_files(
                {
                    "tools/_common.py": _COMMON_PY,
                    "tools/wait.py": WAIT_PY.replace(
                        "Tool\n",
                        "Tool\nimport runpy\nfrom pathlib import Path\n\n"
                        '_common = runpy.run_path(str(Path(__file__).parent / "_common.py"))\n',
                        1,
                    ),
                }
            )
        ),
        # loaded through a package of the tools directory
        Example(
            with_files(
                {
                    "tools/lib/__init__.py": "from tools._format import fmt\n",
                    "tools/_format.py": _COMMON_PY,
                    "tools/wait.py": WAIT_PY.replace(
                        "Tool\n", "Tool\nfrom tools.lib import fmt\n", 1
                    ),
                }
            )
        ),
        # shared code of that shared code: loading the tool loads it too
        Example(
            with_files(
                {
                    "tools/_common.py": "from ._format import fmt\n",
                    "tools/_format.py": _COMMON_PY,
                    "tools/wait.py": WAIT_PY.replace(
                        "Tool\n", "Tool\nfrom ._common import fmt\n", 1
                    ),
                }
            )
        ),
    ]
    invalid = [
        Example(
            with_files(
                {"tools/wait.py": "class Wait:\n    async def execute(self):\n        pass\n"}
            ),
            [Expect("tools/wait.py", 1, "no class deriving from")],
        ),
        # shared code of no tool: nothing imports it
        Example(
            with_files({"tools/_common.py": _COMMON_PY}),
            [Expect("tools/_common.py", 1, "no class deriving from")],
        ),
        # imported only by a module no tool loads
        Example(
            with_files(
                {"tools/_common.py": "from ._format import fmt\n", "tools/_format.py": _COMMON_PY}
            ),
            [
                Expect("tools/_common.py", 1, "no class deriving from"),
                Expect("tools/_format.py", 1, "no class deriving from"),
            ],
        ),
        # the standard library holds no tool base
        Example(
            with_files(
                {
                    "tools/options.py": "import abc\nfrom dataclasses import dataclass\n\n\n"
                    "@dataclass\nclass Options(abc.ABC):\n    page: int = 1\n"
                }
            ),
            [Expect("tools/options.py", 1, "no class deriving from")],
        ),
        # ... nor does a class under an ``if`` or a factory of builtin or
        # standard-library bases
        Example(
            with_files(
                {
                    "tools/modes.py": "import sys\nfrom enum import Enum\n\n"
                    "if sys.version_info >= (3, 11):\n    from enum import StrEnum\n\n"
                    "    class Mode(StrEnum):\n        FAST = 'fast'\n"
                    "else:\n\n    class Mode(str, Enum):\n        FAST = 'fast'\n"
                }
            ),
            [Expect("tools/modes.py", 1, "no class deriving from")],
        ),
        Example(
            with_files(
                {
                    "tools/errors.py": "def make_error(name):\n"
                    "    class Error(Exception):\n        pass\n\n"
                    "    Error.__name__ = name\n    return Error\n\n\n"
                    'NotFound = make_error("NotFound")\n'
                }
            ),
            [Expect("tools/errors.py", 1, "no class deriving from")],
        ),
        # no tool base is configured: the message names the empty key, not a base
        Example(
            {**with_files({"tools/wait.py": WAIT_PY}), "pyproject.toml": _NO_BASES},
            [Expect("tools/wait.py", 1, "tool module has no tool class (`tool-bases` is empty)")],
        ),
        # the repository's module holds the code, and no tool class in it
        Example(
            with_files(
                {
                    "helpers/base.py": "class Base:\n    pass\n",
                    "tools/wait.py": "from helpers.base import Base\n\n\n"
                    "class Wait(Base):\n    pass\n",
                }
            ),
            [Expect("tools/wait.py", 1, "no class deriving from")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        # the modules a run over PATHS checks for this alone: what its tools load
        for module in [*ctx.tool_modules, *sorted(ctx.scope.libraries)]:
            facts = ctx.facts(module)
            if not facts.parsed or ctx.tools(module):
                continue
            defined = {f"{facts.module}.{cls.name}" for cls in facts.classes}
            if defined.intersection(ctx.config.tool_bases):
                continue  # the framework's base class itself, kept beside its tools
            if may_hold_unseen_tool(facts, ctx.project.resolver, ctx.project.module_path):
                continue  # a class of code doxtool cannot read may be the tool
            if _library(ctx, module):
                continue  # other tools' shared code, which no model calls as a tool
            base = _named_base(ctx)
            # with no base configured no class can be a tool: the table says so
            why = f"class deriving from `{base}`" if base else "tool class (`tool-bases` is empty)"
            yield self.finding(
                f"tool module has no {why}",
                module,
                subject=f"{module}:no-tool",
            )


def _named_base(ctx: Context) -> str:
    """The configured tool base the finding names: the first whose module is
    in the repository (``python.helpers.tool.Tool`` in a fork that keeps the
    framework below ``python/``), as a companion's contract line names it;
    else the first configured; "" when none is."""
    bases = ctx.config.tool_bases
    here = [b for b in bases if ctx.project.module_path(b.rpartition(".")[0])]
    return (here or bases or [""])[0]


def _library(ctx: Context, module: str) -> bool:
    """Whether ``module`` is a library of other tool modules: they import it,
    and no prompt reaching its agents teaches its name as a tool's (one that
    does makes the model call it, and the framework find no tool there)."""
    if not importing_tools(ctx.project, module):
        return False
    name = module.rpartition("/")[2].removesuffix(".py")
    return not any(ctx.teaches(s, name) for s in ctx.teaching_sets(module))


#: a repository's base deriving from ``Tool``, and two classes with an
#: ``execute``: a mixin and a base deriving from ``Tool`` (DOX005)
_MIXED = {
    "helpers/mixins.py": "from helpers.tool import Response, Tool\n\n\n"
    "class MyBase(Tool):\n    pass\n\n\nclass WaitMixin:\n"
    "    async def execute(self, **kwargs):\n"
    '        return Response(message="done", break_loop=False)\n\n\n'
    "class WaitBase(Tool):\n    async def execute(self, **kwargs):\n"
    '        return Response(message="done", break_loop=False)\n',
}
_MIXED_TOOL = (
    "from helpers.mixins import MyBase, WaitBase, WaitMixin\n\n\n"
    "class WaitTool({bases}):\n    pass\n"
)


class ExecuteMissing(Rule):
    code = "DOX005"
    name = "execute-missing"
    summary = "A tool class has no `execute` method"
    doc = """\
**What it checks.** Every tool class defines `execute`, or inherits one from a
class of the repository other than the abstract base (and before it in the
class's method order: in `class T(Tool, SearchMixin)`, or `class T(MyBase,
SearchMixin)` with `MyBase(Tool)`, the mixin's `execute` never runs). A configured base
whose `execute` runs code (a fork's, calling `self._execute_impl(...)`)
gives one doxtool does not read: no finding, and no fact known.

**Why it matters.** `Tool.execute` is abstract: calling the tool raises
`NotImplementedError` at run time.

**Example.** `class WaitTool(Tool): pass`. A class that binds `execute`
other than by a `def` in its body (`execute = _impl`) has one, which
doxtool does not read: no finding, and none of its facts is known. A
shared base another tool class of the module derives from (`class
WaitBase(Tool)` beside `class WaitTool(WaitBase)`) is not a tool. While
a tool class has no `execute`, what it would read and return is not known:
its arguments, `break_loop`, repairable-errors and `defines` lines are
neither judged nor fixed.
"""
    valid = [
        Example(with_files({"tools/wait.py": WAIT_PY})),
        # a second base deriving from `Tool` comes before it: its `execute` runs
        Example(
            with_files({**_MIXED, "tools/wait.py": _MIXED_TOOL.format(bases="MyBase, WaitBase")})
        ),
        Example(
            with_files(
                {
                    "tools/wait.py": (
                        "from helpers.tool import Response, Tool\n\n\n"
                        "async def _wait(self, **kwargs):\n"
                        '    return Response(message="done", break_loop=False)\n\n\n'
                        "class WaitTool(Tool):\n    execute = _wait\n"
                    )
                }
            )
        ),
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY.replace("(Tool)", "(WaitBase)").replace(
                        "\n\nclass WaitTool",
                        "\n\nclass WaitBase(Tool):\n    pass\n\n\nclass WaitTool",
                    )
                }
            )
        ),
        Example(with_files(HANDING_BASE_FILES)),
    ]
    invalid = [
        Example(
            with_files(
                {
                    "tools/wait.py": (
                        "from helpers.tool import Tool\n\n\nclass WaitTool(Tool):\n    pass\n"
                    )
                }
            ),
            [Expect("tools/wait.py", 4, "`WaitTool` has no `execute`")],
        ),
        # the mixin's ``execute`` comes after the framework base's
        Example(
            with_files(
                {
                    "helpers/mixins.py": "from helpers.tool import Response\n\n\n"
                    "class WaitMixin:\n    async def execute(self, **kwargs):\n"
                    '        return Response(message="done", break_loop=False)\n',
                    "tools/wait.py": "from helpers.mixins import WaitMixin\n"
                    "from helpers.tool import Tool\n\n\n"
                    "class WaitTool(Tool, WaitMixin):\n    pass\n",
                }
            ),
            [Expect("tools/wait.py", 5, "`WaitTool` has no `execute`")],
        ),
        # ... and after a base deriving from it: `Tool` comes before the mixin
        Example(
            with_files({**_MIXED, "tools/wait.py": _MIXED_TOOL.format(bases="MyBase, WaitMixin")}),
            [Expect("tools/wait.py", 4, "`WaitTool` has no `execute`")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for module in ctx.tool_modules:
            for tool in ctx.tools(module):
                if reported_where_defined(ctx, tool):
                    continue
                # ``execute = _impl`` binds one doxtool does not read
                if tool.execute is None and tool.knows(EXECUTE):
                    yield self.finding(
                        f"tool class `{tool.class_name}` has no `execute` method",
                        module,
                        class_line(tool),
                        subject=f"{module}:{tool.class_name}:execute",
                    )


class ExecuteNotAsync(Rule):
    code = "DOX006"
    name = "execute-not-async"
    summary = "A tool's `execute` is not `async`"
    doc = """\
**What it checks.** `execute` is declared `async def` and does not
`yield` (nested functions, classes and lambdas aside). A plain `def execute`
is not reported when the configured tool base it derives from is a class of
the repository that declares `execute` a plain `def` too: early Agent Zero's
agent called `tool.execute(**tool_args)` without awaiting it. A base module
the compiler refuses (a parameter named twice) is read from what the parser
takes of it; one no parser reads is not known, and nothing is reported.

**Why it matters.** The framework awaits `execute`; a plain function returns a
`Response` that cannot be awaited and the call fails at run time, and so does
an `async def` holding a `yield`: calling it gives an async generator, which
cannot be awaited either, and none of its body runs.

**Example.** `def execute(self, **kwargs) -> Response:` in a tool class.
"""
    valid = [Example(with_files({"tools/wait.py": WAIT_PY}))]
    invalid = [
        Example(
            with_files({"tools/wait.py": WAIT_PY.replace("async def execute", "def execute")}),
            [Expect("tools/wait.py", 5, "is not async")],
        ),
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY.replace(
                        "        return Response(", "        yield Response("
                    )
                }
            ),
            [Expect("tools/wait.py", 5, "is an async generator")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for module in ctx.tool_modules:
            for tool in ctx.tools(module):
                execute = tool.execute
                if reported_where_defined(ctx, tool):
                    continue
                if execute is not None and (not execute.is_async or execute.generator):
                    if not execute.generator and _base_executes_plainly(ctx, tool):
                        continue  # a framework that calls ``execute`` without awaiting it
                    line = execute.line if not execute.defined_in_path else class_line(tool)
                    words = "is not async"
                    if execute.generator:
                        words = "is an async generator" if execute.is_async else "is a generator"
                        words += " (it `yield`s)"
                    yield self.finding(
                        f"`{execute.defined_in}` {words}; the framework awaits it",
                        module,
                        line,
                        subject=f"{module}:{tool.class_name}:execute-async",
                    )


def _base_executes_plainly(ctx: Context, tool: ToolFacts) -> bool:
    """Whether the configured tool base ``tool`` derives from is a class of
    the repository declaring ``execute`` a plain ``def`` (early Agent Zero,
    whose agent called ``tool.execute(**tool_args)`` without awaiting it), or
    a module of the repository that no parser reads, which may be one."""
    base = ctx.project.tool_base([tool])[0]
    module, _, name = base.rpartition(".")
    facts = ctx.project.lookup_module(module) if ctx.project.module_path(module) else None
    if facts is None:
        return False
    cls = facts.class_named(name)
    if cls is None and not facts.parsed:
        # the repository's own base that does not compile (a parameter named
        # twice): the parser's outline tells how it declares ``execute``;
        # without one, whether the framework awaits it is not known
        outline = facts.outline.classes if facts.outline is not None else []
        cls = next((c for c in outline if c.name == name), None)
        if cls is None:
            return True
    return cls is not None and any(m.name == EXECUTE and not m.is_async for m in cls.methods)


RULES: list[type[Rule]] = [
    NoToolClass,
    ExecuteMissing,
    ExecuteNotAsync,
]
