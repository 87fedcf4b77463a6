"""A standalone plugin repository: its root is the plugin (``plugin.yaml``,
``tools/``, ``helpers/``), which Agent Zero installs at
``usr/plugins/<name>/``, ``<name>`` from ``plugin.yaml``. The plugin's code
imports its own modules by that path (``usr.plugins.<name>.helpers.x``), or
as a bundled plugin's (``plugins.<name>.helpers.x``, where the repository has
no ``plugins/<name>`` of its own), and
doxtool follows those imports to the root's modules, as it follows
``helpers.x``: what the helpers read, raise and do is the tool's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from samples import write_files

from doxtool.rules.examples import FRAMEWORK

#: the plugin's helper: reads `ring`, deletes a file
STORE_PY = """\
import os


def save(args: dict) -> str:
    ring = args["ring"]
    os.remove(f"/tmp/{ring}")
    return ring
"""

#: the plugin's tool, importing its helper the way Agent Zero installs it
REMEMBER_PY = """\
from helpers.tool import Response, Tool
from usr.plugins.rings.helpers.store import save


class Remember(Tool):
    async def execute(self, **kwargs):
        ring = save(self.args)
        return Response(message=ring, break_loop=False)
"""

PROMPT = (
    "### remember\nStore a memory.\n\n"
    '~~~json\n{"tool_name": "remember", "tool_args": {"ring": "y"}}\n~~~\n'
)


#: the two packages a plugin's code imports its own modules by: where Agent
#: Zero installs a user's plugin, and where it keeps its bundled ones
PACKAGES = ["usr.plugins.rings", "plugins.rings"]


def _plugin(root: Path, plugin_yaml: str | None, package: str = "usr.plugins.rings") -> Path:
    files = {
        **FRAMEWORK,
        "helpers/store.py": STORE_PY,
        "tools/remember.py": REMEMBER_PY.replace("usr.plugins.rings.", f"{package}."),
        "prompts/agent.system.tool.remember.md": PROMPT,
    }
    if plugin_yaml is not None:
        files["plugin.yaml"] = plugin_yaml
    write_files(root, files)
    return root


def _tool(root: Path, run_cli) -> dict:
    result = run_cli(root, "inspect", "--json", "tools/remember.py")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.stdout)[0]["tools"]
    return tool


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_of_the_plugin_package_are_followed_to_the_root(
    tmp_path, run_cli, package: str
) -> None:
    root = _plugin(tmp_path, "name: rings\ntitle: Rings\n", package)
    tool = _tool(root, run_cli)
    assert [(a["name"], a["required"]) for a in tool["arguments"]] == [("ring", True)]
    assert [r["path"] for r in tool["arguments"][0]["reads"]] == ["helpers/store.py"]
    assert f"{package}.helpers.store.save" in tool["helpers"]
    assert tool["side_effects"] == ["filesystem delete"]
    # the companion `--fix` writes says so, and a check then agrees with it
    result = run_cli(root, "check", "--no-cache", "--fix")
    assert result.exit_code == 0, result.output
    companion = (root / "tools/remember.py.dox.md").read_text(encoding="utf-8")
    assert "  - `ring`: required.\n" in companion
    assert "- Observed side-effect areas: filesystem deletion.\n" in companion
    assert "observed in the source: `Response`, `save`.\n" in companion
    result = run_cli(root, "check", "--no-cache")
    assert result.output == "All checks passed.\n", result.output


@pytest.mark.parametrize(
    "plugin_yaml",
    [
        'name: "rings"\n',
        "# the plugin\nname: 'rings'  # installed as usr/plugins/rings\nversion: 1\n",
        "title: Rings\nname: rings\nsettings:\n  name: other\n",
    ],
)
def test_the_name_is_read_plain_or_quoted(tmp_path, run_cli, plugin_yaml: str) -> None:
    tool = _tool(_plugin(tmp_path, plugin_yaml), run_cli)
    assert [a["name"] for a in tool["arguments"]] == ["ring"]


@pytest.mark.parametrize(
    "plugin_yaml",
    [
        None,  # no plugin.yaml: not a plugin
        "name: other\n",  # installed as usr/plugins/other: another plugin's package
        "title: Rings\n",  # no name: Agent Zero refuses to install it
        "name: rings\nname: other\n",  # which one YAML keeps is not doxtool's guess
        "settings:\n  name: rings\n",  # not the plugin's name
        "{name: rings}\n",  # a flow mapping, not read
        "name: ring-s\n",  # no import spells it
        "name: null\n",  # YAML's null, no name
    ],
)
@pytest.mark.parametrize("package", PACKAGES)
def test_an_uncertain_plugin_name_maps_nothing(tmp_path, run_cli, plugin_yaml, package) -> None:
    """The tool's helper stays unread: its reads and effects are not known."""
    tool = _tool(_plugin(tmp_path, plugin_yaml, package), run_cli)
    assert tool["arguments"] == []
    assert tool["side_effects"] == []


#: a helper that refuses an empty value, as a plugin validates a recipient
VALIDATE_PY = """\
def validate(value: str) -> str:
    if not value:
        raise ValueError("a ring is needed")
    return value
"""

#: the tool: `ring` defaults to "", which the helper refuses
GUARDED_PY = """\
from helpers.tool import Response, Tool
from usr.plugins.rings.helpers.check import validate


class Remember(Tool):
    async def execute(self, **kwargs):
        ring = self.args.get("ring", "")
        try:
            ring = validate(ring)
        except ValueError as e:
            return Response(message=f"Error: {e}", break_loop=False)
        return Response(message=ring, break_loop=False)
"""


def test_a_default_the_plugins_helper_refuses_is_no_default(tmp_path, run_cli) -> None:
    """`ring` is required whichever package the tool imports its helper by:
    its default "" is refused by the helper in the root."""
    root = _plugin(tmp_path, "name: rings\n")
    write_files(root, {"helpers/check.py": VALIDATE_PY, "tools/remember.py": GUARDED_PY})
    assert run_cli(root, "check", "--no-cache", "--fix").exit_code == 0
    companion = (root / "tools/remember.py.dox.md").read_text(encoding="utf-8")
    assert "  - `ring`: required string.\n" in companion
    # the same tool and companion, the helper imported as a bundled plugin's
    bundled = {"tools/remember.py": GUARDED_PY, "tools/remember.py.dox.md": companion}
    spelt = "usr.plugins.rings."
    write_files(root, {k: v.replace(spelt, "plugins.rings.") for k, v in bundled.items()})
    assert run_cli(root, "check", "--no-cache").output == "All checks passed.\n"
    (argument,) = _tool(root, run_cli)["arguments"]
    assert (argument["name"], argument["required"]) == ("ring", True)


@pytest.mark.parametrize(
    "own",
    [
        {"plugins/rings/plugin.yaml": "name: rings\n"},  # a bundled plugin of that name
        {"plugins/rings/helpers/other.py": "X = 1\n"},  # a package of that name
        {"plugins/rings.py": "X = 1\n"},  # a module of that name
    ],
)
def test_the_bundled_spelling_names_a_plugins_directory_of_the_repository(
    tmp_path, run_cli, own: dict[str, str]
) -> None:
    """Where the repository has a `plugins/rings` of its own, `plugins.rings`
    may name it and not the root: the helper stays unread. The user's
    package, `usr.plugins.rings`, names the root still."""
    root = _plugin(tmp_path, "name: rings\n", "plugins.rings")
    write_files(root, own)
    tool = _tool(root, run_cli)
    assert tool["arguments"] == []
    assert tool["side_effects"] == []
    write_files(root, {"tools/remember.py": REMEMBER_PY})
    assert [a["name"] for a in _tool(root, run_cli)["arguments"]] == ["ring"]


@pytest.mark.parametrize(
    "imported",
    [
        "from usr.plugins.rings.tools.remember import Remember",
        "from usr.plugins.rings.tools import remember",
        "import usr.plugins.rings.tools.remember",
        "from plugins.rings.tools.remember import Remember",
        "import plugins.rings.tools.remember",
    ],
)
def test_a_test_importing_the_plugin_package_is_a_related_test(
    tmp_path, run_cli, imported: str
) -> None:
    root = _plugin(tmp_path, "name: rings\n")
    write_files(root, {"tests/test_remember.py": f"{imported}\n\n\ndef test_it():\n    pass\n"})
    result = run_cli(root, "check", "--no-cache", "--fix")
    assert result.exit_code == 0, result.output
    companion = (root / "tools/remember.py.dox.md").read_text(encoding="utf-8")
    assert "- Run `pytest tests/test_remember.py` after changing `remember.py`" in companion
    assert "No test imports" not in companion


def test_an_edit_of_a_plugin_helper_is_checked_incrementally(tmp_path, run_cli) -> None:
    """Imports spelled through the plugin's package name modules of the root,
    never `usr/` (excluded, where no snapshot looks): a check keeps its
    state, and an edit of the helper re-checks the tool that reaches it."""
    root = _plugin(tmp_path, "name: rings\n")
    assert run_cli(root, "check", "--fix").exit_code == 0
    assert run_cli(root, "check").output == "All checks passed.\n"
    assert (root / ".doxtool_cache" / "findings.state").is_file()
    store = root / "helpers/store.py"
    store.write_text(STORE_PY.replace('args["ring"]', 'args.get("ring", "")'), encoding="utf-8")
    again = run_cli(root, "check", "-v")
    assert "doxtool: reuse" in again.stderr, again.stderr
    assert again.stdout == run_cli(root, "check", "--no-cache").stdout
    assert "DOX111 argument `ring` is documented as required" in again.stdout


def test_a_plugins_directory_of_the_name_added_is_checked_anew(tmp_path, run_cli) -> None:
    """A `plugins/rings` added keeps `plugins.rings` from naming the root:
    the next check runs in full, as a check without its state would."""
    root = _plugin(tmp_path, "name: rings\n", "plugins.rings")
    assert run_cli(root, "check", "--fix").exit_code == 0
    assert run_cli(root, "check").output == "All checks passed.\n"
    write_files(root, {"plugins/rings/notes.txt": "kept here\n"})
    again = run_cli(root, "check", "-v")
    assert "doxtool: reuse" not in again.stderr, again.stderr
    assert again.stdout == run_cli(root, "check", "--no-cache").stdout
