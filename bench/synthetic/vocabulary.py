"""The words generated tools are made of.

Nouns, roles, places and actions name the tools and their actions; verbs, objects,
reasons and comments make their prose; the argument pools give each kind of
argument its names, descriptions, defaults and examples.
"""

from __future__ import annotations

NOUNS = [
    "archive", "bookmark", "invoice", "calendar", "dataset", "metric", "snippet", "ticket",
    "contact", "recipe", "backup", "feed", "glossary", "inventory", "playlist", "survey",
    "report", "translation", "journal", "checklist", "budget", "catalog", "changelog",
    "deployment", "document", "experiment", "fixture", "forecast", "habit", "incident",
    "lesson", "manifest", "milestone", "newsletter", "notebook", "order", "package", "patch",
    "pipeline", "quota", "reminder", "release", "roster", "sample", "schema", "shipment",
    "sprint", "summary", "template", "timesheet", "workspace", "transcript", "citation",
    "benchmark", "keyword", "mailbox", "label", "dashboard", "webhook", "queue",
]  # fmt: skip
ROLES = [
    "index", "store", "tracker", "browser", "manager", "planner", "auditor", "reader",
    "writer", "mirror", "ledger", "registry", "digest", "watcher", "builder", "inspector",
    "board", "vault", "scanner", "curator",
]  # fmt: skip
PLACES = ["workspace", "project folder", "memory", "knowledge base", "scratch area", "home folder"]
ACTION_WORDS = [
    "list", "show", "search", "count", "create", "update", "rename", "tag", "delete",
    "archive", "export", "sync", "run", "summarize", "queue", "finish",
]  # fmt: skip
ACTION_KIND = {
    "list": "list",
    "show": "show",
    "search": "search",
    "count": "count",
    "create": "create",
    "update": "update",
    "rename": "update",
    "tag": "update",
    "delete": "delete",
    "archive": "delete",
    "export": "export",
    "sync": "run",
    "run": "run",
    "summarize": "summarize",
    "queue": "queue",
    "finish": "finish",
}
VERBS = [
    "collects", "normalises", "validates", "caches", "indexes", "ranks", "reconciles",
    "annotates", "deduplicates", "filters", "groups", "measures", "formats", "merges",
]  # fmt: skip
OBJECTS = [
    "the entries it finds", "every record it reads", "the values the model sends",
    "the results of the last call", "the lines of each file", "the names in the listing",
    "the paths below the workspace", "the options of the call", "the scores of each match",
]  # fmt: skip
REASONS = [
    "before anything is written", "so that repeated calls stay cheap",
    "because the model may send stale values", "to keep the output short",
    "so the user sees a stable order", "before the result is shown to the model",
    "to keep the agent's history small", "so that a retry does the same work",
]  # fmt: skip
COMMENTS = [
    "Keep the order stable: the model compares consecutive results.",
    "An empty value is not an error here; it means 'everything'.",
    "The framework already stripped the tool name; only arguments remain.",
    "Small inputs are common, so the simple path comes first.",
    "Do not raise here: the caller turns the value into a message.",
    "Sorting twice is cheaper than keeping a heap for these sizes.",
    "Values from the model arrive as strings more often than not.",
    "This mirrors what the user interface shows next to each entry.",
    "Guard against a division by zero on empty input.",
    "The limit is applied after filtering, never before.",
]  # fmt: skip

STRING_ARGS = {
    "query": ("text to look for", ["quarterly totals", "open bugs", "release notes"]),
    "path": ("file path relative to the workspace", ["notes/todo.md", "data/export.csv"]),
    "name": ("name of the entry", ["weekly-review", "backlog", "inbox-zero"]),
    "title": ("short title", ["Weekly review", "Release 2.4"]),
    "text": ("the text to store", ["Ship the fix before Friday.", "Ask Dana about the budget."]),
    "pattern": ("glob pattern of the files to consider", ["*.md", "reports/*.csv"]),
    "owner": ("who owns the entry", ["dana", "team-platform"]),
    "target": ("where the result goes", ["archive/2024", "shared/exports"]),
    "source": ("where to read from", ["inbox", "downloads/latest"]),
    "note": ("a note kept with the entry", ["Checked by hand.", "Needs a second look."]),
    "url": ("address of the remote copy", ["https://example.org/feed.xml"]),
    "folder": ("folder to work in", ["projects/alpha", "tmp"]),
    "prefix": ("only names starting with this", ["2024-", "draft-"]),
    "category": ("category of the entry", ["finance", "ops", "research"]),
    "locale": ("language and region of the output", ["en-GB", "de-DE"]),
    "key": ("key of the value to read or write", ["last_run", "owner_email"]),
    "branch": ("branch to work on", ["main", "release/2.4"]),
    "comment": ("comment recorded with the change", ["Nightly clean-up."]),
}
INTEGER_ARGS = {
    "limit": (20, "how many entries to return"),
    "offset": (0, "how many entries to skip"),
    "page": (1, "page of the results"),
    "depth": (2, "how deep to descend into folders"),
    "max_results": (50, "upper bound of results"),
    "retries": (3, "attempts before giving up"),
    "width": (80, "line width of the output"),
    "top_k": (5, "how many of the best matches to keep"),
    "days": (7, "how many days to look back"),
    "batch_size": (100, "entries handled per batch"),
}
NUMBER_ARGS = {
    "timeout": (30.0, "seconds before giving up"),
    "threshold": (0.5, "smallest score that counts as a match"),
    "ratio": (1.0, "scale applied to every value"),
    "min_score": (0.25, "matches below this score are dropped"),
    "interval": (5.0, "seconds between two checks"),
    "weight": (1.0, "weight of this entry in totals"),
}
BOOLEAN_ARGS = {
    "recursive": "descend into sub-folders",
    "dry_run": "report what would change and change nothing",
    "overwrite": "replace an existing entry",
    "include_hidden": "include names starting with a dot",
    "verbose": "add details to the result",
    "case_sensitive": "match upper and lower case exactly",
    "force": "skip the confirmation checks",
    "append": "add to the end instead of replacing",
}
ENUM_ARGS = {
    "format": ["text", "json", "markdown", "csv"],
    "sort": ["name", "date", "size"],
    "order": ["asc", "desc"],
    "level": ["info", "warning", "error"],
    "scope": ["user", "project", "global"],
    "strategy": ["merge", "replace", "skip"],
    "mode": ["fast", "full"],
    "unit": ["seconds", "minutes", "hours"],
    "status": ["open", "closed", "pending"],
    "priority": ["low", "normal", "high"],
}
ARRAY_ARGS = {
    "tags": ["urgent", "review"],
    "paths": ["notes/a.md", "notes/b.md"],
    "fields": ["name", "size"],
    "labels": ["bug", "docs"],
    "columns": ["date", "amount"],
}
#: local variable names for arguments whose own name would shadow a builtin
LOCAL_NAMES = {"format": "fmt", "sort": "sort_key", "key": "entry_key", "text": "body"}
