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
(``maybe_prose``, as a remark in bold is), and no fix rewrites the block
(one would drop them, or write a new argument into the note's list). An item stating facts
(`` `old`: optional string. ``) is an argument item whatever stands above
it, and the items after it are the block's again.
"""

from __future__ import annotations

from typing import Any

from doxtool.companions.itemtext import LIST_MARKER
from doxtool.core.patterns import LazyPattern

#: a label in bold or in underscores, its colon inside or after the emphasis
#: (``**Errors:**``, ``**Errors**:``, ``__Raises__:``)
_LABEL = LazyPattern(r"(?:\*\*|__)[^*_`\n]+?(?::(?:\*\*|__)|(?:\*\*|__)[ \t]*:)")


def leads_a_list(content: str) -> bool:
    """Whether ``content``, a line of an arguments block that is no item
    and not part of one, is a person's note that may lead a list of its
    own: a labelled note (``**Errors:** ...``) or a line ending in a colon."""
    marker = LIST_MARKER.match(content)
    text = content[marker.end() :] if marker else content
    text = text.strip(" \t")
    if not text:
        return False
    return _LABEL.match(text) is not None or text.endswith(":")


def mark_as_note_items(arguments: list[dict[str, Any]], content: str, led: bool) -> bool:
    """Mark the ``arguments`` of one item, written as ``content``, read under
    a note that leads a list (``led``) as perhaps the note's (``maybe_prose``)
    when they state no fact; whether the items after them are under such a
    note (this one's, or this item's when it is itself a remark in bold that
    leads a list: ``- **Errors**: raised when:``)."""
    if all(argument.get("maybe_prose") for argument in arguments):
        return led or leads_a_list(content)
    if not led or any(not argument.get("fields_unknown") for argument in arguments):
        return False
    for argument in arguments:
        argument["maybe_prose"] = True
    return True
