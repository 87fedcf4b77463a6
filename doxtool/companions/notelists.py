"""A person's note in an arguments block that leads a list of its own.

Between the argument items a person may write a labelled note or a line
ending in a colon, and list under it what it is about:

```markdown
- Arguments of `FetchTool`:
  - `url`: required string.
  - **Errors:** raised when the timeout is not positive:
  - `ValueError`
```

(also set off by blank lines, ``Raises:`` at the items' margin then the
list). The items under such a note that name a thing and state no fact of
an argument (`` `ValueError` ``, `` `ValueError`: when ... ``) may be the
note's, not arguments: they are read as items (a fix writes none of them
again), but one the code does not read is not called stale
(``maybe_prose``, as a remark in bold is), unless the code reads another
item of that list (``**Optional:**`` over arguments: the list is of them),
and no fix rewrites the block (one would drop them, or write a new argument
into the note's list). An item stating facts
(`` `old`: optional string. ``) is an argument item whatever stands above
it, and the items after it are the block's again.

A note whose label says no more than what kind of arguments follow
(``**Optional:**``, ``**Advanced options:**``, ``Also accepted:``,
``**Deprecated:**``) leads a list of arguments, not one of its own: the
items under it are read as the block's (one the code does not read is
stale, one listed again is listed twice), though no fix rewrites the block
(a new argument is not the label's kind).
"""

from __future__ import annotations

import re
from typing import Any

from doxtool.companions.itemtext import LIST_MARKER
from doxtool.core.patterns import LazyPattern

#: a label in bold or in underscores, its colon inside or after the emphasis
#: (``**Errors:**``, ``**Errors**:``, ``__Raises__:``)
_LABEL = LazyPattern(r"(?:\*\*|__)[^*_`\n]+?(?::(?:\*\*|__)|(?:\*\*|__)[ \t]*:)")


#: the words of a label saying only what kind of arguments the list under it holds
_ARGUMENT_KINDS = frozenset(
    [
        "optional",
        "required",
        "advanced",
        "expert",
        "experimental",
        "deprecated",
        "legacy",
        "obsolete",
        "extra",
        "additional",
        "other",
        "more",
        "also",
        "accepted",
        "alias",
        "aliases",
        "argument",
        "arguments",
        "args",
        "parameter",
        "parameters",
        "params",
        "option",
        "options",
        "input",
        "inputs",
        "field",
        "fields",
        "key",
        "keys",
    ]
)
#: the run of the items under such a label (see :func:`is_argument_list`)
_ARGUMENTS = "arguments@"


def _names_argument_kind(text: str) -> bool:
    """Whether ``text``, a note with its emphasis and colon, names only a
    kind of arguments (``**Optional:**``, ``**Optional** (rarely needed):``,
    ``Also accepted:``; not ``**Required:** raised when one is missing:``,
    nor ``**Errors:** raised when an argument is optional:``)."""
    found = re.findall(r"[^\W\d_]+", re.sub(r"\([^()]*\)", " ", text).lower())
    return bool(found) and all(word in _ARGUMENT_KINDS for word in found)


def is_argument_list(run: str) -> bool:
    """Whether ``run`` (from :func:`leads_a_list`) is a list of arguments
    under a label naming their kind."""
    return run.startswith(_ARGUMENTS)


def leads_a_list(content: str, index: int) -> str:
    """The run of the items under ``content``, line ``index`` of an
    arguments block that is no item and not part of one, when it is a
    person's note that may lead a list of its own: a labelled note
    (``**Errors:** ...``) or a line ending in a colon; empty otherwise."""
    marker = LIST_MARKER.match(content)
    text = content[marker.end() :] if marker else content
    text = text.strip(" \t")
    if not text or (_LABEL.match(text) is None and not text.endswith(":")):
        return ""
    if _names_argument_kind(text):
        return f"{_ARGUMENTS}{index + 1}"
    return f"note@{index + 1}"


def run_after_note(led: str, content: str, index: int, goes_on: bool) -> str:
    """The run the items after ``content``, line ``index`` of an arguments
    block that is no item and not part of one, are read in, the items before
    it being in the run ``led``: the run of the list ``content`` leads, if it
    leads one; else ``led`` when ``content`` is a bullet of that list that is
    no item (`` - `days` is negative; `` under ``**Errors:** raised when:``),
    so the items after it are still the note's; else none. ``goes_on``: the
    bullet is indented no less than the line before it (back at the
    arguments' margin under a note's nested list, it is out of that list)."""
    run = leads_a_list(content, index)
    if run or not goes_on or not LIST_MARKER.match(content):
        return run
    return led


def mark_as_note_items(arguments: list[dict[str, Any]], content: str, led: str, index: int) -> str:
    """Mark the ``arguments`` of one item, written as ``content`` at line
    ``index``, read under a note that leads a list (the run ``led``) as
    perhaps the note's (``maybe_prose``, the run) when they state no fact;
    the run the items after them are in (this one, or this item's when it is
    itself a remark in bold that leads a list: ``- **Errors**: raised
    when:``; empty when they are the block's again)."""
    if all(argument.get("maybe_prose") for argument in arguments):
        return led or leads_a_list(content, index)
    if is_argument_list(led):
        return led  # (the items of a list of arguments are the block's)
    if not led or any(not argument.get("fields_unknown") for argument in arguments):
        return ""
    for argument in arguments:
        argument["maybe_prose"] = led
    return led
