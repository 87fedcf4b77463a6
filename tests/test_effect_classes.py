"""Which calls are which side-effect areas: a client a class method or a
class attribute makes is a network client, the value types and local queries
of network libraries touch no network, ``json.load``/``dump`` act on the file
they are given (which its opening shows), deleting a path the code made
itself or writing a path an existence check left absent is no destructive
effect, and "none" is never written where doxtool cannot see every call."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from samples import WAIT_PROMPT, WRAPPER

from doxtool.rules.examples import WAIT_PY

AREAS = "- Observed side-effect areas:"


def _tool(body: str, imports: str = "") -> str:
    return WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        imports + "from helpers.tool import Response, Tool\n",
    ).replace("        seconds = ", body + "        seconds = ")


def _generated(make_repo, run_cli, module: str, extra: dict[str, str] | None = None) -> str:
    root: Path = make_repo(
        {
            "tools/wait.py": module,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            **(extra or {}),
        }
    )
    fixed = run_cli(root, "check", "--fix", "--no-cache")
    companion = root / "tools" / "wait.py.dox.md"
    assert companion.is_file(), fixed.output
    lines = [line for line in companion.read_text().splitlines() if line.startswith(AREAS)]
    assert len(lines) <= 1
    return lines[0].removeprefix(AREAS).strip() if lines else ""


@pytest.mark.parametrize(
    ("body", "imports", "areas"),
    [
        # a class method makes the client the class makes
        (
            "        client = redis.Redis.from_url('redis://x')\n        client.unlink('k')\n",
            "import redis\n\n",
            "network.",
        ),
        (
            "        self.client.unlink('k')\n",
            "import redis\n\n",
            "network.",
        ),
        # json reads the response it is handed, not a file
        (
            "        with urllib.request.urlopen('http://x') as resp:\n"
            "            json.load(resp)\n",
            "import json\nimport urllib.request\n\n",
            "network.",
        ),
        # an in-memory buffer, a local host name, a parsed URL: nothing
        (
            "        json.dump({'h': socket.gethostname()}, io.StringIO())\n",
            "import io\nimport json\nimport socket\n\n",
            "none.",
        ),
        ("        httpx.URL('http://x').host\n", "import httpx\n\n", "none."),
        # a session kept as a class attribute
        ("        self.session.get('http://x')\n", "import requests\n\n", "network."),
        # a remote file system of an SSH client
        (
            "        ssh = paramiko.SSHClient()\n        sftp = ssh.open_sftp()\n"
            "        sftp.unlink('/srv/x')\n        sftp.mkdir('/srv/y')\n",
            "import paramiko\n\n",
            "network.",
        ),
    ],
)
def test_library_calls_show_only_what_they_do(
    make_repo, run_cli, body: str, imports: str, areas: str
) -> None:
    module = _tool(body, imports)
    if "self.client" in body:
        module = module.replace(
            "class WaitTool(Tool):\n",
            "class WaitTool(Tool):\n    client = redis.Redis(host='localhost')\n\n",
        )
    if "self.session" in body:
        module = module.replace(
            "class WaitTool(Tool):\n",
            "class WaitTool(Tool):\n    session = requests.Session()\n\n",
        )
    assert _generated(make_repo, run_cli, module) == areas


@pytest.mark.parametrize(
    ("body", "imports", "extra", "areas"),
    [
        # asking whether a path is there reads the filesystem, as os.path.exists does
        (
            "        Path('notes.md').exists()\n",
            "from pathlib import Path\n\n",
            {},
            "filesystem reads.",
        ),
        (
            "        notes = Path('notes')\n        if notes.is_dir():\n            pass\n",
            "from pathlib import Path\n\n",
            {},
            "filesystem reads.",
        ),
        (
            "        Path('notes.md').stat()\n",
            "from pathlib import Path\n\n",
            {},
            "filesystem reads.",
        ),
        ("        os.path.lexists('notes.md')\n", "import os\n\n", {}, "filesystem reads."),
        ("        os.lstat('notes.md')\n", "import os\n\n", {}, "filesystem reads."),
        # in a helper the tool calls
        (
            "        present('notes.md')\n",
            "from helpers.store import present\n\n",
            {
                "helpers/store.py": "from pathlib import Path\n\n\n"
                "def present(name: str) -> bool:\n    return Path(name).is_file()\n"
            },
            "filesystem reads.",
        ),
        # the same name on what no code shows to be a path says nothing
        (
            "        Store().exists()\n",
            "class Store:\n    def exists(self) -> bool:\n        return True\n\n\n",
            {},
            "none.",
        ),
    ],
)
def test_existence_checks_on_paths_read_the_filesystem(
    make_repo, run_cli, body: str, imports: str, extra: dict[str, str], areas: str
) -> None:
    generated = _generated(make_repo, run_cli, _tool(body, imports), extra)
    assert generated == areas


_HELPER = """\
import os
import shutil
import tempfile
import json
from pathlib import Path
from uuid import uuid4

import redis


def write_atomic(path: str, data: str) -> None:
    fd, tmp_path = tempfile.mkstemp(dir=os.path.dirname(path))
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(data)
        os.replace(tmp_path, path)
    finally:
        if os.path.exists(tmp_path):
            os.unlink(tmp_path)


def replace_file(path: Path, data: str) -> None:
    tmp_path = path.with_name(f".{path.name}.{uuid4().hex}.tmp")
    try:
        tmp_path.write_text(data)
        os.replace(tmp_path, path)
    finally:
        tmp_path.unlink(missing_ok=True)
        shutil.rmtree(tempfile.mkdtemp())


def evict(key: str) -> None:
    client = redis.Redis.from_url("redis://x")
    client.unlink(key)
"""


def test_helpers_delete_no_own_temporary_file_and_no_client_key(make_repo, run_cli) -> None:
    module = _tool(
        "        write_atomic('notes.md', 'x')\n        evict('k')\n"
        "        replace_file(Path('notes.md'), 'x')\n",
        "from pathlib import Path\n\nfrom helpers.store import evict, replace_file, write_atomic\n\n",
    )
    areas = _generated(make_repo, run_cli, module, {"helpers/store.py": _HELPER})
    assert areas == "filesystem reads, filesystem writes, network."


_DESTRUCTIVE_DOX = """\
# wait.py DOX

## Purpose
- Own the `wait.py` agent tool.

## Runtime Contracts
- Observed side-effect areas: none.

## Work Guidance
- Keep it small.
"""


@pytest.mark.parametrize(
    ("body", "imports", "findings"),
    [
        # an existence check that ends the path: a new file is written
        (
            "        path = self.args['path']\n"
            "        if os.path.exists(path):\n"
            "            return Response(message='exists', break_loop=False)\n"
            "        with open(path, 'w') as fh:\n            fh.write('x')\n",
            "import os\n\n",
            0,
        ),
        # checked in a branch that does not end the path: an overwrite
        (
            "        path = self.args['path']\n"
            "        if os.path.exists(path):\n            print('exists')\n"
            "        with open(path, 'w') as fh:\n            fh.write('x')\n",
            "import os\n\n",
            1,
        ),
        # written in the branch of an existence check that finds it absent: a new file
        (
            "        path = self.args['path']\n"
            "        if not os.path.exists(path):\n"
            "            with open(path, 'w') as fh:\n                fh.write('x')\n",
            "import os\n\n",
            0,
        ),
        (
            "        path = Path(self.args['path'])\n"
            "        if path.exists():\n            print('exists')\n"
            "        else:\n            path.write_text('x')\n",
            "from pathlib import Path\n\n",
            0,
        ),
        # ... and in the branch that finds it there: an overwrite
        (
            "        path = self.args['path']\n"
            "        if os.path.exists(path):\n"
            "            with open(path, 'w') as fh:\n                fh.write('x')\n",
            "import os\n\n",
            1,
        ),
        # the file it is given
        (
            "        os.unlink(self.args['path'])\n",
            "import os\n\n",
            1,
        ),
    ],
)
def test_own_files_are_no_destructive_effect(
    make_repo, run_cli, body: str, imports: str, findings: int
) -> None:
    root: Path = make_repo(
        {
            "tools/wait.py": _tool(body, imports),
            "tools/wait.py.dox.md": _DESTRUCTIVE_DOX,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX302")
    assert result.output.count(" DOX302 ") == findings, result.output


@pytest.mark.parametrize(
    ("body", "imports"),
    [
        ("        docker.from_env().containers.run('alpine')\n", "import docker\n\n"),
        ("        await self.agent.call_utility_model(system='s', message='m')\n", ""),
    ],
)
def test_no_none_where_a_call_is_not_seen(make_repo, run_cli, body: str, imports: str) -> None:
    assert _generated(make_repo, run_cli, _tool(body, imports)) == ""


def test_a_summary_reads_a_call_of_the_object_itself() -> None:
    import ast

    from doxtool.python.summaries import summarise

    tree = ast.parse("class A:\n    def run(self):\n        return self()\n")
    (summary,) = summarise(tree, "helpers.a", False, ["helpers"])
    assert summary.name == "A.run" and summary.effects == []


#: a connection class of the tool's module deriving from the library's client
DOCKER_CLASS = (
    "import http.client\nimport socket\n\n\n"
    "class _Docker(http.client.HTTPConnection):\n"
    "    def connect(self):\n"
    "        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
    "        self.sock.connect('/var/run/docker.sock')\n"
    "{own}\n\n"
)
DOCKER_CALL = "        connection = _Docker('localhost')\n        connection.request('GET', '/x')\n"
OWN_REQUEST = "\n    def request(self, method, url):\n        return method + url\n"


@pytest.mark.parametrize(("own", "network"), [("", True), (OWN_REQUEST, False)])
def test_a_method_a_class_inherits_from_a_network_client_is_a_network_call(
    make_repo, run_cli, own: str, network: bool
) -> None:
    """``request`` of a class of the module deriving from
    ``http.client.HTTPConnection`` is the library's: a network call, never
    "none"; one the class defines itself is its own code, not the library's."""
    areas = _generated(make_repo, run_cli, _tool(DOCKER_CALL, DOCKER_CLASS.format(own=own)))
    assert (areas == "network.") if network else ("network" not in areas), areas


@pytest.mark.parametrize(("own", "network"), [("", True), (OWN_REQUEST, False)])
def test_so_is_one_a_helper_of_another_module_calls(
    make_repo, run_cli, own: str, network: bool
) -> None:
    """The same class in a helper module the tool calls (read by the ``ast``
    walk of summaries): its inherited ``request`` is a network call."""
    helper = (
        DOCKER_CLASS.format(own=own)
        + "def containers():\n"
        + DOCKER_CALL.replace("        ", "    ")
    )
    module = _tool("        containers()\n", "from helpers.docker import containers\n")
    areas = _generated(make_repo, run_cli, module, {"helpers/docker.py": helper})
    assert (areas == "network.") if network else ("network" not in areas), areas


def test_an_inherited_client_method_is_listed_once(make_repo, run_cli) -> None:
    """``connection.request()`` on an object of the module's class deriving
    from ``http.client.HTTPConnection``: one network effect at that call,
    named as written, not again as the class's method the call reaches."""
    module = _tool(DOCKER_CALL, DOCKER_CLASS.format(own=""))
    root: Path = make_repo({"tools/wait.py": module})
    result = run_cli(root, "inspect", "--json", "tools/wait.py")
    (entry,) = json.loads(result.output)
    found = [(e["area"], e["calls"], e["line"]) for e in entry["tools"][0]["effects"]]
    assert [calls for _, calls, _ in found] == [["connection.request"]], found
