"""Items of one-line lists (imports, called helpers, constants) and related
tests, in every spelling that names the same thing: true ones give no
finding, and ``--fix`` never writes a second spelling of an item."""

from __future__ import annotations

from pathlib import Path

from test_outline_truth import (
    AGENT_ZERO,
    DOXTOOL,
    Run,
    _edit,
    _findings,
    _fix,
    _helper_repo,
    _read,
    _settled,
)

# --- imports ----------------------------------------------------------------------

PATHS = """\
import os.path


def base(p: str) -> str:
    return os.path.basename(p)
"""


def test_import_of_a_submodule_imports_its_parent(make_repo, run_cli: Run) -> None:
    root = _helper_repo(make_repo, AGENT_ZERO, PATHS, "paths")
    _settled(run_cli, root, "helpers/paths.py.dox.md")
    _edit(root, "helpers/paths.py.dox.md", "include: `os.path`.", "include: `os`, `os.path`.")
    assert _findings(run_cli, root) == []


REPLY = """\
from .tool import Response


def reply(text: str) -> Response:
    return Response(message=text, break_loop=False)
"""


def test_a_relative_import_in_either_spelling_is_one_import(make_repo, run_cli: Run) -> None:
    for config, written, other in [
        (AGENT_ZERO, "`tool`", "`helpers.tool`"),
        (DOXTOOL, "`helpers.tool`", "`tool`"),
    ]:
        root = _helper_repo(make_repo, config, REPLY, "reply")
        companion = "helpers/reply.py.dox.md"
        (root / companion).unlink(missing_ok=True)
        text = _settled(run_cli, root, companion)
        assert f"include: {written}." in text
        _edit(root, companion, f"include: {written}.", f"include: {other}.")
        assert _findings(run_cli, root, "helpers/reply.py") == []
        assert f"include: {other}." in _settled(run_cli, root, companion)


# --- called helpers ---------------------------------------------------------------

TEXT = '''\
"""Text helpers."""


def clean(text: str) -> str:
    return text.strip()


class Formatter:
    def render(self, text: str) -> str:
        return text

    @classmethod
    def create(cls) -> "Formatter":
        return cls()
'''
ECHO_BASE = """\
from helpers.tool import Response, Tool


class BaseEcho(Tool):
    async def execute(self, **kwargs) -> Response:
        return Response(message="", break_loop=False)

    def prepare(self, value: str) -> str:
        return value
"""
ECHO = '''\
"""Echo text back."""

from helpers import text as txt
from helpers.echo_base import BaseEcho
from helpers.text import Formatter
from helpers.tool import Response


class EchoTool(BaseEcho):
    """Echo the given text."""

    async def execute(self, **kwargs) -> Response:
        value = super().prepare(str(self.args.get("text", "")))
        fmt = Formatter.create()
        value = txt.clean(value)
        return Response(message=fmt.render(value), break_loop=False)
'''
HELPERS = "- Important called helpers/classes observed in the source: "


def _echo_repo(make_repo, run_cli: Run) -> tuple[Path, str]:
    root = make_repo(
        {
            "doxtool.toml": DOXTOOL,
            "helpers/text.py": TEXT,
            "helpers/echo_base.py": ECHO_BASE,
            "tools/echo.py": ECHO,
        }
    )
    text = _settled(run_cli, root, "tools/echo.py.dox.md")
    assert f"{HELPERS}`clean`, `create`, `Response`.\n" in text
    return root, "tools/echo.py.dox.md"


def test_a_helper_written_through_an_import_alias_is_listed(make_repo, run_cli: Run) -> None:
    root, companion = _echo_repo(make_repo, run_cli)
    _edit(root, companion, "`clean`, `create`", "`txt.clean`, `create`")
    assert _findings(run_cli, root, "tools/echo.py") == []
    assert f"{HELPERS}`txt.clean`, `create`, `Response`.\n" in _settled(run_cli, root, companion)


def test_a_method_reached_through_super_or_an_instance_is_not_stale(
    make_repo, run_cli: Run
) -> None:
    root, companion = _echo_repo(make_repo, run_cli)
    written = "`Response`, `BaseEcho.prepare`, `Formatter.render`, `Formatter.gone`"
    _edit(root, companion, "`Response`.", f"{written}.")
    assert [f.split(": ", 1)[1] for f in _findings(run_cli, root, "tools/echo.py")] == [
        "DOX130 `tools/echo.py` no longer calls or names `Formatter.gone` (documented at line 26) [*]"
    ]


# --- constants ----------------------------------------------------------------------

SHAPES = """\
from typing import Final

MAX_ITEMS: Final = 3
DEFAULT_NAME: str = "x"
_PRIVATE_LIMIT = 10
"""


def test_a_constant_written_with_its_value_is_compared_by_name_and_value(
    make_repo, run_cli: Run
) -> None:
    root = _helper_repo(make_repo, DOXTOOL, SHAPES, "shapes")
    companion = "helpers/shapes.py.dox.md"
    lead = "- Notable constants/configuration names: "
    assert f"{lead}`MAX_ITEMS`, `DEFAULT_NAME`, `_PRIVATE_LIMIT`.\n" in _settled(
        run_cli, root, companion
    )
    _edit(root, companion, "`MAX_ITEMS`,", "`MAX_ITEMS = 3`,")
    _edit(root, companion, "`DEFAULT_NAME`", "`DEFAULT_NAME: str = 'x'`")
    _edit(root, companion, "`_PRIVATE_LIMIT`", "`_PRIVATE_LIMIT = 10`")
    assert _findings(run_cli, root) == []
    _edit(root, companion, "`MAX_ITEMS = 3`", "`MAX_ITEMS = 5`")
    assert [f.split(": ", 1)[1] for f in _findings(run_cli, root)] == [
        "DOX105 `helpers/shapes.py` assigns `MAX_ITEMS = 3` now, not `MAX_ITEMS = 5` "
        "(documented at line 11) [*]"
    ]
    assert (
        f"{lead}`MAX_ITEMS = 3`, `DEFAULT_NAME: str = 'x'`, `_PRIVATE_LIMIT = 10`.\n"
        in _settled(run_cli, root, companion)
    )


# --- related tests ------------------------------------------------------------------

TEST_SHAPES = "from helpers import shapes\n\n\ndef test_load():\n    assert shapes.MAX_ITEMS\n"
SAMPLE_TEST = '''\
"""Samples of module text (no helpers module is imported)."""

SAMPLE = """
from helpers import shapes
"""


def test_sample_has_import():
    assert SAMPLE.strip().startswith("from")
'''
TESTS_LEAD = "- Related tests observed by source search:\n"


def _tests_repo(make_repo, run_cli: Run) -> tuple[Path, str]:
    root = _helper_repo(
        make_repo,
        DOXTOOL,
        SHAPES,
        "shapes",
        **{"tests/test_shapes.py": TEST_SHAPES, "tests/test_samples.py": SAMPLE_TEST},
    )
    companion = "helpers/shapes.py.dox.md"
    assert f"{TESTS_LEAD}  - `tests/test_shapes.py`\n\n" in _settled(run_cli, root, companion)
    return root, companion


def test_a_test_named_with_a_node_id_or_a_selection_is_its_file(make_repo, run_cli: Run) -> None:
    root, companion = _tests_repo(make_repo, run_cli)
    listed = "  - `tests/test_shapes.py::test_load`\n  - `tests/test_shapes.py -k load`\n"
    _edit(root, companion, "  - `tests/test_shapes.py`\n", listed)
    assert _findings(run_cli, root) == []
    assert f"{TESTS_LEAD}{listed}\n" in _settled(run_cli, root, companion)
    _edit(root, companion, "`tests/test_shapes.py -k load`", "`tests/test_gone.py::test_a`")
    assert [f.split(": ", 1)[1] for f in _findings(run_cli, root)] == [
        "DOX140 related test `tests/test_gone.py::test_a` does not exist "
        "(documented at line 25) [*]"
    ]


def test_a_test_written_with_dot_slash_or_as_a_link_is_listed(make_repo, run_cli: Run) -> None:
    root, companion = _tests_repo(make_repo, run_cli)
    for listed in (
        "  - `./tests/test_shapes.py`\n",
        "  - [test_shapes](../tests/test_shapes.py)\n",
        "  - [`tests/test_shapes.py`](https://example.com/tests/test_shapes.py)\n",
    ):
        text = _read(root, companion)
        start = text.index(TESTS_LEAD) + len(TESTS_LEAD)
        end = text.index("\n\n", start) + 1
        (root / companion).write_text(text[:start] + listed + text[end:], encoding="utf-8")
        assert _findings(run_cli, root) == [], listed
        assert f"{TESTS_LEAD}{listed}\n" in _settled(run_cli, root, companion)


def test_a_test_listed_as_a_link_is_stale_once_its_file_is_gone(make_repo, run_cli: Run) -> None:
    """A link bullet lists the test it points to, so once the file is gone
    the item is stale, as a code span is: the fix removes a link alone
    (whatever form its target takes) and leaves a link with words after it,
    or nested words under it, to its person."""
    root, companion = _tests_repo(make_repo, run_cli)
    (root / "tests/test_gone.py").write_text("import helpers.shapes\n", encoding="utf-8")
    listed = (
        "  - `tests/test_shapes.py`\n"
        "  - [tests/test_gone.py](../tests/test_gone.py)\n"
        "  - [`tests/test_gone.py`](../tests/test_gone.py#L3) \u2014 the slow paths.\n"
        "  - [tests/test_gone.py](tests/test_gone.py).\n"
        "  - [./tests/test_gone.py](/tests/test_gone.py)\n"
        "    - run with `-k slow`\n"
        "  - [the old cases](../tests/test_gone.py)\n"
    )
    _edit(root, companion, "  - `tests/test_shapes.py`\n", listed)
    assert _findings(run_cli, root) == []
    (root / "tests/test_gone.py").unlink()
    gone = "DOX140 related test `{}` does not exist (documented at line {})"
    assert [f.split(": ", 1)[1] for f in _findings(run_cli, root)] == [
        gone.format("tests/test_gone.py", 25) + " [*]",
        gone.format("tests/test_gone.py", 26),
        gone.format("helpers/tests/test_gone.py", 27) + " [*]",
        gone.format("tests/test_gone.py", 28),
        gone.format("tests/test_gone.py", 30),
    ]
    _fix(run_cli, root)
    assert (
        f"{TESTS_LEAD}  - `tests/test_shapes.py`\n"
        "  - [`tests/test_gone.py`](../tests/test_gone.py#L3) \u2014 the slow paths.\n"
        "  - [./tests/test_gone.py](/tests/test_gone.py)\n"
        "    - run with `-k slow`\n"
        "  - [the old cases](../tests/test_gone.py)\n\n"
    ) in _read(root, companion)


def test_a_gone_link_gives_way_to_the_tests_there_are(make_repo, run_cli: Run) -> None:
    root, companion = _tests_repo(make_repo, run_cli)
    _edit(
        root,
        companion,
        "  - `tests/test_shapes.py`\n",
        "  - [tests/test_gone.py](../tests/test_gone.py)\n",
    )
    assert [f.split(": ", 1)[1] for f in _findings(run_cli, root)] == [
        "DOX140 test `tests/test_shapes.py` imports or names the module but is not listed [*]",
        "DOX140 related test `tests/test_gone.py` does not exist (documented at line 24) [*]",
    ]
    assert f"{TESTS_LEAD}  - `tests/test_shapes.py`\n\n" in _settled(run_cli, root, companion)
    # with no test left to list, the list becomes the sentence for none
    (root / "tests/test_shapes.py").unlink()
    _edit(
        root,
        companion,
        "  - `tests/test_shapes.py`\n",
        "  - [tests/test_shapes.py](../tests/test_shapes.py)\n",
    )
    assert [f.split(": ", 1)[1] for f in _findings(run_cli, root)] == [
        "DOX140 related test `tests/test_shapes.py` does not exist (documented at line 24) [*]",
    ]
    assert TESTS_LEAD not in _settled(run_cli, root, companion)


def test_an_import_inside_a_string_does_not_make_a_related_test(make_repo, run_cli: Run) -> None:
    root, companion = _tests_repo(make_repo, run_cli)
    assert "test_samples" not in _read(root, companion)


def test_every_form_of_import_or_dotted_name_makes_a_related_test(make_repo, run_cli: Run) -> None:
    root = _helper_repo(
        make_repo,
        DOXTOOL,
        SHAPES,
        "shapes",
        **{
            "tests/test_a.py": 'import importlib\nS = importlib.import_module("helpers.shapes")\n',
            "tests/test_b.py": "from helpers import (\n    shapes,\n)\n",
            "tests/test_c.py": "import os, helpers.shapes as s\n",
            "tests/test_d.py": "from helpers import (\n    tool,\n)\n",
            "tests/test_e.py": 'X = "helpers.shapes_old"\nimport os, helpers.shapes_old\n',
            # a stub under the module's name: the test never runs the module
            "tests/test_f.py": 'import sys, types\nsys.modules["helpers.shapes"] = '
            'types.ModuleType("helpers.shapes")\n',
            "tests/test_g.py": 'import pytest\nS = pytest.importorskip("helpers.shapes")\n',
        },
    )
    text = _settled(run_cli, root, "helpers/shapes.py.dox.md")
    listed = "".join(f"  - `tests/test_{x}.py`\n" for x in "abcg")
    assert f"{TESTS_LEAD}{listed}\n" in text
