"""The methods of a tool the framework calls on each call, besides ``execute``."""

from __future__ import annotations

#: the methods of a tool the framework calls on each call, besides
#: ``execute`` (Agent Zero's ``agent.py`` and ``helpers/tool.py``: the
#: constructor, the hooks around ``execute`` and the log object
#: ``before_execution`` asks for)
FRAMEWORK_CALLED = frozenset({"__init__", "before_execution", "after_execution", "get_log_object"})
#: the methods of a tool that build the log entry of a call (``get_heading``,
#: which Agent Zero's ``get_log_object`` asks for): a default they read
#: labels the log, not what the tool does with a missing argument
LOG_METHODS = frozenset({"get_heading", "get_log_object"})
