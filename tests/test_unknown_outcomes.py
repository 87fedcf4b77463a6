"""What doxtool cannot evaluate it does not claim: a ``break_loop`` given by
an attribute or a method (DOX120), a result reached through a dispatch table
(the generated line), and what a person writes about them; repairable errors
defined in another module of the repository (DOX121); an imported base
under an alias (DOX105)."""

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


# -- DOX120: a break_loop doxtool cannot evaluate --------------------------------

_SELF = {
    "class-attribute": (
        "    done = True\n\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        return Response(message="stopped", break_loop=self.done)\n'
    ),
    "method": (
        "    async def execute(self, **kwargs) -> Response:\n"
        '        return Response(message="stopped", break_loop=self.is_final())\n\n'
        "    def is_final(self) -> bool:\n"
        "        return False\n"
    ),
    "instance-attribute": (
        "    def __init__(self, *args, **kwargs):\n"
        "        super().__init__(*args, **kwargs)\n"
        "        self.finished = False\n\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        if self.args.get("final"):\n'
        "            self.finished = True\n"
        '        return Response(message="stopped", break_loop=self.finished)\n'
    ),
}


@pytest.mark.parametrize("variant", sorted(_SELF))
def test_a_break_loop_of_an_attribute_or_method_is_unknown(tmp_path: Path, variant: str) -> None:
    source = HEAD + "\n\nclass StopTool(Tool):\n" + _SELF[variant]
    companion = generated(tmp_path, {"tools/stop.py": source}, "stop")
    text = companion.read_text(encoding="utf-8")
    assert "`break_loop` of `StopTool`" not in text, text
    assert "All checks passed" in check(tmp_path, "--select", "DOX120")
    for written in (
        "always `true`",
        "always `false`",
        "`true` or `false`",
        "`true` when `final` is truthy, otherwise `false`",
        "`self.finished`, which is `true` when `final` is truthy",
    ):
        line = f"- `break_loop` of `StopTool`: {written}."
        with_line(companion, text, line)
        assert "All checks passed" in check(tmp_path, "--select", "DOX120"), written
        check(tmp_path, "--fix")
        assert line + "\n" in companion.read_text(encoding="utf-8"), written


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


def test_a_break_loop_known_in_part_asks_only_for_the_values_seen(tmp_path: Path) -> None:
    files = {"helpers/base_tool.py": _TIMED.format(done="self.done"), "tools/finish.py": _FINISH}
    companion = generated(tmp_path, files, "finish")
    text = companion.read_text(encoding="utf-8")
    # the Response of the error path is `false`; the other is not known
    assert "`break_loop` of `Finish`" not in text, text
    assert "All checks passed" in check(tmp_path, "--select", "DOX120")
    for written in ("`true` or `false`", "always `false`"):
        with_line(companion, text, f"- `break_loop` of `Finish`: {written}.")
        assert "All checks passed" in check(tmp_path, "--select", "DOX120"), written
    with_line(companion, text, "- `break_loop` of `Finish`: always `true`.")
    assert check(tmp_path, "--select", "DOX120").splitlines()[0] == (
        "tools/finish.py.dox.md:19:1: DOX120 `break_loop` line for `Finish` leaves out "
        "what the code does (the code has at least `false`; doxtool cannot follow all of it)"
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


def test_a_sentence_with_a_person_s_words_is_compared_and_never_rewritten(
    tmp_path: Path,
) -> None:
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
        "the code returns always `false` (Responses at tools/ping.py:6)"
    )
    check(tmp_path, "--fix", "--unsafe-fixes")
    assert line + "\n" in companion.read_text(encoding="utf-8")


# -- the generated line of a result reached through a dispatch table -------------

_SESSION = (
    HEAD + "\n\nclass Session(Tool):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    '        op = self.args.get("op", "status")\n'
    '        handler = {"status": self._status, "end": self._end}.get(op)\n'
    "        if handler is None:\n"
    '            return Response(message=f"unknown op {op}", break_loop=False)\n'
    "        return await handler()\n\n"
    "    async def _status(self) -> Response:\n"
    '        return Response(message="running", break_loop=False)\n\n'
    "    async def _end(self) -> Response:\n"
    '        return Response(message="session ended", break_loop=True)\n'
)


def test_no_break_loop_line_is_generated_for_a_dispatched_result(tmp_path: Path) -> None:
    companion = generated(tmp_path, {"tools/session.py": _SESSION}, "session")
    text = companion.read_text(encoding="utf-8")
    assert "`break_loop` of `Session`" not in text, text
    assert "All checks passed" in check(tmp_path, "--select", "DOX120")
    with_line(companion, text, "- `break_loop` of `Session`: `true` or `false`.")
    assert "All checks passed" in check(tmp_path, "--select", "DOX120")


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
