"""The outline of any module (:mod:`doxtool.python.outline`): classes, functions,
constants, imports with their scope, call chains, references, side-effect
evidence from code and the raw-text keyword areas.

Modules are written the way real API handlers and helper modules are; the
expected values are the ones the measured Agent Zero format derives.
"""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

import pytest
from samples import write_files

from doxtool.core.config import Config
from doxtool.core.facts import ModuleFacts, ModuleOutline
from doxtool.core.outline_facts import Param
from doxtool.core.serde import from_data, to_data
from doxtool.python.extract import extract_module
from doxtool.python.outline import module_outline
from doxtool.python.outlineareas import keyword_areas
from doxtool.run.project import Project

#: the read-only Agent Zero checkout beside the repository, when there is one
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "agent-zero-2026-07"


def outline_of(source: str) -> ModuleOutline:
    source = textwrap.dedent(source)
    outline = module_outline(ast.parse(source), source)
    assert outline is not None
    return outline


SCHEDULER = '''\
"""Scheduled tasks of every chat.

Tasks persist to a JSON file.
"""
from __future__ import annotations

import threading
from typing import Sequence, TypeVar, TYPE_CHECKING

from pydantic import BaseModel

if TYPE_CHECKING:
    from agent import AgentContext

SCHEDULER_FOLDER = "usr/scheduler"
LOCAL_TIMEZONE_ALIASES: dict[str, str] = {"local": "UTC"}
T = TypeVar("T")
__all__ = ["TaskScheduler"]
lower_name = 1
SCHEDULER_FOLDER = "again"


class SchedulerTaskList(BaseModel, extra="forbid"):
    """The list, as stored."""

    def get_by_ids(self, ids: Sequence[str], /) -> list[str]:
        """Tasks with these ids.

        In the order given.
        """
        return [i for i in ids]

    def _private(self):
        pass


class TaskScheduler:
    @classmethod
    def get(cls) -> 'TaskScheduler':
        return cls()

    async def cancel_running_task(self, task_uuid: str, terminate_thread: bool = False) -> bool:
        return True

    def __repr__(self):
        return "TaskScheduler()"


def is_chat_scoped_path(*, context_id: str, path: str | None = None) -> bool:
    return True


def get_plugin_paths(*subpaths: str, **kwargs: int) -> list[str]:
    """  Paths of plugins.  """
    return list(subpaths)
'''


def test_classes_bases_keywords_methods_in_source_order():
    outline = outline_of(SCHEDULER)
    assert [c.name for c in outline.classes] == ["SchedulerTaskList", "TaskScheduler"]
    tasks, scheduler = outline.classes
    assert tasks.bases == ["BaseModel"]
    assert tasks.keywords == ["extra='forbid'"]
    assert tasks.line == 23 and tasks.top_level
    assert [m.name for m in tasks.methods] == ["get_by_ids", "_private"]
    assert [m.name for m in scheduler.methods] == ["get", "cancel_running_task", "__repr__"]
    get = scheduler.methods[0]
    assert get.decorators == ["classmethod"]
    assert get.returns == "'TaskScheduler'"  # string annotations single-quoted
    assert get.params == [Param("cls", "positional")]


def test_positional_only_parameters_keep_their_kind():
    method = outline_of(SCHEDULER).classes[0].methods[0]
    assert method.params == [
        Param("self", "positional-only"),
        Param("ids", "positional-only", "Sequence[str]"),
    ]
    assert method.returns == "list[str]"
    assert method.doc == "Tasks with these ids."


def test_async_defaults_and_annotations():
    cancel = outline_of(SCHEDULER).classes[1].methods[1]
    assert cancel.is_async
    assert cancel.params == [
        Param("self", "positional"),
        Param("task_uuid", "positional", "str"),
        Param("terminate_thread", "positional", "bool", has_default=True),
    ]
    assert cancel.returns == "bool"


def test_top_level_functions_keyword_only_and_variadic():
    functions = outline_of(SCHEDULER).functions
    assert [f.name for f in functions] == ["is_chat_scoped_path", "get_plugin_paths"]
    scoped, paths = functions
    assert scoped.params == [
        Param("context_id", "keyword-only", "str"),
        Param("path", "keyword-only", "str | None", has_default=True),
    ]
    assert scoped.doc == ""
    assert paths.params == [
        Param("subpaths", "var-positional", "str"),
        Param("kwargs", "var-keyword", "int"),
    ]
    assert paths.doc == "Paths of plugins."
    assert all(f.top_level for f in functions)


def test_constants_include_typevars_and_private_names_first_occurrence():
    outline = outline_of(SCHEDULER + "_PRIVATE_LIMIT = 3\nA = B = 2\nC, D = 1, 2\n")
    assert outline.constants == [
        "SCHEDULER_FOLDER",
        "LOCAL_TIMEZONE_ALIASES",
        "T",
        "_PRIVATE_LIMIT",
        "A",
        "B",
    ]
    # tuple targets are bound, not constants
    assert {"C", "D", "__all__", "lower_name"} <= set(outline.assigned)


def test_module_docstring_first_line():
    assert outline_of(SCHEDULER).docstring == "Scheduled tasks of every chat."
    assert outline_of("x = 1\n").docstring == ""


FASTA2A = """\
import asyncio
from typing import TYPE_CHECKING
import typing

try:
    from fasta2a import FastA2A
    from fasta2a.broker import InMemoryBroker
    import httpx
    FASTA2A_AVAILABLE = True
except ImportError:
    FASTA2A_AVAILABLE = False

    class InMemoryBroker:
        def ping(self):
            return True

    def fallback_app():
        return None

if typing.TYPE_CHECKING:
    from agent import Agent
    try:
        import never_at_runtime
    except ImportError:
        pass
else:
    import runtime_only

if sys.platform == "win32":
    import msvcrt
    WINDOWS = True

with open("x") as handle:
    import inside_with

for item in range(3):
    LOOPED = item


class Server:
    from helpers import files as class_files

    def run(self):
        import threading
        from . import local_helper
        from .strings import sanitize

        def inner():
            from ..pkg.mod import thing

        return threading


def serve():
    import subprocess as sp
    return sp
"""


def test_import_scopes():
    imports = [(i.module, i.names, i.scope, i.level) for i in outline_of(FASTA2A).imports]
    assert imports == [
        ("asyncio", [], "module", 0),
        ("typing", ["TYPE_CHECKING"], "module", 0),
        ("typing", [], "module", 0),
        ("fasta2a", ["FastA2A"], "try", 0),
        ("fasta2a.broker", ["InMemoryBroker"], "try", 0),
        ("httpx", [], "try", 0),
        ("agent", ["Agent"], "type-checking", 0),
        ("never_at_runtime", [], "type-checking", 0),
        ("runtime_only", [], "conditional", 0),
        ("msvcrt", [], "conditional", 0),
        ("inside_with", [], "conditional", 0),
        ("helpers", ["files"], "class", 0),
        ("threading", [], "function", 0),
        ("", ["local_helper"], "function", 1),
        ("strings", ["sanitize"], "function", 1),
        ("pkg.mod", ["thing"], "function", 2),
        ("subprocess", [], "function", 0),
    ]


def test_blocks_give_non_top_level_classes_functions_and_assignments():
    outline = outline_of(FASTA2A)
    classes = {c.name: c.top_level for c in outline.classes}
    assert classes == {"InMemoryBroker": False, "Server": True}
    assert {f.name: f.top_level for f in outline.functions} == {
        "fallback_app": False,
        "serve": True,
    }
    # only assignments directly in the module body are constants
    assert outline.constants == []
    for name in ("FASTA2A_AVAILABLE", "WINDOWS", "LOOPED", "item", "handle", "Server", "serve"):
        assert name in outline.assigned
    for name in ("FastA2A", "httpx", "asyncio", "TYPE_CHECKING", "typing"):
        assert name in outline.assigned
    # names bound inside functions and classes are not module names
    assert "sp" not in outline.assigned and "threading" not in outline.assigned


def test_type_alias_binds_a_name_that_is_not_a_constant():
    if sys.version_info < (3, 12):
        pytest.skip("``type X = ...`` needs Python 3.12")
    outline = outline_of("type PLUGIN_MAP = dict[str, str]\nLIMIT = 3\n")
    assert outline.assigned == ["PLUGIN_MAP", "LIMIT"]
    assert outline.constants == ["LIMIT"]


def test_import_rendering():
    outline = outline_of(
        """\
        import os.path, json as j
        from __future__ import annotations
        from .m import z
        from . import y
        from x.y import *
        """
    )
    assert [(i.module, i.names, i.level, i.line) for i in outline.imports] == [
        ("os.path", [], 0, 1),
        ("json", [], 0, 1),
        ("__future__", ["annotations"], 0, 2),
        ("m", ["z"], 1, 3),
        ("", ["y"], 1, 4),
        ("x.y", ["*"], 0, 5),
    ]
    assert outline.assigned == ["os", "j", "annotations", "z", "y"]


WAIT = """\
from helpers.localization import Localization


class WaitTool(Tool):
    async def execute(self, **kwargs):
        now = Localization.get().now()
        label = str(self.args.get("label", "")).strip().lower()
        head = line.split(":")[0].strip()
        text = "\\n".join(parts)
        return Response(message=text, break_loop=False)
"""


def test_call_chains_are_flattened_and_transparent():
    calls = outline_of(WAIT).calls
    assert "Localization.get.now" in calls
    assert "Localization.get" in calls  # the inner call is a call too
    assert "str.strip.lower" in calls
    assert "line.split.strip" in calls
    assert "line.split" in calls
    assert "join" in calls
    assert "self.args.get" in calls
    assert len(calls) == len(set(calls))


def test_calls_follow_breadth_first_walk_order():
    calls = outline_of(
        """\
        def deep():
            helper(inner(x))


        first()
        decorated = dataclass(slots=True)
        """
    ).calls
    # module-level calls come before those nested in the function body,
    # an argument's call after the call holding it
    assert calls == ["first", "dataclass", "helper", "inner"]


def test_calls_past_an_empty_place_keep_breadth_first_order():
    """A dictionary's ``**`` entry has no key, a keyword-only parameter may
    have no default, a ``return`` no value: the walk goes on past each, in
    the same order."""
    outline = outline_of(
        """\
        def f(*, a=None, b=second(), c, d=third()):
            return


        merged = {**base(), "k": first(), None: last(nested())}
        """
    )
    # the defaults lie as deep as the dictionary's values, and come first
    assert outline.calls == ["second", "third", "base", "first", "last", "nested"]
    assert outline.references == ["merged", *outline.calls]


def test_calls_in_decorators_defaults_comprehensions_lambdas():
    calls = outline_of(
        """\
        @dataclass(slots=True)
        class A:
            x: list = field(default_factory=list)


        def f(a=default_value()):
            squares = [square(i) for i in range(3)]
            key = lambda item: item.name.lower()
            return sorted(squares, key=key)
        """
    ).calls
    for name in ("dataclass", "field", "default_value", "square", "range", "item.name.lower"):
        assert name in calls
    # no exclusion list and no cap at this level
    assert "sorted" in calls


def test_calls_of_unnamed_receivers_are_dropped():
    calls = outline_of("(lambda: 1)()\n(a or b)()\nhandlers[key](x)\nf()()\n").calls
    assert calls == ["handlers", "f"]


def test_references_include_every_sub_chain():
    refs = outline_of(
        """\
        def set_profile(context):
            context.agent0.config.profile = "x"
            return LIMIT
        """
    ).references
    for name in ("context.agent0.config.profile", "context.agent0.config", "context.agent0"):
        assert name in refs
    assert "context" in refs and "LIMIT" in refs
    assert len(refs) == len(set(refs))


def test_effects_from_calls_resolved_through_imports():
    outline = outline_of(
        """\
        import shutil as sh
        from os import remove
        import os
        from pathlib import Path


        def clean(path, data):
            sh.rmtree(path)
            remove(path)
            os.makedirs(path, exist_ok=True)
            os.listdir(path)
            with open(path) as f:
                f.read()
            with open(path, "wb") as f:
                f.write(data)
            open(path, mode="a+")
            Path(path).unlink()
            (Path.cwd() / "x").mkdir()
            Path(path).parent.rmdir()
            target.write_text("x")
            somebody.unlink()
            open(path, options.mode)
        """
    )
    effects = [(e.area, e.via, e.line) for e in outline.effects]
    assert effects == [
        ("filesystem deletion", "shutil.rmtree", 8),
        ("filesystem deletion", "os.remove", 9),
        ("filesystem writes", "os.makedirs", 10),
        ("filesystem reads", "os.listdir", 11),
        ("filesystem reads", "open", 12),
        ("filesystem writes", "open", 14),
        ("filesystem deletion", "Path.unlink", 17),
        ("filesystem writes", "mkdir", 18),  # the call as the calls list renders it
        ("filesystem deletion", "Path.parent.rmdir", 19),
        ("filesystem writes", "target.write_text", 20),
    ]


def test_effects_from_imports_network_subprocess_model():
    outline = outline_of(
        """\
        import requests
        import subprocess
        from urllib import request
        from urllib.parse import urlparse
        from starlette.requests import Request
        import litellm
        import socketio

        if TYPE_CHECKING:
            import httpx


        async def run():
            requests.get("https://example.com")
            subprocess.run(["ls"])
            await asyncio.create_subprocess_exec("ls")
            os.system("ls")
            litellm.completion(model="x")
        """
    )
    effects = [(e.area, e.via) for e in outline.effects]
    assert effects == [
        ("network calls", "import requests"),
        ("network calls", "from urllib import request"),
        ("network calls", "import litellm"),
        ("model calls", "import litellm"),
        ("network calls", "requests.get"),
        ("subprocess/runtime control", "subprocess.run"),
        ("network calls", "litellm.completion"),
        ("model calls", "litellm.completion"),
    ]
    # ``asyncio``/``os`` are not imported here: unknown receivers give nothing;
    # ``import subprocess`` alone runs nothing: its ``run`` call shows the area


def test_library_calls_that_perform_nothing_are_no_evidence():
    outline = outline_of(
        """\
        import socket
        import httpx
        import subprocess


        def probe():
            socket.gethostname()
            httpx.Timeout(5)
            subprocess.CompletedProcess([], 0)
            socket.getaddrinfo("example.com", 443)
        """
    )
    assert [(e.area, e.via) for e in outline.effects] == [
        ("network calls", "import socket"),
        ("network calls", "import httpx"),
        ("network calls", "socket.getaddrinfo"),
    ]


def test_no_effects_from_comments_strings_or_unknown_names():
    outline = outline_of(
        '''\
        """Deletes files with os.remove and calls requests.get."""
        # subprocess.run(["rm", "-rf", "/"])


        def remove(path):
            return "shutil.rmtree(path)"


        remove("x")
        store.delete("key")
        file.save("x")
        '''
    )
    assert outline.effects == []
    assert "filesystem deletion" in outline.keyword_areas  # the raw text still says so


def test_a_local_name_shadows_an_import():
    outline = outline_of(
        """\
        from os import remove
        import os


        def remove(path):
            pass


        def open(path):
            pass


        remove("x")
        open("y")
        os.remove("z")
        """
    )
    assert [(e.via, e.line) for e in outline.effects] == [("os.remove", 15)]


def test_keyword_areas_follow_the_measured_rule():
    # ``\\bkvp`` fires on ``kvps``; ``\\bauth`` not on ``requires_auth``,
    # ``\\bdocker`` not on ``is_dockerized``
    assert keyword_areas("kvps = self.args  # requires_auth\nis_dockerized()\n") == [
        "settings/state persistence"
    ]
    assert keyword_areas("") == []
    text = (
        "import pathlib\nimport json\nos.remove(x)\nsubprocess.run()\nlitellm.x\n"
        "emit()\nplugin\ntoken\nMyTaskScheduler\ntunnel\nsave_x\n"
    )
    assert keyword_areas(text) == [
        "filesystem reads",
        "filesystem writes",
        "filesystem deletion",
        "subprocess/runtime control",
        "model calls",
        "WebSocket state",
        "plugin state",
        "settings/state persistence",
        "secret handling",
        "tunnel state",
    ]
    assert keyword_areas("PERSIST = Remove") == ["filesystem writes", "filesystem deletion"]
    assert keyword_areas("from starlette.requests import Request") == []
    assert keyword_areas("import requests") == ["network calls"]
    assert keyword_areas("requests.post(url)") == ["network calls"]
    assert keyword_areas("import socketio") == ["network calls"]  # ``\\bsocket``
    assert keyword_areas("argv = sys.argv") == ["subprocess/runtime control"]
    assert keyword_areas("os.execv(sys.executable, [])") == ["subprocess/runtime control"]
    assert keyword_areas("MODEL = call_llm") == ["model calls"]
    # refuted keywords never fire an area
    refuted = (
        "read open load path file exists save write makedirs upload clear pop http fetch "
        "url process runtime reload restart exit kill model llm embed langchain openai "
        "socket_ connect session stream extension setting context log cache key login "
        "hash schedule queue defer proxy remote"
    )
    assert keyword_areas(refuted.replace("socket_ ", "")) == []


def test_keyword_areas_are_the_case_blind_keyword_patterns_at_a_word_start():
    """Each area is found where its keywords' pattern (``\\b`` before the
    keyword, case-blind) matches the text: only after a character that is no
    word character, or at the start; a later occurrence counts when the
    first lies inside a word; text that is not ASCII is read the same way."""
    import re

    from doxtool.python.outlineareas import AREA_KEYWORDS, AREAS

    texts = [
        "Tmp",
        "x_tmp tmp",
        "xtmp 9tmp _tmp",
        "xtmp\n(tmp)",
        "os_path os.path OS.PATH",
        "my_os.path",
        "import  requests",
        "import requests",
        "TOKEN_secret_x",
        "é tmp",
        "étmp",
        "ﬁle secret",
        "requests_x requests.x",
        "websocket",
        "the_state,state",
        "Écrire write_file",
        "ws_ ws",
    ]
    for keywords in AREA_KEYWORDS.values():
        for keyword in keywords:
            assert keyword[0].isalpha() and keyword == keyword.lower()
    for text in texts:
        expected = [
            area
            for area in AREAS
            if re.search(r"\b(?:" + "|".join(AREA_KEYWORDS[area]) + ")", text, re.IGNORECASE)
        ]
        assert keyword_areas(text) == expected, text
    assert keyword_areas("xtmp\n(tmp)") == ["filesystem writes"]
    assert keyword_areas("xtmp 9tmp _tmp") == []


def test_deep_nesting_never_raises():
    source = "y = a" + ".b" * 900 + "()\n"
    outline = module_outline(ast.parse(source), source)
    assert outline is not None and "y" in outline.assigned
    assert outline.calls == ["a" + ".b" * 900]
    nested = "def f(x: " + "list[" * 150 + "int" + "]" * 150 + "): pass\n"
    tree = ast.parse(nested)
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    limit = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(depth + 40)
        assert module_outline(tree, nested) is None
    finally:
        sys.setrecursionlimit(limit)


def test_serialises_and_loads_back():
    outline = outline_of(SCHEDULER + FASTA2A)
    facts = ModuleFacts(path="helpers/x.py", outline=outline)
    assert from_data(ModuleFacts, to_data(facts)) == facts


def test_extract_module_fills_the_outline_and_leaves_it_none_on_syntax_errors():
    facts = extract_module(textwrap.dedent(WAIT), "tools/wait.py")
    assert facts.outline is not None
    assert facts.outline.classes[0].name == "WaitTool"
    broken = extract_module("def f(:\n", "helpers/broken.py")
    assert broken.outline is None and broken.problems


def test_project_facts_carry_the_outline_of_a_helper_module(tmp_path: Path):
    write_files(
        tmp_path,
        {
            "helpers/__init__.py": "",
            "helpers/files.py": textwrap.dedent(
                """\
                import os

                BASE_DIR = "usr"


                def delete_file(path: str) -> None:
                    \"\"\"Delete one file.\"\"\"
                    os.remove(path)
                """
            ),
        },
    )
    facts = Project(tmp_path, Config()).facts("helpers/files.py")
    assert facts.outline is not None
    assert facts.outline.constants == ["BASE_DIR"]
    assert facts.outline.functions[0].doc == "Delete one file."
    assert [(e.area, e.via) for e in facts.outline.effects] == [
        ("filesystem deletion", "os.remove")
    ]


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS.is_dir(), reason="the Agent Zero corpus is not available")
def test_every_corpus_module_outlines_without_error():
    seen = empty = 0
    for folder in ("tools", "api", "helpers"):
        for path in sorted((CORPUS / folder).glob("*.py")):
            source = path.read_text(encoding="utf-8")
            tree = ast.parse(source) if sys.version_info >= (3, 12) else _parse_or_none(source)
            if tree is None:
                continue  # ``type X = ...`` needs Python 3.12
            outline = module_outline(tree, source)
            assert outline is not None, path
            empty += not (outline.classes or outline.functions or outline.imports)
            assert all(e.line >= 1 for e in outline.effects)
            seen += 1
    assert seen > 150
    assert empty <= 2  # ``helpers/browser.py`` is commented out whole


def _parse_or_none(source: str) -> ast.Module | None:
    try:
        return ast.parse(source)
    except SyntaxError:
        return None
