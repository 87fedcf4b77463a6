"""Side-effect areas and intervention calls as generated and checked: a
method's name says what it does only on a receiver that may be a path, an
``open`` mode doxtool cannot read claims no write, an area is called absent
only when nothing unclassified could do it, and the helpers line lists the
``handle_intervention`` call DOX132 looks for however it is reached."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import WAIT_PROMPT, WRAPPER

from doxtool.rules.examples import WAIT_DOX, WAIT_PY


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


LRU = """\
class LRU:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def touch(self, key: str) -> None:
        self.items[key] = self.items.pop(key, "")

    def unlink(self, key: str) -> None:
        self.items.pop(key, None)


"""


def test_a_method_of_an_object_of_a_class_of_the_module_is_no_path_method(
    make_repo, run_cli
) -> None:
    module = _tool(
        "        lru = LRU()\n        lru.touch('k')\n        lru.unlink('k')\n"
    ).replace("class WaitTool", LRU + "class WaitTool")
    root = make_repo(_files(module))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} none."


def test_a_library_client_is_no_path_and_its_methods_call_the_network(make_repo, run_cli) -> None:
    module = _tool(
        "        client = redis.Redis()\n        await client.unlink('k')\n",
        "import redis.asyncio as redis\n\n",
    )
    root = make_repo(_files(module))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} network."


@pytest.mark.parametrize(
    ("body", "imports", "areas"),
    [
        # a call through an attribute chain of a client the function made
        (
            "        client = openai.OpenAI()\n        client.models.list()\n",
            "import openai\n\n",
            "network",
        ),
        (
            "        client = Anthropic()\n        client.messages.create(model='m')\n",
            "from anthropic import Anthropic\n\n",
            "network",
        ),
        # a client kept on the tool by another method
        (
            "        self.client.chat.completions.create(model='m')\n",
            "from openai import OpenAI\n\n",
            "network",
        ),
        # set once to something else too: not known, so no "none" either
        (
            "        self.other.chat.completions.create(model='m')\n",
            "from openai import OpenAI\n\n",
            None,
        ),
        # a receiver that is no client: nothing
        (
            "        client = make()\n        client.models.list()\n",
            "from helpers.make import make\n\n",
            "none",
        ),
    ],
)
def test_a_call_through_an_attribute_of_a_client_calls_the_network(
    make_repo, run_cli, body: str, imports: str, areas: str | None
) -> None:
    init = (
        "    def __init__(self, *args, **kwargs):\n"
        "        super().__init__(*args, **kwargs)\n"
        "        self.client = OpenAI()\n"
        "        self.other = OpenAI()\n"
        "        self.other = kwargs.get('other')\n\n"
    )
    module = _tool(body, imports)
    if "self." in body:
        module = module.replace("    async def execute", init + "    async def execute", 1)
    root = make_repo(_files(module, {"helpers/make.py": "def make():\n    return 1\n"}))
    text = _generated(root, run_cli)
    if areas is None:
        assert AREAS not in text
    else:
        assert _line(text, AREAS) == f"{AREAS} {areas}."
    assert _findings(root, run_cli) == []


def test_a_path_keeps_its_method_areas(make_repo, run_cli) -> None:
    module = _tool(
        "        target = Path('x')\n        target.unlink()\n"
        "        with target.open(encoding='utf-8') as handle:\n            handle.read()\n",
        "from pathlib import Path\n\n",
    )
    root = make_repo(_files(module))
    text = _generated(root, run_cli)
    assert _line(text, AREAS) == f"{AREAS} filesystem reads, filesystem deletion."


def test_an_open_mode_of_either_literal_or_unknown_claims_no_write(make_repo, run_cli) -> None:
    module = _tool(
        "        mode = 'rb' if kwargs.get('binary') else 'r'\n"
        "        with open('a', mode) as handle:\n            handle.read()\n"
        "        with open('b', kwargs['how']) as handle:\n            handle.read()\n"
    )
    root = make_repo(_files(module))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} filesystem reads."


@pytest.mark.parametrize(
    ("call", "imports", "areas"),
    [
        ("gzip.open('a', 'wt')", "import gzip\n\n", "filesystem writes"),
        ("bz2.open('a')", "import bz2\n\n", "filesystem reads"),
        ("lzma.open('a', mode='rb')", "import lzma\n\n", "filesystem reads"),
        ("os.fdopen(3, 'w')", "import os\n\n", "filesystem writes"),
        ("fdopen(3, 'r+')", "from os import fdopen\n\n", "filesystem reads, filesystem writes"),
    ],
)
def test_a_compressed_file_or_a_descriptor_opens_as_open_does(
    make_repo, run_cli, call: str, imports: str, areas: str
) -> None:
    module = _tool(f"        with {call} as handle:\n            handle.flush()\n", imports)
    root = make_repo(_files(module))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} {areas}."
    assert _findings(root, run_cli) == []


def test_either_literal_mode_of_a_conditional_counts(make_repo, run_cli) -> None:
    module = _tool(
        "        with open('a', 'a' if kwargs.get('append') else 'r') as handle:\n"
        "            handle.read()\n"
    )
    root = make_repo(_files(module))
    text = _generated(root, run_cli)
    assert _line(text, AREAS) == f"{AREAS} filesystem reads, filesystem writes."


def test_an_area_is_not_called_gone_while_an_unclassified_package_is_imported(
    make_repo, run_cli
) -> None:
    module = _tool("        stripe.Charge.create(amount=1)\n", "import stripe\n\n")
    dox = WAIT_DOX.replace(
        "- Observed side-effect areas: none.", "- Observed side-effect areas: network calls."
    ).replace("`helpers.tool`.", "`helpers.tool`, `stripe`.")
    root = make_repo(_files(module, {"tools/wait.py.dox.md": dox}))
    assert _findings(root, run_cli) == []
    # the same line on a module that imports nothing unclassified is stale
    root.joinpath("tools/wait.py").write_text(WAIT_PY)
    root.joinpath("tools/wait.py.dox.md").write_text(dox.replace(", `stripe`", ""))
    findings = _findings(root, run_cli)
    assert len(findings) == 1 and "shows no network calls any more" in findings[0], findings


@pytest.mark.parametrize(
    ("body", "imports", "areas"),
    [
        (
            "        with tarfile.open(kwargs['path'] + '.tar.gz', 'w:gz') as tar:\n"
            "            tar.add(kwargs['path'])\n",
            "import tarfile\n\n",
            "filesystem writes",
        ),
        ("        tarfile.open('a.tar').close()\n", "import tarfile\n\n", "filesystem reads"),
        ("        ZipFile('a.zip', mode='a').close()\n", "from zipfile import ZipFile\n\n", None),
        ("        zipfile.ZipFile('a.zip', 'w').close()\n", "import zipfile\n\n", None),
        ("        gzip.GzipFile('a.gz', 'wb').close()\n", "import gzip\n\n", None),
        ("        bz2.BZ2File('a.bz2', 'w').close()\n", "import bz2\n\n", None),
        ("        lzma.LZMAFile('a.xz', 'w').close()\n", "import lzma\n\n", None),
        # an archive in memory touches no file
        (
            "        zipfile.ZipFile(io.BytesIO(), 'w').close()\n",
            "import io\nimport zipfile\n\n",
            "none",
        ),
        (
            "        buffer = io.BytesIO()\n        tarfile.open(fileobj=buffer, mode='w').close()\n",
            "import io\nimport tarfile\n\n",
            "",
        ),
    ],
)
def test_an_archive_opened_to_write_writes_a_file(
    make_repo, run_cli, body: str, imports: str, areas: str | None
) -> None:
    module = _tool(body, imports)
    root = make_repo(_files(module))
    text = _generated(root, run_cli)
    if areas == "":
        # an ``open`` of a mode read elsewhere leaves the areas not known: no line
        assert AREAS not in text
    else:
        assert _line(text, AREAS) == f"{AREAS} {areas or 'filesystem writes'}."
    assert _findings(root, run_cli) == []


@pytest.mark.parametrize(
    ("database", "areas"),
    [
        ("'usr/kv.db'", "filesystem writes"),
        ("kwargs['db']", "filesystem writes"),
        ("'file:kv.db?mode=ro'", "filesystem reads"),
        ("':memory:'", "none"),
        # the path given by its keyword, or as a URI, is read alike
        ("database=':memory:'", "none"),
        ("database='usr/kv.db'", "filesystem writes"),
        ("'file::memory:?cache=shared', uri=True", "none"),
        ("database='file::memory:?cache=shared', uri=True", "none"),
        ("database='file:kv.db?mode=ro', uri=True", "filesystem reads"),
    ],
)
def test_a_file_backed_database_connection_writes_a_file(
    make_repo, run_cli, database: str, areas: str
) -> None:
    module = _tool(
        f"        conn = sqlite3.connect({database})\n"
        "        conn.execute('DELETE FROM kv WHERE k = ?', (kwargs['key'],))\n"
        "        conn.commit()\n",
        "import sqlite3\n\n",
    )
    root = make_repo(_files(module))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} {areas}."
    assert _findings(root, run_cli) == []


def test_a_database_a_helper_class_of_the_repository_opens_writes_a_file(
    make_repo, run_cli
) -> None:
    store = (
        "import sqlite3\n\n\nclass Store:\n"
        "    def __init__(self, path: str) -> None:\n        self.path = path\n\n"
        "    def delete(self, key: str) -> None:\n"
        "        with sqlite3.connect(self.path) as conn:\n"
        "            conn.execute('DELETE FROM kv WHERE k = ?', (key,))\n"
    )
    module = _tool(
        "        Store('usr/kv.db').delete(kwargs['key'])\n", "from helpers.store import Store\n\n"
    )
    root = make_repo(_files(module, {"helpers/store.py": store}))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} filesystem writes."
    assert _findings(root, run_cli) == []


def test_an_archive_a_helper_writes_into_memory_writes_no_file(make_repo, run_cli) -> None:
    packer = (
        "import io\nimport zipfile\n\n\ndef pack(files: dict) -> bytes:\n"
        "    buffer = io.BytesIO()\n"
        "    with zipfile.ZipFile(buffer, 'w') as archive:\n"
        "        for name, data in files.items():\n"
        "            archive.writestr(name, data)\n"
        "    return buffer.getvalue()\n\n\n"
        "def save(path: str, files: dict) -> None:\n"
        "    zipfile.ZipFile(path, 'w').close()\n"
    )
    module = _tool("        pack({'a': b''})\n", "from helpers.packer import pack\n\n")
    root = make_repo(_files(module, {"helpers/packer.py": packer}))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} none."
    module = _tool("        save('a.zip', {})\n", "from helpers.packer import save\n\n")
    root.joinpath("tools/wait.py").write_text(module)
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} filesystem writes."


@pytest.mark.parametrize(
    ("body", "imports"),
    [
        (
            "        mail = imaplib.IMAP4_SSL('h')\n        mail.select('INBOX')\n",
            "import imaplib\n\n",
        ),
        ("        box = poplib.POP3('h')\n        box.stat()\n", "import poplib\n\n"),
        ("        ServerProxy('http://h').ping()\n", "from xmlrpc.client import ServerProxy\n\n"),
    ],
)
def test_a_mail_or_rpc_client_of_the_standard_library_calls_the_network(
    make_repo, run_cli, body: str, imports: str
) -> None:
    root = make_repo(_files(_tool(body, imports)))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} network."
    assert _findings(root, run_cli) == []


@pytest.mark.parametrize(
    ("call", "imports", "areas"),
    [
        # a shelf, and a ``dbm.dumb`` database, are created when missing ("c")
        ("shelve.open(kwargs['path'])", "import shelve\n\n", "filesystem reads, filesystem writes"),
        ("shelve.open('kv', flag='r')", "import shelve\n\n", "filesystem reads"),
        ("shelve.open('kv', 'n')", "import shelve\n\n", "filesystem reads, filesystem writes"),
        ("dbm.dumb.open('kv')", "import dbm.dumb\n\n", "filesystem reads, filesystem writes"),
        # a dbm database is only read unless its flag says otherwise
        ("dbm.open('kv')", "import dbm\n\n", "filesystem reads"),
        ("dbm.open('kv', 'c')", "import dbm\n\n", "filesystem reads, filesystem writes"),
        ("dbm.open('kv', flag='w')", "import dbm\n\n", "filesystem reads, filesystem writes"),
        # a flag doxtool cannot read claims no write
        ("dbm.open('kv', kwargs['flag'])", "import dbm\n\n", "filesystem reads"),
        # a log file handler appends to its file, or writes it by its mode
        ("logging.FileHandler('t.log')", "import logging\n\n", "filesystem writes"),
        ("FileHandler('t.log', mode='w', delay=True)", "from logging import FileHandler\n\n", None),
        (
            "logging.handlers.RotatingFileHandler('t.log', maxBytes=10)",
            "import logging.handlers\n\n",
            None,
        ),
        (
            "TimedRotatingFileHandler('t.log', 'D')",
            "from logging.handlers import TimedRotatingFileHandler\n\n",
            None,
        ),
    ],
)
def test_a_dbm_database_a_shelf_or_a_log_file_is_read_or_written_by_its_flag(
    make_repo, run_cli, call: str, imports: str, areas: str | None
) -> None:
    module = _tool(f"        store = {call}\n        store.close()\n", imports)
    root = make_repo(_files(module))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} {areas or 'filesystem writes'}."
    assert _findings(root, run_cli) == []


def test_a_log_file_handler_of_a_mode_not_read_claims_nothing_and_refutes_nothing(
    make_repo, run_cli
) -> None:
    module = _tool(
        "        logging.FileHandler('t.log', os.environ['LOG_MODE']).close()\n",
        "import logging\nimport os\n\n",
    )
    root = make_repo(_files(module))
    # no area is known, and "none" would be a guess: no line
    assert AREAS not in _generated(root, run_cli)
    dox = WAIT_DOX.replace(
        "- Observed side-effect areas: none.", "- Observed side-effect areas: filesystem writes."
    ).replace("`helpers.tool`.", "`helpers.tool`, `logging`, `os`.")
    root.joinpath("tools/wait.py.dox.md").write_text(dox)
    # the handler may write: the written area is not called gone
    assert _findings(root, run_cli) == []


@pytest.mark.parametrize(
    ("opener", "areas"),
    [
        ("dbm.open(path, 'c')", "filesystem reads, filesystem writes"),
        ("dbm.open(path)", "filesystem reads"),
        ("logging.FileHandler(path, 'w')", "filesystem writes"),
    ],
)
def test_a_dbm_database_or_log_file_a_helper_opens_shows_the_areas_of_its_flag(
    make_repo, run_cli, opener: str, areas: str
) -> None:
    store = f"import dbm\nimport logging\n\n\ndef keep(path: str) -> None:\n    {opener}.close()\n"
    module = _tool("        keep('usr/kv')\n", "from helpers.store import keep\n\n")
    root = make_repo(_files(module, {"helpers/store.py": store}))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} {areas}."
    assert _findings(root, run_cli) == []


@pytest.mark.parametrize(
    ("call", "areas"),
    [
        # a log file appended to, as ``logging.FileHandler`` does by default
        ("logging.basicConfig(filename='agent.log')", "filesystem writes"),
        ("logging.basicConfig(filename='agent.log', filemode='w', level=10)", "filesystem writes"),
        # without a file it logs to stderr (or the stream it is given)
        ("logging.basicConfig(level=logging.INFO)", None),
        ("logging.basicConfig(filename=None)", None),
        ("logging.basicConfig(stream=sys.stdout)", None),
    ],
)
def test_a_log_file_basic_config_names_is_written(
    make_repo, run_cli, call: str, areas: str | None
) -> None:
    module = _tool(f"        {call}\n", "import logging\nimport sys\n\n")
    root = make_repo(_files(module))
    text = _generated(root, run_cli)
    if areas is None:
        # no area; "none" is not derived either: a module calling
        # ``basicConfig`` may name its file in a dict doxtool cannot read
        assert AREAS not in text
    else:
        assert _line(text, AREAS) == f"{AREAS} {areas}."
    dox = WAIT_DOX.replace("`helpers.tool`.", "`helpers.tool`, `logging`, `sys`.")
    root.joinpath("tools/wait.py.dox.md").write_text(dox)
    findings = _findings(root, run_cli)
    if areas is None:
        assert findings == []
    else:
        assert len(findings) == 1 and " DOX133 " in findings[0], findings
        assert "shows filesystem writes (`logging.basicConfig` at line 9)" in findings[0]


def test_a_log_file_basic_config_a_helper_names_is_written(make_repo, run_cli) -> None:
    setup = (
        "import logging\n\n\ndef setup(level: int) -> None:\n"
        "    logging.basicConfig(filename='agent.log', filemode='w', level=level)\n"
    )
    module = _tool("        setup(10)\n", "from helpers.logs import setup\n\n")
    root = make_repo(_files(module, {"helpers/logs.py": setup}))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} filesystem writes."


def test_a_call_into_a_module_of_an_excluded_directory_is_not_seen(make_repo, run_cli) -> None:
    module = _tool("        store.save()\n", "from usr.plugins.p.helpers import store\n\n")
    dox = WAIT_DOX.replace(
        "- Observed side-effect areas: none.", "- Observed side-effect areas: subprocess execution."
    ).replace("`helpers.tool`.", "`helpers.tool`, `usr.plugins.p.helpers`.")
    helper = "import subprocess\n\n\ndef save():\n    subprocess.run(['sync'])\n"
    extra = {"tools/wait.py.dox.md": dox, "usr/plugins/p/helpers/store.py": helper}
    root = make_repo(_files(module, extra))
    # ``usr`` is excluded: its module is never read, so what the call does is not known
    assert _findings(root, run_cli) == []
    shown = run_cli(root, "inspect", "tools/wait.py").output
    assert "side effects: not known" in shown, shown
