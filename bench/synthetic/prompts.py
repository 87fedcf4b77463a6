"""The prompt file of one tool: its description, arguments and a usage example.

Arguments are listed on one ``args:`` line or as a bullet list; the example call
sets every required argument and some optional ones.
"""

from __future__ import annotations

import json
import random
from typing import Any

from .plans import ArgSpec, ToolPlan


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
