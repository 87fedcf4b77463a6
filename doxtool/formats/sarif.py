"""``--format sarif``: SARIF 2.1.0 with the rule catalogue and physical locations."""

from __future__ import annotations

import json
from typing import Any

from doxtool import __version__
from doxtool.findings import WARNING, Finding
from doxtool.rules import ALL_RULES

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def _rule_data(rule: Any) -> dict[str, Any]:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.summary},
        "help": {"text": rule.doc, "markdown": rule.doc},
        "defaultConfiguration": {"level": "warning" if rule.severity == WARNING else "error"},
        "properties": {"fixable": rule.fixable},
    }


def render(findings: list[Finding]) -> str:
    rules = list(ALL_RULES)
    index = {rule.code: i for i, rule in enumerate(rules)}
    results = []
    for f in findings:
        result: dict[str, Any] = {
            "ruleId": f.code,
            "level": "warning" if f.severity == WARNING else "error",
            "message": {"text": f.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": f.path, "uriBaseId": "%SRCROOT%"},
                        "region": {"startLine": f.line, "startColumn": f.column},
                    }
                }
            ],
            "partialFingerprints": {"doxtoolSubject/v1": f"{f.code}:{f.subject}"},
        }
        if f.code in index:
            result["ruleIndex"] = index[f.code]
        results.append(result)
    log = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "doxtool",
                        "version": __version__,
                        "informationUri": "https://pypi.org/project/doxtool/",
                        "rules": [_rule_data(rule) for rule in rules],
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": "./"}},
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"
