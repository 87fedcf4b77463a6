"""An incremental whole check gives the findings of a full one.

A whole-repository ``doxtool check`` keeps a state in its cache directory and
the next one re-checks only what changed (:mod:`doxtool.run.incremental`). These
tests edit a copy of the reference suite at random (modules, helpers a tool
inherits from, companions, prompts, the configuration, ``AGENTS.md`` files;
editing, adding and deleting files) and after each step compare the output
of a check that uses the state with that of a check without any cache.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.api import load_project
from doxtool.cli import cli
from doxtool.rules.engine import select_rules
from doxtool.rules.examples import WAIT_DOX, WAIT_PY, with_files
from doxtool.rules.tool_prompts import WAIT_PROMPT, WRAPPER
from doxtool.run import incremental
from doxtool.run import state as states
from doxtool.run.edges import Edges

#: a base class in a helper module that two tools inherit ``execute`` from:
#: its terminal answer is reported once, in the helper, whichever tool comes
#: first (a finding that sits in another module than the one checked)
BASE_PY = """\
from helpers.tool import Response, Tool


class AnsweringTool(Tool):
    async def execute(self, **kwargs) -> Response:
        text = self.args.get("text")
        return Response(message=text, break_loop=True)
"""

ECHO_PY = """\
from helpers.answering import AnsweringTool


class {cls}(AnsweringTool):
    pass
"""

#: shared code of the tools that import it, not a tool (no DOX004 while one does)
COMMON_PY = """\
def fmt(value):
    return str(value)
"""
#: the line a random edit adds to a tool, or takes out
COMMON_IMPORT = "from tools._common import fmt\n"

EXTRA = {
    "assets/style.css": "body { margin: 0; }\n",
    "tools/_common.py": COMMON_PY,
    "scripts/build.py": "def clean():\n    return None\n",
    "helpers/answering.py": BASE_PY,
    "tools/echo.py": ECHO_PY.format(cls="EchoTool"),
    "tools/shout.py": ECHO_PY.format(cls="ShoutTool"),
}


def _check(root: Path, monkeypatch: pytest.MonkeyPatch, *extra: str) -> tuple[int, object]:
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "--format", "json", *extra])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    if result.exit_code not in (0, 1):
        return result.exit_code, result.stderr
    return result.exit_code, json.loads(result.stdout)


def _files(root: Path, pattern: str) -> list[Path]:
    return sorted(p for p in root.glob(pattern) if p.is_file())


def _edit(root: Path, rng: random.Random, step: int) -> str:
    """One random edit of the repository; what it did."""
    tools = _files(root, "tools/*.py")
    companions = _files(root, "tools/*.py.dox.md")
    helpers = [p for p in _files(root, "helpers/*.py") if p.name != "__init__.py"]
    kind = rng.choice(
        [
            "module",
            "module",
            "module",
            "module",
            "helper",
            "companion",
            "companion",
            "suppression",
            "add",
            "delete",
            "prompt",
            "config",
            "agents",
            "asset",
            "script",
        ]
    )
    if kind in ("module", "helper", "suppression"):
        pool = tools if kind != "helper" else helpers
        if not pool:
            return "nothing"
        path = rng.choice(pool)
        text = path.read_text(encoding="utf-8")
        choice = rng.randrange(8)
        if kind == "suppression":
            lines = text.splitlines(keepends=True)
            at = rng.randrange(len(lines) + 1)
            code = rng.choice(["DOX303", "DOX105", "DOX111", "PRM005"])
            lines.insert(at, f"# doxtool: ignore[{code}]\n")
            text = "".join(lines)
        elif choice == 0:
            text = f"# edit {step}\n" + text
        elif choice == 1:
            text += f"\n\ndef extra_{step}(value):\n    return value + {step}\n"
        elif choice == 2:
            text = text.replace(
                "self.args.get(", f'self.args.get("arg_{step}") or self.args.get(', 1
            )
        elif choice == 3:
            text = "import subprocess\n" + text
        elif choice == 4:
            text += "\n\ndef broken(:\n"
        elif choice == 5:
            text = text.replace("break_loop=False", "break_loop=True", 1)
        elif choice == 7:  # the shared module is imported here, or no longer
            if COMMON_IMPORT in text:
                text = text.replace(COMMON_IMPORT, "")
            else:
                text = COMMON_IMPORT + text
        else:  # a module no check read before is read now
            call = "        clean()\n        return Response("
            text = "from scripts.build import clean\n" + text.replace(
                "        return Response(", call, 1
            )
        path.write_text(text, encoding="utf-8")
        return f"{kind} {path.name} ({choice})"
    if kind == "companion":
        if not companions:
            return "nothing"
        path = rng.choice(companions)
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        if lines and rng.random() < 0.5:
            del lines[rng.randrange(len(lines))]
        else:
            lines.insert(rng.randrange(len(lines) + 1), f"- Stray item {step}.\n")
        path.write_text("".join(lines), encoding="utf-8")
        return f"companion {path.name}"
    if kind == "add":
        name = f"added_{step}"
        source = rng.choice(tools) if tools else None
        text = source.read_text(encoding="utf-8") if source else ECHO_PY.format(cls="AddedTool")
        (root / "tools" / f"{name}.py").write_text(text, encoding="utf-8")
        if source is not None and rng.random() < 0.5:
            companion = source.with_name(source.name + ".dox.md")
            if companion.exists():
                (root / "tools" / f"{name}.py.dox.md").write_text(
                    companion.read_text(encoding="utf-8"), encoding="utf-8"
                )
        return f"add {name}"
    if kind == "delete":
        pool = [*tools, *companions]
        if not pool:
            return "nothing"
        path = rng.choice(pool)
        path.unlink()
        return f"delete {path.name}"
    if kind == "prompt":
        return _edit_prompt(root, rng, step)
    if kind == "script":
        script = root / "scripts" / "build.py"
        script.write_text(
            script.read_text(encoding="utf-8").replace("return", f"print({step})\n    return", 1),
            encoding="utf-8",
        )
        return "script"
    if kind == "asset":
        style = root / "assets" / "style.css"
        style.write_text(style.read_text(encoding="utf-8") + f"p{step} {{}}\n", encoding="utf-8")
        return "asset"
    if kind == "config":
        config = root / "pyproject.toml"
        text = config.read_text(encoding="utf-8")
        if 'ignore = ["DOX130"]' in text:
            text = text.replace('ignore = ["DOX130"]\n', "")
        else:
            text = text.replace("[tool.doxtool]\n", '[tool.doxtool]\nignore = ["DOX130"]\n')
        config.write_text(text, encoding="utf-8")
        return "config"
    agents = root / "tools" / "AGENTS.md"
    text = agents.read_text(encoding="utf-8") if agents.exists() else "# tools\n"
    agents.write_text(text + f"\nSee `missing_{step}.py`.\n", encoding="utf-8")
    return "agents"


def _edit_prompt(root: Path, rng: random.Random, step: int) -> str:
    """One random edit of a prompt file, the core's or a profile's: what it
    teaches, its arguments and examples, its length (a listing's budget), or
    its readability."""
    prompts = [*_files(root, "prompts/*.md"), *_files(root, "agents/*/prompts/*.md")]
    path = rng.choice(prompts)
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
    tool = rng.choice(["wait", "response", "shout", "echo", f"gone_{step}", "unknown"])
    choice = rng.randrange(8)
    if choice == 0 and lines:
        del lines[rng.randrange(len(lines))]
    elif choice == 1:
        lines.append(f"args: `arg_{step}`\n")
    elif choice == 2:  # a tool taught here no longer, or one more
        headings = [i for i, line in enumerate(lines) if line.startswith("### ")]
        if headings and rng.random() < 0.5:
            lines[rng.choice(headings)] = f"## renamed {step}\n"
        else:
            lines.append(f"### {tool}\nDoes what it says.\n")
    elif choice == 3:
        call = f'{{"tool_name": "{tool}", "tool_args": {{"arg_{step}": 1}}}}'
        lines.append(f"usage:\n~~~json\n{call}\n~~~\n")
    elif choice == 4:  # longer or shorter than the profile's budget
        lines.append("Text of some length. " * rng.randrange(1, 40) + "\n")
    elif choice == 5:
        lines = [line.replace("{{tools}}", "") for line in lines]
        if rng.random() < 0.5:
            lines.append("{{tools}}\n")
    elif choice == 6:
        lines.append(f"<!-- doxtool: ignore[{rng.choice(['PRM002', 'PRM003', 'PRM009'])}] -->\n")
    else:  # unreadable, or readable again
        text = "".join(lines)
        lines = [text.replace("\ufffd", "") if "\ufffd" in text else text + "\udcff"]
    path.write_bytes("".join(lines).encode("utf-8", "surrogateescape"))
    return f"prompt {path.relative_to(root)} ({choice}, {tool})"


def _listing_budget(root: Path) -> None:
    """Give the profile a budget its listing is at the edge of, so that a
    prompt edit may put it over or under."""
    profile = root / "agents" / "tiny-local" / "prompts"
    size = sum(
        len(p.read_text(encoding="utf-8"))
        for p in {
            p.name: p
            for p in [*_files(root, "prompts/agent.system.tool*.md"), *_files(profile, "*.md")]
        }.values()
        if p.name.startswith("agent.system.tool")
    )
    config = root / "pyproject.toml"
    text = config.read_text(encoding="utf-8")
    config.write_text(
        text + f"\n[tool.doxtool.profiles.tiny-local]\nbudget = {size + 30}\n", encoding="utf-8"
    )


def _compare(root: Path, monkeypatch: pytest.MonkeyPatch, what: str) -> None:
    incremental_run = _check(root, monkeypatch)
    full_run = _check(root, monkeypatch, "--no-cache")
    assert incremental_run == full_run, what
    # every edit leaves a repository doxtool checks: an error in both runs
    # would compare equal, and leave no state to test
    assert full_run[0] in (0, 1), (what, full_run)


def _sequence(
    reference_repo: Path,
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
    steps: int,
    prompts_only: bool = False,
) -> int:
    """Random edits (one or two of any kind a step, or one prompt edit),
    each step followed by the comparison; how many runs were incremental
    (the state was used)."""
    root = reference_repo
    write_files(root, EXTRA)
    _listing_budget(root)
    rng = random.Random(seed)
    _check(root, monkeypatch)  # the first run writes the state
    used = 0
    done: list[str] = []
    for step in range(steps):
        if prompts_only:
            done.append(_edit_prompt(root, rng, step))
        else:
            for _ in range(1 if rng.random() < 0.7 else 2):
                done.append(_edit(root, rng, step))
        _compare(root, monkeypatch, f"seed {seed}: {done}")
        state = states.read_state(root / ".doxtool_cache" / states.STATE)
        used += state["run"] == "incremental"
    return used


@pytest.mark.parametrize("seed", [1, 2])
def test_incremental_equals_full_on_random_edits(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    assert _sequence(reference_repo, monkeypatch, seed, steps=8) >= 2


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 9))
def test_incremental_equals_full_on_longer_sequences(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    assert _sequence(reference_repo, monkeypatch, seed, steps=20) >= 4


@pytest.mark.parametrize("seed", [1, 2])
def test_incremental_equals_full_on_random_prompt_edits(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    assert _sequence(reference_repo, monkeypatch, seed, steps=8, prompts_only=True) >= 4


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 9))
def test_incremental_equals_full_on_longer_prompt_sequences(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    assert _sequence(reference_repo, monkeypatch, seed, steps=16, prompts_only=True) >= 8


def _verbose_check(root: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, int, list[str]]:
    """How a check ran (full or incremental), how many modules it re-checked,
    and the paths of its PRM001 findings."""
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "-v", "--format", "json"])
    state = states.read_state(root / ".doxtool_cache" / states.STATE)
    counted = re.search(r"(\d+) modules? re-checked", result.stderr)
    found = json.loads(result.stdout)
    paths = sorted(f["path"] for f in found if f["code"] == "PRM001")
    return state["run"], int(counted.group(1)) if counted else -1, paths


def test_a_prompt_edit_rechecks_the_tools_it_taught_and_teaches(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A prompt that starts to teach a tool re-checks that tool alone, and so
    does one that stops: what the prompt taught before comes from the state,
    since the file no longer says it."""
    root = reference_repo
    write_files(root, EXTRA)
    prompt = root / "prompts" / "agent.system.tool.wait.md"
    original = prompt.read_text(encoding="utf-8")
    assert _verbose_check(root, monkeypatch)[2] == ["tools/echo.py", "tools/shout.py"]
    prompt.write_text(original + "### shout\nShouts the text back.\n", encoding="utf-8")
    # the wait tool (the file name's), the shout tool (taught now) and the echo
    # tool, which shares the base class whose findings either may report
    assert _verbose_check(root, monkeypatch) == ("incremental", 3, ["tools/echo.py"])
    _compare(root, monkeypatch, "shout taught")
    prompt.write_text(original, encoding="utf-8")
    assert _verbose_check(root, monkeypatch) == (
        "incremental",
        3,
        ["tools/echo.py", "tools/shout.py"],
    )
    _compare(root, monkeypatch, "shout no longer taught")


@pytest.mark.parametrize(
    ("path", "edit", "why"),
    [
        ("prompts/agent.system.tool.wait.md", b"\xff", "no longer a prompt file read whole"),
        ("prompts/AGENTS.md", b"\nMore.\n", "not a module, companion or prompt"),
    ],
)
def test_a_prompt_edit_it_cannot_scope_means_a_full_run(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch, path: str, edit: bytes, why: str
) -> None:
    """A prompt file that cannot be read now (discovery leaves it out) and a
    prompt directory's ``AGENTS.md`` (which the DOX2xx rules read as a
    tree) are checked by a full run."""
    root = reference_repo
    write_files(root, EXTRA)
    _check(root, monkeypatch)
    (root / path).write_bytes((root / path).read_bytes() + edit)
    _compare(root, monkeypatch, path)
    state = states.read_state(root / ".doxtool_cache" / states.STATE)
    assert state["run"] == "full"
    assert state["why"] == f"{path}: {why}"


#: a wait prompt whose example holds ``topic``, and a reply example that shows it
_TOPIC_PROMPT = WAIT_PROMPT.replace('"headline"', '"topic": "Now", "headline"')
_TOPIC_REPLY = '`{"topic": "x", "tool_name": "response", "tool_args": {"text": "hi"}}`\n'


#: small repositories (besides the framework and the wait tool), a prompt
#: edit whose findings fall outside the edited file, and one of those
#: findings (code, path, whether a full run reports it after the edit)
_REACHING_EDITS = {
    # the listing's anchor is a wrapper in a second prompt directory (the
    # core set's, as the first's files are): its size finding (PRM009)
    # changes with the tool prompt
    "an anchor in the second prompt directory": (
        {
            "pyproject.toml": '[tool.doxtool]\nprompt-dirs = ["prompts", "extra"]\n'
            "[tool.doxtool.profiles.default]\nbudget = 400\n",
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            "extra/agent.system.tools.md": WRAPPER,
        },
        {"prompts/agent.system.tool.wait.md": WAIT_PROMPT + "\nMore words. " * 40},
        ("PRM009", "extra/agent.system.tools.md", True),
    ),
    # a plugin's tool prompt is in every listing (its `{{tools}}`)
    "a plugin's tool prompt": (
        {
            "pyproject.toml": "[tool.doxtool.profiles.default]\nbudget = 400\n",
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            "prompts/agent.system.tools.md": WRAPPER,
            "plugins/mem/prompts/agent.system.tool.mem.md": "Remember.\n",
        },
        {"plugins/mem/prompts/agent.system.tool.mem.md": "Remember. " * 40},
        ("PRM009", "prompts/agent.system.tools.md", True),
    ),
    # a core file is on a profile's search path though the profile overrides
    # it: the override renders it (`{{include original}}`)
    "a core file a profile's override includes": (
        {
            "pyproject.toml": "[tool.doxtool.profiles.tiny-local]\nbudget = 600\n",
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            "prompts/agent.system.tools.md": WRAPPER,
            "agents/tiny-local/prompts/agent.system.tools.md": WRAPPER,
            "agents/tiny-local/prompts/agent.system.tool.wait.md": "Tiny.\n{{include original}}\n",
        },
        {"prompts/agent.system.tool.wait.md": WAIT_PROMPT + "\nMore words. " * 40},
        ("PRM009", "agents/tiny-local/prompts/agent.system.tools.md", True),
    ),
    # the keys a reply may hold come from the communication prompt (PRM007)
    "a communication prompt": (
        {
            "prompts/agent.system.tool.wait.md": _TOPIC_PROMPT,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.main.communication.md": "## Communication\nJSON.\n",
        },
        {"prompts/agent.system.main.communication.md": _TOPIC_REPLY},
        ("PRM007", "prompts/agent.system.tool.wait.md", False),
    ),
    # and from the files it includes, for a profile's own prompts too
    "a file a profile's communication prompt includes": (
        {
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            "prompts/agent.system.tools.md": WRAPPER,
            "agents/terse/prompts/agent.system.tool.wait.md": _TOPIC_PROMPT,
            "agents/terse/prompts/agent.system.main.communication.md": (
                '{{ include "agent.system.main.reply.md" }}\n'
            ),
            "agents/terse/prompts/agent.system.main.reply.md": _TOPIC_REPLY,
        },
        {"agents/terse/prompts/agent.system.main.reply.md": "Reply in JSON.\n"},
        ("PRM007", "agents/terse/prompts/agent.system.tool.wait.md", True),
    ),
    # a list item teaches the tool: no heading, no example
    "a list item": (
        {
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            "prompts/agent.system.tools.md": WRAPPER,
        },
        {"prompts/agent.system.tool.wait.md": "Tools:\n\n- `wait`: pause for `seconds`\n"},
        ("PRM001", "tools/wait.py", False),
    ),
    # the tool's own prompt is cut short (PRM011), another stops teaching it
    "the tool's own prompt unreadable": (
        {
            "prompts/agent.system.tool.wait.md": ">" * 30 + " deep\n",
            "prompts/agent.system.misc.md": WAIT_PROMPT,
            "prompts/agent.system.tools.md": WRAPPER,
        },
        {"prompts/agent.system.misc.md": "Nothing to see.\n"},
        ("PRM001", "tools/wait.py", False),
    ),
}


def _write_wait_repo(root: Path, files: dict[str, str]) -> None:
    """The framework, the wait tool and its companion, and ``files``."""
    write_files(
        root,
        with_files(
            {
                "pyproject.toml": "[tool.doxtool]\n",
                "tools/wait.py": WAIT_PY,
                "tools/wait.py.dox.md": WAIT_DOX,
                **files,
            }
        ),
    )


@pytest.mark.parametrize("case", sorted(_REACHING_EDITS))
def test_a_prompt_edit_whose_findings_fall_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    files, edit, (code, path, reported) = _REACHING_EDITS[case]
    _write_wait_repo(tmp_path, files)
    _check(tmp_path, monkeypatch)
    write_files(tmp_path, edit)
    _compare(tmp_path, monkeypatch, case)
    found = _check(tmp_path, monkeypatch)[1]
    assert any(f["code"] == code and f["path"] == path for f in found) is reported
    state = states.read_state(tmp_path / ".doxtool_cache" / states.STATE)
    assert state["run"] == "incremental"


def test_a_prompt_edit_that_keeps_size_and_time_is_read_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The snapshot tells an edit that keeps a file's size and modification
    time by its digest; the prompt index, which goes by size and time, must
    not answer for that file."""
    _write_wait_repo(
        tmp_path,
        {
            "tools/other.py": WAIT_PY.replace("WaitTool", "OtherTool"),
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            "prompts/agent.system.tool.other.md": WAIT_PROMPT.replace("wait", "other"),
            "prompts/agent.system.tools.md": WRAPPER,
        },
    )
    _check(tmp_path, monkeypatch)
    prompt = tmp_path / "prompts" / "agent.system.tool.wait.md"
    stat = prompt.stat()
    prompt.write_text(WAIT_PROMPT.replace("wait", "xait"), encoding="utf-8")
    os.utime(prompt, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert prompt.stat().st_size == stat.st_size
    other = tmp_path / "tools" / "other.py"
    other.write_text("# edited\n" + other.read_text(encoding="utf-8"), encoding="utf-8")
    _compare(tmp_path, monkeypatch, "xait")
    found = _check(tmp_path, monkeypatch)[1]
    assert any(f["code"] == "PRM001" and f["path"] == "tools/wait.py" for f in found)


def test_an_edit_of_a_file_no_check_reads_rechecks_nothing(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = reference_repo
    write_files(root, {**EXTRA, "docs/notes.txt": "notes\n"})
    _check(root, monkeypatch)
    write_files(root, {"assets/style.css": "p { }\n", "docs/notes.txt": "more notes\n"})
    assert _verbose_check(root, monkeypatch)[:2] == ("incremental", 0)
    _compare(root, monkeypatch, "assets")


@pytest.mark.parametrize(
    ("path", "unread"),
    [
        ("assets/style.css", True),
        ("docs/logo.svg", True),
        ("tools/notes.txt", True),
        ("docs/guide.md", False),
        ("docs/README.MD", False),
        ("scripts/build.py", True),
        ("scripts/BUILD.PY", False),
        ("helpers/answering.py", False),
        ("tools/wait.py", False),
        ("tests/reference/test_unread.py", False),
        ("pyproject.toml", False),
        ("sub/doxtool.toml", False),
        ("plugin.yaml", False),  # a standalone plugin's name: how its modules import the root's
        ("docs/plugin.yaml", True),
        ("templates/companion.md.j2", False),
        ("templates", False),
        ("accepted.json", False),
        ("other.json", True),
    ],
)
def test_which_files_no_check_reads(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch, path: str, unread: bool
) -> None:
    """Markdown, tests, the configuration, the root's ``plugin.yaml``, the
    templates, the baseline and the modules whose facts the last run read
    are read; an edit of any other
    file changes no finding."""
    root = reference_repo
    config = root / "pyproject.toml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            "[tool.doxtool]\n",
            '[tool.doxtool]\ntemplates-dir = "./templates/"\nbaseline = "accepted.json"\n',
        ),
        encoding="utf-8",
    )
    files = {"templates/README": "", "tests/reference/test_unread.py": ""}
    write_files(root, {**EXTRA, **files})
    monkeypatch.chdir(root)
    assert CliRunner().invoke(cli, ["baseline", "write"]).exit_code == 0
    assert _check(root, monkeypatch)[0] in (0, 1)
    codes = [rule.code for rule in select_rules()]  # the state's key names the rules
    session = incremental.Session(load_project(root), codes)
    assert session.old is not None
    assert session._unread(path) is unread


def _age(root: Path) -> None:
    """Every file and link a minute old: none is racy for the next snapshot."""
    for directory, _, names in os.walk(root):
        for name in names:
            path = os.path.join(directory, name)
            stat = os.lstat(path)
            ns = (stat.st_atime_ns, stat.st_mtime_ns - 60 * 10**9)
            os.utime(path, ns=ns, follow_symlinks=False)


#: files, links (name -> target) and an edit after which a file that is
#: neither Python nor Markdown changes findings: it is what a link leads
#: to, or a link itself
_LINKED_EDITS = {
    "a prompt linked to a text file": (
        {"prompts/agent.system.tools.md": WRAPPER, "shared/wait.txt": WAIT_PROMPT},
        {"prompts/agent.system.tool.wait.md": "../shared/wait.txt"},
        lambda root: (root / "shared" / "wait.txt").write_text(
            WAIT_PROMPT.replace("wait", "xait"), encoding="utf-8"
        ),
    ),
    "an AGENTS.md linked to a text file": (
        {"docs/agents.txt": "# docs\n\nSee [x](x.md).\n", "docs/x.md": "x\n"},
        {"docs/AGENTS.md": "agents.txt"},
        lambda root: (root / "docs" / "agents.txt").write_text(
            "# docs\n\nSee [y](y.md).\n", encoding="utf-8"
        ),
    ),
    "a link pointed elsewhere": (
        {"docs/AGENTS.md": "# docs\n\nSee [latest](latest.txt).\n", "docs/v1.txt": "one\n"},
        {"docs/latest.txt": "v1.txt"},
        lambda root: (
            (root / "docs" / "latest.txt").unlink(),
            (root / "docs" / "latest.txt").symlink_to("v9.txt"),
        ),
    ),
}


@pytest.mark.parametrize("case", sorted(_LINKED_EDITS))
def test_a_file_a_link_leads_to_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    files, links, edit = _LINKED_EDITS[case]
    _write_wait_repo(tmp_path, files)
    for name, target in links.items():
        (tmp_path / name).symlink_to(target)
    _age(tmp_path)
    before = _check(tmp_path, monkeypatch)
    edit(tmp_path)
    _compare(tmp_path, monkeypatch, case)
    assert _check(tmp_path, monkeypatch) != before  # the edit changed a finding


def test_an_edited_tool_is_checked_alone(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit of one tool module re-checks that module and what reaches
    it, not the repository: the facts of the others are not read."""
    root = reference_repo
    write_files(root, EXTRA)
    _check(root, monkeypatch)
    wait = root / "tools" / "wait.py"
    wait.write_text("# edited\n" + wait.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "-v"])
    assert "doxtool: parse" not in result.stderr  # no full run's parse phase
    assert "module re-checked" in result.stderr or "modules re-checked" in result.stderr
    state = states.read_state(root / ".doxtool_cache" / states.STATE)
    assert state["run"] == "incremental"
    assert "tools/wait.py" in Edges(state["edges"])
    _compare(root, monkeypatch, "edited wait.py")


@pytest.mark.parametrize(
    "damage",
    [
        lambda state: {**state, "listing": 12},
        lambda state: {**state, "listing": "ftools/wait.py:not a stamp"},
        lambda state: {**state, "digests": None},
        lambda state: {**state, "racy": {"tools/wait.py": "not a stamp"}},
        lambda state: {**state, "bare": 3},
        lambda state: {**state, "findings": [{"code": 12}]},
        lambda state: {**state, "edges": [1, 2]},
        lambda state: {**state, "also_read": None},
        lambda state: {**state, "taken": "yesterday"},
        lambda state: {**state, "racy": {"a": 1}},
        lambda state: [state],
    ],
)
def test_a_damaged_state_means_a_full_run(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch, damage
) -> None:
    root = reference_repo
    _check(root, monkeypatch)
    path = root / ".doxtool_cache" / states.STATE
    states.write_state(path, damage(states.read_state(path)))
    wait = root / "tools" / "wait.py"
    wait.write_text("# edited\n" + wait.read_text(encoding="utf-8"), encoding="utf-8")
    _compare(root, monkeypatch, "damaged state")
    assert states.read_state(path)["run"] == "full"


def _relength(data: bytes, change: int) -> bytes:
    """The state's bytes with its first text's length off by ``change``."""
    head, _, rest = data.partition(b"\n")
    value = json.loads(head)
    name = next(iter(value["texts"]))
    value["texts"][name] += change
    return json.dumps(value).encode() + b"\n" + rest


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[:-1],
        lambda data: data + b"x",
        lambda data: data.replace(b"\n", b" ", 1),
        lambda data: _relength(data, 1),
        lambda data: _relength(data, -1),
        lambda data: data.replace(b"tools/wait.py", b"tools/\xffait.py"),
        lambda data: b"[" + data,
    ],
)
def test_a_state_whose_parts_do_not_add_up_means_a_full_run(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch, damage
) -> None:
    """The texts after the state's JSON line are taken by the lengths it
    gives: a file cut short or grown, a length off by one, bytes that are
    not UTF-8 are no state at all."""
    root = reference_repo
    _check(root, monkeypatch)
    path = root / ".doxtool_cache" / states.STATE
    data = path.read_bytes()
    path.write_bytes(damage(data))
    assert path.read_bytes() != data
    assert states.read_state(path) is None
    wait = root / "tools" / "wait.py"
    wait.write_text("# edited\n" + wait.read_text(encoding="utf-8"), encoding="utf-8")
    _compare(root, monkeypatch, "state that does not add up")
    assert states.read_state(path)["run"] == "full"


def test_a_related_tests_block_is_rewritten_in_place(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A companion that lost the heading over its related-tests block gets
    the block rendered again from the derived items (a crash once: the
    renderer took them for paths)."""
    companion = reference_repo / "tools" / "wait.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    companion.write_text(text.replace("## Verification\n", "", 1), encoding="utf-8")
    code, findings = _check(reference_repo, monkeypatch)
    assert code == 1, findings
    assert any(f["path"].endswith("wait.py.dox.md") for f in findings)  # type: ignore[union-attr]


def test_a_full_run_in_an_unchanged_tree_keeps_the_edges_it_would_compute(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full run after an ``AGENTS.md`` edit reuses the stored edges of modules whose
    bytes did not change; they equal the edges a run without a state stores,
    and an edit that adds a module reaches the edges of the modules naming it."""
    root = reference_repo
    write_files(root, EXTRA)
    path = root / ".doxtool_cache" / states.STATE
    agents = root / "tools" / "AGENTS.md"

    def stored_after_full_run(fresh: bool) -> dict[str, list[str]]:
        if fresh:
            path.unlink(missing_ok=True)
        agents.write_text(agents.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        _check(root, monkeypatch)
        state = states.read_state(path)
        assert state["run"] == "full"
        return dict(Edges(state["edges"]).items())

    _check(root, monkeypatch)
    reused = stored_after_full_run(fresh=False)
    assert reused == stored_after_full_run(fresh=True)
    assert "helpers/answering.py" in reused["tools/echo.py"]
    # a module that now exists under a name a tool's facts hold: a new edge
    write_files(root, {"helpers/answering/__init__.py": ""})
    (root / "helpers" / "answering.py").unlink()
    write_files(root, {"helpers/answering/__init__.py": BASE_PY})
    after = stored_after_full_run(fresh=False)
    assert "helpers/answering/__init__.py" in after["tools/echo.py"]
    assert after == stored_after_full_run(fresh=True)


@pytest.mark.slow
def test_the_console_script_snapshot_is_the_walked_one(reference_repo: Path) -> None:
    """The console script takes the snapshot off the listing it took for its
    record; the state it stores equals a snapshot walked afresh, and a later
    edit is seen through it."""
    import os
    import subprocess
    import sys

    from doxtool.core.config import config_at
    from doxtool.run.project import Project
    from doxtool.run.snapshot import take

    root = reference_repo
    write_files(root, {**EXTRA, "vendor/lib.py": "x = 1\n", "tools/data.bin": b"\x00\x01"})
    (root / "tools" / "link.py").symlink_to(root / "tools" / "echo.py")
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text()
    assert 'extend-exclude = ["bench/corpus"' in text
    pyproject.write_text(
        text.replace(
            'extend-exclude = ["bench/corpus"', 'extend-exclude = ["vendor", "bench/corpus"'
        )
    )
    script = Path(sys.executable).parent / "doxtool"

    def run() -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
        return subprocess.run(
            [str(script), "check", "--format", "json"],
            cwd=root,
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )

    wait = root / "tools" / "wait.py"
    # names a listing line must escape: one that would read as the lines of
    # two other files (one of them pyproject.toml as it is now), a backslash
    info = pyproject.stat()
    forged = f"x:1:2\nfpyproject.toml:{info.st_mtime_ns}:{info.st_size}"
    (root / forged).write_text("forged\n")
    (root / "tools" / "back\\slash.md").write_text("b\n")

    first = run()
    assert first.returncode in (0, 1), first.stderr
    state = states.read_state(root / ".doxtool_cache" / states.STATE)
    tree, changed, _ = take(Project(root.resolve(), config_at(root)), None)
    assert changed is None
    assert set(tree.listing.split("\n")) == set(state["listing"].split("\n"))
    assert set(tree.digests.split("\n")) == set(state["digests"].split("\n"))
    assert sorted(tree.bare) == state["bare"] == ["tools/link.py"]
    files = tree.listing.split("\n")
    assert not any(line.startswith("fvendor/") for line in files)
    assert tree.get("tools/link.py") is not None and tree.digest("tools/link.py") == ""
    for name in (forged, "pyproject.toml", "tools/back\\slash.md"):
        stat = (root / name).stat()
        assert tree.get(name) == (stat.st_mtime_ns, stat.st_size), name
    assert tree.get("x") is None
    assert tree.digest("tools/back\\slash.md") and tree.digest(forged)

    wait.write_text("# edited\n" + wait.read_text(encoding="utf-8"), encoding="utf-8")
    second = run()
    state = states.read_state(root / ".doxtool_cache" / states.STATE)
    assert state["run"] == "incremental", state["why"]
    (root / ".doxtool_cache" / states.STATE).unlink()
    assert second.stdout == run().stdout


def test_an_incremental_check_discovers_the_prompt_sets_once(
    reference_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The contexts of one run share the prompt sets: a whole check that
    re-checks an edited module discovers them as often as one context does."""
    from doxtool import api
    from doxtool.run import promptsets
    from doxtool.run.context import Context, Scope

    root = reference_repo
    calls: list[object] = []
    real = promptsets.discover_prompt_sets

    def counted(*args: object) -> object:
        calls.append(args)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(promptsets, "discover_prompt_sets", counted)
    project = api.load_project(root, cwd=root, use_cache=False)
    assert Context(project, Scope(modules=set())).prompt_sets
    once = len(calls)
    assert once >= 1
    _check(root, monkeypatch)
    wait = root / "tools" / "wait.py"
    wait.write_text("# edited\n" + wait.read_text(encoding="utf-8"), encoding="utf-8")
    calls.clear()
    _check(root, monkeypatch)
    state = states.read_state(root / ".doxtool_cache" / states.STATE)
    assert state["run"] == "incremental", state["why"]
    assert len(calls) == once
    project.forget()  # files were written: discovered again
    calls.clear()
    assert Context(project, Scope(modules=set())).prompt_sets
    assert len(calls) == once


@pytest.mark.parametrize("subpackage", ["rules", "agents", "formats"])
def test_another_doxtool_means_a_full_run(
    reference_repo: Path, tmp_path: Path, subpackage: str
) -> None:
    """The state is kept by every file of doxtool's package: after a change
    to a rule's module (a message, a fix), an edit's check runs every rule
    again instead of keeping the old rules' findings of what it does not reach."""
    import shutil
    import subprocess
    import sys

    import doxtool

    package = tmp_path / "dx" / "doxtool"
    shutil.copytree(
        Path(doxtool.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__")
    )
    env = {**os.environ, "PYTHONPATH": str(package.parent)}

    def check() -> None:
        run = subprocess.run(
            [sys.executable, "-m", "doxtool", "check", "--jobs", "1"],
            cwd=reference_repo,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode in (0, 1), run.stderr

    check()
    state = reference_repo / ".doxtool_cache" / states.STATE
    wait = reference_repo / "tools" / "wait.py"
    wait.write_text("# edited\n" + wait.read_text(encoding="utf-8"), encoding="utf-8")
    check()
    assert states.read_state(state)["run"] == "incremental"
    changed = sorted((package / subpackage).glob("*.py"))[-1]
    changed.write_text(changed.read_text(encoding="utf-8") + "# another doxtool\n")
    wait.write_text("# edited again\n" + wait.read_text(encoding="utf-8"), encoding="utf-8")
    check()
    assert states.read_state(state)["run"] == "full"


NOTES_DISPATCH_PY = """\
from helpers.tool import Response, Tool


class NotesTool(Tool):
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action", "list")
        if action == "add":
            return Response(message=self.args["text"], break_loop=False)
        elif action == "{value}":
            return Response(message="waited", break_loop=False)
        return Response(message="notes", break_loop=False)
"""

NOTES_DISPATCH_PROMPT = """\
### notes
keep short notes for the user.

Set `action` to one of: `add`, `wait`, `list`.
args: `text`

See also:
- `wait`: pause until a duration passes; args `seconds`
"""


@pytest.mark.parametrize(("before", "after"), [("wait", "sleep"), ("sleep", "wait")])
def test_a_tool_edit_rereads_the_list_items_of_its_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, before: str, after: str
) -> None:
    """Whether a list item of a tool's prompt names a tool or a value of the
    tool's argument turns on the tool's code: after the code changes its
    values, the tool the item names is taught (or not) as a full run has it."""
    _write_wait_repo(
        tmp_path,
        {
            "tools/notes.py": NOTES_DISPATCH_PY.format(value=before),
            "prompts/agent.system.tool.notes.md": NOTES_DISPATCH_PROMPT,
        },
    )
    (tmp_path / "prompts" / "agent.system.tool.wait.md").unlink(missing_ok=True)

    def wait_untaught() -> bool:
        found = _check(tmp_path, monkeypatch)[1]
        assert isinstance(found, list)
        return any(f["code"] == "PRM001" and f["path"] == "tools/wait.py" for f in found)

    assert wait_untaught() is (before == "wait")
    (tmp_path / "tools" / "notes.py").write_text(
        NOTES_DISPATCH_PY.format(value=after), encoding="utf-8"
    )
    assert wait_untaught() is (after == "wait")
    state = states.read_state(tmp_path / ".doxtool_cache" / states.STATE)
    assert state["run"] == "incremental"
    _compare(tmp_path, monkeypatch, f"{before} -> {after}")
