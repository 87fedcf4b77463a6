"""Arguments read by the keys of a ``match`` mapping pattern on the argument dict."""

from __future__ import annotations

from pathlib import Path

from test_extract import arg, arguments, tool


def test_mapping_pattern_keys_are_reads_and_rest_takes_every_other(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Convert(Tool):
            async def execute(self, **kwargs):
                match kwargs:
                    case {"text": str(text), "format": "upper"}:
                        return Response(text.upper(), False)
                    case {"text": str(text)} | {"body": str(text)}:
                        return Response(text, False)
                    case _:
                        return Response("send text", False)
        """
    facts = tool(tmp_path / "keys", source)
    assert arguments(facts) == {
        "text": arg([7, 9]),
        "format": arg([7]),
        "body": arg([9]),
    }
    assert facts.dynamic_reads == []

    rest = """\
        from helpers.tool import Response, Tool


        class Rest(Tool):
            async def execute(self, **kwargs):
                match self.args:
                    case {"text": str(text), **options}:
                        return Response(text + str(options), False)
                return Response("send text", False)
        """
    facts = tool(tmp_path / "rest", rest)
    assert list(arguments(facts)) == ["text"]
    assert [read.expression for read in facts.other_arguments] == ['{"text": str(text), **options}']


def test_case_guards_read_the_arguments_they_name(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Files(Tool):
            async def execute(self, **kwargs):
                match self.args.get("action", "list"):
                    case "delete" if self.args.get("force"):
                        return Response("deleted", False)
                    case "read" if "path" in self.args:
                        return Response(open(self.args["path"]).read(), False)
                    case "move" if self.args["dest"]:
                        return Response("moved", False)
                    case _:
                        return Response("listing", False)
        """
    facts = tool(tmp_path / "guards", source)
    found = {a.name: a for a in facts.arguments}
    assert [r.line for r in found["force"].reads] == [7]
    assert not found["force"].required
    # the guard tests the key: read in the body, it is there
    assert [r.line for r in found["path"].reads] == [9, 10]
    assert not found["path"].required and not found["path"].required_unknown
    # read only when the action is "move": needed on those calls
    assert [r.line for r in found["dest"].reads] == [11]
    assert not found["dest"].required and found["dest"].required_unknown

    first = """\
        from helpers.tool import Response, Tool


        class Level(Tool):
            async def execute(self, **kwargs):
                match kwargs:
                    case _ if self.args["level"] > 3:
                        return Response("high", False)
                    case _:
                        return Response("low", True)
        """
    facts = tool(tmp_path / "first", first)
    assert [(a.name, [r.line for r in a.reads]) for a in facts.arguments] == [("level", [7])]
    # read on every call, where a missing key raises: never claimed optional
    assert facts.arguments[0].required or facts.arguments[0].required_unknown


def test_case_guards_in_a_helper_module_read_the_keys_they_name(tmp_path: Path) -> None:
    helper = """\
        def run(args):
            match args.get("action"):
                case "delete" if args.get("force"):
                    return "deleted"
                case "read" if "path" in args:
                    return open(args["path"]).read()
                case "move" if args["dest"]:
                    return "moved"
                case _:
                    return "none"
        """
    source = """\
        from helpers.tool import Response, Tool
        from lib.run import run


        class Runner(Tool):
            async def execute(self, **kwargs):
                return Response(run(self.args), False)
        """
    facts = tool(tmp_path / "helper", source, lib__run=helper)
    found = {a.name: a for a in facts.arguments}
    assert sorted(found) == ["action", "dest", "force", "path"]
    assert [(r.line, r.path) for r in found["force"].reads] == [(3, "lib/run.py")]
    assert not found["force"].required and not found["force"].required_unknown
    assert not found["path"].required and not found["path"].required_unknown
    assert not found["dest"].required and found["dest"].required_unknown
