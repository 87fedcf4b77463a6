"""What DOX303 advises a tool that can end the turn without an answer.

Agent Zero turns a ``RepairableException`` raised by a tool into a message
asking the model for a corrected call. An older fork's framework has no such
class: where the framework is in the repository
(:func:`~doxtool.run.loaders.framework_here`) and none of its Python files
names a ``Repairable`` class (:func:`~doxtool.run.loaders.python_files_naming`:
read once per run, only when a finding needs the advice, and kept between
runs by file modification time and size), the advice names no class the
repository does not have, but the answer the framework has: a ``Response``
that does not end the turn and asks for the answer.
"""

from __future__ import annotations

from doxtool.run.context import Context
from doxtool.run.loaders import framework_here, python_files_naming

RAISE = "raise `RepairableException`"
ASK = "return a `Response` with `break_loop=False` asking for one"


def advice(ctx: Context) -> str:
    """What the repository offers a tool to ask for a missing answer."""
    return ctx.memo(("answer-advice",), lambda: _advice(ctx))


def _advice(ctx: Context) -> str:
    project = ctx.project
    if not framework_here(project):
        return RAISE  # Agent Zero's, outside the repository
    named = python_files_naming(project, b"Repairable")
    return RAISE if named else ASK
