"""Conformance of doxtool on a real DOX repository (the Agent Zero corpus).

``python bench/conformance.py [--corpus DIR] [--out FILE] [--keep]``

Runs the ``doxtool`` console script by subprocess on copies of the corpus and
never imports doxtool, so the figures describe the command a user runs:

1. ``doxtool init`` then ``doxtool check --format json --no-cache``: findings
   by code, then every finding (``path:line code message``) grouped by code.
2. ``doxtool check --fix`` on a second copy: per companion that existed
   before, the fact items the fix removed and added (parsed here, in the
   Agent Zero companion format), hand-written lines lost (must be zero), items
   written twice (must be zero), companions created, other files changed, and
   whether a second ``--fix`` changes anything.
3. Regeneration fidelity on a third copy: every companion in the
   file-documented directories is deleted, one ``doxtool check --fix``
   regenerates them, and the regenerated fact items are compared with the
   originals per fact kind; generated helper items are checked against the
   call chains of their module (computed with ``ast`` as the format's
   generator did).
4. A summary block; ``--out FILE`` writes everything as JSON as well.

Exit status: 0 when the run completed (whatever the figures), 2 when the
corpus or the console script is missing or a doxtool run fails.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
CORPUS_NAME = "agent-zero-2026-07"
COMPANION_SUFFIX = ".py.dox.md"

# Fact kinds compared by regeneration fidelity, in report order.
FIDELITY_KINDS = (
    "classes",
    "methods",
    "functions",
    "constants",
    "is-a/defines",
    "imports",
    "helpers",
    "side-effects",
    "tests",
)
# Kinds the fix report knows besides those: doxtool's own tool-contract lines
# and the generated lines that stand for an empty list.
ALL_KINDS = (*FIDELITY_KINDS, "tool-contract", "markers")

CLASSES_HEAD = "- Classes:"
FUNCTIONS_HEAD = "- Top-level functions:"
TESTS_HEAD = "- Related tests observed by source search:"
CONSTANTS_LEAD = "- Notable constants/configuration names:"
IMPORTS_LEAD = "- Imported dependency areas include:"
HELPERS_LEAD = "- Important called helpers/classes observed in the source:"
EFFECTS_LEAD = "- Observed side-effect areas:"
DECLARATIVE_LINE = (
    "- This module is primarily declarative or delegates behavior through classes/imported objects."
)
NO_TESTS_PREFIX = "- No direct test reference was found by name search"

CODE_SPAN = re.compile(r"`([^`]+)`")
# A class bullet, with its bases in parentheses or, written by hand, without.
CLASS_BULLET = re.compile(r"^- `([A-Za-z_]\w*)`(?: \((.*)\))?\s*$")
NESTED_SPAN = re.compile(r"^  - `(.+)`\s*$")
FUNCTION_BULLET = re.compile(r"^- `([^`]+\(.*\)[^`]*)`(?::\s*(.*))?\s*$")
IS_A = re.compile(r"^- `([^`]+)` is an? `([^`]+)`\.\s*$")
DEFINES = re.compile(r"^- `([^`]+)` defines `([^`]+)`\.\s*$")
TOOL_CONTRACT = re.compile(r"^- (Arguments of|`break_loop` of|break_loop of) ")

# Section 3.7 of the format: last dotted components never listed as helpers.
HELPER_EXCLUDED = frozenset(
    [
        "get",
        "append",
        "items",
        "update",
        "extend",
        "keys",
        "values",
        "setdefault",
        "create_task",
        "print",
        "str",
        "isinstance",
        "len",
        "int",
        "set",
        "list",
        "bool",
        "getattr",
        "setattr",
        "hasattr",
        "sorted",
        "open",
        "any",
        "all",
        "dict",
        "enumerate",
        "max",
        "min",
        "range",
        "super",
        "float",
        "reversed",
        "sum",
        "tuple",
    ]
)
HELPER_CAP = 20


# --------------------------------------------------------------------------
# Companion fact items


@dataclass
class Companion:
    """The fact items of one companion and which of its lines carry them."""

    items: dict[str, list[str]] = field(default_factory=dict)
    fact_lines: set[int] = field(default_factory=set)  # 0-based line indexes

    def add(self, kind: str, item: str, index: int) -> None:
        self.items.setdefault(kind, []).append(item)
        self.fact_lines.add(index)

    def of(self, kind: str) -> list[str]:
        return self.items.get(kind, [])


def spans(text: str) -> list[str]:
    return CODE_SPAN.findall(text)


def parse_companion(text: str) -> Companion:
    """Read the fact items of an Agent Zero companion, line by line.

    Block headers (``- Classes:``, ``- Top-level functions:``, the related
    tests header) count as fact lines without items; every other line that no
    pattern below recognises is prose.
    """
    result = Companion()
    lines = text.splitlines()
    block = ""  # "classes", "functions", "tests" or "contract"
    current_class = ""
    contract_head = ""
    for index, line in enumerate(lines):
        stripped = line.rstrip()
        if stripped == CLASSES_HEAD:
            block, current_class = "classes", ""
            result.fact_lines.add(index)
            continue
        if stripped == FUNCTIONS_HEAD:
            block = "functions"
            result.fact_lines.add(index)
            continue
        if stripped == TESTS_HEAD:
            block = "tests"
            result.fact_lines.add(index)
            continue
        if block == "classes":
            match = CLASS_BULLET.match(stripped)
            if match:
                current_class = match.group(1)
                result.add("classes", stripped[2:], index)
                continue
            nested = NESTED_SPAN.match(stripped)
            if nested and current_class:
                result.add("methods", f"{current_class}: {stripped.strip()[2:]}", index)
                continue
        if block == "functions":
            match = FUNCTION_BULLET.match(stripped)
            if match:
                result.add("functions", stripped[2:], index)
                continue
        if block == "tests":
            nested = NESTED_SPAN.match(stripped)
            if nested:
                result.add("tests", nested.group(1), index)
                continue
        if block == "contract" and stripped.startswith("  - "):
            result.add("tool-contract", f"{contract_head} {stripped.strip()}", index)
            continue
        block = ""
        if TOOL_CONTRACT.match(stripped):
            block, contract_head = "contract", stripped[2:]
            result.add("tool-contract", contract_head, index)
            continue
        kind_items = line_items(stripped)
        if kind_items is not None:
            kind, items = kind_items
            result.fact_lines.add(index)
            for item in items:
                result.add(kind, item, index)
    return result


def line_items(line: str) -> tuple[str, list[str]] | None:
    """The kind and items of a one-line fact, or None for anything else."""
    for lead, kind in (
        (CONSTANTS_LEAD, "constants"),
        (IMPORTS_LEAD, "imports"),
        (HELPERS_LEAD, "helpers"),
    ):
        if line.startswith(lead):
            return kind, spans(line[len(lead) :])
    if line.startswith(EFFECTS_LEAD):
        rest = line[len(EFFECTS_LEAD) :].strip().removesuffix(".")
        return "side-effects", [area.strip() for area in rest.split(",") if area.strip()]
    if IS_A.match(line) or DEFINES.match(line):
        return "is-a/defines", [line[2:].rstrip().removesuffix(".")]
    if line == DECLARATIVE_LINE:
        return "markers", ["primarily declarative"]
    if line.startswith(NO_TESTS_PREFIX):
        return "markers", ["no direct test reference"]
    return None


def identity(kind: str, item: str) -> str:
    """What makes two items of a kind the same item, whatever their trailing text.

    A function bullet with and without its docstring line is one function
    written twice; a class is its name.
    """
    if kind in ("classes", "functions"):
        found = spans(item)
        return found[0] if found else item
    if kind == "methods":
        owner, _, rest = item.partition(": ")
        found = spans(rest)
        return f"{owner}: {found[0] if found else rest}"
    return item


def prose_lines(text: str, parsed: Companion) -> list[str]:
    """Non-blank lines of a companion that carry no fact item."""
    return [
        line
        for index, line in enumerate(text.splitlines())
        if index not in parsed.fact_lines and line.strip()
    ]


# --------------------------------------------------------------------------
# Call chains (section 3.7 of the format)


def chain_name(node: ast.AST) -> str | None:
    """The rendering of a call's ``func``: names, attributes, flattened calls."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        receiver = chain_name(node.value)
        return f"{receiver}.{node.attr}" if receiver else node.attr
    if isinstance(node, ast.Call):
        return chain_name(node.func)
    if isinstance(node, ast.Subscript):
        return chain_name(node.value)
    return None


def call_chains(source: str) -> list[str] | None:
    """Every call chain of a module in ``ast.walk`` order, first occurrence."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    names: dict[str, None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = chain_name(node.func)
            if name:
                names.setdefault(name, None)
    return list(names)


def convention_helpers(chains: list[str]) -> list[str]:
    """The helpers line the format derives from a module's call chains."""
    kept = [name for name in chains if name.rsplit(".", 1)[-1] not in HELPER_EXCLUDED]
    return kept[:HELPER_CAP]


# --------------------------------------------------------------------------
# Running doxtool


class RunError(Exception):
    """A doxtool run that did not complete."""


def find_doxtool() -> str | list[str] | None:
    """The installed console script, else this checkout's doxtool run by this
    interpreter (``python -m doxtool`` with the checkout on the path), else None."""
    beside = Path(sys.executable).parent / "doxtool"
    if beside.is_file():
        return str(beside)
    installed = shutil.which("doxtool")
    if installed is not None:
        return installed
    checkout = Path(__file__).resolve().parents[1]
    if (checkout / "doxtool" / "__main__.py").is_file():
        return [sys.executable, "-m", "doxtool"]
    return None


@dataclass
class Doxtool:
    #: the console script, or the command that runs doxtool
    executable: str | list[str]
    runs: list[dict[str, Any]] = field(default_factory=list)

    def run(self, root: Path, *args: str, ok: tuple[int, ...] = (0, 1)) -> str:
        if isinstance(self.executable, str):
            command, env = [self.executable, *args], None
        else:
            # this checkout's package, whatever the working directory
            checkout = str(Path(__file__).resolve().parents[1])
            path = os.environ.get("PYTHONPATH")
            env = {**os.environ, "PYTHONPATH": checkout + (os.pathsep + path if path else "")}
            command = [*self.executable, *args]
        start = time.perf_counter()
        completed = subprocess.run(
            command,
            cwd=root,
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
            env=env,
        )
        seconds = time.perf_counter() - start
        self.runs.append(
            {"args": list(args), "exit": completed.returncode, "seconds": round(seconds, 3)}
        )
        if completed.returncode not in ok:
            last = (completed.stderr.strip() or completed.stdout.strip()).splitlines()
            detail = last[-1] if last else "no output"
            raise RunError(f"`doxtool {' '.join(args)}` exited {completed.returncode}: {detail}")
        return completed.stdout


def findings_of(output: str) -> list[dict[str, Any]]:
    try:
        data = json.loads(output) if output.strip() else []
    except json.JSONDecodeError as error:
        raise RunError(f"doxtool's JSON output does not parse: {error}") from None
    if isinstance(data, dict):
        data = data.get("findings", [])
    if not isinstance(data, list):
        raise RunError("doxtool's JSON output is not a list of findings")
    return [entry for entry in data if isinstance(entry, dict)]


# --------------------------------------------------------------------------
# Files


def copy_corpus(source: Path, target: Path) -> None:
    shutil.copytree(source, target, symlinks=True)
    for path in [target, *target.rglob("*")]:
        if path.is_symlink():
            continue
        mode = path.stat().st_mode
        path.chmod(mode | stat.S_IWUSR | (stat.S_IXUSR if path.is_dir() else 0))


def companions(root: Path) -> dict[str, str]:
    """Every companion under root: relative path -> text."""
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*" + COMPANION_SUFFIX)):
        if path.is_file() and ".doxtool_cache" not in path.parts:
            found[path.relative_to(root).as_posix()] = path.read_text(
                encoding="utf-8", errors="replace"
            )
    return found


def digests(root: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in root.rglob("*"):
        rel = path.relative_to(root)
        if path.is_file() and not path.is_symlink() and ".doxtool_cache" not in rel.parts:
            found[rel.as_posix()] = hashlib.sha1(path.read_bytes()).hexdigest()
    return found


def file_documented_dirs(root: Path) -> list[str]:
    """Directories whose AGENTS.md declares them file-documented, else the usual three."""
    declared = sorted(
        path.parent.relative_to(root).as_posix()
        for path in root.rglob("AGENTS.md")
        if path.parent != root
        and "file-documented" in path.read_text(encoding="utf-8", errors="replace")
    )
    if declared:
        return declared
    return [name for name in ("tools", "api", "helpers") if (root / name).is_dir()]


# --------------------------------------------------------------------------
# The three parts


def part_findings(tool: Doxtool, root: Path) -> dict[str, Any]:
    findings = findings_of(tool.run(root, "check", "--format", "json", "--no-cache"))
    by_code = Counter(str(entry.get("code", "?")) for entry in findings)
    listed: dict[str, list[str]] = {}
    for entry in sorted(
        findings, key=lambda e: (str(e.get("path", "")), line_number(e.get("line")))
    ):
        code = str(entry.get("code", "?"))
        listed.setdefault(code, []).append(
            f"{entry.get('path', '?')}:{entry.get('line', '?')} {code} {entry.get('message', '')}"
        )
    ordered = dict(sorted(by_code.items(), key=lambda kv: (-kv[1], kv[0])))
    return {
        "total": len(findings),
        "by_code": ordered,
        "findings": {code: listed[code] for code in ordered},
    }


def line_number(value: object) -> int:
    return value if isinstance(value, int) else 0


def multiset_diff(before: list[str], after: list[str]) -> tuple[list[str], list[str]]:
    old, new = Counter(before), Counter(after)
    removed = list((old - new).elements())
    added = list((new - old).elements())
    return removed, added


def compare_companion(old_text: str, new_text: str) -> dict[str, Any]:
    """What a rewrite of a companion did: items removed and added per kind,
    hand-written lines that are gone, and items (or block lines) now written
    more than once that were not before."""
    old, new = parse_companion(old_text), parse_companion(new_text)
    entry: dict[str, Any] = {"removed": {}, "added": {}, "prose_lost": [], "duplicates": []}
    for kind in ALL_KINDS:
        removed, added = multiset_diff(old.of(kind), new.of(kind))
        if removed:
            entry["removed"][kind] = removed
        if added:
            entry["added"][kind] = added
        old_count = Counter(identity(kind, item) for item in old.of(kind))
        new_count = Counter(identity(kind, item) for item in new.of(kind))
        for item, count in new_count.items():
            if count > max(1, old_count[item]):
                entry["duplicates"].append({"kind": kind, "item": item})
    old_blocks = Counter(filter(None, map(block_lead, old_text.splitlines())))
    new_blocks = Counter(filter(None, map(block_lead, new_text.splitlines())))
    for line, count in new_blocks.items():
        if count > max(1, old_blocks[line]):
            entry["duplicates"].append({"kind": "block", "item": line})
    lost = Counter(prose_lines(old_text, old)) - Counter(new_text.splitlines())
    entry["prose_lost"] = list(lost.elements())
    return entry


def part_fix(tool: Doxtool, root: Path) -> dict[str, Any]:
    before_files = digests(root)
    before = companions(root)
    remaining = findings_of(tool.run(root, "check", "--fix", "--format", "json", "--no-cache"))
    after_files = digests(root)
    after = companions(root)
    per_companion: dict[str, dict[str, Any]] = {}
    removed_by_kind: Counter[str] = Counter()
    added_by_kind: Counter[str] = Counter()
    prose_lost: list[dict[str, str]] = []
    duplicates: list[dict[str, str]] = []
    for rel, old_text in before.items():
        new_text = after.get(rel)
        if new_text is None or new_text == old_text:
            continue
        entry = compare_companion(old_text, new_text)
        for kind, items in entry["removed"].items():
            removed_by_kind[kind] += len(items)
        for kind, items in entry["added"].items():
            added_by_kind[kind] += len(items)
        prose_lost += [{"companion": rel, "line": line} for line in entry["prose_lost"]]
        duplicates += [{"companion": rel, **duplicate} for duplicate in entry["duplicates"]]
        per_companion[rel] = entry
    created = sorted(set(after) - set(before))
    deleted = sorted(set(before) - set(after))
    other_changed = sorted(
        rel
        for rel in set(before_files) | set(after_files)
        if not rel.endswith(COMPANION_SUFFIX) and before_files.get(rel) != after_files.get(rel)
    )
    tool.run(root, "check", "--fix", "--format", "json", "--no-cache")
    again = digests(root)
    not_idempotent = sorted(
        rel for rel in set(after_files) | set(again) if after_files.get(rel) != again.get(rel)
    )
    return {
        "companions_before": len(before),
        "companions_changed": len(per_companion),
        "companions_created": len(created),
        "companions_deleted": deleted,
        "other_files_changed": other_changed,
        "removed_by_kind": dict(removed_by_kind),
        "added_by_kind": dict(added_by_kind),
        "removed_total": sum(removed_by_kind.values()),
        "added_total": sum(added_by_kind.values()),
        "prose_lines_lost": prose_lost,
        "duplicates": duplicates,
        "findings_after_fix": len(remaining),
        "second_fix_changed": not_idempotent,
        "per_companion": per_companion,
    }


def block_lead(line: str) -> str | None:
    """The lead of a fact block or one-line fact, which a companion has at most once."""
    stripped = line.rstrip()
    if stripped in (CLASSES_HEAD, FUNCTIONS_HEAD, TESTS_HEAD):
        return stripped
    for lead in (CONSTANTS_LEAD, IMPORTS_LEAD, HELPERS_LEAD, EFFECTS_LEAD):
        if stripped.startswith(lead):
            return lead
    return None


def part_fidelity(tool: Doxtool, root: Path, originals: dict[str, str]) -> dict[str, Any]:
    directories = file_documented_dirs(root)
    deleted: list[str] = []
    for directory in directories:
        for path in sorted((root / directory).glob("*" + COMPANION_SUFFIX)):
            deleted.append(path.relative_to(root).as_posix())
            path.unlink()
    tool.run(root, "check", "--fix", "--no-cache", "--format", "json")
    regenerated = {
        rel: (root / rel).read_text(encoding="utf-8", errors="replace")
        for rel in deleted
        if (root / rel).is_file()
    }
    created_elsewhere = sorted(
        rel for rel in companions(root) if rel not in originals and rel.split("/")[0] in directories
    )
    mismatches: dict[str, dict[str, dict[str, list[str]]]] = {}
    per_kind = _per_kind(deleted, originals, regenerated, mismatches)
    # companions written by the generator and kept in its layout (not the
    # hand-written ones, which no derivation can reproduce)
    generated_layout = [rel for rel in deleted if GENERATED_MARK in originals[rel]]
    per_kind_generated = _per_kind(generated_layout, originals, regenerated, {})
    per_kind["helpers"]["chains"] = helper_chains(root, regenerated)
    return {
        "directories": directories,
        "companions_deleted": len(deleted),
        "companions_regenerated": len(regenerated),
        "not_regenerated": sorted(set(deleted) - set(regenerated)),
        "created_without_original": len(created_elsewhere),
        "per_kind": per_kind,
        "generated_layout": len(generated_layout),
        "per_kind_generated_layout": per_kind_generated,
        "mismatches": mismatches,
    }


#: a line only the generator's layout has (hand-written companions lack it)
GENERATED_MARK = "Update this file whenever"


def _per_kind(
    rels: list[str],
    originals: dict[str, str],
    regenerated: dict[str, str],
    mismatches: dict[str, dict[str, dict[str, list[str]]]],
) -> dict[str, dict[str, Any]]:
    per_kind: dict[str, dict[str, Any]] = {}
    for kind in FIDELITY_KINDS:
        exact = same_items = nonempty = matched = generated = original = 0
        for rel in rels:
            want = parse_companion(originals[rel]).of(kind)
            got = parse_companion(regenerated.get(rel, "")).of(kind)
            nonempty += bool(want or got)
            exact += want == got
            same_items += Counter(want) == Counter(got)
            matched += sum((Counter(want) & Counter(got)).values())
            generated += len(got)
            original += len(want)
            if want != got:
                missing, extra = multiset_diff(want, got)
                mismatches.setdefault(rel, {})[kind] = {
                    "original_only": missing,
                    "generated_only": extra,
                    "order_only": [] if missing or extra else ["order differs"],
                }
        per_kind[kind] = {
            "companions": len(rels),
            "with_items": nonempty,
            "exact": exact,
            "same_items": same_items,
            "exact_share": share(exact, len(rels)),
            "precision": share(matched, generated),
            "recall": share(matched, original),
            "generated_items": generated,
            "original_items": original,
        }
    return per_kind


def helper_chains(root: Path, regenerated: dict[str, str]) -> dict[str, Any]:
    """How many generated helper items name a call chain of their module."""
    items = existing = unverifiable = convention_equal = compared = 0
    not_chains: list[str] = []
    for rel, text in regenerated.items():
        module = root / rel.removesuffix(".dox.md")
        got = parse_companion(text).of("helpers")
        chains = (
            call_chains(module.read_text(encoding="utf-8", errors="replace"))
            if module.is_file()
            else None
        )
        if chains is None:
            unverifiable += len(got)
            continue
        compared += 1
        convention_equal += got == convention_helpers(chains)
        known = set(chains)
        for item in got:
            items += 1
            if item in known:
                existing += 1
            else:
                not_chains.append(f"{rel.removesuffix('.dox.md')}: {item}")
    return {
        "items": items,
        "existing": existing,
        "share": share(existing, items),
        "unverifiable_items": unverifiable,
        "modules": compared,
        "equal_to_convention": convention_equal,
        "not_chains": not_chains,
    }


def share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


# --------------------------------------------------------------------------
# Output


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


# --------------------------------------------------------------------------


def default_corpus() -> Path:
    beside = REPO_ROOT.parent / "shared" / "corpora" / CORPUS_NAME
    return beside if beside.is_dir() else Path("/work/shared/corpora") / CORPUS_NAME


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=None, help="corpus directory")
    parser.add_argument("--out", type=Path, default=None, help="write the report as JSON")
    parser.add_argument("--keep", action="store_true", help="keep the temporary copies")
    options = parser.parse_args(argv)
    corpus = (options.corpus or default_corpus()).resolve()
    if not corpus.is_dir():
        print(f"error: corpus not found: {corpus}", file=sys.stderr)
        return 2
    executable = find_doxtool()
    if executable is None:
        print(
            "error: neither the `doxtool` console script nor this checkout's package is here",
            file=sys.stderr,
        )
        return 2
    tool = Doxtool(executable)
    started = time.perf_counter()
    workdir = Path(tempfile.mkdtemp(prefix="doxtool-conformance-"))
    try:
        base = workdir / "check"
        copy_corpus(corpus, base)
        tool.run(base, "init", ok=(0,))
        for name in ("fix", "regenerate"):
            shutil.copytree(base, workdir / name, symlinks=True)
        version = tool.run(base, "--version", ok=(0,)).strip()
        originals = companions(base)
        data: dict[str, Any] = {
            "corpus": str(corpus),
            "doxtool": executable,
            "doxtool_version": version,
            "findings": part_findings(tool, base),
            "fix": part_fix(tool, workdir / "fix"),
            "fidelity": part_fidelity(tool, workdir / "regenerate", originals),
        }
    except (RunError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    finally:
        if options.keep:
            print(f"copies kept in {workdir}", file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    data["elapsed_seconds"] = round(time.perf_counter() - started, 2)
    data["doxtool_runs"] = tool.runs
    for part in (
        print_findings(data["findings"]),
        print_fix(data["fix"]),
        print_fidelity(data["fidelity"]),
        print_summary(data),
    ):
        for line in part:
            print(line)
        print()
    if options.out is not None:
        options.out.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
