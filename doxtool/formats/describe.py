"""Human-readable rendering of facts (``doxtool inspect`` without ``--json``)."""

from __future__ import annotations

import json
from collections.abc import Iterator

from doxtool.core.facts import (
    ARGUMENTS,
    BREAK_LOOP,
    EXECUTE,
    SIDE_EFFECTS,
    Argument,
    ModuleFacts,
    ToolFacts,
)


def _value(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def describe_argument(arg: Argument) -> str:
    if arg.required_unknown:
        head = "required or optional"  # the code does not say which
    else:
        head = "required" if arg.required else "optional"
    parts = [f"{head} {arg.type}" if arg.type else head]
    if arg.has_default:
        parts.append(f"default {_value(arg.default)}")
    elif arg.default_unknown:
        parts.append("default not known")
    if arg.enum:
        parts.append("one of " + ", ".join(_value(v) for v in arg.enum))
    if arg.alternatives:
        parts.append("or instead " + ", ".join(arg.alternatives))
    # two reads on one line (``args.get("k") or kwargs.get("k")``) name it once
    lines = ", ".join(dict.fromkeys(_place(r.path, r.line) for r in arg.reads))
    return f"{arg.name}: {', '.join(parts)} (line {lines})"


def _place(path: str | None, line: int) -> str:
    """A line, with the path of the module holding it when it is another."""
    return f"{path}:{line}" if path else str(line)


def _none(tool: ToolFacts, kind: str) -> str:
    """What is said of no fact of a kind: none, or not known."""
    return " none" if tool.knows(kind) else " not known"


def describe_tool(tool: ToolFacts, unseen: frozenset[str] | None = frozenset()) -> Iterator[str]:
    """The facts of one tool class; with ``unseen``, the side-effect areas
    a call of the module doxtool cannot see into may have (None: any, as
    ``check`` judges them: :func:`doxtool.run.unseen.unseen_tool_areas`),
    those found may not be all ("not known", or "others not known" after
    those found, unless they hold every area unseen)."""
    bases = ", ".join(tool.bases) or "-"
    yield f"  tool {tool.name}: class {tool.class_name}({bases}) at line {tool.line}"
    if tool.defined_in_path:
        yield f"    defined in {tool.defined_in_path}"
    if tool.execute is None:
        known = tool.knows(EXECUTE)
        # ``execute = _impl``, or a configured base's that runs code of its own
        yield "    execute: " + ("missing" if known else "not a def of the class: not read")
    else:
        kind = "async" if tool.execute.is_async else "NOT async"
        params = ", ".join(tool.execute.params)
        # a base's ``execute`` (or a re-exported class's) is on a line of its module
        where = _place(tool.execute.defined_in_path, tool.execute.line)
        yield f"    execute: {kind} ({params}) at line {where}"
    yield "    arguments:" + ("" if tool.arguments else _none(tool, ARGUMENTS))
    for arg in tool.arguments:
        yield f"      {describe_argument(arg)}"
    for read in tool.dynamic_reads:  # (in a helper: its path, as an argument's reads)
        yield f"      dynamic key {read.expression} (line {_place(read.path, read.line)})"
    for read in tool.other_arguments:
        yield f"      any other, taken by {read.expression} (line {_place(read.path, read.line)})"
    # past outcomes found, a return doxtool cannot evaluate (``return await
    # other.execute()``) may end the call with any ``break_loop``
    others = " others not known" if BREAK_LOOP in tool.unknown else ""
    yield "    outcomes:" + (others if tool.outcomes else _none(tool, BREAK_LOOP))
    for outcome in tool.outcomes:
        value = outcome.break_loop
        shown = f"dynamic `{outcome.expression}`" if value == "dynamic" else str(value).lower()
        where = _place(outcome.path, outcome.line)
        yield f"      break_loop {shown} (line {where}, {outcome.function})"
    for missing in tool.missing_responses:
        where = _place(missing.path, missing.line)
        yield f"      no Response: {missing.kind} (line {where}, {missing.function})"
    for raised in tool.raises:
        # in the body of a ``try``: its handlers may catch it (the JSON's ``in_try``)
        caught = ", in a try whose handlers may catch it" if raised.in_try else ""
        yield f"    raises {raised.exception} (line {_place(raised.path, raised.line)}{caught})"
    yield "    helpers: " + (", ".join(tool.helpers) or "none")
    yield f"    intervention: {'yes' if tool.intervention else 'no'}"
    areas = ", ".join(tool.side_effects)
    # the areas found are not all when a call doxtool cannot see into may do
    # one not among them (``open`` with a mode not read: a read or a write)
    unknown = (
        unseen is None or not tool.knows(SIDE_EFFECTS) or bool(unseen - set(tool.side_effects))
    )
    if areas:
        yield f"    side effects: {areas}" + (", others not known" if unknown else "")
    else:
        yield "    side effects: " + ("not known" if unknown else "none")
    for effect in tool.effects:
        where = f"{effect.path}:{effect.line}" if effect.path else f"line {effect.line}"
        yield f"      {effect.area}: {' -> '.join(effect.calls)} ({where})"
    for effect in tool.destructive:
        where = _place(effect.path, effect.line)
        yield f"    destructive: {effect.area}: {' -> '.join(effect.calls)} (line {where})"
    for exposure in tool.exposures:
        yield (
            f"    no intervention before {exposure.effect}: {' -> '.join(exposure.calls)} "
            f"({exposure.path}:{exposure.line}), after {exposure.after}: "
            f"{' -> '.join(exposure.after_calls)} ({exposure.after_path}:{exposure.after_line})"
        )


def describe(facts: ModuleFacts, unseen: frozenset[str] | None = frozenset()) -> Iterator[str]:
    """The facts of one module, a line each, every name from the code escaped
    for a terminal (see :func:`doxtool.formats.escape.printable`); with
    ``unseen``, the side-effect areas its tools may have that are not seen
    (None: any)."""
    from doxtool.formats.escape import printable

    for line in _describe(facts, unseen):
        yield printable(line)


def _describe(facts: ModuleFacts, unseen: frozenset[str] | None) -> Iterator[str]:
    yield facts.path
    for problem in facts.problems:
        yield f"  problem at {problem.line}:{problem.column}: {problem.message}"
    if not facts.tools and facts.parsed:
        yield "  no tool class"
    for tool in facts.tools:
        yield from describe_tool(tool, unseen)
    yield "  imports: " + (", ".join(facts.imports) or "none")
