"""Names a prompt writes only to forbid them (``args: `text`, not
`reply```, ``the old `msg` argument was removed``) are not taught."""

from __future__ import annotations

from pathlib import Path

from samples import clean_files
from test_prompts import parse_file


def _check(make_repo, run_cli, files: dict[str, str]) -> list[str]:
    root = make_repo({**clean_files(), **files})
    output = run_cli(root, "check", "--select", "PRM").output
    return [line for line in output.splitlines() if not line.startswith(("Found ", "All "))]


def test_names_an_args_line_forbids_are_not_taught(tmp_path: Path) -> None:
    text = (
        "### response\n"
        "args: `text`, not `reply`\n"
        "args: `text`; never `content`\n"
        "args: `text`; the old `msg` argument was removed\n"
        "args: `text`, instead of `body`\n"
        "args: `text`, `title` (deprecated)\n"
        "args: `text`; don't use `html`\n"
        "args: `text` (not `answer`)\n"
        "args: `text`, `detail` of the removed file\n"
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert sorted({a.name for a in doc.arguments}) == ["detail", "text"]
    assert {"reply", "content", "msg", "body", "title", "html"} <= {m.name for m in doc.mentions}


def test_an_argument_item_the_prompt_says_is_removed_is_not_taught(tmp_path: Path) -> None:
    text = "### response\nArguments:\n- `text`: the answer\n- `msg`: removed, send `text`\n"
    doc = parse_file(tmp_path, "p.md", text)
    assert [a.name for a in doc.arguments] == ["text"]


def test_forbidden_names_are_not_reported(make_repo, run_cli) -> None:
    prompt = (
        "### wait\nPause.\nargs: optional `seconds`, not `reply`\n"
        "args: `seconds`; the old `hours` argument was removed\n"
    )
    assert _check(make_repo, run_cli, {"prompts/agent.system.tool.wait.md": prompt}) == []


def test_a_table_row_saying_its_argument_is_gone_teaches_nothing(tmp_path: Path) -> None:
    text = (
        "### wait\n"
        "| argument | meaning |\n"
        "|---|---|\n"
        "| `seconds` | how long |\n"
        "| `hours` | deprecated, use `seconds` |\n"
        "| `ms` | **Removed.** |\n"
        "| `days` | Removed in 2.0; use `seconds` |\n"
        "| `timeout` | not deprecated |\n"
        "| `cleanup` | removed files are kept |\n"
        "| `path` | the file; the removed `file` argument is gone |\n"
        "\n"
        "| argument | type | status |\n"
        "|---|---|---|\n"
        "| `minutes` | integer | legacy |\n"
        "| `until` | string | current |\n"
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert [a.name for a in doc.arguments] == ["seconds", "timeout", "cleanup", "path", "until"]
    # a name no longer taught is still a name of the section's prose
    assert {"hours", "ms", "days", "minutes"} <= {m.name for m in doc.mentions}


def test_a_list_item_saying_its_name_is_gone_teaches_nothing(tmp_path: Path) -> None:
    text = (
        "### wait\n"
        "Arguments:\n"
        "- `seconds`: how long\n"
        "- `hours` (integer): deprecated, use `seconds`\n"
        "- `ms` (legacy): milliseconds\n"
        "- `days` \u2014 no longer read\n"
        "- `timeout` (not deprecated): how long at most\n"
        "- `cleanup`: removed files are kept\n"
        "- `style`: legacy behaviour toggle\n"
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert [a.name for a in doc.arguments] == ["seconds", "timeout", "cleanup", "style"]
    assert [t.name for t in doc.listed] == ["seconds", "timeout", "cleanup", "style"]


def test_gone_rows_and_items_are_not_reported(make_repo, run_cli) -> None:
    prompt = (
        "### wait\nPause.\n\n"
        "| argument | meaning |\n|---|---|\n"
        "| `seconds` | how long |\n| `hours` | deprecated, use `seconds` |\n\n"
        "Arguments:\n- `minutes` (int): removed, use `seconds`\n"
    )
    assert _check(make_repo, run_cli, {"prompts/agent.system.tool.wait.md": prompt}) == []
    # the same rows without the word are taught, and reported
    taught = prompt.replace("deprecated, use", "how many").replace("removed, use", "or")
    assert len(_check(make_repo, run_cli, {"prompts/agent.system.tool.wait.md": taught})) == 2


def test_a_list_of_tools_leaves_out_a_tool_it_says_is_gone(make_repo, run_cli) -> None:
    listing = (
        "## memory tools\n"
        "- `wait`: args optional `seconds`\n"
        "- `memory_delete` (removed): arg `ids`\n"
    )
    path = "prompts/agent.system.tool.memory.md"
    assert _check(make_repo, run_cli, {path: listing}) == []
    kept = {path: listing.replace(" (removed)", "")}
    found = _check(make_repo, run_cli, kept)
    assert any("PRM002" in line and "`memory_delete`" in line for line in found)


def test_a_gone_word_inside_a_hyphenated_word_is_no_mark() -> None:
    """``legacy-compatible``, ``legacy-free``, ``non-legacy``: the name is current."""
    from doxtool.prompts.negation import forbids, says_gone

    for text in ("(legacy-compatible): args `text`", "legacy-free", "(non-legacy)"):
        assert not says_gone(text)
        assert not forbids("", " " + text)
    assert says_gone("(legacy)") and forbids("", " (legacy)")


def test_an_item_telling_not_to_send_its_name_teaches_nothing(tmp_path: Path) -> None:
    text = (
        "### response\n"
        "Arguments:\n"
        "- `text`: the answer\n"
        "- `markdown`: do not use this argument, it is ignored\n"
        "- `html`: ignored\n"
        "- `attachments` (not supported)\n"
        "- `title` \u2014 do not use\n"
        "- `format`: never set this\n"
        "- `color`: must not be used\n"
        "- `path`: never set this to a directory\n"
        "- `mode`: ignored unless `text` is empty\n"
        "- `lang`: the language; do not use regional variants\n"
        "\n"
        "| argument | required | note |\n"
        "|---|---|---|\n"
        "| `files` | no | not supported by this profile \u2014 do not use |\n"
        "| `style` | no | the style, do not use bold |\n"
        "| `retries` | no | not supported yet |\n"
        "| `proxy` | no | **not yet implemented** |\n"
        "| `cache` | no | not implemented for binary pages |\n"
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert [a.name for a in doc.arguments] == ["text", "path", "mode", "lang", "style", "cache"]


def test_items_telling_not_to_send_a_name_are_not_reported(make_repo, run_cli) -> None:
    prompt = (
        "### wait\nPause.\n\nArguments:\n- `seconds`: how long\n"
        "- `hours`: do not use this argument, it is ignored\n- `ms` (not supported)\n"
    )
    assert _check(make_repo, run_cli, {"prompts/agent.system.tool.wait.md": prompt}) == []
    taught = prompt.replace("do not use this argument, it is ignored", "how many hours")
    assert [
        line.split(" ", 2)[1]
        for line in _check(make_repo, run_cli, {"prompts/agent.system.tool.wait.md": taught})
    ] == ["PRM003"]


def test_names_forbidden_in_another_language_are_not_taught(tmp_path: Path) -> None:
    text = (
        "### response\n"
        "args: `text`, nicht `reply`\n"
        "args: `text`; `title` (veraltet)\n"
        "args: `text`, au lieu de `body`\n"
        "args: `text`, en lugar de `html`\n"
        "args: `text`, \u4e0d\u8981\u7528 `content`\n"  # 不要用
        "args: `text`; `msg`\uff08\u5df2\u5f03\u7528\uff09\n"  # （已弃用）
        "args: `text`, `detail` (entfernt die Leerzeichen)\n"
        "\n| Argument | Typ |\n|---|---|\n| `mode` | veraltet |\n"
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert sorted({a.name for a in doc.arguments}) == ["detail", "text"]
    forbidden = {"reply", "title", "body", "html", "content", "msg", "mode"}
    assert forbidden <= {m.name for m in doc.mentions}


def test_a_name_marked_not_there_yet_is_not_taught(tmp_path: Path) -> None:
    """A name marked as coming (``(coming soon)``, ``— planned``) or struck
    out (``~~`hours`~~``) is no argument the tool must read; a description
    that opens with such a word (``planned, active or done``) is no mark."""
    text = (
        "### wait\n"
        "args: `seconds`, ~~`hours`~~, optional `until`\n"
        "Arguments:\n"
        "- `weeks` (coming soon): how many weeks\n"
        "- `jitter` \u2014 planned: random extra seconds\n"
        "- `unit` (planned for 2.0): the unit\n"
        "- `extra`: planned\n"
        "- `mode`: planned, active or done\n"
        "- `when`: the upcoming event\n"
        "\n"
        "| argument | meaning | status |\n"
        "|---|---|---|\n"
        "| `days` | how many days | planned |\n"
        "| `label` | a planned label | ok |\n"
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert [a.name for a in doc.arguments] == ["seconds", "until", "mode", "when", "label"]


def test_names_marked_not_there_yet_are_not_reported(make_repo, run_cli) -> None:
    """PRM003 said an argument the prompt marks as coming was never read, and
    PRM002 that a tool a list marks so did not exist."""
    prompt = (
        "### wait\nPause.\nargs: optional `seconds`, ~~`hours`~~\n\n"
        "Arguments:\n- `seconds`: how long\n- `jitter` (coming soon): extra seconds\n\n"
        "Related tools:\n- `wait`: args `seconds`\n- `sleep_until`: args `until` (coming soon)\n"
        "- `timer`: args `seconds` \u2014 planned\n- `snooze` (not yet released): args `minutes`\n"
    )
    assert _check(make_repo, run_cli, {"prompts/agent.system.tool.wait.md": prompt}) == []
    taught = (
        prompt.replace("~~`hours`~~", "`hours`")
        .replace(" (coming soon)", "")
        .replace(" \u2014 planned", "")
        .replace(" (not yet released)", "")
    )
    found = _check(make_repo, run_cli, {"prompts/agent.system.tool.wait.md": taught})
    assert [line.split(" ", 3)[1:3] for line in found] == [
        ["PRM003", "argument"],
        ["PRM003", "argument"],
        ["PRM002", "prompt"],
        ["PRM002", "prompt"],
        ["PRM002", "prompt"],
    ]


def test_a_name_marked_not_there_yet_in_another_language_is_not_taught(tmp_path: Path) -> None:
    text = (
        "### wait\n"
        "Arguments:\n"
        "- `seconds`: Sekunden\n"
        "- `minutes` (demn\u00e4chst): Minuten\n"
        "- `hours` (bient\u00f4t) : heures\n"
        "- `days` (pr\u00f3ximamente): d\u00edas\n"
        "- `weeks`\uff08\u5373\u5c06\u63a8\u51fa\uff09\uff1a\u5468\u6570\n"  # （即将推出）：周数
        "- `months` \u2014 \u0441\u043a\u043e\u0440\u043e\n"  # — скоро
        "- `label`: geplante Bezeichnung\n"
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert [a.name for a in doc.arguments] == ["seconds", "label"]


def test_a_description_opening_with_a_not_yet_word_in_parentheses_is_taught(
    tmp_path: Path,
) -> None:
    """``(upcoming event time)``, ``(to be added to the issue)``: a
    description in parentheses opening with such a word says what the
    argument is, not that it is coming (the argument was not taught, and
    PRM003 said nothing of a tool that never reads it); ``(planned for
    2.0)``, ``(coming soon)``, ``(planned: v2)`` still mark it."""
    text = (
        "### wait\n"
        "args: `seconds`, `until` (upcoming event time), `labels` (to be added to the issue)\n"
        "Arguments:\n"
        "- `start` (planned start, ISO 8601): when\n"
        "- `status` (planned, active or done)\n"
        "- `step` (planned in advance)\n"
        "- `unit` (planned for 2.0): the unit\n"
        "- `tags` (to be added in a later release)\n"
        "- `weeks` (coming soon)\n"
        "- `days` (planned: v2)\n"
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert [a.name for a in doc.arguments] == [
        "seconds",
        "until",
        "labels",
        "start",
        "status",
        "step",
    ]


def test_a_default_cell_of_a_word_that_marks_a_name_is_a_value(make_repo, run_cli) -> None:
    """In a table's ``default`` column, ``planned`` or ``legacy`` is the
    argument's default value, no mark saying it is not there yet or gone:
    PRM003 was silent on `status`, which the tool never reads. The same
    word in another column still marks its row (`hours`)."""
    prompt = (
        "### wait\nPause.\n\n| name | **Default** | description |\n|---|---|---|\n"
        "| `seconds` | 0 | how long |\n| `status` | planned | the state to report |\n"
        "| `mode` | legacy | how to wait |\n| `hours` | | planned |\n"
    )
    found = _check(make_repo, run_cli, {"prompts/agent.system.tool.wait.md": prompt})
    assert [line.split(": ", 1)[1].split(" but ")[0] for line in found] == [
        "PRM003 argument `status` is taught for `wait`",
        "PRM003 argument `mode` is taught for `wait`",
    ]


def test_a_default_cell_saying_more_than_a_value_still_marks_its_row(make_repo, run_cli) -> None:
    """A cell of the ``default`` column saying more than one value,
    ``(coming soon)``, ``(removed)``, ``— not yet released``, marks its
    row as not there yet or gone, as in another column: PRM003 said `hours`,
    `until` and `at` were taught. A word alone is still a value (`status`)."""
    prompt = (
        "### wait\nPause.\n\n| name | default | description |\n|---|---|---|\n"
        "| `seconds` | 0 | how long |\n| `hours` | (coming soon) | pause in hours |\n"
        "| `until` | (removed) | a time |\n| `at` | \u2014 not yet released | a time |\n"
        "| `status` | planned | the state to report |\n"
    )
    found = _check(make_repo, run_cli, {"prompts/agent.system.tool.wait.md": prompt})
    assert [line.split(": ", 1)[1].split(" but ")[0] for line in found] == [
        "PRM003 argument `status` is taught for `wait`",
    ]


def test_an_item_or_heading_telling_not_to_call_its_tool_teaches_it_not(make_repo, run_cli) -> None:
    """``### search: never call from here`` and ``- `search`: do not call it``
    in another tool's prompt tell the model not to call `search`: with no
    other prompt teaching it, `search` is taught by none (PRM001)."""
    search = clean_files()["tools/wait.py"].replace("WaitTool", "SearchTool")
    untaught = (
        "tools/search.py:4:1: PRM001 tool `search` has no prompt in `prompts/`; the model "
        "is never taught to call it (add `prompts/agent.system.tool.search.md`, or list it "
        "in `internal-tools`)"
    )
    wait = clean_files()["prompts/agent.system.tool.wait.md"]
    for line, found in (
        ("### search: never call from here", [untaught]),
        ("### search \u2014 do not call directly", [untaught]),
        ("- `search`: never call it from here", [untaught]),
        ("- **search** \u2014 never invoke this tool", [untaught]),
        # a rule on how to call it still teaches it
        ("- `search`: never call it with an empty query", []),
        ("### search: never call from here\nargs: `seconds`", [untaught]),
    ):
        files = {
            "tools/search.py": search,
            "prompts/agent.system.tool.wait.md": f"{wait}\n{line}\n",
        }
        assert [x for x in _check(make_repo, run_cli, files) if "PRM001" in x] == found, line


def test_a_rule_on_when_not_to_call_a_tool_still_teaches_it(make_repo, run_cli) -> None:
    """A line telling not to call a tool under a condition (``when offline,
    do not call it``, ``never run it, unless the user asks``) restricts it:
    the item or heading still teaches `search`, so PRM001 says nothing."""
    search = clean_files()["tools/wait.py"].replace("WaitTool", "SearchTool")
    wait = clean_files()["prompts/agent.system.tool.wait.md"]
    for line in (
        "- `search`: searches the web; when offline, do not call it",
        "- `search`: web search. If the answer is in memory, don't call it.",
        "- `search`: clears the cache. Never run it, unless the user asks.",
        "- `search`: clears the cache. Never run it (unless the user asks).",
        "### search: for local files, never call it\nFinds pages on the web.",
    ):
        files = {
            "tools/search.py": search,
            "prompts/agent.system.tool.wait.md": f"{wait}\n{line}\n",
        }
        assert [x for x in _check(make_repo, run_cli, files) if "PRM001" in x] == [], line


def test_never_run_it_past_a_tools_description_runs_what_it_speaks_of(make_repo, run_cli) -> None:
    """``- `search`: fetches a file; never run it`` tells not to run the file:
    `search` is still taught (PRM001 silent); ``do not call it`` there, and
    ``never run it`` opening the description, still tell not to call it."""
    search = clean_files()["tools/wait.py"].replace("WaitTool", "SearchTool")
    wait = clean_files()["prompts/agent.system.tool.wait.md"]
    for line, reported in (
        ("- `search`: fetches a file into the work folder; never run it", False),
        ("- `search`: runs code in a sandbox. Untrusted code: never run it.", False),
        ("| tool | use |\n|---|---|\n| `search` | fetches a file; never run it |", False),
        ("- `search`: internal helper. Do not call it.", True),
        ("- `search`: never run it", True),
    ):
        files = {
            "tools/search.py": search,
            "prompts/agent.system.tool.wait.md": f"{wait}\n{line}\n",
        }
        found = [x for x in _check(make_repo, run_cli, files) if "PRM001" in x]
        assert len(found) == reported, line
