"""Where DOX120 locates a Response and when its fix is safe; repairable
errors defined in another module of the repository (DOX121); an imported
base under an alias (DOX105)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK

HEAD = "from helpers.tool import Response, Tool\n"


def check(root: Path, *args: str) -> str:
    """What ``doxtool check`` prints (it must have run to the end)."""
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args])
    assert result.exit_code in (0, 1), result.output
    assert "Found" in result.stdout or "All checks passed" in result.stdout, result.stdout
    return result.stdout


def generated(root: Path, files: dict[str, str], tool: str) -> Path:
    """The repository with the companion ``--fix`` writes for ``tools/<tool>.py``."""
    write_files(root, {**FRAMEWORK, "helpers/__init__.py": "", **files})
    check(root, "--fix")
    return root / f"tools/{tool}.py.dox.md"


def with_line(companion: Path, text: str, line: str) -> None:
    """The generated companion with a person's fact line before the side-effect line."""
    companion.write_text(
        text.replace("- Observed side-effect", line + "\n- Observed side-effect"),
        encoding="utf-8",
    )


# -- DOX120: where a Response is, and a person's words --------------------------

_TIMED = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class TimedTool(Tool):\n"
    "    done: bool = False\n\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    "        try:\n"
    "            text = await self.run(**kwargs)\n"
    "        except ValueError as exc:\n"
    "            return Response(message=str(exc), break_loop=False)\n"
    "        return Response(message=text, break_loop={done})\n\n"
    "    async def run(self, **kwargs) -> str:\n"
    '        return ""\n'
)
_FINISH = (
    "from helpers.base_tool import TimedTool\n\n\n"
    "class Finish(TimedTool):\n"
    "    done = True\n\n"
    "    async def run(self, **kwargs) -> str:\n"
    '        return "finished"\n'
)


def test_a_response_of_a_base_elsewhere_is_located_in_its_module(tmp_path: Path) -> None:
    files = {"helpers/base_tool.py": _TIMED.format(done="False"), "tools/finish.py": _FINISH}
    companion = generated(tmp_path, files, "finish")
    text = companion.read_text(encoding="utf-8")
    assert "- `break_loop` of `Finish`: always `false`.\n" in text, text
    companion.write_text(text.replace("always `false`", "always `true`"), encoding="utf-8")
    assert check(tmp_path, "--select", "DOX120").splitlines()[0] == (
        "tools/finish.py.dox.md:19:1: DOX120 `break_loop` of `Finish` is documented wrongly; "
        "the code returns always `false` "
        "(Responses at helpers/base_tool.py:11, helpers/base_tool.py:12) [*]"
    )


def test_a_rewrite_of_a_sentence_with_a_person_s_words_is_unsafe(tmp_path: Path) -> None:
    source = (
        HEAD + "\n\nclass PingTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        return Response(message="pong", break_loop=False)\n'
    )
    companion = generated(tmp_path, {"tools/ping.py": source}, "ping")
    text = companion.read_text(encoding="utf-8")
    line = "- `break_loop` of `PingTool`: `true`, which ends the turn at once. More words."
    companion.write_text(text.replace("always `false`.", line.split(": ", 1)[1]), encoding="utf-8")
    out = check(tmp_path, "--select", "DOX120")
    assert out.splitlines()[0].endswith(
        "the code returns always `false` (Responses at tools/ping.py:6) [!]"
    )
    check(tmp_path, "--fix")
    assert line + "\n" in companion.read_text(encoding="utf-8")
    check(tmp_path, "--fix", "--unsafe-fixes")
    fixed = companion.read_text(encoding="utf-8")
    assert "- `break_loop` of `PingTool`: always `false`. More words.\n" in fixed


# -- DOX121: repairable errors defined in another module of the repository -------

_ERRORS = (
    "class RepairableException(Exception):\n    pass\n\n\n"
    "class ToolInputError(RepairableException):\n    pass\n\n\n"
    "class NameInputError(ToolInputError):\n    pass\n\n\n"
    "class Broken(Exception):\n    pass\n"
)
_REPLY = (
    "from helpers.errors import {name}\n" + HEAD + "\n\nclass StrictReply(Tool):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    '        text = self.args.get("text")\n'
    "        if not text:\n"
    '            raise {name}("Send `text`.")\n'
    "        return Response(message=text, break_loop=False)\n"
)


@pytest.mark.parametrize("name", ["ToolInputError", "NameInputError"])
def test_a_repairable_subclass_of_another_module_is_repairable(tmp_path: Path, name: str) -> None:
    files = {"helpers/errors.py": _ERRORS, "tools/strict_reply.py": _REPLY.format(name=name)}
    companion = generated(tmp_path, files, "strict_reply")
    text = companion.read_text(encoding="utf-8")
    assert f"- Repairable errors raised by `StrictReply`: `{name}`.\n" in text, text
    assert "All checks passed" in check(tmp_path, "--select", "DOX121")


def test_a_subclass_raised_in_a_try_is_not_claimed(tmp_path: Path) -> None:
    source = (
        _REPLY.format(name="ToolInputError")
        .replace(
            "        if not text:\n            raise ToolInputError",
            "        try:\n            if not text:\n                raise ToolInputError",
        )
        .replace(
            "        return Response(message=text",
            "        except ToolInputError:\n"
            '            return Response(message="no text", break_loop=False)\n'
            "        return Response(message=text",
        )
    )
    files = {"helpers/errors.py": _ERRORS, "tools/strict_reply.py": source}
    companion = generated(tmp_path, files, "strict_reply")
    text = companion.read_text(encoding="utf-8")
    assert "Repairable errors raised by" not in text, text
    with_line(companion, text, "- Repairable errors raised by `StrictReply`: `ToolInputError`.")
    assert "All checks passed" in check(tmp_path, "--select", "DOX121")


def test_a_helper_raising_a_repairable_subclass_counts(tmp_path: Path) -> None:
    helper = (
        "from helpers.errors import ToolInputError\n\n\n"
        "def need(text):\n"
        "    if not text:\n"
        '        raise ToolInputError("Send `text`.")\n'
        "    return text\n"
    )
    source = (
        "from helpers.checks import need\n" + HEAD + "\n\nclass StrictReply(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        text = need(self.args.get("text"))\n'
        "        return Response(message=text, break_loop=False)\n"
    )
    files = {
        "helpers/errors.py": _ERRORS,
        "helpers/checks.py": helper,
        "tools/strict_reply.py": source,
    }
    companion = generated(tmp_path, files, "strict_reply")
    text = companion.read_text(encoding="utf-8")
    assert "- Repairable errors raised by `StrictReply`: `ToolInputError`.\n" in text, text


def test_a_line_saying_none_of_a_tool_that_raises_none_is_true(tmp_path: Path) -> None:
    files = {"helpers/errors.py": _ERRORS, "tools/strict_reply.py": _REPLY.format(name="Broken")}
    companion = generated(tmp_path, files, "strict_reply")
    text = companion.read_text(encoding="utf-8")
    assert "Repairable errors raised by" not in text, text
    with_line(companion, text, "- Repairable errors raised by `StrictReply`: none.")
    assert "All checks passed" in check(tmp_path, "--select", "DOX121")
    # a line that names one is still reported
    with_line(companion, text, "- Repairable errors raised by `StrictReply`: `Broken`.")
    assert "DOX121 repairable errors line of `StrictReply` states what" in check(tmp_path)


# -- DOX105: a base imported under an alias --------------------------------------

_MEMORY_BASE = (
    HEAD + "\n\nclass MemorySave(Tool):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    '        return Response(message="saved", break_loop=False)\n'
)
_MEMORY_SAVE = (
    "from helpers.memory_base import MemorySave as _Base\n"
    "from helpers.tool import Response\n\n\n"
    "class MemorySave(_Base):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    "        return await super().execute(**kwargs)\n"
)


@pytest.mark.parametrize(
    "spelling", ["helpers.memory_base.MemorySave", "memory_base.MemorySave", "MemorySave"]
)
def test_an_aliased_base_is_accepted_by_its_real_name(tmp_path: Path, spelling: str) -> None:
    files = {"helpers/memory_base.py": _MEMORY_BASE, "tools/memory_save.py": _MEMORY_SAVE}
    companion = generated(tmp_path, files, "memory_save")
    text = companion.read_text(encoding="utf-8")
    # the generator writes the base as the module spells it
    assert "- `MemorySave` (`_Base`)\n" in text, text
    assert "All checks passed" in check(tmp_path, "--select", "DOX105")
    companion.write_text(
        text.replace("- `MemorySave` (`_Base`)", f"- `MemorySave` (`{spelling}`)"),
        encoding="utf-8",
    )
    assert "All checks passed" in check(tmp_path, "--select", "DOX105")
    companion.write_text(
        text.replace("- `MemorySave` (`_Base`)", "- `MemorySave` (`Tool`)"), encoding="utf-8"
    )
    assert "DOX105 class `MemorySave` derives from `_Base` in the code, not `Tool`" in check(
        tmp_path, "--select", "DOX105"
    )
