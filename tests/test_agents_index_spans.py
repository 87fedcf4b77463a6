"""A Child DOX Index may name a child in a code span rather than link it
(``- `tools/AGENTS.md` — tool entrypoints``, or a table cell ``| `tools/` |``):
the child has its row, only not as a link, and is not reported as having none
(DOX202), nor does the fix write a second row for it. The span is read from
the file's directory or from the root; a child no span names is still
reported, and a span in a fenced code block names nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import write_files
from test_agents import agents, check


@pytest.mark.parametrize(
    "index",
    [
        "- `tools/AGENTS.md` — Agent Zero tool entrypoints\n",
        "- `tools/` — Agent Zero tool entrypoints\n",
        "| Child | Scope |\n| --- | --- |\n| `tools/AGENTS.md` | Tool entrypoints |\n",
        "* ``tools/AGENTS.md`` (tools)\n",
        "| Path | Scope |\n|---|---|\n| `tools/AGENTS.md` | Tools; Dana keeps them. |\n",
    ],
)
def test_a_child_named_in_a_code_span_has_its_row(tmp_path: Path, index: str) -> None:
    write_files(
        tmp_path,
        {
            "AGENTS.md": agents("Root", "Root.", index),
            "tools/AGENTS.md": agents("tools", "Tools."),
        },
    )
    before = (tmp_path / "AGENTS.md").read_text()
    out = check(tmp_path, "--select", "DOX202")[1]
    assert "DOX202" not in out, out
    assert check(tmp_path, "--select", "DOX202", "--fix")[0] == 0
    assert (tmp_path / "AGENTS.md").read_text() == before


def test_a_nested_index_may_name_its_child_from_its_own_directory(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "AGENTS.md": agents("Root", "Root.", "- `python/AGENTS.md` — runtime\n"),
            "python/AGENTS.md": agents("python", "Runtime.", "- `helpers/AGENTS.md` — helpers\n"),
            "python/helpers/AGENTS.md": agents("helpers", "Helpers."),
        },
    )
    assert "DOX202" not in check(tmp_path, "--select", "DOX202")[1]


def test_a_child_no_span_names_is_still_reported(tmp_path: Path) -> None:
    index = "- `tools/AGENTS.md` — tools\n\n```\n- `lib/AGENTS.md`\n```\n"
    write_files(
        tmp_path,
        {
            "AGENTS.md": agents("Root", "Root.", index),
            "tools/AGENTS.md": agents("tools", "Tools."),
            "lib/AGENTS.md": agents("lib", "Library."),
        },
    )
    out = check(tmp_path, "--select", "DOX202")[1]
    assert "DOX202 nearest descendant `lib/AGENTS.md` has no row" in out, out
    assert "`tools/AGENTS.md` has no row" not in out, out
