"""PRM008 on a dispatch value written in another case or with spaces, through
the real CLI: the code compares the value as given unless it folds it first
(``.lower()``, ``.strip()``), and where doxtool cannot tell how the value is
compared, it says nothing of its case."""

from __future__ import annotations

import json
from textwrap import dedent

NOTES = """\
    from helpers.tool import Response, Tool


    class Notes(Tool):
        async def execute(self, **kwargs) -> Response:
            action = READ
            if COMPARED == "list":
                return Response(message="notes", break_loop=False)
            elif action == "write":
                return Response(message="saved", break_loop=False)
            else:
                return Response(message=f"unknown action {action}", break_loop=False)
    """


def _findings(make_repo, run_cli, files: dict[str, str], values: list[str]) -> list[str]:
    """The PRM008 messages for examples that give ``action`` each of ``values``."""
    calls = "\n".join(
        f"`{json.dumps({'tool_name': 'notes', 'tool_args': {'action': value}})}`"
        for value in values
    )
    prompt = f"### notes\nKeeps notes.\nargs: `action`\n{calls}\n"
    root = make_repo({**files, "prompts/agent.system.tool.notes.md": prompt})
    result = run_cli(root, "check", "--select", "PRM008")
    lines = [line for line in result.output.splitlines() if " PRM008 " in line]
    return [line.split(" PRM008 ", 1)[1].split("`")[3] for line in lines]


def _notes(read: str, compared: str = "action") -> dict[str, str]:
    return {"tools/notes.py": dedent(NOTES).replace("READ", read).replace("COMPARED", compared)}


VALUES = ["list", "Write", " write ", "LIST", "remove"]


def test_a_value_compared_as_given_is_refused_in_another_case(make_repo, run_cli) -> None:
    read = 'self.args.get("action", "list")'
    assert _findings(make_repo, run_cli, _notes(read), VALUES) == [
        '"Write"',
        '" write "',
        '"LIST"',
        '"remove"',
    ]
    # ``or`` a fallback, ``str()``: still the value as given
    read = 'str(self.args.get("action") or "list")'
    assert _findings(make_repo, run_cli, _notes(read), ["Write", "write"]) == ['"Write"']


def test_a_value_the_code_folds_is_compared_folded(make_repo, run_cli) -> None:
    lowered = 'self.args.get("action", "list").lower()'
    assert _findings(make_repo, run_cli, _notes(lowered), VALUES) == ['" write "', '"remove"']
    both = 'self.args["action"].strip().casefold()'
    assert _findings(make_repo, run_cli, _notes(both), VALUES) == ['"remove"']
    stripped = 'self.args.get("action", "list").strip()'
    assert _findings(make_repo, run_cli, _notes(stripped), VALUES) == [
        '"Write"',
        '"LIST"',
        '"remove"',
    ]


def test_a_value_folded_in_one_comparison_only_is_not_refused_for_its_case(
    make_repo, run_cli
) -> None:
    """``action.lower() == "list"`` beside ``action == "write"``: which value
    each comparison folds is not kept, so no case is refused."""
    files = _notes('self.args.get("action", "list")', "action.lower()")
    assert _findings(make_repo, run_cli, files, VALUES) == ['" write "', '"remove"']


def test_a_match_compares_its_subject_as_given(make_repo, run_cli) -> None:
    tool = """\
        from helpers.tool import Response, Tool


        class Notes(Tool):
            async def execute(self, **kwargs) -> Response:
                match self.args.get("action", "list")SUFFIX:
                    case "list":
                        return Response(message="notes", break_loop=False)
                    case "write":
                        return Response(message="saved", break_loop=False)
                    case _:
                        return Response(message="unknown action", break_loop=False)
        """
    exact = {"tools/notes.py": dedent(tool).replace("SUFFIX", "")}
    assert _findings(make_repo, run_cli, exact, ["Write", "write"]) == ['"Write"']
    lowered = {"tools/notes.py": dedent(tool).replace("SUFFIX", ".lower()")}
    assert _findings(make_repo, run_cli, lowered, ["Write", "write"]) == []


def test_a_value_bound_where_doxtool_cannot_see_says_nothing_of_its_case(
    make_repo, run_cli
) -> None:
    """A parameter of ``execute`` (filled by the framework, or by a caller
    that may fold it) and a value a followed function returns: how the code
    compares is not known, so only a value no folding takes is refused."""
    tool = dedent(NOTES).replace("**kwargs", 'action: str = "list", **kwargs')
    tool = tool.replace("        action = READ\n", "").replace("COMPARED", "action")
    assert _findings(make_repo, run_cli, {"tools/notes.py": tool}, VALUES) == ['"remove"']
    followed = dedent(NOTES).replace("COMPARED", "action").replace("READ", "self._action()") + (
        '\n    def _action(self) -> str:\n        return self.args.get("action", "list").lower()\n'
    )
    assert _findings(make_repo, run_cli, {"tools/notes.py": followed}, VALUES) == ['"remove"']


HELPER = """\
    def mode_of(args: dict) -> str:
        mode = args.get("mode", "fast")FOLD
        if mode not in ("fast", "deep"):
            raise ValueError(f"unsupported mode {mode}")
        return mode
    """

SEARCH = """\
    from helpers.modes import mode_of
    from helpers.tool import Response, Tool


    class Search(Tool):
        async def execute(self, **kwargs) -> Response:
            return Response(message=mode_of(self.args), break_loop=False)
    """


def test_a_helper_s_check_compares_as_its_code_does(make_repo, run_cli) -> None:
    """The closed check of a helper another module holds (read without libcst)."""

    def findings(fold: str) -> list[str]:
        calls = "\n".join(
            f"`{json.dumps({'tool_name': 'search', 'tool_args': {'mode': value}})}`"
            for value in ("Deep", "deep", "slow")
        )
        root = make_repo(
            {
                "helpers/modes.py": dedent(HELPER).replace("FOLD", fold),
                "tools/search.py": dedent(SEARCH),
                "prompts/agent.system.tool.search.md": f"### search\nargs: `mode`\n{calls}\n",
            }
        )
        result = run_cli(root, "check", "--select", "PRM008")
        return [line.split("`")[3] for line in result.output.splitlines() if " PRM008 " in line]

    assert findings("") == ['"Deep"', '"slow"']
    assert findings(".lower()") == ['"slow"']


def test_the_facts_say_how_the_value_is_compared(make_repo, run_cli) -> None:
    root = make_repo(_notes('self.args.get("action", "list").strip().lower()'))
    result = run_cli(root, "inspect", "tools/notes.py", "--json")
    ((argument,),) = [tool["arguments"] for tool in json.loads(result.output)[0]["tools"]]
    assert (argument["enum"], argument["enum_folds"]) == (["list", "write"], ["lower", "strip"])
    root = make_repo(_notes('self.args.get("action", "list")'))
    result = run_cli(root, "inspect", "tools/notes.py", "--json")
    ((argument,),) = [tool["arguments"] for tool in json.loads(result.output)[0]["tools"]]
    assert argument["enum_folds"] == []
