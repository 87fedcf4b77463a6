"""Objects a module keeps in its own names (:mod:`doxtool.python.modobjects`):
``runner = JobRunner()`` or ``CLIENT = httpx.Client()`` at module level, in
the tool's module or in a helper module, and a method called on the name.
Its side-effect areas are its class's method's, or the client library's;
when what the name holds is not known, no "none" is written."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import WAIT_PROMPT, WRAPPER, write_files

from doxtool.cli import cli
from doxtool.python.modobjects import module_objects
from doxtool.rules.examples import FRAMEWORK, WAIT_PY

AREAS = "- Observed side-effect areas:"

JOBS = """\
import subprocess


class JobRunner:
    def run(self, argv: list[str]) -> str:
        return subprocess.run(argv, capture_output=True, text=True).stdout


runner = {value}
"""

NET = """\
import httpx
import requests

CLIENT = httpx.Client(timeout=10)
_session = requests.Session()


def get_text(url: str) -> str:
    return CLIENT.get(url).text


def post(url: str, data: dict) -> int:
    return _session.post(url, json=data).status_code
"""


def _tool(imports: str, body: str, module: str = "") -> str:
    """``wait.py`` importing ``imports`` (and binding ``module`` at module
    level), whose ``execute`` runs ``body`` first."""
    return WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        f"{imports}\nfrom helpers.tool import Response, Tool\n{module}\n",
    ).replace("        seconds = ", body + "        seconds = ")


def _areas(tmp_path: Path, files: dict[str, str]) -> str | None:
    """The areas line ``check --fix`` writes into a new companion (None: none written)."""
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            **files,
        },
    )
    CliRunner().invoke(cli, ["check", "--root", str(tmp_path), "--no-cache", "--fix"])
    text = (tmp_path / "tools" / "wait.py.dox.md").read_text(encoding="utf-8")
    line = next((line for line in text.splitlines() if line.startswith(AREAS)), None)
    return line.removeprefix(AREAS).strip() if line is not None else None


@pytest.mark.parametrize(
    ("files", "areas"),
    [
        # a helper module's object, imported by the tool
        (
            {
                "tools/wait.py": _tool(
                    "from helpers.jobs import runner", "        runner.run(['ls'])\n"
                ),
                "helpers/jobs.py": JOBS.format(value="JobRunner()"),
            },
            "subprocess.",
        ),
        # the tool module's own
        (
            {
                "tools/wait.py": _tool(
                    "from helpers.jobs import JobRunner",
                    "        RUNNER.run(['ls'])\n",
                    "RUNNER = JobRunner()\n",
                ),
                "helpers/jobs.py": JOBS.format(value="JobRunner()"),
            },
            "subprocess.",
        ),
        # network clients a helper module keeps, used by its functions
        (
            {
                "tools/wait.py": _tool(
                    "from helpers.net import get_text, post",
                    "        get_text('http://x')\n        post('http://x', {})\n",
                ),
                "helpers/net.py": NET,
            },
            "network.",
        ),
        # the client itself imported and called by the tool
        (
            {
                "tools/wait.py": _tool(
                    "from helpers.net import CLIENT", "        CLIENT.get('http://x')\n"
                ),
                "helpers/net.py": NET,
            },
            "network.",
        ),
        # the tool module's own clients
        (
            {
                "tools/wait.py": _tool(
                    "import httpx\nimport requests",
                    "        CLIENT.get('http://x')\n        _session.post('http://x')\n",
                    "CLIENT = httpx.Client(timeout=10)\n_session = requests.Session()\n",
                ),
            },
            "network.",
        ),
        # another library's object: its methods touch nothing the tool shows
        (
            {
                "tools/wait.py": _tool(
                    "import logging",
                    "        LOG.info('x')\n",
                    "LOG = logging.getLogger(__name__)\n",
                ),
            },
            "none.",
        ),
        # what a function of the repository returns, not known: no "none"
        (
            {
                "tools/wait.py": _tool(
                    "from helpers.jobs import runner", "        runner.run(['ls'])\n"
                ),
                "helpers/jobs.py": JOBS.format(value="make()")
                + "\n\ndef make():\n    return REGISTRY['jobs']\n",
            },
            None,
        ),
        # made by a class of a module of the repository doxtool has no file
        # for: what its method does is not known, no "none"
        (
            {
                "tools/wait.py": _tool(
                    "from helpers.jobs import JobRunner",
                    "        RUNNER.run(['ls'])\n",
                    "RUNNER = JobRunner()\n",
                ),
            },
            None,
        ),
        (
            {
                "tools/wait.py": _tool(
                    "from helpers import jobs",
                    "        RUNNER.run(['ls'])\n",
                    "RUNNER = jobs.JobRunner()\n",
                ),
            },
            None,
        ),
        # a helper module's object made so, called by the helper's function
        (
            {
                "tools/wait.py": _tool("from helpers.work import go", "        go()\n"),
                "helpers/work.py": "from helpers.jobs import JobRunner\n\nrunner = JobRunner()\n\n\n"
                "def go():\n    return runner.run(['ls'])\n",
            },
            None,
        ),
        # bound to two classes: which one is not known
        (
            {
                "tools/wait.py": _tool(
                    "import os\nfrom helpers.jobs import JobRunner, Other",
                    "        RUNNER.run(['ls'])\n",
                    "RUNNER = JobRunner()\nif os.name == 'nt':\n    RUNNER = Other()\n",
                ),
                "helpers/jobs.py": JOBS.format(value="JobRunner()")
                + "\n\nclass Other:\n    def run(self, argv):\n        return ''\n",
            },
            None,
        ),
    ],
)
def test_a_method_of_an_object_a_module_keeps_shows_its_areas(
    tmp_path: Path, files: dict[str, str], areas: str | None
) -> None:
    assert _areas(tmp_path, files) == areas


def test_a_name_bound_another_way_holds_no_object_known() -> None:
    source = (
        "import httpx\nfrom helpers.jobs import JobRunner\n\n"
        "A = JobRunner()\nB = httpx.Client()\nC = 'text'\nD = JobRunner()\nD += 1\n"
        "E = JobRunner()\n\n\ndef f():\n    global E\n    E = None\n"
        "for F in range(3):\n    pass\nF = JobRunner()\nG = dict()\n"
    )
    names = {"httpx": "httpx", "JobRunner": "helpers.jobs.JobRunner"}

    def resolve(dotted: list[str]) -> str | None:
        root = names.get(dotted[0])
        return ".".join([root, *dotted[1:]]) if root is not None else None

    assert module_objects(ast.parse(source), resolve) == {
        "A": ["helpers.jobs.JobRunner"],
        "B": ["httpx.Client"],
        "D": [],
        "E": [],
        "F": [],
        "G": ["builtins.dict"],
    }
