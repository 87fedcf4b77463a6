"""Generate a synthetic framework repository for benchmarking doxtool.

``python bench/generate.py OUT_DIR [--tools N] [--seed S]`` writes a repository
laid out like an Agent Zero checkout: the tool contract in ``helpers/`` (the
reference suite's own ``tool.py``, ``errors.py`` and ``tasks.py``), a
file-documented ``tools/`` directory of N tool modules of realistic and varied
size, and one prompt per tool in ``prompts/``. The companions
(``tools/<name>.py.dox.md``) are then created by doxtool's own fixer, and the
result must pass ``doxtool check`` with no finding.

The rest of the output depends only on N and the seed: every tool module is generated from
a random stream seeded with the seed and the tool's index, so the first five
tools of a corpus of 1000 are the five tools of a corpus of 5.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any

DEFAULT_TOOLS = 1000
DEFAULT_SEED = 1
#: the repository this script belongs to, whose reference suite it borrows from
REPO = Path(__file__).resolve().parent.parent

# ---------------------------------------------------------------------------
# vocabulary

NOUNS = [
    "archive", "bookmark", "invoice", "calendar", "dataset", "metric", "snippet", "ticket",
    "contact", "recipe", "backup", "feed", "glossary", "inventory", "playlist", "survey",
    "report", "translation", "journal", "checklist", "budget", "catalog", "changelog",
    "deployment", "document", "experiment", "fixture", "forecast", "habit", "incident",
    "lesson", "manifest", "milestone", "newsletter", "notebook", "order", "package", "patch",
    "pipeline", "quota", "reminder", "release", "roster", "sample", "schema", "shipment",
    "sprint", "summary", "template", "timesheet", "workspace", "transcript", "citation",
    "benchmark", "keyword", "mailbox", "label", "dashboard", "webhook", "queue",
]  # fmt: skip
ROLES = [
    "index", "store", "tracker", "browser", "manager", "planner", "auditor", "reader",
    "writer", "mirror", "ledger", "registry", "digest", "watcher", "builder", "inspector",
    "board", "vault", "scanner", "curator",
]  # fmt: skip
PLACES = ["workspace", "project folder", "memory", "knowledge base", "scratch area", "home folder"]
ACTION_WORDS = [
    "list", "show", "search", "count", "create", "update", "rename", "tag", "delete",
    "archive", "export", "sync", "run", "summarize", "queue", "finish",
]  # fmt: skip
ACTION_KIND = {
    "list": "list",
    "show": "show",
    "search": "search",
    "count": "count",
    "create": "create",
    "update": "update",
    "rename": "update",
    "tag": "update",
    "delete": "delete",
    "archive": "delete",
    "export": "export",
    "sync": "run",
    "run": "run",
    "summarize": "summarize",
    "queue": "queue",
    "finish": "finish",
}
VERBS = [
    "collects", "normalises", "validates", "caches", "indexes", "ranks", "reconciles",
    "annotates", "deduplicates", "filters", "groups", "measures", "formats", "merges",
]  # fmt: skip
OBJECTS = [
    "the entries it finds", "every record it reads", "the values the model sends",
    "the results of the last call", "the lines of each file", "the names in the listing",
    "the paths below the workspace", "the options of the call", "the scores of each match",
]  # fmt: skip
REASONS = [
    "before anything is written", "so that repeated calls stay cheap",
    "because the model may send stale values", "to keep the output short",
    "so the user sees a stable order", "before the result is shown to the model",
    "to keep the agent's history small", "so that a retry does the same work",
]  # fmt: skip
COMMENTS = [
    "Keep the order stable: the model compares consecutive results.",
    "An empty value is not an error here; it means 'everything'.",
    "The framework already stripped the tool name; only arguments remain.",
    "Small inputs are common, so the simple path comes first.",
    "Do not raise here: the caller turns the value into a message.",
    "Sorting twice is cheaper than keeping a heap for these sizes.",
    "Values from the model arrive as strings more often than not.",
    "This mirrors what the user interface shows next to each entry.",
    "Guard against a division by zero on empty input.",
    "The limit is applied after filtering, never before.",
]  # fmt: skip

STRING_ARGS = {
    "query": ("text to look for", ["quarterly totals", "open bugs", "release notes"]),
    "path": ("file path relative to the workspace", ["notes/todo.md", "data/export.csv"]),
    "name": ("name of the entry", ["weekly-review", "backlog", "inbox-zero"]),
    "title": ("short title", ["Weekly review", "Release 2.4"]),
    "text": ("the text to store", ["Ship the fix before Friday.", "Ask Dana about the budget."]),
    "pattern": ("glob pattern of the files to consider", ["*.md", "reports/*.csv"]),
    "owner": ("who owns the entry", ["dana", "team-platform"]),
    "target": ("where the result goes", ["archive/2024", "shared/exports"]),
    "source": ("where to read from", ["inbox", "downloads/latest"]),
    "note": ("a note kept with the entry", ["Checked by hand.", "Needs a second look."]),
    "url": ("address of the remote copy", ["https://example.org/feed.xml"]),
    "folder": ("folder to work in", ["projects/alpha", "tmp"]),
    "prefix": ("only names starting with this", ["2024-", "draft-"]),
    "category": ("category of the entry", ["finance", "ops", "research"]),
    "locale": ("language and region of the output", ["en-GB", "de-DE"]),
    "key": ("key of the value to read or write", ["last_run", "owner_email"]),
    "branch": ("branch to work on", ["main", "release/2.4"]),
    "comment": ("comment recorded with the change", ["Nightly clean-up."]),
}
INTEGER_ARGS = {
    "limit": (20, "how many entries to return"),
    "offset": (0, "how many entries to skip"),
    "page": (1, "page of the results"),
    "depth": (2, "how deep to descend into folders"),
    "max_results": (50, "upper bound of results"),
    "retries": (3, "attempts before giving up"),
    "width": (80, "line width of the output"),
    "top_k": (5, "how many of the best matches to keep"),
    "days": (7, "how many days to look back"),
    "batch_size": (100, "entries handled per batch"),
}
NUMBER_ARGS = {
    "timeout": (30.0, "seconds before giving up"),
    "threshold": (0.5, "smallest score that counts as a match"),
    "ratio": (1.0, "scale applied to every value"),
    "min_score": (0.25, "matches below this score are dropped"),
    "interval": (5.0, "seconds between two checks"),
    "weight": (1.0, "weight of this entry in totals"),
}
BOOLEAN_ARGS = {
    "recursive": "descend into sub-folders",
    "dry_run": "report what would change and change nothing",
    "overwrite": "replace an existing entry",
    "include_hidden": "include names starting with a dot",
    "verbose": "add details to the result",
    "case_sensitive": "match upper and lower case exactly",
    "force": "skip the confirmation checks",
    "append": "add to the end instead of replacing",
}
ENUM_ARGS = {
    "format": ["text", "json", "markdown", "csv"],
    "sort": ["name", "date", "size"],
    "order": ["asc", "desc"],
    "level": ["info", "warning", "error"],
    "scope": ["user", "project", "global"],
    "strategy": ["merge", "replace", "skip"],
    "mode": ["fast", "full"],
    "unit": ["seconds", "minutes", "hours"],
    "status": ["open", "closed", "pending"],
    "priority": ["low", "normal", "high"],
}
ARRAY_ARGS = {
    "tags": ["urgent", "review"],
    "paths": ["notes/a.md", "notes/b.md"],
    "fields": ["name", "size"],
    "labels": ["bug", "docs"],
    "columns": ["date", "amount"],
}
#: local variable names for arguments whose own name would shadow a builtin
LOCAL_NAMES = {"format": "fmt", "sort": "sort_key", "key": "entry_key", "text": "body"}


# ---------------------------------------------------------------------------
# plans


@dataclass
class ArgSpec:
    """One argument a generated tool reads, and how."""

    name: str
    kind: str  # string | integer | number | boolean | array | enum
    required: bool = False
    default: Any = None
    values: list[str] = field(default_factory=list)
    #: execute | kwargs | param | helper | method | contains
    site: str = "execute"
    #: the handler that reads it (site "method")
    handler: str = ""
    description: str = ""
    example: Any = None

    @property
    def local(self) -> str:
        """The name of the local variable holding the value."""
        if self.site == "param":
            return self.name
        return LOCAL_NAMES.get(self.name, self.name)


@dataclass
class ToolPlan:
    """Everything random about one tool, decided before any code is written."""

    index: int
    name: str
    noun: str
    role: str
    class_name: str
    base_name: str | None
    actions: list[str]
    subject: ArgSpec
    args: list[ArgSpec]
    intervention: bool
    target_size: int
    dispatch_style: str  # ifs | match | method
    description: str


def _target_size(rng: random.Random) -> int:
    """A skewed size distribution: most modules 3-12 KB, some 12-20 KB, a few 20-40 KB."""
    roll = rng.random()
    if roll < 0.80:
        return int(3000 * (4 ** rng.random()))  # log-uniform 3-12 KB
    if roll < 0.92:
        return rng.randint(12_000, 20_000)
    return rng.randint(20_000, 39_000)


def _sentence(rng: random.Random, noun: str) -> str:
    return (
        f"The {noun} {rng.choice(ROLES)} {rng.choice(VERBS)} "
        f"{rng.choice(OBJECTS)} {rng.choice(REASONS)}."
    )


def _paragraph(rng: random.Random, noun: str, sentences: int) -> str:
    return " ".join(_sentence(rng, noun) for _ in range(sentences))


def _wrap(text: str, indent: str, width: int = 88) -> str:
    return textwrap.fill(text, width=width, initial_indent=indent, subsequent_indent=indent)


def plan_tool(seed: int, index: int) -> ToolPlan:
    rng = random.Random(f"doxtool-bench:{seed}:{index}")
    noun = rng.choice(NOUNS)
    role = rng.choice(ROLES)
    stem = f"{noun.title()}{role.title()}"
    class_name = stem + ("Tool" if rng.random() < 0.85 else "")
    base_name = f"_{noun.title()}Base" if rng.random() < 0.15 else None

    dispatch = index == 0 or rng.random() < 0.7
    actions: list[str] = []
    if dispatch:
        actions = rng.sample(ACTION_WORDS[:-1], rng.randint(2, 5))
        if rng.random() < 0.1:
            actions.append("finish")

    used: set[str] = set()
    args: list[ArgSpec] = []

    # the subject: the main string argument every handler works on
    subject_name = rng.choice(list(STRING_ARGS))
    used.add(subject_name)
    description, examples = STRING_ARGS[subject_name]
    subject_required = rng.random() < 0.45
    site = rng.choice(["execute", "execute", "kwargs", "param"])
    if subject_required and site == "param":
        site = "execute"
    subject = ArgSpec(
        subject_name,
        "string",
        required=subject_required,
        default=None if subject_required else "",
        site=site,
        description=description,
        example=rng.choice(examples),
    )
    args.append(subject)

    if dispatch:
        default = None if rng.random() < 0.3 else actions[0]
        args.insert(
            0,
            ArgSpec(
                "action",
                "enum",
                required=default is None,
                default=default,
                values=list(actions),
                site="execute",
                description="what to do",
                example=rng.choice(actions),
            ),
        )
        used.add("action")

    def fresh(pool: dict[str, Any]) -> str | None:
        names = [n for n in pool if n not in used]
        if not names:
            return None
        name = rng.choice(names)
        used.add(name)
        return name

    # one to three options read by the dict-reading helper
    helper_kinds = ["integer", "number", "boolean", "string", "array"]
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(helper_kinds)
        spec = _optional_arg(rng, kind, fresh, "helper")
        if spec is not None:
            args.append(spec)
    if not any(a.site == "helper" for a in args):
        spec = _optional_arg(rng, "integer", fresh, "helper")
        assert spec is not None
        args.append(spec)

    # zero to three more read in execute, through kwargs or as parameters
    for _ in range(rng.randint(0, 3)):
        kind = rng.choice(["integer", "number", "boolean", "enum", "string", "string"])
        site = rng.choice(["execute", "execute", "kwargs", "param", "contains"])
        if kind == "enum" and site == "param":
            site = "execute"
        if site == "contains" and kind != "string":
            site = "execute"
        spec = _optional_arg(rng, kind, fresh, site)
        if spec is not None:
            args.append(spec)

    # arguments read inside one action handler
    for action in actions:
        if ACTION_KIND[action] in ("create", "update") and rng.random() < 0.6:
            name = fresh(STRING_ARGS)
            if name is None:
                continue
            desc, examples = STRING_ARGS[name]
            required = ACTION_KIND[action] == "create" and rng.random() < 0.6
            args.append(
                ArgSpec(
                    name,
                    "string",
                    required=required,
                    default=None if required else "",
                    site="method",
                    handler=action,
                    description=f"{desc}, for {action}",
                    example=rng.choice(examples),
                )
            )

    intervention = rng.random() < 0.55
    dispatch_style = rng.choice(["ifs", "ifs", "match", "method"]) if dispatch else "single"
    place = rng.choice(PLACES)
    if actions:
        verbs = [a for a in actions if a != "finish"]
        verb_text = ", ".join(verbs[:-1]) + f" and {verbs[-1]}" if len(verbs) > 1 else verbs[0]
        text = f"{verb_text.capitalize()} the {noun}s kept in the agent's {place}."
    else:
        text = (
            f"{rng.choice(['Look up', 'Check', 'Prepare', 'Collect', 'Refresh'])} "
            f"{noun}s in the agent's {place} and report what was found."
        )
    return ToolPlan(
        index=index,
        name=f"tool_{index:04d}",
        noun=noun,
        role=role,
        class_name=class_name,
        base_name=base_name,
        actions=actions,
        subject=subject,
        args=args,
        intervention=intervention,
        target_size=_target_size(rng),
        dispatch_style=dispatch_style,
        description=text,
    )


def _optional_arg(rng: random.Random, kind: str, fresh: Any, site: str) -> ArgSpec | None:
    if kind == "integer":
        name = fresh(INTEGER_ARGS)
        if name is None:
            return None
        default, desc = INTEGER_ARGS[name]
        example = default * rng.choice([1, 2, 3]) or rng.randint(1, 9)
        return ArgSpec(name, kind, default=default, site=site, description=desc, example=example)
    if kind == "number":
        name = fresh(NUMBER_ARGS)
        if name is None:
            return None
        default, desc = NUMBER_ARGS[name]
        example = round(default * rng.choice([0.5, 1.5, 2.0]), 2)
        return ArgSpec(name, kind, default=default, site=site, description=desc, example=example)
    if kind == "boolean":
        name = fresh(BOOLEAN_ARGS)
        if name is None:
            return None
        return ArgSpec(
            name, kind, default=False, site=site, description=BOOLEAN_ARGS[name], example=True
        )
    if kind == "array":
        name = fresh(ARRAY_ARGS)
        if name is None:
            return None
        return ArgSpec(
            name,
            kind,
            default=[],
            site=site,
            description=f"list of {name}",
            example=list(ARRAY_ARGS[name]),
        )
    if kind == "enum":
        name = fresh(ENUM_ARGS)
        if name is None:
            return None
        values = ENUM_ARGS[name][: rng.randint(2, len(ENUM_ARGS[name]))]
        return ArgSpec(
            name,
            kind,
            default=values[0],
            values=values,
            site=site,
            description=f"{name} of the result",
            example=rng.choice(values),
        )
    name = fresh(STRING_ARGS)
    if name is None:
        return None
    desc, examples = STRING_ARGS[name]
    return ArgSpec(
        name,
        "string",
        default=None if site == "contains" else "",
        site=site,
        description=desc,
        example=rng.choice(examples),
    )


# ---------------------------------------------------------------------------
# module text


def _read(arg: ArgSpec, source: str) -> str:
    """The expression reading ``arg`` from the dict ``source``."""
    if arg.required:
        raw = f'{source}["{arg.name}"]'
    else:
        raw = f'{source}.get("{arg.name}", {_py(arg.default)})'
    if arg.kind == "integer":
        return f"int({raw})"
    if arg.kind == "number":
        return f"float({raw})"
    if arg.kind == "boolean":
        return f"bool({raw})"
    if arg.kind == "array":
        return f"[str(item).strip() for item in {raw}]"
    if arg.kind == "enum":
        return f"str({raw}).strip().lower()"
    return f"str({raw}).strip()"


def _def(head: str, params: str, returns: str, indent: str = "    ") -> str:
    """A method signature, wrapped as formatters wrap it when it is too long."""
    line = f"{indent}{head}({params}) -> {returns}:"
    if len(line) <= 100:
        return line
    inner = indent + "    "
    if len(inner + params) <= 100:
        return f"{indent}{head}(\n{inner}{params}\n{indent}) -> {returns}:"
    lines = "".join(f"{inner}{p.strip()},\n" for p in params.split(", "))
    return f"{indent}{head}(\n{lines}{indent}) -> {returns}:"


def _py(value: Any) -> str:
    """A Python literal for ``value``, strings in double quotes as formatters write them."""
    return json.dumps(value) if isinstance(value, str) else repr(value)


def _annotation(arg: ArgSpec) -> str:
    return {"integer": "int", "number": "float", "boolean": "bool"}.get(arg.kind, "str")


def _sub(template: str, prefix: str = "", **values: Any) -> str:
    """Dedent ``template``, indent it by ``prefix``, then substitute ``$names``.

    Multi-line values must carry their final indentation on their later lines.
    """
    code = textwrap.indent(textwrap.dedent(template).strip("\n"), prefix)
    return Template(code).substitute(values) + "\n"


def _import_block(lines: set[str]) -> str:
    """``import`` and ``from`` lines merged per module and sorted as isort does."""
    plain = sorted(line for line in lines if line.startswith("import "))
    names: dict[str, set[str]] = {}
    for line in lines:
        if line.startswith("from "):
            module, _, imported = line[5:].partition(" import ")
            names.setdefault(module, set()).update(n.strip() for n in imported.split(","))
    froms = [
        f"from {m} import {', '.join(sorted(n, key=str.lower))}" for m, n in sorted(names.items())
    ]
    return "\n".join(plain + froms)


class ModuleWriter:
    """Builds the text of one tool module from its plan."""

    def __init__(self, plan: ToolPlan, seed: int) -> None:
        self.plan = plan
        self.rng = random.Random(f"doxtool-bench-body:{seed}:{plan.index}")
        self.imports: set[str] = {"from dataclasses import dataclass"}
        self.repo_imports: set[str] = {"from helpers.tool import Response, Tool"}
        self.functions: list[str] = []
        self.methods: list[str] = []
        self.names: set[str] = set()
        self.options = f"{plan.noun.title()}Options"

    # -- pieces -------------------------------------------------------------

    def docstring(self) -> str:
        plan, rng = self.plan, self.rng
        paragraphs = [
            _paragraph(rng, plan.noun, rng.randint(2, 4)) for _ in range(rng.randint(1, 3))
        ]
        body = "\n\n".join(_wrap(p, "") for p in paragraphs)
        return f'"""{plan.description}\n\n{body}\n"""\n'

    def constants(self) -> str:
        plan = self.plan
        lines = [
            f"#: Upper bound of the entries one call of ``{plan.name}`` returns.",
            f"MAX_ITEMS = {self.rng.choice([50, 100, 200, 500])}",
        ]
        if plan.actions:
            lines.append("ACTIONS = (" + ", ".join(f'"{a}"' for a in plan.actions) + ")")
        lines.append(f'STATE_KEY = "{plan.noun}_{plan.role}"')
        return "\n".join(lines) + "\n"

    def options_class(self) -> str:
        helper_args = [a for a in self.plan.args if a.site == "helper"]
        fields = []
        for arg in helper_args:
            if arg.kind == "array":
                self.imports.add("from dataclasses import field")
                fields.append(f"    {arg.local}: list[str] = field(default_factory=list)")
            else:
                annotation = _annotation(arg)
                fields.append(f"    {arg.local}: {annotation} = {_py(arg.default)}")
        parts = [f"{a.local}={{self.{a.local}!r}}" for a in helper_args]
        returned = f'        return f"{", ".join(parts)}"'
        if len(returned) > 100:
            pieces = [f'            f"{part}, "' for part in parts[:-1]]
            pieces.append(f'            f"{parts[-1]}"')
            returned = "        return (\n" + "\n".join(pieces) + "\n        )"
        return (
            "@dataclass\n"
            f"class {self.options}:\n"
            f'    """Settings of one call, read from the tool arguments by ``_options_from``."""\n'
            "\n" + "\n".join(fields) + "\n\n"
            "    def describe(self) -> str:\n"
            '        """One line for progress messages."""\n'
            f"{returned}\n"
        )

    def options_helper(self) -> str:
        helper_args = [a for a in self.plan.args if a.site == "helper"]
        lines = [
            f"def _options_from(args: dict) -> {self.options}:",
            '    """Read the optional settings of a call from ``args`` (the tool arguments).',
            "",
            "    Raises ``ValueError`` or ``TypeError`` when a value has the wrong type; the",
            "    tool turns that into a message for the model.",
            '    """',
        ]
        for arg in helper_args:
            lines.append(f"    {arg.local} = {_read(arg, 'args')}")
            if arg.kind == "integer":
                lines.append(f"    {arg.local} = max(0, min({arg.local}, MAX_ITEMS))")
            if arg.kind == "number":
                lines.append(f"    if {arg.local} < 0:")
                lines.append(f'        raise ValueError("`{arg.name}` must not be negative")')
        params = ", ".join(f"{a.local}={a.local}" for a in helper_args)
        lines.append(f"    return {self.options}({params})")
        return "\n".join(lines) + "\n"

    def record_class(self) -> str:
        rng, noun = self.rng, self.plan.noun
        name = f"{noun.title()}Record"
        self.names.add(name)
        self.imports.add("from dataclasses import field")
        return _sub(
            '''
            @dataclass
            class $name:
                """One $noun as the tool reports it."""

                name: str
                size: int = 0
                score: float = 0.0
                tags: list[str] = field(default_factory=list)

                def label(self) -> str:
                    """The name with its tags, as shown in listings."""
                    if not self.tags:
                        return self.name
                    return f"{self.name} [{', '.join(sorted(self.tags))}]"

                def weight(self, scale: float = $scale) -> float:
                    """Score scaled by size: larger ${noun}s count a little more."""
                    return self.score * scale + min(self.size, 10_000) / 10_000
            ''',
            name=name,
            noun=noun,
            scale=rng.choice(["1.0", "0.5", "2.0"]),
        )

    def base_head(self) -> str:
        """The head of the in-module base class that holds ``execute``."""
        plan = self.plan
        assert plan.base_name is not None
        self.repo_imports.add("from helpers import strings")
        return _sub(
            '''
            class $base(Tool):
                """Shared behaviour of the $noun tools: argument handling, rendering, progress.

                Subclasses change how results are shown; the arguments and actions are
                the same for every $noun tool.
                """

                def _render(self, lines: list[str], empty: str) -> str:
                    """Join ``lines`` for the model, or ``empty`` when there are none."""
                    if not lines:
                        return empty
                    return strings.truncate("\\n".join(lines), $limit)

                def _progress(self, text: str) -> None:
                    # The user sees progress while the tool runs; keep it on one line.
                    self.set_progress(strings.normalize(text))
            ''',
            base=plan.base_name,
            noun=plan.noun,
            limit=self.rng.choice([2000, 4000, 8000]),
        )

    def subclass_override(self) -> str:
        return _sub(
            '''
                def _progress(self, text: str) -> None:
                    """Progress with the tool name first, as the log view sorts by it."""
                    super()._progress(f"[{self.name}] {text}")
            ''',
            "    ",
        )

    # -- execute ------------------------------------------------------------

    def execute(self) -> str:
        plan = self.plan
        params = [a for a in plan.args if a.site == "param"]
        signature = ", ".join(
            ["self"]
            + [f"{a.local}: {_annotation(a)} = {_py(a.default)}" for a in params]
            + ["**kwargs"]
        )
        body: list[str] = []
        add = body.append
        add(_def("async def execute", signature, "Response"))
        add(f'        """{self._execute_doc()}')
        add("")
        add(_wrap(_paragraph(self.rng, plan.noun, 2), "        "))
        add('        """')
        enums: list[ArgSpec] = []
        for arg in plan.args:
            if arg.site == "helper" or arg.site == "method":
                continue
            if arg.name == "action":
                if plan.dispatch_style == "method" and self.rng.random() < 0.5:
                    source = (
                        'self.method or self.args["action"]'
                        if arg.required
                        else f'self.method or self.args.get("action", {_py(arg.default)})'
                    )
                    add(f"        action = str({source}).strip().lower()")
                else:
                    add(f"        action = {_read(arg, 'self.args')}")
                add("        if action not in ACTIONS:")
                add("            return Response(")
                add(
                    '                message=f"Unknown action {action!r}. '
                    "Valid actions: {', '.join(ACTIONS)}.\","
                )
                add("                break_loop=False,")
                add("            )")
                continue
            body.extend(self._execute_read(arg))
            if arg.kind == "enum":
                enums.append(arg)
        add("        try:")
        add("            options = _options_from(self.args)")
        add("        except (TypeError, ValueError) as error:")
        add('            return Response(message=f"Invalid option: {error}.", break_loop=False)')
        if self.rng.random() < 0.5:
            add(f"        # {self.rng.choice(COMMENTS)}")
        progress = "self._progress" if plan.base_name else "self.set_progress"
        shown = [
            a.local
            for a in plan.args
            if a.site in ("execute", "kwargs", "param", "contains") and a.name != "action"
        ]
        add(f"        {progress}(")
        add(f'            f"{plan.name}: {{options.describe()}}"')
        for name in shown:
            add(f'            f" {name}={{{name}!r}}"')
        add("        )")
        if plan.intervention:
            add("        await self.agent.handle_intervention()")
        subject = plan.subject.local
        extra = "".join(f", {e.local}" for e in enums)
        if not plan.actions:
            add(f"        return await self._run({subject}, options{extra})")
            kind = self.rng.choice(["list", "show", "search", "update", "export", "run", "queue"])
            self.methods.append(self.handler("run", "_run", enums, kind))
        elif plan.dispatch_style == "method":
            add(f"        return await self._dispatch(action, {subject}, options{extra})")
            self.methods.append(self._dispatch_method(enums))
        elif plan.dispatch_style == "match":
            add("        match action:")
            for action in plan.actions:
                add(f'            case "{action}":')
                add(f"                return {self._call(action, subject, 'options', extra)}")
            add("            case _:")
            add(
                '                return Response(message=f"Unknown action {action!r}.", '
                "break_loop=False)"
            )
        else:
            for action in plan.actions:
                add(f'        if action == "{action}":')
                add(f"            return {self._call(action, subject, 'options', extra)}")
            add('        return Response(message=f"Unknown action {action!r}.", break_loop=False)')
        for action in plan.actions:
            self.methods.append(self.handler(action, f"_{action}", enums))
        return "\n".join(body) + "\n"

    def _execute_doc(self) -> str:
        if self.plan.actions:
            return f"Run one action on the {self.plan.noun}s: {', '.join(self.plan.actions)}."
        return f"Look at the {self.plan.noun}s named by the arguments and report."

    def _call(self, action: str, subject: str, options: str, extra: str) -> str:
        is_async = ACTION_KIND[action] not in ("count", "summarize", "finish")
        call = f"self._{action}({subject}, {options}{extra})"
        return f"await {call}" if is_async else call

    def _dispatch_method(self, enums: list[ArgSpec]) -> str:
        plan = self.plan
        params = "".join(f", {e.local}: str" for e in enums)
        extra = "".join(f", {e.local}" for e in enums)
        lines = [
            _def(
                "async def _dispatch",
                f"self, action: str, subject: str, options: {self.options}{params}",
                "Response",
            ),
            '        """Route ``action`` to its handler."""',
        ]
        for action in plan.actions:
            lines.append(f'        if action == "{action}":')
            lines.append(f"            return {self._call(action, 'subject', 'options', extra)}")
        lines.append(
            '        valid = ", ".join(ACTIONS)\n'
            "        return Response(\n"
            '            message=f"Unknown action {action!r}. Valid actions: {valid}.",\n'
            "            break_loop=False,\n"
            "        )"
        )
        return "\n".join(lines) + "\n"

    def _execute_read(self, arg: ArgSpec) -> list[str]:
        local = arg.local
        if arg.site == "param":
            if arg.kind == "string":
                return [f"        {local} = str({local}).strip()"]
            return []
        source = "kwargs" if arg.site == "kwargs" else "self.args"
        if arg.site == "contains":
            return [
                f'        {local} = ""',
                f'        if "{arg.name}" in self.args:',
                f'            {local} = str(self.args["{arg.name}"]).strip()',
            ]
        expr = _read(arg, source)
        if arg.kind in ("integer", "number"):
            word = "a whole number" if arg.kind == "integer" else "a number"
            return [
                "        try:",
                f"            {local} = {expr}",
                "        except (TypeError, ValueError):",
                "            return Response(",
                f'                message="`{arg.name}` must be {word}.",',
                "                break_loop=False,",
                "            )",
                f"        if {local} < 0:",
                f'            return Response(message="`{arg.name}` must not be negative.", '
                "break_loop=False)",
            ]
        lines = [f"        {local} = {expr}"]
        if arg.kind == "enum":
            values = ", ".join(f'"{v}"' for v in arg.values)
            lines += [
                f"        if {local} not in ({values}):",
                "            return Response(",
                f'                message=f"Unknown {arg.name} {{{local}!r}}; use one of '
                f'{", ".join(arg.values)}.",',
                "                break_loop=False,",
                "            )",
            ]
        elif arg is self.plan.subject and arg.required:
            if self.rng.random() < 0.5:
                self.repo_imports.add("from helpers.errors import RepairableException")
                lines += [
                    f"        if not {local}:",
                    f'            raise RepairableException("`{arg.name}` must not be empty.")',
                ]
            else:
                lines += [
                    f"        if not {local}:",
                    f'            return Response(message="`{arg.name}` is empty.", '
                    "break_loop=False)",
                ]
        return lines

    # -- handlers -----------------------------------------------------------

    def handler(
        self, action: str, method: str, enums: list[ArgSpec], kind: str | None = None
    ) -> str:
        plan = self.plan
        kind = kind or ACTION_KIND[action]
        is_async = kind not in ("count", "summarize", "finish") or method == "_run"
        params = "".join(f", {e.local}: str" for e in enums)
        header = _def(
            f"{'async ' if is_async else ''}def {method}",
            f"self, subject: str, options: {self.options}{params}",
            "Response",
        )
        doc = f'        """{self._handler_doc(kind)}"""'
        reads: list[str] = []
        for arg in plan.args:
            if arg.site == "method" and arg.handler == action:
                reads.append(f"        {arg.local} = {_read(arg, 'self.args')}")
                if arg.required:
                    self.repo_imports.add("from helpers.errors import RepairableException")
                    reads.append(f"        if not {arg.local}:")
                    reads.append(
                        f'            raise RepairableException("`{action}` needs a non-empty '
                        f'`{arg.name}`.")'
                    )
                reads.append(f'        self.add_progress(f" {arg.name}: {{{arg.local}!r}}")')
        render = "self._render" if plan.base_name else "_join"
        if not plan.base_name and "_join" not in self.names:
            self.names.add("_join")
            self.functions.insert(
                0,
                _sub(
                    '''
                    def _join(lines: list[str], empty: str) -> str:
                        """Join ``lines`` for the model, or ``empty`` when there are none."""
                        return "\\n".join(lines) if lines else empty
                    ''',
                ),
            )
        style = ""
        if enums:
            enum = enums[0]
            style = _sub(
                """
                if $var == "$value":
                    payload = {"subject": subject, "$name": $var}
                    return Response(message=json.dumps(payload), break_loop=False)
                """,
                "        ",
                var=enum.local,
                value=enum.values[0],
                name=enum.name,
            )
            self.imports.add("import json")
        body = textwrap.indent(self._handler_body(kind, render), "        ")
        return "\n".join([header, doc, *reads]) + "\n" + style + body

    def _handler_doc(self, kind: str) -> str:
        noun = self.plan.noun
        return {
            "list": f"List the {noun}s below ``subject``, newest first.",
            "show": f"Show one {noun} file, shortened for the model.",
            "search": f"Search the {noun}s for ``subject`` and rank the matches.",
            "count": f"Count the {noun}s this agent has recorded.",
            "create": f"Create a {noun} file named after ``subject``.",
            "update": f"Append to an existing {noun}.",
            "delete": f"Remove the {noun} file ``subject``.",
            "export": f"Write every recorded {noun} to ``subject`` as JSON.",
            "run": f"Run the {noun} command and report its output.",
            "summarize": "Summarise ``subject`` in a few lines.",
            "queue": f"Queue a {noun} task for the agent's scheduler.",
            "finish": "Report the work as done and hand control back to the user.",
        }[kind]

    def _handler_body(self, kind: str, render: str) -> str:
        rng = self.rng
        stdlib, repo = HANDLER_IMPORTS[kind]
        self.imports.update(stdlib)
        self.repo_imports.update(repo)
        dynamic = rng.random() < (0.15 if kind == "run" else 0.2)
        return _sub(
            HANDLERS[kind],
            noun=self.plan.noun,
            limit=self._limit(),
            render=render,
            comment=rng.choice(COMMENTS),
            size=rng.choice([2000, 4000, 6000]),
            command=rng.choice(COMMANDS),
            timeout=rng.choice([10, 30, 60]),
            count=rng.choice([3, 5]),
            flag=("finished" if kind == "run" else "not pending") if dynamic else "False",
        )

    def _limit(self) -> str:
        for arg in self.plan.args:
            if arg.site == "helper" and arg.kind == "integer":
                return f"options.{arg.local}"
        return "MAX_ITEMS"

    # -- filler -------------------------------------------------------------

    def filler_function(self) -> str:
        template, imports = self.rng.choice(FILLERS)
        name = self._fresh_name(template[0])
        self.imports.update(imports)
        doc = _wrap(_paragraph(self.rng, self.plan.noun, self.rng.randint(1, 4)), "    ")
        code = textwrap.dedent(template[1]).strip("\n")
        code = code.replace("__NAME__", name).replace("__DOC__", doc.strip())
        comment = f"# {self.rng.choice(COMMENTS)}\n" if self.rng.random() < 0.3 else ""
        return comment + code + "\n"

    def filler_method(self) -> str:
        name = self._fresh_name(
            "_describe_" + self.rng.choice(["entries", "batch", "items", "rows"])
        )
        doc = _wrap(_paragraph(self.rng, self.plan.noun, self.rng.randint(1, 2)), "        ")
        return _sub(
            '''
                def $name(self, entries: list[str]) -> str:
                    """$doc
                    """
                    counts: dict[str, int] = {}
                    for entry in entries:
                        head = entry.split("/", 1)[0]
                        counts[head] = counts.get(head, 0) + 1
                    parts = [f"{head}: {count}" for head, count in sorted(counts.items())]
                    return f"{self.name}: " + ", ".join(parts)
            ''',
            "    ",
            name=name,
            doc=doc.strip(),
        )

    def _fresh_name(self, base: str) -> str:
        name = base
        while name in self.names:
            name = f"{base}_{self.rng.choice(NOUNS)}"
            if name in self.names:
                name = f"{name}_{len(self.names)}"
        self.names.add(name)
        return name

    # -- assembly -----------------------------------------------------------

    def write(self) -> str:
        plan = self.plan
        doc = self.docstring()
        constants = self.constants()
        options_class = self.options_class()
        options_helper = self.options_helper()
        record = self.record_class() if self.rng.random() < 0.7 else ""
        execute = self.execute()
        class_doc = _wrap(_paragraph(self.rng, plan.noun, self.rng.randint(1, 3)), "    ")
        tool_head = (
            f"class {plan.class_name}({plan.base_name or 'Tool'}):\n"
            f'    """{plan.description}\n\n{class_doc}\n    """\n'
        )
        # with an in-module base class, the base holds execute and the handlers
        # (the framework's first Tool subclass is a complete tool), the subclass
        # only adjusts the presentation
        core = [execute, *self.methods]
        base = ""
        own: list[str] = core
        if plan.base_name:
            base = self.base_head() + "\n" + "\n".join(m.rstrip("\n") + "\n" for m in core)
            own = [self.subclass_override()]

        def assemble(extra_top: list[str], extra_bottom: list[str], methods: list[str]) -> str:
            head = "\n\n".join(
                [
                    doc.rstrip("\n"),
                    "from __future__ import annotations",
                    _import_block(self.imports),
                    _import_block(self.repo_imports),
                ]
            )
            tool = tool_head + "\n" + "\n".join(m.rstrip("\n") + "\n" for m in [*own, *methods])
            blocks = [
                head + "\n\n" + constants,
                options_class,
                options_helper,
                *([record] if record else []),
                *self.functions,
                *extra_top,
                *([base] if base else []),
                tool,
                *extra_bottom,
            ]
            return "\n\n\n".join(b.strip("\n") for b in blocks) + "\n"

        top: list[str] = []
        bottom: list[str] = []
        methods: list[str] = []
        text = assemble(top, bottom, methods)
        while len(text.encode()) < plan.target_size:
            roll = self.rng.random()
            if roll < 0.15:
                methods.append(self.filler_method())
            elif roll < 0.7:
                top.append(self.filler_function())
            else:
                bottom.append(self.filler_function())
            text = assemble(top, bottom, methods)
        return text


# ---------------------------------------------------------------------------
# action handlers: the body of one handler method per kind of action

HANDLERS: dict[str, str] = {
    "list": """
folder = subject or "."
if not os.path.isdir(folder):
    return Response(message=f"No folder {folder!r} in the workspace.", break_loop=False)
names = sorted(os.listdir(folder), reverse=True)[:$limit]
lines = [f"- {name}" for name in names if not name.startswith(".")]
return Response(message=$render(lines, "No ${noun}s yet."), break_loop=False)
""",
    "show": """
if not subject or not os.path.isfile(subject):
    return Response(message=f"No $noun file {subject!r}.", break_loop=False)
with open(subject, encoding="utf-8") as handle:
    content = handle.read()
# $comment
return Response(message=strings.truncate(content, $size), break_loop=False)
""",
    "search": """
terms = [term for term in subject.lower().split() if term]
if not terms:
    return Response(message="Nothing to search for.", break_loop=False)
matches: list[tuple[int, str]] = []
for path in files.list_files(".", "*.md"):
    content = files.read_text(path).lower()
    score = sum(content.count(term) for term in terms)
    if score:
        matches.append((score, path))
matches.sort(reverse=True)
lines = [f"{score:4d}  {path}" for score, path in matches[:$limit]]
return Response(message=$render(lines, "No $noun matches."), break_loop=False)
""",
    "count": """
recorded = state.state_for(self.agent).get(STATE_KEY, [])
matching = [item for item in recorded if subject in str(item)]
return Response(
    message=f"{len(matching)} of {len(recorded)} ${noun}s match {subject!r}.",
    break_loop=False,
)
""",
    "create": """
if not subject:
    raise RepairableException("A new $noun needs a name in the arguments.")
content = f"# {subject}\\n\\n{options.describe()}\\n"
path = files.write_text(f"${noun}s/{subject}.md", content)
state.state_for(self.agent).setdefault(STATE_KEY, []).append(subject)
return Response(message=f"Created {path}.", break_loop=False)
""",
    "update": """
if not os.path.isfile(subject):
    return Response(message=f"No $noun {subject!r} to update.", break_loop=False)
with open(subject, "a", encoding="utf-8") as handle:
    handle.write(f"\\n{options.describe()}\\n")
return Response(message=f"Updated {subject}.", break_loop=False)
""",
    "delete": """
if not os.path.isfile(subject):
    return Response(message=f"No $noun {subject!r} to remove.", break_loop=False)
os.remove(subject)
return Response(message=f"Removed {subject}.", break_loop=False)
""",
    "export": """
recorded = state.state_for(self.agent).get(STATE_KEY, [])
items = [str(item) for item in recorded][:$limit]
payload = {"kind": "$noun", "items": items}
with open(subject or "${noun}s.json", "w", encoding="utf-8") as handle:
    json.dump(payload, handle, indent=2)
count = len(payload["items"])
return Response(message=f"Exported {count} ${noun}s.", break_loop=False)
""",
    "run": """
command = $command + ([subject] if subject else [])
try:
    completed = subprocess.run(
        command, capture_output=True, text=True, timeout=$timeout, check=False
    )
except (OSError, subprocess.TimeoutExpired) as error:
    return Response(message=f"Could not run {command[0]}: {error}", break_loop=False)
output = (completed.stdout + completed.stderr).strip()
finished = completed.returncode == 0 and not completed.stdout.strip()
status = "finished" if finished else "needs a look"
return Response(message=output or f"Command {status}.", break_loop=$flag)
""",
    "summarize": """
sentences = [part.strip() for part in subject.split(".") if part.strip()]
if not sentences:
    return Response(message="Nothing to summarise.", break_loop=False)
ranked = sorted(sentences, key=len, reverse=True)[:$count]
return Response(message="\\n".join(f"- {s}." for s in ranked), break_loop=False)
""",
    "queue": """
store = tasks.store_for(self.agent)
task = store.add(tasks.Task(name=subject or "$noun", prompt=options.describe()))
pending = [t for t in store.all() if t.state == "idle"]
message = f"Queued task {task.uuid}; {len(pending)} waiting."
return Response(message=message, break_loop=$flag)
""",
    "finish": """
summary = subject or "The $noun work is done."
return Response(message=summary, break_loop=True)
""",
}
#: (standard library imports, repository imports) each kind of handler needs
HANDLER_IMPORTS: dict[str, tuple[set[str], set[str]]] = {
    "list": ({"import os"}, set()),
    "show": ({"import os"}, {"from helpers import strings"}),
    "search": (set(), {"from helpers import files"}),
    "count": (set(), {"from helpers import state"}),
    "create": (
        set(),
        {
            "from helpers import files",
            "from helpers import state",
            "from helpers.errors import RepairableException",
        },
    ),
    "update": ({"import os"}, set()),
    "delete": ({"import os"}, set()),
    "export": ({"import json"}, {"from helpers import state"}),
    "run": ({"import subprocess"}, set()),
    "summarize": (set(), set()),
    "queue": (set(), {"from helpers import tasks"}),
    "finish": (set(), set()),
}
COMMANDS = [
    '["git", "status", "--short"]',
    '["ls", "-la"]',
    '["python", "-m", "compileall", "-q", "."]',
    '["du", "-sh", "."]',
]


# ---------------------------------------------------------------------------
# filler templates: small pure functions, each (base name, code), and imports

FILLERS: list[tuple[tuple[str, str], set[str]]] = [
    (
        (
            "_chunked",
            '''
            def __NAME__(items: list[str], size: int) -> list[list[str]]:
                """Split ``items`` into lists of at most ``size`` entries.

                __DOC__
                """
                if size <= 0:
                    return [list(items)] if items else []
                return [items[start : start + size] for start in range(0, len(items), size)]
            ''',
        ),
        set(),
    ),
    (
        (
            "_dedupe",
            '''
            def __NAME__(items: list[str]) -> list[str]:
                """Drop repeated entries, keeping the first occurrence of each.

                __DOC__
                """
                seen: set[str] = set()
                kept: list[str] = []
                for item in items:
                    marker = item.strip().lower()
                    if marker in seen:
                        continue
                    seen.add(marker)
                    kept.append(item)
                return kept
            ''',
        ),
        set(),
    ),
    (
        (
            "_word_frequencies",
            '''
            def __NAME__(
                content: str, stop_words: frozenset[str] = frozenset()
            ) -> dict[str, int]:
                """Count the words of ``content``, most frequent first.

                __DOC__
                """
                counts: Counter[str] = Counter()
                for raw in content.split():
                    word = raw.strip(".,;:!?()[]\\"'").lower()
                    if word and word not in stop_words:
                        counts[word] += 1
                return dict(counts.most_common())
            ''',
        ),
        {"from collections import Counter"},
    ),
    (
        (
            "_slugify",
            '''
            def __NAME__(value: str, separator: str = "-") -> str:
                """A lower-case, ASCII-only form of ``value`` usable as a file name.

                __DOC__
                """
                characters = [ch if ch.isalnum() else " " for ch in value.lower()]
                words = "".join(characters).split()
                return separator.join(words)[:80] or "untitled"
            ''',
        ),
        set(),
    ),
    (
        (
            "_percentile",
            '''
            def __NAME__(values: list[float], fraction: float) -> float:
                """The value below which ``fraction`` of ``values`` fall (linear interpolation).

                __DOC__
                """
                if not values:
                    return 0.0
                ordered = sorted(values)
                position = (len(ordered) - 1) * min(max(fraction, 0.0), 1.0)
                lower = math.floor(position)
                upper = math.ceil(position)
                if lower == upper:
                    return ordered[int(position)]
                return ordered[lower] + (ordered[upper] - ordered[lower]) * (position - lower)
            ''',
        ),
        {"import math"},
    ),
    (
        (
            "_merge_ranges",
            '''
            def __NAME__(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
                """Merge overlapping or touching ``(start, end)`` ranges.

                __DOC__
                """
                merged: list[tuple[int, int]] = []
                for start, end in sorted(ranges):
                    if merged and start <= merged[-1][1] + 1:
                        previous_start, previous_end = merged[-1]
                        merged[-1] = (previous_start, max(previous_end, end))
                    else:
                        merged.append((start, end))
                return merged
            ''',
        ),
        set(),
    ),
    (
        (
            "_edit_distance",
            '''
            def __NAME__(left: str, right: str) -> int:
                """The Levenshtein distance between two names (insertions, deletions, swaps).

                __DOC__
                """
                if len(left) < len(right):
                    left, right = right, left
                previous = list(range(len(right) + 1))
                for row, char_left in enumerate(left, start=1):
                    current = [row]
                    for column, char_right in enumerate(right, start=1):
                        cost = 0 if char_left == char_right else 1
                        current.append(
                            min(
                                previous[column] + 1,
                                current[column - 1] + 1,
                                previous[column - 1] + cost,
                            )
                        )
                    previous = current
                return previous[-1]
            ''',
        ),
        set(),
    ),
    (
        (
            "_wrap_lines",
            '''
            def __NAME__(content: str, width: int = 72) -> list[str]:
                """Break ``content`` into lines of at most ``width`` characters at spaces.

                __DOC__
                """
                lines: list[str] = []
                current: list[str] = []
                length = 0
                for word in content.split():
                    if current and length + 1 + len(word) > width:
                        lines.append(" ".join(current))
                        current, length = [], 0
                    current.append(word)
                    length += len(word) + (1 if length else 0)
                if current:
                    lines.append(" ".join(current))
                return lines
            ''',
        ),
        set(),
    ),
    (
        (
            "_histogram",
            '''
            def __NAME__(values: list[float], buckets: int = 10) -> list[int]:
                """Counts of ``values`` in ``buckets`` equal-width buckets between min and max.

                __DOC__
                """
                if not values or buckets <= 0:
                    return []
                low, high = min(values), max(values)
                span = (high - low) or 1.0
                counts = [0] * buckets
                for value in values:
                    slot = min(int((value - low) / span * buckets), buckets - 1)
                    counts[slot] += 1
                return counts
            ''',
        ),
        set(),
    ),
    (
        (
            "_flatten",
            '''
            def __NAME__(nested: list[Any], depth: int = 8) -> list[Any]:
                """Flatten nested lists up to ``depth`` levels, keeping order.

                __DOC__
                """
                flat: list[Any] = []
                stack: list[tuple[list[Any], int]] = [(nested, 0)]
                while stack:
                    items, level = stack.pop()
                    for position, item in enumerate(items):
                        if isinstance(item, list) and level < depth:
                            stack.append((items[position + 1 :], level))
                            stack.append((item, level + 1))
                            break
                        flat.append(item)
                return flat
            ''',
        ),
        {"from typing import Any"},
    ),
    (
        (
            "_group_by_prefix",
            '''
            def __NAME__(names: list[str], length: int = 3) -> dict[str, list[str]]:
                """Group ``names`` by their first ``length`` characters.

                __DOC__
                """
                groups: defaultdict[str, list[str]] = defaultdict(list)
                for name in names:
                    groups[name[:length].lower()].append(name)
                return {prefix: sorted(members) for prefix, members in sorted(groups.items())}
            ''',
        ),
        {"from collections import defaultdict"},
    ),
    (
        (
            "_moving_average",
            '''
            def __NAME__(values: list[float], window: int = 3) -> list[float]:
                """The mean of each run of ``window`` consecutive values.

                __DOC__
                """
                if window <= 0 or len(values) < window:
                    return []
                total = sum(values[:window])
                averages = [total / window]
                for index in range(window, len(values)):
                    total += values[index] - values[index - window]
                    averages.append(total / window)
                return averages
            ''',
        ),
        set(),
    ),
    (
        (
            "_format_table",
            '''
            def __NAME__(rows: list[list[str]], headers: list[str]) -> str:
                """Render ``rows`` as a plain-text table with aligned columns.

                __DOC__
                """
                table = [headers, *rows]
                widths = [max(len(str(row[i])) for row in table) for i in range(len(headers))]
                lines = []
                for number, row in enumerate(table):
                    cells = [str(cell).ljust(width) for cell, width in zip(row, widths)]
                    lines.append("  ".join(cells).rstrip())
                    if number == 0:
                        lines.append("  ".join("-" * width for width in widths))
                return "\\n".join(lines)
            ''',
        ),
        set(),
    ),
    (
        (
            "_parse_key_values",
            '''
            def __NAME__(content: str) -> dict[str, str]:
                """Read ``key = value`` lines; comments start with ``#``.

                __DOC__
                """
                pairs: dict[str, str] = {}
                for raw in content.splitlines():
                    line = raw.split("#", 1)[0].strip()
                    if not line or "=" not in line:
                        continue
                    key, _, value = line.partition("=")
                    pairs[key.strip()] = value.strip().strip('"')
                return pairs
            ''',
        ),
        set(),
    ),
    (
        (
            "_human_size",
            '''
            def __NAME__(size: float) -> str:
                """A size in bytes as a short human-readable string (``1.5 MB``).

                __DOC__
                """
                units = ["B", "KB", "MB", "GB", "TB"]
                for unit in units[:-1]:
                    if abs(size) < 1024:
                        return f"{size:.1f} {unit}" if unit != "B" else f"{int(size)} B"
                    size /= 1024
                return f"{size:.1f} {units[-1]}"
            ''',
        ),
        set(),
    ),
    (
        (
            "_common_prefix",
            '''
            def __NAME__(values: list[str]) -> str:
                """The longest prefix shared by every string of ``values``.

                __DOC__
                """
                if not values:
                    return ""
                shortest = min(values, key=len)
                for position, character in enumerate(shortest):
                    if any(value[position] != character for value in values):
                        return shortest[:position]
                return shortest
            ''',
        ),
        set(),
    ),
    (
        (
            "_score_terms",
            '''
            def __NAME__(words: list[str], terms: list[str]) -> float:
                """The share of ``terms`` that occur in ``words``, weighted by position.

                __DOC__
                """
                if not terms:
                    return 0.0
                positions = {word.lower(): index for index, word in enumerate(words)}
                score = 0.0
                for term in terms:
                    index = positions.get(term.lower())
                    if index is not None:
                        score += 1.0 / (1 + index / 10)
                return round(score / len(terms), 4)
            ''',
        ),
        set(),
    ),
    (
        (
            "_checksum",
            '''
            def __NAME__(data: bytes, modulus: int = 65521) -> int:
                """An Adler-style checksum of ``data``, stable across runs.

                __DOC__
                """
                first, second = 1, 0
                for byte in data:
                    first = (first + byte) % modulus
                    second = (second + first) % modulus
                return (second << 16) | first
            ''',
        ),
        set(),
    ),
    (
        (
            "_normalize_spaces",
            '''
            def __NAME__(content: str) -> str:
                """Collapse runs of whitespace to one space and trim the ends.

                __DOC__
                """
                return re.sub(r"\\s+", " ", content).strip()
            ''',
        ),
        {"import re"},
    ),
    (
        (
            "_split_camel",
            '''
            def __NAME__(identifier: str) -> list[str]:
                """Split ``CamelCase`` or ``snake_case`` names into lower-case words.

                __DOC__
                """
                words: list[str] = []
                current = ""
                for character in identifier.replace("-", "_"):
                    if character == "_":
                        if current:
                            words.append(current.lower())
                        current = ""
                    elif character.isupper() and current and not current[-1].isupper():
                        words.append(current.lower())
                        current = character
                    else:
                        current += character
                if current:
                    words.append(current.lower())
                return words
            ''',
        ),
        set(),
    ),
    (
        (
            "_top_counts",
            '''
            def __NAME__(counts: dict[str, int], limit: int = 10) -> list[tuple[str, int]]:
                """The ``limit`` largest counts, ties broken by name.

                __DOC__
                """
                ordered = sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))
                return ordered[: max(limit, 0)]
            ''',
        ),
        set(),
    ),
    (
        (
            "_interleave",
            '''
            def __NAME__(first: list[str], second: list[str]) -> list[str]:
                """Alternate the entries of two lists, then append what is left of the longer one.

                __DOC__
                """
                merged = [item for pair in zip(first, second) for item in pair]
                rest = first[len(second) :] if len(first) > len(second) else second[len(first) :]
                return merged + rest
            ''',
        ),
        set(),
    ),
    (
        (
            "_parse_duration",
            '''
            def __NAME__(value: str) -> int:
                """Seconds in a duration such as ``1h30m`` or ``45s``; 0 when unreadable.

                __DOC__
                """
                factors = {"d": 86400, "h": 3600, "m": 60, "s": 1}
                total = 0
                for amount, unit in re.findall(r"(\\d+)\\s*([dhms])", value.lower()):
                    total += int(amount) * factors[unit]
                return total
            ''',
        ),
        {"import re"},
    ),
    (
        (
            "_render_tree",
            '''
            def __NAME__(paths: list[str], indent: str = "  ") -> str:
                """Render slash-separated ``paths`` as an indented tree.

                __DOC__
                """
                lines: list[str] = []
                previous: list[str] = []
                for path in sorted(paths):
                    parts = path.strip("/").split("/")
                    common = 0
                    shared = min(len(parts), len(previous))
                    while common < shared and parts[common] == previous[common]:
                        common += 1
                    for depth in range(common, len(parts)):
                        lines.append(f"{indent * depth}{parts[depth]}")
                    previous = parts
                return "\\n".join(lines)
            ''',
        ),
        set(),
    ),
    (
        (
            "_batches",
            '''
            def __NAME__(identifiers: list[int], largest: int = 50) -> Iterator[list[int]]:
                """Yield sorted, de-duplicated identifiers in batches of at most ``largest``.

                __DOC__
                """
                ordered = sorted(set(identifiers))
                for start in range(0, len(ordered), max(largest, 1)):
                    yield ordered[start : start + largest]
            ''',
        ),
        {"from collections.abc import Iterator"},
    ),
    (
        (
            "_pairwise_gaps",
            '''
            def __NAME__(stamps: list[float]) -> list[float]:
                """Gaps between consecutive timestamps, in order.

                __DOC__
                """
                ordered = sorted(stamps)
                return [later - earlier for earlier, later in itertools.pairwise(ordered)]
            ''',
        ),
        {"import itertools"},
    ),
]


# ---------------------------------------------------------------------------
# prompts


def prompt_text(plan: ToolPlan, seed: int) -> str:
    rng = random.Random(f"doxtool-bench-prompt:{seed}:{plan.index}")
    required = [a for a in plan.args if a.required]
    optional = [a for a in plan.args if not a.required]
    lines = [f"### {plan.name}", plan.description]
    if rng.random() < 0.6:
        items = [f"`{a.name}` ({_arg_words(a)})" for a in required]
        for position, arg in enumerate(optional):
            prefix = "optional " if position == 0 or rng.random() < 0.5 else ""
            items.append(f"{prefix}`{arg.name}` ({_arg_words(arg)})")
        if required and optional:
            lines.append(
                "args: "
                + ", ".join(items[: len(required)])
                + "; "
                + ", ".join(items[len(required) :])
            )
        else:
            lines.append("args: " + ", ".join(items))
    else:
        lines.append("Arguments in `tool_args`:")
        for arg in required:
            lines.append(f"- `{arg.name}`: {_arg_words(arg)} (required)")
        for arg in optional:
            lines.append(f"- `{arg.name}`: optional, {_arg_words(arg)}")
    example_args: dict[str, Any] = {}
    for arg in plan.args:
        if arg.required or rng.random() < 0.5:
            example_args[arg.name] = arg.example
    if not example_args and plan.args:
        example_args[plan.args[0].name] = plan.args[0].example
    example = {
        "thoughts": [
            f"The user asked about the {plan.noun}s; {plan.name} can answer that.",
        ],
        "headline": f"Using {plan.name} on the {plan.noun}s",
        "tool_name": plan.name,
        "tool_args": example_args,
    }
    fence = "~~~" if rng.random() < 0.1 else "```"
    lines += ["usage:", f"{fence}json", json.dumps(example, indent=2), fence]
    return "\n".join(lines) + "\n"


def _arg_words(arg: ArgSpec) -> str:
    if arg.kind == "enum":
        values = ", ".join(f"`{v}`" for v in arg.values)
        default = f"; default `{arg.default}`" if arg.default is not None else ""
        return f"{arg.description}: one of {values}{default}"
    if arg.kind == "integer":
        return f"{arg.description}, a whole number, default {arg.default}"
    if arg.kind == "number":
        return f"{arg.description}, a number, default {arg.default}"
    if arg.kind == "boolean":
        return f"true to {arg.description}"
    if arg.kind == "array":
        return f"{arg.description}, a list of strings"
    return arg.description


# ---------------------------------------------------------------------------
# fixed files

#: the tool contract, its exception and the task store, as the reference suite
#: shipped with doxtool has them
REFERENCE_HELPERS = ("tool.py", "errors.py", "tasks.py")

#: helpers of the synthetic framework that the reference suite has no need of
HELPERS: dict[str, str] = {
    "helpers/__init__.py": '"""Framework helpers shared by the tools."""\n',
    "helpers/files.py": '''\
"""Workspace files: every tool path is relative to the agent's workspace."""

from __future__ import annotations

import os
from pathlib import Path

WORKSPACE = Path(os.environ.get("AGENT_WORKSPACE", "work"))


def resolve(path: str) -> Path:
    """``path`` inside the workspace; refuses to leave it."""
    target = (WORKSPACE / path).resolve()
    if WORKSPACE.resolve() not in (target, *target.parents):
        raise ValueError(f"{path!r} is outside the workspace")
    return target


def read_text(path: str, limit: int | None = None) -> str:
    text = resolve(path).read_text(encoding="utf-8", errors="replace")
    return text if limit is None else text[:limit]


def write_text(path: str, text: str) -> Path:
    target = resolve(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target


def list_files(folder: str, pattern: str = "*", recursive: bool = False) -> list[str]:
    base = resolve(folder)
    found = base.rglob(pattern) if recursive else base.glob(pattern)
    return sorted(str(p.relative_to(WORKSPACE.resolve())) for p in found if p.is_file())
''',
    "helpers/strings.py": '''\
"""Text shaping for tool results."""

from __future__ import annotations

import re


def normalize(text: str) -> str:
    """Collapse whitespace to single spaces."""
    return re.sub(r"\\s+", " ", text).strip()


def truncate(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, marking the cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 20, 0)] + "\\n... (truncated)"
''',
    "helpers/state.py": '''\
"""Per-agent state kept in memory for the lifetime of the agent."""

from __future__ import annotations

import weakref
from typing import Any

_states: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def state_for(agent: Any) -> dict[str, Any]:
    """The state dict of ``agent``, created on first use."""
    state = _states.get(agent)
    if state is None:
        state = _states[agent] = {}
    return state
''',
}

TOOLS_AGENTS = """\
# tools/ DOX

## Purpose
- Synthetic tool modules generated by `bench/generate.py` to benchmark doxtool.

## Ownership
- Each `tool_NNNN.py` owns one tool; its prompt is `prompts/agent.system.tool.tool_NNNN.md`.
- This directory is file-documented: every direct `*.py` module has a companion `<file>.py.dox.md`.

## Local Contracts
- A tool subclasses `helpers.tool.Tool` and implements
  `async def execute(self, **kwargs) -> Response`.

## Work Guidance
- Regenerate instead of editing by hand.

## Verification
- `doxtool check` prints `All checks passed.`

## Child DOX Index
No child DOX files.
"""

TOOLS_WRAPPER = """\
## Tools available

Rules:
- Use only the tools listed below; match tool names exactly.
- Put every argument in `tool_args`, with the names each tool documents.
- Call one tool per message and wait for its result before the next call.

{{tools}}
"""


# ---------------------------------------------------------------------------
# entry points


def tool_module(seed: int, index: int) -> tuple[ToolPlan, str]:
    plan = plan_tool(seed, index)
    return plan, ModuleWriter(plan, seed).write()


def doxtool_command() -> list[str]:
    """The console script next to this interpreter, or ``python -m doxtool``."""
    script = Path(sys.executable).parent / "doxtool"
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "doxtool"]


def write_corpus(out: Path, tools: int, seed: int) -> None:
    """Write every file except the companions."""
    files: dict[str, str] = dict(HELPERS)
    for name in REFERENCE_HELPERS:
        files[f"helpers/{name}"] = (REPO / "helpers" / name).read_text(encoding="utf-8")
    files["pyproject.toml"] = "[tool.doxtool]\n"
    files["tools/AGENTS.md"] = TOOLS_AGENTS
    files["prompts/agent.system.tools.md"] = TOOLS_WRAPPER
    for index in range(tools):
        plan, text = tool_module(seed, index)
        compile(text, f"tools/{plan.name}.py", "exec")  # a generator bug must fail loudly
        files[f"tools/{plan.name}.py"] = text
        files[f"prompts/agent.system.tool.{plan.name}.md"] = prompt_text(plan, seed)
    for rel, text in files.items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def generate(out: Path, tools: int = DEFAULT_TOOLS, seed: int = DEFAULT_SEED) -> None:
    """Generate the corpus in ``out`` (which must not exist or be empty) and check it."""
    if out.exists() and any(out.iterdir()):
        raise SystemExit(f"error: {out} exists and is not empty")
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = out.with_name(f".{out.name}.tmp-{os.getpid()}")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir()
    try:
        write_corpus(staging, tools, seed)
        command = doxtool_command()
        fix = subprocess.run(
            [*command, "check", "--fix"], cwd=staging, capture_output=True, text=True
        )
        if fix.returncode not in (0, 1):
            raise SystemExit(f"error: doxtool check --fix failed:\n{fix.stdout}{fix.stderr}")
        check = subprocess.run([*command, "check"], cwd=staging, capture_output=True, text=True)
        if check.returncode != 0 or "All checks passed." not in check.stdout:
            raise SystemExit(
                f"error: the generated corpus is not clean:\n{check.stdout[-4000:]}{check.stderr}"
            )
        shutil.rmtree(staging / ".doxtool_cache", ignore_errors=True)
        if out.exists():
            out.rmdir()
        staging.rename(out)
    finally:
        if staging.exists():
            shutil.rmtree(staging)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, metavar="OUT_DIR")
    parser.add_argument("--tools", type=int, default=DEFAULT_TOOLS, metavar="N")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, metavar="S")
    options = parser.parse_args(argv)
    if not 1 <= options.tools <= 9999:
        parser.error("--tools must be between 1 and 9999")
    generate(options.out, options.tools, options.seed)
    print(f"generated {options.tools} tools in {options.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
