"""bench/conformance.py: its companion parser, its call chains, and a run on a small corpus."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from samples import write_files

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from dox_conformance.chains import call_chains, convention_helpers
from dox_conformance.companion import FIDELITY_KINDS, identity, parse_companion, prose_lines
from dox_conformance.fix import compare_companion

REPO_ROOT = Path(__file__).resolve().parents[1]
SCRIPT = REPO_ROOT / "bench" / "conformance.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("conformance", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["conformance"] = module
    spec.loader.exec_module(module)
    return module


conformance = load_script()

FLAT = (
    "- This directory is a file-documented DOX profile: every direct `*.py` {noun} must have "
    "a same-directory `*.py.dox.md` file named by appending `.dox.md` to the full Python "
    "filename.\n"
)


def agents_md(noun: str) -> str:
    return (
        "# AGENTS\n\n## Purpose\n\n- Own this directory.\n\n## Local Contracts\n\n"
        + FLAT.format(noun=noun)
        + "\n## Child DOX Index\n\nNo child DOX files.\n"
    )


TOOL_BASE = """\
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool


class Tool:
    def __init__(self, agent, name: str, args: dict) -> None:
        self.agent = agent
        self.name = name
        self.args = args

    async def execute(self, **kwargs) -> Response:
        return Response(message="", break_loop=False)
"""

TOOL_BASE_COMPANION = """\
# tool.py DOX

## Purpose

- Own the `tool.py` helper module.
- This module defines the base agent tool class and response contract.

## Ownership

- `tool.py` owns the runtime implementation.
- Classes:
- `Response` (no explicit base class)
- `Tool` (no explicit base class)
  - `async execute(self, **kwargs) -> Response`
- Top-level functions:

## Runtime Contracts

- `Tool` defines `execute(...)`.
- Imported dependency areas include: `dataclasses`.

## Key Concepts

- Important called helpers/classes observed in the source: `dataclass`, `Response`.

## Verification

- No direct test reference was found by name search; choose the nearest behavioral test or perform a focused smoke check.

## Child DOX Index

No child DOX files.
"""

UTIL = '''\
import json
from pathlib import Path

LIMIT = 3
_CACHE: dict = {}


def add(a: int, b: int) -> int:
    """Add two numbers.

    More text.
    """
    return a + b


def load(path: str) -> dict:
    return json.loads(Path(path).read_text().strip())
'''

UTIL_COMPANION = """\
# util.py DOX

## Purpose

- Own the `util.py` helper module.
- This module adds numbers and loads JSON files.

## Ownership

- `util.py` owns the runtime implementation.
- Top-level functions:
- `add(a: int, b: int) -> int`: Add two numbers.
- `load(path: str) -> dict`
- Notable constants/configuration names: `LIMIT`, `_CACHE`.

## Runtime Contracts

- Callers rely on `load` raising for a missing file; keep it that way.
- Observed side-effect areas: filesystem reads, settings/state persistence.
- Imported dependency areas include: `json`, `pathlib`.

## Key Concepts

- Important called helpers/classes observed in the source: `json.loads`, `Path.read_text.strip`.

## Verification

- Related tests observed by source search:
  - `tests/test_util.py`

## Child DOX Index

No child DOX files.
"""

ECHO = """\
from helpers.tool import Response, Tool


class Echo(Tool):
    async def execute(self, **kwargs) -> Response:
        text = str(self.args.get("text", ""))
        return Response(message=text, break_loop=False)
"""

ECHO_PROMPT = """\
### echo
Repeat a text back.
usage:
~~~json
{
    "tool_name": "echo",
    "tool_args": {
        "text": "hello"
    }
}
~~~
"""


def echo_companion() -> str:
    return """\
# echo.py DOX

## Purpose

- Own the `echo.py` agent tool.
- This module repeats a text back to the agent.

## Ownership

- `echo.py` owns the runtime implementation.
- Classes:
- `Echo` (`Tool`)
  - `async execute(self, **kwargs) -> Response`

## Runtime Contracts

- `Echo` is a `Tool`.
- `Echo` defines `execute(...)`.
- Arguments of `Echo`:
  - `text`: optional string, default `""`.
- `break_loop` of `Echo`: always `false`.
- Imported dependency areas include: `helpers.tool`.

## Key Concepts

- Important called helpers/classes observed in the source: `Response`.

## Verification

- No direct test reference was found by name search; choose the nearest behavioral test or perform a focused smoke check.

## Child DOX Index

No child DOX files.
"""


def build_corpus(root: Path, util_companion: str = UTIL_COMPANION) -> Path:
    write_files(
        root,
        {
            "AGENTS.md": "# Project\n\n## Child DOX Index\n\nDirect child DOX files:\n\n"
            "| Child | Scope |\n| --- | --- |\n"
            "| [helpers/AGENTS.md](helpers/AGENTS.md) | Helpers. |\n"
            "| [tools/AGENTS.md](tools/AGENTS.md) | Tools. |\n",
            "helpers/__init__.py": "",
            "helpers/AGENTS.md": agents_md("helper module"),
            "helpers/tool.py": TOOL_BASE,
            "helpers/tool.py.dox.md": TOOL_BASE_COMPANION,
            "helpers/util.py": UTIL,
            "helpers/util.py.dox.md": util_companion,
            "helpers/orphanless.py": "def ping() -> str:\n    return 'pong'\n",
            "tools/AGENTS.md": agents_md("tool module"),
            "tools/echo.py": ECHO,
            "tools/echo.py.dox.md": echo_companion(),
            "prompts/agent.system.tool.echo.md": ECHO_PROMPT,
            "tests/test_util.py": "from helpers import util\n\n\ndef test_add():\n"
            "    assert util.add(1, 2) == 3\n",
        },
    )
    return root


# ---------------------------------------------------------------- the parser


def test_parser_reads_every_fact_kind() -> None:
    parsed = parse_companion(echo_companion() + UTIL_COMPANION)
    assert parsed.of("classes") == ["`Echo` (`Tool`)"]
    assert parsed.of("methods") == ["Echo: `async execute(self, **kwargs) -> Response`"]
    assert parsed.of("is-a/defines") == ["`Echo` is a `Tool`", "`Echo` defines `execute(...)`"]
    assert parsed.of("tool-contract") == [
        "Arguments of `Echo`:",
        'Arguments of `Echo`: - `text`: optional string, default `""`.',
        "`break_loop` of `Echo`: always `false`.",
    ]
    assert parsed.of("imports") == ["helpers.tool", "json", "pathlib"]
    assert parsed.of("helpers") == ["Response", "json.loads", "Path.read_text.strip"]
    assert parsed.of("markers") == ["no direct test reference"]
    assert parsed.of("functions") == [
        "`add(a: int, b: int) -> int`: Add two numbers.",
        "`load(path: str) -> dict`",
    ]
    assert parsed.of("constants") == ["LIMIT", "_CACHE"]
    assert parsed.of("side-effects") == ["filesystem reads", "settings/state persistence"]
    assert parsed.of("tests") == ["tests/test_util.py"]


def test_parser_keeps_prose_apart_from_facts() -> None:
    text = UTIL_COMPANION
    prose = prose_lines(text, parse_companion(text))
    assert "- Callers rely on `load` raising for a missing file; keep it that way." in prose
    assert "## Ownership" in prose
    assert not any(line.startswith("- `add(") for line in prose)
    assert "- Top-level functions:" not in prose
    # A bullet after a block that is no fact item ends the block and stays prose.
    odd = "- Top-level functions:\n- `f()`\n- Functions are pure.\n- `g()`\n"
    parsed = parse_companion(odd)
    assert parsed.of("functions") == ["`f()`"]
    assert prose_lines(odd, parsed) == ["- Functions are pure.", "- `g()`"]


def test_parser_reads_classes_without_bases_and_nested_method_lines() -> None:
    text = (
        "- Classes:\n- `A` (no explicit base class)\n  - `run(self) -> None`\n"
        "- `B`\n- `C` (`str`, `Enum`)\n  - `get(cls) -> 'C'`\n"
    )
    parsed = parse_companion(text)
    assert parsed.of("classes") == ["`A` (no explicit base class)", "`B`", "`C` (`str`, `Enum`)"]
    assert parsed.of("methods") == ["A: `run(self) -> None`", "C: `get(cls) -> 'C'`"]


def test_identity_ignores_a_function_docstring_line() -> None:
    assert identity("functions", "`f(x)`: Doc.") == identity("functions", "`f(x)`")
    assert identity("classes", "`A` (`B`)") == "A"


def test_compare_counts_items_prose_and_duplicates() -> None:
    rewritten = (
        UTIL_COMPANION.replace("`load(path: str) -> dict`", "`load(path: str, strict: bool)`")
        .replace("- Callers rely on `load` raising for a missing file; keep it that way.\n", "")
        .replace(
            "- `add(a: int, b: int) -> int`: Add two numbers.\n",
            "- `add(a: int, b: int) -> int`: Add two numbers.\n- `add(a: int, b: int) -> int`\n",
        )
        .replace(
            "- Imported dependency areas include:",
            "- Imported dependency areas include: `os`.\n- Imported dependency areas include:",
        )
    )
    entry = compare_companion(UTIL_COMPANION, rewritten)
    assert entry["removed"] == {"functions": ["`load(path: str) -> dict`"]}
    assert entry["added"] == {
        "functions": ["`add(a: int, b: int) -> int`", "`load(path: str, strict: bool)`"],
        "imports": ["os"],
    }
    assert entry["prose_lost"] == [
        "- Callers rely on `load` raising for a missing file; keep it that way."
    ]
    assert entry["duplicates"] == [
        {"kind": "functions", "item": "add(a: int, b: int) -> int"},
        {"kind": "block", "item": "- Imported dependency areas include:"},
    ]
    # Moving a prose line is no loss; an unchanged companion shows nothing.
    moved = UTIL_COMPANION.replace(
        "## Verification\n",
        "## Verification\n\n- Callers rely on `load` raising for a missing file; keep it that way.\n",
    )
    moved = moved.replace(
        "- Callers rely on `load` raising for a missing file; keep it that way.\n- Observed",
        "- Observed",
    )
    assert compare_companion(UTIL_COMPANION, moved)["prose_lost"] == []
    same = compare_companion(UTIL_COMPANION, UTIL_COMPANION)
    assert same == {"removed": {}, "added": {}, "prose_lost": [], "duplicates": []}


# ---------------------------------------------------------------- call chains


def test_call_chains_follow_the_format() -> None:
    source = (
        "import re\n"
        "def f(line, x):\n"
        "    Localization.get().now()\n"
        "    line.split(':')[0].strip()\n"
        "    '\\n'.join(x)\n"
        "    str(x).strip().lower()\n"
        "    print(len(x))\n"
        "re.compile('a')\n"
    )
    chains = call_chains(source)
    assert chains is not None
    # ast.walk is breadth-first: the module-level call comes before f's body.
    assert chains[0] == "re.compile"
    for name in ("Localization.get.now", "line.split.strip", "join", "str.strip.lower"):
        assert name in chains
    assert "print" in chains and "len" in chains
    helpers = convention_helpers(chains)
    assert "print" not in helpers and "len" not in helpers
    assert "Localization.get" not in helpers  # its last component is `get`
    assert call_chains("def (:\n") is None


def test_convention_helpers_cap_at_twenty() -> None:
    source = "".join(f"f{i}()\n" for i in range(30))
    assert convention_helpers(call_chains(source)) == [f"f{i}" for i in range(20)]


# ---------------------------------------------------------------- the run


def run_script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO_ROOT,
    )


def test_missing_corpus_is_a_one_line_error(tmp_path: Path) -> None:
    result = run_script("--corpus", str(tmp_path / "absent"))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "corpus not found" in result.stderr


def test_missing_console_script_is_a_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(conformance, "find_doxtool", lambda: None)
    assert conformance.main(["--corpus", str(build_corpus(tmp_path / "corpus"))]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "doxtool" in captured.err


def test_failing_doxtool_run_is_a_one_line_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = tmp_path / "doxtool"
    fake.write_text("#!/bin/sh\necho 'line one' >&2\necho 'it broke' >&2\nexit 3\n")
    fake.chmod(0o755)
    monkeypatch.setattr(conformance, "find_doxtool", lambda: str(fake))
    assert conformance.main(["--corpus", str(build_corpus(tmp_path / "corpus"))]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "error: `doxtool init` exited 3: it broke\n"


@pytest.mark.slow
def test_run_on_a_small_corpus(tmp_path: Path) -> None:
    edited = UTIL_COMPANION.replace("`load(path: str) -> dict`", "`load(path: str, strict: bool)`")
    corpus = build_corpus(tmp_path / "corpus", edited)
    corpus.chmod(0o555)  # the source is read-only and must stay untouched
    before = {p: p.read_bytes() for p in corpus.rglob("*") if p.is_file()}
    out = tmp_path / "report.json"
    try:
        result = run_script("--corpus", str(corpus), "--out", str(out), "--keep")
    finally:
        corpus.chmod(0o755)
    assert result.returncode == 0, result.stderr
    assert {p: p.read_bytes() for p in corpus.rglob("*") if p.is_file()} == before
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) >= {"findings", "fix", "fidelity", "elapsed_seconds", "doxtool_runs"}

    # 1. findings: counts by code agree with the listing, and every one is printed.
    findings = data["findings"]
    assert sum(findings["by_code"].values()) == findings["total"]
    for code, lines in findings["findings"].items():
        assert len(lines) == findings["by_code"][code]
        for line in lines:
            assert f" {code} " in line
            assert line in result.stdout
    # The module without a companion is reported (whatever the code is called).
    assert any(
        line.startswith("helpers/orphanless.py")
        for lines in findings["findings"].values()
        for line in lines
    )

    # 2. the fix: whatever it did to the edited function shows in the item lists,
    # and every listed item is really in the companion before (removed) or after (added).
    fix = data["fix"]
    assert fix["companions_before"] == 3
    assert fix["companions_created"] == 1
    util = fix["per_companion"]["helpers/util.py.dox.md"]
    wrong, right = "`load(path: str, strict: bool)`", "`load(path: str) -> dict`"
    assert wrong in util["removed"].get("functions", []) or right in util["added"].get(
        "functions", []
    )
    copies = Path(result.stderr.split("copies kept in ", 1)[1].split("\n", 1)[0])
    try:
        for rel, entry in fix["per_companion"].items():
            old = parse_companion((corpus / rel).read_text(encoding="utf-8"))
            after = (copies / "fix" / rel).read_text(encoding="utf-8")
            new = parse_companion(after)
            assert (corpus / rel).read_text(encoding="utf-8") != after
            for kind, items in entry["removed"].items():
                for item in items:
                    assert old.of(kind).count(item) > new.of(kind).count(item)
            for kind, items in entry["added"].items():
                for item in items:
                    assert new.of(kind).count(item) > old.of(kind).count(item)
                    assert f"[{kind}] {item}" in result.stdout
    finally:
        shutil.rmtree(copies)
    for kind in fix["added_by_kind"]:
        total = sum(len(e["added"].get(kind, [])) for e in fix["per_companion"].values())
        assert fix["added_by_kind"][kind] == total
    assert fix["second_fix_changed"] == []

    # 3. fidelity: every kind is reported over the two helper and one tool companions.
    fidelity = data["fidelity"]
    assert fidelity["directories"] == ["helpers", "tools"]
    assert fidelity["companions_deleted"] == 3
    assert list(fidelity["per_kind"]) == list(FIDELITY_KINDS)
    for row in fidelity["per_kind"].values():
        assert row["companions"] == 3
        assert 0 <= row["exact"] <= row["same_items"] <= 3
    chains = fidelity["per_kind"]["helpers"]["chains"]
    assert chains["existing"] + len(chains["not_chains"]) == chains["items"]

    # 4. the summary closes the output.
    summary = result.stdout[result.stdout.index("== summary ==") :]
    for label in ("findings:", "--fix removed", "prose lines lost:", "duplicates written:"):
        assert label in summary
    for kind in FIDELITY_KINDS:
        assert f"\n  {kind}" in summary


@pytest.mark.slow
def test_clean_fix_loses_no_prose(tmp_path: Path) -> None:
    corpus = build_corpus(tmp_path / "corpus")
    out = tmp_path / "report.json"
    result = run_script("--corpus", str(corpus), "--out", str(out))
    assert result.returncode == 0, result.stderr
    fix = json.loads(out.read_text(encoding="utf-8"))["fix"]
    assert fix["prose_lines_lost"] == []
    assert fix["companions_deleted"] == []
    assert fix["other_files_changed"] == []


def test_an_interpreter_without_doxtool_s_libraries_uses_the_bench_venv(tmp_path: Path) -> None:
    """Without the libraries, the checkout's own dependency check decides, and
    the console script of ``bench/results/venv`` runs doxtool (made once)."""
    from dox_conformance import runner

    checkout = tmp_path / "checkout"
    (checkout / "doxtool" / "run").mkdir(parents=True)
    (checkout / "doxtool" / "run" / "dependencies.py").write_text(
        "def missing():\n    return ['json5']\n"
    )
    assert runner._missing_libraries(checkout) == ["json5"]
    script = checkout / runner.BENCH_VENV / "bin" / "doxtool"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    assert runner._bench_venv(checkout, ["json5"]) == str(script)
    real = Path(runner.__file__).resolve().parents[2]
    assert runner._missing_libraries(real) == []  # the test interpreter has them
