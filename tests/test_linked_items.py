"""An item a companion lists may be written as a link's text
(``[`WaitTool`](#waittool)``, ``[`helpers.tool`](../helpers/tool.py)``): it
names the item as the bare code span does, and the link's target is never
read as a name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

from doxtool.companions.codespans import Span, spans

COMPANION = "tools/wait.py.dox.md"

#: each item line of the reference companion, and the same with its items linked
LINKED = {
    "- `WaitTool` (`Tool`)": "- [`WaitTool`](#waittool) (`Tool`)",
    "  - `async execute(self, **kwargs) -> Response`": (
        "  - [`async execute(self, **kwargs) -> Response`](#execute)"
    ),
    "- `_seconds_until(timestamp: str) -> float`": (
        '- [`_seconds_until(timestamp: str) -> float`](wait.py "the helper")'
    ),
    "- Notable constants/configuration names: `MAX_WAIT_SECONDS`.": (
        "- Notable constants/configuration names: [`MAX_WAIT_SECONDS`](wait.py)."
    ),
    "- `WaitTool` is a `Tool`.": "- [`WaitTool`](#waittool) is a [`Tool`](../helpers/tool.py).",
    "- `WaitTool` defines `execute(...)`.": (
        "- [`WaitTool`](#waittool) defines [`execute(...)`](#execute)."
    ),
    "- Arguments of `WaitTool`:": "- Arguments of [`WaitTool`](#waittool):",
    "- `break_loop` of `WaitTool`:": "- `break_loop` of [`WaitTool`](<#wait tool>):",
    "- Imported dependency areas include: `datetime`, `helpers.tool`, `helpers.wait`.": (
        "- Imported dependency areas include: [`datetime`](https://docs.python.org/3/), "
        "[`helpers.tool`](../helpers/tool.py), [`helpers.wait`](../helpers/wait.py)."
    ),
    "observed in the source: `managed_wait`, `Response`,": (
        "observed in the source: [`managed_wait`](../helpers/wait.py), "
        "[`Response`](../helpers/tool.py),"
    ),
}


def _write(repo: Path, replacements: dict[str, str]) -> Path:
    companion = repo / COMPANION
    text = companion.read_text(encoding="utf-8")
    for old, new in replacements.items():
        assert old in text, old
        text = text.replace(old, new)
    companion.write_text(text, encoding="utf-8")
    return companion


def _findings(result: Result) -> list[str]:
    return [line.split(": ", 1)[1] for line in result.output.splitlines() if ": DOX" in line]


def test_items_written_as_links_are_documented(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    companion = _write(reference_repo, LINKED)
    before = companion.read_bytes()
    result = run_cli(reference_repo, "check", "--no-cache", "tools/wait.py")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    run_cli(reference_repo, "check", "--no-cache", "--fix", "tools/wait.py")
    assert companion.read_bytes() == before


#: a false item of each inline list and bullet block, after a true one
FALSE = {
    "- `WaitTool` (`Tool`)\n  - `async execute(self, **kwargs) -> Response`\n": (
        "- `WaitTool` (`Tool`)\n  - `async execute(self, **kwargs) -> Response`\n"
        "- {GhostTool} (`Tool`)\n"
    ),
    "`MAX_WAIT_SECONDS`.": "`MAX_WAIT_SECONDS`, {NOPE}.",
    "`helpers.tool`, `helpers.wait`.": "`helpers.tool`, {json}, `helpers.wait`.",
    "`managed_wait`, `Response`,": "`managed_wait`, {fancy_helper}, `Response`,",
}
REPORTED = [
    "DOX105 `tools/wait.py` no longer has class `GhostTool` (documented at line 15)",
    "DOX105 `tools/wait.py` no longer assigns `NOPE` (documented at line 18)",
    "DOX131 `tools/wait.py` no longer imports `json` (documented at line 32)",
    "DOX130 `tools/wait.py` no longer calls or names `fancy_helper` (documented at line 37)",
]


def test_a_false_item_is_reported_linked_or_not(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    for form in ("`{}`", "[`{}`](../helpers/{}.py)"):
        companion = reference_repo / COMPANION
        original = companion.read_text(encoding="utf-8")
        _write(
            reference_repo,
            {
                old: new.format(
                    **{name: form.format(name, name) for name in ("GhostTool", "NOPE", "json")},
                    fancy_helper=form.format("fancy_helper", "fancy_helper"),
                )
                for old, new in FALSE.items()
            },
        )
        found = [f.rsplit(" [", 1)[0] for f in _findings(run_cli(reference_repo, "check"))]
        assert found == REPORTED, form
        # the fix removes each false item, its link with it
        run_cli(reference_repo, "check", "--fix", "--unsafe-fixes")
        assert companion.read_text(encoding="utf-8") == original, form


def test_a_rewritten_signature_keeps_its_link(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    linked = "  - [`async execute(self, **kwargs) -> Response`](#execute)"
    companion = _write(reference_repo, {LINKED_SIGNATURE: linked.replace(", **kwargs", "")})
    assert [f.split(" ", 1)[0] for f in _findings(run_cli(reference_repo, "check"))] == ["DOX105"]
    run_cli(reference_repo, "check", "--fix")
    assert f"\n{linked}\n" in companion.read_text(encoding="utf-8")


LINKED_SIGNATURE = "  - `async execute(self, **kwargs) -> Response`"


def test_an_argument_named_by_a_bare_link_in_a_table_is_read(
    reference_repo: Path, run_cli: Callable[..., Result]
) -> None:
    table = (
        "- Arguments of `WaitTool`:\n\n"
        "| argument | contract |\n| --- | --- |\n"
        '| [until](#until) | optional string, default `""`. |\n'
        "| [`seconds`](#seconds) | optional number, default `0`. |\n"
        "| [minutes](#minutes) | optional integer, default `0`. |\n\n"
    )
    companion = reference_repo / COMPANION
    text = companion.read_text(encoding="utf-8")
    start = text.index("- Arguments of `WaitTool`:")
    end = text.index("- `break_loop` of")
    companion.write_text(text[:start] + table + text[end:], encoding="utf-8")
    result = run_cli(reference_repo, "check", "--no-cache", "tools/wait.py")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    companion.write_text(
        text[:start] + table.replace("[minutes](#minutes)", "[hours](#hours)") + text[end:],
        encoding="utf-8",
    )
    found = _findings(run_cli(reference_repo, "check", "--no-cache", "tools/wait.py"))
    assert any("`hours`" in f for f in found) and any("`minutes`" in f for f in found), found


def test_a_link_is_one_code_span_and_its_target_no_text() -> None:
    assert spans('a [`x.y`](../x/y.py "t"), `z`.') == (
        Span(False, "a ", 0, 2),
        Span(True, "x.y", 2, 24),
        Span(False, ", ", 24, 26),
        Span(True, "z", 26, 29),
        Span(False, ".", 29, 30),
    )
    # an image, an escaped bracket, more text in the link: the span alone
    for text in ("![`x`](x.png)", "\\[`x`](x.py)", "[`x` and more](x.py)", "[`x`] (x.py)"):
        code = [span for span in spans(text) if span.code]
        assert [(s.text, s.end - s.start) for s in code] == [("x", 3)], text
