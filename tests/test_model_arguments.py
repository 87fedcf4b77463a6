"""Arguments handed whole: to a pydantic model of the module (its fields are
the arguments), to a model it cannot read or a call it does not follow (the
arguments are not known: none is called unread, and no "none" is written)."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

FETCH = """\
    from pydantic import BaseModel, Field

    from helpers.tool import Response, Tool


    class FetchParams(BaseModel):
        url: str
        timeout: float = 15.0
        max_chars: int = Field(default=4000)
        headers: dict[str, str] = {}
        mode: Literal["text", "html"] = "text"
        limit: int = Field(10, ge=1)


    class FetchPage(Tool):
        async def execute(self, **kwargs) -> Response:
            params = {call}
            return Response(message=f"{params.url}", break_loop=False)
    """

PROMPT = (
    "### fetch_page\nFetch a page.\nargs: `url`, `timeout`, `max_chars`\n"
    '~~~json\n{"thoughts": ["x"], "headline": "x", "tool_name": "fetch_page", '
    '"tool_args": {"url": "https://example.org", "timeout": "15"}}\n~~~\n'
)


def _tool(run_cli, root: Path) -> dict[str, Any]:
    result = run_cli(root, "inspect", "tools/fetch_page.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


def _arguments(tool: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    return {
        a["name"]: (
            a["required"],
            a["type"],
            a.get("default"),
            a.get("enum"),
            a.get("values_unknown", False),
        )
        for a in tool["arguments"]
    }


FIELDS = {
    "url": (True, "string", None, None, False),
    "timeout": (False, "number", 15.0, None, False),
    "max_chars": (False, "integer", 4000, None, False),
    "headers": (False, "object", {}, None, False),
    "mode": (False, "string", "text", ["text", "html"], False),
    "limit": (False, "integer", 10, None, True),  # ``ge=1`` refuses some values
}


def _repo(make_repo, call: str, model: str = FETCH) -> Path:
    source = dedent(model.replace("{call}", call)).replace(
        "from pydantic", "from typing import Literal\nfrom pydantic"
    )
    return make_repo(
        {"tools/fetch_page.py": source, "prompts/agent.system.tool.fetch_page.md": PROMPT}
    )


def test_the_fields_of_a_pydantic_model_validating_the_arguments(make_repo, run_cli) -> None:
    for call in (
        "FetchParams.model_validate(self.args)",
        "FetchParams.parse_obj(self.args)",
        "FetchParams.model_validate(dict(self.args))",
        "FetchParams(**self.args)",
        "FetchParams(**kwargs)",
    ):
        root = _repo(make_repo, call)
        tool = _tool(run_cli, root)
        assert _arguments(tool) == FIELDS, call
        assert tool["other_arguments"] == [], call
        # ``"15"`` for a float field: pydantic converts it
        result = run_cli(root, "check", "--no-cache", "--select", "PRM")
        assert result.output == "All checks passed.\n", (call, result.output)


def test_a_model_that_may_rename_or_reshape_takes_arguments_no_one_names(
    make_repo, run_cli
) -> None:
    """An alias, a validator, a configuration that is not plain, a field
    pydantic 1 and 2 need differently, a model of another library, a call
    the walk does not follow: the arguments are not known."""
    aliased = FETCH.replace("Field(default=4000)", 'Field(default=4000, alias="maxChars")')
    validated = FETCH.replace(
        "        limit: int",
        "        @model_validator(mode='before')\n        def fold(cls, data):\n"
        "            return data\n\n        limit: int",
    )
    configured = FETCH.replace("url: str\n", "url: str\n        model_config = make()\n")
    optional = FETCH.replace("    url: str\n", "    url: Optional[str]\n")
    cases = [
        (aliased, "FetchParams.model_validate(self.args)"),
        (validated, "FetchParams.model_validate(self.args)"),
        (configured, "FetchParams.model_validate(self.args)"),
        (optional, "FetchParams(**self.args)"),
        (optional, "FetchParams.parse_obj(self.args)"),
        (FETCH, "TypeAdapter(FetchParams).validate_python(self.args)"),
        (FETCH, "validate(self.args)"),
        (FETCH, "FetchParams.model_validate(obj=self.args)"),
    ]
    for model, call in cases:
        root = _repo(make_repo, call, model)
        tool = _tool(run_cli, root)
        assert tool["other_arguments"], call
        assert "url" not in _arguments(tool), call
        result = run_cli(root, "check", "--no-cache", "--select", "PRM003")
        assert result.output == "All checks passed.\n", (call, result.output)


def test_a_pydantic_1_config_of_plain_keys_reads_the_fields(make_repo, run_cli) -> None:
    # ``class Config: extra = "allow"`` renames nothing, as ``model_config`` may say
    config = '        class Config:\n            """Settings."""\n\n            extra = "allow"\n\n'
    plain = FETCH.replace("        url: str\n", config + "        url: str\n")
    assert plain != FETCH
    root = _repo(make_repo, "FetchParams(**kwargs)", plain)
    assert _arguments(_tool(run_cli, root)) == FIELDS
    # one that may rename (an alias generator) is not read
    renaming = plain.replace('extra = "allow"', "alias_generator = to_camel")
    tool = _tool(run_cli, _repo(make_repo, "FetchParams(**kwargs)", renaming))
    assert tool["other_arguments"] and "url" not in _arguments(tool)


def test_an_optional_field_is_needed_by_pydantic_2(make_repo, run_cli) -> None:
    optional = FETCH.replace("    url: str\n", "    url: Optional[str]\n")
    root = _repo(make_repo, "FetchParams.model_validate(self.args)", optional)
    assert _arguments(_tool(run_cli, root))["url"] == (True, "string", None, None, False)


def test_the_dict_shown_or_tested_whole_takes_no_argument(make_repo, run_cli) -> None:
    for call in ("json.dumps(self.args)", "len(self.args)", "dict(self.args)"):
        source = FETCH.replace("    from pydantic", "    import json\n    from pydantic")
        root = _repo(make_repo, call, source)
        tool = _tool(run_cli, root)
        assert tool["arguments"] == [], call
        assert tool["other_arguments"] == [], call


def test_a_generated_companion_of_a_model_it_cannot_read_says_no_none(make_repo, run_cli) -> None:
    root = _repo(make_repo, "Other.model_validate(self.args)")
    run_cli(root, "check", "--no-cache", "--fix")
    companion = (root / "tools/fetch_page.py.dox.md").read_text(encoding="utf-8")
    assert "- Arguments of `FetchPage`: none.\n" not in companion, companion
    assert (
        "- Arguments of `FetchPage`: none named in the code; it takes arguments it does not name.\n"
    ) in companion, companion


HELPER = """\
    import json

    from pydantic import BaseModel

    from helpers.other import absent


    class Params(BaseModel):
        url: str


    def parse(args):
        return Params.model_validate(args)


    def show(args):
        print(json.dumps(args), len(args))
        return args.get("url")


    def hand_on(args):
        return absent.take(args)
    """


def test_a_helper_handing_the_dict_whole_on_takes_arguments_no_one_names(
    make_repo, run_cli
) -> None:
    """In a helper module as in the tool's: the dict handed whole to a model
    or a library, or to a module of the repository doxtool has no facts
    for, takes keys no one can name; shown or tested whole, it takes none."""
    for call, unknown in (("parse", True), ("hand_on", True), ("show", False)):
        tool = dedent(FETCH.replace("{call}", f"{call}(self.args)")).replace(
            "from helpers.tool",
            "from helpers.parsing import hand_on, parse, show\nfrom helpers.tool",
        )
        root = make_repo(
            {
                "helpers/parsing.py": dedent(HELPER),
                "tools/fetch_page.py": tool,
                "prompts/agent.system.tool.fetch_page.md": PROMPT,
            }
        )
        facts = _tool(run_cli, root)
        assert bool(facts["other_arguments"]) is unknown, call
        assert not facts["dynamic_reads"], call  # no computed key of the tool's
        assert [a["name"] for a in facts["arguments"]] == ([] if unknown else ["url"]), call
        result = run_cli(root, "check", "--no-cache", "--select", "PRM003")
        unread = {line.split("`")[1] for line in result.output.splitlines() if "PRM003" in line}
        assert unread == (set() if unknown else {"timeout", "max_chars"}), (call, result.output)


def test_a_method_of_a_base_outside_the_repository_takes_the_dict(make_repo, run_cli) -> None:
    tool = dedent(FETCH.replace("{call}", "self.validate_args(self.args)"))
    root = make_repo(
        {"tools/fetch_page.py": tool, "prompts/agent.system.tool.fetch_page.md": PROMPT}
    )
    facts = _tool(run_cli, root)
    assert facts["arguments"] == []
    assert [r["expression"] for r in facts["other_arguments"]] == ["self.validate_args(...)"]
    # handing the dict on is no computed key (DOX008) of the tool's
    assert not facts["dynamic_reads"]
    assert "DOX008" not in run_cli(root, "check", "--no-cache").output
