"""A module renamed with its companion: the lines its companion was generated
with that name the module's file (the title, who owns what, what to change
together, which tests to run) name the new file after ``--fix``, in place;
lines a person wrote or changed are kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import WAIT_PROMPT, WRAPPER

OLD_PY = """\
from helpers.tool import Response, Tool


class Greeter(Tool):
    async def execute(self, **kwargs) -> Response:
        name = str(self.args.get("name", "world"))
        return Response(message=f"Hello {name}", break_loop=False)
"""
TEST = "from tools.{stem} import Greeter\n\n\ndef test_greeter():\n    assert Greeter\n"


def _generated(make_repo, run_cli, convention: str = "doxtool") -> Path:
    """A tool ``old_name`` with a test, and the companion ``--fix`` writes for it."""
    config = f'[tool.doxtool]\nconvention = "{convention}"\n'
    root = make_repo(
        {
            "pyproject.toml": config,
            "tools/old_name.py": OLD_PY,
            "tests/test_old_name.py": TEST.format(stem="old_name"),
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.old_name.md": WAIT_PROMPT.replace("wait", "old_name"),
        }
    )
    run_cli(root, "check", "--no-cache", "--fix")
    assert "old_name.py" in (root / "tools/old_name.py.dox.md").read_text(encoding="utf-8")
    return root


def _rename(root: Path, companion: bool = True, test: bool = True) -> None:
    (root / "tools/old_name.py").rename(root / "tools/new_name.py")
    if companion:
        (root / "tools/old_name.py.dox.md").rename(root / "tools/new_name.py.dox.md")
    (root / "prompts/agent.system.tool.old_name.md").rename(
        root / "prompts/agent.system.tool.new_name.md"
    )
    prompt = root / "prompts/agent.system.tool.new_name.md"
    prompt.write_text(prompt.read_text().replace("old_name", "new_name"), encoding="utf-8")
    (root / "tests/test_old_name.py").unlink()
    name = "tests/test_new_name.py" if test else "tests/test_old_name.py"
    (root / name).write_text(TEST.format(stem="new_name"), encoding="utf-8")


@pytest.mark.parametrize("convention", ["doxtool", "agent-zero"])
@pytest.mark.parametrize("test", [True, False], ids=["test-renamed", "test-kept"])
def test_the_generated_lines_name_the_new_file(make_repo, run_cli, convention, test) -> None:
    root = _generated(make_repo, run_cli, convention)
    old = (root / "tools/old_name.py.dox.md").read_text(encoding="utf-8")
    _rename(root, test=test)
    run_cli(root, "check", "--no-cache", "--fix")
    text = (root / "tools/new_name.py.dox.md").read_text(encoding="utf-8")
    # (a test kept under its old name is still named by it)
    assert "old_name" not in text.replace("tests/test_old_name.py", ""), text
    # each line is rewritten in place: nothing is added or duplicated
    assert len(text.splitlines()) == len(old.splitlines())
    test_name = "test_new_name" if test else "test_old_name"
    expected = old.replace("old_name", "new_name").replace(
        "tests/test_new_name", f"tests/{test_name}"
    )
    assert text == expected
    assert "new_name.py" in text.splitlines()[0]
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    assert result.output == "All checks passed.\n"


def test_lines_are_found_once_the_title_was_renamed_by_hand(make_repo, run_cli) -> None:
    root = _generated(make_repo, run_cli)
    _rename(root)
    companion = root / "tools/new_name.py.dox.md"
    text = companion.read_text(encoding="utf-8").replace("# old_name.py DOX", "# new_name.py DOX")
    companion.write_text(text, encoding="utf-8")
    result = run_cli(root, "check", "--no-cache", "--select", "DOX101")
    assert (
        "tools/new_name.py.dox.md:4:1: DOX101 generated line names `old_name.py`, "
        "not the module's file `new_name.py` [*]"
    ) in result.output
    run_cli(root, "check", "--no-cache", "--fix")
    assert "old_name" not in companion.read_text(encoding="utf-8")


def test_a_line_a_person_changed_is_kept(make_repo, run_cli) -> None:
    root = _generated(make_repo, run_cli)
    _rename(root)
    companion = root / "tools/new_name.py.dox.md"
    mine = "- `old_name.py` owns the runtime implementation, with `helpers/tool.py`."
    text = companion.read_text(encoding="utf-8")
    text = text.replace("- `old_name.py` owns the runtime implementation.", mine)
    companion.write_text(text, encoding="utf-8")
    run_cli(root, "check", "--no-cache", "--fix")
    lines = companion.read_text(encoding="utf-8").splitlines()
    assert mine in lines
    assert "- `new_name.py.dox.md` owns durable notes about its contract." in lines


def test_a_file_still_there_is_not_taken_for_an_old_name(make_repo, run_cli) -> None:
    root = _generated(make_repo, run_cli)
    # a copy of the module under a new name, its companion copied from the first
    (root / "tools/new_name.py").write_text(OLD_PY, encoding="utf-8")
    copied = (root / "tools/old_name.py.dox.md").read_text(encoding="utf-8")
    (root / "tools/new_name.py.dox.md").write_text(copied, encoding="utf-8")
    result = run_cli(root, "check", "--no-cache", "--select", "DOX101")
    assert "generated line names" not in result.output
    assert "DOX101 title `# old_name.py DOX` should be `# new_name.py DOX`" in result.output


def test_the_companion_left_under_the_old_name_gets_no_edit(make_repo, run_cli) -> None:
    root = _generated(make_repo, run_cli)
    old = (root / "tools/old_name.py.dox.md").read_text(encoding="utf-8")
    _rename(root, companion=False)
    result = run_cli(root, "check", "--no-cache", "--fix")
    assert "probably belongs to `tools/new_name.py` (rename it)" in result.output
    assert (root / "tools/old_name.py.dox.md").read_text(encoding="utf-8") == old
    assert not (root / "tools/new_name.py.dox.md").exists()


def test_lines_of_another_conventions_template_are_found_too(make_repo, run_cli) -> None:
    # generated as agent-zero writes companions, in a repository configured for doxtool's
    root = _generated(make_repo, run_cli, "agent-zero")
    (root / "pyproject.toml").write_text("[tool.doxtool]\n", encoding="utf-8")
    _rename(root)
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX101")
    text = (root / "tools/new_name.py.dox.md").read_text(encoding="utf-8")
    # (the list of tests is DOX140's)
    assert "old_name" not in text.replace("- `tests/test_old_name.py`", ""), text
    assert (
        "- Keep this file-level DOX profile synchronized with `new_name.py` because this "
        "directory is intentionally flat.\n"
    ) in text
