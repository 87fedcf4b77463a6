"""A run over PATHS hands its modules to the side parser as soon as it knows
them, before it looks for what else it checks; the modules found later go in
a request of their own, and each request gets its own answer."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_sideparser import DRIFTED, WRAPPER, _jobs, _noted, _same

from doxtool.rules.examples import WAIT_DOX
from doxtool.run import ahead, pool, sideparser
from doxtool.run.pool import Job

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="a side parser is forked on Linux only"
)

#: the wrapper of tests/test_sideparser.py, noting in ``<note>.order`` each
#: request handed over and the start of the search for the units fed
ORDERED = WRAPPER.replace(
    "from doxtool import launcher\n",
    """\
def ordered(self, jobs, encoded):
    with open(note + ".order", "a") as handle:
        handle.write("request " + " ".join(job.path for job in jobs) + "\\n")
    return counted(self, jobs, encoded)
sideparser.SideParser.parse = ordered
import doxtool.run.dependents as dependents
search = dependents.add_units_fed
def searched(project, scope):
    with open(note + ".order", "a") as handle:
        handle.write("search\\n")
    return search(project, scope)
dependents.add_units_fed = searched
from doxtool import launcher
""",
)


def _run(root: Path, note: Path, *args: str):  # type: ignore[no-untyped-def]
    from forked import run_wrapper, wrapper_env

    return run_wrapper(ORDERED, root, wrapper_env(SIDE_NOTE=str(note)), *args)


@pytest.fixture
def side() -> sideparser.SideParser:
    sideparser.start(pool.side_parser)
    started = sideparser.current()
    assert started is not None
    yield started
    sideparser.close()
    pool._ahead.clear()


def test_each_request_gets_its_own_answer_in_any_order(side: sideparser.SideParser) -> None:
    facts = [job for job in _jobs() if job.kind == "facts"]
    expected = [pool.parse_plain(job) for job in facts]
    first = side.parse([facts[0]], False)
    second = side.parse([facts[1]], False)
    assert second() == [expected[1]], "read past the first request's answer"
    assert first() == [expected[0]], "kept until its wait asked for it"
    assert side.parse(facts, False)() == expected


def test_a_module_handed_ahead_is_not_handed_again(
    side: sideparser.SideParser, monkeypatch: pytest.MonkeyPatch
) -> None:
    jobs = _jobs()
    expected = list(pool.parse_all(jobs, 1, encoded=True))
    handed: list[list[str]] = []
    hand_over = sideparser.SideParser.parse

    def noted(self, batch, encoded):  # type: ignore[no-untyped-def]
        handed.append([job.path for job in batch])
        return hand_over(self, batch, encoded)

    monkeypatch.setattr(sideparser.SideParser, "parse", noted)
    pool.parse_ahead([jobs[0]], 2, True)
    assert handed == [["tools/wait.py"]]
    assert list(pool.parse_all(jobs, 2, encoded=True)) == expected
    assert handed == [["tools/wait.py"], ["tools/notify_user.py"]], "the rest in a second request"
    # a module changed since it was handed ahead is a job of its own
    pool.parse_ahead([jobs[0]], 2, True)
    changed = Job("facts", "tools/wait.py", jobs[0].text + "# changed\n", jobs[0].roots)
    assert list(pool.parse_all([changed], 2, encoded=True)) == list(
        pool.parse_all([changed], 1, encoded=True)
    )
    assert handed[-1] == ["tools/wait.py"] and len(handed) == 4
    # one handed ahead for a run without encodings is handed again for one with them
    pool.parse_ahead([jobs[2]], 2, False)
    assert list(pool.parse_all([jobs[2]], 2, encoded=True)) == list(
        pool.parse_all([jobs[2]], 1, encoded=True)
    )
    assert handed[-2:] == [["tools/notify_user.py"], ["tools/notify_user.py"]]


def test_a_module_handed_ahead_to_a_side_parser_that_died_is_parsed_here(
    side: sideparser.SideParser,
) -> None:
    import os
    import signal

    jobs = _jobs()
    pool.parse_ahead([jobs[0]], 2, False)
    os.kill(side.pid, signal.SIGKILL)
    assert list(pool.parse_all(jobs, 2)) == list(pool.parse_all(jobs, 1))


def test_nothing_is_handed_ahead_with_one_job_or_no_side_parser() -> None:
    jobs = _jobs()
    pool.parse_ahead(jobs, 2, False)  # no side parser
    assert pool._ahead == {}
    sideparser.start(pool.side_parser)
    try:
        pool.parse_ahead(jobs, 1, False)
        assert pool._ahead == {}
    finally:
        sideparser.close()


def test_a_check_of_a_module_hands_it_over_before_the_search_for_the_units_fed(
    make_repo, tmp_path_factory
) -> None:
    root = make_repo({"tools/wait.py": DRIFTED, "tools/wait.py.dox.md": WAIT_DOX})
    note = tmp_path_factory.mktemp("note") / "pids"
    args = ("check", "--select", "DOX", "tools/wait.py")
    beside = _run(root, note, *args)
    assert beside.returncode == 1, beside.stderr
    assert _noted(note, ".order") == ["request tools/wait.py", "search", "request helpers/tool.py"]
    _same(beside, _run(root, note, *args, "--jobs", "1", "--no-cache"))
    # a fix parses what it reads while it holds the repository's lock
    (root / "tools/wait.py").write_text(DRIFTED + "# edited\n")
    note.with_name(note.name + ".order").unlink()
    fixed = _run(root, note, "check", "--select", "DOX", "--fix", "tools/wait.py")
    assert fixed.returncode in (0, 1), fixed.stderr
    assert _noted(note, ".order") == ["search", "request tools/wait.py"]


def test_plans_are_taken_once_and_only_for_their_project(make_repo) -> None:
    from doxtool.api import load_project

    root = make_repo({"tools/wait.py": DRIFTED, "tools/wait.py.dox.md": WAIT_DOX})
    project, other = load_project(root), load_project(root)
    sideparser.start(pool.side_parser)
    try:
        ahead.hand(project, ["tools/wait.py"], 2)
        assert ahead.take(other) == {}, "another project's plans are not this one's"
        ahead.hand(project, ["tools/wait.py"], 2)
        assert list(ahead.take(project)) == ["tools/wait.py"]
        assert ahead.take(project) == {}
        ahead.hand(project, ["tools/wait.py"], 2)
        project.facts("tools/wait.py")  # read since: planned anew
        assert ahead.take(project) == {}
    finally:
        sideparser.close()
        pool._ahead.clear()
        project.close()
        other.close()
