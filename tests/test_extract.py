"""What the extractor reports for each way a tool reads arguments and answers.

Every test writes a small repository (``helpers/tool.py`` with ``Tool`` and
``Response``, ``helpers/errors.py``, a module under ``tools/``) into a
temporary directory and asks :class:`doxtool.run.project.Project` for the facts of
the tool module, as ``doxtool inspect`` does. Expected facts are exact: every
argument, every read line, every outcome.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from doxtool.core.config import Config
from doxtool.core.facts import ModuleFacts, ToolFacts
from doxtool.run.project import Project

TOOL_PY = '''\
"""The tool contract."""
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool
    additional: dict | None = None


class Tool:
    def __init__(self, agent, name, method, args, message, loop_data, **kwargs):
        self.agent = agent
        self.name = name
        self.method = method
        self.args = args

    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError
'''

ERRORS_PY = '''\
class RepairableException(Exception):
    """The model can fix the call."""
'''

BASE_FILES = {
    "helpers/__init__.py": "",
    "helpers/tool.py": TOOL_PY,
    "helpers/errors.py": ERRORS_PY,
    "helpers/files.py": "def read_file(path):\n    return ''\n",
}

NO_DEFAULT = object()


def write_repo(root: Path, files: dict[str, str]) -> None:
    for rel, text in {**BASE_FILES, **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def module(root: Path, source: str, rel: str = "tools/x.py", **files: str) -> ModuleFacts:
    write_repo(root, {rel: source, **{k.replace("__", "/") + ".py": v for k, v in files.items()}})
    return Project(root, Config()).module_facts(rel)


def tool(root: Path, source: str, rel: str = "tools/x.py", **files: str) -> ToolFacts:
    facts = module(root, source, rel, **files)
    assert facts.problems == []
    (only,) = facts.tools
    return only


def line(source: str, fragment: str, occurrence: int = 1) -> int:
    """1-based line of the n-th line of ``source`` containing ``fragment``."""
    found = [
        n for n, text in enumerate(textwrap.dedent(source).splitlines(), 1) if fragment in text
    ]
    assert len(found) >= occurrence, f"{fragment!r} not in source"
    return found[occurrence - 1]


def arguments(facts: ToolFacts) -> dict[str, dict[str, Any]]:
    """name -> required, default, type, enum and read lines, in source order."""
    return {
        a.name: {
            "required": a.required,
            "default": a.default if a.has_default else NO_DEFAULT,
            "type": a.type,
            "enum": a.enum,
            "lines": [r.line for r in a.reads],
        }
        for a in facts.arguments
    }


def arg(
    lines: list[int],
    required: bool = False,
    default: Any = NO_DEFAULT,
    type: str | None = None,
    enum: list[Any] | None = None,
) -> dict[str, Any]:
    return {"required": required, "default": default, "type": type, "enum": enum, "lines": lines}


def outcomes(facts: ToolFacts) -> list[tuple[bool | str, int, str | None, str]]:
    return [(o.break_loop, o.line, o.expression, o.function) for o in facts.outcomes]


def missing(facts: ToolFacts) -> list[tuple[str, int, str]]:
    return [(m.kind, m.line, m.function) for m in facts.missing_responses]


# ---------------------------------------------------------------------------
# the tool class and its execute


def test_tool_class_execute_and_name_from_file_stem(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class SearchEngine(Tool):
            async def execute(self, query: str = "", *, limit: int = 5, **kwargs) -> Response:
                return Response(message=query, break_loop=False)
        """
    facts = tool(tmp_path, source, rel="tools/search_engine.py")

    assert facts.name == "search_engine"
    assert facts.class_name == "SearchEngine"
    assert facts.line == line(source, "class SearchEngine")
    assert facts.bases == ["helpers.tool.Tool"]
    assert facts.execute is not None
    assert facts.execute.is_async is True
    assert facts.execute.line == line(source, "async def execute")
    assert facts.execute.params == ["self", "query", "limit", "**kwargs"]
    assert facts.execute.defined_in == "SearchEngine.execute"
    assert facts.execute.defined_in_path is None


def test_execute_that_is_not_async_is_reported_as_such(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Blocking(Tool):
            def execute(self, **kwargs):
                return Response("done", False)
        """
    facts = tool(tmp_path, source)

    assert facts.execute is not None
    assert facts.execute.is_async is False
    assert facts.execute.params == ["self", "**kwargs"]
    assert facts.execute.line == 5


def test_every_tool_class_of_a_module_in_source_order(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Helper:
            async def execute(self):
                return 1


        class First(Tool):
            async def execute(self, **kwargs):
                return Response("1", False)


        class Second(First):
            pass


        class Alone(Tool):
            async def execute(self, **kwargs):
                return Response("2", False)
        """
    facts = module(tmp_path, source)

    # ``First`` is the shared base of ``Second``, not a tool of its own
    assert [(t.name, t.class_name, t.line) for t in facts.tools] == [
        ("x", "Second", 14),
        ("x", "Alone", 18),
    ]
    second = facts.tools[0]
    assert second.bases == ["tools.x.First"]
    assert second.execute is not None
    assert (second.execute.defined_in, second.execute.line) == ("First.execute", 10)
    assert outcomes(second) == [(False, 11, None, "First.execute")]


def test_a_class_without_execute_is_a_tool_with_execute_missing(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Tool


        class Forgetful(Tool):
            def describe(self):
                return self.args.get("topic")
        """
    facts = tool(tmp_path, source)

    assert facts.class_name == "Forgetful"
    assert facts.execute is None
    assert facts.outcomes == []
    assert facts.missing_responses == []


# ---------------------------------------------------------------------------
# arguments: where they are read


def test_reads_through_get_subscript_membership_and_a_local_alias(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Reader(Tool):
            async def execute(self, **kwargs):
                limit = self.args.get("limit", 3)
                path = self.args["path"]
                verbose = "verbose" in self.args
                args = self.args
                title = args["title"]
                note = args.get("note")
                popped = self.args.pop("cursor", None)
                return Response(f"{limit}{path}{verbose}{title}{note}{popped}", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "limit": arg([6], default=3, type="integer"),
        "path": arg([7], required=True),
        "verbose": arg([8]),
        "title": arg([10], required=True),
        "note": arg([11]),
        "cursor": arg([12], default=None),
    }
    kinds = {a.name: [r.kind for r in a.reads] for a in facts.arguments}
    assert kinds == {
        "limit": ["get"],
        "path": ["subscript"],
        "verbose": ["contains"],
        "title": ["subscript"],
        "note": ["get"],
        "cursor": ["pop"],
    }
    assert facts.dynamic_reads == []


def test_copies_of_the_arguments_dict_are_aliases_too(tmp_path: Path) -> None:
    source = """\
        import copy

        from helpers.tool import Response, Tool


        class Copier(Tool):
            async def execute(self, **kwargs):
                a = dict(self.args)
                b = {**self.args}
                c = self.args.copy()
                d = copy.deepcopy(self.args)
                e = self.args or {}
                return Response(a["one"] + b["two"] + c["three"] + d["four"] + e["five"], False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        name: arg([13], required=True) for name in ("one", "two", "three", "four", "five")
    }


def test_execute_keyword_parameters_and_kwargs(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Params(Tool):
            async def execute(self, query: str, limit: int = 5, tags=(), **kwargs):
                page = kwargs.get("page", 1)
                token = kwargs["token"]
                if "debug" in kwargs:
                    pass
                return Response(f"{query}{limit}{tags}{page}{token}", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "query": arg([5], required=True, type="string"),
        "limit": arg([5], default=5, type="integer"),
        "tags": arg([5], default=[], type="array"),
        "page": arg([6], default=1, type="integer"),
        "token": arg([7], required=True),
        "debug": arg([8]),
    }
    assert [r.kind for r in facts.arguments[0].reads] == ["parameter"]
    assert [r.column for r in facts.arguments[0].reads] == [29]


def test_required_only_when_read_by_subscript_without_a_guard(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Guards(Tool):
            async def execute(self, **kwargs):
                needed = self.args["needed"]
                if "checked" in self.args:
                    checked = self.args["checked"]
                if self.args.get("truthy"):
                    truthy = self.args["truthy"]
                try:
                    caught = self.args["caught"]
                except KeyError:
                    caught = None
                inline = self.args["inline"] if "inline" in self.args else None
                if "absent" not in self.args:
                    absent = None
                else:
                    absent = self.args["absent"]
                return Response("", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "needed": arg([6], required=True),
        "checked": arg([7, 8]),
        "truthy": arg([9, 10]),
        "caught": arg([12]),
        "inline": arg([15, 15]),
        "absent": arg([16, 19]),
    }
    guarded = {a.name: [r.guarded for r in a.reads] for a in facts.arguments}
    assert guarded["needed"] == [False]
    assert guarded["caught"] == [True]
    assert guarded["absent"] == [True, True]


def test_defaults_are_literals_or_module_constants_bound_to_literals(tmp_path: Path) -> None:
    source = """\
        import time

        from helpers.tool import Response, Tool

        LIMIT = 10
        UNITS = ("s", "m")
        STAMP = time.time()


        class Defaults(Tool):
            async def execute(self, **kwargs):
                a = self.args.get("negative", -1)
                b = self.args.get("mapping", {"k": [1, 2]})
                c = self.args.get("limit", LIMIT)
                d = self.args.get("units", UNITS)
                e = self.args.get("computed", STAMP)
                f = self.args.get("called", time.time())
                g = self.args.get("nothing", None)
                return Response(f"{a}{b}{c}{d}{e}{f}{g}", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "negative": arg([12], default=-1, type="integer"),
        "mapping": arg([13], default={"k": [1, 2]}, type="object"),
        "limit": arg([14], default=10, type="integer"),
        "units": arg([15], default=["s", "m"], type="array"),
        "computed": arg([16]),
        "called": arg([17]),
        "nothing": arg([18], default=None),
    }


def test_types_from_coercion_annotation_and_literal_default(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Types(Tool):
            async def execute(self, names: list[str] | None = None, opts: dict = None, **kwargs):
                count = int(self.args.get("count", "3"))
                ratio = float(self.args["ratio"])
                flag = bool(self.args.get("flag"))
                label = str(self.args.get("label"))
                size = self.args.get("size", 1.5)
                text = self.args.get("text", "").strip()
                return Response(f"{count}{ratio}{flag}{label}{size}{text}", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "names": arg([5], default=None, type="array"),
        "opts": arg([5], default=None, type="object"),
        "count": arg([6], default="3", type="integer"),
        "ratio": arg([7], required=True, type="number"),
        "flag": arg([8]),
        "label": arg([9], type="string"),
        "size": arg([10], default=1.5, type="number"),
        "text": arg([11], default="", type="string"),
    }


def test_types_of_values_kept_in_variables_and_parameters(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Later(Tool):
            async def execute(self, retries=None, **kwargs):
                raw = self.args.get("timeout")
                timeout = float(raw)
                retries = int(retries)
                return Response(f"{timeout}{retries}", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        # ``int(None)`` fails: no ``null`` default is claimed (nor any other)
        "retries": arg([5], type="integer"),
        # ``float(None)`` of a read on every call fails as ``args["timeout"]`` does
        "timeout": arg([6], required=True, type="number"),
    }
    (retries,) = [a for a in facts.arguments if a.name == "retries"]
    assert retries.default_unknown


# ---------------------------------------------------------------------------
# arguments: enumerated values


def test_enum_from_closed_dispatch_by_equality_membership_and_match(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool

        FORMATS = frozenset({"json"})


        class Dispatch(Tool):
            async def execute(self, **kwargs):
                mode = self.args.get("mode", "fast")
                if mode == "fast":
                    pass
                elif "slow" == mode:
                    pass
                else:
                    return Response(f"unknown mode {mode}", False)
                level = self.args.get("level")
                if level not in ("low", "high"):
                    raise ValueError(level)
                if self.args.get("fmt") not in FORMATS:
                    return Response("json only", False)
                match self.args.get("action"):
                    case "list":
                        pass
                    case "add" | "remove":
                        pass
                    case _:
                        return Response("unknown action", False)
                if int(self.args.get("priority", 1)) in [1, 2, 3]:
                    return Response("queued", False)
                return Response("bad priority", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "mode": arg([8], default="fast", type="string", enum=["fast", "slow"]),
        "level": arg([15], type="string", enum=["low", "high"]),
        "fmt": arg([18], type="string", enum=["json"]),
        "action": arg([20], type="string", enum=["list", "add", "remove"]),
        "priority": arg([27], default=1, type="integer", enum=[1, 2, 3]),
    }


def test_no_enum_from_comparisons_that_accept_any_other_value(tmp_path: Path) -> None:
    """Mapping aliases and then using the value as given is not an enumeration."""
    source = """\
        from helpers.tool import Response, Tool

        ALIASES = {"local", "user", "current"}


        class Open(Tool):
            async def execute(self, **kwargs):
                tz = self.args.get("timezone", "")
                if tz.lower() in ALIASES:
                    tz = "UTC"
                mode = self.args.get("mode")
                if mode == "fast":
                    speed = 2
                elif mode == "slow":
                    speed = 1
                else:
                    speed = 0
                action = self.args.get("action")
                if action in ("await", "wait"):
                    return Response("waiting", False)
                flag = "on" if self.args.get("style") in ("a", "b") else "off"
                return Response(f"{tz}{speed}{flag}", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "timezone": arg([8], default="", type="string"),
        "mode": arg([11]),
        "action": arg([18]),
        "style": arg([21]),
    }


def test_enum_after_strip_lower_normalisation(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Normalised(Tool):
            async def execute(self, **kwargs):
                action = str(self.args.get("action", "")).strip().lower()
                if action == "start":
                    return Response("started", False)
                if action == "stop":
                    return Response("stopped", True)
                if action.strip() == "":
                    return Response("no action", False)
                return Response(f"unknown {action}", False)
        """
    facts = tool(tmp_path, source)

    # past the returns of ``start`` and ``stop``, the check refuses ``""`` on
    # the calls that come that far: the empty default is neither claimed nor denied
    assert arguments(facts) == {
        "action": arg([6], type="string", enum=["start", "stop"]),
    }
    assert facts.arguments[0].required_unknown


def test_enum_of_an_execute_parameter_and_of_a_value_handed_to_a_method(
    tmp_path: Path,
) -> None:
    source = """\
        from helpers.tool import Response, Tool

        ACTIONS = ("list", "run")


        class Scheduler(Tool):
            async def execute(self, unit: str = "s", **kwargs):
                if unit.lower() not in ("s", "m"):
                    return Response("unit must be s or m", False)
                action = str(self.method or self.args.get("action", "")).strip()
                return await self._dispatch(action)

            async def _dispatch(self, action: str) -> Response:
                if action == "list":
                    return Response("listed", False)
                if action == "run":
                    return Response("ran", False)
                return Response(f"use one of {ACTIONS}", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "unit": arg([7], default="s", type="string", enum=["s", "m"]),
        # ``""`` (no method, no ``action``) ends in the dispatch's error: a
        # refused default is neither claimed nor denied
        "action": arg([10], type="string", enum=["list", "run"]),
    }


def test_no_enum_from_absence_checks_flag_tests_or_spellings_of_another_type(
    tmp_path: Path,
) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Flags(Tool):
            async def execute(self, reset: str = "", **kwargs):
                text = self.args.get("text")
                if text == "" or text is None:
                    return Response("empty", False)
                stop = str(self.args.get("handoff", True)).lower() not in ("false", "no")
                fresh = reset.strip().lower() == "true"
                return Response(f"{text}{fresh}", stop)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "reset": arg([5], default="", type="string"),
        "text": arg([6], required=True),
        "handoff": arg([9], default=True, type="boolean"),
    }


# ---------------------------------------------------------------------------
# arguments: keys


def test_module_string_constants_used_as_keys_are_resolved(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool

        KEY_QUERY = "query"
        KEY_PAGE = "pa" "ge"


        class Constants(Tool):
            async def execute(self, **kwargs):
                query = self.args[KEY_QUERY]
                page = self.args.get(KEY_PAGE, 1)
                return Response(f"{query}{page}", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "query": arg([9], required=True),
        "page": arg([10], default=1, type="integer"),
    }
    assert facts.dynamic_reads == []


def test_keys_that_cannot_be_resolved_are_dynamic_reads_not_guesses(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool

        KEYS = ["a", "b"]
        SHADOWED = "x"
        SHADOWED = "y"


        class Dynamic(Tool):
            async def execute(self, **kwargs):
                first = self.args.get(self.name)
                for key in KEYS:
                    self.args.get(key)
                second = self.args[f"item_{first}"]
                third = self.args.get(SHADOWED)
                return Response(f"{first}{second}{third}", False)
        """
    facts = tool(tmp_path, source)

    # a loop over a constant list of literal keys reads those keys
    assert arguments(facts) == {"a": arg([12]), "b": arg([12])}
    assert [(d.expression, d.line, d.function) for d in facts.dynamic_reads] == [
        ("self.name", 10, "Dynamic.execute"),
        ('f"item_{first}"', 13, "Dynamic.execute"),
        ("SHADOWED", 14, "Dynamic.execute"),
    ]


# ---------------------------------------------------------------------------
# arguments: dicts and values handed to functions and methods


def test_dict_handed_to_module_functions_one_and_two_calls_deep(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        def _limit(options):
            return int(options.get("limit", 10))


        def _parse(args: dict) -> tuple:
            query = args["query"]
            return query, _limit(args)


        def _unrelated(args):
            return args["never"]


        class Search(Tool):
            async def execute(self, **kwargs):
                query, limit = _parse(self.args)
                return Response(f"{query} {limit}", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "query": arg([9], required=True),
        "limit": arg([5], default=10, type="integer"),
    }
    functions = {a.name: [r.function for r in a.reads] for a in facts.arguments}
    assert functions == {"query": ["_parse"], "limit": ["_limit"]}


def test_dict_handed_to_methods_by_keyword_and_the_tool_handed_to_a_function(
    tmp_path: Path,
) -> None:
    source = """\
        from helpers.tool import Response, Tool


        def _owner(tool):
            return tool.args.get("owner", "me")


        class Methods(Tool):
            async def execute(self, **kwargs):
                self._check(opts=kwargs)
                return Response(_owner(self), False)

            def _check(self, opts):
                return opts["mandatory"]
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "mandatory": arg([14], required=True),
        "owner": arg([5], default="me", type="string"),
    }


def test_kwargs_splatted_into_a_helper_method_make_its_parameters_arguments(
    tmp_path: Path,
) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Splat(Tool):
            async def execute(self, **kwargs):
                return await self._run(**kwargs)

            async def _run(self, query: str, top_k: int = 3, **rest) -> Response:
                if rest.get("explain"):
                    return Response(f"{query} {top_k}", False)
                return Response(query, False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {
        "query": arg([8], required=True, type="string"),
        "top_k": arg([8], default=3, type="integer"),
        "explain": arg([9]),
    }
    assert {a.name: a.reads[0].kind for a in facts.arguments} == {
        "query": "parameter",
        "top_k": "parameter",
        "explain": "get",
    }
    assert outcomes(facts) == [
        (False, 10, None, "Splat._run"),
        (False, 11, None, "Splat._run"),
    ]


def test_other_methods_of_the_class_are_read_too(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Hooks(Tool):
            async def before_execution(self, **kwargs):
                self.args.setdefault("retries", 2)

            async def execute(self, **kwargs):
                return Response("", False)
        """
    facts = tool(tmp_path, source)

    assert arguments(facts) == {"retries": arg([6], default=2, type="integer")}
    assert facts.arguments[0].reads[0].function == "Hooks.before_execution"


# ---------------------------------------------------------------------------
# outcomes


def test_break_loop_keyword_positional_and_dynamic(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Outcomes(Tool):
            async def execute(self, **kwargs):
                should_stop = self.args.get("stop") == "yes"
                if self.args.get("a"):
                    return Response(message="a", break_loop=True)
                if self.args.get("b"):
                    return Response("b", False)
                if self.args.get("c"):
                    return Response(break_loop=not should_stop, message="c")
                return Response(message="d", break_loop=should_stop)
        """
    facts = tool(tmp_path, source)

    assert outcomes(facts) == [
        (True, 8, None, "Outcomes.execute"),
        (False, 10, None, "Outcomes.execute"),
        ("dynamic", 12, "not should_stop", "Outcomes.execute"),
        ("dynamic", 13, "should_stop", "Outcomes.execute"),
    ]
    assert facts.missing_responses == []
    assert [o.column for o in facts.outcomes] == [13, 13, 13, 9]


def test_outcomes_of_methods_and_functions_whose_result_execute_returns(
    tmp_path: Path,
) -> None:
    source = """\
        from helpers.tool import Response, Tool


        def _fail(reason):
            return Response(message=reason, break_loop=False)


        class Chain(Tool):
            async def execute(self, **kwargs):
                if not self.args:
                    return _fail("no arguments")
                return await self._finish()

            async def _finish(self):
                if self.args.get("final"):
                    return await self._final()
                return Response("more", False)

            async def _final(self):
                return Response("done", True)

            def _not_returned(self):
                return Response("never", True)
        """
    facts = tool(tmp_path, source)

    assert outcomes(facts) == [
        (False, 5, None, "_fail"),
        (False, 17, None, "Chain._finish"),
        (True, 20, None, "Chain._final"),
    ]
    assert facts.returns_from == ["Chain.execute", "_fail", "Chain._finish", "Chain._final"]
    assert facts.missing_responses == []


def test_response_kept_in_a_variable_and_conditional_returns(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Variables(Tool):
            async def execute(self, **kwargs):
                if self.args.get("x"):
                    result = Response("x", False)
                    result.message += "!"
                    return result
                if self.args.get("y"):
                    answer = Response("y", True)
                    answer.break_loop = self.args.get("z") == "1"
                    return answer
                if self.args.get("w"):
                    either = Response("w", True)
                    if self.args.get("v"):
                        either = Response("v", False)
                    return either
                return Response("a", True) if self.args.get("a") else Response("b", False)
        """
    facts = tool(tmp_path, source)

    assert outcomes(facts) == [
        (False, 9, None, "Variables.execute"),
        ("dynamic", 13, 'self.args.get("z") == "1"', "Variables.execute"),
        ("dynamic", 18, "either.break_loop", "Variables.execute"),
        (True, 19, None, "Variables.execute"),
        (False, 19, None, "Variables.execute"),
    ]
    assert facts.missing_responses == []


def test_paths_that_end_without_a_response(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Gaps(Tool):
            async def execute(self, **kwargs):
                def label(value):
                    return str(value)

                mode = self.args.get("mode")
                if mode == "bare":
                    return
                if mode == "none":
                    return None
                if mode == "text":
                    return "plain text"
                if mode == "fstring":
                    return f"{label(mode)}"
                for item in self.args.get("items", []):
                    if item:
                        return Response(item, False)
                self.agent.log("fell through")
        """
    facts = tool(tmp_path, source)

    assert missing(facts) == [
        ("bare-return", 11, "Gaps.execute"),
        ("returns-none", 13, "Gaps.execute"),
        ("returns-literal", 15, "Gaps.execute"),
        ("returns-literal", 17, "Gaps.execute"),
        ("falls-off-end", 21, "Gaps.execute"),
    ]
    assert outcomes(facts) == [(False, 20, None, "Gaps.execute")]


def test_no_missing_response_when_every_path_returns_or_raises(tmp_path: Path) -> None:
    source = """\
        from helpers.errors import RepairableException
        from helpers.tool import Response, Tool


        class Complete(Tool):
            async def execute(self, **kwargs):
                async def nested():
                    return None

                match self.args.get("kind"):
                    case "a":
                        return Response("a", False)
                    case _:
                        pass
                try:
                    value = int(self.args["n"])
                except ValueError:
                    raise RepairableException("n must be a number")
                while True:
                    if value > 0:
                        return Response("positive", False)
                    value += 1
        """
    facts = tool(tmp_path, source)

    assert facts.missing_responses == []
    assert outcomes(facts) == [
        (False, 12, None, "Complete.execute"),
        (False, 21, None, "Complete.execute"),
    ]


def test_a_method_in_the_chain_can_fall_off_its_end(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Helper(Tool):
            async def execute(self, **kwargs):
                return await self._do()

            async def _do(self):
                if self.args.get("go"):
                    return Response("went", False)
        """
    facts = tool(tmp_path, source)

    assert missing(facts) == [("falls-off-end", 9, "Helper._do")]
    assert outcomes(facts) == [(False, 10, None, "Helper._do")]


# ---------------------------------------------------------------------------
# raises


def test_raised_exceptions_resolve_import_aliases(tmp_path: Path) -> None:
    source = """\
        from helpers import errors
        from helpers.errors import RepairableException as R
        from helpers.tool import Response, Tool


        class LocalError(Exception):
            pass


        class Raiser(Tool):
            async def execute(self, **kwargs):
                if not self.args.get("a"):
                    raise R("a is missing")
                if not self.args.get("b"):
                    raise errors.RepairableException("b is missing")
                if self.args.get("c"):
                    raise ValueError
                if self.args.get("d"):
                    raise LocalError("d")
                try:
                    pass
                except OSError as error:
                    raise error
                except KeyError:
                    raise
                return Response("", False)
        """
    facts = tool(tmp_path, source)

    assert [(r.exception, r.line, r.qualified, r.repairable) for r in facts.raises] == [
        ("RepairableException", 13, "helpers.errors.RepairableException", True),
        ("RepairableException", 15, "helpers.errors.RepairableException", True),
        ("ValueError", 17, None, False),
        ("LocalError", 19, "tools.x.LocalError", False),
    ]
    assert [r.function for r in facts.raises] == ["Raiser.execute"] * 4


# ---------------------------------------------------------------------------
# helpers, imports, intervention


def test_helpers_are_repository_calls_response_and_agent_calls(tmp_path: Path) -> None:
    source = """\
        import json

        from helpers import files
        from helpers.errors import RepairableException
        from helpers.files import read_file as load
        from helpers.tool import Response, Tool


        def _local(text):
            return text.strip()


        class Helpers(Tool):
            async def execute(self, **kwargs):
                text = load("a") + files.read_file("b")
                self.agent.context.log.log(type="info", content=json.dumps(text))
                reply = await self.agent.call_utility_model(system="s", message=_local(text))
                if not reply:
                    raise RepairableException("empty")
                return Response(reply, False)
        """
    facts = tool(tmp_path, source)

    assert facts.helpers == [
        "helpers.files.read_file",
        "self.agent.context.log.log",
        "self.agent.call_utility_model",
        "helpers.errors.RepairableException",
        "helpers.tool.Response",
    ]


def test_import_areas_cover_every_import_relative_and_nested(tmp_path: Path) -> None:
    source = """\
        from __future__ import annotations

        import os.path
        from . import siblings
        from .siblings import sibling_helper
        from helpers import files
        from helpers.tool import Response, Tool

        try:
            import yaml
        except ImportError:
            yaml = None


        class Imports(Tool):
            async def execute(self, **kwargs):
                import asyncio

                await asyncio.sleep(0)
                return Response("", False)
        """
    facts = module(tmp_path, source, tools__siblings="def sibling_helper():\n    pass\n")

    expected = ["asyncio", "helpers", "helpers.tool", "os.path", "tools", "tools.siblings", "yaml"]
    assert facts.imports == expected
    assert facts.tools[0].imports == expected


def test_intervention_directly_or_through_a_method(tmp_path: Path) -> None:
    direct = """\
        from helpers.tool import Response, Tool


        class Direct(Tool):
            async def execute(self, **kwargs):
                await self.agent.handle_intervention()
                return Response("", False)
        """
    through_method = """\
        from helpers.tool import Response, Tool


        class Indirect(Tool):
            async def execute(self, **kwargs):
                await self._pause()
                return Response("", False)

            async def _pause(self):
                await self.agent.handle_intervention("waiting")
        """
    never = """\
        from helpers.tool import Response, Tool


        class Never(Tool):
            async def execute(self, **kwargs):
                return Response("", False)
        """
    assert tool(tmp_path / "a", direct).intervention is True
    assert tool(tmp_path / "b", through_method).intervention is True
    assert tool(tmp_path / "c", never).intervention is False


# ---------------------------------------------------------------------------
# side effects


@pytest.mark.parametrize(
    ("imports", "body", "areas"),
    [
        ("", "open(path).read()", ["filesystem read"]),
        ("", 'open(path, "rb").read()', ["filesystem read"]),
        ("from pathlib import Path", "Path(path).read_text()", ["filesystem read"]),
        ("import os", "os.listdir(path)", ["filesystem read"]),
        ("import json", "json.load(open(path))", ["filesystem read"]),
        ("", 'open(path, "w").write("x")', ["filesystem write"]),
        ("", 'open(path, mode="a+")', ["filesystem read", "filesystem write"]),
        # a mode doxtool cannot read claims no area: it may read, write or both
        ("", "open(path, self.args.get('mode'))", []),
        ("from pathlib import Path", 'Path(path).write_text("x")', ["filesystem write"]),
        ("from pathlib import Path", 'Path(path).open("wb")', ["filesystem write"]),
        ("import os", "os.makedirs(path, exist_ok=True)", ["filesystem write"]),
        (
            "import shutil",
            "shutil.copy(path, path + '.bak')",
            ["filesystem read", "filesystem write"],
        ),
        ("import aiofiles", 'aiofiles.open(path, "w")', ["filesystem write"]),
        ("import os", "os.remove(path)", ["filesystem delete"]),
        ("from os import unlink", "unlink(path)", ["filesystem delete"]),
        ("import shutil", "shutil.rmtree(path)", ["filesystem delete"]),
        ("from pathlib import Path", "Path(path).unlink()", ["filesystem delete"]),
        ("import aiofiles.os", "aiofiles.os.remove(path)", ["filesystem delete"]),
        ("import requests", "requests.get(path, timeout=3)", ["network"]),
        ("import httpx", "httpx.AsyncClient()", ["network"]),
        ("from urllib.request import urlopen", "urlopen(path)", ["network"]),
        ("import subprocess as sp", 'sp.run(["ls", path])', ["subprocess"]),
        ("import asyncio", 'asyncio.create_subprocess_exec("ls")', ["subprocess"]),
        ("import os", 'os.system("ls")', ["subprocess"]),
        ("import json", "json.dumps(path)", []),
        ("", "path.strip().replace('a', 'b')", []),
    ],
)
def test_side_effect_areas_from_known_calls(
    tmp_path: Path, imports: str, body: str, areas: list[str]
) -> None:
    source = f"""\
from helpers.tool import Response, Tool
{imports}


class Effects(Tool):
    async def execute(self, **kwargs):
        path = self.args.get("path", "")
        {body}
        return Response("", False)
"""
    assert tool(tmp_path, source).side_effects == areas


def test_side_effects_of_methods_and_functions_the_tool_calls(tmp_path: Path) -> None:
    source = """\
        import os
        import subprocess

        from helpers.tool import Response, Tool


        def _cleanup(path):
            os.remove(path)


        class Busy(Tool):
            async def execute(self, **kwargs):
                self._save()
                _cleanup("x")
                return Response("", False)

            def _save(self):
                with open("out.txt", "w") as handle:
                    handle.write("x")

            def _never_called(self):
                subprocess.run(["ls"])
        """
    facts = tool(tmp_path, source)

    # methods of the class count even when execute does not call them; module
    # functions only when they are reached
    assert facts.side_effects == ["filesystem write", "filesystem delete", "subprocess"]


def test_side_effects_of_methods_called_on_attributes_of_the_tool(tmp_path: Path) -> None:
    source = """\
        from pathlib import Path

        from helpers.tool import Response, Tool


        class Attributes(Tool):
            async def execute(self, **kwargs):
                self.workdir = Path(self.args.get("dir", "."))
                self.workdir.mkdir(exist_ok=True)
                self.workdir.joinpath("old").unlink()
                self.log_file.open("r").read()
                return Response("", False)
        """
    facts = tool(tmp_path, source)

    # ``self.workdir`` is only ever a ``Path``; what ``self.log_file`` is, the
    # module does not tell, so its ``open`` shows nothing
    assert facts.side_effects == ["filesystem write", "filesystem delete"]
