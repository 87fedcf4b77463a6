"""The AGENTS.md tree: facts read from the files, and rules DOX201-DOX205 end to end."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.agents.document import parse
from doxtool.agents.tree import build, resolve_link
from doxtool.cli import cli
from doxtool.core.source import SourceText

DOXTOOL = Path(sys.executable).parent / "doxtool"
CORPUS = Path("/work/shared/corpora/agent-zero-2026-07")

SECTIONS = (
    "## Purpose\n\n- {purpose}\n\n## Ownership\n\n- Owners.\n\n## Local Contracts\n\n- None.\n\n"
    "## Work Guidance\n\n- Care.\n\n## Verification\n\n- Tests.\n\n## Child DOX Index\n\n"
)


def agents(title: str, purpose: str, index: str = "No child DOX files.\n") -> str:
    return f"# {title} DOX\n\n" + SECTIONS.format(purpose=purpose) + index


def table(*rows: tuple[str, str]) -> str:
    body = "".join(f"| [{path}]({path}) | {scope} |\n" for path, scope in rows)
    return "Direct child DOX files:\n\n| Child | Scope |\n| --- | --- |\n" + body


def passes(root: Path, *args: str) -> bool:
    """Whether ``doxtool check`` exits 0 with no finding (a repository with no
    tool module gets a warning instead of "All checks passed.")."""
    code, out = check(root, *args)
    return code == 0 and ": DOX" not in out and ": PRM" not in out


def check(root: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args])
    return result.exit_code, result.stdout


# -- facts -------------------------------------------------------------------


def test_facts_of_one_file() -> None:
    text = (
        "# Root\r\n\r\n"
        "See [guide](docs/guide.md#setup), [site](https://x.io), [top](#root),\r\n"
        "`[code](not/a/link.md)`, ![logo](img/logo%20one.png) and <!-- [c](hidden.md) -->.\r\n"
        "[ref]: ../outside.md\r\n"
        "```\r\n[fenced](no.md)\r\n## Not a heading\r\n```\r\n"
        "## Purpose\r\n- First bullet,\r\n  continued.\r\n- Second.\r\n"
        "## Child DOX Index\r\n\r\nDirect child DOX files:\r\n\r\n"
        "| Child | Scope |\r\n| --- | --- |\r\n"
        "| [a/AGENTS.md](a/AGENTS.md) | A \\| pipe. |\r\n"
        "| [b/AGENTS.md](b/AGENTS.md) | B. |\r\n"
        "\r\nOther roots:\r\n\r\n| Path | Reason |\r\n| --- | --- |\r\n| `tmp/` | Cache. |\r\n"
    )
    doc = parse("AGENTS.md", text)
    assert [(h.title, h.level, h.line) for h in doc.headings] == [
        ("Root", 1, 1),
        ("Purpose", 2, 10),
        ("Child DOX Index", 2, 14),
    ]
    assert [(link.target, link.line) for link in doc.links] == [
        ("docs/guide.md", 3),
        ("img/logo one.png", 4),
        ("../outside.md", 5),
        ("a/AGENTS.md", 20),
        ("b/AGENTS.md", 21),
    ]
    assert doc.purpose == "First bullet, continued."
    index = doc.index
    assert index is not None and index.kind == "table"
    assert [(r.target, r.scope, r.line) for r in index.rows] == [
        ("a/AGENTS.md", "A \\| pipe.", 20),
        ("b/AGENTS.md", "B.", 21),
    ]
    assert (index.lead_line, index.header_line, index.table_end) == (16, 18, 22)


def test_setext_headings_are_sections() -> None:
    text = (
        "Root\n====\n\nPurpose\n-------\n- First.\n\n- item\n---\n\nText\nmore\n---\n"
        "| a | b |\n| - | - |\n\n---\n"
    )
    doc = parse("x/AGENTS.md", text)
    assert [(h.title, h.level, h.line) for h in doc.headings] == [
        ("Root", 1, 1),
        ("Purpose", 2, 4),
        ("Text more", 2, 11),
    ]
    assert doc.purpose == "First."


def test_index_forms() -> None:
    none = parse("x/AGENTS.md", "## Child DOX Index\nNo child DOX files.\n").index
    assert none is not None and (none.kind, none.none_line) == ("none", 2)
    listed = parse("x/AGENTS.md", "## Child DOX Index\n- [y/AGENTS.md](y/AGENTS.md)\n").index
    assert listed is not None and listed.kind == "links"
    assert [link.target for link in listed.links] == ["y/AGENTS.md"]
    empty = parse("x/AGENTS.md", "## Child DOX Index\n\n## Later\n").index
    assert empty is not None and empty.kind == "empty"
    assert parse("x/AGENTS.md", "# Only a title\n").index is None


def test_tree_nearest_descendants_and_links() -> None:
    files = ["AGENTS.md", "a/AGENTS.md", "a/b/c/AGENTS.md", "d/e/AGENTS.md", "a/f/AGENTS.md"]
    tree = build(files, lambda path: SourceText(f"# {path}\n"))
    assert tree.children("AGENTS.md") == ["a/AGENTS.md", "d/e/AGENTS.md"]
    assert tree.children("a/AGENTS.md") == ["a/b/c/AGENTS.md", "a/f/AGENTS.md"]
    assert tree.children("d/e/AGENTS.md") == []
    assert resolve_link("a/AGENTS.md", "../d/x.md") == "d/x.md"
    assert resolve_link("a/AGENTS.md", "/README.md") == "README.md"
    assert resolve_link("a/AGENTS.md", "../../etc/passwd") is None


def test_hostile_text_is_read_without_error() -> None:
    nasty = "## Child DOX Index\n" + "[" * 50_000 + "](" * 50_000 + "\n| Child | Scope |\n"
    doc = parse("AGENTS.md", nasty + "\x00\u2028| [a](%ff) |\n")
    assert doc.index is not None


# -- rules through the CLI ---------------------------------------------------


def _tree(root: Path) -> None:
    write_files(
        root,
        {
            "AGENTS.md": "# Root\n\nFree-form.\n\n## Child DOX Index\n\n"
            + table(
                ("api/AGENTS.md", "Handlers, in my own words."),
                ("tools/AGENTS.md", "Tools, also mine."),
            ),
            "api/AGENTS.md": agents("api", "HTTP handlers."),
            "tools/AGENTS.md": agents("tools", "Agent tools."),
        },
    )


def test_agreeing_tree_has_no_finding(tmp_path: Path) -> None:
    _tree(tmp_path)
    assert passes(tmp_path, "--select", "DOX2")


def test_fix_adds_and_removes_rows_keeping_scope_sentences(tmp_path: Path) -> None:
    _tree(tmp_path)
    shutil.rmtree(tmp_path / "api")
    write_files(
        tmp_path,
        {
            "lib/AGENTS.md": agents("lib", "Browser scripts | small."),
            "zoo/deep/AGENTS.md": agents("zoo", "Animals."),
            "tools/sub/AGENTS.md": agents("sub", "Sub tools."),
        },
    )
    code, out = check(tmp_path, "--select", "DOX2")
    assert code == 1
    assert "AGENTS.md:11:4: DOX201 Child DOX Index row links `api/AGENTS.md`" in out
    assert "AGENTS.md:5:1: DOX202 nearest descendant `lib/AGENTS.md` has no row" in out
    assert "DOX202 nearest descendant `zoo/deep/AGENTS.md` has no row" in out
    assert "tools/AGENTS.md:23:1: DOX202 nearest descendant `tools/sub/AGENTS.md`" in out
    # the gone row's scope sentence is a person's: only an unsafe fix drops it
    code, out = check(tmp_path, "--select", "DOX2", "--fix", "--unsafe-fixes")
    assert code == 0, out
    assert (tmp_path / "AGENTS.md").read_text() == (
        "# Root\n\nFree-form.\n\n## Child DOX Index\n\n"
        + table(
            ("lib/AGENTS.md", "Browser scripts \\| small."),
            ("tools/AGENTS.md", "Tools, also mine."),
            ("zoo/deep/AGENTS.md", "Animals."),
        )
    )
    assert (
        (tmp_path / "tools/AGENTS.md")
        .read_text()
        .endswith("## Child DOX Index\n\n" + table(("sub/AGENTS.md", "Sub tools.")))
    )
    before = {p: p.read_bytes() for p in tmp_path.rglob("AGENTS.md")}
    assert passes(tmp_path, "--select", "DOX2", "--fix", "--unsafe-fixes")
    assert before == {p: p.read_bytes() for p in tmp_path.rglob("AGENTS.md")}


def test_fix_keeps_the_files_order_and_line_endings(tmp_path: Path) -> None:
    index = table(("b/AGENTS.md", "B."), ("a/AGENTS.md", "A."), ("d/AGENTS.md", "D."))
    write_files(
        tmp_path,
        {
            "AGENTS.md": ("# Root\n\n## Child DOX Index\n\n" + index).replace("\n", "\r\n"),
            **{f"{d}/AGENTS.md": agents(d, d.upper() + ".") for d in "abcd"},
        },
    )
    assert check(tmp_path, "--select", "DOX202", "--fix")[0] == 0
    text = (tmp_path / "AGENTS.md").read_bytes().decode()
    rows = [line for line in text.split("\r\n") if line.startswith("| [")]
    assert rows == [
        "| [b/AGENTS.md](b/AGENTS.md) | B. |",
        "| [a/AGENTS.md](a/AGENTS.md) | A. |",
        "| [c/AGENTS.md](c/AGENTS.md) | C. |",
        "| [d/AGENTS.md](d/AGENTS.md) | D. |",
    ]
    assert "\n" not in text.replace("\r\n", "")


def test_last_gone_row_leaves_no_child_sentence(tmp_path: Path) -> None:
    _tree(tmp_path)
    shutil.rmtree(tmp_path / "api")
    shutil.rmtree(tmp_path / "tools")
    assert check(tmp_path, "--select", "DOX201", "--fix", "--unsafe-fixes")[0] == 0
    assert (
        (tmp_path / "AGENTS.md").read_text().endswith("## Child DOX Index\n\nNo child DOX files.\n")
    )


def test_last_gone_row_keeps_a_persons_words_between_the_lead_and_the_table(
    tmp_path: Path,
) -> None:
    words = "The children, in my own words.\n\n"
    index = "Direct child DOX files:\n\n" + words + "| Child | Scope |\n| --- | --- |\n"
    write_files(tmp_path, {"AGENTS.md": "# Root\n\n## Child DOX Index\n\n" + index})
    (tmp_path / "AGENTS.md").write_text(
        (tmp_path / "AGENTS.md").read_text() + "| [api/AGENTS.md](api/AGENTS.md) |  |\n"
    )
    assert check(tmp_path, "--select", "DOX201", "--fix")[0] == 0
    assert (tmp_path / "AGENTS.md").read_text() == (
        "# Root\n\n## Child DOX Index\n\n" + words + "No child DOX files.\n"
    )


@pytest.mark.parametrize(
    "index", ["No child DOX files.\nAdd one when a folder grows.\n", "See the table below.\n"]
)
def test_a_table_written_above_a_persons_line_is_set_apart_from_it(
    tmp_path: Path, index: str
) -> None:
    """A line right under a table would read as its last row."""
    write_files(
        tmp_path,
        {
            "AGENTS.md": "# Root\n\n## Child DOX Index\n" + index,
            "api/AGENTS.md": agents("api", "HTTP handlers."),
        },
    )
    assert check(tmp_path, "--select", "DOX202", "--fix")[0] == 0
    person = index.splitlines()[-1]
    text = (tmp_path / "AGENTS.md").read_text()
    assert text.endswith("| [api/AGENTS.md](api/AGENTS.md) | HTTP handlers. |\n\n" + person + "\n")
    assert check(tmp_path, "--select", "DOX202", "--fix")[0] == 0
    assert (tmp_path / "AGENTS.md").read_text() == text


def test_a_moved_directory_keeps_its_rows_scope_sentence(tmp_path: Path) -> None:
    """A gone row and a child without a row whose directory names are alike
    are a move: the fix rewrites the row's link in place (its text too where
    it spells the old path) and keeps the person's scope sentence."""
    write_files(
        tmp_path,
        {
            "AGENTS.md": "# Root\n\n## Child DOX Index\n\n"
            + table(("api/AGENTS.md", "Handlers, in my own words."))
            + "| [`_promptinclude/`](./_promptinclude/AGENTS.md)  |  Includes, mine. |\n"
            + "| [zoo/AGENTS.md](zoo/AGENTS.md) | Animals, mine. |\n",
            "api/AGENTS.md": agents("api", "HTTP handlers."),
            "_prompt_include/AGENTS.md": agents("inc", "Own automatic prompt injection."),
            "zoo/AGENTS.md": agents("zoo", "Animals."),
        },
    )
    code, out = check(tmp_path, "--select", "DOX2")
    assert code == 1
    assert out.splitlines()[:2] == [
        "AGENTS.md:3:1: DOX202 nearest descendant `_prompt_include/AGENTS.md` has no row in "
        "the Child DOX Index; the row of `./_promptinclude/AGENTS.md`, which does not exist, "
        "probably names it [*]",
        "AGENTS.md:10:23: DOX201 Child DOX Index row links `./_promptinclude/AGENTS.md`, which "
        "does not exist (`_promptinclude/AGENTS.md`); it probably moved to "
        "`_prompt_include/AGENTS.md` [*]",
    ]
    assert check(tmp_path, "--select", "DOX2", "--fix")[0] == 0
    assert (tmp_path / "AGENTS.md").read_text() == (
        "# Root\n\n## Child DOX Index\n\n"
        + table(("api/AGENTS.md", "Handlers, in my own words."))
        + "| [`_prompt_include/`](./_prompt_include/AGENTS.md)  |  Includes, mine. |\n"
        + "| [zoo/AGENTS.md](zoo/AGENTS.md) | Animals, mine. |\n"
    )
    assert passes(tmp_path, "--select", "DOX2")


@pytest.mark.parametrize("select", ["DOX201", "DOX202"])
def test_either_rule_fixes_a_move_alone(tmp_path: Path, select: str) -> None:
    write_files(
        tmp_path,
        {
            "AGENTS.md": "# Root\n\n## Child DOX Index\n\n"
            + table(("plugins/AGENTS.md", "Plugins, mine.")),
            "plugin/AGENTS.md": agents("plugin", "Other words."),
        },
    )
    assert check(tmp_path, "--select", select, "--fix")[0] == 0
    assert (
        (tmp_path / "AGENTS.md").read_text().endswith(table(("plugin/AGENTS.md", "Plugins, mine.")))
    )
    assert passes(tmp_path, "--select", "DOX2")


def test_a_gone_rows_scope_sentence_goes_only_with_unsafe_fixes(tmp_path: Path) -> None:
    """Unlike names, or two gone rows as like one child, pair nothing: the
    child gets a row of its own, and the gone rows with a scope sentence are
    removed by an unsafe fix only (an empty scope cell goes safely)."""
    write_files(
        tmp_path,
        {
            "AGENTS.md": "# Root\n\n## Child DOX Index\n\n"
            + table(
                ("api/AGENTS.md", "Handlers, in my own words."),
                ("memory/AGENTS.md", ""),
                ("web_a/AGENTS.md", "Web A, mine."),
                ("web_b/AGENTS.md", "Web B, mine."),
            ),
            "storage/AGENTS.md": agents("storage", "Stored things."),
            "web/AGENTS.md": agents("web", "The web."),
        },
    )
    code, out = check(tmp_path, "--select", "DOX2")
    assert code == 1
    assert "probably" not in out
    assert out.count("[!]") == 3 and out.count("[*]") == 3, out
    assert check(tmp_path, "--select", "DOX2", "--fix")[0] == 1
    assert (tmp_path / "AGENTS.md").read_text() == (
        "# Root\n\n## Child DOX Index\n\n"
        + table(
            ("api/AGENTS.md", "Handlers, in my own words."),
            ("storage/AGENTS.md", "Stored things."),
            ("web/AGENTS.md", "The web."),
            ("web_a/AGENTS.md", "Web A, mine."),
            ("web_b/AGENTS.md", "Web B, mine."),
        )
    )
    assert check(tmp_path, "--select", "DOX2", "--fix", "--unsafe-fixes")[0] == 0
    assert (
        (tmp_path / "AGENTS.md")
        .read_text()
        .endswith(table(("storage/AGENTS.md", "Stored things."), ("web/AGENTS.md", "The web.")))
    )


def test_rows_for_paths_with_spaces_and_brackets(tmp_path: Path) -> None:
    _tree(tmp_path)
    write_files(
        tmp_path,
        {
            "my docs/AGENTS.md": agents("docs", "Spaced."),
            "x[1] (old)/AGENTS.md": agents("x", "Bracketed."),
        },
    )
    assert check(tmp_path, "--select", "DOX2", "--fix")[0] == 0
    text = (tmp_path / "AGENTS.md").read_text()
    assert "| [my docs/AGENTS.md](<my docs/AGENTS.md>) | Spaced. |\n" in text
    assert "| [x\\[1\\] (old)/AGENTS.md](<x[1] (old)/AGENTS.md>) | Bracketed. |\n" in text
    assert passes(tmp_path, "--select", "DOX2")


def test_rows_for_paths_a_link_would_cut_short(tmp_path: Path) -> None:
    """``#`` would start a fragment, ``?`` a query, ``|`` end the cell and
    ``%`` an escape: the fix percent-encodes them, so the row it writes names
    the child when read back, and a second run finds nothing to add."""
    _tree(tmp_path)
    write_files(
        tmp_path,
        {
            "docs/c#/AGENTS.md": agents("c#", "Sharp."),
            "docs/a|b/AGENTS.md": agents("a|b", "Piped."),
            "docs/p%q/AGENTS.md": agents("p%q", "Percent."),
            "docs/what?/AGENTS.md": agents("what", "Asked."),
        },
    )
    code, out = check(tmp_path, "--select", "DOX2", "--fix")
    assert code == 0, out
    text = (tmp_path / "AGENTS.md").read_text()
    assert "| [docs/c#/AGENTS.md](docs/c%23/AGENTS.md) | Sharp. |\n" in text
    assert "| [docs/a\\|b/AGENTS.md](docs/a%7Cb/AGENTS.md) | Piped. |\n" in text
    assert "| [docs/p%q/AGENTS.md](docs/p%25q/AGENTS.md) | Percent. |\n" in text
    assert "| [docs/what?/AGENTS.md](docs/what%3F/AGENTS.md) | Asked. |\n" in text
    assert passes(tmp_path, "--select", "DOX2")


def test_links_in_code_blocks_are_no_links() -> None:
    text = (
        "# Root\n\nAn example:\n\n    [indented](indented/code.md)\n\n"
        "10. A step with a fenced example:\n\n"
        "    ```markdown\n    [fenced](in/a/list/item.md)\n    ```\n\n"
        "- An item\n\n  [continued](item/text.md)\n\n"
        "- An item with code:\n\n        [item](code/in/item.md)\n\n"
        "Text [after](after.md).\n"
    )
    doc = parse("AGENTS.md", text)
    assert [link.target for link in doc.links] == ["item/text.md", "after.md"]


def test_a_footnote_is_no_reference_definition_and_its_links_are_read(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "AGENTS.md": "# Root\n\nSee the guide[^1] and the notes[^n].\n\n"
            "[^1]: [The guide](docs/guide.md) explains set-up.\n"
            "[^n]: Notes are in [notes](docs/notes.md).\n",
            "docs/guide.md": "g\n",
        },
    )
    doc = parse("AGENTS.md", (tmp_path / "AGENTS.md").read_text())
    assert [link.target for link in doc.links] == ["docs/guide.md", "docs/notes.md"]
    assert doc.definitions == {}
    code, out = check(tmp_path, "--select", "DOX203")
    assert code == 1
    assert out.count("DOX203") == 1
    assert "AGENTS.md:6:28: DOX203 link `docs/notes.md`" in out


def test_reference_rows_and_escaped_targets_name_their_files(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "AGENTS.md": "# Root\n\nSee [ab](docs/a\\_b.md) and [cd](docs/c&amp;d.md).\n\n"
            "## Child DOX Index\n\nDirect child DOX files:\n\n| Child | Scope |\n| --- | --- |\n"
            "| [api/AGENTS.md][api] | Handlers. |\n| [Tools][] | Tools. |\n\n"
            "[API]: api/AGENTS.md\n[tools]: tools/AGENTS.md\n",
            "api/AGENTS.md": agents("api", "HTTP handlers."),
            "tools/AGENTS.md": agents("tools", "Agent tools."),
            "docs/a_b.md": "a\n",
            "docs/c&d.md": "c\n",
        },
    )
    doc = parse("AGENTS.md", (tmp_path / "AGENTS.md").read_text())
    assert doc.index is not None
    assert [row.target for row in doc.index.rows] == ["api/AGENTS.md", "tools/AGENTS.md"]
    assert passes(tmp_path, "--select", "DOX2")


def test_an_agents_file_added_in_between(tmp_path: Path) -> None:
    _tree(tmp_path)
    tools = tmp_path / "tools/AGENTS.md"
    tools.write_text(agents("tools", "Agent tools.", table(("x/y/AGENTS.md", "Deep, mine."))))
    write_files(tmp_path, {"tools/x/y/AGENTS.md": agents("y", "Y.")})
    assert passes(tmp_path, "--select", "DOX2")
    write_files(tmp_path, {"tools/x/AGENTS.md": agents("x", "X.")})
    code, out = check(tmp_path, "--select", "DOX2", str(tmp_path / "tools/x/AGENTS.md"))
    assert code == 1
    assert "tools/AGENTS.md:23:1: DOX202 nearest descendant `tools/x/AGENTS.md`" in out
    assert "tools/x/AGENTS.md:23:1: DOX202 nearest descendant `tools/x/y/AGENTS.md`" in out
    assert (
        "tools/AGENTS.md:29:4: DOX205 Child DOX Index row links `x/y/AGENTS.md`, which is not "
        "a nearest descendant here: it is indexed by `tools/x/AGENTS.md`" in out
    )
    code, out = check(tmp_path, "--select", "DOX2", "--fix")
    assert code == 1 and out.count("DOX2") == 1 and "DOX205" in out
    assert "| [x/y/AGENTS.md](x/y/AGENTS.md) | Deep, mine. |" in tools.read_text()


def test_a_list_index_is_reported_not_rewritten(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "AGENTS.md": "# Root\n\n## Child DOX Index\n\n- [gone/AGENTS.md](gone/AGENTS.md)\n",
            "new/AGENTS.md": agents("new", "New."),
        },
    )
    code, out = check(tmp_path, "--select", "DOX2", "--fix")
    assert code == 1
    assert "DOX201" in out and "DOX202" in out and "[*]" not in out
    assert "gone/AGENTS.md" in (tmp_path / "AGENTS.md").read_text()


@pytest.mark.parametrize("row", ["api/AGENTS.md", "[api](api/)", "[API docs](docs/api.md)"])
def test_an_index_table_of_other_columns_gets_no_second_table(tmp_path: Path, row: str) -> None:
    """A person's index written as a table of other columns, naming its
    children in a way that is not read as a link to their `AGENTS.md`, is
    reported, not fixed: a Child | Scope table written above it would index
    the same files twice."""
    text = (
        "# Root\n\n## Child DOX Index\n\n| Path | Scope |\n|---|---|\n"
        f"| {row} | HTTP handlers; Dana keeps them. |\n"
    )
    write_files(tmp_path, {"AGENTS.md": text, "api/AGENTS.md": agents("api", "HTTP handlers.")})
    code, out = check(tmp_path, "--select", "DOX2", "--fix")
    assert code == 1
    assert "DOX202 nearest descendant `api/AGENTS.md` has no row" in out and "[*]" not in out
    assert (tmp_path / "AGENTS.md").read_text() == text


def test_repositories_without_an_index_are_not_held_to_it(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "AGENTS.md": "# Notes\n",
            "api/AGENTS.md": "## Purpose\n- This directory is file-documented.\n",
        },
    )
    assert passes(tmp_path, "--select", "DOX2")


def test_required_sections_are_configurable(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "pyproject.toml": '[tool.doxtool]\nagents-sections = ["Purpose", "Child DOX Index"]\n',
            "api/AGENTS.md": "## Purpose\n- Handlers.\n## Child DOX Index\nNo child DOX files.\n",
        },
    )
    assert passes(tmp_path, "--select", "DOX204")
    (tmp_path / "pyproject.toml").write_text('[tool.doxtool]\nagents-sections = "Purpose"\n')
    result = CliRunner().invoke(cli, ["check", "--root", str(tmp_path), "--select", "DOX204"])
    assert result.exit_code == 2
    assert "`agents-sections` must be a list of strings" in result.output


def test_unreadable_agents_file_is_a_finding(tmp_path: Path) -> None:
    _tree(tmp_path)
    (tmp_path / "api/AGENTS.md").write_bytes(b"# api\n\xff\xfe\n")
    code, out = check(tmp_path, "--select", "DOX2")
    assert code == 1
    assert "api/AGENTS.md:1:1: DOX204 cannot be read" in out


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"# Repo\n\n## Child DOX Index\n\n| caf\xe9 |\n", "cannot decode byte 0xe9 as utf-8"),
        (b"# Repo\n\x00\n", "file contains a NUL byte"),
    ],
)
def test_unreadable_root_agents_file_is_a_finding(tmp_path: Path, data: bytes, reason: str) -> None:
    """The root's file is reported as a child's is; what it holds (an index,
    say) is unknown, so no child is held to sections while no file read
    keeps an index."""
    write_files(tmp_path, {"AGENTS.md": data, "tools/AGENTS.md": "# Tools\n\nhello\n"})
    code, out = check(tmp_path, "--select", "DOX2")
    assert (code, out.splitlines()) == (
        1,
        [
            f"AGENTS.md:1:1: DOX204 cannot be read: {reason}; its links and index are not checked",
            "Found 1 finding.",
        ],
    )
    # a child's index makes the convention known: the child's sections are checked
    (tmp_path / "tools/AGENTS.md").write_text(agents("tools", "Tools."), encoding="utf-8")
    (tmp_path / "api/AGENTS.md").parent.mkdir()
    (tmp_path / "api/AGENTS.md").write_text("# api\n\n## Purpose\n\n- Handlers.\n")
    code, out = check(tmp_path, "--select", "DOX204")
    assert (code, out.splitlines()[0], out.count("DOX204")) == (
        1,
        f"AGENTS.md:1:1: DOX204 cannot be read: {reason}; its links and index are not checked",
        6,
    )


def test_scoped_run_checks_the_index_above_a_passed_file(tmp_path: Path) -> None:
    _tree(tmp_path)
    write_files(tmp_path, {"tools/sub/AGENTS.md": agents("sub", "Sub.")})
    sub = str(tmp_path / "tools/sub/AGENTS.md")
    code, out = check(tmp_path, "--select", "DOX2", sub)
    assert code == 1
    assert "tools/AGENTS.md:23:1: DOX202 nearest descendant `tools/sub/AGENTS.md`" in out
    # a run over an unrelated file does not look at the tree
    other = tmp_path / "README.md"
    other.write_text("# readme\n")
    assert passes(tmp_path, "--select", "DOX2", str(other))


#: case -> (files, a finding it must give; None: no finding)
HOSTILE: dict[str, tuple[dict[str, str | bytes], str | None]] = {
    "undecodable": ({"api/AGENTS.md": b"# api\n\xff\xfe\n"}, "api/AGENTS.md:1:1: DOX204 cannot"),
    "nul": ({"api/AGENTS.md": b"# api\n\x00\n"}, "api/AGENTS.md:1:1: DOX204 cannot"),
    "bom-crlf": (
        {"api/AGENTS.md": "\ufeff" + agents("api", "A.").replace("\n", "\r\n")},
        None,
    ),
    "link-out-of-the-repository": (
        {"api/AGENTS.md": agents("api", "A.") + "[x](../../../outside/secret.md)\n"},
        None,
    ),
    "megabyte-line": (
        {"api/AGENTS.md": agents("api", "A.") + "[a](" * 100_000 + "`" * 100_000 + "\n"},
        None,
    ),
    "long-paragraph-and-many-underlines": (
        {"api/AGENTS.md": agents("api", "A.") + "a\n" * 100_000 + "---\n" * 100_000},
        None,
    ),
    "unclosed-fence-and-comment": (
        {"api/AGENTS.md": agents("api", "A.") + "<!-- never closed\n```\n[x](gone.md)\n"},
        None,
    ),
    "control-characters-in-a-link": (
        {"api/AGENTS.md": agents("api", "A.") + "[x](a%0Ab.md) [y](%ff.md)\n"},
        None,
    ),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_agents_files(tmp_path: Path, name: str) -> None:
    files, expected = HOSTILE[name]
    root = tmp_path / "repo"
    _tree(root)
    write_files(root, files)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "AGENTS.md").write_text("# outside\n")
    os.symlink(outside / "AGENTS.md", root / "tools" / "linked.md")
    os.symlink(outside, root / "linked_dir")
    code, out = check(root, "--select", "DOX2")
    assert "Traceback" not in out and code in (0, 1), out
    if expected is None:
        assert code == 0 and "DOX2" not in out, out
    else:
        assert expected in out, out
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file() and not p.is_symlink()}
    code, out = check(root, "--select", "DOX2", "--fix")
    assert "Traceback" not in out and code in (0, 1), out
    after = {p: p.read_bytes() for p in root.rglob("*") if p.is_file() and not p.is_symlink()}
    assert after == before
    assert (outside / "AGENTS.md").read_text() == "# outside\n"


def test_suppression_comment_applies(tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "docs/AGENTS.md": "# docs\n\n<!-- doxtool: ignore[DOX203] -->\n"
            "[planned](planned.md)\n\n[dead](dead.md)\n",
        },
    )
    code, out = check(tmp_path, "--select", "DOX203")
    assert code == 1
    assert "planned.md" not in out and "docs/AGENTS.md:6:8: DOX203 link `dead.md`" in out


def test_a_changed_agents_file_is_not_replayed(tmp_path: Path) -> None:
    _tree(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.doxtool]\n")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(DOXTOOL), "check", "--select", "DOX2"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )

    assert run().returncode == 0
    assert (tmp_path / ".doxtool_cache/runs.record").is_file()
    path = tmp_path / "tools/AGENTS.md"
    path.write_text(path.read_text().replace("## Verification", "## Checks"))
    second = run()
    assert second.returncode == 1
    assert "missing required section `## Verification`" in second.stdout


@pytest.mark.slow
def test_pre_commit_passes_a_new_agents_file_and_its_index_is_checked(tmp_path: Path) -> None:
    """The repository's own hook configuration, as pre-commit runs it."""
    _tree(tmp_path)
    shutil.copy(Path(__file__).parents[1] / ".pre-commit-config.yaml", tmp_path)
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(tmp_path / ".home"),
        "PATH": os.pathsep.join([str(DOXTOOL.parent), os.environ.get("PATH", "")]),
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            list(args), cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
        )

    run("git", "init", "-q")
    (tmp_path / ".gitignore").write_text(".home/\n.doxtool_cache/\n")
    write_files(tmp_path, {"tools/sub/AGENTS.md": agents("sub", "Sub tools.")})
    run("git", "add", "-A")
    hook = [sys.executable, "-m", "pre_commit", "run", "doxtool", "--color", "never"]
    result = run(*hook, "--files", "tools/sub/AGENTS.md")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "tools/AGENTS.md:23:1: DOX202 nearest descendant `tools/sub/AGENTS.md`" in result.stdout
    assert check(tmp_path, "--select", "DOX202", "--fix")[0] == 0
    run("git", "add", "-A")
    fixed = run(*hook, "--files", "tools/sub/AGENTS.md", "tools/AGENTS.md")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is not on this machine")
def test_shared_corpus_index_agrees(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS, root)
    assert passes(root, "--select", "DOX2")
