"""Rendering fact lines from facts, and deciding whether a companion agrees."""

from __future__ import annotations

from doxtool.companions.agreement import values_agree
from doxtool.companions.factlines import SECTIONS, ExpectedBlock, code, spans, split_sentence
from doxtool.companions.generate import render_companion as generated_companion
from doxtool.companions.parsing import parse_companion
from doxtool.companions.rendering import expected_blocks, render_block
from doxtool.core.facts import (
    BREAK_LOOP,
    Argument,
    ClassFacts,
    ExecuteFacts,
    ModuleFacts,
    Outcome,
    Raise,
    Signature,
    ToolFacts,
)
from doxtool.core.serde import to_data


def wait_tool(**changes: object) -> ToolFacts:
    tool = ToolFacts(
        name="wait",
        class_name="WaitTool",
        bases=["Tool"],
        execute=ExecuteFacts(is_async=True, defined_in="WaitTool.execute"),
        arguments=[
            Argument("seconds", default=0, has_default=True, type="integer"),
            Argument("until", required=True, type="string"),
        ],
        outcomes=[Outcome(False, 12)],
        helpers=[
            "helpers.tool.Response",
            "helpers.wait.managed_wait",
            "self.agent.handle_intervention",
        ],
        side_effects=["network", "filesystem read"],
    )
    for name, value in changes.items():
        setattr(tool, name, value)
    return tool


def wait_module(**changes: object) -> ModuleFacts:
    module = ModuleFacts(
        path="tools/wait.py",
        tools=[wait_tool()],
        classes=[
            ClassFacts(
                "WaitTool",
                3,
                bases=["Tool"],
                methods=[
                    Signature("execute", "async execute(self, **kwargs) -> Response", 4, True),
                    Signature("get_heading", "get_heading(self, text: str=..., done: bool=...)", 9),
                ],
            )
        ],
        functions=[Signature("_deadline", "_deadline(seconds: int=...) -> datetime", 20)],
        constants=["MAX_WAIT"],
        imports=["asyncio", "datetime", "helpers.tool", "helpers.wait"],
    )
    for name, value in changes.items():
        setattr(module, name, value)
    return module


def blocks_by_key(module: ModuleFacts, tests: list[str] | None = None) -> dict[str, list[str]]:
    return {block.key: block.lines for block in expected_blocks(module, tests or [])}


def one_block(module: ModuleFacts, key: str) -> list[str]:
    return blocks_by_key(module)[key]


def test_each_block_renders_exactly() -> None:
    blocks = blocks_by_key(wait_module(), ["tests/test_wait.py"])
    assert blocks == {
        "classes": [
            "- Classes:",
            "- `WaitTool` (`Tool`)",
            "  - `async execute(self, **kwargs) -> Response`",
            "  - `get_heading(self, text: str=..., done: bool=...)`",
        ],
        "functions": [
            "- Top-level functions:",
            "- `_deadline(seconds: int=...) -> datetime`",
        ],
        "constants": ["- Notable constants/configuration names: `MAX_WAIT`."],
        "is-tool:WaitTool": ["- `WaitTool` is a `Tool`."],
        "defines:WaitTool.execute": ["- `WaitTool` defines `execute(...)`."],
        "arguments:WaitTool": [
            "- Arguments of `WaitTool`:",
            "  - `seconds`: optional integer, default `0`.",
            "  - `until`: required string.",
        ],
        "break-loop:WaitTool": ["- `break_loop` of `WaitTool`: always `false`."],
        "side-effects": ["- Observed side-effect areas: filesystem reads, network."],
        "imports": [
            "- Imported dependency areas include: "
            "`asyncio`, `datetime`, `helpers.tool`, `helpers.wait`."
        ],
        "helpers": [
            "- Important called helpers/classes observed in the source: "
            "`managed_wait`, `Response`, `self.agent.handle_intervention`."
        ],
        "tests": [
            "- Related tests observed by source search:",
            "  - `tests/test_wait.py`",
        ],
    }


def test_blocks_come_in_canonical_order_with_their_sections() -> None:
    blocks = expected_blocks(wait_module(), ["tests/test_wait.py"])
    assert [b.key for b in blocks] == [
        "classes",
        "functions",
        "constants",
        "is-tool:WaitTool",
        "defines:WaitTool.execute",
        "arguments:WaitTool",
        "break-loop:WaitTool",
        "side-effects",
        "imports",
        "helpers",
        "tests",
    ]
    sections = [b.section for b in blocks]
    assert sections == sorted(sections, key=SECTIONS.index)
    arguments = next(b for b in blocks if b.key == "arguments:WaitTool")
    assert arguments.follows == ["defines:WaitTool.execute", "is-tool:WaitTool"]
    assert arguments.precedes == ["break-loop:WaitTool", "side-effects", "imports"]


def test_expected_blocks_serialise_to_json() -> None:
    data = to_data(expected_blocks(wait_module()))
    assert data[0]["key"] == "classes"


def test_blocks_without_facts_are_omitted() -> None:
    module = ModuleFacts(path="helpers/empty.py")
    assert blocks_by_key(module) == {
        "imports": ["- Imported dependency areas include: none."],
    }


def test_class_without_bases_and_several_bases() -> None:
    module = wait_module(
        classes=[
            ClassFacts("Plain", 1),
            ClassFacts("Mixed", 5, bases=["Tool", "mixins.Logged"]),
        ]
    )
    assert one_block(module, "classes") == [
        "- Classes:",
        "- `Plain`",
        "- `Mixed` (`Tool`, `mixins.Logged`)",
    ]


def test_several_constants() -> None:
    module = wait_module(constants=["MAX_WAIT", "OTHER"])
    assert one_block(module, "constants") == [
        "- Notable constants/configuration names: `MAX_WAIT`, `OTHER`."
    ]


def test_tool_without_arguments_says_none() -> None:
    module = wait_module(tools=[wait_tool(arguments=[])])
    assert one_block(module, "arguments:WaitTool") == ["- Arguments of `WaitTool`: none."]


def test_argument_defaults_are_json_and_enums_are_bare_strings() -> None:
    arguments = [
        Argument("text", default="", has_default=True, type="string"),
        Argument("count", default=0, has_default=True),
        Argument("level", default="info", has_default=True, type="string"),
        Argument("flag", default=True, has_default=True, type="boolean"),
        Argument("maybe", default=None, has_default=True),
        Argument("items", default=[], has_default=True, type="array"),
        Argument("action", required=True, type="string", enum=["list_tasks", "run"]),
        Argument("size", enum=[1, 2.5, None, True]),
    ]
    module = wait_module(tools=[wait_tool(arguments=arguments)])
    assert one_block(module, "arguments:WaitTool") == [
        "- Arguments of `WaitTool`:",
        '  - `text`: optional string, default `""`.',
        "  - `count`: optional, default `0`.",
        '  - `level`: optional string, default `"info"`.',
        "  - `flag`: optional boolean, default `true`.",
        "  - `maybe`: optional, default `null`.",
        "  - `items`: optional array, default `[]`.",
        "  - `action`: required string, one of `list_tasks`, `run`.",
        "  - `size`: optional, one of `1`, `2.5`, `null`, `true`.",
    ]


def test_break_loop_renderings() -> None:
    def rendered(*outcomes: Outcome) -> str:
        module = wait_module(tools=[wait_tool(outcomes=list(outcomes))])
        return one_block(module, "break-loop:WaitTool")[0]

    lead = "- `break_loop` of `WaitTool`: "
    assert rendered(Outcome(True, 1)) == lead + "always `true`."
    assert rendered(Outcome(False, 1), Outcome(False, 2)) == lead + "always `false`."
    assert rendered() == lead + "none."


def test_a_break_loop_doxtool_cannot_evaluate_is_unknown() -> None:
    """``break_loop=self.done``: the value is not known, so neither is the
    fact; the block holds only the booleans seen (what a companion's line
    must not leave out), and a new companion has no line for it."""

    def block(*outcomes: Outcome) -> tuple[list[str], bool]:
        tool = wait_tool(outcomes=list(outcomes))
        module = wait_module(tools=[tool])
        found = next(b for b in expected_blocks(module) if b.key == "break-loop:WaitTool")
        return found.values, tool.knows(BREAK_LOOP)

    assert block(Outcome(True, 1), Outcome(False, 2)) == (["true", "false"], True)
    dynamic = Outcome("dynamic", 3, expression="self.done")
    assert block(dynamic, Outcome(False, 1)) == (["false"], False)
    assert block(dynamic, Outcome(True, 1), Outcome(False, 2)) == (["true", "false"], False)
    module = wait_module(tools=[wait_tool(outcomes=[dynamic, Outcome(False, 1)])])
    text = generated_companion("tools/wait.py", module, expected_blocks(module), True)
    assert "`break_loop` of" not in text
    assert "- Arguments of `WaitTool`:" in text


def test_repairable_errors_are_short_sorted_and_distinct() -> None:
    raises = [
        Raise("errors.RepairableException", 3, repairable=True),
        Raise("ValueError", 4),
        Raise("RepairableException", 5, repairable=True),
        Raise("AnotherRepairable", 6, repairable=True),
    ]
    module = wait_module(tools=[wait_tool(raises=raises)])
    assert one_block(module, "repairable:WaitTool") == [
        "- Repairable errors raised by `WaitTool`: `AnotherRepairable`, `RepairableException`."
    ]


def test_side_effects_vocabulary_order_and_union() -> None:
    first = wait_tool(side_effects=["subprocess", "filesystem delete"])
    second = wait_tool(class_name="PauseTool", side_effects=["filesystem write", "network"])
    module = wait_module(tools=[first, second])
    assert one_block(module, "side-effects") == [
        "- Observed side-effect areas: filesystem writes, filesystem deletion, network, subprocess."
    ]
    quiet = wait_module(tools=[wait_tool(side_effects=[])])
    assert one_block(quiet, "side-effects") == ["- Observed side-effect areas: none."]


def test_helpers_use_last_segment_unless_ambiguous_or_self_agent() -> None:
    tool = wait_tool(
        helpers=[
            "helpers.files.read",
            "helpers.http.read",
            "self.agent.read_prompt",
            "Zeta",
            "helpers.tool.Response",
            "alpha.beta",
        ]
    )
    module = wait_module(tools=[tool])
    assert one_block(module, "helpers") == [
        "- Important called helpers/classes observed in the source: "
        "`beta`, `helpers.files.read`, `helpers.http.read`, `Response`, "
        "`self.agent.read_prompt`, `Zeta`."
    ]


def test_is_tool_uses_first_base_and_defines_execute_only_when_own() -> None:
    inherited = wait_tool(
        class_name="PauseTool",
        bases=["WaitTool", "Other"],
        execute=ExecuteFacts(is_async=True, defined_in="WaitTool.execute"),
    )
    blocks = blocks_by_key(wait_module(tools=[inherited]))
    assert blocks["is-tool:PauseTool"] == ["- `PauseTool` is a `WaitTool`."]
    assert "defines:PauseTool.execute" not in blocks


def test_code_spans_survive_backticks() -> None:
    for text in ["plain", "a`b", "`edge", "edge`", " padded ", "``double``"]:
        rendered = code(text)
        parts = spans(rendered)
        assert [(p.code, p.text) for p in parts] == [(True, text)]


def test_sentence_ends_at_first_period_outside_code() -> None:
    assert split_sentence("`a.b`, `c`. Prose. More.") == ("`a.b`, `c`", " Prose. More.", True)
    assert split_sentence("no period") == ("no period", "", False)


# --- round trip and agreement ----------------------------------------------


def render_companion(blocks: list[ExpectedBlock], title: str = "wait.py DOX") -> str:
    lines = [f"# {title}", ""]
    for section in SECTIONS:
        lines.append(f"## {section}")
        lines.append("- A person's bullet.")
        for block in blocks:
            if block.section == section:
                lines.extend(block.lines)
                lines.append("- Another person's bullet.")
        lines.append("")
    return "\n".join(lines)


def rich_module() -> ModuleFacts:
    arguments = [
        Argument("text", default="", has_default=True, type="string"),
        Argument("action", required=True, type="string", enum=["list", "run", 3]),
        Argument("data", default={"b": 1, "a": [1, "x"]}, has_default=True, type="object"),
        Argument("odd`name", default="`quoted`", has_default=True),
    ]
    tools = [
        wait_tool(
            arguments=arguments,
            outcomes=[Outcome(True, 1), Outcome("dynamic", 2, expression="self.done")],
            raises=[Raise("RepairableException", 3, repairable=True)],
        ),
        wait_tool(class_name="PauseTool", bases=["WaitTool"], arguments=[], outcomes=[]),
    ]
    return wait_module(tools=tools)


def test_rendered_companion_parses_back_to_agreeing_blocks() -> None:
    expected = expected_blocks(rich_module(), ["tests/test_wait.py", "tests/test_pause.py"])
    companion = parse_companion(render_companion(expected))
    assert [b.key for b in companion.blocks] == [b.key for b in expected]
    for block in expected:
        found = companion.block(block.key)
        assert found is not None
        assert values_agree(block, found), block.key
        assert found.section == block.section
        if block.kind not in ("helpers", "arguments"):
            assert found.values == block.values, block.key
    arguments = companion.block("arguments:WaitTool")
    assert arguments is not None
    assert [a["default"] for a in arguments.values] == [
        '""',
        None,
        '{"a": [1, "x"], "b": 1}',
        '"`quoted`"',
    ]


def test_helpers_agree_by_full_name_or_dotted_suffix() -> None:
    expected = next(b for b in expected_blocks(wait_module()) if b.key == "helpers")
    lead = "- Important called helpers/classes observed in the source: "
    for documented in [
        "`Response`, `managed_wait`, `self.agent.handle_intervention`.",
        "`helpers.tool.Response`, `wait.managed_wait`, `handle_intervention`.",
    ]:
        found = parse_companion(lead + documented + "\n").block("helpers")
        assert values_agree(expected, found), documented
    for documented in [
        "`Response`, `managed_wait`.",
        "`Response`, `managed_wait`, `self.agent.handle_intervention`, `extra`.",
        "`Response`, `anaged_wait`, `self.agent.handle_intervention`.",
    ]:
        found = parse_companion(lead + documented + "\n").block("helpers")
        assert not values_agree(expected, found), documented


def test_agreement_ignores_order_prose_and_undetectable_areas() -> None:
    expected = {b.key: b for b in expected_blocks(wait_module())}
    text = "\n".join(
        [
            "- Observed side-effect areas: network, model calls, filesystem reads. Why.",
            "- Arguments of `WaitTool`:",
            "  - `until`: required string. When to stop.",
            "  - `seconds`: optional integer, default `0`. How long.",
            "- Imported dependency areas include: `helpers.wait`, `asyncio`, "
            "`helpers.tool`, `datetime`.",
            "",
        ]
    )
    companion = parse_companion(text)
    for key in ("side-effects", "arguments:WaitTool", "imports"):
        assert values_agree(expected[key], companion.block(key)), key


def test_agreement_detects_drift() -> None:
    expected = {b.key: b for b in expected_blocks(wait_module())}
    drifted = [
        ("side-effects", "- Observed side-effect areas: network.\n"),
        ("side-effects", "- Observed side-effect areas: network, filesystem reads, subprocess.\n"),
        ("arguments:WaitTool", "- Arguments of `WaitTool`:\n  - `until`: required string.\n"),
        (
            "arguments:WaitTool",
            "- Arguments of `WaitTool`:\n  - `until`: optional string.\n"
            "  - `seconds`: optional integer, default `0`.\n",
        ),
        (
            "arguments:WaitTool",
            "- Arguments of `WaitTool`:\n  - `until`: required string.\n"
            "  - `seconds`: optional integer, default `1`.\n",
        ),
        ("break-loop:WaitTool", "- `break_loop` of `WaitTool`: always `true`.\n"),
        ("is-tool:WaitTool", "- `WaitTool` is a `Base`.\n"),
        ("classes", "- Classes:\n- `WaitTool` (`Tool`)\n  - `async execute(self)`\n"),
    ]
    for key, text in drifted:
        assert not values_agree(expected[key], parse_companion(text).block(key)), text
    assert not values_agree(expected["classes"], None)


def test_is_tool_base_matches_by_dotted_suffix() -> None:
    expected = next(b for b in expected_blocks(wait_module()) if b.key == "is-tool:WaitTool")
    found = parse_companion("- `WaitTool` is a `helpers.tool.Tool`.\n").block("is-tool:WaitTool")
    assert values_agree(expected, found)


def test_render_block_keeps_what_a_person_wrote() -> None:
    module = wait_module(
        tools=[
            wait_tool(
                arguments=[
                    Argument("seconds", required=True, type="integer"),
                    Argument("mode", type="string", enum=["fast", "slow"]),
                ],
                side_effects=["subprocess"],
            )
        ]
    )
    expected = {b.key: b for b in expected_blocks(module)}
    text = "\n".join(
        [
            "- Arguments of `WaitTool`: none. Keep this.",
            "  - `seconds`: optional integer, default `0`. How long to wait.",
            "    Continued explanation.",
            "  - `gone`: optional. Removed argument.",
            "- Observed side-effect areas: network, settings/state persistence, model calls."
            " Checked by hand.",
            "- `WaitTool` is a `Base`. Since 2024.",
            "",
        ]
    )
    companion = parse_companion(text)
    assert render_block(
        expected["arguments:WaitTool"], companion.block("arguments:WaitTool"), companion
    ) == [
        "- Arguments of `WaitTool`: Keep this.",
        "  - `seconds`: required integer. How long to wait.",
        "    Continued explanation.",
        "  - `mode`: optional string, one of `fast`, `slow`.",
    ]
    assert render_block(expected["side-effects"], companion.block("side-effects"), companion) == [
        "- Observed side-effect areas: subprocess, settings/state persistence, model calls."
        " Checked by hand."
    ]
    assert render_block(
        expected["is-tool:WaitTool"], companion.block("is-tool:WaitTool"), companion
    ) == ["- `WaitTool` is a `Tool`. Since 2024."]
    assert render_block(expected["constants"], None, companion) == expected["constants"].lines


def test_render_block_keeps_method_prose_and_notes_under_their_class() -> None:
    module = wait_module(
        classes=[
            ClassFacts(
                "WaitTool",
                1,
                bases=["Tool"],
                methods=[Signature("execute", "async execute(self, seconds=...) -> Response", 2)],
            ),
            ClassFacts("Helper", 9),
        ]
    )
    expected = next(b for b in expected_blocks(module) if b.key == "classes")
    text = "\n".join(
        [
            "- Classes:",
            "- `WaitTool` (`Tool`)",
            "  - `async execute(self, **kwargs) -> Response` (the entry point)",
            "  - note: keep execute short",
            "- `OldHelper`",
            "  - note about the old helper",
            "",
        ]
    )
    companion = parse_companion(text)
    assert render_block(expected, companion.block("classes"), companion) == [
        "- Classes:",
        "- `WaitTool` (`Tool`)",
        "  - `async execute(self, seconds=...) -> Response` (the entry point)",
        "  - note: keep execute short",
        "- `Helper`",
        "  - note about the old helper",
    ]


def test_is_tool_names_the_base_as_written_not_as_resolved() -> None:
    module = wait_module(tools=[wait_tool(bases=["helpers.tool.Tool"])])
    assert one_block(module, "is-tool:WaitTool") == ["- `WaitTool` is a `Tool`."]


def test_a_line_is_split_once_and_its_spans_are_shared() -> None:
    line = "- `name` (`Base`): text with a `span`."
    first = spans(line)
    assert isinstance(first, tuple)
    assert spans(line) is first
    assert [part.text for part in first if part.code] == ["name", "Base", "span"]
