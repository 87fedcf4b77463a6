"""A name holding a missing argument's value handed on to another name
(``arg = checkout``, ``arg = (checkout or "").strip() or None``) that a
fallback then replaces (``other = arg or self.settings.checkout``): what a
missing argument gives is the fallback, not the value the first name held.
Neither is claimed, as for a fallback where the name itself is used
(``{"size": size or "2K"}``), in both walks and for a parameter of
``execute``; a name handed on and used as it is keeps the default."""

from __future__ import annotations

from textwrap import dedent

import pytest
from bothwalks import WALKS, tool_module

HANDED_ON = """\
checkout = A.get("checkout", "")
arg = checkout
print(arg or SETTINGS.checkout)
"""

STRIPPED = """\
checkout = A.get("checkout", "")
arg = (checkout or "").strip() or None
chosen = arg or SETTINGS.checkout
print(chosen)
"""

TWICE = """\
checkout = A.get("checkout", "")
first = checkout.strip()
second = first
print(second or SETTINGS.checkout)
"""

KEPT_AS_IT_IS = """\
checkout = A.get("checkout", "")
arg = checkout.strip()
print(arg)
"""

CHECKED = """\
checkout = A.get("checkout", "")
arg = checkout.strip()
if not arg:
    raise ValueError("checkout is required")
print(arg)
"""

PARAMETERS = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, checkout="", pattern="", **kwargs):
        explicit = (checkout or "").strip() or None
        chosen = explicit or self.agent.config.default_checkout
        text = pattern.strip()
        return Response(message=f"{chosen} {text}", break_loop=False)
"""


def _argument(run_cli, root, name: str) -> dict[str, object]:
    return {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}[name]


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize("code", [HANDED_ON, STRIPPED, TWICE])
def test_a_fallback_of_the_name_handed_the_value_leaves_the_default_unknown(
    run_cli, make_repo, walk: str, code: str
) -> None:
    root = make_repo(WALKS[walk](dedent(code)))
    argument = _argument(run_cli, root, "checkout")
    assert (argument["has_default"], argument["default_unknown"]) == (False, True), argument


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_name_handed_the_value_and_used_as_it_is_keeps_the_default(
    run_cli, make_repo, walk: str
) -> None:
    root = make_repo(WALKS[walk](dedent(KEPT_AS_IT_IS)))
    argument = _argument(run_cli, root, "checkout")
    assert (argument["has_default"], argument["default"]) == (True, ""), argument


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_check_of_the_name_handed_the_value_still_refuses_it(
    run_cli, make_repo, walk: str
) -> None:
    root = make_repo(WALKS[walk](dedent(CHECKED)))
    argument = _argument(run_cli, root, "checkout")
    assert argument["required"] is True, argument


def test_a_parameter_handed_on_to_a_fallback_states_no_default(run_cli, make_repo) -> None:
    root = make_repo({"tools/t.py": PARAMETERS})
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/t.py.dox.md").read_text()
    assert "  - `checkout`: optional string.\n" in text, text
    assert '  - `pattern`: optional string, default `""`.\n' in text, text


IN_A_TRY = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, checkout="", pr="", **kwargs):
        try:
            explicit = (checkout or "").strip() or None
            checkout = explicit or self.agent.config.default_checkout
            number = int(pr)
        except ValueError as e:
            return Response(message=str(e), break_loop=False)
        return Response(message=f"{checkout} {number}", break_loop=False)
"""


def test_a_parameter_handed_on_in_a_try_states_no_default(run_cli, make_repo) -> None:
    """The body of a ``try`` runs first, in order: a name it hands the
    value to and replaces there is read as at the top of the function."""
    root = make_repo({"tools/t.py": IN_A_TRY})
    checkout = _argument(run_cli, root, "checkout")
    assert (checkout["has_default"], checkout["default_unknown"]) == (False, True), checkout
    pr = _argument(run_cli, root, "pr")
    assert (pr["has_default"], pr["default"]) == (True, ""), pr


TESTED = """\
checkout = A.get("checkout", "")
wanted = checkout == "main"
print(wanted or SETTINGS.always)
"""


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_test_of_the_value_handed_on_replaces_nothing(run_cli, make_repo, walk: str) -> None:
    """``wanted = checkout == "main"`` holds a test of the value, not the
    value: a fallback of it leaves what a missing argument gives as it was."""
    root = make_repo(WALKS[walk](dedent(TESTED)))
    argument = _argument(run_cli, root, "checkout")
    assert (argument["has_default"], argument["default"]) == (True, ""), argument


FALLBACK_IS_THE_DEFAULT = """\
checkout = A.get("checkout", "")
explicit = (checkout or "").strip() or None
chosen = explicit or ""
print(chosen)
"""

REFILLED_WITH_THE_DEFAULT = """\
checkout = A.get("checkout", "")
explicit = checkout.strip() or None
if not explicit:
    explicit = ""
print(explicit)
"""

BOUND_ANEW = """\
checkout = A.get("checkout", "")
arg = checkout.strip()
arg = SETTINGS.name
print(arg or "x", checkout)
"""


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize("code", [FALLBACK_IS_THE_DEFAULT, REFILLED_WITH_THE_DEFAULT, BOUND_ANEW])
def test_a_name_handed_the_value_that_gives_the_default_keeps_it(
    run_cli, make_repo, walk: str, code: str
) -> None:
    """A fallback or a refill of the name handed the value that gives the
    argument's own default (``explicit or ""`` for a ``""``) replaces
    nothing, nor does binding that name anew to a value not made of it:
    a missing ``checkout`` is the ``""`` it states."""
    root = make_repo(WALKS[walk](dedent(code)))
    argument = _argument(run_cli, root, "checkout")
    assert (argument["has_default"], argument["default"]) == (True, ""), argument
