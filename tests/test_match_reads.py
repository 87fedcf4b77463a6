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
