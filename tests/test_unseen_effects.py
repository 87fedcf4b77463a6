"""An area a companion states is not called gone while the module makes a
call doxtool cannot see into: a method of an object handed in by the
framework (``self.agent.context.http_client``), of a parameter, of a module
loaded by name. And an area stale on absence alone goes only with
``--unsafe-fixes``; the areas the code shows are added without it."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import WAIT_PROMPT, WRAPPER

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

DOX_PATH = "tools/wait.py.dox.md"
LINE = "- Observed side-effect areas: none."


def _files(body: str, areas: str, imports: str = "", extra: dict[str, str] | None = None):
    module = WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        imports + "from helpers.tool import Response, Tool\n",
    ).replace("        seconds = ", body + "        seconds = ")
    dox = WAIT_DOX.replace(LINE, f"- Observed side-effect areas: {areas}.")
    if imports:
        dox = dox.replace("`helpers.tool`.", "`helpers.tool`, `importlib`.")
    return {
        "tools/wait.py": module,
        DOX_PATH: dox,
        "prompts/agent.system.tools.md": WRAPPER,
        "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        **(extra or {}),
    }


def _findings(root: Path, run_cli) -> list[str]:
    result = run_cli(root, "check", "--no-cache")
    return [line for line in result.output.splitlines() if " DOX" in line]


SETTINGS = """\
import json
from pathlib import Path


def load(name: str) -> dict:
    return json.loads(Path(name).read_text(encoding="utf-8"))
"""


@pytest.mark.parametrize(
    ("body", "areas", "imports"),
    [
        # an HTTP client handed in by the framework
        (
            "        client = self.agent.context.http_client\n"
            "        await client.get('https://example.com', timeout=20)\n",
            "network calls",
            "",
        ),
        # the runtime bridge, called directly on the framework's object
        (
            "        await self.agent.context.runtime.call_development_function('run_shell', 'ls')\n",
            "subprocess",
            "",
        ),
        # a helper loaded by name
        (
            "        store = importlib.import_module('helpers.settings_store')\n"
            "        store.load('x')\n",
            "filesystem reads",
            "import importlib\n\n",
        ),
        # a function of a repository module that is not there, in a package that is
        (
            "        save(self.args)\n",
            "filesystem deletion",
            "from helpers.store import save\n\n",
        ),
        # a parameter's method, in a function of the module
        (
            "        fetch(self.agent.context.session)\n",
            "network calls",
            "",
        ),
    ],
)
def test_an_area_is_not_gone_while_a_call_goes_where_doxtool_cannot_see(
    make_repo, run_cli, body: str, areas: str, imports: str
) -> None:
    files = _files(body, areas, imports, {"helpers/settings_store.py": SETTINGS})
    if "fetch(" in body:
        files["tools/wait.py"] += "\n\ndef fetch(session):\n    return session.get('https://x')\n"
        files[DOX_PATH] = files[DOX_PATH].replace(
            "- Arguments of", "- Top-level functions:\n  - `fetch(session)`\n- Arguments of"
        )
    root = make_repo(files)
    assert [f for f in _findings(root, run_cli) if "DOX133" in f] == []


def test_an_area_is_stale_when_every_call_is_seen(make_repo, run_cli) -> None:
    # the tool's own arguments, a builtin, an imported class: nothing unseen
    root = make_repo(_files("", "network calls"))
    assert _findings(root, run_cli) == [
        f"{DOX_PATH}:17:1: DOX133 `tools/wait.py` shows no network calls any more: no call, "
        "import or keyword for it is left (documented at line 17) [!]"
    ]


def test_a_stale_area_goes_only_on_request_and_a_shown_one_is_added_alone(
    make_repo, run_cli
) -> None:
    root = make_repo(_files("        os.remove('x')\n", "network calls", "import os\n\n"))
    dox = root / DOX_PATH
    dox.write_text(dox.read_text().replace("`importlib`", "`os`"))
    findings = _findings(root, run_cli)
    assert findings == [
        f"{DOX_PATH}:17:1: DOX133 `tools/wait.py` shows filesystem deletion (`os.remove` at "
        "line 8), which the side-effect areas line does not list [*]",
        f"{DOX_PATH}:17:1: DOX133 `tools/wait.py` shows no network calls any more: no call, "
        "import or keyword for it is left (documented at line 17) [!]",
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert "- Observed side-effect areas: filesystem deletion, network calls.\n" in dox.read_text()
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert "- Observed side-effect areas: filesystem deletion.\n" in dox.read_text()
    assert _findings(root, run_cli) == []


def test_an_area_is_not_gone_while_a_plugin_calls_its_own_module_that_is_not_there(
    make_repo, run_cli
) -> None:
    files = _files("        save(self.args)\n", "filesystem deletion")
    files = {f"plugins/rings/{path}": text for path, text in files.items()}
    tool = "plugins/rings/tools/wait.py"
    files[tool] = "from plugins.rings.helpers.store import save\n" + files[tool]
    files["plugins/rings/helpers/other.py"] = "X = 1\n"
    root = make_repo(files)
    assert [f for f in _findings(root, run_cli) if "DOX133" in f] == []
    # with the module there, the area is gone
    (root / "plugins/rings/helpers/store.py").write_text("def save(args):\n    return args\n")
    assert any("shows no filesystem deletion" in f for f in _findings(root, run_cli))
