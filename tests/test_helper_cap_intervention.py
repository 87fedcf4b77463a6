"""The agent-zero helpers line keeps the ``handle_intervention`` call DOX132
looks for within its cap of 20 call chains: a companion ``--fix`` writes
passes its own check."""

from __future__ import annotations

from pathlib import Path

from samples import WAIT_PROMPT, WRAPPER

CONFIG = 'convention = "agent-zero"\n'
DOX_PATH = "tools/busy.py.dox.md"
LEAD = "- Important called helpers/classes observed in the source: "

#: 22 call chains at the top of ``execute``, the intervention call deeper
BUSY_PY = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class BusyTool(Tool):\n"
    "    async def execute(self, **kwargs) -> Response:\n"
    + "".join(f"        self.step{i}()\n" for i in range(22))
    + "        if kwargs:\n"
    "            await self.agent.handle_intervention()\n"
    '        return Response(message="done", break_loop=False)\n'
    + "".join(f"\n    def step{i}(self) -> None:\n        pass\n" for i in range(22))
)


def _repo(make_repo, module: str = BUSY_PY) -> Path:
    return make_repo(
        {
            "doxtool.toml": CONFIG,
            "tools/busy.py": module,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.busy.md": WAIT_PROMPT.replace("wait", "busy"),
        }
    )


def _helpers(root: Path) -> list[str]:
    text = (root / DOX_PATH).read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith(LEAD))
    return [name.strip("`") for name in line[len(LEAD) :].rstrip(".").split(", ")]


def test_a_capped_helpers_line_keeps_the_intervention_call(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    run_cli(root, "check", "--no-cache", "--select", "DOX001", "--fix")
    names = _helpers(root)
    assert names == [*(f"self.step{i}" for i in range(19)), "self.agent.handle_intervention"]
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    assert [line for line in result.output.splitlines() if " DOX" in line] == []


def test_a_line_under_the_cap_is_as_measured(make_repo, run_cli) -> None:
    module = BUSY_PY.replace("".join(f"        self.step{i}()\n" for i in range(3, 22)), "")
    root = _repo(make_repo, module)
    run_cli(root, "check", "--no-cache", "--select", "DOX001", "--fix")
    assert _helpers(root) == [
        "self.step0",
        "self.step1",
        "self.step2",
        "Response",
        "self.agent.handle_intervention",
    ]


def test_a_check_through_a_local_name_is_on_the_helpers_line(make_repo, run_cli) -> None:
    """``check = getattr(self.agent, "handle_intervention", None)``: the
    companion ``--fix`` writes names the call, and passes DOX132."""
    module = (
        "from helpers.tool import Response, Tool\n\n\n"
        "class BusyTool(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        handle_intervention = getattr(self.agent, "handle_intervention", None)\n'
        "        if callable(handle_intervention):\n"
        "            await handle_intervention()\n"
        '        return Response(message="done", break_loop=False)\n'
    )
    root = _repo(make_repo, module)
    (root / "doxtool.toml").write_text('convention = "doxtool"\n', encoding="utf-8")
    run_cli(root, "check", "--no-cache", "--select", "DOX001", "--fix")
    assert "handle_intervention" in _helpers(root)
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    assert [line for line in result.output.splitlines() if " DOX" in line] == []
