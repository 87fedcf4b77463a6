"""Side-effect areas and intervention calls as generated and checked: a
method's name says what it does only on a receiver that may be a path, an
``open`` mode doxtool cannot read claims no write, an area is called absent
only when nothing unclassified could do it, and the helpers line lists the
``handle_intervention`` call DOX132 looks for however it is reached."""

from __future__ import annotations

from pathlib import Path

from samples import WAIT_PROMPT, WRAPPER

from doxtool.rules.examples import WAIT_PY


def _tool(body: str, imports: str = "") -> str:
    """``wait.py`` whose ``execute`` runs ``body`` (8-space indented) first."""
    return WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        imports + "from helpers.tool import Response, Tool\n",
    ).replace("        seconds = ", body + "        seconds = ")


def _files(module: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    return {
        "tools/wait.py": module,
        "prompts/agent.system.tools.md": WRAPPER,
        "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        **(extra or {}),
    }


def _generated(root: Path, run_cli) -> str:
    """The companion ``check --fix`` writes for ``tools/wait.py``."""
    companion = root / "tools" / "wait.py.dox.md"
    companion.unlink(missing_ok=True)
    fixed = run_cli(root, "check", "--fix", "--no-cache")
    assert companion.is_file(), fixed.output
    return companion.read_text()


def _line(text: str, lead: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(lead))


def _findings(root: Path, run_cli) -> list[str]:
    result = run_cli(root, "check", "--no-cache")
    return [line for line in result.output.splitlines() if " DOX" in line]


AREAS = "- Observed side-effect areas:"
HELPERS = "- Important called helpers/classes observed in the source:"


def test_intervention_through_an_alias_of_the_agent_is_listed_and_checked_alike(
    make_repo, run_cli
) -> None:
    module = _tool(
        "        agent = self.agent\n"
        "        for _ in range(3):\n"
        "            await asyncio.sleep(1)\n"
        "            await agent.handle_intervention()\n",
        "import asyncio\n\n",
    )
    root = make_repo(_files(module))
    text = _generated(root, run_cli)
    assert _line(text, HELPERS) == f"{HELPERS} `handle_intervention`, `Response`."
    assert _findings(root, run_cli) == []
