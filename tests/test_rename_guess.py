"""DOX001 / DOX002: the companion of a module gone is guessed to belong to at
most one module without a companion, and that module to at most one of them."""

from __future__ import annotations

import pytest
from samples import clean_files

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

FINISH_PY = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


class Finish(Tool):
    async def execute(self, **kwargs) -> Response:
        summary = str(kwargs.get("summary", "")).strip()
        if not summary:
            raise RepairableException("task_done needs a `summary`.")
        should_stop = str(kwargs.get("handoff", True)).lower() not in ("false", "no")
        return Response(message=summary, break_loop=should_stop)
"""

TASK_DONE_DOX = """\
# task_done.py DOX

## Purpose
- Own the `task_done.py` agent tool: report a finished task with a `summary`.

## Runtime Contracts
- `TaskDone` is a `Tool`.
- Arguments of `TaskDone`:
  - `summary`: required string. What was finished.
  - `handoff`: optional boolean. Only `false` or `no` keep the turn going.
- `break_loop` of `TaskDone`: `should_stop`.
- Repairable errors raised by `TaskDone`: `RepairableException`.
"""

NOTIFY_USER_DOX = """\
# notify_user.py DOX

## Purpose
- Own the `notify_user.py` agent tool: show a notification through `agent.notify`.

## Runtime Contracts
- `NotifyUserTool` is a `Tool`.
- Arguments of `NotifyUserTool`:
  - `title`: optional string. Short title.
  - `detail`: optional string. Longer text.
  - `priority`: optional integer, default `10`.
- It calls `self.agent.handle_intervention()`, then `self.agent.notify(Notification(...))`.
"""

SELECT = ("check", "--no-cache", "--select", "DOX001,DOX002")
FIXABLE = "(1 fixable with `doxtool check --fix`)"
GONE = "which does not exist; delete it or restore the module"


def test_two_companions_of_modules_gone_are_not_both_sent_to_one_module(make_repo, run_cli) -> None:
    # task_done.py renamed to finish.py, notify_user.py deleted
    files = {
        **clean_files(),
        "tools/finish.py": FINISH_PY,
        "tools/task_done.py.dox.md": TASK_DONE_DOX,
        "tools/notify_user.py.dox.md": NOTIFY_USER_DOX,
    }
    root = make_repo(files)
    result = run_cli(root, *SELECT)
    assert result.output == (
        "tools/finish.py:1:1: DOX001 module has no companion `tools/finish.py.dox.md`; "
        "`tools/task_done.py.dox.md` probably belongs to it (rename it)\n"
        f"tools/notify_user.py.dox.md:1:1: DOX002 companion of `tools/notify_user.py`, {GONE}\n"
        "tools/task_done.py.dox.md:1:1: DOX002 companion of `tools/task_done.py`, which "
        "does not exist; it probably belongs to `tools/finish.py` (rename it)\n"
        "Found 3 findings.\n"
    )


def test_a_module_unlike_the_only_companion_of_a_module_gone_is_no_rename(
    make_repo, run_cli
) -> None:
    files = {
        **clean_files(),
        "tools/finish.py": FINISH_PY,
        "tools/notify_user.py.dox.md": NOTIFY_USER_DOX,
    }
    root = make_repo(files)
    result = run_cli(root, *SELECT)
    assert result.output == (
        "tools/finish.py:1:1: DOX001 module has no companion `tools/finish.py.dox.md` [*]\n"
        f"tools/notify_user.py.dox.md:1:1: DOX002 companion of `tools/notify_user.py`, {GONE}\n"
        f"Found 2 findings {FIXABLE}.\n"
    )


def test_a_tie_guesses_no_rename(make_repo, run_cli) -> None:
    # two companions alike, of modules gone, and one module like both
    files = {
        **clean_files(),
        "tools/sleep.py": WAIT_PY.replace("WaitTool", "SleepTool"),
        "tools/first.py.dox.md": WAIT_DOX.replace("wait.py", "first.py"),
        "tools/second.py.dox.md": WAIT_DOX.replace("wait.py", "second.py"),
    }
    root = make_repo(files)
    result = run_cli(root, *SELECT)
    assert result.output == (
        f"tools/first.py.dox.md:1:1: DOX002 companion of `tools/first.py`, {GONE}\n"
        f"tools/second.py.dox.md:1:1: DOX002 companion of `tools/second.py`, {GONE}\n"
        "tools/sleep.py:1:1: DOX001 module has no companion `tools/sleep.py.dox.md` [*]\n"
        f"Found 3 findings {FIXABLE}.\n"
    )


def test_an_edit_making_a_module_like_a_companion_of_a_module_gone_is_seen(
    make_repo, run_cli
) -> None:
    # the incremental check after an edit gives what a full one does
    files = {
        **clean_files(),
        "tools/finish.py": WAIT_PY.replace("WaitTool", "Finish"),
        "tools/task_done.py.dox.md": TASK_DONE_DOX,
    }
    root = make_repo(files)
    first = run_cli(root, "check", "--select", "DOX001,DOX002")
    assert "(rename it)" not in first.output
    (root / "tools/finish.py").write_text(FINISH_PY, encoding="utf-8")
    again = run_cli(root, "check", "--select", "DOX001,DOX002")
    assert again.output == run_cli(root, *SELECT).output
    assert again.output.count("(rename it)") == 2


def _rename_scaffolded(root, old: str, new: str) -> None:
    """Rename a scaffolded tool's module and class, as a person would."""
    old_class, new_class = (n.title().replace("_", "") + "Tool" for n in (old, new))
    module = root / f"tools/{old}.py"
    text = module.read_text().replace(old_class, new_class).replace(old, new)
    (root / f"tools/{new}.py").write_text(text)
    module.unlink()


@pytest.mark.parametrize("config", ["", '[tool.doxtool]\nconvention = "agent-zero"\n'])
def test_a_scaffolded_tool_renamed_is_guessed_whatever_its_template_says(
    make_repo, run_cli, config: str
) -> None:
    # the template's words fill most of a scaffolded companion: what names
    # its module (arguments) is all that tells it from another
    root = make_repo({**clean_files(), "pyproject.toml": config})
    scaffolded = run_cli(root, "scaffold", "web_fetch", "--arg", "url", "--arg", "timeout")
    assert scaffolded.exit_code == 0, scaffolded.output
    _rename_scaffolded(root, "web_fetch", "page_get")
    result = run_cli(root, *SELECT)
    assert result.output == (
        "tools/page_get.py:1:1: DOX001 module has no companion `tools/page_get.py.dox.md`; "
        "`tools/web_fetch.py.dox.md` probably belongs to it (rename it)\n"
        "tools/web_fetch.py.dox.md:1:1: DOX002 companion of `tools/web_fetch.py`, which "
        "does not exist; it probably belongs to `tools/page_get.py` (rename it)\n"
        "Found 2 findings.\n"
    )


DOWNLOAD_PY = """\
import httpx

from helpers.files import write_file
from helpers.tool import Response, Tool


class Download(Tool):
    async def execute(self, **kwargs) -> Response:
        url = str(self.args.get("url", ""))
        timeout = float(self.args.get("timeout", 30))
        target = str(self.args.get("target", "download.bin"))
        async with httpx.AsyncClient(timeout=timeout) as client:
            reply = await client.get(url)
        write_file(target, reply.content)
        return Response(message=f"saved {target}", break_loop=False)
"""


def test_another_tool_reading_the_same_arguments_is_no_rename(make_repo, run_cli) -> None:
    # web_fetch (scaffolded) deleted, download added: both read `url` and
    # `timeout`, but the download tool does more than the companion says
    root = make_repo({**clean_files(), "helpers/files.py": "def write_file(p, b):\n    pass\n"})
    assert run_cli(root, "scaffold", "web_fetch", "--arg", "url", "--arg", "timeout").exit_code == 0
    (root / "tools/web_fetch.py").unlink()
    (root / "tools/download.py").write_text(DOWNLOAD_PY)
    result = run_cli(root, *SELECT)
    assert result.output == (
        "tools/download.py:1:1: DOX001 module has no companion `tools/download.py.dox.md` [*]\n"
        f"tools/web_fetch.py.dox.md:1:1: DOX002 companion of `tools/web_fetch.py`, {GONE}\n"
        f"Found 2 findings {FIXABLE}.\n"
    )


def test_a_scaffolded_tool_with_one_argument_renamed_guesses_nothing(make_repo, run_cli) -> None:
    # one argument name alone cannot tell a renamed tool from another
    root = make_repo(clean_files())
    assert run_cli(root, "scaffold", "web_fetch", "--arg", "url").exit_code == 0
    _rename_scaffolded(root, "web_fetch", "page_get")
    assert "(rename it)" not in run_cli(root, *SELECT).output
