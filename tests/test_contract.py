"""The tool contract: message facts of outcomes, and rules DOX301-DOX303 through the CLI."""

from __future__ import annotations

from pathlib import Path

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
        ('self.args.get("text") or f"{x}"', "argument"),
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
        "        if text:\n"
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


def test_intervention_rule_is_off_by_default_and_names_the_effect(tmp_path: Path) -> None:
    fetch = "import requests\n" + tool(
        '        requests.get("https://example.com")\n        return Response("ok", False)\n'
    )
    summary = tool(
        '        text = await self.agent.call_utility_model(system="s", message="m")\n'
        "        return Response(text, False)\n"
    )
    careful = "import subprocess\n" + tool(
        "        await self.agent.handle_intervention()\n"
        '        subprocess.run(["true"])\n'
        '        return Response("ok", False)\n'
    )
    root = _repo(
        tmp_path,
        {"tools/fetch.py": fetch, "tools/summary.py": summary, "tools/careful.py": careful},
    )
    code, out = check(root)
    assert "DOX301" not in out
    code, out = check(root, "--select", "DOX301")
    assert code == 1 and out.count("DOX301") == 2
    assert (
        "tools/fetch.py:7:1: DOX301 `T` reaches network (through `requests.get` at line 8) "
        "but never calls" in out
    )
    assert (
        "tools/summary.py:6:1: DOX301 `T` reaches model calls "
        "(through `self.agent.call_utility_model`)" in out
    )
    assert "careful" not in out


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


def test_effects_through_helpers_show_their_path_and_tools_that_intervene_count(
    tmp_path: Path,
) -> None:
    helper = (
        "import subprocess\n\n\ndef convert(path):\n    return subprocess.run(['soffice', path])\n"
    )
    office = "from helpers import convert\n" + tool(
        '        convert.convert(self.args.get("path", ""))\n        return Response("ok", False)\n',
        "Office",
    )
    careful = "from helpers import convert\n" + tool(
        "        await self.agent.handle_intervention()\n"
        '        convert.convert("x")\n'
        '        return Response("ok", False)\n',
        "Careful",
    )
    wrapper = "from tools.careful import Careful\n" + tool(
        "        return await Careful(self.agent, 'careful', None, {}, '', None).execute()\n",
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
        "tools/office.py:7:1: DOX301 `Office` reaches subprocess (through "
        "`helpers.convert.convert` -> `subprocess.run` at line 8)" in out
    )
