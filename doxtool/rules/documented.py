"""The documented modules the companion rules go through (those whose companion
exists and parses), and the wait tool examples those rules start from."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from doxtool.companions.model import Companion
from doxtool.rules.base import Example
from doxtool.rules.examples import WAIT_DOX, WAIT_PY, with_files
from doxtool.run.context import Context
from doxtool.run.leftdeps import reaches_unknown


@dataclass
class Documented:
    """A documented module whose companion exists and parses."""

    module: str
    path: str
    companion: Companion


def documented(ctx: Context, judged: bool = False) -> Iterator[Documented]:
    """The documented modules whose companion exists and parses; ``judged``:
    only those whose facts are known, not built in part from a module a
    sparse checkout leaves out or code doxtool cannot read
    (:func:`~doxtool.run.leftdeps.reaches_unknown`), whose fact lines are
    judged against them."""
    for module in ctx.documented_modules:
        path = ctx.companion_path(module)
        if not ctx.facts(module).parsed or (judged and reaches_unknown(ctx, module)):
            continue
        companion = ctx.companion(path)
        if companion is not None:
            yield Documented(module, path, companion)


def valid_examples() -> list[Example]:
    return [Example(with_files({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX}))]


def with_dox(old: str, new: str) -> dict[str, str]:
    assert old in WAIT_DOX, old
    return with_files(
        {"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX.replace(old, new)}
    )


def with_code(old: str, new: str) -> dict[str, str]:
    assert old in WAIT_PY, old
    return with_files(
        {"tools/wait.py": WAIT_PY.replace(old, new), "tools/wait.py.dox.md": WAIT_DOX}
    )


DOX = "tools/wait.py.dox.md"


def raising(errors: str | None) -> dict[str, str]:
    """The example tool raising a repairable error, and its companion with
    an errors line saying ``errors`` (None: none)."""
    files = with_code(
        "        seconds =",
        "        from helpers.errors import RepairableException\n"
        "        if 'seconds' not in self.args:\n"
        "            raise RepairableException('seconds?')\n        seconds =",
    )
    line = f"- Repairable errors raised by `WaitTool`: {errors}\n" if errors else ""
    return {**files, DOX: files[DOX].replace("- Observed", line + "- Observed", 1)}
