"""A person's words on the one-line fact lines: a clause after a list's
items (`` when `text` is blank``, `` — see `helpers/wait.py` ``, ``, and
`x` comes from `y` ``), names grouped in a parenthetical under a module
(`` `helpers.files` (`read_file`, `write_file`) ``), a qualified error name,
a subtitle after a companion's title. None of them is read as an item or
reported, and ``--fix`` keeps every word of them."""

from __future__ import annotations

from pathlib import Path

from samples import WRAPPER

ANSWER_PY = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


class Answer(Tool):
    async def execute(self, text: str = "", **kwargs) -> Response:
        if not text.strip():
            raise RepairableException("empty answer")
        return Response(message=text, break_loop=True)
"""

WAIT_PY = """\
from helpers.tool import Response, Tool
from helpers.wait import managed_wait


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        await managed_wait(self.agent)
        text = self.agent.read_prompt("fw.wait_complete.md")
        return Response(message=text, break_loop=False)
"""

WAIT_HELPER = "async def managed_wait(agent):\n    return None\n"

FILES_PY = """\
from helpers import files
from helpers.tool import Response, Tool


class FilesTool(Tool):
    async def execute(self, path: str = "", **kwargs) -> Response:
        full = files.get_abs_path(path)
        text = files.read_file(full)
        files.write_file(full + ".bak", text)
        files.delete_file(full)
        return Response(message=text, break_loop=False)
"""

FILES_HELPER = """\
def get_abs_path(path):
    return path


def read_file(path):
    return ""


def write_file(path, text):
    return None


def delete_file(path):
    return None
"""

FETCH_PY = """\
from helpers.tool import Response, Tool


class TimeoutMixin:
    timeout = 5


class Fetch(TimeoutMixin, Tool):
    async def execute(self, url: str = "", **kwargs) -> Response:
        return Response(message=url, break_loop=False)
"""

ERRORS_LEAD = "- Repairable errors raised by `Answer`:"
HELPERS_LEAD = "- Important called helpers/classes observed in the source:"
IMPORTS_LEAD = "- Imported dependency areas include:"


def _prompt(key: str) -> str:
    return f'### {key}\nUse it.\n~~~json\n{{"tool_name": "{key}", "tool_args": {{}}}}\n~~~\n'


def _repo(make_repo, run_cli, module: str, source: str, **others: str) -> Path:
    """A repository holding ``tools/<module>.py``, its companion as
    ``check --fix`` writes it, and ``others`` (path -> text)."""
    root: Path = make_repo(
        {
            f"tools/{module}.py": source,
            "prompts/agent.system.tools.md": WRAPPER,
            f"prompts/agent.system.tool.{module}.md": _prompt(module),
            **others,
        }
    )
    run_cli(root, "check", "--fix", "--no-cache")
    return root


def _set_line(companion: Path, lead: str, line: str) -> None:
    """Replace the line of ``companion`` that starts with ``lead`` by ``line``."""
    lines = companion.read_text().splitlines(keepends=True)
    at = next(i for i, text in enumerate(lines) if text.startswith(lead))
    lines[at] = line + "\n"
    companion.write_text("".join(lines))


def _findings(run_cli, root: Path, code: str) -> list[str]:
    output = run_cli(root, "check", "--no-cache").output
    return [line for line in output.splitlines() if f" {code} " in line]


def _fixed(run_cli, root: Path, companion: Path) -> str:
    run_cli(root, "check", "--fix", "--no-cache")
    return companion.read_text()


# --- the list and the clause after it ---------------------------------------


def test_split_clause_ends_the_items_where_words_start() -> None:
    from doxtool.companions.factlines import split_clause

    assert split_clause("`RepairableException` when `text` is blank") == (
        "`RepairableException`",
        " when `text` is blank",
    )
    assert split_clause("`a`, `self.agent.read_prompt` — see `helpers/wait.py` for details") == (
        "`a`, `self.agent.read_prompt`",
        " — see `helpers/wait.py` for details",
    )
    assert split_clause("`a`, `helpers.wait`: the loop is in `helpers/wait.py`") == (
        "`a`, `helpers.wait`",
        ": the loop is in `helpers/wait.py`",
    )
    # items between separators, groups and parentheticals: all items
    for sentence in (
        "`a`, `b` and `c`",
        "`a`, `b`, and `c`",
        "`a` or `b`",
        "`a` (i.e. `b`), `c`",
        "`a`, `b` (public); `_c` (private)",
        "`helpers.files` (`read_file`, `write_file`), `Response`",
        "**`a`**, `b`",
    ):
        assert split_clause(sentence) == (sentence, ""), sentence
    # words before any item: no list to end (``none``; not a fact line)
    assert split_clause("none") == ("none", "")
    assert split_clause("only `a`") == ("only `a`", "")
    # text glued to an item, or a stray backtick (an empty name renders as
    # two), opens no clause: every span is read as before
    assert split_clause("`a`s, `b`") == ("`a`s, `b`", "")
    assert split_clause("`a`, ``") == ("`a`, ``", "")
    assert split_clause("`a`—see `b`") == ("`a`", "—see `b`")
    # on a line the list is wrapped onto, words first open the clause
    assert split_clause("see `b`", seen=True) == ("", "see `b`")


# --- DOX121: the repairable errors line -----------------------------------------


def test_words_after_the_errors_are_kept(make_repo, run_cli) -> None:
    root = _repo(make_repo, run_cli, "answer", ANSWER_PY)
    companion = root / "tools" / "answer.py.dox.md"
    assert f"{ERRORS_LEAD} `RepairableException`.\n" in companion.read_text()
    for line in (
        f"{ERRORS_LEAD} `RepairableException` when `text` is blank.",
        f"{ERRORS_LEAD} `RepairableException` for a blank `text`.",
        f"{ERRORS_LEAD} `RepairableException` when both `text` and `message` are blank.",
        f"{ERRORS_LEAD} `RepairableException` when text is blank.",
        f"{ERRORS_LEAD} `helpers.errors.RepairableException`.",
        f"{ERRORS_LEAD} `errors.RepairableException` when `text` is blank.",
    ):
        _set_line(companion, ERRORS_LEAD, line)
        assert _findings(run_cli, root, "DOX121") == [], line
        assert f"\n{line}\n" in _fixed(run_cli, root, companion), line


def test_a_wrong_error_is_rewritten_with_the_words_after_it(make_repo, run_cli) -> None:
    root = _repo(make_repo, run_cli, "answer", ANSWER_PY)
    companion = root / "tools" / "answer.py.dox.md"
    for written, fixed in (
        (
            f"{ERRORS_LEAD} `OtherError` when `text` is blank. More words.",
            f"{ERRORS_LEAD} `RepairableException` when `text` is blank. More words.",
        ),
        (
            f"{ERRORS_LEAD} `OtherError`, `RepairableException` when text is blank.",
            f"{ERRORS_LEAD} `RepairableException` when text is blank.",
        ),
    ):
        _set_line(companion, ERRORS_LEAD, written)
        assert len(_findings(run_cli, root, "DOX121")) == 1, written
        assert f"\n{fixed}\n" in _fixed(run_cli, root, companion), written


def test_a_qualified_name_of_another_class_is_still_wrong(make_repo, run_cli) -> None:
    root = _repo(make_repo, run_cli, "answer", ANSWER_PY)
    companion = root / "tools" / "answer.py.dox.md"
    for line in (
        f"{ERRORS_LEAD} `helpers.other.RepairableException`.",
        f"{ERRORS_LEAD} `helpers.errors.Other`.",
        f"{ERRORS_LEAD} `RepairableException`, `ValueError`.",
    ):
        _set_line(companion, ERRORS_LEAD, line)
        found = _findings(run_cli, root, "DOX121")
        assert len(found) == 1 and "out of date" in found[0], line


# --- DOX130, DOX131: helpers and imports lines -----------------------------------


def _wait_repo(make_repo, run_cli) -> tuple[Path, Path]:
    root = _repo(make_repo, run_cli, "wait", WAIT_PY, **{"helpers/wait.py": WAIT_HELPER})
    return root, root / "tools" / "wait.py.dox.md"


def test_names_in_a_clause_after_the_list_are_no_items(make_repo, run_cli) -> None:
    root, companion = _wait_repo(make_repo, run_cli)
    text = companion.read_text()
    assert f"{HELPERS_LEAD} `managed_wait`, `Response`, `self.agent.read_prompt`.\n" in text, text
    assert f"{IMPORTS_LEAD} `helpers.tool`, `helpers.wait`.\n" in text, text
    generated = {
        lead: text.split(lead, 1)[1].split("\n", 1)[0] for lead in (HELPERS_LEAD, IMPORTS_LEAD)
    }
    for lead, line in (
        (
            HELPERS_LEAD,
            f"{HELPERS_LEAD} `managed_wait`, `Response`, `self.agent.read_prompt` — see "
            "`helpers/wait.py` for details.",
        ),
        (
            HELPERS_LEAD,
            f"{HELPERS_LEAD} `Response`, `self.agent.read_prompt`, and `managed_wait` comes "
            "from `helpers.wait`.",
        ),
        (
            HELPERS_LEAD,
            f"{HELPERS_LEAD} `Response` and `self.agent.read_prompt` — `managed_wait` is in "
            "`helpers.wait`.",
        ),
        (
            IMPORTS_LEAD,
            f"{IMPORTS_LEAD} `helpers.tool`, `helpers.wait` — the wait loop itself is in "
            "`helpers/wait.py`.",
        ),
        (
            IMPORTS_LEAD,
            f"{IMPORTS_LEAD} `helpers.tool`, `helpers.wait`: see `helpers.wait.managed_wait`.",
        ),
    ):
        _set_line(companion, lead, line)
        output = run_cli(root, "check", "--no-cache").output
        assert " DOX130 " not in output and " DOX131 " not in output, (line, output)
        assert f"\n{line}\n" in _fixed(run_cli, root, companion), line
        _set_line(companion, lead, lead + generated[lead])


def test_a_list_with_a_clause_is_still_judged(make_repo, run_cli) -> None:
    root, companion = _wait_repo(make_repo, run_cli)
    # a stale item before the clause is reported and removed, the clause kept
    _set_line(
        companion,
        IMPORTS_LEAD,
        f"{IMPORTS_LEAD} `json`, `helpers.tool`, `helpers.wait` — the loop is in "
        "`helpers/wait.py`.",
    )
    found = _findings(run_cli, root, "DOX131")
    assert len(found) == 1 and "no longer imports `json`" in found[0], found
    assert (
        f"\n{IMPORTS_LEAD} `helpers.tool`, `helpers.wait` — the loop is in `helpers/wait.py`.\n"
        in _fixed(run_cli, root, companion)
    )
    # a missing one is inserted before the clause
    _set_line(
        companion,
        IMPORTS_LEAD,
        f"{IMPORTS_LEAD} `helpers.tool` — the loop is in `helpers/wait.py`.",
    )
    found = _findings(run_cli, root, "DOX131")
    assert len(found) == 1 and "imports `helpers.wait`" in found[0], found
    assert (
        f"\n{IMPORTS_LEAD} `helpers.tool`, `helpers.wait` — the loop is in `helpers/wait.py`.\n"
        in _fixed(run_cli, root, companion)
    )
    # items joined by ``and`` are all items: a stale one among them is reported
    _set_line(
        companion,
        HELPERS_LEAD,
        f"{HELPERS_LEAD} `managed_wait`, `Response`, `self.agent.read_prompt` and `gone`.",
    )
    found = _findings(run_cli, root, "DOX130")
    assert len(found) == 1 and "no longer calls or names `gone`" in found[0], found


def test_a_name_that_lost_a_backtick_stays_and_a_second_fix_changes_nothing(
    make_repo, run_cli
) -> None:
    """`` `helpers.tool`, helpers.wait` ``: the unparsed rest after the items
    is the person's words; the fix adds the missing item before them, and a
    second ``check --fix`` reads its line back as the block and changes nothing."""
    root, companion = _wait_repo(make_repo, run_cli)
    _set_line(companion, IMPORTS_LEAD, f"{IMPORTS_LEAD} `helpers.tool`, helpers.wait`.")
    once = _fixed(run_cli, root, companion)
    assert f"\n{IMPORTS_LEAD} `helpers.tool`, `helpers.wait`, helpers.wait`.\n" in once, once
    assert once.count(IMPORTS_LEAD) == 1, once
    assert _fixed(run_cli, root, companion) == once
    assert _findings(run_cli, root, "DOX131") == []


# --- DOX130: names grouped under their module ------------------------------------


def test_names_grouped_under_their_module_are_listed(make_repo, run_cli) -> None:
    root = _repo(make_repo, run_cli, "files_tool", FILES_PY, **{"helpers/files.py": FILES_HELPER})
    companion = root / "tools" / "files_tool.py.dox.md"
    for module in ("helpers.files", "files"):
        line = (
            f"{HELPERS_LEAD} `{module}` (`read_file`, `write_file`, `delete_file`, "
            "`get_abs_path`), `Response`."
        )
        _set_line(companion, HELPERS_LEAD, line)
        assert _findings(run_cli, root, "DOX130") == [], line
        assert f"\n{line}\n" in _fixed(run_cli, root, companion), line
    # one left out of the group is missing; the grouping is kept (no rewrite)
    line = f"{HELPERS_LEAD} `helpers.files` (`read_file`, `write_file`, `delete_file`), `Response`."
    _set_line(companion, HELPERS_LEAD, line)
    found = _findings(run_cli, root, "DOX130")
    assert len(found) == 1 and "calls `get_abs_path`" in found[0], found
    assert f"\n{line}\n" in _fixed(run_cli, root, companion)
    # a parenthetical of words names no member
    line = (
        f"{HELPERS_LEAD} `helpers.files` (not `read_file`, `write_file`, `delete_file`, "
        "`get_abs_path`), `Response`."
    )
    _set_line(companion, HELPERS_LEAD, line)
    assert len(_findings(run_cli, root, "DOX130")) == 4


# --- DOX101: a subtitle after the title -------------------------------------------


def test_a_subtitle_after_the_title_is_a_persons(make_repo, run_cli) -> None:
    root = _repo(make_repo, run_cli, "answer", ANSWER_PY)
    companion = root / "tools" / "answer.py.dox.md"
    for title in (
        "# answer.py DOX — answering the user",
        "# answer.py DOX (tools)",
        "# answer.py DOX: answering",
        "# [answer.py](answer.py) DOX",
        "# [`answer.py`](./answer.py) DOX — answering the user",
    ):
        _set_line(companion, "# ", title)
        assert _findings(run_cli, root, "DOX101") == [], title
        assert _fixed(run_cli, root, companion).startswith(title + "\n"), title
    _set_line(companion, "# ", "# reply.py DOX — answering the user")
    found = _findings(run_cli, root, "DOX101")
    assert len(found) == 1 and "should be `# answer.py DOX — answering the user`" in found[0]
    assert _fixed(run_cli, root, companion).startswith("# answer.py DOX — answering the user\n")
    for title in ("# answer.py DOXes", "# answer.py DOX —"):
        _set_line(companion, "# ", title)
        found = _findings(run_cli, root, "DOX101")
        assert len(found) == 1 and "should be `# answer.py DOX` [*]" in found[0], found
        assert _fixed(run_cli, root, companion).startswith("# answer.py DOX\n"), title


def test_a_title_of_a_person_s_own_words_is_replaced_by_an_unsafe_fix_only(
    make_repo, run_cli
) -> None:
    root = _repo(make_repo, run_cli, "answer", ANSWER_PY)
    companion = root / "tools" / "answer.py.dox.md"
    _set_line(companion, "# ", "# Answer tool: replies to the user")
    found = _findings(run_cli, root, "DOX101")
    assert len(found) == 1 and "should be `# answer.py DOX`" in found[0], found
    assert "[*]" not in found[0]
    assert _fixed(run_cli, root, companion).startswith("# Answer tool: replies to the user\n")
    run_cli(root, "check", "--fix", "--unsafe-fixes", "--no-cache")
    assert companion.read_text().startswith("# answer.py DOX\n")


# --- the "is a" line of a tool class with a mixin ---------------------------------


def test_the_is_a_line_names_the_tool_base_after_a_mixin(make_repo, run_cli) -> None:
    root = _repo(make_repo, run_cli, "fetch", FETCH_PY)
    companion = root / "tools" / "fetch.py.dox.md"
    text = companion.read_text()
    assert "- `Fetch` is a `Tool`.\n" in text, text
    assert "is a `TimeoutMixin`" not in text
    # a person's line naming either base is true
    for line in ("- `Fetch` is a `TimeoutMixin`.", "- `Fetch` is a `helpers.tool.Tool`."):
        _set_line(companion, "- `Fetch` is a ", line)
        assert _findings(run_cli, root, "DOX106") == [], line
        assert f"\n{line}\n" in _fixed(run_cli, root, companion), line


def test_an_item_naming_parts_of_an_imported_module_is_not_stale(make_repo, run_cli) -> None:
    """``_model_config`` for ``from plugins._model_config.helpers.model_config
    import f`` (or ``helpers`` for ``from helpers.tool import Tool``): the
    module still imports from there, so the item is no stale one; a part
    that only starts or ends a name (``model``, ``config``) is no part."""
    source = WAIT_PY.replace(
        "from helpers.wait import managed_wait\n",
        "from helpers.wait import managed_wait\n"
        "from plugins._model_config.helpers.model_config import get_model\n",
    )
    root = _repo(
        make_repo,
        run_cli,
        "wait",
        source,
        **{
            "helpers/wait.py": WAIT_HELPER,
            "plugins/_model_config/helpers/model_config.py": "def get_model():\n    return 1\n",
        },
    )
    companion = root / "tools" / "wait.py.dox.md"
    derived = "`helpers.tool`, `helpers.wait`, `plugins._model_config.helpers.model_config`"
    assert f"{IMPORTS_LEAD} {derived}.\n" in companion.read_text()
    _set_line(companion, IMPORTS_LEAD, f"{IMPORTS_LEAD} {derived}, `_model_config`, `helpers`.")
    assert _findings(run_cli, root, "DOX131") == []
    _set_line(companion, IMPORTS_LEAD, f"{IMPORTS_LEAD} {derived}, `model`, `json`.")
    found = _findings(run_cli, root, "DOX131")
    assert sorted(line.split(" DOX131 ", 1)[1].split(" (")[0] for line in found) == [
        "`tools/wait.py` no longer imports `json`",
        "`tools/wait.py` no longer imports `model`",
    ], found
