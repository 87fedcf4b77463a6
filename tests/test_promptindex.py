"""Runs over PATHS find the prompts that teach their tools without reading every prompt."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from samples import clean_files, tool_named

from doxtool.run import files as context_module
from doxtool.run.cache import FactsCache
from doxtool.run.promptindex import PromptIndex


def _repo(make_repo) -> Path:
    files = clean_files()
    for name in ("alpha", "beta", "gamma"):
        files.update(tool_named(name))
    return make_repo(files)


@pytest.fixture
def prompt_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Paths of the prompt files the context reads."""
    reads: list[str] = []
    original = context_module.read_text

    def counting(path: Path, **kwargs: object):  # type: ignore[no-untyped-def]
        if "prompts" in path.parts:
            reads.append(path.name)
        return original(path, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(context_module, "read_text", counting)
    return reads


def test_after_a_whole_run_a_scoped_run_reads_no_unchanged_prompt(
    make_repo, run_cli, prompt_reads: list[str]
) -> None:
    root = _repo(make_repo)
    assert run_cli(root, "check").exit_code == 0
    assert "agent.system.tool.beta.md" in prompt_reads
    prompt_reads.clear()
    (root / "tools/alpha.py").write_text((root / "tools/alpha.py").read_text() + "# edited\n")
    result = run_cli(root, "check", "tools/alpha.py")
    assert result.exit_code == 0, result.output
    # only alpha's own prompt is read, to be checked; the others are known to
    # teach other tools
    assert prompt_reads == ["agent.system.tool.alpha.md"]


def test_an_edited_prompt_is_read_again_and_its_drift_found(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    assert run_cli(root, "check").exit_code == 0
    # beta's prompt now also teaches alpha, with an argument alpha does not read
    prompt = root / "prompts/agent.system.tool.beta.md"
    prompt.write_text(
        prompt.read_text() + '~~~json\n{"tool_name": "alpha", "tool_args": {"bogus": 1}}\n~~~\n'
    )
    scoped = run_cli(root, "check", "tools/alpha.py")
    assert "prompts/agent.system.tool.beta.md" in scoped.output, scoped.output
    whole = run_cli(root, "check")
    assert [line for line in scoped.output.splitlines() if "beta.md" in line] == [
        line for line in whole.output.splitlines() if "beta.md" in line
    ]


def test_a_deleted_prompt_leaves_the_index(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    assert run_cli(root, "check").exit_code == 0
    (root / "prompts/agent.system.tool.gamma.md").unlink()
    assert "PRM001" in run_cli(root, "check", "tools/gamma.py").output
    assert "PRM001" in run_cli(root, "check").output


def test_index_entries_hold_only_while_the_stamp_does(tmp_path: Path) -> None:
    cache = FactsCache(tmp_path / "cache", "salt")
    index = PromptIndex(cache)
    index.put("p.md", (1, 10), frozenset({"wait"}))
    index.save()
    cache.close()
    again = PromptIndex(FactsCache(tmp_path / "cache", "salt"))
    assert again.get("p.md", (1, 10)) == frozenset({"wait"})
    assert again.get("p.md", (2, 10)) is None
    assert again.get("p.md", None) is None
    assert again.get("q.md", (1, 10)) is None
    other_salt = PromptIndex(FactsCache(tmp_path / "cache", "another configuration"))
    assert other_salt.get("p.md", (1, 10)) is None


@pytest.mark.parametrize(
    "stored",
    [
        "not an object",
        {"p.md": "x"},
        {"p.md": [1, 10]},
        {"p.md": [1.5, 10, ["wait"]]},
        {"p.md": [1, 10, "wait"]},
        {"p.md": [1, 10, [3]]},
        {"p.md": [True, 10, ["wait"]]},
    ],
)
def test_a_malformed_index_is_ignored(tmp_path: Path, stored: object) -> None:
    cache = FactsCache(tmp_path / "cache", "salt")
    cache.put_raw(cache.key("index", b"prompt-names"), stored)
    cache.close()
    index = PromptIndex(FactsCache(tmp_path / "cache", "salt"))
    assert index.get("p.md", (1, 10)) is None


def test_same_size_edit_within_one_timestamp_is_the_documented_limit(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    assert run_cli(root, "check").exit_code == 0
    prompt = root / "prompts/agent.system.tool.beta.md"
    info = prompt.stat()
    text = prompt.read_text()
    prompt.write_text(text.replace("### beta", "### alph", 1))  # same size
    os.utime(prompt, ns=(info.st_atime_ns, info.st_mtime_ns))
    # the scoped run trusts the unchanged stamp; the whole run reads everything
    assert "beta.md" not in run_cli(root, "check", "tools/alpha.py").output
    assert "beta.md" in run_cli(root, "check").output


def test_a_listed_argument_name_does_not_widen_a_run_over_paths(make_repo, run_cli) -> None:
    """A list item may name an argument (``- `top_k`: how many``): a prompt is
    widened into a run over PATHS for a deleted tool only by the names its
    headings and examples write."""
    root = _repo(make_repo)
    prompt = root / "prompts/agent.system.tool.beta.md"
    prompt.write_text(prompt.read_text() + "- `top_k`: how many results\n")
    assert run_cli(root, "check").exit_code in (0, 1)  # indexes every prompt
    scoped = run_cli(root, "check", "-v", "tools/alpha.py")
    assert "1 module, 1 companion, 1 prompt," in scoped.stderr, scoped.stderr
    (root / "tools/gamma.py").unlink()  # a deleted tool: its prompt joins the run
    widened = run_cli(root, "check", "-v", "tools/alpha.py")
    assert "agent.system.tool.gamma.md" in widened.output
