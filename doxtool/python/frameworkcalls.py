"""The methods of a tool the framework calls on each call, besides ``execute``."""

from __future__ import annotations

#: the methods of a tool the framework calls on each call, besides
#: ``execute`` (Agent Zero's ``agent.py`` and ``helpers/tool.py``: the
#: constructor, the hooks around ``execute`` and the log object
#: ``before_execution`` asks for)
FRAMEWORK_CALLED = frozenset({"__init__", "before_execution", "after_execution", "get_log_object"})
