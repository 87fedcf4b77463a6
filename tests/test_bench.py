"""The benchmark scripts: a generated corpus is clean, realistic, and measurable."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
BENCH = REPO_ROOT / "bench"
ROWS = [
    "python -c pass",
    'python -c "import doxtool"',
    'python -c "import libcst"',
    "(a) bare libcst parse_module",
    "(b) doxtool check --jobs 1, cold",
    "(c) doxtool check, cold, default jobs",
    "(d) doxtool check, warm, nothing changed",
    "(e) doxtool check <one changed file>",
]


def doxtool() -> list[str]:
    script = Path(sys.executable).parent / "doxtool"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "doxtool"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bench") / "corpus"
    subprocess.run(
        [sys.executable, str(BENCH / "generate.py"), str(out), "--tools", "5", "--seed", "7"],
        check=True,
        capture_output=True,
    )
    return out


def test_generated_corpus_is_clean(corpus: Path) -> None:
    assert sorted(p.name for p in (corpus / "tools").glob("*.py")) == [
        f"tool_000{i}.py" for i in range(5)
    ]
    for i in range(5):
        assert (corpus / "tools" / f"tool_000{i}.py.dox.md").is_file()
        assert (corpus / "prompts" / f"agent.system.tool.tool_000{i}.md").is_file()
    assert "file-documented" in (corpus / "tools" / "AGENTS.md").read_text()
    assert "[tool.doxtool]" in (corpus / "pyproject.toml").read_text()

    result = subprocess.run([*doxtool(), "check"], cwd=corpus, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "All checks passed." in result.stdout


def _calls(node: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(node) if isinstance(n, ast.Call)]


def _is_method_call(call: ast.Call, name: str) -> bool:
    return isinstance(call.func, ast.Attribute) and call.func.attr == name


def test_generated_module_has_the_promised_shapes(corpus: Path) -> None:
    tree = ast.parse((corpus / "tools" / "tool_0000.py").read_text(encoding="utf-8"))
    assert ast.get_docstring(tree)

    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    tool_classes = {
        name
        for name, cls in classes.items()
        if any(isinstance(b, ast.Name) and b.id == "Tool" for b in cls.bases)
    }
    assert tool_classes, "no class derives from Tool"
    executes = [
        f
        for name in tool_classes
        for f in classes[name].body
        if isinstance(f, ast.AsyncFunctionDef) and f.name == "execute"
    ]
    assert executes, "no async execute"

    # the action argument, normalised with .strip().lower(), compared with literals
    normalised = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "action" for t in n.targets)
        and _is_method_call(n.value, "lower")
        and any(_is_method_call(c, "strip") for c in _calls(n.value))
    ]
    assert normalised, "no normalised action"
    compared = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Compare)
        and isinstance(n.left, ast.Name)
        and n.left.id == "action"
        and isinstance(n.ops[0], ast.Eq)
        and isinstance(n.comparators[0], ast.Constant)
    ]
    matched = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Match) and isinstance(n.subject, ast.Name) and n.subject.id == "action"
    ]
    assert compared or matched, "no dispatch on action"

    # a module-level helper handed the arguments dict that reads keys from it
    helpers = [
        f
        for f in tree.body
        if isinstance(f, ast.FunctionDef)
        and [a.arg for a in f.args.args] == ["args"]
        and any(
            _is_method_call(c, "get")
            and isinstance(c.func.value, ast.Name)
            and c.func.value.id == "args"
            and isinstance(c.args[0], ast.Constant)
            for c in _calls(f)
        )
    ]
    assert helpers, "no dict-reading helper"
    handed = [
        c
        for c in _calls(tree)
        if isinstance(c.func, ast.Name)
        and c.func.id == helpers[0].name
        and ast.unparse(c.args[0]) == "self.args"
    ]
    assert handed, "the helper is never handed self.args"
    assert "Response(" in ast.unparse(tree) and "break_loop=False" in ast.unparse(tree)


def test_run_prints_every_measurement(corpus: Path, tmp_path: Path) -> None:
    results = tmp_path / "latest.json"
    result = subprocess.run(
        [
            sys.executable,
            str(BENCH / "run.py"),
            "--tools",
            "5",
            "--repeat",
            "1",
            "--corpus",
            str(corpus),
            "--json",
            str(results),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    for row in ROWS:
        assert any(line.startswith(row) for line in result.stdout.splitlines()), row
    assert "targets:" in result.stdout
    assert "corpus:" in result.stdout
    data = json.loads(results.read_text())
    assert set(data["medians"]) == {
        "pass",
        "import",
        "import_libcst",
        "libcst",
        "cold_one_job",
        "cold",
        "warm",
        "one_changed_file",
    }
    assert data["corpus"]["tool_modules"] == 5
    # the touched module is restored byte for byte
    check = subprocess.run([*doxtool(), "check"], cwd=corpus, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout


def test_median_sample_keeps_the_worst_rss_and_any_failure() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_run", BENCH / "run.py")
    assert spec is not None and spec.loader is not None
    run = importlib.util.module_from_spec(spec)
    sys.modules["bench_run"] = run
    spec.loader.exec_module(run)
    samples = [run.Sample(w, r, 0, "") for w, r in ((0.3, 10), (0.1, 30), (0.2, 20))]
    middle = run.median_sample(samples)
    assert (middle.wall, middle.rss_mb, middle.exit) == (0.2, 30, 0)
    failed = run.median_sample([*samples, run.Sample(0.05, 5, 2, "boom")])
    assert failed.exit == 2 and failed.output == "boom"


def test_pruning_benchmark_compares_equal_facts(corpus: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH / "pruning.py"), "--corpus", str(corpus), "--modules", "3"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("3 modules, ") and lines[0].endswith("of their text pruned")
    assert int(lines[0].split(", ")[1].split("%")[0]) > 0  # the corpus has unread helpers
    assert [line.split("  ")[0] for line in lines[1:]] == [
        "bare libcst parse_module",
        "extraction, whole modules",
        "extraction, pruned",
        "whole / pruned",
    ]


def test_pruning_benchmark_needs_a_corpus(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH / "pruning.py"), "--corpus", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "run bench/generate.py first" in result.stderr


@pytest.mark.slow
def test_scale_measures_a_change_in_a_tiny_corpus(tmp_path: Path) -> None:
    results = tmp_path / "scale.json"
    result = subprocess.run(
        [
            sys.executable,
            str(BENCH / "scale.py"),
            "--tools",
            "0",
            "--tiny",
            "6",
            "--samples",
            "1",
            "--corpora",
            str(tmp_path),
            "--json",
            str(results),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    tiny = json.loads(results.read_text())["results"]["tiny"]
    # cold, unchanged, module changed and prompt changed runs all clean
    assert tiny["exits"] == [0, 0, 0, 0]
    assert tiny["cold_sum_mb"] > 0 and tiny["one_changed"] > 0 and tiny["one_prompt_changed"] > 0
    assert [t["name"] for t in tiny["targets"]] == [
        "cold, peak summed RSS <= 1.5 GB",
        "unchanged <= 0.5 s",
        "one module changed <= 3x import libcst",
    ]
    assert len(list((tmp_path / "tiny-6" / "tools").glob("*.py.dox.md"))) == 6
    # every changed module and prompt is restored: the corpus still checks clean
    check = subprocess.run([*doxtool(), "check"], cwd=tmp_path / "tiny-6", capture_output=True)
    assert check.returncode == 0


def test_tree_rss_counts_child_processes() -> None:
    sys.path.insert(0, str(BENCH))
    try:
        import memory
    finally:
        sys.path.remove(str(BENCH))
    if not memory.available():
        pytest.skip("no /proc")
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import subprocess, sys, time; "
            "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3)']); "
            "time.sleep(3); p.wait()",
        ]
    )
    try:
        import time

        time.sleep(1.0)

        alone = memory._rss_bytes(child.pid)
        assert memory.tree_rss(child.pid) > alone > 0
    finally:
        child.kill()
        child.wait()
