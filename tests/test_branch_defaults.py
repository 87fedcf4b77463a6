"""An argument read in two branches with other literal defaults
(``get("compress", False)`` on one operation, ``get("compress", True)`` on
another) has no one default: none is claimed, and a companion's default is
neither confirmed nor denied (no DOX111 that would rewrite a true line).
Reads that agree keep their default."""

from __future__ import annotations

from bothwalks import stated_default
from samples import clean_files

STORE_PY = """\
from helpers.tool import Response, Tool


class Store(Tool):
    async def execute(self, **kwargs) -> Response:
        operation = self.args.get("operation", "status")
        if operation == "save":
            compress = self.args.get("compress", False)
            return Response(message=f"saved, compressed: {compress}", break_loop=False)
        if operation == "export":
            compress = self.args.get("compress", EXPORT_DEFAULT)
            return Response(message=f"exported, compressed: {compress}", break_loop=False)
        return Response(message="idle", break_loop=False)
"""

PROMPT = "### store\nKeep state.\nargs: `operation`, `compress`\n"


def _files(export_default: str) -> dict[str, str]:
    return {
        **clean_files(),
        "tools/store.py": STORE_PY.replace("EXPORT_DEFAULT", export_default),
        "prompts/agent.system.tool.store.md": PROMPT,
    }


def test_reads_with_other_defaults_state_no_default(make_repo, run_cli) -> None:
    root = make_repo(_files("True"))
    assert stated_default(run_cli, root, "tools/store.py", "compress") == {
        "has_default": False,
        "default": None,
        "default_unknown": True,
        "type": "boolean",
    }
    result = run_cli(root, "check", "--no-cache", "--fix")
    companion = root / "tools/store.py.dox.md"
    derived = companion.read_text()
    assert "  - `compress`: optional boolean.\n" in derived, result.output
    # either default, as the person wrote it, is true of some calls: no finding
    for default in ("`true`", "`false`"):
        companion.write_text(
            derived.replace(
                "`compress`: optional boolean.", f"`compress`: optional boolean, default {default}."
            )
        )
        result = run_cli(root, "check", "--no-cache", "--select", "DOX")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), result.output


def test_reads_with_the_same_default_keep_it(make_repo, run_cli) -> None:
    root = make_repo(_files("False"))
    assert stated_default(run_cli, root, "tools/store.py", "compress") == {
        "has_default": True,
        "default": False,
        "default_unknown": False,
        "type": "boolean",
    }


def test_reads_with_defaults_of_other_types_state_no_type(make_repo, run_cli) -> None:
    root = make_repo(_files('"gzip"'))
    assert stated_default(run_cli, root, "tools/store.py", "compress") == {
        "has_default": False,
        "default": None,
        "default_unknown": True,
        "type": None,
    }
