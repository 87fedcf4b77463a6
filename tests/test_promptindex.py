"""Runs over PATHS find the prompts that teach their tools without reading every prompt."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from samples import WAIT_PROMPT, clean_files, tool_named

from doxtool.run import files as context_module
from doxtool.run import promptindex
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
    index.put("p.md", (1, 10), frozenset({"wait"}), frozenset({"wait"}))
    index.save()
    cache.close()
    again = PromptIndex(FactsCache(tmp_path / "cache", "salt"))
    assert again.get("p.md", (1, 10)) == frozenset({"wait"})
    assert again.get("p.md", (2, 10)) is None
    assert again.get("p.md", None) is None
    assert again.get("q.md", (1, 10)) is None
    other_salt = PromptIndex(FactsCache(tmp_path / "cache", "another configuration"))
    assert other_salt.get("p.md", (1, 10)) is None


_VALID = {
    "paths": "p.md",
    "stamps": "fp.md:1:10",
    "taught": '["wait"]',
    "named": '["wait"]',
    "by_name": '\n"wait"\t0',
}


def _stored(tmp_path: Path, value: object) -> PromptIndex:
    cache = FactsCache(tmp_path / "cache", "salt")
    cache.put_raw(cache.key("index", b"prompt-index"), value)
    cache.close()
    return PromptIndex(FactsCache(tmp_path / "cache", "salt"))


def test_a_stored_index_is_read_back(tmp_path: Path) -> None:
    index = _stored(tmp_path, _VALID)
    assert index.get("p.md", (1, 10)) == frozenset({"wait"})
    assert index.get_named("p.md", (1, 10)) == frozenset({"wait"})
    assert index.teaching({"wait"}) == {"p.md"}
    assert index.teaching({"other"}) == set()
    assert index.teaching({"other"}, known=True) == {"p.md"}
    assert index.outdated(["p.md", "q.md"], [(1, 10), (1, 10)]) == {"q.md"}


def test_an_index_is_written_as_it_is_read(tmp_path: Path) -> None:
    cache = FactsCache(tmp_path / "cache", "salt")
    index = PromptIndex(cache)
    index.put("p.md", (1, 10), frozenset({"wait"}), frozenset({"wait"}))
    index.put("a\\b\nc.md", (2, 20), frozenset({"x", "wait"}), frozenset())
    index.save()
    cache.flush()
    assert cache.get_raw(cache.key("index", b"prompt-index")) == {
        "paths": "a\\\\b\\nc.md\np.md",
        "stamps": "fa\\\\b\\nc.md:2:20\nfp.md:1:10",
        "taught": '["wait", "x"]\n["wait"]',
        "named": '[]\n["wait"]',
        "by_name": '\n"wait"\t0,1\n"x"\t0',
    }
    cache.close()
    again = PromptIndex(FactsCache(tmp_path / "cache", "salt"))
    assert again.get("a\\b\nc.md", (2, 20)) == frozenset({"x", "wait"})
    assert again.teaching({"x"}) == {"a\\b\nc.md"}


@pytest.mark.parametrize(
    "stored",
    [
        "not an object",
        {"p.md": [1, 10, ["wait"], ["wait"]]},
        {**_VALID, "paths": ["p.md"]},
        {**_VALID, "taught": 3},
        {**_VALID, "stamps": ""},
        {**_VALID, "named": '["wait"]\n["wait"]'},
        {
            "paths": "p.md\np.md",
            "stamps": "fp.md:1:10\nfp.md:1:10",
            "taught": '["wait"]\n["wait"]',
            "named": '["wait"]\n["wait"]',
            "by_name": '\n"wait"\t0,1',
        },
        {key: value for key, value in _VALID.items() if key != "by_name"},
    ],
)
def test_a_malformed_index_is_ignored(tmp_path: Path, stored: object) -> None:
    index = _stored(tmp_path, stored)
    assert index.get("p.md", (1, 10)) is None
    assert index.teaching({"wait"}) == set()


@pytest.mark.parametrize(
    "stored",
    [
        {**_VALID, "stamps": "fp.md:1.5:10"},
        {**_VALID, "stamps": "fp.md:10"},
        {**_VALID, "stamps": "fq.md:1:10"},
        {**_VALID, "taught": '"wait"'},
        {**_VALID, "taught": "[3]"},
        {**_VALID, "taught": '["wait"'},
        {**_VALID, "named": "null"},
    ],
)
def test_an_entry_that_does_not_read_back_is_not_an_answer(tmp_path: Path, stored: object) -> None:
    """The file is asked again (its entry is no answer), and the index's map
    still names it for its tools: a superset, each file of it asked."""
    index = _stored(tmp_path, stored)
    assert index.get("p.md", (1, 10)) is None
    assert index.get_named("p.md", (1, 10)) is None
    assert index.teaching({"wait"}) == {"p.md"}


@pytest.mark.parametrize(
    "by_name", ['\n"wait"\t1', '\n"wait"\tp.md', '\n"wait"\t-1', '\n"wait"\t', "\nwait\t0"]
)
def test_a_malformed_map_of_names_names_every_file(tmp_path: Path, by_name: str) -> None:
    index = _stored(tmp_path, {**_VALID, "by_name": by_name})
    assert index.get("p.md", (1, 10)) == frozenset({"wait"})
    if by_name != "\nwait\t0":  # a name not found is taught by none
        assert index.teaching({"wait"}) == {"p.md"}
    assert index.teaching({"other"}, known=True) == {"p.md"}


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


def _taught_by_beta(root: Path) -> None:
    """Make beta's prompt file the only one teaching alpha."""
    (root / "prompts/agent.system.tool.alpha.md").unlink()
    beta = root / "prompts/agent.system.tool.beta.md"
    beta.write_text(beta.read_text() + "\n" + WAIT_PROMPT.replace("wait", "alpha"))


def _edit(root: Path, rel: str) -> None:
    (root / rel).write_text((root / rel).read_text() + "# edited\n")


def test_the_index_names_the_prompt_teaching_a_scope_tool(make_repo, run_cli) -> None:
    """A prompt file whose index entry is current is found through the index's
    map of names, however it is named: the scoped and the incremental run
    see alpha taught, as the whole run does."""
    root = _repo(make_repo)
    _taught_by_beta(root)
    whole = run_cli(root, "check")
    assert whole.exit_code == 0, whole.output
    _edit(root, "tools/alpha.py")
    for args in (("check", "tools/alpha.py"), ("check",)):
        result = run_cli(root, *args)
        assert result.exit_code == 0, result.output
        assert "PRM001" not in result.output


def test_a_prompt_the_index_cannot_answer_for_is_asked(
    make_repo, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Prompt files recorded at another stamp, or not at all, may teach a
    tool of the scope: each is read, in a scoped and an incremental run."""
    root = _repo(make_repo)
    assert run_cli(root, "check").exit_code == 0
    _taught_by_beta(root)  # beta's entry is outdated now
    scoped = run_cli(root, "check", "tools/alpha.py")
    assert scoped.exit_code == 0, scoped.output
    assert "PRM001" not in scoped.output
    assert run_cli(root, "check").exit_code == 0  # a full run: a prompt changed
    _edit(root, "tools/alpha.py")
    # the stored index is unreadable: every prompt file is outdated
    monkeypatch.setattr(promptindex, "_columns", lambda data: None)
    incremental = run_cli(root, "check", "-v")
    # alpha, and beta, which the prompt teaching alpha names: whether an item
    # of that prompt names a tool turns on alpha's code
    assert "2 modules re-checked" in incremental.stderr, incremental.stderr
    assert incremental.exit_code == 0, incremental.output
    assert "PRM001" not in incremental.output


def test_outdated_are_the_files_recorded_at_another_stamp_or_not_at_all(tmp_path: Path) -> None:
    cache = FactsCache(tmp_path / "cache", "salt")
    index = PromptIndex(cache)
    for name, recorded in (("a.md", (1, 10)), ("b.md", (2, 20)), ("c.md", (3, 30))):
        index.put(name, recorded, frozenset({name[0]}), frozenset())
    index.save()
    cache.close()
    again = PromptIndex(FactsCache(tmp_path / "cache", "salt"))
    paths = ["a.md", "b.md", "c.md", "d.md"]
    assert again.outdated(paths, [(1, 10), (2, 21), None, (4, 40)]) == {"b.md", "c.md", "d.md"}
    assert again.teaching({"a", "b"}) == {"a.md", "b.md"}
    assert again.teaching({"a"}, known=True) == {"b.md", "c.md"}
    again.put("a.md", (5, 50), frozenset({"z"}), frozenset({"z"}))
    assert again.outdated(paths, [(5, 50), (2, 20), (3, 30), None]) == {"d.md"}
    assert "a.md" in again.teaching({"z"})


def test_outdated_asked_of_a_listing_are_those_asked_of_stamps(tmp_path: Path) -> None:
    """The index's stamps checked against the snapshot's lines in one pass
    name the files that stamps taken one by one name; a file the listing
    writes escaped is never current that way (it is asked on its own)."""
    from doxtool.run.snapshot import Tree

    cache = FactsCache(tmp_path / "cache", "salt")
    index = PromptIndex(cache)
    recorded = {"p/a.md": (1, 10), "p/b.md": (2, 20), "p/c.md": (3, 30), "p/e\\x.md": (5, 50)}
    for name, stamp_ in recorded.items():
        index.put(name, stamp_, frozenset({name[2]}), frozenset())
    index.save()
    cache.close()
    listing = "\n".join(
        [
            "dp:9",
            "fp/a.md:1:10",
            "fp/b.md:2:21",
            "fp/d.md:4:40",
            "fp/e\\\\x.md:5:50",
            "fp/f.md:6:60",
        ]
    )
    tree = Tree(0, listing, "", set(), {})
    paths = ["p/a.md", "p/b.md", "p/c.md", "p/d.md", "p/e\\x.md", "p/f.md"]
    again = PromptIndex(FactsCache(tmp_path / "cache", "salt"))
    by_stamps = again.outdated(paths, [tree.get(path) for path in paths])
    assert by_stamps == {"p/b.md", "p/c.md", "p/d.md", "p/f.md"}
    assert again.outdated_listed(paths, tree.has_lines) == by_stamps
    # entries written this run count at the stamp they were written with
    again.put("p/b.md", (2, 21), frozenset({"b"}), frozenset())
    again.put("p/f.md", (6, 61), frozenset({"f"}), frozenset())
    again.keep_only({"p/a.md", "p/b.md", "p/d.md", "p/f.md"})
    by_stamps = again.outdated(paths, [tree.get(path) for path in paths])
    assert by_stamps == {"p/c.md", "p/d.md", "p/e\\x.md", "p/f.md"}
    assert again.outdated_listed(paths, tree.has_lines) == by_stamps


@pytest.mark.parametrize("snapshot", [False, True])
def test_every_prompt_file_is_stamped_as_on_its_own(make_repo, snapshot: bool) -> None:
    """Stamps taken in one pass equal those taken file by file: from the
    snapshot where it lists the file, else from the file system."""
    from doxtool import api
    from doxtool.run.context import Context, Scope

    root = _repo(make_repo)
    paths = ["prompts/agent.system.tool.alpha.md", "prompts/agent.system.tool.beta.md", "gone.md"]
    project = api.load_project(root, cwd=root, use_cache=False)
    if snapshot:  # beta is not in it: it is stamped from the file system
        project.snapshot_files = {paths[0]: (7, 70, "digest")}
    on_its_own = Context(project, Scope(modules=set()))
    expected = [on_its_own._stamp(path) for path in paths]
    assert expected[1] == promptindex.stamp(root / paths[1]) and expected[2] is None
    assert Context(project, Scope(modules=set()))._stamp_all(paths) == expected
    assert Context(project, Scope(modules=set()))._stamp_all(paths[:2]) == expected[:2]


def _entries(count: int) -> dict[str, tuple[tuple[int, int], frozenset[str], frozenset[str]]]:
    return {
        f"p{i}.md": ((i, 10 + i), frozenset({f"t{i}", *(["shared"] if i % 2 else [])}), frozenset())
        for i in range(count)
    }


def test_a_few_recorded_entries_are_put_in_place(tmp_path: Path) -> None:
    """A run that records a few entries of stored files writes the stored
    texts with those lines changed: the index reads as if written afresh."""
    entries = _entries(8)
    cache = FactsCache(tmp_path / "cache", "salt")
    index = PromptIndex(cache)
    for path, (stamp, names, headed) in entries.items():
        index.put(path, stamp, names, headed)
    index.save()
    cache.close()
    changes = {
        "p1.md": ((100, 1), frozenset({"t1", "new"}), frozenset({"new"})),
        "p4.md": ((101, 2), frozenset(), frozenset()),
        "p6.md": ((102, 3), frozenset({"shared", "t0"}), frozenset()),
    }
    cache = FactsCache(tmp_path / "cache", "salt")
    index = PromptIndex(cache)
    for path, (stamp, names, headed) in changes.items():
        index.put(path, stamp, names, headed)
    assert index._patched() is not None  # the texts are patched, not rebuilt
    index.save()
    cache.close()
    entries.update(changes)
    again = PromptIndex(FactsCache(tmp_path / "cache", "salt"))
    for path, (stamp, names, headed) in entries.items():
        assert again.get(path, stamp) == names
        assert again.get_named(path, stamp) == headed
    for name in ("t0", "t1", "t4", "t6", "new", "shared", "missing"):
        assert again.teaching({name}) == {p for p, (_, n, _) in entries.items() if name in n}
    known = {"t0", "shared"}
    assert again.teaching(known, known=True) == {p for p, (_, n, _) in entries.items() if n - known}


def test_a_new_file_or_a_forgotten_one_rewrites_the_index(tmp_path: Path) -> None:
    cache = FactsCache(tmp_path / "cache", "salt")
    index = PromptIndex(cache)
    for path, (stamp, names, headed) in _entries(3).items():
        index.put(path, stamp, names, headed)
    index.save()
    cache.close()
    index = PromptIndex(FactsCache(tmp_path / "cache", "salt"))
    index.put("q.md", (5, 5), frozenset({"t0"}), frozenset())
    assert index._patched() is None
    index = PromptIndex(FactsCache(tmp_path / "cache", "salt"))
    index.keep_only({"p0.md", "p1.md"})
    index.put("p0.md", (6, 6), frozenset(), frozenset())
    assert index._patched() is None


def test_a_stored_line_found_broken_is_dropped_when_the_index_is_written(
    tmp_path: Path,
) -> None:
    index = _stored(
        tmp_path,
        {
            "paths": "p.md\nq.md",
            "stamps": "fp.md:1:10\nfq.md:2:20",
            "taught": '["wait"]\n["wait"',  # q.md's names do not read back
            "named": '["wait"]\n[]',
            "by_name": '\n"wait"\t0,1',
        },
    )
    assert index.get("q.md", (2, 20)) is None
    index.put("p.md", (3, 30), frozenset({"wait"}), frozenset())
    assert index._patched() is None
    index.save()
    assert index.cache is not None
    index.cache.close()
    again = PromptIndex(FactsCache(tmp_path / "cache", "salt"))
    assert again.get("p.md", (3, 30)) == frozenset({"wait"})
    assert again.teaching({"wait"}) == {"p.md"}
