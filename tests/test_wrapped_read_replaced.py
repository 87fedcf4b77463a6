"""A read under conversions and string methods whose empty value the next
statement using the name replaces: ``model = str(args.get("model",
"")).strip()``, then ``if not model: model = DEFAULT_MODEL``. A missing
``model`` ends as ``DEFAULT_MODEL``, not the ``""`` the read gives, as for a
bare read (``model = args.get("model", "")``); in both walks (a tool's
``execute`` and a helper it hands its arguments)."""

from __future__ import annotations

from textwrap import dedent

import pytest
from bothwalks import WALKS, kinds_and_defaults

REPLACED = """\
model = str(A.get("model", "")).strip()
if not model:
    model = "m-default"
print(model)
role = A.get("role", "").lower()
if not role:
    role = "coding"
print(role)
"""

REPLACED_THEN_CHECKED = """\
model = str(A.get("model", "")).strip()
if not model:
    model = "lit"
if not model:
    raise ValueError("model is required")
print(model)
"""

NOT_KNOWN = """\
model = str(A.get("model", "")).strip()
if not model:
    model = pick()
print(model)
size = str(A.get("size", "")).strip()
print({"size": size or "2K"})
"""

DROPPED = """\
note = str(A.get("note", "x")).strip()
note = A.get("note")
print(note)
"""

KEPT = """\
text = str(A.get("text", "")).strip()
if not text:
    raise ValueError("text is required")
print(text)
label = A.get("label", "").strip()
print(label)
"""


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_the_replacement_is_the_default(run_cli, make_repo, walk: str) -> None:
    root = make_repo(WALKS[walk](dedent(REPLACED)))
    found = kinds_and_defaults(run_cli, root)
    assert found["model"] == ("optional", "m-default"), found
    assert found["role"] == ("optional", "coding"), found


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_check_past_the_replacement_needs_nothing(run_cli, make_repo, walk: str) -> None:
    root = make_repo(WALKS[walk](dedent(REPLACED_THEN_CHECKED)))
    assert kinds_and_defaults(run_cli, root)["model"] == ("optional", "lit")


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_replacement_not_known_claims_no_default(run_cli, make_repo, walk: str) -> None:
    root = make_repo(WALKS[walk](dedent(NOT_KNOWN)))
    found = kinds_and_defaults(run_cli, root)
    assert found["model"] == ("optional", "-"), found
    assert found["size"] == ("optional", "-"), found


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_default_the_name_drops_unused_is_none(run_cli, make_repo, walk: str) -> None:
    root = make_repo(WALKS[walk](dedent(DROPPED)))
    assert kinds_and_defaults(run_cli, root)["note"] == ("optional", "-")


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_what_nothing_replaces_is_unchanged(run_cli, make_repo, walk: str) -> None:
    root = make_repo(WALKS[walk](dedent(KEPT)))
    found = kinds_and_defaults(run_cli, root)
    assert found["text"] == ("required", "-"), found
    assert found["label"] == ("optional", ""), found


def test_the_companion_states_the_replacement(run_cli, make_repo) -> None:
    code = dedent(
        """\
        from helpers.tool import Response, Tool

        DEFAULT_MODEL = "m-default"


        class T(Tool):
            async def execute(self, **kwargs):
                model = str(kwargs.get("model", "")).strip()
                if not model:
                    model = DEFAULT_MODEL
                return Response(message=model, break_loop=False)
        """
    )
    root = make_repo({"tools/t.py": code})
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/t.py.dox.md").read_text()
    assert '  - `model`: optional string, default `"m-default"`.\n' in text, text
    assert run_cli(root, "check", "--select", "DOX").exit_code == 0
