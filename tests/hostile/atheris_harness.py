"""Coverage-guided fuzzing of doxtool's parsers with atheris (libFuzzer).

Usage: ``python tests/hostile/atheris_harness.py prompt|companion|extract
[libFuzzer options, e.g. -runs=100000]``. Any exception escaping a target is
a crash that libFuzzer reports with the input that caused it. The targets
never import or run the analysed text.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from doxtool.companions.edits import fix_companion
    from doxtool.companions.parsing import parse_companion
    from doxtool.companions.rendering import expected_blocks
    from doxtool.core.facts import Argument, ExecuteFacts, ModuleFacts, Outcome, ToolFacts
    from doxtool.prompts.parse import parse_prompt
    from doxtool.python.extract import extract_module


def _module(name: str, value: str) -> ModuleFacts:
    tool = ToolFacts(
        name="wait",
        class_name="WaitTool",
        line=1,
        bases=["helpers.tool.Tool"],
        execute=ExecuteFacts(is_async=True, line=1, params=["self"], defined_in="WaitTool.execute"),
        arguments=[
            Argument(name=name, required=False, default=value, has_default=True, enum=[value])
        ],
        outcomes=[Outcome(break_loop="dynamic", line=1, column=1, expression=value)],
    )
    return ModuleFacts(path="tools/wait.py", module="tools.wait", tools=[tool])


def prompt(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))
    doc = parse_prompt(text, "p.md")
    internal = [p for p in doc.problems if p.kind == "internal"]
    if internal:
        raise AssertionError(internal)


def companion(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    name = provider.ConsumeUnicode(12)
    value = provider.ConsumeUnicode(12)
    text = provider.ConsumeUnicode(len(data))
    parse_companion(text)
    expected = expected_blocks(_module(name, value))
    fixed = fix_companion(text, expected)
    if fix_companion(fixed, expected) != fixed:
        raise AssertionError("fix is not idempotent")


def extract(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))
    extract_module(text, "tools/fuzz.py", ("helpers",))


TARGETS = {"prompt": prompt, "companion": companion, "extract": extract}

if __name__ == "__main__":
    target = TARGETS[sys.argv[1]]
    atheris.Setup([sys.argv[0], *sys.argv[2:]], target)
    atheris.Fuzz()
