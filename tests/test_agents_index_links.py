"""DOX202's fix writes the child's Purpose into the parent's index: its
relative links are made to point from the parent where they pointed."""

from __future__ import annotations

from pathlib import Path

from samples import write_files
from test_agents import agents, check, passes, table


def test_a_purpose_link_is_rewritten_relative_to_the_index(tmp_path: Path) -> None:
    purpose = (
        "HTTP handlers; see the [design notes](design.md#retries), ![diagram](<img/flow.png>), "
        "[the spec](https://example.com/spec), [top](#api), [root](/README.md), "
        "[shared](../docs/shared.md), [outside](../../../out.md), the [guide][g] "
        "and `[code](design.md)`."
    )
    write_files(
        tmp_path,
        {
            "AGENTS.md": agents("Root", "Root.", table(("tools/AGENTS.md", "Tools."))),
            "tools/AGENTS.md": agents("tools", "Tools."),
            "svc/api/AGENTS.md": agents("api", purpose) + "\n[g]: guide.md\n",
            "svc/api/design.md": "# design\n",
            "svc/api/guide.md": "# guide\n",
            "svc/api/img/flow.png": "",
            "svc/docs/shared.md": "# shared\n",
            "README.md": "# readme\n",
        },
    )
    code, out = check(tmp_path, "--select", "DOX2", "--fix")
    assert code == 0, out
    row = next(
        line
        for line in (tmp_path / "AGENTS.md").read_text().splitlines()
        if line.startswith("| [svc/api")
    )
    assert row == (
        "| [svc/api/AGENTS.md](svc/api/AGENTS.md) | HTTP handlers; see the "
        "[design notes](svc/api/design.md#retries), ![diagram](<svc/api/img/flow.png>), "
        "[the spec](https://example.com/spec), [top](#api), [root](/README.md), "
        "[shared](svc/docs/shared.md), outside, the guide and `[code](design.md)`. |"
    )
    assert passes(tmp_path, "--select", "DOX2")
