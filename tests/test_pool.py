"""Parsing in a process pool: the same results, in the same order, as one process."""

from __future__ import annotations

import json
from pathlib import Path

import libcst as cst
import pytest
from samples import clean_files, tool_named

from doxtool.companions.parsing import parse_companion
from doxtool.core.factnames import candidate_names, packed
from doxtool.core.facts import ModuleFacts
from doxtool.core.serde import encode, to_data
from doxtool.prompts.parse import parse_prompt
from doxtool.python.extract import extract_module
from doxtool.run.pool import Job, Packed, parse_all, plan, unpacked

REPO = Path(__file__).resolve().parent.parent


def _reference_jobs() -> list[Job]:
    jobs: list[Job] = []
    for path in sorted((REPO / "tools").glob("*.py")):
        rel = path.relative_to(REPO).as_posix()
        jobs.append(Job("facts", rel, path.read_text(encoding="utf-8"), frozenset({"helpers"})))
        companion = path.with_name(path.name + ".dox.md")
        jobs.append(Job("companion", rel + ".dox.md", companion.read_text(encoding="utf-8")))
    for path in sorted((REPO / "prompts").glob("*.md")):
        jobs.append(Job("prompt", path.relative_to(REPO).as_posix(), path.read_text("utf-8")))
    jobs.append(Job("facts", "tools/broken.py", "class (:\n"))
    return jobs


def test_pool_results_equal_serial_results_in_order() -> None:
    jobs = _reference_jobs()
    assert len(jobs) >= 20
    results = [result for result, _ in parse_all(jobs, 2)]
    # a module's facts stay pickled in the parent until read; the rest are objects
    assert [type(r) is Packed for r in results] == [job.kind == "facts" for job in jobs]
    pooled = [to_data(unpacked(result)) for result in results]
    expected = []
    for job in jobs:
        if job.kind == "facts":
            facts = extract_module(job.text, job.path, job.roots)
            facts.module_names = packed(candidate_names(facts))  # found where it is parsed
            expected.append(to_data(facts))
        elif job.kind == "companion":
            expected.append(to_data(parse_companion(job.text, job.path)))
        else:
            expected.append(to_data(parse_prompt(job.text, job.path)))
    assert pooled == expected
    assert pooled[-1]["problems"][0]["kind"] == "syntax"
    assert [to_data(result) for result, _ in parse_all(jobs, 1)] == expected
    # workers encode results for the cache as the parent would
    for workers in (1, 2):
        encoded = list(parse_all(jobs, workers, encoded=True))
        assert [text for _, text in encoded] == [encode(unpacked(r)) for r, _ in encoded]
        assert [json.loads(text) for _, text in encoded] == expected


class _Cache:
    """The part of the facts cache that :func:`plan` uses: what it stores."""

    def __init__(self) -> None:
        self.stored: list[tuple[str, bytes, object, str | None]] = []

    def load(self, kind: str, key: bytes, cls: type) -> None:
        return None

    def store(self, kind: str, key: bytes, value: object, encoded: str | None) -> None:
        self.stored.append((kind, key, value, encoded))


def test_packed_facts_are_stored_as_encoded_and_kept_packed() -> None:
    jobs = _reference_jobs()
    facts_job = jobs[0]
    assert facts_job.kind == "facts"
    (result, encoded), *_ = parse_all([facts_job] * 8, 2, encoded=True)
    assert type(result) is Packed and encoded is not None
    cache, kept = _Cache(), []
    planned = plan(facts_job, cache, b"key", object, kept.append)  # type: ignore[arg-type]
    assert planned is not None
    _, accept = planned
    accept(result, encoded)
    # the encoding the worker made is stored, and the facts are kept unread
    assert cache.stored == [("facts", b"key", result, encoded)]
    assert kept == [result]
    # without an encoding, the facts are read to make one
    accept(result, None)
    assert cache.stored[1][2] == unpacked(result)
    assert encode(cache.stored[1][2]) == encoded
    assert kept[1] == unpacked(result)
    assert unpacked(kept[1]) is kept[1]  # anything else is itself


def test_the_cache_reads_back_facts_stored_from_a_packed_result(tmp_path: Path) -> None:
    from doxtool.run.cache import FactsCache

    job = _reference_jobs()[0]
    (result, encoded), *_ = parse_all([job] * 8, 2, encoded=True)
    assert type(result) is Packed
    cache, kept = FactsCache(tmp_path / "cache", "salt"), []
    planned = plan(job, cache, b"module", ModuleFacts, kept.append)
    assert planned is not None
    planned[1](result, encoded)
    planned = plan(job, cache, b"unencoded", ModuleFacts, kept.append)
    assert planned is not None
    planned[1](result, None)
    cache.close()
    again = FactsCache(tmp_path / "cache", "salt")
    for key in (b"module", b"unencoded"):
        assert to_data(again.load("facts", key, ModuleFacts)) == to_data(unpacked(result))
    again.close()


def test_a_project_keeps_pooled_facts_packed_until_they_are_read(
    reference_repo: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    import shutil

    from doxtool.api import load_project

    facts = {}
    for workers in (2, 1):
        root = tmp_path_factory.mktemp(f"workers-{workers}") / "repo"
        shutil.copytree(reference_repo, root)  # a copy each: nothing cached yet
        project = load_project(root)
        assert project.cache is not None  # the encodings go there, the facts stay packed
        helpers = sorted(p.relative_to(root) for p in root.glob("helpers/*.py"))
        modules = [*project.documented_modules, *(p.as_posix() for p in helpers)]
        todo = [project.facts_job(module) for module in modules]
        assert len(todo) >= 8 and all(todo)
        results = parse_all([job for job, _ in todo], workers, encoded=True)  # type: ignore[misc]
        for (_, accept), (result, encoded) in zip(todo, results, strict=True):  # type: ignore[misc]
            accept(result, encoded)
        held = project._facts
        assert [type(held[m]) is Packed for m in modules] == [workers > 1] * len(modules)
        read = project.facts(modules[0])
        assert type(read) is ModuleFacts and held[modules[0]] is read  # unpickled once
        assert project.facts(modules[0]) is read
        facts[workers] = [to_data(project.facts(m)) for m in modules]
    assert facts[2] == facts[1]


def test_parent_still_validates_nodes_after_serial_and_pooled_parsing() -> None:
    jobs = _reference_jobs()
    for workers in (1, 2):
        assert len(list(parse_all(jobs, workers))) == len(jobs)
        with pytest.raises(cst.CSTValidationError):
            cst.Name("not a name")


def _many_tools(make_repo) -> Path:
    files = clean_files()
    for i in range(10):
        files.update(tool_named(f"t{i}"))
    root = make_repo(files)
    # drift of every kind the pool parses: a module, a companion, a prompt
    (root / "tools/t1.py.dox.md").write_text("# t1\n\nNo fact lines.\n")
    (root / "prompts/agent.system.tool.t2.md").write_text(
        '### t2\nUse it.\n~~~json\n{"tool_name": "t2", "tool_args": {,}}\n~~~\n'
    )
    (root / "tools/t3.py").write_text("class (:\n")
    (root / "tools/t4.py.dox.md").unlink()
    return root


def _findings(run_cli, root: Path, *args: str) -> list[dict[str, object]]:
    result = run_cli(root, "check", "--format", "json", *args)
    assert result.exit_code == 1, result.output
    return json.loads(result.output)


def test_check_reports_the_same_with_any_jobs_and_cache_state(make_repo, run_cli) -> None:
    root = _many_tools(make_repo)
    serial = _findings(run_cli, root, "--no-cache", "--jobs", "1")
    codes = {f["code"] for f in serial}
    # t4 has no companion, t3 no valid syntax, t1's companion no fact lines, t2's example no JSON
    assert codes == {
        "DOX001", "DOX003", "DOX101", "DOX102", "DOX105", "DOX106", "DOX111", "DOX120",
        "DOX130", "DOX131", "DOX133", "PRM005",
    }  # fmt: skip
    assert _findings(run_cli, root, "--no-cache", "--jobs", "2") == serial
    assert _findings(run_cli, root, "--jobs", "2") == serial  # cold cache, filled by the pool
    assert _findings(run_cli, root, "--jobs", "2") == serial  # warm
    assert _findings(run_cli, root, "--jobs", "1") == serial


def test_cache_holds_modules_companions_and_prompts(make_repo, run_cli) -> None:
    root = _many_tools(make_repo)
    cold = run_cli(root, "check", "-v", "--jobs", "2").stderr
    parse_line = next(line for line in cold.splitlines() if "doxtool: parse" in line)
    discovered = next(line for line in cold.splitlines() if "doxtool: discover" in line)
    modules, companions, prompts = (
        int(discovered.split(f" {what}")[0].rsplit(" ", 1)[-1])
        for what in ("module", "companion", "prompt")
    )
    # the missing companion is not counted; helpers/tool.py is: the tools call
    # into it (``Response``), and calls into helper modules are followed
    readable = modules + companions + prompts + 1
    assert parse_line.endswith(f"cache 0 hits, {readable} misses"), (parse_line, discovered)
    (root / ".doxtool_cache" / "findings.state").unlink()  # else reused, nothing read
    warm = run_cli(root, "check", "-v", "--jobs", "2").stderr
    assert f"cache {readable} hits, 0 misses" in warm


def test_a_serial_run_hands_results_back_as_it_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    from doxtool.run import pool

    parsed: list[str] = []

    def counting(job: Job) -> str:
        parsed.append(job.path)
        return job.path

    monkeypatch.setattr(pool, "parse", counting)
    jobs = [Job("prompt", f"p{i}.md", "") for i in range(40)]
    results = pool.parse_all(jobs, 1)
    assert next(results) == ("p0.md", None)
    assert len(parsed) == pool.SERIAL_CHUNK < len(jobs)
    with pytest.raises(cst.CSTValidationError):  # the caller's code runs validated
        cst.Name("not a name")
    assert [path for path, _ in results] == [f"p{i}.md" for i in range(1, 40)]


def test_a_worker_of_a_pool_without_modules_does_not_import_libcst() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from doxtool.run import pool; pool._start_worker(False); "
        "print('libcst' in sys.modules); pool._start_worker(); print('libcst' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
