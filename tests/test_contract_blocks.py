"""The blocks of a tool's contract, rendered alone (:func:`contract_blocks`),
are those the whole rendering of the module gives (:func:`expected_blocks`)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from samples import clean_files, write_files

from doxtool.api import load_project
from doxtool.companions.rendering import CONTRACT_KINDS, contract_blocks, expected_blocks
from doxtool.rules.examples import WAIT_PY

TWO_TOOLS = """\
from python.helpers.tool import Response, Tool

LIMIT = 3


class Ask(Tool):
    async def execute(self, question="", **kwargs):
        if not question:
            return Response(message="ask what?", break_loop=False)
        extra = self.args[self.args.get("key", "k")]
        return Response(message=question + str(extra), break_loop=True)


class Tell(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text", "")
        return Response(message=text, break_loop=False)


def helper(value: int) -> int:
    return value + LIMIT
"""


def _unlinked(block):
    return dataclasses.replace(block, follows=[], precedes=[], section_lines={})


@pytest.mark.parametrize("source", [WAIT_PY, TWO_TOOLS, "x = 1\n"])
def test_contract_blocks_are_the_contract_blocks_of_the_whole_rendering(
    tmp_path: Path, source: str
) -> None:
    write_files(tmp_path, {**clean_files(), "tools/t.py": source})
    facts = load_project(root=tmp_path, use_cache=False).module_facts("tools/t.py")
    whole = [b for b in expected_blocks(facts) if b.kind in CONTRACT_KINDS]
    alone = contract_blocks(facts)
    assert [_unlinked(b) for b in alone] == [_unlinked(b) for b in whole]
    if source != "x = 1\n":
        assert {b.kind for b in alone} >= {"arguments", "break-loop"}
