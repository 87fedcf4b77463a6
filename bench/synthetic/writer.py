"""Assembling one tool module: its pieces in order, then fillers up to its target size.

``tool_module(seed, index)`` plans tool ``index`` and returns the plan with the text
of its module.
"""

from __future__ import annotations

from .execute import ExecuteWriter
from .fillers import FillerWriter
from .plans import ToolPlan, plan_tool
from .snippets import _import_block, _paragraph, _wrap


class ModuleWriter(ExecuteWriter, FillerWriter):
    """Builds the text of one tool module from its plan."""

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


def tool_module(seed: int, index: int) -> tuple[ToolPlan, str]:
    plan = plan_tool(seed, index)
    return plan, ModuleWriter(plan, seed).write()
