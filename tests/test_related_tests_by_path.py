"""A test that loads a module by its path, spelled in parts
(``spec_from_file_location("w", ROOT / "tools" / "wait.py")``), or that puts
the module's directory on ``sys.path`` before ``import wait``, runs the
module: it is a related test, and the companion doxtool writes lists it
rather than saying no test imports the module (as a standalone plugin's
tests often load its ``tools/`` scripts)."""

from __future__ import annotations

from pathlib import Path

from samples import clean_files

DOX = "tools/wait.py.dox.md"
NONE = "- No test imports `wait.py` yet"
CONFIG = '[tool.doxtool]\ntest-dirs = ["tests"]\n'

BY_SPEC = """\
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = importlib.util.spec_from_file_location("w", ROOT / "tools" / "wait.py")
"""
BY_JOIN = """\
import os

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "..", "tools", "wait.py")
"""
BY_SYS_PATH = """\
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
import wait  # noqa: E402
"""
BY_STR_PATH = """\
import sys
from pathlib import Path

sys.path.append(str((Path(__file__).parent.parent / "tools").resolve()))
from wait import WaitTool  # noqa: E402
"""
# another directory on the path, another file spelled, a join of words
OTHER_DIRECTORY = BY_SYS_PATH.replace('"tools"', '"lib"')
OTHER_FILE = BY_SPEC.replace('"wait.py"', '"wait_old.py"')
NOT_A_PATH = 'import wait_words\nWORDS = ", ".join(["tools", "wait.py"])\n'


def _companion(make_repo, run_cli, tests: dict[str, str]) -> str:
    files = {**clean_files(), "pyproject.toml": CONFIG, **tests}
    del files[DOX]
    root: Path = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--fix")
    assert "Traceback" not in result.output, result.output
    return (root / DOX).read_text(encoding="utf-8")


def test_a_test_loading_the_module_by_its_path_is_a_related_test(make_repo, run_cli) -> None:
    tests = {
        "tests/test_a.py": BY_SPEC,
        "tests/test_b.py": BY_JOIN,
        "tests/test_c.py": BY_SYS_PATH,
        "tests/test_d.py": BY_STR_PATH,
    }
    text = _companion(make_repo, run_cli, tests)
    assert NONE not in text
    listed = "".join(f"  - `tests/test_{x}.py`\n" for x in "abcd")
    assert f"- Related tests observed by source search:\n{listed}" in text


def test_another_path_or_directory_makes_no_related_test(make_repo, run_cli) -> None:
    tests = {
        "tests/test_e.py": OTHER_DIRECTORY,
        "tests/test_f.py": OTHER_FILE,
        "tests/test_g.py": NOT_A_PATH,
    }
    text = _companion(make_repo, run_cli, tests)
    assert NONE in text
    assert "tests/test_" not in text
