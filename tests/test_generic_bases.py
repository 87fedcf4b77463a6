"""A tool class whose base is a generic (``BaseTypedTool[Config]``) is the
tool the module holds: the class the framework runs, not the base it imports."""

from __future__ import annotations

from pathlib import Path

from samples import WRAPPER

RESIZE_PROMPT = """\
### resize_image
Resize an image.
args: `path`
~~~json
{"thoughts": ["x"], "headline": "Resizing", "tool_name": "resize_image", "tool_args": {"path": "a.png"}}
~~~
"""


def _companion(make_repo, run_cli, files: dict[str, str], module: str) -> str:
    root: Path = make_repo(
        {
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.resize_image.md": RESIZE_PROMPT,
            **files,
        }
    )
    fixed = run_cli(root, "check", "--fix", "--no-cache", "--ignore", "PRM001")
    companion = root / f"{module}.dox.md"
    assert companion.is_file(), fixed.output
    return companion.read_text()


TYPED_TOOL_PY = """\
from typing import Generic, TypeVar

from helpers import tool as tool_mod

C = TypeVar("C")


class BaseTypedTool(tool_mod.Tool, Generic[C]):
    config_type: type

    async def execute(self, **kwargs) -> tool_mod.Response:
        return await self.run(self.config_type(**self.args))

    async def run(self, cfg: C) -> tool_mod.Response:
        raise NotImplementedError
"""

RESIZE_PY = """\
from dataclasses import dataclass

import helpers.tool
from helpers.typed_tool import BaseTypedTool


@dataclass
class ResizeConfig:
    path: str


class ResizeImage(BaseTypedTool[ResizeConfig]):
    config_type = ResizeConfig

    async def run(self, cfg: ResizeConfig) -> helpers.tool.Response:
        return helpers.tool.Response(message=cfg.path, break_loop=False)
"""


def test_a_generic_base_is_resolved_for_the_tool_class(make_repo, run_cli) -> None:
    files = {"helpers/typed_tool.py": TYPED_TOOL_PY, "tools/resize_image.py": RESIZE_PY}
    text = _companion(make_repo, run_cli, files, "tools/resize_image.py")
    facts = [
        line for line in text.splitlines() if "ResizeImage`" in line or "BaseTypedTool`" in line
    ]
    assert facts == [
        "- `ResizeImage` (`BaseTypedTool[ResizeConfig]`)",
        "- `ResizeImage` is a `BaseTypedTool[ResizeConfig]`.",
        "- Arguments of `ResizeImage`: none named in the code; it takes arguments it does not name.",
        "- `break_loop` of `ResizeImage`: always `false`.",
    ]
