"""A fix changes only what the code contradicts: an argument item that is
true keeps every byte as a person wrote it, an item that must change keeps
the order of its facts, a default equal as a number is the same default, and
a numbered list that cannot take one more number is left as it is."""

from __future__ import annotations

from pathlib import Path

from doxtool.rules.examples import WAIT_DOX, with_files

DOX = "tools/wait.py.dox.md"

WAIT_PY = """\
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        seconds = int(self.args.get("seconds", 0))
        minutes = int(self.args.get("minutes", 0))
        hours = int(self.args.get("hours", 0))
        unit = self.args.get("unit", "s")
        if unit not in ("s", "ms"):
            return Response(message="bad unit", break_loop=False)
        return Response(message=f"{seconds} {minutes} {hours} {unit}", break_loop=False)
"""


def _repo(make_repo, items: str, code: str = WAIT_PY) -> Path:
    dox = WAIT_DOX.replace("  - `seconds`: optional integer, default `0`.\n", items)
    return make_repo(with_files({"tools/wait.py": code, DOX: dox}))


def _lines(root: Path) -> list[str]:
    return (root / DOX).read_text(encoding="utf-8").splitlines()


def _findings(run_cli, root: Path, *args: str) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111", *args)
    return [line for line in result.output.splitlines() if "DOX111" in line]


def _added_and_removed(before: list[str], after: list[str]) -> tuple[list[str], list[str]]:
    return [line for line in after if line not in before], [
        line for line in before if line not in after
    ]


def test_a_new_argument_leaves_the_spacing_of_true_items_alone(make_repo, run_cli) -> None:
    items = (
        "  - `seconds`:  optional integer,  default `0`.\n"
        "  - `minutes`:\toptional integer, default `0`.\n"
        '  - `unit`: optional string, one of `s`, `ms`, default `"s"`.\n'
    )
    root = _repo(make_repo, items)
    before = _lines(root)
    assert _findings(run_cli, root) == [
        "tools/wait.py.dox.md:14:1: DOX111 argument `hours` is read at tools/wait.py:8 "
        "but not documented [*]"
    ]
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX111")
    added, removed = _added_and_removed(before, _lines(root))
    assert added == ["  - `hours`: optional integer, default `0`."]
    assert removed == []


def test_an_item_that_must_change_keeps_the_order_of_its_facts(make_repo, run_cli) -> None:
    items = (
        "  - `seconds`: optional integer, default `0`.\n"
        "  - `minutes`: optional integer, default `0`.\n"
        "  - `hours`: optional integer, default `0`.\n"
        '  - `unit`: optional string, one of `s`, default `"s"`. The unit of all three.\n'
    )
    root = _repo(make_repo, items)
    before = _lines(root)
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX111")
    added, removed = _added_and_removed(before, _lines(root))
    assert removed == [
        '  - `unit`: optional string, one of `s`, default `"s"`. The unit of all three.'
    ]
    assert added == [
        '  - `unit`: optional string, one of `s`, `ms`, default `"s"`. The unit of all three.'
    ]


def test_a_default_equal_as_a_number_is_the_same_default(make_repo, run_cli) -> None:
    items = (
        "  - `seconds`: optional integer, default `0.0`.\n"
        "  - `minutes`: optional integer, default `0e0`.\n"
        "  - `hours`: optional integer, default `0`.\n"
        '  - `unit`: optional string, default `"s"`, one of `s`, `ms`.\n'
    )
    root = _repo(make_repo, items, WAIT_PY.replace('"hours", 0', '"hours", 0.0'))
    before = _lines(root)
    assert _findings(run_cli, root) == []
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert _lines(root) == before


def test_a_default_of_another_number_is_still_wrong(make_repo, run_cli) -> None:
    items = (
        "  - `seconds`: optional integer, default `0.5`.\n"
        "  - `minutes`: optional integer, default `0`.\n"
        "  - `hours`: optional integer, default `false`.\n"
        '  - `unit`: optional string, default `"s"`, one of `s`, `ms`.\n'
    )
    root = _repo(make_repo, items)
    assert _findings(run_cli, root) == [
        "tools/wait.py.dox.md:15:1: DOX111 argument `seconds` has `0` in the code "
        "(read at tools/wait.py:6) [*]",
        "tools/wait.py.dox.md:17:1: DOX111 argument `hours` has `0` in the code "
        "(read at tools/wait.py:8) [*]",
    ]


def test_a_numbered_list_at_its_last_marker_is_not_extended(make_repo, run_cli) -> None:
    items = (
        "  999999997. `seconds`: optional integer, default `0`.\n"
        "  999999998. `minutes`: optional integer, default `0`.\n"
        '  999999999. `unit`: optional string, default `"s"`, one of `s`, `ms`.\n'
    )
    root = _repo(make_repo, items)
    before = _lines(root)
    assert _findings(run_cli, root) == [
        "tools/wait.py.dox.md:14:1: DOX111 argument `hours` is read at tools/wait.py:8 "
        "but not documented"
    ]
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert _lines(root) == before


def test_a_renamed_class_is_renamed_in_place_with_its_notes(make_repo, run_cli) -> None:
    items = (
        "  - `seconds`: optional integer, default `0`. Added to the others.\n"
        "    Never negative.\n"
        "  - `minutes`: optional integer, default `0`.\n"
        "  - `hours`: optional integer, default `0`.\n"
        '  - `unit`: optional string, one of `s`, `ms`, default `"s"`.\n'
    )
    root = _repo(make_repo, items, WAIT_PY.replace("class WaitTool(", "class Wait("))
    before = (root / DOX).read_text(encoding="utf-8")
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    assert [line for line in result.output.splitlines() if ": DOX" in line] == [
        "tools/wait.py.dox.md:8:1: DOX105 class `WaitTool` is named `Wait` in the code now, "
        "with the methods listed under it (tools/wait.py:4) [*]",
        "tools/wait.py.dox.md:12:1: DOX106 class `WaitTool` is named `Wait` in the code now "
        "(documented at line 12) [*]",
        "tools/wait.py.dox.md:13:1: DOX106 class `WaitTool` is named `Wait` in the code now "
        "(documented at line 13) [*]",
        "tools/wait.py.dox.md:14:1: DOX111 fact line `arguments` documents `WaitTool`, "
        "which the code names `Wait` now [*]",
        "tools/wait.py.dox.md:20:1: DOX120 fact line `break-loop` documents `WaitTool`, "
        "which the code names `Wait` now [*]",
    ]
    for unsafe in ((), ("--unsafe-fixes",)):
        (root / DOX).write_text(before, encoding="utf-8")
        run_cli(root, "check", "--no-cache", "--fix", *unsafe)
        assert (root / DOX).read_text(encoding="utf-8") == before.replace("`WaitTool`", "`Wait`")


def test_a_class_gone_and_another_new_without_its_methods_is_no_rename(make_repo, run_cli) -> None:
    code = WAIT_PY.replace("class WaitTool(", "class Wait(").replace(
        "async def execute(", "async def run(self) -> None:\n        pass\n\n    async def go("
    )
    root = _repo(make_repo, "  - `seconds`: optional integer, default `0`.\n", code)
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    assert "is named `Wait`" not in result.output
    assert "no longer has class `WaitTool`" in result.output


#: ``WaitTool`` renamed ``Wait`` while ``execute`` got a sibling: a rename not recognised
RENAMED_AND_CHANGED = WAIT_PY.replace("class WaitTool(", "class Wait(").replace(
    "    async def execute(", "    def reset(self) -> None:\n        pass\n\n    async def execute("
)
#: the companion of WAIT_PY with a person's words on each line about ``WaitTool``
NOTED = (
    WAIT_DOX.replace(
        "- `WaitTool` (`Tool`)\n  - `async execute(self, **kwargs) -> Response`\n",
        "- `WaitTool` (`Tool`): the one tool here.\n"
        "  - `async execute(self, **kwargs) -> Response`\n  - `helper(self) -> None`\n",
    )
    .replace("- `WaitTool` is a `Tool`.", "- `WaitTool` is a `Tool`. It only waits.")
    .replace(
        "  - `seconds`: optional integer, default `0`.",
        "  - `seconds`: optional integer, default `0`. How long.",
    )
)


def test_a_rename_not_recognised_never_writes_the_new_class_beside_the_old(
    make_repo, run_cli
) -> None:
    code = RENAMED_AND_CHANGED.replace(
        '        seconds = int(self.args.get("seconds", 0))',
        '        seconds = int(self.args.get("seconds", 0))\n        self.args.get("unit")',
    )
    root = make_repo(with_files({"tools/wait.py": code, DOX: NOTED}))
    result = run_cli(root, "check", "--no-cache", "--fix")
    text = (root / DOX).read_text(encoding="utf-8")
    # the lines about `WaitTool` carry a person's words: they stay, reported
    for line in (
        "- `WaitTool` (`Tool`): the one tool here.",
        "- `WaitTool` is a `Tool`. It only waits.",
        "- Arguments of `WaitTool`:",
        "  - `seconds`: optional integer, default `0`. How long.",
    ):
        assert line in text.splitlines()
    # and nothing of the same kind is written about `Wait` beside them
    assert "- `Wait` (`Tool`)" not in text
    assert "- `Wait` is a `Tool`." not in text
    assert "Arguments of `Wait`" not in text
    assert "class `Wait` (tools/wait.py:4) is not listed in the Classes block\n" in result.output
    assert "the companion does not say that `Wait` is a `Tool`\n" in result.output
    assert "arguments of `Wait` are not documented" in result.output
    # the lines doxtool wrote alone (no words of a person's) are replaced
    assert "- `WaitTool` defines `execute(...)`." not in text
    assert "- `Wait` defines `execute(...)`." in text
    assert "- `break_loop` of `Wait`: always `false`." in text
    # once the stale lines go (on request), the new class is written in their place
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    text = (root / DOX).read_text(encoding="utf-8")
    assert "WaitTool" not in text
    assert text.count("- `Wait` (`Tool`)") == 1
    assert text.count("- `Wait` is a `Tool`.") == 1
    assert text.count("- Arguments of `Wait`:") == 1
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    assert "All checks passed." in result.output, result.output
