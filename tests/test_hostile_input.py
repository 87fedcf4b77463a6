"""Hostile input through the real CLI: every file may be broken or crafted.

Each case writes one hostile file (or link, FIFO, directory) into an otherwise
clean repository and runs ``check``, ``check --format json``, ``inspect``,
``schema`` and ``check --fix`` twice. Every run must give a finding or a
one-line error with the documented exit code (0 clean, 1 findings, 2 error),
print no traceback and no "internal error", finish in bounded time, write
nothing without ``--fix`` (the cache directory aside), and with ``--fix``
write only companions inside the root, the same bytes on a second run.

Big inputs are generated here, at test time; nothing large is committed.
"""

from __future__ import annotations

import codecs
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK, WAIT_DOX, WAIT_PY

pytestmark = pytest.mark.timeout(240)

CACHE = ".doxtool_cache"
#: generous bound for any one command on any one case (the slowest case here,
#: a module just under the size limit, takes a few seconds on an idle machine)
BOUND = 20.0

WAIT_PROMPT = """\
### wait
Pause.
args: optional `seconds`
~~~json
{"thoughts": ["x"], "headline": "Waiting", "tool_name": "wait", "tool_args": {"seconds": 1}}
~~~
"""
BASE: dict[str, str | bytes] = {
    **FRAMEWORK,
    "tools/wait.py": WAIT_PY,
    "tools/wait.py.dox.md": WAIT_DOX,
    "prompts/agent.system.tools.md": "## Tools\n{{tools}}\n",
    "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
}

TOOL_HEAD = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class XTool(Tool):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
)
TOOL_TAIL = "        return Response(message='', break_loop=False)\n"


def _tool(body: str = "") -> str:
    return TOOL_HEAD + body + TOOL_TAIL


Setup = Callable[[Path, Path], None]  # (root, outside)


@dataclass
class Case:
    name: str
    files: dict[str, str | bytes] = field(default_factory=dict)
    setup: Setup | None = None
    #: (code, text in the message) that `check` must report; () means clean
    expect: tuple[tuple[str, str], ...] = ()
    #: exit code of `check`
    exit_code: int = 1


def _link(rel: str, target: Callable[[Path, Path], Path | str]) -> Setup:
    def setup(root: Path, outside: Path) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() or path.is_symlink():
            path.unlink()
        path.symlink_to(target(root, outside))

    return setup


def _fifo(rel: str) -> Setup:
    def setup(root: Path, outside: Path) -> None:
        path = root / rel
        if path.exists():
            path.unlink()
        os.mkfifo(path)

    return setup


def _directory(rel: str) -> Setup:
    def setup(root: Path, outside: Path) -> None:
        (root / rel).mkdir(parents=True)
        (root / rel / "inner.py").write_text("x = 1\n")

    return setup


def _link_loop(root: Path, outside: Path) -> None:
    (root / "tools/a.py").symlink_to("b.py")
    (root / "tools/b.py").symlink_to("a.py")


def _deep_blocks(levels: int) -> str:
    lines = [TOOL_HEAD.rstrip("\n")]
    for depth in range(levels):
        lines.append(" " * (8 + depth) + "if x:")
    lines.append(" " * (8 + levels) + "pass")
    return "\n".join(lines) + "\n" + TOOL_TAIL


def _big_module(size: int) -> str:
    chunk = "".join(
        f"def helper_{{n}}_{i}(a, b=1, *c, **d):\n    return a + b * {i}\n\n" for i in range(50)
    )
    parts = [_tool()]
    total = len(parts[0])
    n = 0
    while total < size:
        piece = chunk.replace("{n}", str(n))
        parts.append(piece)
        total += len(piece)
        n += 1
    return "".join(parts)


def _syntax_errors() -> dict[str, str | bytes]:
    """The wait tool broken at many positions: a stray token after each line,
    an unclosed bracket, a missing colon, a bad indent, truncation."""
    lines = WAIT_PY.splitlines(keepends=True)
    files: dict[str, str | bytes] = {}
    for index in range(len(lines)):
        broken = [*lines[: index + 1], "  ) ) :\n", *lines[index + 1 :]]
        files[f"tools/stray_{index}.py"] = "".join(broken)
    files["tools/unclosed.py"] = WAIT_PY.replace("int(self.args", "int((self.args")
    files["tools/colon.py"] = WAIT_PY.replace("class WaitTool(Tool):", "class WaitTool(Tool)")
    files["tools/indent.py"] = WAIT_PY.replace("        return", "  return")
    files["tools/truncated.py"] = WAIT_PY[: len(WAIT_PY) // 2]
    files["tools/lone_quote.py"] = WAIT_PY + '"""never closed\n'
    return files


def _companion(text: str) -> dict[str, str | bytes]:
    return {"tools/wait.py.dox.md": text}


CASES = [
    Case("clean", exit_code=0),
    Case(
        "syntax-errors",
        _syntax_errors(),
        expect=(("DOX003", "syntax error"),),
    ),
    Case(
        "undecodable-module",
        {"tools/x.py": _tool("        a = '\xff\xfe'\n").encode("latin-1")},
        expect=(("DOX003", "cannot decode byte 0xff"),),
    ),
    Case(
        "nul-in-module",
        {"tools/x.py": _tool("        a = '\x00'\n").encode()},
        expect=(("DOX003", "NUL"),),
    ),
    Case(
        "bom-crlf-module",
        {"tools/x.py": codecs.BOM_UTF8 + _tool().replace("\n", "\r\n").encode()},
        expect=(("DOX001", "tools/x.py.dox.md"),),
    ),
    Case(
        "mixed-line-endings",
        {"tools/x.py": _tool("        a = 1\r        b = 2\r\n        c = 3\n").encode()},
        expect=(("DOX001", "tools/x.py.dox.md"),),
    ),
    Case(
        "tabs",
        {"tools/x.py": _tool("\t\ta = 1\n").replace("    ", "\t").replace("\t\ta", "\t\ta")},
        expect=(("DOX001", "tools/x.py.dox.md"),),
    ),
    Case(
        "non-text-coding-cookie",
        {"tools/x.py": b"# -*- coding: rot13 -*-\n" + _tool().encode()},
        expect=(("DOX003", "not a text encoding"),),
    ),
    Case(
        "unknown-coding-cookie",
        {"tools/x.py": b"# coding: no-such-codec\n" + _tool().encode()},
        expect=(("DOX003", "unknown encoding"),),
    ),
    Case("empty-module", {"tools/x.py": b""}, expect=(("DOX004", "no class"),)),
    Case("module-is-a-directory", setup=_directory("tools/x.py"), expect=(("DOX003", "regular"),)),
    Case("module-is-a-fifo", setup=_fifo("tools/x.py"), expect=(("DOX003", "regular"),)),
    Case(
        "module-over-the-size-limit",
        {"tools/x.py": _big_module(5 * 1024 * 1024)},
        expect=(("DOX003", "limit"),),
    ),
    Case(
        "parentheses-5000-deep",
        {"tools/x.py": _tool("        a = " + "(" * 5000 + "1" + ")" * 5000 + "\n")},
        expect=(("DOX003", "nested"),),
    ),
    Case(
        "unary-50000-deep",
        {"tools/x.py": _tool("        a = " + "-" * 50000 + "1\n")},
        expect=(("DOX003", "nested"),),
    ),
    Case(
        "operator-chain-200000",
        {"tools/x.py": _tool("        a = 1" + "+1" * 200000 + "\n")},
        expect=(("DOX003", ""),),
    ),
    Case(
        "attribute-chain-100000",
        {"tools/x.py": _tool("        a = b" + ".c" * 100000 + "\n")},
        expect=(("DOX003", ""),),
    ),
    Case(
        # CPython compiles it in a tenth of a second; libcst would take 43 s and 2.5 GB
        "conditional-chain-2900",
        {
            "tools/x.py": _tool(
                "        a = "
                + " else ".join(f"{i} if kwargs == {i}" for i in range(2900))
                + " else -1\n"
            )
        },
        expect=(("DOX003", "expression nested"),),
    ),
    Case(
        "not-chain-3000",
        {"tools/x.py": _tool("        a = " + "not " * 3000 + "kwargs\n")},
        expect=(("DOX003", "expression nested"),),
    ),
    Case(
        # flat in ``ast``, one level per operator in libcst: measured as libcst nests it
        "and-chain-2000",
        {"tools/x.py": _tool("        a = kwargs and " + " and ".join(["b"] * 2000) + "\n")},
        expect=(("DOX003", "expression nested 20"),),
    ),
    Case(
        "blocks-500-deep",
        {"tools/x.py": _deep_blocks(500)},
        expect=(("DOX003", "indentation"),),
    ),
    Case(
        "megabyte-line-in-module",
        {"tools/x.py": _tool("        a = '" + "x" * 1_000_000 + "'\n")},
        expect=(("DOX001", "tools/x.py.dox.md"),),
    ),
    Case(
        "module-link-out-of-the-repository",
        setup=_link("tools/x.py", lambda root, outside: outside / "secret.py"),
        expect=(("DOX003", "outside the repository"),),
    ),
    Case(
        "module-link-loop",
        setup=_link_loop,
        expect=(("DOX003", ""),),
    ),
    Case(
        "tools-directory-link-out",
        setup=_link("plugins/evil/tools", lambda root, outside: outside),
        exit_code=0,
    ),
    Case(
        "tools-directory-link-loop",
        setup=_link("tools/again", lambda root, outside: root / "tools"),
        exit_code=0,
    ),
    Case(
        "companion-bom-crlf",
        _companion(
            codecs.BOM_UTF8.decode()
            + WAIT_DOX.replace("  - `seconds`: optional integer, default `0`.\n", "").replace(
                "\n", "\r\n"
            )
        ),
        expect=(("DOX111", "seconds"),),
    ),
    Case(
        # the file ends inside a fence that holds the fact line a person
        # meant: reported at the fence, never written a second time
        "companion-unclosed-fence",
        _companion(
            WAIT_DOX.replace("- Observed side-effect areas: none.\n", "")
            + "```python\n- Observed side-effect areas: none.\n"
        ),
        expect=(("DOX009", "is never closed"),),
    ),
    Case(
        "companion-unclosed-comment",
        _companion(
            WAIT_DOX.replace("- Observed side-effect areas: none.\n", "")
            + "<!-- never closed\n- Observed side-effect areas: none.\n"
        ),
        # the comment hides the rest of the file: a fix would write it again
        expect=(("DOX009", "HTML comment opened at line"),),
    ),
    Case(
        "companion-unbalanced-comments",
        _companion(WAIT_DOX.replace("## Work Guidance", "-->\n## Work Guidance <!--")),
        # an unclosed comment on a heading line is no HTML block: the heading
        # is read by its words, and the stray ``-->`` is text
        exit_code=0,
    ),
    Case(
        "companion-megabyte-line",
        _companion(WAIT_DOX + "x" * 1_000_000 + "\n"),
        exit_code=0,
    ),
    Case(
        # runs of blanks and underscores on heading-like lines: no pattern
        # tries each split of a run
        "companion-blank-runs",
        _companion(
            WAIT_DOX
            + "### Classes"
            + " " * 20_000
            + "x\n\n## Notes"
            + " " * 20_000
            + "x\n\n## Notes"
            + "_" * 20_000
            + "x\n"
        ),
        exit_code=0,
    ),
    Case(
        "companion-deep-markdown",
        _companion(WAIT_DOX + "> " * 5000 + "x\n" + "- " * 5000 + "y\n" + "[" * 50000 + "\n"),
        # markdown-it reads only its first 20 levels: the file is reported, never edited
        expect=(("DOX009", "nested too deeply"),),
    ),
    Case(
        # every heading over a list is weighed as a list's title in other words:
        # the lines after each are read once, not the whole text per heading
        "companion-5000-headings-over-lists",
        _companion("# DOX\n" + "".join(f"## Part {i}\n- `seconds` {i}\n" for i in range(5000))),
        expect=(("DOX102", "Runtime Contracts"),),
    ),
    Case(
        "prompt-json-10000-deep",
        {
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT.replace(
                '{"seconds": 1}', '{"seconds": ' + "[" * 10000 + "]" * 10000 + "}"
            )
        },
        expect=(("PRM005", "nested deeper"),),
    ),
    Case(
        "prompt-json-objects-10000-deep",
        {
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT
            + "~~~json\n"
            + '{"a":' * 10000
            + "1"
            + "}" * 10000
            + "\n~~~\n"
        },
        expect=(("PRM005", "nested deeper"),),
    ),
    Case(
        "prompt-unclosed-fence-and-comment",
        {"prompts/agent.system.tool.wait.md": WAIT_PROMPT + "<!-- never closed\n```json\n{\n"},
        exit_code=0,
    ),
    Case(
        # a list lead and an example value with a long run of blanks
        "prompt-blank-runs",
        {
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT.replace(
                '{"seconds": 1}', '{"seconds": "1' + " " * 20_000 + 'x"}'
            )
            + "\nActions"
            + " " * 20_000
            + "x:\n\n- wait\n"
        },
    ),
    Case(
        "prompt-megabyte-line",
        {"prompts/agent.system.tool.wait.md": WAIT_PROMPT + "`" * 100_000 + "x" * 1_000_000},
        exit_code=0,
    ),
    Case(
        "rtl-and-unicode-names",
        {
            "tools/\u05e9\u05dc\u05d5\u05dd.py": _tool(
                '        a = self.args.get("\u05d0\u05e8\u05d2", "\u202eevil")\n'
            ).replace("XTool", "\u05e9Tool"),
        },
        expect=(("DOX001", ".py.dox.md"),),
    ),
]


# --- helpers -----------------------------------------------------------------


def snapshot(base: Path, skip: frozenset[str] = frozenset({CACHE})) -> dict[str, object]:
    """Bytes of every regular file and the target of every link under ``base``."""
    out: dict[str, object] = {}
    for directory, dirnames, filenames in os.walk(base):
        rel_dir = Path(directory).relative_to(base)
        dirnames[:] = [d for d in dirnames if (rel_dir / d).as_posix() not in skip]
        for name in [*filenames, *dirnames]:
            path = Path(directory) / name
            rel = (rel_dir / name).as_posix()
            if path.is_symlink():
                out[rel] = ("link", os.readlink(path))
            elif name in filenames and path.is_file():
                out[rel] = path.read_bytes()
            elif name in filenames:
                out[rel] = ("special", path.stat().st_mode)
    return out


def build(tmp_path: Path, case: Case) -> tuple[Path, Path]:
    root = tmp_path / "repo"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("SECRET = 'do not read'\n")
    (outside / "sentinel.txt").write_text("unchanged\n")
    write_files(root, {**BASE, **case.files})
    (root / ".git").mkdir()  # the project root, not tmp_path above it
    if case.setup is not None:
        case.setup(root, outside)
    return root, outside


def invoke(root: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[Result, float]:
    monkeypatch.chdir(root)
    start = time.perf_counter()
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result, time.perf_counter() - start


def assert_well_behaved(result: Result, seconds: float, *codes: int) -> None:
    output = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert "Traceback" not in output, output[-3000:]
    assert "internal error" not in output, output[-3000:]
    assert result.exit_code in codes, (result.exit_code, output[-3000:])
    assert seconds < BOUND, f"took {seconds:.1f}s"
    errors = [line for line in result.stderr.splitlines() if line.startswith("doxtool:")]
    for line in errors:  # an error is one line, naming what went wrong
        assert len(line) < 1000


def check_findings(result: Result) -> list[tuple[str, str, str]]:
    """(path, code, message) of `check` text output."""
    found = []
    for line in result.stdout.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3 and parts[0].count(":") >= 3:
            found.append((parts[0].split(":", 1)[0], parts[1], parts[2]))
    return found


# --- the corpus --------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_hostile_case_through_every_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: Case
) -> None:
    root, outside = build(tmp_path, case)
    before, before_outside = snapshot(root), snapshot(outside)

    result, seconds = invoke(root, monkeypatch, "check")
    assert_well_behaved(result, seconds, case.exit_code)
    findings = check_findings(result)
    for code, text in case.expect:
        assert any(c == code and text in message for _, c, message in findings), (
            code,
            text,
            result.stdout[-3000:],
        )
    assert snapshot(root) == before, "check without --fix writes nothing"

    result, seconds = invoke(root, monkeypatch, "check", "--format", "json")
    assert_well_behaved(result, seconds, case.exit_code)
    assert isinstance(json.loads(result.stdout), list)

    result, seconds = invoke(root, monkeypatch, "inspect", "tools", "--json")
    assert_well_behaved(result, seconds, 0)
    json.loads(result.stdout)
    result, seconds = invoke(root, monkeypatch, "schema")
    assert_well_behaved(result, seconds, 0)
    json.loads(result.stdout)
    assert snapshot(root) == before, "inspect and schema write nothing"
    secret = "do not read"
    assert secret not in result.stdout

    result, seconds = invoke(root, monkeypatch, "check", "--fix")
    assert_well_behaved(result, seconds, 0, 1)
    fixed = snapshot(root)
    changed = {rel for rel in set(before) | set(fixed) if before.get(rel) != fixed.get(rel)}
    assert all(rel.endswith(".py.dox.md") for rel in changed), changed
    assert snapshot(outside) == before_outside, "nothing is written outside the root"

    result, seconds = invoke(root, monkeypatch, "check", "--fix")
    assert_well_behaved(result, seconds, 0, 1)
    assert snapshot(root) == fixed, "a second --fix changes nothing"
    assert "Fixed" not in result.stderr


def test_every_syntax_error_is_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    case = Case("syntax", _syntax_errors())
    root, _ = build(tmp_path, case)
    result, seconds = invoke(root, monkeypatch, "check", "--select", "DOX003")
    assert_well_behaved(result, seconds, 1)
    reported = {path for path, code, _ in check_findings(result) if code == "DOX003"}
    assert reported == set(case.files), "every broken module gets its finding"
    for line in result.stdout.splitlines()[:-1]:
        _, number, column = line.split(" ", 1)[0].split(":")[:3]
        assert 1 <= int(number) <= WAIT_PY.count("\n") + 2 and int(column) >= 1


def test_tokenizer_errors_are_reported_at_their_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {rel: text for rel, text in _syntax_errors().items() if rel.startswith("tools/stray_")}
    root, _ = build(tmp_path, Case("syntax", files))
    result, _ = invoke(root, monkeypatch, "check", "--select", "DOX003")
    for line in result.stdout.splitlines()[:-1]:
        rel, number = line.split(":")[:2]
        index = int(rel.removeprefix("tools/stray_").removesuffix(".py"))
        assert int(number) == index + 2, line  # the stray line itself


def test_unreadable_module_is_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """chmod 000 means nothing to root, so the permission error is raised by
    ``os.open`` itself for that one file: the same error a non-root run meets."""
    root, _ = build(tmp_path, Case("unreadable", {"tools/x.py": _tool()}))
    target = str(root / "tools/x.py")
    real_open = os.open

    def guarded_open(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
        if os.fspath(path) == target or os.fspath(path).endswith("/tools/x.py"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded_open)
    before = snapshot(root)
    result, seconds = invoke(root, monkeypatch, "check", "--no-cache")
    assert_well_behaved(result, seconds, 1)
    assert any(
        path == "tools/x.py" and code == "DOX003" and "Permission denied" in message
        for path, code, message in check_findings(result)
    ), result.stdout
    result, seconds = invoke(root, monkeypatch, "check", "--fix", "--no-cache")
    assert_well_behaved(result, seconds, 1)
    assert snapshot(root) == before, "no companion is made from a module never read"


def test_whole_corpus_in_one_repository_as_a_subprocess(tmp_path: Path) -> None:
    """Every hostile file at once, through the installed console script: the
    interpreter's own output (a traceback would land there) stays clean."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)  # the project root, not tmp_path above it
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("SECRET = 1\n")
    files: dict[str, str | bytes] = dict(BASE)
    for index, case in enumerate(CASES):
        if case.name in ("module-over-the-size-limit", "megabyte-line-in-module"):
            continue  # covered above; they would only slow this run down
        for rel, content in case.files.items():
            if rel.startswith("tools/") and rel.endswith(".py"):
                rel = rel.replace("tools/", f"tools/c{index}_", 1)
            files.setdefault(rel, content)
    write_files(root, files)
    _directory("tools/dir.py")(root, outside)
    _fifo("tools/fifo.py")(root, outside)
    _link("tools/out.py", lambda r, o: o / "secret.py")(root, outside)
    _link("plugins/evil/tools", lambda r, o: o)(root, outside)
    _link("tools/again", lambda r, o: r / "tools")(root, outside)
    _link_loop(root, outside)
    env = {**os.environ, "PYTHONFAULTHANDLER": "1"}
    for args in (["check"], ["check", "--fix"], ["check", "--fix"], ["inspect", "tools"]):
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "doxtool", *args],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=120,
            env=env,
        )
        seconds = time.perf_counter() - start
        assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr[-3000:]
        assert "internal error" not in proc.stderr, proc.stderr[-3000:]
        assert proc.returncode in ((0,) if args[0] == "inspect" else (1,)), proc.stderr[-2000:]
        assert seconds < 60
        assert "SECRET" not in proc.stdout


# --- gaps this corpus found, fixed where they were ---


@pytest.mark.parametrize(
    "setup",
    [
        _companion(WAIT_DOX.encode() + b"\xff\n"),
        _companion(WAIT_DOX.encode() + b"\x00\n"),
        "fifo",
        "link",
    ],
    ids=["undecodable", "nul", "fifo", "link-out"],
)
def test_unreadable_companion_is_a_finding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setup: object
) -> None:
    if setup == "fifo":
        case = Case("c", setup=_fifo("tools/wait.py.dox.md"))
    elif setup == "link":
        case = Case("c", setup=_link("tools/wait.py.dox.md", lambda r, o: o / "sentinel.txt"))
    else:
        case = Case("c", setup)  # type: ignore[arg-type]
    root, _ = build(tmp_path, case)
    result, seconds = invoke(root, monkeypatch, "check")
    assert_well_behaved(result, seconds, 1)
    assert any(path == "tools/wait.py.dox.md" for path, _, _ in check_findings(result))


@pytest.mark.parametrize("opener", ["```text", "<!-- never closed"])
def test_fix_is_idempotent_when_the_companion_ends_inside_a_hidden_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opener: str
) -> None:
    text = WAIT_DOX.replace("## Work Guidance", opener + "\n## Work Guidance")
    root, _ = build(tmp_path, Case("c", _companion(text)))
    invoke(root, monkeypatch, "check", "--fix")
    first = (root / "tools/wait.py.dox.md").read_bytes()
    invoke(root, monkeypatch, "check", "--fix")
    assert (root / "tools/wait.py.dox.md").read_bytes() == first


def test_deeply_nested_configuration_is_a_configuration_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    case = Case("c", {"pyproject.toml": "[tool.doxtool]\nselect = " + "[" * 5000 + "]" * 5000})
    root, _ = build(tmp_path, case)
    result, _ = invoke(root, monkeypatch, "check")
    assert result.exit_code == 2
    assert "internal error" not in result.stderr
    assert "pyproject.toml" in result.stderr


def test_module_too_deep_to_analyse_gets_no_companion_of_empty_facts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    case = Case("c", {"tools/x.py": _tool("        a = " + "(" * 5000 + "1" + ")" * 5000 + "\n")})
    root, _ = build(tmp_path, case)
    result, _ = invoke(root, monkeypatch, "check")
    codes = {(path, code) for path, code, _ in check_findings(result)}
    assert ("tools/x.py", "DOX004") not in codes
    invoke(root, monkeypatch, "check", "--fix")
    assert not (root / "tools/x.py.dox.md").exists()
