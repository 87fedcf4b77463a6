"""Companion conventions: which fact lines a companion carries, as data.

A convention names a companion's sections (and the other titles each may
carry), which fact kinds it writes and where, which items each kind lists,
how an item is rendered, in which order and with what cap. Two ship:

``doxtool``
    doxtool's own format: every method and function, every import, the
    repository helpers a tool calls, and the tool-contract lines (arguments,
    ``break_loop``, repairable errors).

``agent-zero``
    the format Agent Zero's companions were generated in (measured in
    ``AGENT-ZERO-DOX-FORMAT.md``): public methods only (at most 8 per class),
    functions with their docstring's first line (at most 30), module-level
    imports only (sorted, at most 16), call chains as written (breadth first,
    at most 20; a tool's ``handle_intervention`` call, which DOX132 looks
    for, takes the last place when it comes later), ``is a`` lines for
    handler bases, ``defines`` lines for a fixed list of methods, tests at
    most 8. Tool modules keep the
    tool-contract lines: ``tools/AGENTS.md`` says the companion owns a tool's
    arguments and ``break_loop`` behaviour.

What a convention derives is only what a companion should list; whether a
documented item is *true* is the code's to say (:mod:`doxtool.companions.truth`), and a
true item the convention would not have listed is never a finding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from doxtool.companions.factlines import SECTION_ALIASES, SECTIONS
from doxtool.companions.headings import normalize_title
from doxtool.core.outline_facts import AREAS

#: Other spellings of an area (doxtool's own format, plurals), casefolded.
AREA_SPELLINGS = {
    **{area.casefold(): area for area in AREAS},
    "filesystem read": "filesystem reads",
    "filesystem write": "filesystem writes",
    "filesystem delete": "filesystem deletion",
    "filesystem deletes": "filesystem deletion",
    "filesystem deletions": "filesystem deletion",
    "network": "network calls",
    "network call": "network calls",
    "subprocess": "subprocess/runtime control",
    "subprocesses": "subprocess/runtime control",
    "model call": "model calls",
    "websocket state": "WebSocket state",
}


def canonical_area(text: str) -> str | None:
    """The canonical name of an area as written, or None for an area doxtool does not know."""
    return AREA_SPELLINGS.get(" ".join(text.split()).casefold())


#: Last dotted components of call names the agent-zero generator never listed.
AGENT_ZERO_HELPER_EXCLUDE = frozenset(
    {
        "get",
        "append",
        "items",
        "update",
        "extend",
        "keys",
        "values",
        "setdefault",
        "create_task",
        "print",
        "str",
        "isinstance",
        "len",
        "int",
        "set",
        "list",
        "bool",
        "getattr",
        "setattr",
        "hasattr",
        "sorted",
        "open",
        "any",
        "all",
        "dict",
        "enumerate",
        "max",
        "min",
        "range",
        "super",
        "float",
        "reversed",
        "sum",
        "tuple",
        # pydantic's (de)serialisers: never listed although called
        "model_dump",
        "model_dump_json",
        "model_validate",
        "model_validate_json",
    }
)


@dataclass(frozen=True)
class SectionSpec:
    """A section of the companions a convention describes."""

    title: str
    #: other titles that hold the same section (``Local Contracts``)
    aliases: tuple[str, ...] = ()
    #: whether a companion without it gets a finding
    required: bool = True

    def titles(self) -> tuple[str, ...]:
        return (self.title, *self.aliases)


@dataclass(frozen=True)
class Boilerplate:
    """The lines a generated companion of one kind of module carries."""

    #: what the Purpose line calls the module (``agent tool``)
    noun: str
    #: how the first Runtime Contracts line names ``execute`` when it says
    #: which base the module's classes derive from (the repository's own:
    #: :func:`doxtool.companions.generate.tool_base_line`); "": no such line
    base_line_execute: str = ""
    runtime: tuple[str, ...] = ()
    guidance: tuple[str, ...] = ()
    verification: tuple[str, ...] = ()


@dataclass(frozen=True)
class Convention:
    """How a repository's companions are written: their sections and what each lists."""

    name: str
    sections: tuple[SectionSpec, ...]
    #: which methods of a class are listed: ``public`` (no leading ``_``) or ``all``
    methods: str = "all"
    method_cap: int | None = None
    #: ``: <first docstring line>`` after a function bullet
    function_docs: bool = False
    function_cap: int | None = None
    #: dashes in a docstring line written as ``-`` (agent-zero companions are ASCII)
    ascii_dashes: bool = False
    #: ``module`` (imports directly in the module body) or ``all`` (any scope)
    import_scope: str = "all"
    import_cap: int | None = None
    #: ``calls`` (call chains as written) or ``tool-helpers`` (a tool's
    #: repository helpers, shortest unambiguous name)
    helpers: str = "tool-helpers"
    helper_cap: int | None = None
    helper_exclude: frozenset[str] = frozenset()
    #: the line written when a module calls nothing (None: the helpers line says ``none``)
    declarative_line: str | None = None
    test_cap: int | None = None
    #: ``- `C` is a `B`.`` for classes with one of these direct bases (last
    #: dotted component); other classes, indirect tool subclasses among
    #: them, get none
    is_a_bases: tuple[str, ...] = ()
    #: ``- `C` defines `m(...)`.`` for these methods, in this order; tool
    #: classes always get ``execute``
    defines: tuple[str, ...] = ()
    #: signature rendering: ``doxtool`` keeps ``/``, ``*`` and star
    #: annotations; ``agent-zero`` drops them
    signatures: str = "doxtool"
    #: the side-effect areas line: ``always`` (``none`` when empty) or
    #: ``when-any`` (omitted when no area shows)
    side_effects: str = "always"
    #: a fact line with no items is written (``none``) rather than left out,
    #: so a companion lacking it gets a finding
    writes_empty_lines: bool = True
    #: spelling of each area in this convention
    area_names: dict[str, str] = field(default_factory=dict)
    #: areas a tool module's line is derived from tool facts only (``doxtool``)
    #: or from the module's code evidence (``agent-zero``)
    area_source: str = "tool"
    #: arguments, ``break_loop`` and repairable errors lines for tool classes
    tool_contract: bool = True
    #: one blank line after each heading
    blank_after_heading: bool = False
    boilerplate: dict[str, Boilerplate] = field(default_factory=dict)
    #: text that shows a companion was written in this convention's generated
    #: layout (empty: every companion is); only such companions get findings
    #: for items or lines they lack: a hand-written one chose its own
    generated_marks: tuple[str, ...] = ()
    #: a class bullet without bases says the class has none (``doxtool``);
    #: otherwise it says nothing about bases (agent-zero writes
    #: ``(no explicit base class)``)
    bare_class_has_no_bases: bool = True

    def area_name(self, area: str) -> str:
        return self.area_names.get(area, area)

    def section(self, title: str) -> SectionSpec | None:
        return self._sections_by_title.get(_fold(title))

    @cached_property
    def _sections_by_title(self) -> dict[str, SectionSpec]:
        """Each title a section may have, folded, to the first section having it."""
        found: dict[str, SectionSpec] = {}
        for spec in self.sections:
            for title in spec.titles():
                found.setdefault(_fold(title), spec)
        return found

    def section_titles(self) -> list[str]:
        return [spec.title for spec in self.sections]


def _fold(title: str) -> str:
    return normalize_title(title)


DOXTOOL = Convention(
    name="doxtool",
    sections=tuple(
        SectionSpec(title, aliases=SECTION_ALIASES.get(title, ())) for title in SECTIONS
    ),
    area_names={
        "filesystem reads": "filesystem reads",
        "filesystem writes": "filesystem writes",
        "filesystem deletion": "filesystem deletion",
        "network calls": "network",
        "subprocess/runtime control": "subprocess",
    },
)

AGENT_ZERO = Convention(
    name="agent-zero",
    sections=(
        SectionSpec("Purpose"),
        SectionSpec("Ownership"),
        SectionSpec("Runtime Contracts", aliases=SECTION_ALIASES["Runtime Contracts"]),
        SectionSpec("Key Concepts", required=False),
        SectionSpec("Work Guidance"),
        SectionSpec("Verification"),
        SectionSpec("Child DOX Index", required=False),
    ),
    methods="public",
    method_cap=8,
    function_docs=True,
    function_cap=30,
    ascii_dashes=True,
    import_scope="module",
    import_cap=16,
    helpers="calls",
    helper_cap=20,
    helper_exclude=AGENT_ZERO_HELPER_EXCLUDE,
    declarative_line=(
        "This module is primarily declarative or delegates behavior through "
        "classes/imported objects."
    ),
    test_cap=8,
    is_a_bases=("Tool", "ApiHandler", "WsHandler"),
    defines=(
        "process",
        "execute",
        "get_methods",
        "requires_auth",
        "requires_csrf",
        "requires_api_key",
        "requires_loopback",
    ),
    signatures="agent-zero",
    side_effects="when-any",
    area_source="module",
    blank_after_heading=True,
    generated_marks=("Update this file whenever",),
    writes_empty_lines=False,
    bare_class_has_no_bases=False,
    boilerplate={
        "tool": Boilerplate(
            noun="agent tool",
            base_line_execute="execute(...)",
            runtime=(
                "Update this file whenever tool arguments, output shape, `break_loop` "
                "behavior, intervention handling, prompt instructions, or side effects change.",
            ),
            guidance=(
                "Keep tool output concise, model-readable, and safe for history persistence.",
                "Coordinate argument or behavior changes with prompt tool instructions and "
                "skill guidance.",
                "Respect intervention flow for long-running, external, or user-visible operations.",
            ),
            verification=(
                "Run targeted tool and prompt-contract tests for changed behavior; smoke-test "
                "agent execution when no focused test exists.",
            ),
        ),
        "api": Boilerplate(
            noun="API endpoint",
            runtime=(
                "HTTP handlers must derive from `helpers.api.ApiHandler`; WebSocket handlers "
                "must derive from `helpers.ws.WsHandler`.",
                "Update this file whenever request payloads, authentication or CSRF "
                "requirements, response shapes, route side effects, or WebSocket event "
                "contracts change.",
            ),
            guidance=(
                "Preserve authentication, CSRF, loopback, and API-key checks unless the "
                "endpoint contract explicitly changes.",
                "Update frontend callers, plugin callers, and tests together when payload "
                "shape changes.",
                "Use `helpers.api.Response` for non-JSON responses, files, redirects, or "
                "status-specific replies.",
            ),
            verification=(
                "Run endpoint-specific or API/WebSocket tests for changed behavior; smoke-test "
                "browser callers when no focused test exists.",
            ),
        ),
        "helper": Boilerplate(
            noun="helper module",
            runtime=(
                "Helper modules own reusable framework APIs and must preserve public callers "
                "unless all callers, tests, and docs are updated together.",
                "Update this file whenever public functions, classes, persistence behavior, "
                "path/security assumptions, side effects, or cross-module contracts change.",
            ),
            guidance=(
                "Preserve public helper APIs used by core code and plugins unless every caller "
                "is updated.",
                "Keep path, auth, secret, persistence, network, and subprocess behavior "
                "explicit and bounded.",
                "Prefer adding cohesive helper functions here only when behavior is reused "
                "across modules.",
            ),
            verification=(
                "Run targeted tests for changed helper behavior; run security regressions for "
                "auth, filesystem, WebSocket, tunnel, upload, or secret-handling helpers.",
            ),
        ),
    },
)

CONVENTIONS = {convention.name: convention for convention in (DOXTOOL, AGENT_ZERO)}


def convention_named(name: str) -> Convention:
    return CONVENTIONS.get(name, DOXTOOL)


# --- detection ----------------------------------------------------------------

#: text only doxtool's own layout writes (``templates/companion.py.dox.md.j2``)
_DOXTOOL_MARKS = (
    "when the module is added, removed, renamed or its behaviour changes",
    "`doxtool check` compares the fact lines here with the code",
)
#: text only the agent-zero layout writes, the generator's and doxtool's own
_AGENT_ZERO_MARKS = (
    "Update this file whenever",
    "because this directory is intentionally flat",
    "This module is primarily declarative or delegates behavior",
)


@dataclass
class Detection:
    """The convention a repository's companions follow, and why."""

    name: str
    reason: str


#: what a companion's text shows of the convention it was written in
#: (:func:`companion_mark`)
AGENT_ZERO_MARK, DOXTOOL_MARK, NO_MARK = "a", "d", "-"


def companion_mark(text: str) -> str:
    """What a companion's text shows of the layout it was written in:
    :data:`DOXTOOL_MARK` for doxtool's own (its boilerplate, else an
    ``Arguments of`` line with no agent-zero boilerplate),
    :data:`AGENT_ZERO_MARK` for Agent Zero's generated one (doxtool's
    agent-zero companions among them, whose tools have ``Arguments of``
    lines too), :data:`NO_MARK` for one written by hand. Lines both layouts
    write ("Keep this file-level DOX profile synchronized with ...") tell
    nothing."""
    if any(mark in text for mark in _DOXTOOL_MARKS):
        return DOXTOOL_MARK
    if any(mark in text for mark in _AGENT_ZERO_MARKS):
        return AGENT_ZERO_MARK
    return DOXTOOL_MARK if "- Arguments of `" in text else NO_MARK


def detect_convention(companions: Sequence[str]) -> Detection:
    """Which convention the texts of a repository's companions follow, and why."""
    return convention_of_marks([companion_mark(text) for text in companions])


def convention_of_marks(marks: Sequence[str]) -> Detection:
    """Which convention companions with these :func:`companion_mark` follow:
    agent-zero when more of them are in its generated layout than in
    doxtool's (companions written by hand count for neither), else doxtool's."""
    if not marks:
        return Detection("doxtool", "no companions yet: doxtool's own format")
    agent_zero, doxtool, total = marks.count(AGENT_ZERO_MARK), marks.count(DOXTOOL_MARK), len(marks)
    counted = (
        f"{agent_zero} of {total} companions are in Agent Zero's generated layout, "
        f"{doxtool} in doxtool's"
    )
    if agent_zero > doxtool:
        return Detection("agent-zero", counted)
    return Detection("doxtool", counted)
