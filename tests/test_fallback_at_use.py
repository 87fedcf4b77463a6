"""A missing argument's ``None`` replaced where the name is used, not bound
again: ``payload = {"size": size or "2K"}`` sends ``"2K"``, ``True if
watermark is None else bool(watermark)`` gives ``True``. What a missing
argument gives is then not known (another use may hand on the ``None``):
no ``null`` is claimed, and a companion's ``"2K"`` is kept, in both walks
(a tool's ``execute`` and a helper it hands its arguments) and for a
parameter of ``execute``."""

from __future__ import annotations

from textwrap import dedent

import pytest
from bothwalks import WALKS, tool_module

IN_A_DICT = """\
size = A.get("size")
payload = {"size": size or "2K"}
print(payload)
"""

CHAINED = """\
size = A.get("size")
print(A.get("preset") or size or "2K")
"""

IN_A_TEST = """\
mark = A.get("watermark")
print({"watermark": True if mark is None else bool(mark)})
"""

SAME_VALUE = """\
url = A.get("url", "")
print(url or "")
raw = A.get("raw")
print(int(raw) if raw is not None else None)
"""

GIVEN_WAY = """\
url = A.get("url", "")
print(A.get("hash") or url or "")
"""

IN_A_TEST_OF_TRUTH = """\
size = A.get("size")
if size or A.get("force"):
    print(size)
mark = A.get("mark")
print("marked" if mark else "plain")
"""

IN_A_JOINED_TEST_OF_TRUTH = """\
size = A.get("size")
if size or A.get("force") or A.get("all"):
    print(size)
mark = A.get("mark")
if (mark or A.get("x")) and A.get("y"):
    print(mark)
flag = A.get("flag")
while not (flag or A.get("x") or A.get("y")):
    print(flag)
kind = A.get("kind")
print([k for k in range(3) if kind or A.get("x")])
tag = A.get("tag")
match A.get("mode"):
    case "a" if tag or A.get("x"):
        print(tag)
"""

PARAMETERS_TESTED_TOGETHER = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, fill=[], press=[], click=[], **kwargs):
        if fill or press or click:
            print(fill, press, click)
        return Response(message="done", break_loop=False)
"""

BOUND_AGAIN = """\
size = A.get("size")
size = size or "2K"
print(size)
"""

PARAMETERS = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, size=None, watermark=None, note=None, **kwargs):
        payload = {"size": size or "2K", "watermark": True if watermark is None else watermark}
        print(note)
        return Response(message=str(payload), break_loop=False)
"""

COMPANION_ARGUMENTS = """\
- Arguments of `T`:
  - `size`: optional, default `"2K"`.
  - `watermark`: optional, default `true`.
  - `note`: optional, default `null`.
"""


def _argument(run_cli, root, name: str) -> dict[str, object]:
    return {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}[name]


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize(
    ("code", "name"), [(IN_A_DICT, "size"), (CHAINED, "size"), (IN_A_TEST, "watermark")]
)
def test_a_fallback_where_the_name_is_used_leaves_the_default_unknown(
    run_cli, make_repo, walk: str, code: str, name: str
) -> None:
    root = make_repo(WALKS[walk](dedent(code)))
    argument = _argument(run_cli, root, name)
    assert (argument["has_default"], argument["default_unknown"]) == (False, True), argument


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_chain_giving_way_to_the_value_held_replaces_nothing(
    run_cli, make_repo, walk: str
) -> None:
    # ``hash or url or ""``: a truthy ``hash`` is its own value, whatever
    # ``url`` holds; a falsy one leaves ``url or ""``, which keeps a missing ``""``
    root = make_repo(WALKS[walk](dedent(GIVEN_WAY)))
    url = _argument(run_cli, root, "url")
    assert (url["has_default"], url["default"]) == (True, ""), url


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_value_tested_for_truth_only_is_not_replaced(run_cli, make_repo, walk: str) -> None:
    root = make_repo(WALKS[walk](dedent(IN_A_TEST_OF_TRUTH)))
    for name in ("size", "mark"):
        argument = _argument(run_cli, root, name)
        assert argument["default_unknown"] is False, argument


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_an_or_inside_a_test_of_truth_is_not_replaced(run_cli, make_repo, walk: str) -> None:
    """``a or b or c`` (``(a or b) or c``) and ``(a or b) and c`` tested for
    truth give no value: each ``or`` inside is only tested too; so does an
    ``or`` in a comprehension's ``if`` or a ``case``'s guard."""
    root = make_repo(WALKS[walk](dedent(IN_A_JOINED_TEST_OF_TRUTH)))
    for name in ("size", "mark", "flag", "kind", "tag"):
        argument = _argument(run_cli, root, name)
        assert argument["default_unknown"] is False, argument


def test_parameters_tested_together_keep_their_defaults(run_cli, make_repo) -> None:
    root = make_repo({"tools/t.py": PARAMETERS_TESTED_TOGETHER})
    for name in ("fill", "press", "click"):
        argument = _argument(run_cli, root, name)
        assert (argument["has_default"], argument["default"]) == (True, []), argument


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_fallback_that_binds_the_name_again_is_the_default(run_cli, make_repo, walk: str) -> None:
    root = make_repo(WALKS[walk](dedent(BOUND_AGAIN)))
    argument = _argument(run_cli, root, "size")
    assert (argument["has_default"], argument["default"]) == (True, "2K")


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_fallback_giving_the_value_held_replaces_nothing(run_cli, make_repo, walk: str) -> None:
    root = make_repo(WALKS[walk](dedent(SAME_VALUE)))
    url = _argument(run_cli, root, "url")
    raw = _argument(run_cli, root, "raw")
    assert (url["has_default"], url["default"]) == (True, "")
    assert raw["default_unknown"] is False


def test_parameters_replaced_where_used_claim_no_null(run_cli, make_repo) -> None:
    root = make_repo({"tools/t.py": PARAMETERS})
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/t.py.dox.md").read_text()
    assert "  - `size`: optional.\n" in text, text
    assert "  - `watermark`: optional.\n" in text, text
    assert "  - `note`: optional, default `null`.\n" in text, text


def test_a_companion_stating_the_fallback_is_kept(run_cli, make_repo) -> None:
    root = make_repo({"tools/t.py": PARAMETERS})
    run_cli(root, "check", "--fix", "--select", "DOX")
    companion = root / "tools/t.py.dox.md"
    lines = companion.read_text().splitlines(keepends=True)
    start = lines.index("- Arguments of `T`:\n")
    lines[start : start + 4] = [COMPANION_ARGUMENTS]
    companion.write_text("".join(lines))
    result = run_cli(root, "check", "--select", "DOX")
    assert "DOX111" not in result.output, result.output
    run_cli(root, "check", "--fix", "--select", "DOX")
    assert COMPANION_ARGUMENTS in companion.read_text()


CHECKED_ELSEWHERE = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        reply_to = self.args.get("reply_to", "")
        action = self.args.get("action", "send")
        if action == "send":
            ref = reply_to if reply_to else None
            return Response(message=str(ref), break_loop=False)
        elif action == "reply":
            if not reply_to:
                return Response(message="reply_to is required", break_loop=False)
            return Response(message=reply_to, break_loop=False)
        return Response(message="unknown action", break_loop=False)
"""


def test_a_check_of_the_name_still_judges_what_the_read_gives(run_cli, make_repo) -> None:
    """The fallback at one use leaves the default unknown; a check of the
    name elsewhere still refuses the ``""`` the read gives there, so the
    argument stays needed for that action (required or optional)."""
    root = make_repo({"tools/t.py": CHECKED_ELSEWHERE})
    argument = _argument(run_cli, root, "reply_to")
    assert argument["required_unknown"] is True, argument
    assert (argument["has_default"], argument["default_unknown"]) == (False, True), argument


SHOWN_EITHER_WAY = """\
text = A.get("text", "")
print(f"{text[:50]}..." if len(text) > 50 else text)
"""


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_value_shown_in_both_arms_is_not_replaced(run_cli, make_repo, walk: str) -> None:
    root = make_repo(WALKS[walk](dedent(SHOWN_EITHER_WAY)))
    argument = _argument(run_cli, root, "text")
    assert (argument["has_default"], argument["default"]) == (True, ""), argument


CHECKED_PAST_THE_USE = """\
path = A.get("path", "")
label = path or "none"
if not path:
    raise ValueError("path is required")
print(label)
"""


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_check_past_the_use_judges_what_the_name_holds(run_cli, make_repo, walk: str) -> None:
    """``label = path or "none"`` leaves ``path`` holding the ``""`` a
    missing key gives; ``if not path: raise`` past it refuses that on every
    call: the argument is required, not optional."""
    root = make_repo(WALKS[walk](dedent(CHECKED_PAST_THE_USE)))
    argument = _argument(run_cli, root, "path")
    assert argument["required"] is True, argument
    assert argument["has_default"] is False, argument


PARAMETER_CHECKED = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, path: str = "", **kwargs):
        label = path or "none"
        if not path:
            return Response(message="Error: 'path' is required", break_loop=False)
        return Response(message=label, break_loop=False)
"""

PARAMETER_CHECKED_ELSEWHERE = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, action: str = "status", path: str = "", **kwargs):
        match action:
            case "start":
                workspace = path if path else None
                return Response(message=f"started {workspace}", break_loop=False)
            case "navigate":
                if not path:
                    return Response(message="Error: 'path' is required", break_loop=False)
                return Response(message=path, break_loop=False)
            case _:
                return Response(message="unknown action", break_loop=False)
"""


@pytest.mark.parametrize(
    ("code", "presence"),
    [(PARAMETER_CHECKED, (True, False)), (PARAMETER_CHECKED_ELSEWHERE, (False, True))],
)
def test_a_check_of_a_parameter_judges_its_literal_default(
    run_cli, make_repo, code: str, presence: tuple[bool, bool]
) -> None:
    """A parameter's ``""`` replaced at one use (``path or "none"``, ``path
    if path else None``) is still what the name holds: ``if not path`` on
    every call makes it required, in one action's branch needed on some
    calls only (required or optional), never optional; the companion says so."""
    root = make_repo({"tools/t.py": code})
    argument = _argument(run_cli, root, "path")
    assert (argument["required"], argument["required_unknown"]) == presence, argument
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/t.py.dox.md").read_text()
    word = "required" if presence[0] else "required or optional"
    assert f"  - `path`: {word} string.\n" in text, text


HEADING_HOLDS_NONE = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        session = int(self.args.get("session", 0))
        return Response(message=str(session), break_loop=False)

    def get_heading(self, text: str = "") -> str:
        session = self.args.get("session", None)
        session_text = f"[{session}] " if session or session == 0 else ""
        return f"{session_text}{text}"
"""


def test_a_held_literal_elsewhere_leaves_the_default_as_it_was(run_cli, make_repo) -> None:
    """A heading's read (``None``, written into a text) is for the checks
    of that name only: the default ``execute`` reads stays ``0``."""
    root = make_repo({"tools/t.py": HEADING_HOLDS_NONE})
    argument = _argument(run_cli, root, "session")
    assert (argument["has_default"], argument["default"]) == (True, 0), argument


WRITTEN_INTO_A_TEXT = """\
session = A.get("session", None)
print(f"[{session}] " if session or session == 0 else "")
"""


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_value_written_into_a_text_is_not_replaced(run_cli, make_repo, walk: str) -> None:
    """``f"[{session}] " if session else ""`` makes a label of the value, no
    value of the argument: what a missing key gives is still the read's."""
    root = make_repo(WALKS[walk](dedent(WRITTEN_INTO_A_TEXT)))
    argument = _argument(run_cli, root, "session")
    assert (argument["has_default"], argument["default_unknown"]) == (True, False), argument


STAND_INS_CHECKED = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, uri: str = "", url: str = "", path: str = "", **kwargs):
        source = uri or url or path or ""
        if not source:
            return Response(message="No 'uri' provided (accepts uri/url/path)", break_loop=False)
        return Response(message=source, break_loop=False)
"""


def test_a_held_literal_of_stand_ins_refused_together_is_not_denied(run_cli, make_repo) -> None:
    """``uri: str = ""`` replaced at its use by ``uri or url or path``, whose
    joint absence a check refuses: the ``""`` is in the code all the same,
    and a companion giving it is not contradicted (nor rewritten by a fix)."""
    root = make_repo({"tools/t.py": STAND_INS_CHECKED})
    run_cli(root, "check", "--fix", "--select", "DOX")
    companion = root / "tools/t.py.dox.md"
    text = companion.read_text()
    line = "  - `uri`: optional string, alternative to `path`, `url`.\n"
    assert line in text, text
    companion.write_text(text.replace(line, line.replace(".\n", ', default `""`.\n')))
    result = run_cli(root, "check", "--select", "DOX")
    assert "DOX111" not in result.output, result.output
    run_cli(root, "check", "--fix", "--select", "DOX")
    assert ', default `""`.\n' in companion.read_text()
