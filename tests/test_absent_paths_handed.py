"""A path an existence check found absent, handed to a function of the
repository that writes it as it was handed: the write makes a new file, no
destructive overwrite; one the function rebinds first, or one no check
found absent, may name a file that is there."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import WAIT_PROMPT, WRAPPER

from doxtool.rules.examples import WAIT_PY

_DOX = """\
# wait.py DOX

## Purpose
- Own the `wait.py` agent tool.

## Runtime Contracts
- Observed side-effect areas: none.

## Work Guidance
- Keep it small.
"""

_WRITER = """\
import os


def save(path, text):
    with open(path, "w") as fh:
        fh.write(text)


def save_lines(*lines, path):
    with open(path, "w") as fh:
        fh.write("\\n".join(lines))


def save_inside(path, text):
    path = os.path.join(path, "inner.txt")
    with open(path, "w") as fh:
        fh.write(text)


def save_through(path, text):
    save(path, text)
"""

_CHECKED = (
    "        path = self.args['path']\n"
    "        if os.path.exists(path):\n"
    "            return Response(message='exists', break_loop=False)\n"
)


def _tool(body: str) -> str:
    return WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        "import os\n\nfrom helpers.files import save, save_inside, save_lines, save_through\n"
        "from helpers.tool import Response, Tool\n",
    ).replace("        seconds = ", body + "        seconds = ")


@pytest.mark.parametrize(
    ("body", "findings"),
    [
        # found absent, then handed on: a new file
        (_CHECKED + "        save(path, 'x')\n", 0),
        (_CHECKED + "        save(text='x', path=path)\n", 0),
        # written in the branch that finds it absent
        (
            "        path = self.args['path']\n"
            "        if not os.path.exists(path):\n            save(path, 'x')\n",
            0,
        ),
        # ... through a function that hands it on as it is
        (_CHECKED + "        save_through(path, 'x')\n", 0),
        ("        save_through(self.args['path'], 'x')\n", 1),
        # the path found absent lands in ``*lines``, not in the path written
        (
            "        name = self.args['name']\n"
            "        path = self.args['path']\n"
            "        if os.path.exists(name):\n"
            "            return Response(message='exists', break_loop=False)\n"
            "        save_lines(name, path=path)\n",
            1,
        ),
        # the name found absent bound again before the call
        (_CHECKED + "        path = self.args['other']\n        save(path, 'x')\n", 1),
        (_CHECKED + "        for path in self.args['more']:\n            save(path, 'x')\n", 1),
        # the function writes another path made of it
        (_CHECKED + "        save_inside(path, 'x')\n", 1),
        # no check, or a check of another path
        ("        save(self.args['path'], 'x')\n", 1),
        (
            "        path = self.args['path']\n"
            "        other = self.args['other']\n"
            "        if os.path.exists(other):\n"
            "            return Response(message='exists', break_loop=False)\n"
            "        save(path, 'x')\n",
            1,
        ),
    ],
)
def test_a_path_found_absent_and_handed_on_is_a_new_file(
    make_repo, run_cli, body: str, findings: int
) -> None:
    root: Path = make_repo(
        {
            "tools/wait.py": _tool(body),
            "tools/wait.py.dox.md": _DOX,
            "helpers/files.py": _WRITER,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX302")
    assert result.output.count(" DOX302 ") == findings, result.output


def test_a_method_of_the_tool_handed_a_path_found_absent(make_repo, run_cli) -> None:
    body = _CHECKED + "        self._save(path)\n"
    module = _tool(body) + (
        "\n    def _save(self, target):\n"
        "        with open(target, 'w') as fh:\n            fh.write('x')\n"
    )
    root: Path = make_repo(
        {
            "tools/wait.py": module,
            "tools/wait.py.dox.md": _DOX,
            "helpers/files.py": _WRITER,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX302")
    assert " DOX302 " not in result.output, result.output
