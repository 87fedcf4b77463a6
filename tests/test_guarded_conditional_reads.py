"""A conditional expression whose test finds the key its arm reads
(``args.get("name").strip() if args.get("name") else ""``, ``args["name"] if
"name" in args else ""``) stands for the argument, a missing key giving the
other arm, as ``args.get("name") or ""`` does: a check past it refuses that."""

from __future__ import annotations

import pytest
from bothwalks import execute_facts

CHECK = (
    "        if not name:\n"
    '            return Response(message="name is required", break_loop=False)\n'
    "        return Response(message=name, break_loop=False)\n"
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ('self.args.get("name").strip() if self.args.get("name") else ""', ("required", "-")),
        ('self.args["name"] if "name" in self.args else ""', ("required", "-")),
        ('"" if "name" not in self.args else self.args["name"].strip()', ("required", "-")),
        (
            'str(self.args.get("name", "")).strip() if self.args.get("name") else ""',
            ("required", "-"),
        ),
        # a fallback the check passes is the default
        ('self.args.get("name") if self.args.get("name") else "anon"', ("optional", "anon")),
    ],
)
def test_a_guarded_read_in_a_conditional_expression_is_checked_as_the_argument(
    make_repo, run_cli, value: str, expected: tuple[str, object]
) -> None:
    body = f"        name = {value}\n{CHECK}"
    assert execute_facts(make_repo, run_cli, body)["name"] == expected


def test_a_test_of_another_key_leaves_the_name_standing_for_no_argument(make_repo, run_cli) -> None:
    body = f'        name = self.args.get("name") if self.args.get("use") else ""\n{CHECK}'
    assert execute_facts(make_repo, run_cli, body)["name"][0] != "required"
