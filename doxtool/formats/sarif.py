"""``--format sarif``: SARIF 2.1.0 with the rule catalogue and physical locations.

Every rule is listed with its summary and its documentation as help text;
each result points at its file (relative to ``%SRCROOT%``, the project root),
line and column, and carries a fingerprint built from the finding's subject,
so a moved line is still the same result for code scanning services. Findings
that share a subject (one dynamic key read twice, an argument taught twice)
are told apart by their order: the second gets ``:2``, and so on.
"""

from __future__ import annotations

from collections import Counter
from typing import Any
from urllib.parse import quote

from doxtool import __version__
from doxtool.core.findings import WARNING, Finding
from doxtool.formats.escape import json_text
from doxtool.formats.options import OutputOptions
from doxtool.rules import ALL_RULES
from doxtool.rules.base import Rule

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"


def _level(severity: str) -> str:
    return "warning" if severity == WARNING else "error"


def _plain(doc: str) -> str:
    return doc.replace("**", "").strip()


def _rule_data(rule: type[Rule]) -> dict[str, Any]:
    first_paragraph = _plain(rule.doc.split("\n\n", 1)[0]).removeprefix("What it checks.").strip()
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": " ".join(first_paragraph.split()) or rule.summary},
        "help": {"text": _plain(rule.doc), "markdown": rule.doc.strip()},
        "defaultConfiguration": {
            "level": _level(rule.severity),
            "enabled": rule.default_enabled,
        },
        "properties": {"fixable": rule.fixable},
    }


def _uri(path: str) -> str:
    """A relative URI reference for ``path``: its bytes (an undecodable one
    too) percent-encoded where a URI cannot hold them as they are."""
    return quote(path.encode("utf-8", "surrogateescape"), safe="/")


def _fingerprints(findings: list[Finding]) -> list[str]:
    seen: Counter[str] = Counter()
    out = []
    for finding in findings:
        key = f"{finding.code}:{finding.subject}"
        seen[key] += 1
        out.append(key if seen[key] == 1 else f"{key}:{seen[key]}")
    return out


def _result(finding: Finding, index: dict[str, int], fingerprint: str) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "level": _level(finding.severity),
        "message": {"text": finding.message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": {"uri": _uri(finding.path), "uriBaseId": SRCROOT},
                    "region": {"startLine": finding.line, "startColumn": finding.column},
                }
            }
        ],
        "partialFingerprints": {"doxtoolSubject/v1": fingerprint},
        "properties": {"fixable": finding.fixable},
    }
    if finding.code in index:
        result["ruleIndex"] = index[finding.code]
    return result


def render(findings: list[Finding], options: OutputOptions | None = None) -> str:
    options = options or OutputOptions()
    rules = list(ALL_RULES)
    index = {rule.code: i for i, rule in enumerate(rules)}
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "doxtool",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": "https://pypi.org/project/doxtool/",
                "rules": [_rule_data(rule) for rule in rules],
            }
        },
        "columnKind": "unicodeCodePoints",
        "results": [
            _result(f, index, print_)
            for f, print_ in zip(findings, _fingerprints(findings), strict=True)
        ],
    }
    if options.root is not None:
        # an absolute URI ending in a slash, as SARIF 3.14.14 requires
        uri = options.root.resolve().as_uri()
        run["originalUriBaseIds"] = {SRCROOT: {"uri": uri if uri.endswith("/") else uri + "/"}}
    log = {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
    return json_text(log, indent=2) + "\n"
