"""The rule base class and the examples every rule carries.

A rule is a small class: a stable ``code``, a ``name``, a one-line
``summary``, a documentation text in three parts (what it checks, why it
matters, an example) and two lists of examples. ``valid`` examples are small
repositories on which the rule must stay quiet; ``invalid`` ones must make it
fire at the given places. The test suite runs every example of every rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from doxtool.core.findings import ERROR, Finding, Fix

if TYPE_CHECKING:
    from doxtool.run.context import Context


@dataclass
class Expect:
    """A finding an invalid example must produce."""

    path: str
    line: int | None = None
    #: a fragment of the message
    contains: str = ""


@dataclass
class Example:
    """A small repository: relative path -> file content."""

    files: dict[str, str]
    expect: list[Expect] = field(default_factory=list)
    #: for fixable rules: after ``--fix`` the rule must be quiet
    fixed_clean: bool = True


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    #: what it checks, why it matters, an example (Markdown)
    doc: ClassVar[str]
    severity: ClassVar[str] = ERROR
    fixable: ClassVar[bool] = False
    default_enabled: ClassVar[bool] = True
    #: whether a finding may sit in another module than the one checked (a
    #: base class's code, said once for every tool inheriting it): an
    #: incremental run then re-checks every module reaching that one
    reports_elsewhere: ClassVar[bool] = False
    valid: ClassVar[list[Example]] = []
    invalid: ClassVar[list[Example]] = []

    def check(self, ctx: Context) -> Iterator[Finding]:
        raise NotImplementedError

    def finding(
        self,
        message: str,
        path: str,
        line: int = 1,
        column: int = 1,
        subject: str = "",
        fix: Fix | None = None,
    ) -> Finding:
        return Finding(
            code=self.code,
            message=message,
            path=path,
            line=max(1, line),
            column=max(1, column),
            severity=self.severity,
            subject=subject or path,
            fix=fix if self.fixable else None,
            rule=self.name,
        )
