"""A default or a ``break_loop`` value written the Python way (``False``,
``True``, ``None``, ``'.'``) is the code's own literal: compared as a value
with the JSON spelling, never called a contradiction nor rewritten."""

from __future__ import annotations

from pathlib import Path

import pytest

from doxtool.companions.factlines import canonical_json
from doxtool.rules.examples import with_files

DOX = "tools/list_files.py.dox.md"

LIST_PY = """\
from helpers.tool import Response, Tool


class ListFiles(Tool):
    async def execute(self, **kwargs) -> Response:
        path = self.args.get("path", ".")
        recursive = self.args.get("recursive", False)
        show_hidden = self.args.get("show_hidden", True)
        pattern = self.args.get("pattern", None)
        depth = self.args.get("depth", 1_000)
        return Response(
            message=f"{path} {recursive} {show_hidden} {pattern} {depth}", break_loop=False
        )
"""

ITEMS = """\
  - `path`: optional string, default `'.'`. Directory to list.
  - `recursive`: optional boolean, default `False`. Walk subdirectories.
  - `show_hidden`: optional boolean, default `True`.
  - `pattern`: optional, default `None`. Substring filter.
  - `depth`: optional integer, default `1_000`.
"""

LIST_DOX = """\
# list_files.py DOX

## Purpose
- Own the `list_files.py` agent tool.

## Ownership
- Classes:
- `ListFiles` (`Tool`)
  - `async execute(self, **kwargs) -> Response`

## Runtime Contracts
- `ListFiles` is a `Tool`.
- `ListFiles` defines `execute(...)`.
- Arguments of `ListFiles`:
{items}- `break_loop` of `ListFiles`: {break_loop}
- Observed side-effect areas: none.
- Imported dependency areas include: `helpers.tool`.

## Key Concepts
- Important called helpers/classes observed in the source: `Response`.

## Work Guidance
- Keep listings short.

## Verification
- Run the tool on `.`.

## Child DOX Index
No child DOX files.
"""


def _repo(make_repo, items: str, break_loop: str) -> Path:
    dox = LIST_DOX.format(items=items, break_loop=break_loop)
    return make_repo(with_files({"tools/list_files.py": LIST_PY, DOX: dox}))


def test_python_spellings_of_the_code_literals_are_true(make_repo, run_cli) -> None:
    root = _repo(make_repo, ITEMS, "always `False`.")
    before = (root / DOX).read_text(encoding="utf-8")
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111,DOX120")
    assert result.output.strip() == "All checks passed."
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes", "--select", "DOX111,DOX120")
    assert (root / DOX).read_text(encoding="utf-8") == before


def test_a_python_spelling_of_another_value_is_still_wrong(make_repo, run_cli) -> None:
    items = ITEMS.replace("default `False`", "default `True`")
    root = _repo(make_repo, items, "always `True`.")
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111,DOX120")
    lines = [line for line in result.output.splitlines() if "DOX1" in line]
    assert lines == [
        "tools/list_files.py.dox.md:16:1: DOX111 argument `recursive` has `false` "
        "in the code (read at tools/list_files.py:7) [*]",
        "tools/list_files.py.dox.md:20:1: DOX120 `break_loop` of `ListFiles` is documented "
        "wrongly; the code returns always `false` (Responses at tools/list_files.py:11) [*]",
    ]


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("False", "false"),
        ("True", "true"),
        ("None", "null"),
        ("'.'", '"."'),
        ("1_000", "1000"),
        ("0.70", "0.7"),
        ("('a', 'b')", '["a", "b"]'),
        ("{'k': None}", '{"k": null}'),
        # not values JSON holds: left as written
        ("fast", "fast"),
        ("{1, 2}", "{1, 2}"),
        ("b'x'", "b'x'"),
        ("[" * 300 + "]" * 300, "[" * 300 + "]" * 300),
    ],
)
def test_canonical_json_reads_python_literals(written: str, canonical: str) -> None:
    assert canonical_json(written) == canonical
