"""The line-by-line outline of plain companions agrees with markdown-it's.

:func:`doxtool.companions.companion._plain_outline` reads headings and fenced code
without a Markdown parser, and gives up on anything a CommonMark parser could
read differently. Wherever it answers, its answer must be markdown-it's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doxtool.companions import outline as companion
from doxtool.core.edits import split_lines

REPO = Path(__file__).resolve().parent.parent


def _markdown_it_outline(text: str) -> companion._Outline:
    lines = split_lines(text)
    original = companion._plain_outline
    companion._plain_outline = lambda lines: None  # type: ignore[assignment]
    try:
        return companion._outline(text, lines)
    finally:
        companion._plain_outline = original


def _agrees(text: str) -> bool:
    """Whether the fast path answered (asserting it answered right)."""
    fast = companion._plain_outline(split_lines(text))
    if fast is None:
        return False
    assert fast == _markdown_it_outline(text), text
    return True


def test_shipped_markdown_takes_the_fast_path_and_agrees() -> None:
    documents = [
        *(REPO / "tools").glob("*.dox.md"),
        *(REPO / "prompts").glob("*.md"),
        *(REPO / "templates").rglob("*.md"),
    ]
    assert len(documents) > 10
    assert all(_agrees(path.read_text(encoding="utf-8")) for path in documents)


PLAIN = """\
# wait.py DOX

## Purpose
Wait a while. ## not a heading
- `WaitTool` is a `Tool`.
- Arguments of `WaitTool`:
  - `seconds`: optional number, default `0`.
    More about seconds,
continued lazily.

## Work Guidance ##
```python
# inside code
## also inside
```
### Deeper ###
* star bullet
- Classes:
  - `A` (`B`)
~~~
unclosed fence
"""


def test_a_plain_document_is_read_without_markdown_it() -> None:
    assert _agrees(PLAIN)
    outline = companion._plain_outline(split_lines(PLAIN))
    assert outline is not None
    assert [(line, level, title) for line, level, title in outline.headings] == [
        (0, 1, "wait.py DOX"),
        (2, 2, "Purpose"),
        (10, 2, "Work Guidance"),
        (15, 3, "Deeper"),
    ]
    assert outline.heading_lines == {0, 2, 10, 15}
    assert [(b.start, b.end, b.closed) for b in outline.code_blocks] == [
        (11, 15, True),
        (19, 21, False),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "> quote\n",
        "<!-- doxtool: ignore[DOX101] -->\n",
        "Title\n=====\n",
        "- item\n---\n",
        "***\n",
        "1. first\n",
        "+ plus\n",
        "para\n\n    indented code\n",
        "- item\n\n      code in item\n",
        "-     code after marker\n",
        "- # heading in item\n",
        "  ## indented heading\n",
        "- item\n  ```\n  code\n  ```\n",
        "\ttab\n",
        "```a`b\n",
        "-\n  item content\n",
    ],
)
def test_anything_else_goes_to_markdown_it(text: str) -> None:
    assert companion._plain_outline(split_lines(text)) is None


#: lines that plain documents are made of, and lines that are not plain
_FRAGMENTS = [
    "",
    " ",
    "# Title",
    "## Section",
    "## Closed ##",
    "### Deep",
    "#",
    "## #",
    "#tag",
    "####### seven",
    "text",
    "text with `code` and *emphasis*",
    "- bullet",
    "* bullet",
    "-  wide bullet",
    "  - nested",
    "    - nested deeper",
    "      text under it",
    "   three spaces",
    "    four spaces",
    "        eight spaces",
    "```",
    "```python",
    "````",
    "~~~",
    " ```",
    "   ```",
    "```a`b",
    "- ```",
    "  ```",
    "> quote",
    "<div>",
    "<!-- c -->",
    "---",
    "===",
    "- - x",
    "1. one",
    "+ plus",
    "***",
    "\ttab",
    "-",
    "- ",
    "[ref]: /url",
    "|a|b|",
]


@settings(deadline=None, max_examples=400)
@given(
    st.lists(st.sampled_from(_FRAGMENTS), max_size=14),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.booleans(),
)
def test_fast_outline_agrees_with_markdown_it(
    fragments: list[str], newline: str, final: bool
) -> None:
    text = newline.join(fragments) + (newline if final and fragments else "")
    _agrees(text)
