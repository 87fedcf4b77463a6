"""The tool a prompt heading names: a ``### name`` heading, the first word of
a tool prompt's title, and the headings that title a part of a tool's prompt
(the rules are in :mod:`doxtool.prompts.parse`)."""

from __future__ import annotations

import re

from doxtool.prompts.otherlanguages import TOOL_WORDS

# names may be written in any script, as Python identifiers may
TOOL_NAME_RE = re.compile(r"[^\W\d][\w.:-]*\Z")
#: what may stand before the name in a tool prompt's title without being part
#: of it: symbols (an icon, ``🧰``, bold's ``**``), a number (``### 1. ocr``,
#: ``## 3) ocr``) and a ``Tool:`` or ``Tool`` label (``### Tool: ocr``), in
#: another language too (``### Werkzeug: ocr``, ``### 工具：ocr``)
_LABEL_RE = re.compile(
    r"[^\w`]*(?:\d{1,3}[.)][ \t]+[^\w`]*)?"
    rf"(?:(?:tool|{TOOL_WORDS})(?:[ \t]*[:\uff1a][ \t]*|[ \t]+)(?=\S)[^\w`]*)?",
    re.I,
)

#: words that title a part of a tool's prompt, never a tool (outside backticks)
SECTION_WORDS = frozenset(
    {
        "args",
        "arguments",
        "argument",
        "params",
        "parameters",
        "parameter",
        "usage",
        "example",
        "examples",
        # the parts of a prompt about what goes wrong and what comes back,
        # words no tool is named
        "troubleshooting",
        "pitfalls",
        "caveats",
        "limitations",
        "returns",
        "errors",
        "faq",
    }
)


#: a section of a tool's prompt whose ``###`` headings name the tool's methods
#: (``## Methods``, ``## Available actions``, ``## Supported operations:``)
_METHODS_RE = re.compile(
    r"(?:(?:available|supported|tool)[ \t]+)?(?:methods|actions|operations|commands|"
    r"sub-?commands|functions|modes|endpoints)(?:[ \t]+available)?",
    re.I,
)


def is_methods_section(content: str) -> bool:
    """Whether a heading titles the part of a tool's prompt whose headings
    name its methods (``## Methods`` before ``### `ingest_url```)."""
    return bool(_METHODS_RE.fullmatch(content.strip().rstrip(":").strip()))


def without_label(content: str) -> str:
    """A title's text without the symbols and the ``Tool:`` label before its
    name (``🧰 job_queue``, ``Tool: ocr``, ``Tool ocr``)."""
    text = content.strip()
    return text[_LABEL_RE.match(text).end() :]  # type: ignore[union-attr]


def heading_name(content: str) -> str | None:
    """The tool name of a ``###`` heading, or None when it is prose.

    Tool names are module names, written in lower case: outside backticks a
    capital before any ``:method`` makes the heading prose (``### Examples``,
    ``### Notes``), and so does a word with no lower-case letter, which the
    case cannot tell from a word of prose (``### 示例用法:``, "example
    usage", in a script without case); a backticked name is code whatever
    its case.
    """
    name = content.strip().rstrip(":").strip()
    quoted = len(name) > 2 and name.startswith("`") and name.endswith("`")
    if quoted:
        name = name.strip("`").strip().rstrip(":").strip()
    if not TOOL_NAME_RE.match(name):
        return None
    base = name.split(":", 1)[0]
    cased = base == base.lower() and any(c.islower() for c in base)
    return name if quoted or cased else None


def section_heading(content: str, level: int, titled: bool) -> tuple[str | None, str]:
    """The tool name of a heading of ``level`` 3 (:func:`heading_name`; None
    for another level), and its mark (:attr:`~doxtool.prompts.model.PromptTool.mark`):
    ``label`` when it stands past a number, an icon or a ``Tool:`` label
    (``### 2. 💤 nap``, ``### 🔍 search_engine``) or before a description
    (``### fetch (follow up)``, ``### fetch: open a page``), ``gone`` when the heading
    says the tool is gone or not there yet (``### alarm (removed)``, ``###
    ~~alarm~~``, ``### beep — coming soon``); read so unless ``titled`` (a
    file's first heading, read as a title by :func:`title_name`, or one in a
    title tool's section). What they title is settled by
    :mod:`doxtool.prompts.labelled` (a numbered step may be in lower case)."""
    name = heading_name(content) if level == 3 else None
    if name is not None or titled or level != 3:
        return name, ""
    unlabelled = without_label(content)
    for text in (content.strip(), unlabelled):  # (the label takes a ``~~`` too)
        gone = _GONE_HEADING_RE.match(text)
        if gone is None or heading_name(gone.group(2)) is None:
            continue
        # the prompt reader's patterns: a check whose prompts come from the
        # cache imports this module without reading a heading
        from doxtool.prompts.negation import forbids

        if (gone.group(1) and gone.group(3)) or forbids("", text[gone.end() :]):
            return gone.group(2), "gone"
    name = heading_name(unlabelled) if unlabelled != content.strip() else None
    if name is None and (described := _DESCRIBED_RE.fullmatch(unlabelled)) is not None:
        # ``### fetch (follow up)``, ``### fetch: open a page``: a name, or a word
        name = heading_name(described.group(1))
    return name, "label" if name is not None else ""


#: a name and a description of it after it: in parentheses, after a colon or
#: a dash set off by spaces (``fetch (follow up)``, ``fetch: open a page``,
#: ``fetch — open a page``)
_DESCRIBED_RE = re.compile(
    r"(`?[^\W\d][\w.-]*(?::[\w.-]+)?`?)"
    r"(?:[ \t]*\(.*\)|[ \t]*:[ \t]+\S.*|[ \t]+[-\u2013\u2014][ \t]+\S.*)"
)


#: a heading's name, struck out or not, before the rest of its text
#: (``~~alarm~~``, ``alarm (removed)``, `` `alarm` — coming soon``)
_GONE_HEADING_RE = re.compile(r"(~~)?[ \t]*`?([^\W\d][\w.:-]*)`?[ \t]*(~~)?")


def is_sub_section(content: str, key: str | None = None) -> bool:
    """Whether a ``###`` heading is one of :data:`SECTION_WORDS` (any case,
    a trailing colon or a note after it allowed, ``### Arguments (all
    optional)``, not in backticks): a part of the section it
    is in, naming no tool; not ``key``, the key of a tool prompt file whose
    first heading this is (``### faq`` in ``agent.system.tool.faq.md``
    titles the prompt of a tool so named: there is no section above it)."""
    word = content.strip().rstrip(":").strip()
    # ``### Arguments (all optional)``, ``### Examples: calling it``
    noted = _NOTED_RE.fullmatch(word)
    if noted is not None and noted.group(1).lower() in SECTION_WORDS:
        return noted.group(1) != key
    return word.lower() in SECTION_WORDS and word != key


#: a word and a note on it, in parentheses or after a colon or a dash
_NOTED_RE = re.compile(r"(\w+)(?:[ \t]*\(.*\)|[ \t]*:[ \t]+\S.*|[ \t]+[-\u2013\u2014][ \t]+\S.*)")


def title_name(content: str) -> str | None:
    """The tool name of a file's first heading of another shape than ``### name``
    (``# sftp_upload tool``, ``## delta``, ``### gamma (experimental)``): its
    first word without quotes and colons, as the framework takes it
    (helpers/responses_tools.py ``_tool_name_from_heading``), when it is a
    name in lower case (before any ``:method``) or backticked. Symbols and a
    ``Tool:`` label before it are skipped (``# 🧰 job_queue``), and so are a
    number (``### 1. job_queue``), bold and the parentheses of a call, with
    its parameters or none (``### **job_queue**``, ``### job_queue()``,
    ``todo(action, text?) - manage tasks``)."""
    words = without_label(content).split(None, 1)
    if not words:
        return None
    word = words[0]
    quoted = len(word) > 2 and word.startswith("`") and word.endswith("`")
    name = word.strip("`'\" :*")  # ``**ocr**``, ``ocr:``
    # ``ocr()``, ``todo(action, text?)``: a call's name, before its parameters
    name = name.split("(", 1)[0] if "(" in name else name
    if not TOOL_NAME_RE.match(name):
        return None
    base = name.split(":", 1)[0]
    return name if quoted or base == base.lower() else None
