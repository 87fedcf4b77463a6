"""The printed report: one block per part, then the summary, as lines of text."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .fidelity import share


def percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def print_findings(report: dict[str, Any]) -> Iterator[str]:
    yield f"== 1. findings: {report['total']} =="
    for code, count in report["by_code"].items():
        yield f"{count:6d}  {code}"
    for code, lines in report["findings"].items():
        yield ""
        yield f"-- {code} ({len(lines)}) --"
        yield from lines


def print_fix(report: dict[str, Any]) -> Iterator[str]:
    yield f"== 2. --fix on {report['companions_before']} companions =="
    for rel, entry in report["per_companion"].items():
        yield f"{rel}"
        for sign, key in (("-", "removed"), ("+", "added")):
            for kind, items in entry[key].items():
                for item in items:
                    yield f"  {sign} [{kind}] {item}"
        for line in entry["prose_lost"]:
            yield f"  ! prose lost: {line}"
    for duplicate in report["duplicates"]:
        yield f"duplicate: {duplicate['companion']} [{duplicate['kind']}] {duplicate['item']}"
    yield (
        f"companions changed {report['companions_changed']}, created "
        f"{report['companions_created']}, deleted {len(report['companions_deleted'])}; "
        f"other files changed {len(report['other_files_changed'])}; "
        f"findings left {report['findings_after_fix']}; "
        f"a second --fix changed {len(report['second_fix_changed'])} files"
    )
    for rel in report["other_files_changed"]:
        yield f"  other file changed: {rel}"
    for rel in report["second_fix_changed"]:
        yield f"  changed by a second --fix: {rel}"


def fidelity_table(report: dict[str, Any]) -> Iterator[str]:
    """Per kind: companions whose item list is exactly the original's (of all, and
    of those where either side has items), with the same items in any order, and
    item precision/recall."""
    yield (
        f"{'kind':14} {'exact':>14} {'exact, non-empty':>18} {'same items':>11}"
        f" {'precision':>10} {'recall':>8}  items orig/gen"
    )
    yield from _kind_rows(report["per_kind"])
    chains = report["per_kind"]["helpers"]["chains"]
    yield (
        f"helper items that are call chains of their module: {chains['existing']}/"
        f"{chains['items']} ({percent(chains['share'])}); unverifiable (module does not "
        f"parse here) {chains['unverifiable_items']}; helper lines equal to the format's "
        f"derivation {chains['equal_to_convention']}/{chains['modules']}"
    )
    if "per_kind_generated_layout" in report:
        yield (
            f"companions in the generator's layout only ({report['generated_layout']}; "
            "hand-written ones left out):"
        )
        yield from _kind_rows(report["per_kind_generated_layout"])


def _kind_rows(per_kind: dict[str, dict[str, Any]]) -> Iterator[str]:
    for kind, row in per_kind.items():
        both_empty = row["companions"] - row["with_items"]
        exact_nonempty = row["exact"] - both_empty
        yield (
            f"{kind:14} {row['exact']:4d}/{row['companions']:<4d}{percent(row['exact_share']):>6}"
            f" {exact_nonempty:5d}/{row['with_items']:<4d}"
            f"{percent(share(exact_nonempty, row['with_items'])):>8}"
            f" {row['same_items']:11d} {percent(row['precision']):>10} {percent(row['recall']):>8}"
            f"  {row['original_items']}/{row['generated_items']}"
        )


def print_fidelity(report: dict[str, Any]) -> Iterator[str]:
    yield (
        f"== 3. regeneration of {report['companions_deleted']} companions in "
        f"{', '.join(report['directories'])}: {report['companions_regenerated']} regenerated =="
    )
    for rel in report["not_regenerated"]:
        yield f"not regenerated: {rel}"
    for rel, kinds in report["mismatches"].items():
        yield rel
        for kind, diff in kinds.items():
            for item in diff["original_only"]:
                yield f"  - [{kind}] {item}"
            for item in diff["generated_only"]:
                yield f"  + [{kind}] {item}"
            if diff["order_only"]:
                yield f"  ~ [{kind}] same items, other order"
    for item in report["per_kind"]["helpers"]["chains"]["not_chains"]:
        yield f"helper item that is no call chain: {item}"
    yield from fidelity_table(report)


def print_summary(data: dict[str, Any]) -> Iterator[str]:
    findings, fix, fidelity = data["findings"], data["fix"], data["fidelity"]
    yield "== summary =="
    yield f"corpus: {data['corpus']}  doxtool: {data['doxtool_version']}"
    yield f"findings: {findings['total']}  " + ", ".join(
        f"{code} {count}" for code, count in findings["by_code"].items()
    )
    yield (
        f"--fix removed {fix['removed_total']} items, added {fix['added_total']} items "
        f"in {fix['companions_changed']} of {fix['companions_before']} companions; "
        f"created {fix['companions_created']} companions"
    )
    for label, key in (("removed", "removed_by_kind"), ("added", "added_by_kind")):
        yield f"  {label}: " + (
            ", ".join(f"{kind} {count}" for kind, count in fix[key].items()) or "none"
        )
    yield f"prose lines lost: {len(fix['prose_lines_lost'])} (must be 0)"
    yield f"duplicates written: {len(fix['duplicates'])} (must be 0)"
    yield f"second --fix changed files: {len(fix['second_fix_changed'])} (must be 0)"
    yield "regeneration fidelity:"
    yield from ("  " + line for line in fidelity_table(fidelity))
    yield f"elapsed: {data['elapsed_seconds']:.1f} s"
