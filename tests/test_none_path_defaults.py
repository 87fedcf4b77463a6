"""A name bound to a read with no default (``expand = kwargs.get("expand")``)
holds ``None`` on that path when the key is missing: a literal default another
read gives (``kwargs.get("expand", "page")`` in another branch) is not what
every call gets, and none is claimed; a companion that gives it is neither
confirmed nor denied; so does a read handed to a call as it is
(``self.fetch(expand=kwargs.get("expand"))``). A read that is only tested
(``if kwargs.get(...)``, ``isinstance(kwargs.get(...), str)``), or
one that labels the call's log entry, or one under a test taking the key
present (``if "expand" in kwargs:``), leaves the default standing."""

from __future__ import annotations

import pytest
from bothwalks import WALKS, kinds_and_defaults, stated_default
from samples import clean_files

PAGES_PY = """\
from helpers.tool import Response, Tool


class Pages(Tool):
    async def execute(self, action: str = "", **kwargs) -> Response:
        if action == "get":
            expand = kwargs.get("expand", "page")
            return Response(message=f"got {expand}", break_loop=False)
        elif action == "list":
            OTHER_READ
            return Response(message=f"listed {expand}", break_loop=False)
        return Response(message="unknown action", break_loop=False)

    def get_log_object(self):
        heading = self.args.get("expand")
        return self.agent.context.log.log(type="tool", heading=str(heading))
"""

PROMPT = "### pages\nRead pages.\nargs: `action`, `expand`\n"


def _files(other_read: str) -> dict[str, str]:
    return {
        **clean_files(),
        "tools/pages.py": PAGES_PY.replace("OTHER_READ", other_read),
        "prompts/agent.system.tool.pages.md": PROMPT,
    }


def test_a_name_bound_to_a_read_with_no_default_states_none(make_repo, run_cli) -> None:
    root = make_repo(_files('expand = kwargs.get("expand")'))
    assert stated_default(run_cli, root, "tools/pages.py", "expand") == {
        "has_default": False,
        "default": None,
        "default_unknown": True,
        "type": "string",
    }
    result = run_cli(root, "check", "--no-cache", "--fix")
    companion = root / "tools/pages.py.dox.md"
    derived = companion.read_text()
    assert "  - `expand`: optional string.\n" in derived, result.output
    # the default the person wrote is true of some calls: no finding
    companion.write_text(
        derived.replace(
            "`expand`: optional string.", '`expand`: optional string, default `"page"`.'
        )
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n"), result.output


def test_a_tested_read_or_a_log_heading_keeps_the_default(make_repo, run_cli) -> None:
    other = 'expand = kwargs.get("expand", "page") if kwargs.get("expand") else "page"'
    root = make_repo(_files(other))
    assert stated_default(run_cli, root, "tools/pages.py", "expand") == {
        "has_default": True,
        "default": "page",
        "default_unknown": False,
        "type": "string",
    }


PRESENT_PY = """\
from helpers.tool import Response, Tool


class Pages(Tool):
    async def execute(self, **kwargs) -> Response:
        expand = kwargs.get("expand", "page")
        if "expand" in kwargs:
            given = kwargs.get("expand")
            return Response(message=f"given {given}", break_loop=False)
        return Response(message=f"got {expand}", break_loop=False)
"""


def test_a_read_under_a_presence_test_keeps_the_default(make_repo, run_cli) -> None:
    files = {**clean_files(), "tools/pages.py": PRESENT_PY}
    files["prompts/agent.system.tool.pages.md"] = "### pages\nRead pages.\nargs: `expand`\n"
    root = make_repo(files)
    assert stated_default(run_cli, root, "tools/pages.py", "expand") == {
        "has_default": True,
        "default": "page",
        "default_unknown": False,
        "type": "string",
    }


def test_a_read_handed_to_a_call_states_none(make_repo, run_cli) -> None:
    # ``self.fetch(expand=kwargs.get("expand"))`` hands on the ``None`` as a name would
    for handed in ('self.fetch(expand=kwargs.get("expand"))', 'print(kwargs.get("expand"))'):
        root = make_repo(_files(handed))
        assert stated_default(run_cli, root, "tools/pages.py", "expand") == {
            "has_default": False,
            "default": None,
            "default_unknown": True,
            "type": "string",
        }, handed


def test_a_read_a_call_only_tests_keeps_the_default(make_repo, run_cli) -> None:
    for tested in ('ok = isinstance(kwargs.get("expand"), str)', 'ok = bool(kwargs.get("expand"))'):
        root = make_repo(_files(tested))
        stated = stated_default(run_cli, root, "tools/pages.py", "expand")
        assert (stated["has_default"], stated["default"]) == (True, "page"), tested


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_read_in_an_arm_its_default_never_takes_keeps_the_default(
    make_repo, run_cli, walk: str
) -> None:
    """``action = args.get("action", "list")``, then ``if action == "add":
    log(args.get("action"))``: a missing key gives ``"list"``, never
    ``"add"``, so the read there finds the key given; the default stands.
    In the arm ``"list"`` takes, the read gives ``None``: none is claimed."""
    code = """\
        action = A.get("action", "list")
        if action == "add":
            print(A.get("action"))
        elif "drop" == action or action in ("edit", "move"):
            print(A.get("action"))
        elif action == "list":
            print("listing")
        """
    root = make_repo({**clean_files(), **WALKS[walk](code)})
    assert kinds_and_defaults(run_cli, root)["action"] == ("optional", "list")
    if walk == "tool":
        root = make_repo(
            {
                **clean_files(),
                **WALKS[walk](code.replace('print("listing")', 'print(A.get("action"))')),
            }
        )
        assert kinds_and_defaults(run_cli, root)["action"] == ("optional", "-")
        either = code.replace('"drop" == action or', '"list" == action or')
        root = make_repo({**clean_files(), **WALKS[walk](either)})
        assert kinds_and_defaults(run_cli, root)["action"] == ("optional", "-")


@pytest.mark.parametrize(
    "rebinding",
    ['if A.get("force"):\n    action = "add"\n', 'for action in A.get("steps", []):\n    pass\n'],
)
def test_a_name_bound_anew_may_bring_a_missing_key_into_any_arm(
    make_repo, run_cli, rebinding: str
) -> None:
    """``action = args.get("action", "list")``, then ``if force: action =
    "add"`` (or ``for action in ...``): a missing key may reach ``if action
    == "add"``, where the read gives ``None``: no default is claimed."""
    for test in ('action == "add"', 'action == "add" or action == "edit"'):
        code = (
            'action = A.get("action", "list")\n'
            + rebinding
            + f"if {test}:\n"
            + '    print(A.get("action"))\n'
        )
        root = make_repo({**clean_files(), **WALKS["tool"](code)})
        assert kinds_and_defaults(run_cli, root)["action"] == ("optional", "-"), test
