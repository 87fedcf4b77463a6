"""Where a prompt's text holds examples: the objects a fence holds at its
root, when it holds several or words around one, which the framework reads
root by root (:func:`root_objects`), and whether a code span is an inline
example (:func:`is_inline_example`)."""

from __future__ import annotations

import re

from doxtool.prompts.examples import JSON_TOKEN_RE, load_example


def root_objects(text: str) -> list[tuple[int, int]] | None:
    """The spans of the objects a text holds at its root, when it holds two
    or more (``{...}\n{...}``, also with ``//`` comments between them), or
    one with words outside it (a call, then ``Result: 1. Dogs``); None
    otherwise (one object alone, a list at the root, a stray closing brace).

    The framework reads such text root by root and passes over what lies
    between (Agent Zero's ``extract_json_root_strings`` in
    helpers/extract_tools.py), so each object is an example of its own.
    """
    spans: list[tuple[int, int]] = []
    depth, start, outside = 0, 0, False
    for match in JSON_TOKEN_RE.finditer(text):
        kind = match.lastgroup or ""
        if kind in ("comment", "statement"):
            continue
        if depth == 0:
            if kind == "close" or (kind == "open" and match.group() != "{"):
                return None  # a list at the root, or a brace closing nothing
            if kind != "open":
                outside = True  # words the framework passes over
                continue
            start = match.start()
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth -= 1
            if depth == 0:
                spans.append((start, match.end()))
    if depth != 0 or not spans:
        return None
    if outside and _swallowed(text, spans):
        return None  # a fence left open took in the headings after it
    return spans if len(spans) > 1 or outside else None


#: a Markdown heading or fence among the words between objects: the fence
#: holding them was left open, and what follows is the prompt's own text
_SWALLOWED_MARKDOWN_RE = re.compile(r"^[ \t]{0,3}(?:#{1,6}[ \t]|~~~|```)", re.M)


def _swallowed(text: str, spans: list[tuple[int, int]]) -> bool:
    """Whether a Markdown heading or fence stands on a line of its own after
    the first object, outside the objects: the fence holding them was left
    open and took in the prompt's text after it. A ``#`` comment before the
    first object, after one on its line (``{...}  # five seconds``), or on
    lines of their own between two objects (``{...}\n# or\n{...}``) is
    words the framework passes over."""
    ends = [end for _, end in spans]
    starts = [start for start, _ in spans[1:]] + [len(text)]
    for index, (end, start) in enumerate(zip(ends, starts, strict=True)):
        piece = text[end:start]
        if index < len(spans) - 1 and _comments_only(piece):
            continue
        if any(m.start() > 0 for m in _SWALLOWED_MARKDOWN_RE.finditer(piece)):
            return True
    return False


#: a line of its own that is a ``#`` comment (``# or``), or blank
_COMMENT_LINE_RE = re.compile(r"[ \t]*(?:#[^\n]*)?")


def _comments_only(piece: str) -> bool:
    """Whether the text between two objects is, past the rest of the first
    one's line, only ``#`` comment lines and blank ones, and the second
    opens its line: comments in one reply (``{...}\n# or\n{...}``), not a
    heading and the prose under it, which a fence left open would hold."""
    lines = piece.split("\n")
    if len(lines) < 2 or lines[-1].strip(" \t"):
        return False
    return all(_COMMENT_LINE_RE.fullmatch(line) for line in lines[1:-1])


def is_inline_example(content: str) -> bool:
    """Whether an inline code span holds an example: an object naming `tool_name`."""
    stripped = content.lstrip()
    if not stripped.startswith("{") or stripped.startswith("{{"):
        return False
    # ``{'tool_name': 'wait', ...}``: single quotes, as a lenient reader takes them,
    # when it reads so (Python's ``{'tool_name', 'tool_args'}``, ``{...}['tool_name']`` do not)
    return '"tool_name"' in content or (
        "'tool_name'" in content and load_example(content).error is None
    )
