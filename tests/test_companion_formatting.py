"""A companion's own formatting survives fixes, and a person's words are
removed only on request (``--unsafe-fixes``)."""

from __future__ import annotations

from pathlib import Path

from doxtool.rules.examples import WAIT_DOX, WAIT_PY, with_files

DOX = "tools/wait.py.dox.md"


def _repo(make_repo, dox: str, module: str = WAIT_PY) -> Path:
    return make_repo(with_files({"tools/wait.py": module, DOX: dox}))


def _text(root: Path) -> str:
    return (root / DOX).read_bytes().decode("utf-8")


def test_setext_section_headings_are_sections(make_repo, run_cli) -> None:
    dox = WAIT_DOX.replace("## Work Guidance\n", "Work Guidance\n-------------\n")
    root = _repo(make_repo, dox)
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    assert result.exit_code == 0, result.output
    run_cli(root, "check", "--fix", "--no-cache")
    assert _text(root) == dox, "no `## Work Guidance` is added beside the setext one"


def test_plus_bullets_are_fact_lines(make_repo, run_cli) -> None:
    dox = WAIT_DOX.replace(
        "- Imported dependency areas include:", "+ Imported dependency areas include:"
    )
    dox = dox.replace(
        "- Observed side-effect areas: none.\n", "+ Observed side-effect areas: none.\n"
    )
    root = _repo(make_repo, dox)
    assert run_cli(root, "check", "--no-cache", "--select", "DOX1").exit_code == 0
    run_cli(root, "check", "--fix", "--no-cache")
    assert _text(root) == dox, "no second imports or areas line"


def test_a_missing_item_is_inserted_with_its_siblings_indentation(make_repo, run_cli) -> None:
    dox = WAIT_DOX.replace("  - `async execute", "\t- `async execute")
    module = WAIT_PY + "\n    async def stop(self) -> None:\n        return None\n"
    root = _repo(make_repo, dox, module)
    run_cli(root, "check", "--fix", "--no-cache")
    assert (
        "\t- `async execute(self, **kwargs) -> Response`\n\t- `async stop(self) -> None`\n"
        in _text(root)
    )


def test_cr_only_line_endings_stay_on_rewritten_lines(make_repo, run_cli) -> None:
    dox = WAIT_DOX.replace("\n", "\r")
    module = WAIT_PY.replace("from helpers.tool", "import asyncio\nfrom helpers.tool")
    root = _repo(make_repo, dox, module)
    run_cli(root, "check", "--fix", "--no-cache")
    text = _text(root)
    assert "\n" not in text
    assert "- Imported dependency areas include: `asyncio`, `helpers.tool`.\r" in text


def test_an_argument_the_code_stopped_reading_keeps_its_words_unless_asked(
    make_repo, run_cli
) -> None:
    dox = WAIT_DOX.replace(
        "  - `seconds`: optional integer, default `0`.\n",
        "  - `seconds`: optional integer, default `0`.\n"
        "  - `minutes`: optional integer, default `0`. Counts 60 s each; see ADR-7.\n",
    )
    root = _repo(make_repo, dox)
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    line = next(f for f in result.output.splitlines() if "`minutes`" in f)
    assert "never reads it" in line and not line.endswith("[*]"), line
    run_cli(root, "check", "--fix", "--no-cache")
    assert "see ADR-7" in _text(root), "a safe fix keeps a person's words"


RESPONSE_PY = """\
from helpers.tool import Response, Tool


class ResponseTool(Tool):
    async def execute(self, **kwargs) -> Response:
        text = self.args["text"] if "text" in self.args else self.args["message"]
        return Response(message=text, break_loop=True)
"""


def test_alternatives_are_written_and_checked(make_repo, run_cli) -> None:
    root = make_repo(with_files({"tools/response.py": RESPONSE_PY}))
    run_cli(root, "check", "--fix", "--no-cache", "--select", "DOX")
    text = (root / "tools/response.py.dox.md").read_text(encoding="utf-8")
    assert "  - `text`: optional, alternative to `message`.\n" in text
    assert "  - `message`: optional, alternative to `text`.\n" in text
    assert run_cli(root, "check", "--no-cache", "--select", "DOX1").exit_code == 0
    (root / "tools/response.py.dox.md").write_text(
        text.replace("optional, alternative to `text`.", "required."), encoding="utf-8"
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1")
    assert "argument `message` is documented as required but the code treats it as optional" in (
        result.output
    )
    assert "argument `message` is an alternative to `text` in the code" in result.output
