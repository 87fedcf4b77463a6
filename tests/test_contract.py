"""The tool contract: message facts of outcomes, and rules DOX301-DOX303 through the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.python.extract import extract_module
from doxtool.rules.examples import FRAMEWORK

HEAD = "from helpers.errors import RepairableException\nfrom helpers.tool import Response, Tool\n"


def tool(body: str, name: str = "T") -> str:
    return f"{HEAD}\n\nclass {name}(Tool):\n    async def execute(self, **kwargs):\n{body}"


def messages(source: str) -> list[tuple[int, bool | str, str | None]]:
    facts = extract_module(source, "tools/t.py")
    return [(o.line, o.break_loop, o.message) for o in facts.candidates[0].outcomes]


def passes(root: Path, *args: str) -> bool:
    """Whether ``doxtool check`` exits 0 with no finding (a repository with no
    tool module gets a warning instead of "All checks passed.")."""
    code, out = check(root, *args)
    return code == 0 and ": DOX" not in out and ": PRM" not in out


def check(root: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args])
    return result.exit_code, result.stdout


@pytest.mark.parametrize(
    ("expression", "kind"),
    [
        ('"Done."', "text"),
        ('"  "', "blank"),
        ('""', "blank"),
        ('f"Task started: {x}"', "text"),
        ("f\"{self.args.get('text')}\"", "argument"),
        ('f"{x}"', "computed"),
        ('self.args["text"]', "argument"),
        ('self.args.get("text", "")', "argument"),
        ('str(kwargs.get("text") or "").strip()', "argument"),
        ('self.args["text"] if "text" in self.args else self.args["message"]', "argument"),
        ('"Done." if x else ""', "blank"),
        ('self.args.get("text") or "Nothing to say."', "text"),
        # a fallback not known to be empty answers a missing or empty text
        ('self.args.get("text") or f"{x}"', "computed"),
        ('x or self.args.get("text")', "argument"),
        ('x or ""', "computed"),
        ('self.args.get("text") or ""', "argument"),
        ("json.dumps(x)", "computed"),
        ("x", "computed"),
    ],
)
def test_message_kind(expression: str, kind: str) -> None:
    source = tool(
        f"        x = 1\n        return Response(message={expression}, break_loop=True)\n"
    )
    assert messages(source) == [(8, True, kind)]


def test_message_kind_through_a_variable_and_positionally() -> None:
    source = tool(
        '        text = self.args.get("text", "")\n'
        # a test of something else (``if text:`` would show the answer is not empty)
        '        if self.args.get("now"):\n'
        "            return Response(text, True)\n"
        '        summary = self.args.get("summary") or "Nothing happened."\n'
        "        if summary:\n"
        "            return Response(summary, True)\n"
        '        reply = Response(message="x", break_loop=True)\n'
        "        return reply\n"
    )
    assert messages(source) == [(9, True, "argument"), (12, True, "text"), (14, True, None)]


def test_an_answer_tested_before_it_is_returned_is_not_empty() -> None:
    source = tool(
        '        text = str(self.args.get("text") or "").strip()\n'
        "        if not text:\n"
        '            return Response("Send the answer in `text`.", False)\n'
        "        return Response(text, True)\n"
    )
    assert messages(source) == [(9, False, "text"), (10, True, "text")]
    checked = tool(
        '        if not self.args.get("text"):\n'
        '            raise RepairableException("no text")\n'
        '        return Response(self.args["text"], True)\n'
    )
    assert messages(checked) == [(9, True, "text")]
    untested = tool(
        '        if not self.args.get("text"):\n'
        '            print("no text")\n'
        '        return Response(self.args["text"], True)\n'
    )
    assert messages(untested) == [(9, True, "argument")]


def _repo(tmp_path: Path, files: dict[str, str]) -> Path:
    write_files(tmp_path, {**FRAMEWORK, **files})
    return tmp_path


def test_terminal_answer_guard(tmp_path: Path) -> None:
    unguarded = tool(
        '        return Response(message=self.args.get("text", ""), break_loop=True)\n'
    )
    validated = tool(
        "        self._require()\n"
        '        return Response(message=self.args["text"], break_loop=True)\n\n'
        "    def _require(self):\n"
        '        if not self.args.get("text"):\n'
        '            raise RepairableException("text is required")\n'
    )
    empty = tool('        return Response(message="", break_loop=self.args.get("stop", False))\n')
    not_terminal = tool(
        '        return Response(message=self.args.get("text"), break_loop=False)\n'
    )
    root = _repo(
        tmp_path,
        {
            "tools/answer.py": unguarded,
            "tools/validated.py": validated,
            "tools/empty.py": empty,
            "tools/progress.py": not_terminal,
        },
    )
    code, out = check(root, "--select", "DOX303")
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(
        "tools/answer.py:7:9: DOX303 `T` (answer.py) ends the turn with the answer exactly "
        "as the model sent it"
    )
    assert lines[1].startswith("tools/empty.py:7:9: DOX303 `T` (empty.py) can end the turn with")
    assert "an empty message" in lines[1]
    assert lines[2] == "Found 2 findings."


def _dox301(tmp_path: Path, files: dict[str, str]) -> list[str]:
    """DOX301 lines of a default ``check`` (the rule is on by default)."""
    root = _repo(tmp_path, files)
    _, out = check(root)
    return [line for line in out.splitlines() if " DOX301 " in line]


BODY = "import asyncio\nimport subprocess\nimport time\n" + HEAD


def loop_tool(body: str) -> str:
    return f"{BODY}\n\nclass T(Tool):\n    async def execute(self, **kwargs):\n{body}"


# line 10 is the first line of the body
@pytest.mark.parametrize(
    ("body", "reported"),
    [
        # one effect: the framework checked just before execute
        ('        subprocess.run(["git", "fetch"])\n', []),
        (
            '        await self.agent.call_utility_model(system="s", message="m")\n'
            '        return Response("ok", False)\n',
            [],
        ),
        # a polling loop, checked on each turn (before or after the wait)
        (
            "        while True:\n"
            "            await self.agent.handle_intervention()\n"
            "            await asyncio.sleep(1)\n",
            [],
        ),
        (
            "        for _ in range(3):\n"
            "            time.sleep(1)\n"
            "            await self.agent.handle_intervention()\n",
            [],
        ),
        # ... not checked: each turn follows the last
        (
            "        for _ in range(3):\n            time.sleep(1)\n",
            [(11, "`time.sleep` (a wait, line 11) again")],
        ),
        (
            "        while True:\n"
            "            await asyncio.sleep(2)\n"
            "            if await self.done():\n"
            "                await self.agent.handle_intervention()\n"
            "                break\n",
            [(11, "`asyncio.sleep` (a wait, line 11) again")],
        ),
        # the check only after, or only in the other branch
        (
            '        out = subprocess.run(["git", "diff"])\n'
            "        await self.agent.call_chat_model(messages=[out])\n"
            "        await self.agent.handle_intervention()\n",
            [],  # once, one after the other: one operation
        ),
        (
            '        out = subprocess.run(["git", "diff"])\n'
            "        if out:\n"
            "            await self.agent.handle_intervention()\n"
            "        else:\n"
            '            return Response("no diff", False)\n'
            "        await self.agent.call_chat_model(messages=[out])\n",
            [],
        ),
        (
            '        out = subprocess.run(["git", "diff"])\n'
            "        if not out:\n"
            "            await self.agent.handle_intervention()\n"
            "        await self.agent.call_chat_model(messages=[out])\n",
            [],  # once, one after the other: one operation
        ),
        # an exception after the first effect skips the check in the body
        (
            "        try:\n"
            '            subprocess.run(["make"], check=True)\n'
            "            await self.agent.handle_intervention()\n"
            "        except Exception:\n"
            '            subprocess.run(["make", "clean"])\n',
            [],  # once, one after the other: one operation
        ),
        # a check never awaited checks nothing; a zero sleep only yields
        (
            "        for _ in range(3):\n"
            "            self.agent.handle_intervention()\n"
            "            await asyncio.sleep(1)\n",
            [(12, "`asyncio.sleep` (a wait, line 12) again")],
        ),
        ("        for _ in range(3):\n            await asyncio.sleep(0)\n", []),
        # an event's wait, and a coroutine made but not awaited
        (
            "        event = asyncio.Event()\n"
            "        await event.wait()\n"
            "        await event.wait()\n",
            [],  # once, one after the other: one operation
        ),
        (
            "        self._poll()\n"
            "        await self._poll()\n\n"
            "    async def _poll(self):\n"
            "        await asyncio.sleep(5)\n",
            [],
        ),
        # a wait around a call is that call; calls gathered start together
        (
            "        await asyncio.wait_for(\n"
            "            self.agent.call_chat_model(messages=[]), timeout=30\n"
            "        )\n",
            [],
        ),
        (
            "        await asyncio.gather(\n"
            '            self.agent.call_utility_model(system="a", message="m"),\n'
            '            self.agent.call_utility_model(system="b", message="m"),\n'
            "        )\n"
            "        await asyncio.wait([self.first(), self.second()])\n",
            [],
        ),
        (
            "        done = asyncio.Event()\n"
            "        await asyncio.gather(\n"
            '            self.agent.call_utility_model(system="a", message="m"),\n'
            '            self.agent.call_utility_model(system="b", message="m"),\n'
            "        )\n"
            "        await asyncio.wait_for(done.wait(), timeout=30)\n",
            [],  # once, one after the other: one operation
        ),
        # a loop may run no turn at all, unless it is ``while True``
        (
            '        subprocess.run(["a"])\n'
            '        for _ in self.args.get("items", []):\n'
            "            await self.agent.handle_intervention()\n"
            '        subprocess.run(["b"])\n',
            [],  # once, one after the other: one operation
        ),
        (
            '        subprocess.run(["a"])\n'
            "        while True:\n"
            "            await self.agent.handle_intervention()\n"
            '            if self.args.get("x"):\n'
            "                break\n"
            '        subprocess.run(["b"])\n',
            [],
        ),
        # ``finally`` runs after the body
        (
            "        try:\n"
            '            subprocess.run(["a"])\n'
            "        finally:\n"
            '            subprocess.run(["b"])\n',
            [],  # once, one after the other: one operation
        ),
        # an exception leaving a called function is taken to come before its effects
        (
            "        try:\n"
            "            await self._poll()\n"
            "        except Exception:\n"
            "            await asyncio.sleep(1)\n"
            '        return Response("ok", False)\n\n'
            "    async def _poll(self):\n"
            "        await asyncio.sleep(5)\n"
            '        raise ValueError("late")\n',
            [],
        ),
        # through the tool's own method: the path of calls, with lines
        (
            "        await self._poll()\n"
            "        await self._poll()\n\n"
            "    async def _poll(self):\n"
            "        await asyncio.sleep(5)\n",
            [],  # once, one after the other: one operation
        ),
        # a loop round two different effects: the first of each turn follows the
        # last of the turn before
        (
            "        while True:\n"
            '            page = await self.agent.call_utility_model(system="s", message="m")\n'
            "            if not page:\n"
            "                break\n"
            "            await asyncio.sleep(2)\n",
            [
                (
                    11,
                    "`self.agent.call_utility_model` (a model call, line 11) right after "
                    "`asyncio.sleep` (a wait, line 14) in the loop's previous turn",
                )
            ],
        ),
        # a loop done, the effect after it follows once
        (
            "        for _ in range(3):\n"
            "            await asyncio.sleep(1)\n"
            "            await self.agent.handle_intervention()\n"
            '        subprocess.run(["b"])\n',
            [],
        ),
        (
            '        subprocess.run(["a"])\n'
            '        for _ in self.args.get("items", []):\n'
            "            pass\n"
            '        subprocess.run(["b"])\n',
            [],
        ),
        # the agent's check through a local name, each turn
        (
            "        check = self.agent.handle_intervention\n"
            "        for _ in range(3):\n"
            "            await asyncio.sleep(1)\n"
            "            await check()\n",
            [],
        ),
        (
            '        check = getattr(self.agent, "handle_intervention", None)\n'
            "        for _ in range(3):\n"
            "            await asyncio.sleep(1)\n"
            "            await check()\n",
            [],
        ),
        # a name also bound to something else may not check
        (
            "        check = self.agent.handle_intervention\n"
            "        if kwargs:\n"
            "            check = self.agent.other\n"
            "        for _ in range(3):\n"
            "            await asyncio.sleep(1)\n"
            "            await check()\n",
            [(14, "`asyncio.sleep` (a wait, line 14) again")],
        ),
        # a parameter holds what the caller gives: bound to the check only when
        # left out, it may be anything else
        (
            "        await self._loop(tick=self._progress)\n\n"
            "    async def _progress(self):\n"
            "        pass\n\n"
            "    async def _loop(self, tick=None):\n"
            "        if tick is None:\n"
            "            tick = self.agent.handle_intervention\n"
            "        for _ in range(3):\n"
            "            await asyncio.sleep(1)\n"
            "            await tick()\n",
            [(10, "`asyncio.sleep` (a wait, line 19) through `self._loop` (line 10) again")],
        ),
        # a method that polls, called once: its loop is reported where it waits
        (
            "        await self._poll()\n"
            "        await self.agent.call_chat_model(messages=[])\n\n"
            "    async def _poll(self):\n"
            "        while True:\n"
            "            await asyncio.sleep(5)\n",
            [(10, "`asyncio.sleep` (a wait, line 16) through `self._poll` (line 10) again")],
        ),
        # called in a loop, the method's single wait repeats
        (
            "        for _ in range(3):\n"
            "            await self._poll()\n\n"
            "    async def _poll(self):\n"
            "        await asyncio.sleep(5)\n",
            [(11, "`asyncio.sleep` (a wait, line 15) through `self._poll` (line 11) again")],
        ),
    ],
)
def test_intervention_before_each_effect(
    tmp_path: Path, body: str, reported: list[tuple[int, str]]
) -> None:
    if not body.rstrip().endswith(")") or "return" not in body:
        body += '        return Response("ok", False)\n' if "def _poll" not in body else ""
    if "def _poll" in body:
        head, _, rest = body.partition("\n\n    async def _poll")
        body = head + '\n        return Response("ok", False)\n\n    async def _poll' + rest
    lines = _dox301(tmp_path, {"tools/t.py": loop_tool(body)})
    assert len(lines) == len(reported), lines
    for (line, text), found in zip(reported, lines, strict=True):
        assert found.startswith(f"tools/t.py:{line}:1: DOX301 `T` can start "), found
        assert text in found, found


def test_effects_through_helpers_show_their_path_and_tools_that_intervene_count(
    tmp_path: Path,
) -> None:
    helper = (
        "import subprocess\n\n\n"
        "def convert(path, flags=('--convert', '--check')):\n"
        "    for flag in flags:\n"
        "        subprocess.run(['soffice', flag, path])\n"
    )
    office = "from helpers import convert\n" + tool(
        '        convert.convert(self.args.get("path", ""))\n        return Response("ok", False)\n',
        "Office",
    )
    careful = "import asyncio\nfrom helpers import convert\n" + tool(
        "        await self.agent.handle_intervention()\n"
        "        await asyncio.sleep(1)\n"
        "        await self.agent.handle_intervention()\n"
        '        subprocess.run(["true"])\n'
        '        return Response("ok", False)\n',
        "Careful",
    ).replace("from helpers.errors", "import subprocess\nfrom helpers.errors")
    wrapper = "import time\nfrom tools.careful import Careful\n" + tool(
        "        time.sleep(1)\n"
        "        tool = Careful(self.agent, 'careful', None, {}, '', None)\n"
        "        return await tool.execute()\n",
        "Wrapper",
    )
    root = _repo(
        tmp_path,
        {
            "helpers/convert.py": helper,
            "tools/office.py": office,
            "tools/careful.py": careful,
            "tools/wrapper.py": wrapper,
        },
    )
    code, out = check(root, "--select", "DOX301")
    assert code == 1 and out.count("DOX301") == 1, out
    assert (
        "tools/office.py:8:1: DOX301 `Office` can start `subprocess.run` (a subprocess, line 6 "
        "of helpers/convert.py) through `helpers.convert.convert` (line 8) again after an "
        "earlier turn of it" in out
    )


COMPANION = """\
# clean.py DOX

## Purpose
- Own the `clean.py` agent tool.{purpose}

## Runtime Contracts
- Observed side-effect areas: {areas}.

## Key Concepts
- Important called helpers/classes observed in the source: `Response`, `os.remove`.
"""


@pytest.mark.parametrize(
    ("purpose", "areas", "reported"),
    [
        ("", "none", True),
        ("", "filesystem writes", True),
        ("", "filesystem deletion", False),
        ("", "Filesystem  deletes", False),
        ("\n- Removes the scratch file it is given.", "none", False),
        ("\n- Wipes the cache.", "none", False),
        ("\n\n```\nos.remove(path)  # an example, not prose\n```", "none", True),
    ],
)
def test_destructive_effect_must_be_explicit(
    tmp_path: Path, purpose: str, areas: str, reported: bool
) -> None:
    clean = "import os\n" + tool(
        '        os.remove(self.args.get("path", ""))\n        return Response("ok", False)\n'
    )
    root = _repo(
        tmp_path,
        {
            "tools/clean.py": clean,
            "tools/clean.py.dox.md": COMPANION.format(purpose=purpose, areas=areas),
        },
    )
    code, out = check(root, "--select", "DOX302")
    assert code == int(reported)
    assert ("DOX302" in out) is reported, out
    if reported:
        assert "tools/clean.py.dox.md:" in out
        assert "reaches filesystem delete (through `os.remove` at line 8)" in out


def test_no_companion_is_left_to_dox001(tmp_path: Path) -> None:
    clean = "import shutil\n" + tool(
        '        shutil.rmtree("x")\n        return Response("", False)\n'
    )
    root = _repo(tmp_path, {"tools/clean.py": clean})
    assert passes(root, "--select", "DOX302")


def test_contract_rules_run_on_the_files_passed(tmp_path: Path) -> None:
    answer = tool('        return Response(message=self.args["text"], break_loop=True)\n')
    root = _repo(tmp_path, {"tools/answer.py": answer, "tools/other.py": answer})
    code, out = check(root, "--select", "DOX303", str(root / "tools/other.py"))
    assert code == 1
    assert "tools/other.py" in out and "tools/answer.py" not in out


def test_a_base_and_its_subclass_in_one_module_are_reported_once(tmp_path: Path) -> None:
    source = (
        tool('        return Response(message=self.args.get("text"), break_loop=True)\n', "Base")
        + "\n\nclass Answer(Base):\n    pass\n"
    )
    root = _repo(tmp_path, {"tools/answer.py": source})
    code, out = check(root, "--select", "DOX303")
    assert code == 1 and out.count("DOX303") == 1 and "`Base`" in out


def test_an_inherited_answer_is_named_after_the_class_that_holds_it(tmp_path: Path) -> None:
    """A return a class of another module inherits is reported once, at the
    return, named after the class of the module that holds it, whichever
    module comes first."""
    base = tool('        return Response(message=self.args.get("text"), break_loop=True)\n', "Zeta")
    heir = "from tools.zeta import Zeta\n\n\nclass Alpha(Zeta):\n    pass\n"
    root = _repo(tmp_path, {"tools/zeta.py": base, "tools/alpha.py": heir})
    code, out = check(root, "--select", "DOX303")
    assert code == 1 and out.count("DOX303") == 1, out
    assert out.startswith("tools/zeta.py:7:9: DOX303 `Zeta` (zeta.py) ends the turn"), out


@pytest.mark.parametrize(
    ("override", "reported"),
    [
        # the override makes the message of more than the answer: never empty
        ('    def render(self, text):\n        return f"Rendered: {text}"\n', False),
        # a method that is no override of one the base's code calls
        ("    def get_heading(self, text=''):\n        return text\n", True),
        ("    pass\n", True),
    ],
)
def test_an_inherited_answer_made_through_an_overridden_method_is_not_known(
    tmp_path: Path, override: str, reported: bool
) -> None:
    """The base's ``execute`` makes its message with ``self.render(text)``: a
    class of another module overriding ``render`` may make it of anything."""
    base = (
        "from helpers.tool import Response, Tool\n\n\n"
        "class Base(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        text = self.render(self.args.get("text", ""))\n'
        "        return Response(message=text, break_loop=True)\n\n"
        "    def render(self, text):\n"
        "        return text\n"
    )
    heir = f"from helpers.base import Base\n\n\nclass Answer(Base):\n{override}"
    root = _repo(tmp_path, {"helpers/base.py": base, "tools/answer.py": heir})
    code, out = check(root, "--select", "DOX303")
    assert ("DOX303 `Answer` (answer.py) ends the turn" in out) is reported, out
    assert code == int(reported)


def test_a_loop_reached_from_other_modules_is_reported_in_each(tmp_path: Path) -> None:
    """A tool module whose own loop another module's tool also reaches (by
    calling it, or by inheriting its ``execute``) keeps its finding, and the
    other module's points at a line of its own."""
    poll = (
        "import asyncio\n" + HEAD + "\n\nclass Poll(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        for _ in range(5):\n"
        "            await asyncio.sleep(1)\n"
        '        return Response(message="waited", break_loop=False)\n'
    )
    caller = (
        HEAD + "from tools.poll import Poll\n\n\nclass Calls(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        inner = Poll(self.agent, "poll", None, self.args, self.message, None)\n'
        "        return await inner.execute()\n"
    )
    heir = "from tools.poll import Poll\n\n\nclass Heir(Poll):\n    pass\n"
    # a shim re-exporting the class: reported in the module defining it
    shim = 'from tools.poll import Poll\n\n__all__ = ["Poll"]\n'
    found = _dox301(
        tmp_path,
        {"tools/poll.py": poll, "tools/a.py": caller, "tools/b.py": heir, "tools/c.py": shim},
    )
    assert [line.split(" DOX301 ")[0] for line in found] == [
        "tools/a.py:9:1:",
        "tools/b.py:4:1:",
        "tools/poll.py:9:1:",
    ], found


KILL_DOX = """\
# t.py DOX

## Purpose
- Own the `t.py` agent tool.{purpose}

## Runtime Contracts
- Observed side-effect areas: {areas}.
"""


@pytest.mark.parametrize(
    ("body", "reported"),
    [
        # processes the code made, or an id it is given
        ('        p = subprocess.Popen(["sleep", "9"])\n        p.kill()\n', "p.kill"),
        (
            '        p = await asyncio.create_subprocess_exec("sleep", "9")\n'
            "        p.terminate()\n",
            "p.terminate",
        ),
        ('        os.kill(int(self.args["pid"]), signal.SIGTERM)\n', "os.kill"),
        ("        for proc in psutil.process_iter():\n            proc.kill()\n", "proc.kill"),
        ('        psutil.Process(int(self.args["pid"])).terminate()\n', "terminate"),
        ('        subprocess.run(["pkill", "-f", self.args["name"]])\n', "subprocess.run"),
        ('        subprocess.run("kill 12", shell=True)\n', "subprocess.run"),
        # a receiver of unknown kind, or another program: nothing to say
        ('        self.args["job"].kill()\n', None),
        ("        task = asyncio.ensure_future(asyncio.sleep(1))\n        task.cancel()\n", None),
        ('        subprocess.run(["git", "status"])\n', None),
        # the file the arguments name, or one made from it
        ('        open(self.args["path"], "w").write("x")\n', "open"),
        ('        Path(self.args["path"]).write_text("x")\n', "write_text"),
        (
            '        shutil.copy("template.txt", os.path.join(self.args["dir"], "a"))\n',
            "shutil.copy",
        ),
        (
            '        path = str(self.args.get("path", "")).strip()\n        os.replace("tmp", path)\n',
            "os.replace",
        ),
        # reading, appending, a new file named after it, a fixed file: no
        ('        open(self.args["path"]).read()\n', None),
        ('        open(self.args["path"], "a").write("x")\n', None),
        ('        Path(f"{self.args[\'path\']}.{uuid.uuid4()}").write_text("x")\n', None),
        ('        Path("out.txt").write_text(self.args["text"])\n', None),
    ],
)
def test_killing_and_overwriting_are_destructive(
    tmp_path: Path, body: str, reported: str | None
) -> None:
    source = (
        "import asyncio\nimport os\nimport shutil\nimport signal\nimport subprocess\nimport uuid\n"
        "from pathlib import Path\n\nimport psutil\n"
        + tool(body + '        return Response("ok", False)\n')
    )
    root = _repo(
        tmp_path,
        {"tools/t.py": source, "tools/t.py.dox.md": KILL_DOX.format(purpose="", areas="none")},
    )
    code, out = check(root, "--select", "DOX302")
    if reported is None:
        assert "DOX302" not in out, out
        return
    assert code == 1 and out.count("DOX302") == 1, out
    assert f"(through `{reported}` at line" in out, out


@pytest.mark.parametrize(
    ("purpose", "areas", "reported"),
    [
        ("", "none", True),
        ("", "subprocess", True),
        ("", "subprocess/runtime control", False),
        ("\n- Stops the server it started (SIGTERM, then kill).", "none", False),
    ],
)
def test_a_killed_process_must_be_explicit(
    tmp_path: Path, purpose: str, areas: str, reported: bool
) -> None:
    source = "import subprocess\n" + tool(
        '        p = subprocess.Popen(["sleep", "9"])\n        p.terminate()\n'
        '        return Response("ok", False)\n'
    )
    root = _repo(
        tmp_path,
        {
            "tools/t.py": source,
            "tools/t.py.dox.md": KILL_DOX.format(purpose=purpose, areas=areas),
        },
    )
    _, out = check(root, "--select", "DOX302")
    assert ("DOX302" in out) is reported, out
    if reported:
        assert "tools/t.py.dox.md:7:1: DOX302" in out and "say which processes it kills" in out


def test_an_overwrite_through_helpers_follows_the_path_argument(tmp_path: Path) -> None:
    helper = (
        "import os\n\n\n"
        "def save(path, data):\n"
        "    _atomic(os.path.abspath(path), data)\n\n\n"
        "def _atomic(target, data):\n"
        "    with open(target + '.tmp', 'w') as handle:\n"
        "        handle.write(data)\n"
        "    os.replace(target + '.tmp', target)\n\n\n"
        "def log(data):\n"
        "    _atomic('/tmp/log.txt', data)\n"
    )
    writer = "from helpers import store\n" + tool(
        '        store.save(self.args["path"], self.args["text"])\n'
        '        store.log(self.args["text"])\n'
        '        return Response("ok", False)\n',
        "Writer",
    )
    logger = "from helpers import store\n" + tool(
        '        store.log(self.args["text"])\n        return Response("ok", False)\n',
        "Logger",
    )
    dox = KILL_DOX.format(purpose="", areas="none")
    root = _repo(
        tmp_path,
        {
            "helpers/store.py": helper,
            "tools/writer.py": writer,
            "tools/writer.py.dox.md": dox,
            "tools/logger.py": logger,
            "tools/logger.py.dox.md": dox,
        },
    )
    _, out = check(root, "--select", "DOX302")
    assert out.count("DOX302") == 1, out
    assert (
        "tools/writer.py.dox.md:7:1: DOX302 `Writer` (tools/writer.py) reaches file overwrite "
        "(through `helpers.store.save` -> `helpers.store._atomic` -> `os.replace` at line 8)" in out
    ), out


def test_agent_profiles_own_tools_are_checked(tmp_path: Path) -> None:
    answer = tool('        return Response(message=self.args["text"], break_loop=True)\n')
    root = _repo(
        tmp_path,
        {
            "doxtool.toml": 'profile-tool-dirs = ["agents/*/tools"]\n',
            "agents/terse/tools/response.py": answer,
        },
    )
    code, out = check(root, "--select", "DOX303")
    assert code == 1 and "agents/terse/tools/response.py:7:9: DOX303" in out, out
    # a path given on the command line narrows the check to it
    code, out = check(root, "--select", "DOX303", str(root / "agents/terse/tools/response.py"))
    assert code == 1 and out.count("DOX303") == 1, out


@pytest.mark.parametrize("depth", [10, 60, 400])
def test_deeply_nested_effects_are_read_or_left_alone(tmp_path: Path, depth: int) -> None:
    """Flows keep a bounded nesting: deep code gives no traceback, and what
    lies within the bound is still read."""
    lines = ["        for _ in range(3):"]
    for level in range(depth):
        lines.append("    " * (level + 3) + f"if self.args.get('k{level}'):")
    lines.append("    " * (depth + 3) + "time.sleep(1)")
    lines.append('        return Response("ok", False)')
    source = "import time\n" + tool("\n".join(lines) + "\n")
    root = _repo(tmp_path, {"tools/t.py": source})
    code, out = check(root, "--select", "DOX301,DOX003")
    assert code in (0, 1) and "Traceback" not in out, out
    if depth == 10:
        assert code == 1 and "`time.sleep` (a wait, line 19) again" in out, out
    if depth == 60:
        assert code == 0 and "DOX301" not in out, out  # past the bound: not seen


def test_an_intervention_inside_a_helper_counts(tmp_path: Path) -> None:
    helper = (
        "import asyncio\n\n\n"
        "async def poll(agent, done):\n"
        "    while not done():\n"
        "        await agent.handle_intervention()\n"
        "        await asyncio.sleep(1)\n"
    )
    waiter = "from helpers import polling\n" + tool(
        "        await polling.poll(self.agent, lambda: False)\n"
        "        await polling.poll(self.agent, lambda: True)\n"
        '        return Response("ok", False)\n',
        "Waiter",
    )
    root = _repo(tmp_path, {"helpers/polling.py": helper, "tools/waiter.py": waiter})
    assert passes(root, "--select", "DOX301")


def test_a_plain_def_checks_with_a_call_it_cannot_await(tmp_path: Path) -> None:
    """Older frameworks run a synchronous ``execute`` whose ``handle_intervention``
    is a plain call (``if self.agent.handle_intervention(): return ...``): in a
    ``def`` only a synchronous one can run, so the call checks; without it the
    loop is still reported, and in an ``async def`` a call not awaited still
    checks nothing."""
    sync = (
        f"import time\n{HEAD}\n\nclass {{name}}(Tool):\n    def execute(self, **kwargs):\n"
        "        while True:\n"
        "            time.sleep(0.1)\n"
        "{check}"
        '            if self.agent.get_data("done"):\n'
        '                return Response("done", False)\n'
    )
    checked = "            if self.agent.handle_intervention():\n                return Response('', False)\n"
    lines = _dox301(
        tmp_path,
        {
            "tools/checked.py": sync.format(name="Checked", check=checked),
            "tools/aliased.py": sync.format(
                name="Aliased",
                check="            check = self.agent.handle_intervention\n            check()\n",
            ),
            "tools/unchecked.py": sync.format(name="Unchecked", check=""),
        },
    )
    assert len(lines) == 1, lines
    assert lines[0].startswith(
        "tools/unchecked.py:9:1: DOX301 `Unchecked` can start `time.sleep` (a wait, line 9) again"
    ), lines


def test_a_helper_def_checks_only_under_a_synchronous_execute(tmp_path: Path) -> None:
    """A plain ``def`` helper calling ``handle_intervention`` without ``await``
    checks when the tool's ``execute`` is a plain ``def`` too (a synchronous
    framework); under an ``async execute`` the framework's is a coroutine
    that the call makes and never runs, so the loop is still reported."""
    source = (
        f"import time\n{HEAD}\n\nclass {{name}}(Tool):\n"
        "    def _check(self):\n"
        "        return self.agent.handle_intervention()\n\n"
        "    {kind} execute(self, **kwargs):\n"
        "        while True:\n"
        "            time.sleep(0.1)\n"
        "            if self._check():\n"
        "                return Response('', False)\n"
        '            if self.agent.get_data("done"):\n'
        '                return Response("done", False)\n'
    )
    lines = _dox301(
        tmp_path,
        {
            "tools/synchronous.py": source.format(name="Synchronous", kind="def"),
            "tools/asynchronous.py": source.format(name="Asynchronous", kind="async def"),
        },
    )
    assert len(lines) == 1, lines
    assert lines[0].startswith("tools/asynchronous.py:12:1: DOX301 `Asynchronous` can start"), lines


def test_inspect_shows_the_contract_facts(tmp_path: Path) -> None:
    source = "import time\n" + tool(
        "        for _ in range(3):\n"
        "            time.sleep(1)\n"
        '        open(self.args["path"], "w").close()\n'
        '        return Response("ok", False)\n'
    )
    root = _repo(tmp_path, {"tools/t.py": source})
    result = CliRunner().invoke(cli, ["inspect", "--root", str(root), str(root / "tools/t.py")])
    assert result.exit_code == 0, result.output
    assert "    destructive: file overwrite: open (line 10)" in result.output
    assert (
        "    no intervention before wait: time.sleep (tools/t.py:9), "
        "after wait: time.sleep (tools/t.py:9)" in result.output
    )
    data = CliRunner().invoke(
        cli, ["inspect", "--json", "--root", str(root), str(root / "tools/t.py")]
    )
    facts = json.loads(data.output)[0]["tools"][0]
    assert facts["exposures"][0]["effect"] == "wait"
    assert facts["destructive"][0]["area"] == "file overwrite"


def test_flows_come_back_from_the_cache_unchanged(tmp_path: Path) -> None:
    helper = "import asyncio\n\n\nasync def settle():\n    await asyncio.sleep(1)\n"
    source = "from helpers import pause\n" + tool(
        "        for _ in range(2):\n"
        "            try:\n"
        "                await pause.settle()\n"
        "            except Exception:\n"
        '                return Response("failed", False)\n'
        '        return Response("ok", False)\n'
    )
    root = _repo(tmp_path, {"helpers/pause.py": helper, "tools/t.py": source})
    runs = [
        CliRunner().invoke(cli, ["check", "--root", str(root), "--select", "DOX301"])
        for _ in range(2)
    ]
    assert [r.exit_code for r in runs] == [1, 1]
    assert runs[0].stdout == runs[1].stdout
    assert "`asyncio.sleep` (a wait, line 5 of helpers/pause.py)" in runs[1].stdout


CLIENT_LOOP = "import httpx\nimport requests\n" + loop_tool(
    "        session = requests.Session()\n"
    "        async with httpx.AsyncClient() as client:\n"
    "            while True:\n"
    '                session.headers.update({"x": "1"})\n'
    '                state = (await client.get("https://jobs.example/1")).json()["state"]\n'
    '                if state == "done":\n'
    "                    return Response(message=state, break_loop=False)\n"
)


def test_a_method_of_a_network_client_in_a_loop_is_a_network_call(tmp_path: Path) -> None:
    """``client.get`` on a name bound only to ``httpx.AsyncClient()`` repeats a
    network call each turn; an attribute's method (``session.headers.update``)
    is not one."""
    lines = _dox301(tmp_path, {"tools/poll.py": CLIENT_LOOP})
    assert len(lines) == 1
    assert "can start `client.get` (a network call, line 16) again" in lines[0]


def test_a_name_also_bound_to_something_else_is_no_client(tmp_path: Path) -> None:
    source = CLIENT_LOOP.replace(
        '                if state == "done":\n',
        '                client = object()\n                if state == "done":\n',
    )
    assert _dox301(tmp_path, {"tools/poll.py": source}) == []


def test_a_client_method_that_only_prepares_is_no_network_call(tmp_path: Path) -> None:
    """``client.build_request`` builds a request and ``session.mount`` registers
    an adapter: nothing is sent, in a loop or not."""
    source = "import httpx\nimport requests\n" + loop_tool(
        "        session = requests.Session()\n"
        '        for prefix in ("http://", "https://"):\n'
        "            session.mount(prefix, None)\n"
        "        with httpx.Client() as client:\n"
        '            reqs = [client.build_request("GET", u) for u in ("a", "b")]\n'
        "        return Response(message=str(reqs), break_loop=False)\n"
    )
    assert _dox301(tmp_path, {"tools/prep.py": source}) == []


def _exposures(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, str]]:
    """(the effect's last call, the earlier effect's last call) of each exposure."""
    root = _repo(tmp_path, files)
    data = CliRunner().invoke(cli, ["inspect", "--json", "--root", str(root), str(root / "tools")])
    assert data.exit_code == 0, data.output
    return [
        (e["calls"][-1], e["after_calls"][-1])
        for module in json.loads(data.output)
        for t in module["tools"]
        for e in t["exposures"]
    ]


_CLIENT_SENDS = "import httpx\n" + loop_tool(
    "        async with httpx.AsyncClient() as client:\n"
    '            first = await client.post("https://jobs.example/1")\n'
    "{then}"
    "        return Response(message=str(first), break_loop=False)\n"
)


def test_making_a_client_whose_methods_are_all_it_is_used_for_sends_nothing(
    tmp_path: Path,
) -> None:
    """``async with httpx.AsyncClient() as client`` opens no connection: its
    first ``client.post`` is the first network call, after nothing; a second
    one comes after it. A client handed on as a value (``self._send(client)``)
    may send where its methods are not seen: its making stays the call that
    goes to the network."""
    assert _exposures(tmp_path / "one", {"tools/t.py": _CLIENT_SENDS.format(then="")}) == []
    second = '            await client.get("https://jobs.example/2")\n'
    assert _exposures(tmp_path / "two", {"tools/t.py": _CLIENT_SENDS.format(then=second)}) == [
        ("client.get", "client.post")
    ]
    handed = "            self._send(client)\n"
    assert _exposures(tmp_path / "handed", {"tools/t.py": _CLIENT_SENDS.format(then=handed)}) == [
        ("client.post", "httpx.AsyncClient")
    ]


FAN_OUT = "import httpx\n" + loop_tool(
    '        urls = self.args.get("urls", [])\n'
    "        async with httpx.AsyncClient() as client:\n"
    "            done = await asyncio.gather(*(client.get(u) for u in urls))\n"
    "            tasks = [asyncio.create_task(client.get(u)) for u in urls]\n"
    "            await asyncio.gather(*(asyncio.sleep(d) for d in (1, 2)))\n"
    "        return Response(message=str((done, tasks)), break_loop=False)\n"
)


def test_a_gathered_comprehension_starts_its_calls_at_once(tmp_path: Path) -> None:
    """``gather(*(client.get(u) for u in urls))`` runs every call at once: no
    turn comes between two of them, so none is repeated after another; a
    coroutine of an asynchronous client that is not awaited sends nothing."""
    assert _dox301(tmp_path, {"tools/fan.py": FAN_OUT}) == []


def test_a_loop_awaiting_each_call_in_turn_is_still_reported(tmp_path: Path) -> None:
    source = FAN_OUT.replace(
        "            tasks = [asyncio.create_task(client.get(u)) for u in urls]\n",
        "            tasks = [asyncio.create_task(client.get(u)) for u in urls]\n"
        "            for u in urls:\n"
        "                await client.get(u)\n",
    )
    lines = _dox301(tmp_path, {"tools/fan.py": source})
    assert len(lines) == 1 and "`client.get` (a network call, line 16) again" in lines[0]


_PAGES = (
    "import httpx\n" + HEAD + "\n\n"
    "class T(Tool):\n"
    "    async def _pages(self, client):\n"
    "        while True:\n"
    "{check}"
    '            page = await client.get("http://x")\n'
    "            yield page\n\n"
    "    async def execute(self, **kwargs):\n"
    "        async with httpx.AsyncClient() as client:\n"
    "            async for page in self._pages(client):\n"
    '                await client.post("http://y", json=page.json())\n'
    "                if page.status_code == 200:\n"
    "                    break\n"
    '        return Response(message="done", break_loop=False)\n'
)
_CHECK = "            await self.agent.handle_intervention()\n"


@pytest.mark.parametrize("where", ["a method", "a helper of another module"])
def test_a_loop_over_a_generator_that_checks_between_turns_is_not_reported(
    tmp_path: Path, where: str
) -> None:
    """A generator's body runs between the turns of a loop over what it
    gives (calling it runs none of it): one that may reach
    ``handle_intervention`` there may check before each turn."""

    def files(check: str) -> dict[str, str]:
        source = _PAGES.format(check=check)
        if where == "a method":
            return {"tools/t.py": source}
        method = source.split("    async def _pages", 1)[1].split("\n\n", 1)[0]
        helper = "async def pages" + method.replace("self.agent", "agent").replace(
            "(self, client)", "(agent, client)"
        )
        tool = source.replace("self._pages(client)", "pages(self.agent, client)").replace(
            "    async def _pages" + method + "\n\n", ""
        )
        return {
            "helpers/pages.py": dedent(helper),
            "tools/t.py": "from helpers.pages import pages\n" + tool,
        }

    assert _dox301(tmp_path / "checked", files(_CHECK)) == []
    lines = _dox301(tmp_path / "unchecked", files(""))
    assert len(lines) == 1 and "`client.post` (a network call, line" in lines[0], lines


@pytest.mark.parametrize(
    ("errors", "advice"),
    [
        # the framework has the class: the advice names it
        (True, "raise `RepairableException` when there is no answer"),
        # an older fork's, without it: no class the repository lacks is named
        (False, "return a `Response` with `break_loop=False` asking for one when there is"),
    ],
)
def test_the_answer_advice_names_only_what_the_repository_has(
    tmp_path: Path, errors: bool, advice: str
) -> None:
    answer = tool('        return Response(message=self.args.get("text", ""), break_loop=True)\n')
    answer = answer.replace("from helpers.errors import RepairableException\n", "")
    files = {**FRAMEWORK, "tools/answer.py": answer}
    if not errors:
        del files["helpers/errors.py"]
    write_files(tmp_path, files)
    code, out = check(tmp_path, "--select", "DOX303")
    assert code == 1 and advice in out, out
    assert ("RepairableException" in out) is errors, out
