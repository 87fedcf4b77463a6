"""Tool plans: everything random about one tool, decided before any code is written.

``plan_tool(seed, index)`` draws from a random stream of its own the tool's name,
class, actions, arguments (and where each is read), dispatch style and target size,
so that a tool does not depend on the tools before it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .vocabulary import (
    ACTION_KIND,
    ACTION_WORDS,
    ARRAY_ARGS,
    BOOLEAN_ARGS,
    ENUM_ARGS,
    INTEGER_ARGS,
    LOCAL_NAMES,
    NOUNS,
    NUMBER_ARGS,
    PLACES,
    ROLES,
    STRING_ARGS,
)


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
