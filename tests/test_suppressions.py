"""Suppression comments through the real CLI: what they cover, unused and malformed ones."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from samples import UNTIL_PY, WAIT_PROMPT, clean_files, dox_with_line_before_arguments

from doxtool.rules.examples import WAIT_DOX, WAIT_PY
from doxtool.run.suppressions import markdown_block, parse_markdown, parse_python


def _known(code: str) -> bool:
    return code.startswith(("DOX", "PRM"))


def _codes(output: str) -> list[str]:
    return [line.split()[1] for line in output.splitlines() if ": " in line and line[0] != " "]


# ---------------------------------------------------------------------------
# Markdown


def test_markdown_comment_suppresses_the_next_list_item(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    root = make_repo(files)
    assert "DOX111" in _codes(run_cli(root, "check").output)
    (root / "tools/wait.py.dox.md").write_text(
        dox_with_line_before_arguments("<!-- doxtool: ignore[DOX111] -->")
    )
    result = run_cli(root, "check")
    assert result.exit_code == 0, result.output


def test_a_prefix_suppresses_every_code_it_starts(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    files["tools/wait.py.dox.md"] = dox_with_line_before_arguments("<!-- doxtool: ignore[DOX1] -->")
    root = make_repo(files)
    assert run_cli(root, "check").exit_code == 0


def test_suppressed_findings_are_not_fixed(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    files["tools/wait.py.dox.md"] = dox_with_line_before_arguments(
        "<!-- doxtool: ignore[DOX111] -->"
    )
    root = make_repo(files)
    before = (root / "tools/wait.py.dox.md").read_bytes()
    result = run_cli(root, "check", "--fix")
    assert result.exit_code == 0, result.output
    assert (root / "tools/wait.py.dox.md").read_bytes() == before


def test_the_suppression_covers_only_the_next_block(make_repo, run_cli) -> None:
    """A comment above the `break_loop` line does not cover the `Arguments of` item."""
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    files["tools/wait.py.dox.md"] = WAIT_DOX.replace(
        "- `break_loop` of", "<!-- doxtool: ignore[DOX111] -->\n- `break_loop` of"
    )
    root = make_repo(files)
    result = run_cli(root, "check")
    assert "DOX111" in _codes(result.output)
    assert "DOX900" in _codes(result.output), "and the comment itself is unused"


def test_prompt_suppression_covers_a_fenced_example(make_repo, run_cli) -> None:
    files = clean_files()
    files["prompts/agent.system.tool.wait.md"] = WAIT_PROMPT.replace(
        '"seconds": 1', '"seconds": 1,,'
    )
    root = make_repo(files)
    broken = run_cli(root, "check")
    assert broken.exit_code == 1
    (code,) = set(_codes(broken.output))
    (root / "prompts/agent.system.tool.wait.md").write_text(
        files["prompts/agent.system.tool.wait.md"].replace(
            "~~~json", f"<!-- doxtool: ignore[{code}] -->\n~~~json"
        )
    )
    result = run_cli(root, "check")
    assert result.exit_code == 0, result.output


def test_markdown_blocks() -> None:
    lines = [
        "- item",  # 0
        "  - nested",  # 1
        "",  # 2
        "    more of nested",  # 3
        "- sibling",  # 4
        "paragraph one",  # 5
        "goes on",  # 6
        "",  # 7
        "```json",  # 8
        "{}",  # 9
        "```",  # 10
        "## Heading",  # 11
        "text",  # 12
    ]
    assert markdown_block(lines, 0) == 3
    assert markdown_block(lines, 1) == 3
    assert markdown_block(lines, 4) == 6  # lazy continuation lines join the item
    assert markdown_block(lines, 5) == 6
    assert markdown_block(lines, 8) == 10
    assert markdown_block(lines, 11) == 11


def test_markdown_comment_scopes() -> None:
    text = (
        "<!-- doxtool: ignore[DOX111] -->\n"  # 1: own line -> next item
        "- Arguments:\n"  # 2
        "  - `a`\n"  # 3
        "- other <!-- doxtool: ignore[PRM003] -->\n"  # 4: trailing -> its own item
        "\n"
        "```\n"  # 6
        "<!-- doxtool: ignore[DOX1] -->\n"  # 7: inside a fence: not a comment
        "```\n"
    )
    parsed = parse_markdown("x.md", text, _known)
    assert [(s.line, s.codes, s.first, s.last) for s in parsed.suppressions] == [
        (1, ["DOX111"], 1, 3),
        (4, ["PRM003"], 4, 4),
    ]
    assert parsed.malformed == []


def test_malformed_markdown_comments() -> None:
    text = (
        "<!-- doxtool: ignore -->\n"
        "<!-- doxtool: ignore[] -->\n"
        "<!-- doxtool: ignore[NOPE1] -->\n"
        "<!-- doxtool: disable[DOX111] -->\n"
        "<!-- doxtool: ignore[DOX111\n"
        "<!-- doxtool: ignore[DOX900] -->\n"
    )
    problems = [m.problem for m in parse_markdown("x.md", text, _known).malformed]
    assert problems == [
        "`ignore` needs explicit codes: `ignore[CODE,...]`",
        "`ignore[]` names no code; write `ignore[CODE,...]`",
        "unknown rule code or prefix `NOPE1` (see `doxtool rules`)",
        "unknown directive `disable`; write `doxtool: ignore[CODE,...]`",
        "a suppression comment must open and close on one line",
        "`DOX900` cannot be suppressed",
    ]


# ---------------------------------------------------------------------------
# Python


def test_python_comments_at_the_end_of_a_line_and_on_their_own() -> None:
    text = (
        "x = f(  # doxtool: ignore[DOX008]\n"  # 1: trailing: its whole statement
        "    a,\n"
        ")\n"
        "# doxtool: ignore[DOX007]\n"  # 4: own line: the next statement
        "# an explanation\n"
        "y = g(\n"  # 6
        "    b)\n"
        "s = '# doxtool: ignore[DOX001]'\n"  # a string, not a comment
    )
    parsed = parse_python("m.py", text, _known)
    assert [(s.line, s.codes, s.first, s.last) for s in parsed.suppressions] == [
        (1, ["DOX008"], 1, 3),
        (4, ["DOX007"], 4, 7),
    ]


def test_python_file_that_does_not_tokenize_still_has_its_comments() -> None:
    text = "x = '''\n# doxtool: ignore[DOX003]\ny = 1\n"
    parsed = parse_python("m.py", text, _known)
    assert [s.codes for s in parsed.suppressions] == [["DOX003"]]


def test_python_suppression_through_the_cli(make_repo, run_cli) -> None:
    files = clean_files()
    dynamic = WAIT_PY.replace('self.args.get("seconds", 0)', "self.args.get(self.name, 0)")
    files["tools/wait.py"] = dynamic
    root = make_repo(files)
    assert "DOX008" in _codes(run_cli(root, "check").output)
    (root / "tools/wait.py").write_text(
        dynamic.replace("        seconds =", "        # doxtool: ignore[DOX008]\n        seconds =")
    )
    result = run_cli(root, "check", "--select", "DOX008,DOX9")
    assert result.exit_code == 0, result.output


def test_python_suppressions_in_a_module_whose_lines_end_with_a_lone_cr(make_repo, run_cli) -> None:
    """A lone carriage return ends a line for Python: a comment covers its own
    statement there, and an unused one is reported at its line and fixed."""
    files = clean_files()
    dynamic = WAIT_PY.replace('self.args.get("seconds", 0)', "self.args.get(self.name, 0)")
    used = dynamic.replace(
        "        seconds =", "        # doxtool: ignore[DOX008]\n        seconds ="
    )
    files["tools/wait.py"] = used.replace("\n", "\r").encode()
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "DOX008,DOX9")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    unused = WAIT_PY.replace('"seconds", 0))', '"seconds", 0))  # doxtool: ignore[DOX008]')
    (root / "tools/wait.py").write_bytes(unused.replace("\n", "\r").encode())
    result = run_cli(root, "check", "--select", "DOX008,DOX9")
    assert result.output.splitlines()[0] == (
        "tools/wait.py:6:53: DOX900 unused suppression code `DOX008`: no such finding in the "
        "lines it covers (6-6) [*]"
    )
    assert run_cli(root, "check", "--fix").exit_code == 0
    assert (root / "tools/wait.py").read_bytes() == WAIT_PY.replace("\n", "\r").encode()


# ---------------------------------------------------------------------------
# unused and malformed suppressions are findings


def test_unused_suppression_is_reported_and_fixed(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = WAIT_PY.replace(
        '"seconds", 0))', '"seconds", 0))  # doxtool: ignore[DOX008]  (a reason)'
    )
    files["tools/wait.py.dox.md"] = dox_with_line_before_arguments(
        "<!-- doxtool: ignore[DOX111, PRM] -->"
    )
    root = make_repo(files)
    result = run_cli(root, "check")
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "DOX900" in line]
    assert lines == [
        "tools/wait.py:6:53: DOX900 unused suppression code `DOX008`: no such finding in the "
        "lines it covers (6-6) [*]",
        "tools/wait.py.dox.md:14:1: DOX900 unused suppression codes `DOX111`, `PRM`: no such "
        "finding in the lines it covers (14-16) [*]",
    ]
    fixed = run_cli(root, "check", "--fix")
    assert fixed.exit_code == 0, fixed.output
    # the reason a person gave stays, as a plain comment
    assert (root / "tools/wait.py").read_text() == WAIT_PY.replace(
        '"seconds", 0))', '"seconds", 0))  # (a reason)'
    )
    assert (root / "tools/wait.py.dox.md").read_text() == WAIT_DOX


def test_fix_keeps_the_codes_that_are_used(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    files["tools/wait.py.dox.md"] = dox_with_line_before_arguments(
        "<!-- doxtool: ignore[DOX111,DOX120] -->"
    )
    root = make_repo(files)
    assert _codes(run_cli(root, "check").output) == ["DOX900"]
    assert run_cli(root, "check", "--fix").exit_code == 0
    assert (root / "tools/wait.py.dox.md").read_text() == dox_with_line_before_arguments(
        "<!-- doxtool: ignore[DOX111] -->"
    )


def test_unused_is_judged_by_running_the_rule_even_when_not_selected(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    files["tools/wait.py.dox.md"] = dox_with_line_before_arguments(
        "<!-- doxtool: ignore[DOX111] -->"
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "DOX900")
    assert result.exit_code == 0, result.output


def test_unused_is_not_reported_on_runs_over_paths(make_repo, run_cli) -> None:
    """A run over a few files does not see every finding that lands in them."""
    files = clean_files()
    files["tools/wait.py.dox.md"] = dox_with_line_before_arguments(
        "<!-- doxtool: ignore[DOX111] -->"
    )
    root = make_repo(files)
    assert run_cli(root, "check").exit_code == 1
    assert run_cli(root, "check", "tools/wait.py").exit_code == 0


def test_malformed_suppression_is_reported_and_suppresses_nothing(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    files["tools/wait.py.dox.md"] = dox_with_line_before_arguments("<!-- doxtool: ignore -->")
    root = make_repo(files)
    result = run_cli(root, "check")
    assert result.exit_code == 1
    assert (
        "tools/wait.py.dox.md:14:1: DOX901 malformed suppression comment: `ignore` needs "
        "explicit codes: `ignore[CODE,...]`"
    ) in result.output.splitlines()
    assert "DOX111" in _codes(result.output)
    scoped = run_cli(root, "check", "tools/wait.py.dox.md")
    assert "DOX901" in _codes(scoped.output), "malformed ones are reported on any run"


def test_suppression_findings_obey_select_and_ignore(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py.dox.md"] = dox_with_line_before_arguments(
        "<!-- doxtool: ignore[DOX111] -->\n<!-- doxtool: ignore -->"
    )
    root = make_repo(files)
    assert sorted(_codes(run_cli(root, "check").output)) == ["DOX900", "DOX901"]
    assert run_cli(root, "check", "--ignore", "DOX9").exit_code == 0
    assert _codes(run_cli(root, "check", "--select", "DOX901").output) == ["DOX901"]


_PIECES = st.sampled_from(
    [
        "# doxtool: ignore[DOX008]",
        "<!-- doxtool: ignore[DOX111,PRM] -->",
        "<!-- doxtool: ignore",
        "# doxtool: ignore[",
        "- item",
        "  - nested",
        "```",
        "~~~json",
        "## Heading",
        "x = (",
        '"""',
        "\t",
        "\r",
        "",
        "text",
    ]
)


@settings(deadline=None, max_examples=150)
@given(st.lists(st.one_of(_PIECES, st.text(max_size=8)), max_size=20))
def test_parsing_any_text_never_raises_and_stays_in_the_file(pieces: list[str]) -> None:
    text = "\n".join(pieces)
    for parse in (parse_markdown, parse_python):
        parsed = parse("f", text, _known)
        count = max(1, len(parsed.lines))
        for suppression in parsed.suppressions:
            assert 1 <= suppression.first <= suppression.line <= suppression.last <= count + 1
            assert suppression.codes
        for bad in parsed.malformed:
            assert 1 <= bad.line <= count


def test_a_file_the_run_read_without_naming_doxtool_is_not_read_again(tmp_path) -> None:
    from doxtool.run.suppressions import SuppressionIndex

    (tmp_path / "a.md").write_text("<!-- doxtool: ignore[DOX101] -->\n- x\n")

    def known(code: str) -> bool:
        return code == "DOX101"

    assert SuppressionIndex(tmp_path, known, lambda path: False).of("a.md").suppressions == []
    for mentions in (None, lambda path: None, lambda path: True):
        suppressions = SuppressionIndex(tmp_path, known, mentions).of("a.md").suppressions
        assert [s.codes for s in suppressions] == [["DOX101"]]


def test_the_run_knows_which_files_it_read_name_doxtool(make_repo) -> None:
    from pathlib import Path

    from doxtool.api import load_project
    from doxtool.run.context import Context
    from doxtool.run.prefetch import prefetch

    files = clean_files()
    files["tools/wait.py.dox.md"] = "<!-- doxtool: ignore[DOX101] -->\n" + WAIT_DOX
    root = make_repo(files)
    project = load_project(Path(root))
    ctx = Context(project)
    assert ctx.mentions_doxtool("tools/wait.py") is None  # nothing read yet
    prefetch(ctx, project.documented_modules, 1)
    assert ctx.mentions_doxtool("tools/wait.py") is False
    assert ctx.mentions_doxtool("tools/wait.py.dox.md") is True
    assert ctx.mentions_doxtool("prompts/agent.system.tool.wait.md") is False
    assert ctx.mentions_doxtool("README.md") is None


# ---------------------------------------------------------------------------
# stacked comments, the code a finding uses, the spelling of codes


def test_stacked_markdown_comments_all_cover_the_next_block(make_repo, run_cli) -> None:
    files = clean_files()
    prompt = "prompts/agent.system.tool.wait.md"
    files[prompt] = WAIT_PROMPT.replace('"seconds": 1', '"seconds": [1], "minutes": 2')
    root = make_repo(files)
    assert sorted(_codes(run_cli(root, "check").output)) == ["PRM003", "PRM008"]
    (root / prompt).write_text(
        files[prompt].replace(
            "~~~json",
            "<!-- doxtool: ignore[PRM003] -->\n<!-- doxtool: ignore[PRM008] -->\n~~~json",
        )
    )
    result = run_cli(root, "check")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_stacked_python_comments_all_cover_the_next_statement(make_repo, run_cli) -> None:
    files = clean_files()
    dynamic = WAIT_PY.replace('self.args.get("seconds", 0)', "self.args.get(self.name, 0)")
    files["tools/wait.py"] = dynamic.replace(
        "        seconds =",
        "        # doxtool: ignore[DOX008]\n        # doxtool: ignore[DOX007]\n        seconds =",
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "DOX0,DOX9")
    # the first comment hides DOX008 on line 8; the second names a code with
    # no finding there, and says so on its own line
    assert result.output.splitlines() == [
        "tools/wait.py:7:9: DOX900 unused suppression code `DOX007`: no such finding in the "
        "lines it covers (7-8) [*]",
        "Found 1 finding (1 fixable with `doxtool check --fix`).",
    ]


def test_the_most_specific_code_of_a_comment_is_the_one_used(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    files["tools/wait.py.dox.md"] = dox_with_line_before_arguments(
        "<!-- doxtool: ignore[DOX1,DOX111] -->"
    )
    root = make_repo(files)
    result = run_cli(root, "check")
    assert result.output.splitlines() == [
        "tools/wait.py.dox.md:14:1: DOX900 unused suppression code `DOX1`: no such finding in "
        "the lines it covers (14-16) [*]",
        "Found 1 finding (1 fixable with `doxtool check --fix`).",
    ]
    assert run_cli(root, "check", "--fix").exit_code == 0
    assert (root / "tools/wait.py.dox.md").read_text() == dox_with_line_before_arguments(
        "<!-- doxtool: ignore[DOX111] -->"
    )


def test_a_prefix_is_used_by_a_finding_no_more_specific_code_names(make_repo, run_cli) -> None:
    """Above a wrong `break_loop` line (DOX120), `DOX1` is the code used and `DOX111` is not."""
    files = clean_files()
    files["tools/wait.py.dox.md"] = WAIT_DOX.replace(
        "- `break_loop` of `WaitTool`: always `false`.",
        "<!-- doxtool: ignore[DOX1,DOX111] -->\n- `break_loop` of `WaitTool`: always `true`.",
    )
    root = make_repo(files)
    result = run_cli(root, "check")
    assert result.output.splitlines() == [
        "tools/wait.py.dox.md:16:1: DOX900 unused suppression code `DOX111`: no such finding in "
        "the lines it covers (16-17) [*]",
        "Found 1 finding (1 fixable with `doxtool check --fix`).",
    ]


def test_lower_case_codes_are_malformed_and_suppress_nothing(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    files["tools/wait.py.dox.md"] = dox_with_line_before_arguments(
        "<!-- doxtool: ignore[dox111] -->"
    )
    root = make_repo(files)
    result = run_cli(root, "check")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert (
        "tools/wait.py.dox.md:14:1: DOX901 malformed suppression comment: rule codes are "
        "written in capitals: `DOX111`, not `dox111`"
    ) in lines
    assert "DOX111" in _codes(result.output)
    (root / "tools/wait.py.dox.md").write_text(
        dox_with_line_before_arguments("<!-- doxtool: ignore[DOX111] -->")
    )
    assert run_cli(root, "check").exit_code == 0


def test_codes_in_any_case_but_capitals_are_malformed() -> None:
    text = (
        "<!-- doxtool: ignore[dox111] -->\n"
        "<!-- doxtool: ignore[Prm] -->\n"
        "<!-- doxtool: ignore[DOX111, dox1] -->\n"
        "<!-- doxtool: ignore[nope1] -->\n"
        "<!-- doxtool: ignore[DOX111,PRM] -->\n"
    )
    parsed = parse_markdown("x.md", text, _known)
    assert [(m.line, m.problem) for m in parsed.malformed] == [
        (1, "rule codes are written in capitals: `DOX111`, not `dox111`"),
        (2, "rule codes are written in capitals: `PRM`, not `Prm`"),
        (3, "rule codes are written in capitals: `DOX1`, not `dox1`"),
        (4, "unknown rule code or prefix `nope1` (see `doxtool rules`)"),
    ]
    assert [s.codes for s in parsed.suppressions] == [["DOX111", "PRM"]]
    python = parse_python("m.py", "x = f()  # doxtool: ignore[dox008]\n", _known)
    assert [m.problem for m in python.malformed] == [
        "rule codes are written in capitals: `DOX008`, not `dox008`"
    ]
