"""The writer's state, and the pieces of a tool module that do not depend on its actions.

``ModulePieces`` holds what one module is made of while it is written (its plan, its
random stream, imports, top-level functions, methods and names taken) and writes the
module docstring, constants, the options dataclass and the helper that reads it, the
record class, and the in-module base class with the subclass's override.
"""

from __future__ import annotations

import random

from .plans import ToolPlan
from .snippets import _annotation, _paragraph, _py, _read, _sub, _wrap


class ModulePieces:
    """The state of one module being written, and its fixed pieces."""

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
