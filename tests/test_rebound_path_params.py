"""A parameter a function binds to another path before any read of it
writes no path its caller handed: no destructive overwrite of the tool's
argument. A rebinding in one branch only, or one made of the parameter
itself, or after a read of it, leaves the handed path where it may be."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import WAIT_PROMPT, WRAPPER
from test_absent_paths_handed import _DOX

from doxtool.rules.examples import WAIT_PY

_WRITER = """\
import os
from pathlib import Path

OUT = "/tmp/out"


def elsewhere(path, text):
    path = os.path.join(OUT, os.path.basename(path))
    open(path, "w").write(text)


def unrelated(path, text, tmp):
    path = Path(tmp) / "x"
    open(path, "w").write(text)


def in_a_branch(path, text, flag):
    if flag:
        path = os.path.join(OUT, "y")
    open(path, "w").write(text)


def made_of_it(path, text):
    path = Path(path).resolve()
    open(path, "w").write(text)


def expanded(path, text):
    path = os.path.expanduser(path)
    open(path, "w").write(text)


def home(path, text):
    path = path.replace("~", os.environ["HOME"])
    open(path, "w").write(text)


def formatted(path, text):
    path = "{}".format(path)
    open(path, "w").write(text)


def backup(path, text):
    path = f"{path}.bak"
    open(path, "w").write(text)


def renamed(path, text):
    path = os.path.join(OUT, Path(path).name)
    open(path, "w").write(text)


def after_a_write(path, text):
    open(path, "w").write(text)
    path = os.path.join(OUT, "y")
    open(path, "w").write(text)
"""


@pytest.mark.parametrize(
    ("call", "findings"),
    [
        ("elsewhere(self.args['path'], 'x')", 0),
        ("unrelated(self.args['path'], 'x', '/tmp')", 0),
        ("in_a_branch(self.args['path'], 'x', self.args.get('flag'))", 1),
        ("made_of_it(self.args['path'], 'x')", 1),
        ("after_a_write(self.args['path'], 'x')", 1),
        # the same file named again (a call not known may hand it back)
        ("expanded(self.args['path'], 'x')", 1),
        ("home(self.args['path'], 'x')", 1),
        ("formatted(self.args['path'], 'x')", 1),
        # another name made of it: text added, its last part elsewhere
        ("backup(self.args['path'], 'x')", 0),
        ("renamed(self.args['path'], 'x')", 0),
    ],
)
def test_a_parameter_bound_again_before_any_read_is_no_handed_path(
    make_repo, run_cli, call: str, findings: int
) -> None:
    tool = WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        "from helpers.files import after_a_write, backup, elsewhere, expanded, formatted, home\n"
        "from helpers.files import in_a_branch, made_of_it, renamed, unrelated\n"
        "from helpers.tool import Response, Tool\n",
    ).replace("        seconds = ", f"        {call}\n        seconds = ")
    root: Path = make_repo(
        {
            "tools/wait.py": tool,
            "tools/wait.py.dox.md": _DOX,
            "helpers/files.py": _WRITER,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX302")
    assert result.output.count(" DOX302 ") == findings, result.output


def test_a_method_of_the_tool_binding_its_parameter_again(make_repo, run_cli) -> None:
    tool = WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        "import os\n\nfrom helpers.tool import Response, Tool\n",
    ).replace("        seconds = ", "        self._save(self.args['path'])\n        seconds = ") + (
        "\n    def _save(self, target):\n"
        "        target = os.path.join('/tmp/out', os.path.basename(target))\n"
        "        with open(target, 'w') as fh:\n            fh.write('x')\n"
    )
    root: Path = make_repo(
        {
            "tools/wait.py": tool,
            "tools/wait.py.dox.md": _DOX,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX302")
    assert " DOX302 " not in result.output, result.output
