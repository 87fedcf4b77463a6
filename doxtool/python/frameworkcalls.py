"""The methods of a tool the framework calls on each call, besides ``execute``."""

from __future__ import annotations

import dataclasses

from doxtool.core.summary_facts import FunctionSummary, KeyRead

#: the methods of a tool the framework calls on each call, besides
#: ``execute`` (Agent Zero's ``agent.py`` and ``helpers/tool.py``: the
#: constructor, the hooks around ``execute`` and the log object
#: ``before_execution`` asks for)
FRAMEWORK_CALLED = frozenset({"__init__", "before_execution", "after_execution", "get_log_object"})
#: the methods of a tool that build the log entry of a call (``get_heading``,
#: which Agent Zero's ``get_log_object`` asks for): a default they read
#: labels the log, not what the tool does with a missing argument
LOG_METHODS = frozenset({"get_heading", "get_log_object"})


def unlabelled(read: KeyRead, summary: FunctionSummary) -> KeyRead:
    """A read followed into a method that labels the call's log entry
    (reached from the framework's ``before_execution``): its fallback only
    labels the entry, so the argument gets no default from it, as the
    tool's own walk of that method gives none."""
    method = summary.name.rpartition(".")
    if not method[0] or method[2] not in LOG_METHODS or not read.has_default:
        return read
    return dataclasses.replace(read, has_default=False, default=None)
