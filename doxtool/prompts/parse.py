"""Prompt files: what one prompt teaches the model about tools.

:func:`parse_prompt` turns the text of a prompt file (``agent.system.tool.*.md``,
the ``agent.system.tools.md`` wrapper, a profile override) into a
:class:`PromptDoc` of plain dataclasses. It never raises: prompts are input,
and a broken one must yield findings, not a traceback.

Positions are 1-based lines and columns of the prompt *file*; a column counts
characters (code points), a tab counts as one. CRLF and lone CR count as one
line break, as in markdown-it.

What is extracted, and the rules chosen where real prompts are ambiguous:

Tools (:class:`PromptTool`)
    Every ``###`` heading whose text, without surrounding backticks and a
    trailing colon (``### response:``), is a single name
    (a letter or ``_`` of any script, then letters, digits, ``_.:-``, so
    ``scheduler:create_task`` counts) is a
    tool heading. ``### Example usage`` (prose) is not, nor is a capitalised
    word outside backticks (``### Examples``, ``### Notes``): tool names are
    module names, in lower case before any ``:method`` (a word with no
    lower-case letter, ``### 示例用法:``, is prose too); a backticked name
    (``### `MyTool```) counts whatever its case. Every example's string
    ``"tool_name"`` is a tool too, positioned at the value.

    The first heading of a tool prompt file (``agent.system.tool.*.md``) of
    level 1 to 3, or of any deeper level when it names a tool (the framework
    reads ``#`` to ``######``: ``#### wait``), and of another shape than a
    ``###`` tool heading (``# sftp_upload tool``, ``## delta``,
    ``### gamma (experimental)``), names a tool by its first word without
    quotes and colons, as the framework names a tool from a prompt
    (helpers/responses_tools.py ``_tool_name_from_heading``), when that word
    is a name in lower case or backticked (symbols, an icon, a number and a
    ``Tool:`` or ``Tool`` label before it are skipped: ``### Tool: ocr``,
    ``### 🧰 job_queue``, ``### 1. ocr``; so are bold and a call's
    parentheses, ``### **ocr**``, ``### ocr()``): a tool of source ``title``. Its
    section goes on through deeper headings (``## Arguments`` under
    ``# sftp_upload tool``). A title opening a sentence with another tool's
    name (``## browser notifications``) over examples that call only the tool
    its file is named for names no tool: its section is that tool's, as the
    framework names a tool by an example's ``tool_name`` before any heading
    (:mod:`doxtool.prompts.prosetitle`).

The section's tool
    Arguments taught in prose belong to the nearest preceding tool heading. Any
    heading of level 1 to 3 starts a new section; one that is not a tool
    heading ends the tool's section. ``####`` and deeper stay inside it, and
    so does a ``###`` heading that titles a part of a tool's prompt
    (``### arguments``, ``### Parameters:``, ``### usage``, ``### examples``
    in any case, not in backticks: :data:`~doxtool.prompts.headings.SECTION_WORDS`),
    which names no tool.

``args:`` lines (:class:`TaughtArgument`, source ``args-line``)
    A paragraph line starting with ``args:`` or ``arguments:`` (optionally in
    ``**bold**``, and after up to three words that qualify it, ``Common
    args:``, but are no article, pronoun, preposition or conjunction, and
    say neither ``no`` nor ``returns``: ``the args: `x` are ...`` is prose)
    teaches the backticked names after the colon, split into
    items by commas or semicolons outside parentheses. A name is optional
    when the word ``optional`` precedes it in its own item or in an earlier
    item of the line (real prompts write ``args: `message`, optional `title`,
    `detail``` and mean both ``title`` and ``detail``); the word ``required``
    ends that run (of the two words, the last one before a name decides).
    ``optional`` after a name in its own item (``(optional)``) marks that name
    only. Backticked text inside parentheses, or that is not a plain name, is
    not an argument (``(one of `list`, `create`)`` lists values), and
    neither is a name the line forbids: after ``not``, ``never``, ``no
    longer``, ``instead of``, ``rather than``, ``avoid``, ``don't use`` in its
    item, or followed by ``(deprecated)``, ``: removed``, ``was removed``,
    ``is no longer read`` (:mod:`doxtool.prompts.negation`). Within an
    item, a span after the first is a name only when joining words (``and``,
    ``or``, ``/``, ``|``) join it to a name; after any other word it is a
    value (```wait` default `true```), a span right after a name with
    nothing between is its value (```runtime` `terminal`|`python```,
    ```reset` `true```), and joining words after a value join values
    (```mode` = `fast` | `slow```). An item after the first that opens with
    words about a value (``default``, ``defaults to``, ``e.g.``, ``i.e.``,
    ``such as``, ``like``, ``for example``) gives the previous name's value
    (```encoding`, defaults to `utf-8```). Names read as values stay mentions
    (:attr:`PromptDoc.mentions`): no required argument among them is
    "never taught". After a name followed by text
    that introduces values (``:``, ``=``, a dash, ``∈``, ``one of``,
    ``values``, ``in {``), once a backticked value follows, a comma goes on
    listing values, also after prose (```runtime`: one of `terminal`,
    `python```, ```action` - `list` to show, `add` to create``), until a
    span that is itself followed by such text (```count` - how many``); a
    comma after a name, and any semicolon, starts the next name. A name
    repeated on the line (``an alias of `text```) is taught once. A line
    that ends in a comma, a semicolon, ``and`` or ``or`` goes on on the next
    line of its paragraph, as an editor wraps it (and so on, up to a line
    that is an ``args:`` line of its own); otherwise only the line itself
    counts.

``Arguments in `tool_args`:`` lists (source ``arguments-list``)
    The list right after a paragraph whose last line is that header, or a
    bare ``args:``, ``arguments:`` or ``parameters:`` (optionally in
    ``**bold**``), qualified or not as an ``args:`` line is, or after it by a
    parenthesis or a few words (``Common arguments:``, ``Optional arguments
    by action:``, ``Arguments (all optional):``; not ``Returned args:``),
    teaches one argument per top-level item that starts with
    a backticked name (``- `name`: meaning``, ``- `name` (required): ...``);
    the item is optional when its text, or the lead without ``required``,
    contains the word ``optional``; an item that says its name is gone
    (``- `msg`: removed``, ``- `hours` (int): deprecated, use `seconds```,
    ``- `ms` (legacy): ...``; not ``- `cleanup`: removed files too``)
    teaches nothing, and names no tool either (:attr:`PromptDoc.listed`).
    The names right after an item's name and colon (``- `add`: `text`
    (required), `priority```, read as an ``args:`` line) are kept apart
    (:attr:`PromptDoc.keyed`): they are the section tool's arguments when
    the item's name is a value of that tool (:mod:`doxtool.prompts.values`),
    and then that name is no argument.
    Nested lists describe values, not arguments.

Argument tables (source ``table``)
    A paragraph whose second line is a table's delimiter row (``|---|---|``)
    is a table. Its lead is the last line of the paragraph before it, or
    the heading before it. A table lists arguments when its header's first
    cell is ``argument``, ``arg``, ``parameter`` (or a plural) or
    ``tool_args``; else not when its lead speaks of what the tool gives
    back (``returns``, ``output``, ``result``, ``each item``: ``returns a
    list; each item has:`` then ``| field | type |``), nor when its first
    header names an argument its section taught before (``| key | meaning
    |`` under ``args: `key```: the values of ``key``); else when the first
    cell is ``key`` or ``field`` (or a plural) under a lead that introduces
    arguments (``Arguments:``, ``### Parameters``), or when another header
    cell is ``required``, ``optional``, ``mandatory``, ``type`` or
    ``default``. The first cell of each row of such a table teaches an
    argument when it holds just a name (backticked or not, bold allowed),
    unless the row says the name is gone: a later cell that is only
    ``deprecated``, ``removed``, ``obsolete``, ``unsupported``, ``legacy``
    or ``no longer read`` (bold or in parentheses allowed), or a last cell
    opening with one as a mark (``deprecated, use `seconds```, ``Removed
    in 2.0``; not ``removed files are kept``, nor ``not deprecated``). A
    row is optional when it says ``optional`` or its ``required`` cell is
    ``no``. Other tables (``| action | meaning |``) list values and teach
    nothing.

List items named by a span
    A list item starting with a backticked name followed by ``:``, by a
    parenthesis and ``:`` (```path` (required):``) or by a dash
    (``—``, ``–``, `` - ``) names a tool if one is so named, else an
    argument or a value (:attr:`PromptDoc.listed`). When ``args`` or
    ``arguments`` (a colon and ``**bold**`` allowed) follows, the rest is
    read as an ``args:`` line of the item's name
    (``- `memory_load`: args `query`, optional `limit```): those arguments
    are checked when the name is a tool's. Each item keeps its section's
    tool and, when the lead of its list names an argument whose values it
    gives (``Set `action` to one of:``), that argument: an item naming a
    value of its section tool's argument names neither a tool nor an
    argument, and the arguments after it are the section tool's
    (:mod:`doxtool.prompts.values`).

Mentions (:attr:`PromptDoc.mentions`)
    Every other code span of a paragraph holding just a name (``the given
    `url```, ```todo:add```) or ``tool_args.name`` (the name), every bold
    text holding just a name (``**path**:``, ``**"path"**``), a bare name
    opening an item of a list under an arguments lead (``* summary (string,
    required): ...``) and the keys right under ``tool_args:`` in a
    ```` ```yaml ```` block, with the tool of their section
    (:mod:`doxtool.prompts.named`). Of source ``word``: each word outside
    backticks written as a name (but ``optional`` and ``required``) on an
    ``args:`` line or on a line opened by ``args`` and a space (``args: path,
    optional encoding``, ``common args: action path``, ``args path
    content``), and a bare name alone in the first cell of a table's row
    (``| path | the file |``), whatever the table lists.

Examples (:class:`PromptExample`)
    Fenced blocks (``` or ~~~) whose info string is ``json``, ``json5`` or
    ``jsonc``, fences with no info string (and indented code blocks) whose
    content starts with ``{``, and
    inline code spans whose text starts with ``{`` and contains
    ``"tool_name"`` (or ``'tool_name'``, a Python dict's spelling, when it reads as an object). Text
    starting with ``{{`` is a template directive, not an example. Keys of
    an example's ``tool_args`` object are taught arguments
    (source ``example``, never optional) positioned at the key. An example
    whose ``tool_name`` is a placeholder (``name``, ``tool``,
    ``name_of_tool``, ``some_tool``, ... in any case:
    :data:`~doxtool.prompts.examples.PLACEHOLDER_TOOLS`) or whose
    ``tool_args`` is written ``{...}`` is the shape of any call
    (```{"tool_name": "name", "tool_args": {...}}``` on an ``args:`` line):
    it names no tool and teaches no argument. Nor does an object with a
    ``tool_name``, no ``tool_args`` (nor ``args``) and a key no call has
    (``{"job_id": ..., "tool_name": ..., "status": ...}``, a job's result
    record): :attr:`PromptExample.record`. A call nested in an example's
    arguments (an object with a ``tool_name`` string and a ``tool_args``
    object: ``parallel``'s ``tool_calls`` items) names its tool (source
    ``nested``, which teaches nothing) and teaches its arguments for that
    tool, and is an example of its own (:attr:`PromptDoc.nested`,
    :mod:`doxtool.prompts.nested`). An example its label says is wrong is
    no example (:attr:`PromptDoc.counter_examples`, not parsed): the label
    is the text before it on its line (from the example before it on,
    code spans included), else the line before it in its
    paragraph, else the last line of the block before it or the heading
    over it (for a fence, the one right after that block only), or the
    ``<summary>`` of the ``<details>`` block holding it, or in a pipe table
    the header of its column or a cell before it in its row
    (:mod:`doxtool.prompts.exlabels`); it labels
    the example wrong when it is a few words ending in a colon (or ``!``,
    or opening with a cross, ``❌ Wrong``) that call it wrong, bad,
    incorrect, invalid, forbidden or not allowed or say not to do or use it
    (``Wrong (extra keys, never do this):``, ``Bad example (do not
    copy):``, ``Never do this:``, ``#### Incorrect``:
    :func:`~doxtool.prompts.negation.labels_wrong`).

Lenient JSON
    Examples are parsed leniently: trailing commas are accepted, a string
    written ``\"\"\"...\"\"\"`` or ``'''...'''`` reads as the text between,
    stripped (as Agent Zero's DirtyJson reads it), and so is what ``json5``
    accepts (comments, single quotes, unquoted keys) for
    examples up to :data:`JSON5_MAX_CHARS` characters (json5 is pure Python and
    slow; longer examples are held to strict JSON plus trailing commas).
    Nesting deeper than :data:`MAX_JSON_DEPTH` levels is reported as an error
    at the first bracket past the limit instead of being parsed, so deep input
    cannot exhaust the stack (a RecursionError is still caught and reported).
    Error messages are the parser's (``expecting ',' delimiter``,
    ``unexpected '}'``); see :func:`~doxtool.prompts.examples.load_example` for which parser's error
    is reported when both fail.

Template directives
    ``{{ include "x.md" }}``, ``{{if x}}``, ``{{endif}}``, ``{{var}}`` are
    tolerated anywhere. Inside a JSON example, before parsing, a directive
    outside a string is replaced by a placeholder of the same length, so
    positions of errors stay exact: ``null`` where a value is expected (a
    bare ``"n": {{count}}`` parses, with ``None`` in ``data``), and blanks for
    the control directives ``if``, ``elif``, ``else`` and ``endif`` and for
    directives where an object key is expected (a directive that adds
    members). A directive inside a string stays as written, except that its
    quote characters become the other quote so it cannot end the string early.
"""

from __future__ import annotations

import re

from doxtool.core.facts import Problem
from doxtool.prompts.labelled import settle_labelled_headings
from doxtool.prompts.model import TOOLS_PLACEHOLDER_RE, PromptDoc
from doxtool.prompts.prosecalls import credit_prose_calls
from doxtool.prompts.prosetitle import yield_prose_title
from doxtool.prompts.reader import PromptReader

_INCLUDE_RE = re.compile(r"\{\{\s*include\s+([\"'])([^\"'{}\n]{1,300})\1\s*\}\}")


def parse_prompt(text: str, path: str) -> PromptDoc:
    """Extract tools, arguments and examples from a prompt file's text."""
    doc = PromptDoc(
        path=path,
        size=len(text),
        has_tools_placeholder=bool(TOOLS_PLACEHOLDER_RE.search(text)),
        includes=list(dict.fromkeys(m.group(2) for m in _INCLUDE_RE.finditer(text))),
    )
    try:
        PromptReader(text, doc).read()
        settle_labelled_headings(doc)
        yield_prose_title(doc, text)
        credit_prose_calls(doc, text)
    except ImportError:
        raise  # a missing parser is doxtool's problem, not the prompt's
    except Exception as exc:  # a prompt is input: a bug here must not cost the whole run
        doc.problems.append(
            Problem(f"prompt not fully analysed: {type(exc).__name__}: {exc}", kind="internal")
        )
    return doc
