"""A check imports what it runs: not the other commands, the output formats it
does not print, the baseline it is not given or the fixing machinery."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from doxtool.formats import FORMATS, STATISTICS_FORMATS, formatter
from doxtool.formats.statistics import STATISTICS
from doxtool.rules.examples import WAIT_DOX, WAIT_PY
from doxtool.run.baseline import FORMAT_VERSION

#: the console script, run in a process that lists its modules when it ends
#: (the process itself: not a side parser it forks, which ends the same way)
_SCRIPT = """
import json, os, sys
listing = sys.argv.pop(1)
exit_process = os._exit
original = os.getpid()
def listed_exit(code):
    if os.getpid() == original:
        with open(listing, "w") as out:
            json.dump(sorted(sys.modules), out)
    exit_process(code)
os._exit = listed_exit
from doxtool.launcher import main
main()
"""

#: modules a plain ``doxtool check`` has no use for
_NOT_FOR_A_CHECK = {
    "doxtool.commands",
    "doxtool.core.lock",
    "doxtool.formats.describe",
    "doxtool.formats.github",
    "doxtool.formats.json_format",
    "doxtool.formats.sarif",
    "doxtool.formats.statistics",
    "doxtool.run.baseline",
    "difflib",
    "traceback",
    # OpenSSL's hashes (every digest a check takes is a BLAKE2b: doxtool.core.digests)
    "hashlib",
    "_hashlib",
}


def _modules(root: Path, *args: str) -> set[str]:
    listing = root / "modules.json"
    result = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(listing), *args],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert result.returncode in (0, 1), result.stderr
    return set(json.loads(listing.read_text(encoding="utf-8")))


def test_a_check_imports_only_what_it_runs(make_repo) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX})
    loaded = _modules(root, "check", "--no-cache", "tools/wait.py")
    assert "doxtool.rules.engine" in loaded  # the check did run
    assert "doxtool.formats.text" in loaded
    assert loaded & _NOT_FOR_A_CHECK == set()


def test_the_cli_imports_neither_openssl_nor_subprocess() -> None:
    """What the console script imports while a side parser imports libcst
    (which imports ``subprocess`` there): git is run only in the hook mode
    (:mod:`doxtool.run.gitindex`), and every digest is a BLAKE2b."""
    script = (
        "import sys\n"
        "import doxtool.cli, doxtool.run.cache\n"
        "print(sorted({'subprocess', 'hashlib', '_hashlib'} & set(sys.modules)))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


#: what reads a prompt file's text: a check whose prompt files come from the
#: cache has no use for it (its patterns alone took some 10 ms to compile)
_PROMPT_READER = {"doxtool.prompts.parse", "doxtool.prompts.reader", "doxtool.prompts.negation"}


def test_a_check_of_one_changed_module_does_not_import_the_prompt_reader(make_repo) -> None:
    prompt = '### wait\nPause the agent.\n```json\n{"tool_name": "wait", "tool_args": {}}\n```\n'
    root = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": WAIT_DOX,
            "prompts/agent.system.tool.wait.md": prompt,
            "prompts/agent.system.tools.md": "{{tools}}\n",
        }
    )
    assert "doxtool.prompts.reader" in _modules(root, "check")  # a first check reads the prompts
    with (root / "tools/wait.py").open("a", encoding="utf-8") as module:
        module.write("# changed\n")
    loaded = _modules(root, "check", "tools/wait.py")
    assert "doxtool.prompts.listing" in loaded  # the prompt listing was read, from the cache
    assert loaded & _PROMPT_READER == set()


def test_a_format_and_a_baseline_are_imported_when_asked_for(make_repo) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX})
    accepted = {"doxtool-baseline": FORMAT_VERSION, "findings": []}
    (root / "accepted.json").write_text(json.dumps(accepted), encoding="utf-8")
    loaded = _modules(
        root, "check", "--no-cache", "--format", "sarif", "--baseline", "accepted.json"
    )
    assert {"doxtool.formats.sarif", "doxtool.run.baseline"} <= loaded
    assert "doxtool.formats.github" not in loaded


def test_every_format_name_has_its_renderer() -> None:
    for name in FORMATS:
        assert formatter(name).__module__.startswith("doxtool.formats.")
    assert set(STATISTICS) == STATISTICS_FORMATS
