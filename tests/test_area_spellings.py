"""The side-effect areas line in a person's words and layout: an area with a
note after it, in backticks or followed by words is the area (the words are
the person's); a line wrapped onto an indented line, or areas nested under
the lead, are read as the line's areas and never rewritten."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import WAIT_PROMPT, WRAPPER

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

DOX_PATH = "tools/wait.py.dox.md"
LINE = "- Observed side-effect areas: none.\n"
#: a tool that makes network calls (``import httpx`` at line 1)
HTTP_PY = "import httpx\n" + WAIT_PY.replace(
    "        seconds = ", "        httpx.get('https://example.com')\n        seconds = "
)


def _repo(make_repo, areas: str, module: str = HTTP_PY) -> Path:
    dox = WAIT_DOX.replace(LINE, areas).replace("`helpers.tool`.", "`helpers.tool`, `httpx`.")
    return make_repo(
        {
            "tools/wait.py": module,
            DOX_PATH: dox,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        }
    )


def _findings(root: Path, run_cli, *args: str) -> list[str]:
    result = run_cli(root, "check", "--no-cache", *args)
    return [line for line in result.output.splitlines() if " DOX" in line]


@pytest.mark.parametrize(
    "areas",
    [
        "network (HTTP GET with retries).",
        "network calls (httpx, with retries).",
        "`network`.",
        "network calls via `httpx`.",
        "network calls and waits.",
        "Network calls (e.g. retries).",
    ],
)
def test_an_area_with_a_note_is_the_area(make_repo, run_cli, areas: str) -> None:
    line = f"- Observed side-effect areas: {areas}\n"
    root = _repo(make_repo, line)
    assert _findings(root, run_cli) == []
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert line in (root / DOX_PATH).read_text()


def test_an_area_missing_beside_one_with_a_note_is_added_keeping_the_note(
    make_repo, run_cli
) -> None:
    module = HTTP_PY.replace(
        "        seconds = ", "        open('x', 'w').close()\n        seconds = "
    )
    root = _repo(
        make_repo, "- Observed side-effect areas: network (HTTP GET with retries).\n", module
    )
    assert _findings(root, run_cli) == [
        f"{DOX_PATH}:17:1: DOX133 `tools/wait.py` shows filesystem writes (`open` at line 8), "
        "which the side-effect areas line does not list [*]"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (
        "- Observed side-effect areas: filesystem writes, network (HTTP GET with retries).\n"
        in (root / DOX_PATH).read_text()
    )
    assert _findings(root, run_cli) == []


def test_an_area_named_in_a_note_is_stated(make_repo, run_cli) -> None:
    module = HTTP_PY.replace(
        "        seconds = ", "        open('x', 'w').close()\n        seconds = "
    )
    line = "- Observed side-effect areas: network calls and filesystem writes.\n"
    root = _repo(make_repo, line, module)
    assert _findings(root, run_cli) == []


def test_a_piece_in_other_words_is_reported_without_a_fix(make_repo, run_cli) -> None:
    line = "- Observed side-effect areas: in-memory request cache.\n"
    root = _repo(make_repo, line)
    assert _findings(root, run_cli) == [
        f"{DOX_PATH}:17:1: DOX133 `tools/wait.py` shows network calls (`httpx.get` at line "
        "7), which the side-effect areas line does not list"
    ]
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert line in (root / DOX_PATH).read_text()


#: a tool that writes files and makes network calls
WRITE_HTTP_PY = HTTP_PY.replace(
    "        seconds = ", "        open('x', 'w').close()\n        seconds = "
)


@pytest.mark.parametrize(
    "areas",
    [
        "file I/O, HTTP requests.",
        "filesystem reads/writes, HTTP requests.",
        "writes to disk, network.",
        "disk writes; HTTP requests.",
        "network (HTTP) and file writes.",
        "saves files, downloads pages.",
    ],
)
def test_areas_in_other_words_are_stated(make_repo, run_cli, areas: str) -> None:
    """``file I/O``, ``writes to disk``, ``HTTP requests`` say the areas the
    code shows: no finding claims the line leaves them out, no fix writes
    them a second time."""
    line = f"- Observed side-effect areas: {areas}\n"
    root = _repo(make_repo, line, WRITE_HTTP_PY)
    assert [f for f in _findings(root, run_cli) if "DOX133" in f] == []
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert line in (root / DOX_PATH).read_text()


@pytest.mark.parametrize(
    ("areas", "missing"),
    [
        ("network calls (doesn't write to disk).", "filesystem writes (`open` at line 8)"),
        ("network calls; writes nothing to disk.", "filesystem writes (`open` at line 8)"),
        ("network calls (file names written by the user).", "filesystem writes (`open` at line 8)"),
        (
            "filesystem writes (files in the uploads folder).",
            "network calls (`httpx.get` at line 7)",
        ),
        ("filesystem writes (the downloads folder).", "network calls (`httpx.get` at line 7)"),
        ("filesystem writes, see HTTP docs.", "network calls (`httpx.get` at line 7)"),
        (
            "network calls (file writing moved to `helpers/store.py`).",
            "filesystem writes (`open` at line 8)",
        ),
        (
            "network calls; disk writes delegated to the store.",
            "filesystem writes (`open` at line 8)",
        ),
    ],
)
def test_a_word_of_an_area_in_a_note_about_something_else_lists_no_area(
    make_repo, run_cli, areas: str, missing: str
) -> None:
    """``doesn't write to disk``, ``the downloads folder``, ``see HTTP
    docs``: the word of an area is in a phrase denying it or about something
    else, and the area the code shows is still missing from the line."""
    root = _repo(make_repo, f"- Observed side-effect areas: {areas}\n", WRITE_HTTP_PY)
    assert [f.split(" DOX133 ")[-1].removesuffix(" [*]") for f in _findings(root, run_cli)] == [
        f"`tools/wait.py` shows {missing}, which the side-effect areas line does not list"
    ]


@pytest.mark.parametrize(
    "areas", ["network, no file writes.", "network, reads config files.", "network, disk cache."]
)
def test_file_words_without_a_write_leave_the_writes_missing(
    make_repo, run_cli, areas: str
) -> None:
    line = f"- Observed side-effect areas: {areas}\n"
    root = _repo(make_repo, line, WRITE_HTTP_PY)
    assert [f.split(" DOX133 ")[-1] for f in _findings(root, run_cli) if "DOX133" in f] == [
        "`tools/wait.py` shows filesystem writes (`open` at line 8), "
        "which the side-effect areas line does not list"
    ]


@pytest.mark.parametrize(
    "lines",
    [
        "- Observed side-effect areas: filesystem writes,\n  network.\n",
        "- Observed side-effect areas: network, filesystem\n  writes.\n",
        "- Observed side-effect areas:\n  - network\n  - filesystem writes\n",
        "- Observed side-effect areas:\n  - network (HTTP GET).\n  - filesystem writes.\n",
    ],
)
def test_a_wrapped_or_nested_areas_line_is_read_as_its_areas(
    make_repo, run_cli, lines: str
) -> None:
    root = _repo(make_repo, lines, WRITE_HTTP_PY)
    assert _findings(root, run_cli) == []
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert lines in (root / DOX_PATH).read_text()


@pytest.mark.parametrize(
    "lines",
    [
        "- Observed side-effect areas: network,\n  model calls.\n",
        "- Observed side-effect areas: network, model\n  calls.\n",
        "- Observed side-effect areas:\n  - network\n  - model calls\n",
    ],
)
def test_an_area_missing_from_a_wrapped_or_nested_line_is_reported_without_a_fix(
    make_repo, run_cli, lines: str
) -> None:
    root = _repo(make_repo, lines, WRITE_HTTP_PY)
    assert _findings(root, run_cli) == [
        f"{DOX_PATH}:17:1: DOX133 `tools/wait.py` shows filesystem writes (`open` at line 8), "
        "which the side-effect areas line does not list"
    ]
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert lines in (root / DOX_PATH).read_text()


#: a tool that writes a file and deletes a tree (besides its network call)
WRITE_DELETE_PY = HTTP_PY.replace(
    "        seconds = ",
    "        import shutil\n"
    "        open('x', 'w').close()\n"
    "        shutil.rmtree('cache')\n"
    "        seconds = ",
)


@pytest.mark.parametrize(
    "areas",
    [
        "network, filesystem writes and deletion (the cache tree).",
        "network, filesystem writes or deletes.",
        "network, filesystem deletion and writes.",
        "network, filesystem writes, and deletion.",
        "filesystem writes & deletion, network.",
    ],
)
def test_areas_joined_to_a_first_word_are_stated(make_repo, run_cli, areas: str) -> None:
    """``filesystem writes and deletion`` names both areas: no finding, and no
    fix writes either a second time."""
    line = f"- Observed side-effect areas: {areas}\n"
    root = _repo(make_repo, line, WRITE_DELETE_PY)
    assert [f for f in _findings(root, run_cli) if "DOX133" in f] == []
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert line in (root / DOX_PATH).read_text()


def test_an_area_a_conjunction_does_not_join_is_still_missing(make_repo, run_cli) -> None:
    """``and`` followed by words that make no area with the first word
    (``filesystem writes and cleanup``) names no other area."""
    line = "- Observed side-effect areas: network, filesystem writes and cleanup.\n"
    root = _repo(make_repo, line, WRITE_DELETE_PY)
    assert [f.split(" DOX133 ")[-1] for f in _findings(root, run_cli) if "DOX133" in f] == [
        "`tools/wait.py` shows filesystem deletion (`shutil.rmtree` at line 10), "
        "which the side-effect areas line does not list [*]"
    ]


@pytest.mark.parametrize(
    "areas",
    [
        "network; filesystem writes and deletion.",
        "network; filesystem writes; filesystem deletion (the cache).",
    ],
)
def test_areas_a_semicolon_goes_on_with_are_stated(make_repo, run_cli, areas: str) -> None:
    """``network; filesystem writes and deletion.`` lists the areas after its
    ``;`` too: they were reported missing and the fix wrote them a second
    time before the ``;``."""
    line = f"- Observed side-effect areas: {areas}\n"
    root = _repo(make_repo, line, WRITE_DELETE_PY)
    assert [f for f in _findings(root, run_cli) if "DOX133" in f] == []
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert line in (root / DOX_PATH).read_text()


@pytest.mark.parametrize("note", ["no filesystem deletion", "see below; deletion too"])
def test_an_area_a_note_after_a_semicolon_denies_or_words_otherwise_is_missing(
    make_repo, run_cli, note: str
) -> None:
    line = f"- Observed side-effect areas: network, filesystem writes; {note}.\n"
    root = _repo(make_repo, line, WRITE_DELETE_PY)
    assert [f.split(" DOX133 ")[-1] for f in _findings(root, run_cli) if "DOX133" in f] == [
        "`tools/wait.py` shows filesystem deletion (`shutil.rmtree` at line 10), "
        "which the side-effect areas line does not list [*]"
    ]


@pytest.mark.parametrize(
    ("areas", "fixed"),
    [
        (
            "network.<!-- reviewed 2026-06 -->",
            "filesystem writes, network.<!-- reviewed 2026-06 -->",
        ),
        ("network. <!-- reviewed -->", "filesystem writes, network. <!-- reviewed -->"),
        # a comment inside the list: where the area goes is not known
        ("network <!-- reviewed -->.", None),
        ("network <!-- reviewed -->", None),
    ],
)
def test_an_html_comment_stays_where_it_is(
    make_repo, run_cli, areas: str, fixed: str | None
) -> None:
    module = HTTP_PY.replace(
        "        seconds = ", "        open('x', 'w').close()\n        seconds = "
    )
    line = f"- Observed side-effect areas: {areas}\n"
    root = _repo(make_repo, line, module)
    (finding,) = [f for f in _findings(root, run_cli) if "DOX133" in f]
    assert finding.endswith("[*]") is (fixed is not None)
    run_cli(root, "check", "--no-cache", "--fix")
    text = (root / DOX_PATH).read_text()
    assert f"- Observed side-effect areas: {fixed or areas}\n" in text, text


#: a tool that runs a command and makes network calls
RUN_HTTP_PY = "import subprocess\n" + HTTP_PY.replace(
    "        seconds = ", "        subprocess.run(['ls'])\n        seconds = "
)


@pytest.mark.parametrize(
    "areas", ["network calls; shell escaping applied.", "network calls (shell quoting done)."]
)
def test_a_phrase_about_treating_an_areas_words_lists_no_area(
    make_repo, run_cli, areas: str
) -> None:
    """``shell escaping applied`` is about the words handed a shell, not a
    listing of the commands the tool runs: they are still missing."""
    root = _repo(make_repo, f"- Observed side-effect areas: {areas}\n", RUN_HTTP_PY)
    assert [f.split(" DOX133 ")[-1] for f in _findings(root, run_cli) if "DOX133" in f] == [
        "`tools/wait.py` shows subprocess/runtime control (`subprocess.run` at line 9), "
        "which the side-effect areas line does not list [*]"
    ]
