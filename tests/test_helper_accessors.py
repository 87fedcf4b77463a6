"""A tool reading its arguments through a function of a helper module that
only returns the read of the key a parameter holds, with the default another
parameter holds (``def arg(args, name, default=None): return args.get(name,
default)``, called ``to = arg(self.args, "to")``): the read has the default
the call leaves or hands as a string, and a check of what the call returns
makes the argument required, as the method form ``self._arg("to")`` does."""

from __future__ import annotations

import pytest
from bothwalks import kind, tool_module

HELPER = "def arg(args, name, default=None):\n    return args.get(name, default)\n"
HEAD = "from helpers.tool import Response, Tool\nfrom helpers.x import arg\n\n\nclass T(Tool):\n"
METHOD = (
    "    def _arg(self, name, default=None):\n"
    "        return self.args.get(name, default)\n\n"
    "    async def execute(self, **kwargs):\n"
)
MODULE = "    async def execute(self, **kwargs):\n"
READS = {
    METHOD: ('self._arg("to")', 'self._arg("mode", default="x")', 'self._arg("kind", "a")'),
    MODULE: (
        'arg(self.args, "to")',
        'arg(self.args, "mode", default="x")',
        'arg(self.args, "kind", "a")',
    ),
}
CHECKED = "        if not to:\n            return Response(message='Error: missing to', break_loop=False)\n"
#: a tool reading ``to`` through the helper module's accessor, then checking it
CHECKED_TOOL = (
    HEAD
    + MODULE
    + '        to = arg(self.args, "to")\n'
    + CHECKED
    + "        return Response(message=to, break_loop=False)\n"
)


def _facts(make_repo, run_cli, form: str, checked: bool) -> dict[str, tuple[str, object]]:
    to, mode, kind_read = READS[form]
    source = (
        HEAD
        + form
        + f"        to = {to}\n        mode = {mode}\n        k = {kind_read}\n"
        + (CHECKED if checked else "")
        + "        return Response(message=f'{to} {mode} {k}', break_loop=False)\n"
    )
    root = make_repo({"helpers/x.py": HELPER, "tools/t.py": source})
    return {
        a["name"]: (kind(a), a["default"] if a["has_default"] else "-", a["default_unknown"])
        for a in tool_module(run_cli, root)["arguments"]
    }


@pytest.mark.parametrize("checked", [True, False], ids=["refused", "unchecked"])
def test_a_helper_accessor_reads_as_the_method_form(make_repo, run_cli, checked) -> None:
    through = _facts(make_repo, run_cli, MODULE, checked)
    method = _facts(make_repo, run_cli, METHOD, checked)
    assert through["to"][0] == ("required" if checked else "optional")
    assert through["mode"] == ("optional", "x", False)
    assert through["kind"] == ("optional", "a", False)
    assert through == method


def test_a_companion_calling_it_required_agrees(make_repo, run_cli) -> None:
    source = CHECKED_TOOL
    root = make_repo({"helpers/x.py": HELPER, "tools/t.py": source})
    fixed = run_cli(root, "check", "--fix", "--select", "DOX001")
    assert fixed.exit_code == 0, fixed.output
    assert "  - `to`: required." in (root / "tools/t.py.dox.md").read_text()
    result = run_cli(root, "check", "--select", "DOX111")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    "helper",
    [
        "def arg(args, name, default=None):\n    value = args.get(name, default)\n    return value\n",
        "def arg(args, name, default=None):\n    return args.get(name, default) or default\n",
        "def arg(args, name, default=None):\n    return args.get(name, str(default))\n",
    ],
    ids=["two statements", "another value", "a made default"],
)
def test_a_function_of_another_shape_is_not_taken_for_the_read(make_repo, run_cli, helper) -> None:
    source = CHECKED_TOOL
    root = make_repo({"helpers/x.py": helper, "tools/t.py": source})
    (to,) = [a for a in tool_module(run_cli, root)["arguments"] if a["name"] == "to"]
    assert not to["required"]
    assert not to["has_default"]


@pytest.mark.parametrize(
    ("call", "default"),
    [
        ('arg(self.args, self.agent.config, "to")', "-"),
        ('arg(self.args, self.args, "to", "q")', "q"),
    ],
    ids=["another dict", "the arguments again"],
)
def test_a_fallback_on_another_dict_is_that_dict_s_default(
    make_repo, run_cli, call, default
) -> None:
    """``args.get(name, config.get(name, default))``: where ``args`` lacks the
    key, what ``config`` holds is returned; the check of it refuses no
    missing argument, and the default is known only where ``config`` is the
    arguments too."""
    helper = (
        "def arg(args, config, name, default=None):\n"
        "    return args.get(name, config.get(name, default))\n"
    )
    source = (
        HEAD
        + MODULE
        + f"        to = {call}\n"
        + CHECKED
        + "        return Response(message=to, break_loop=False)\n"
    )
    root = make_repo({"helpers/x.py": helper, "tools/t.py": source})
    (to,) = [a for a in tool_module(run_cli, root)["arguments"] if a["name"] == "to"]
    assert not to["required"]
    assert (to["default"] if to["has_default"] else "-") == default
