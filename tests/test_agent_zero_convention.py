"""Companions in Agent Zero's generated format, checked item by item.

Each variant the real corpus has is shown both ways: a true line gives no
finding; a line the code contradicts gives one finding naming the item, and
``--fix`` changes that item and nothing else.
"""

from __future__ import annotations

from pathlib import Path

import pytest

CONFIG = 'convention = "agent-zero"\ntest-dirs = ["tests"]\n'
AGENTS = (
    "# helpers\n\n## Local Contracts\n\n- This directory is a file-documented DOX profile: "
    "every direct `*.py` helper module must have a same-directory `*.py.dox.md` file.\n"
)

HISTORY_PY = '''\
from __future__ import annotations

import json
from typing import Any, overload

from helpers import files
from helpers.localization import Localization

try:
    import ujson
except ImportError:
    ujson = None

MAX_TOKENS = 4000
T = "T"


class Topic:
    def add_message(self, ai: bool, content: str, tokens: int = 0) -> "Message":
        stamp = Localization.get().now()
        return files.save(json.dumps({"ai": ai, "content": content, "at": stamp}))

    @overload
    def get(self, key: str) -> str: ...

    @overload
    def get(self, key: int) -> int: ...

    def get(self, key):
        return key

    def _private(self) -> None:
        pass


class Message(dict):
    pass


def serialize(topic: Topic, *, indent: int = 2) -> str:
    """Serialize a topic to JSON.

    More text.
    """
    return json.dumps(topic, indent=indent)


def _load(path: str) -> Any:
    with open(path) as handle:
        return json.load(handle)
'''

HISTORY_DOX = """\
# history.py DOX

## Purpose

- Own the `history.py` helper module.
- This module keeps conversation history.
- Keep this file-level DOX profile synchronized with `history.py` because this directory is intentionally flat.

## Ownership

- `history.py` owns the runtime implementation.
- `history.py.dox.md` owns durable notes about responsibilities, contracts, side effects, and verification for that implementation.
- Classes:
- `Topic` (no explicit base class)
  - `add_message(self, ai: bool, content: str, tokens: int=...) -> 'Message'`
  - `get(self, key: str) -> str`
  - `get(self, key: int) -> int`
  - `get(self, key)`
- `Message` (`dict`)
- Top-level functions:
- `serialize(topic: Topic, indent: int=...) -> str`: Serialize a topic to JSON.
- `_load(path: str) -> Any`
- Notable constants/configuration names: `MAX_TOKENS`, `T`.

## Local Contracts

- Helper modules own reusable framework APIs and must preserve public callers unless all callers, tests, and docs are updated together.
- Update this file whenever public functions, classes, persistence behavior, path/security assumptions, side effects, or cross-module contracts change.
- Observed side-effect areas: filesystem reads, settings/state persistence.
- Imported dependency areas include: `__future__`, `helpers`, `helpers.localization`, `json`, `typing`.

## Key Concepts

- Important called helpers/classes observed in the source: `Localization.get.now`, `files.save`, `json.dumps`, `open`, `json.load`.
- Keep request/response, tool, or helper semantics documented here at the same time as source changes.

## Work Guidance

- Keep path, auth, secret, persistence, network, and subprocess behavior explicit and bounded.

## Verification

- Run targeted tests for changed helper behavior.
- Related tests observed by source search:
  - `tests/test_history.py`

## Child DOX Index

No child DOX files.
"""

TEST_PY = "from helpers import history\n\n\ndef test_it():\n    assert history\n"


def _repo(make_repo, module: str = HISTORY_PY, dox: str = HISTORY_DOX, **more: str) -> Path:
    return make_repo(
        {
            "doxtool.toml": CONFIG,
            "helpers/AGENTS.md": AGENTS,
            "helpers/__init__.py": "",
            "helpers/files.py": "def save(text):\n    return text\n",
            "helpers/localization.py": "class Localization:\n    pass\n",
            "helpers/history.py": module,
            "helpers/history.py.dox.md": dox,
            "tests/test_history.py": TEST_PY,
            **more,
        }
    )


def _findings(run_cli, root: Path, *args: str) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1", *args)
    assert result.exit_code in (0, 1), result.output
    return [line for line in result.output.splitlines() if ": DOX" in line]


def _companion(root: Path) -> str:
    return (root / "helpers/history.py.dox.md").read_text(encoding="utf-8")


def test_a_true_companion_in_every_variant_gives_no_finding(make_repo, run_cli) -> None:
    """`(no explicit base class)`, `: <docstring line>` after a function,
    `## Local Contracts`, no-base-claim, overloads, `'Message'` quoted return,
    keyword-only parameters written without `*`, call chains as written,
    `__future__` kept, an area doxtool cannot see (settings/state persistence)."""
    root = _repo(make_repo)
    assert _findings(run_cli, root) == []


def test_fix_on_a_true_companion_changes_nothing(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    run_cli(root, "check", "--fix", "--no-cache")
    assert _companion(root) == HISTORY_DOX


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "    def add_message(self, ai: bool, content: str, tokens: int = 0)",
            "    def add_message(self, ai: bool, content: str, tokens: int = 0, sequence: int = 1)",
            "`Topic.add_message` gained `sequence` (helpers/history.py:19)",
        ),
        ("class Message(dict):", "class Message(list):", "class `Message` derives from `list`"),
        ("MAX_TOKENS = 4000\n", "", "no longer assigns `MAX_TOKENS` (documented at line 23)"),
        ("import json\n", "import json\nimport uuid\n", "imports `uuid` (line 4)"),
        (
            "        return key\n",
            "        return Localization.get().later(key)\n",
            "calls `Localization.get.later`",
        ),
    ],
)
def test_a_contradicted_item_is_one_finding_and_the_fix_changes_only_it(
    make_repo, run_cli, old: str, new: str, expected: str
) -> None:
    assert old in HISTORY_PY
    root = _repo(make_repo, HISTORY_PY.replace(old, new))
    findings = _findings(run_cli, root)
    assert len(findings) == 1, findings
    assert expected in findings[0]
    run_cli(root, "check", "--fix", "--no-cache")
    after = _companion(root)
    changed = [
        (a, b) for a, b in zip(HISTORY_DOX.splitlines(), after.splitlines(), strict=False) if a != b
    ]
    # one line differs (or one was inserted or removed), nothing else
    assert abs(len(after.splitlines()) - len(HISTORY_DOX.splitlines())) <= 1
    assert len(changed) <= 1 or len(after.splitlines()) != len(HISTORY_DOX.splitlines())
    assert _findings(run_cli, root) == []
    run_cli(root, "check", "--fix", "--no-cache")
    assert _companion(root) == after, "a second fix changes nothing"


def test_a_removed_method_is_stale_and_its_line_goes(make_repo, run_cli) -> None:
    module = HISTORY_PY.replace(
        '    def add_message(self, ai: bool, content: str, tokens: int = 0) -> "Message":\n'
        "        stamp = Localization.get().now()\n"
        '        return files.save(json.dumps({"ai": ai, "content": content, "at": stamp}))\n\n',
        "",
    )
    root = _repo(make_repo, module)
    findings = _findings(run_cli, root)
    assert any(
        "`Topic` no longer has method `add_message` (documented at line 15)" in f for f in findings
    )
    run_cli(root, "check", "--fix", "--no-cache")
    assert "add_message" not in _companion(root)
    assert "`Localization.get.now`" not in _companion(root), "the stale call goes too"
    assert _companion(root).count("`json.dumps`") == 1


def test_text_after_a_stale_item_makes_its_removal_unsafe(make_repo, run_cli) -> None:
    dox = HISTORY_DOX.replace(
        "- `_load(path: str) -> Any`\n", "- `_load(path: str) -> Any` -- kept for the importer\n"
    )
    module = HISTORY_PY.replace(HISTORY_PY[HISTORY_PY.index("\n\ndef _load") :], "\n")
    root = _repo(make_repo, module, dox)
    findings = _findings(run_cli, root)
    stale = [f for f in findings if "no longer defines function `_load`" in f]
    assert len(stale) == 1 and not stale[0].endswith("[*]"), findings
    run_cli(root, "check", "--fix", "--no-cache")
    assert "kept for the importer" in _companion(root), "a person's words stay"


def test_a_hand_added_true_item_is_never_a_finding(make_repo, run_cli) -> None:
    dox = HISTORY_DOX.replace(
        "  - `get(self, key)`\n", "  - `get(self, key)`\n  - `_private(self) -> None`\n"
    ).replace(
        "  - `tests/test_history.py`\n", "  - `tests/test_history.py`\n  - `tests/test_other.py`\n"
    )
    root = _repo(make_repo, dox=dox, **{"tests/test_other.py": "def test():\n    pass\n"})
    assert _findings(run_cli, root) == []


def test_order_alone_is_not_a_finding(make_repo, run_cli) -> None:
    dox = HISTORY_DOX.replace("`json`, `typing`", "`typing`, `json`").replace(
        "`MAX_TOKENS`, `T`", "`T`, `MAX_TOKENS`"
    )
    root = _repo(make_repo, dox=dox)
    assert _findings(run_cli, root) == []


def test_a_missing_import_is_inserted_in_sorted_place_and_prose_after_the_line_stays(
    make_repo, run_cli
) -> None:
    dox = HISTORY_DOX.replace("`json`, `typing`.", "`json`, `typing`. Only `json` matters here.")
    root = _repo(
        make_repo, HISTORY_PY.replace("import json\n", "import json\nimport base64\n"), dox
    )
    run_cli(root, "check", "--fix", "--no-cache")
    assert (
        "- Imported dependency areas include: `__future__`, `base64`, `helpers`, "
        "`helpers.localization`, `json`, `typing`. Only `json` matters here."
    ) in _companion(root)


def test_an_import_written_more_specifically_is_true(make_repo, run_cli) -> None:
    dox = HISTORY_DOX.replace(
        "`helpers`, `helpers.localization`", "`helpers.files`, `helpers.localization`"
    )
    root = _repo(make_repo, dox=dox)
    assert _findings(run_cli, root) == []


def test_imports_in_functions_try_or_type_checking_are_true_but_never_missing(
    make_repo, run_cli
) -> None:
    """`ujson` is imported under `try`: listing it is true, omitting it is too."""
    dox = HISTORY_DOX.replace("`json`, `typing`", "`json`, `typing`, `ujson`")
    root = _repo(make_repo, dox=dox)
    assert _findings(run_cli, root) == []


def test_a_full_capped_list_is_complete(make_repo, run_cli) -> None:
    methods = "".join(f"    def m{i}(self) -> None:\n        pass\n\n" for i in range(10))
    module = f"class Big:\n{methods}"
    listed = "".join(f"  - `m{i}(self) -> None`\n" for i in range(8))
    dox = HISTORY_DOX.split("- Classes:\n")[0] + (
        f"- Classes:\n- `Big` (no explicit base class)\n{listed}\n## Local Contracts\n\n"
        "- Update this file whenever public functions change.\n"
    )
    root = _repo(make_repo, module, dox)
    findings = _findings(run_cli, root)
    assert not any("`Big.m8`" in f or "`Big.m9`" in f for f in findings), findings


#: stdlib modules that sort before the module's other imports: with them it
#: has 20, and the imports line's cap (16) keeps these and `__future__`
EXTRA = (
    "abc array base64 bisect calendar codecs copy csv decimal difflib enum fnmatch glob gzip heapq"
)
IMPORTS_LEAD = "- Imported dependency areas include: "
FIRST_16 = ["__future__", *EXTRA.split()]


def _imports_line(names: list[str]) -> str:
    return IMPORTS_LEAD + ", ".join(f"`{name}`" for name in names) + "."


def test_the_imports_line_at_its_cap_is_judged_item_by_item(make_repo, run_cli) -> None:
    """An import past the cap is not missing, and listing one is true; an
    import the cap keeps is missing while the line does not list it, however
    many the line lists (one past the cap takes no place of it)."""
    module = HISTORY_PY.replace(
        "import json\n", "import json\n" + "".join(f"import {m}\n" for m in EXTRA.split())
    )
    written = "`__future__`, `helpers`, `helpers.localization`, `json`, `typing`."
    assert IMPORTS_LEAD + written in HISTORY_DOX
    past_cap = ["helpers", "helpers.localization", "json", "typing"]

    def check(names: list[str]) -> tuple[list[str], Path]:
        dox = HISTORY_DOX.replace(IMPORTS_LEAD + written, _imports_line(names))
        root = _repo(make_repo, module, dox)
        found = [f.split(": ", 1)[1] for f in _findings(run_cli, root) if "DOX131" in f]
        return found, root

    assert check(FIRST_16)[0] == []
    assert check(FIRST_16 + past_cap)[0] == []
    # at the cap, with `json` (past it) where `heapq` (kept by it) belongs
    swapped = [*FIRST_16[:-1], "json"]
    found, root = check(swapped)
    assert found == [
        "DOX131 `helpers/history.py` imports `heapq` (line 18), which the imports "
        "line does not list [*]"
    ]
    run_cli(root, "check", "--fix", "--no-cache", "--select", "DOX131")
    assert _imports_line([*FIRST_16, "json"]) + "\n" in _companion(root)
    # a stale item is reported with it, and the fix leaves the line true and whole
    found, root = check([*swapped, "nosuch"])
    assert [f.split(" ", 1)[0] for f in found] == ["DOX131", "DOX131"], found
    assert "`nosuch`" in found[0] + found[1] and "`heapq`" in found[0] + found[1]
    run_cli(root, "check", "--fix", "--no-cache", "--select", "DOX131")
    assert _imports_line([*FIRST_16, "json"]) + "\n" in _companion(root)


def test_a_method_renamed_in_a_full_capped_list_is_reported_and_fixed_as_shown(
    make_repo, run_cli
) -> None:
    """The stale item takes no place under the cap: the renamed method is
    reported missing with it, and --diff shows what --fix writes."""
    methods = "".join(f"    def m{i}(self) -> None:\n        pass\n\n" for i in range(8))
    listed = "".join(f"  - `m{i}(self) -> None`\n" for i in range(8))
    dox = HISTORY_DOX.split("- Classes:\n")[0] + (
        f"- Classes:\n- `Big` (no explicit base class)\n{listed}\n## Local Contracts\n\n"
        "- Update this file whenever public functions change.\n"
    )
    root = _repo(make_repo, f"class Big:\n{methods}".replace("def m3(", "def n3("), dox)
    findings = [f for f in _findings(run_cli, root) if "Big" in f]
    assert findings == [
        "helpers/history.py.dox.md:14:1: DOX105 method `Big.n3` (helpers/history.py:11) "
        "is not listed under `Big` [*]",
        "helpers/history.py.dox.md:18:1: DOX105 `Big` no longer has method `m3` "
        "(documented at line 18) [*]",
    ]
    diff = run_cli(root, "check", "--no-cache", "--diff", "--select", "DOX105").output
    assert "-  - `m3(self) -> None`\n+  - `n3(self) -> None`\n" in diff
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX105")
    assert listed.replace("m3", "n3") in _companion(root)


def test_missing_public_method_under_the_cap_is_reported_private_ones_are_not(
    make_repo, run_cli
) -> None:
    module = HISTORY_PY.replace(
        "    def _private(self) -> None:",
        "    def rename(self, title: str) -> None:\n        pass\n\n    def _private(self) -> None:",
    )
    root = _repo(make_repo, module)
    findings = _findings(run_cli, root)
    assert len(findings) == 1 and "method `Topic.rename`" in findings[0], findings
    run_cli(root, "check", "--fix", "--no-cache")
    assert (
        "  - `get(self, key)`\n  - `rename(self, title: str) -> None`\n- `Message`"
        in _companion(root)
    )


def test_side_effect_areas_missing_stale_and_left_alone(make_repo, run_cli) -> None:
    # the module starts deleting files and stops reading them
    module = HISTORY_PY.replace(
        "def _load(path: str) -> Any:\n    with open(path) as handle:\n        return json.load(handle)\n",
        "def _load(path: str) -> Any:\n    import os\n\n    os.remove(path)\n",
    )
    root = _repo(make_repo, module)
    findings = [f for f in _findings(run_cli, root) if "DOX133" in f]
    assert any("shows filesystem deletion (`os.remove` at line" in f for f in findings), findings
    assert any("shows no filesystem reads any more" in f for f in findings), findings
    assert not any("settings/state persistence" in f for f in findings), "left alone"
    # an area gone on absence alone goes only on request; the shown one is added
    run_cli(root, "check", "--fix", "--no-cache")
    assert (
        "- Observed side-effect areas: filesystem reads, filesystem deletion, "
        "settings/state persistence." in _companion(root)
    )
    run_cli(root, "check", "--fix", "--unsafe-fixes", "--no-cache")
    assert (
        "- Observed side-effect areas: filesystem deletion, settings/state persistence."
        in _companion(root)
    )


@pytest.mark.parametrize(
    ("opener", "written"),
    [("dbm.open(path, 'c')", True), ("dbm.open(path)", False), ("shelve.open(path)", True)],
)
def test_a_dbm_database_or_shelf_shows_the_areas_of_its_flag(
    make_repo, run_cli, opener: str, written: bool
) -> None:
    module = HISTORY_PY.replace(
        "import json\n", "import dbm\nimport json\nimport shelve\n"
    ).replace(
        "    with open(path) as handle:\n        return json.load(handle)\n",
        f"    with {opener} as handle:\n        return dict(handle)\n",
    )
    root = _repo(make_repo, module)
    findings = [f for f in _findings(run_cli, root) if "DOX133" in f]
    if not written:
        assert findings == []  # read only: the line says so already
        return
    call = opener.partition("(")[0]
    assert len(findings) == 1 and f"shows filesystem writes (`{call}` at line" in findings[0], (
        findings
    )


def test_a_log_file_handler_made_at_the_module_top_writes(make_repo, run_cli) -> None:
    module = HISTORY_PY.replace("import json\n", "import json\nimport logging.handlers\n").replace(
        "MAX_TOKENS = 4000\n",
        "MAX_TOKENS = 4000\nlogging.getLogger().addHandler("
        "logging.handlers.RotatingFileHandler('history.log'))\n",
    )
    root = _repo(make_repo, module)
    findings = [f for f in _findings(run_cli, root) if "DOX133" in f]
    assert len(findings) == 1, findings
    assert "shows filesystem writes (`logging.handlers.RotatingFileHandler` at line" in findings[0]


def test_a_listed_test_that_is_gone_is_stale(make_repo, run_cli) -> None:
    dox = HISTORY_DOX.replace(
        "  - `tests/test_history.py`\n", "  - `tests/test_history.py`\n  - `tests/test_gone.py`\n"
    )
    root = _repo(make_repo, dox=dox)
    findings = _findings(run_cli, root)
    assert len(findings) == 1 and "related test `tests/test_gone.py` does not exist" in findings[0]
    run_cli(root, "check", "--fix", "--no-cache")
    assert _companion(root) == HISTORY_DOX


def test_a_hand_written_companion_is_checked_for_what_it_says_only(make_repo, run_cli) -> None:
    """No generated layout (no "Update this file whenever" line): a class list
    without bases makes no claim about bases and missing items are not findings."""
    dox = (
        "# history.py DOX\n\n## Purpose\n\n- Keeps history.\n\n## Ownership\n\n"
        "- Classes:\n- `Topic`\n- `Message`\n- `Gone`\n\n## Local Contracts\n\n- Be careful.\n\n"
        "## Work Guidance\n\n- Ask first.\n\n## Verification\n\n- Run the tests.\n"
    )
    root = _repo(make_repo, dox=dox)
    findings = _findings(run_cli, root)
    assert len(findings) == 1 and "no longer has class `Gone`" in findings[0], findings


@pytest.mark.parametrize(
    ("areas", "fixed"),
    [
        ("none.", "filesystem writes."),
        ("None.", "filesystem writes."),
        ("`none`.", "filesystem writes."),
        ("none; it only formats text.", "filesystem writes; it only formats text."),
        ("none observed.", None),
        ("none (pure computation).", None),
        ("settings/state persistence.", None),
    ],
)
def test_a_hand_written_areas_line_saying_none_is_contradicted_by_a_write(
    make_repo, run_cli, areas: str, fixed: str | None
) -> None:
    """A hand-written companion chose which areas it lists, but one that
    says there is none claims it: a write the code shows contradicts it."""
    module = HISTORY_PY.replace(
        "    with open(path) as handle:\n", "    with open(path, 'a') as handle:\n"
    )
    dox = (
        "# history.py DOX\n\n## Purpose\n\n- Keeps history.\n\n## Local Contracts\n\n"
        f"- Observed side-effect areas: {areas}\n\n## Verification\n\n- Run the tests.\n"
    )
    root = _repo(make_repo, module, dox)
    findings = [f for f in _findings(run_cli, root) if "DOX133" in f]
    if areas.startswith("settings"):
        assert findings == []  # no claim that nothing else is done
        return
    assert len(findings) == 1, findings
    assert "DOX133 `helpers/history.py` shows filesystem writes (`open` at line 49)" in findings[0]
    run_cli(root, "check", "--fix", "--no-cache", "--select", "DOX133")
    written = fixed if fixed is not None else areas
    assert _companion(root) == dox.replace(areas, written)


def test_no_section_is_added_under_another_accepted_name(make_repo, run_cli) -> None:
    """`## Local Contracts` is the Runtime Contracts section: the missing
    `is a` line goes there, no `## Runtime Contracts` heading is added."""
    module = (
        HISTORY_PY
        + "\n\nclass Handler(ApiHandler):\n    async def process(self, input, request):\n        return {}\n"
    )
    module = module.replace("import json\n", "import json\nfrom helpers.api import ApiHandler\n")
    root = _repo(make_repo, module, **{"helpers/api.py": "class ApiHandler:\n    pass\n"})
    run_cli(root, "check", "--fix", "--no-cache")
    text = _companion(root)
    assert "## Runtime Contracts" not in text
    assert "- `Handler` is an `ApiHandler`.\n- `Handler` defines `process(...)`.\n" in text
    assert text.count("- `Handler` (`ApiHandler`)") == 1
    run_cli(root, "check", "--fix", "--no-cache")
    assert _companion(root) == text


def test_a_new_companion_follows_the_convention_and_passes(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    (root / "helpers/history.py.dox.md").unlink()
    run_cli(root, "check", "--fix", "--no-cache")
    text = _companion(root)
    assert text.startswith(
        "# history.py DOX\n\n## Purpose\n\n- Own the `history.py` helper module."
    )
    assert "- `Topic` (no explicit base class)\n" in text
    assert (
        "- `serialize(topic: Topic, indent: int=...) -> str`: Serialize a topic to JSON.\n" in text
    )
    assert "- Observed side-effect areas: filesystem reads.\n" in text
    assert _findings(run_cli, root) == []


def test_a_list_heading_with_a_long_run_of_blanks_is_read_in_time(make_repo, run_cli) -> None:
    """A line like ``### Classes`` that goes on after many blanks is read
    once, not once per split of the run: the check ends in seconds."""
    import time

    dox = HISTORY_DOX.replace("- Classes:\n", "### Classes" + " " * 5_000 + "x\n")
    root = _repo(make_repo, dox=dox)
    started = time.perf_counter()
    findings = _findings(run_cli, root)
    assert time.perf_counter() - started < 10, findings
    assert any("Classes" in f for f in findings), findings
