"""Action handlers: one method per action, its body chosen by the kind of action.

``HANDLERS`` holds the body of a handler per kind (list, show, search, ...) and
``HANDLER_IMPORTS`` the imports each needs; ``HandlerWriter.handler`` writes the
method around a body: signature, docstring, the arguments read inside the handler,
and an early return for the first enum argument.
"""

from __future__ import annotations

import textwrap

from .pieces import ModulePieces
from .plans import ArgSpec
from .snippets import _def, _read, _sub
from .vocabulary import ACTION_KIND, COMMENTS

# action handlers: the body of one handler method per kind of action

HANDLERS: dict[str, str] = {
    "list": """
folder = subject or "."
if not os.path.isdir(folder):
    return Response(message=f"No folder {folder!r} in the workspace.", break_loop=False)
names = sorted(os.listdir(folder), reverse=True)[:$limit]
lines = [f"- {name}" for name in names if not name.startswith(".")]
return Response(message=$render(lines, "No ${noun}s yet."), break_loop=False)
""",
    "show": """
if not subject or not os.path.isfile(subject):
    return Response(message=f"No $noun file {subject!r}.", break_loop=False)
with open(subject, encoding="utf-8") as handle:
    content = handle.read()
# $comment
return Response(message=strings.truncate(content, $size), break_loop=False)
""",
    "search": """
terms = [term for term in subject.lower().split() if term]
if not terms:
    return Response(message="Nothing to search for.", break_loop=False)
matches: list[tuple[int, str]] = []
for path in files.list_files(".", "*.md"):
    content = files.read_text(path).lower()
    score = sum(content.count(term) for term in terms)
    if score:
        matches.append((score, path))
matches.sort(reverse=True)
lines = [f"{score:4d}  {path}" for score, path in matches[:$limit]]
return Response(message=$render(lines, "No $noun matches."), break_loop=False)
""",
    "count": """
recorded = state.state_for(self.agent).get(STATE_KEY, [])
matching = [item for item in recorded if subject in str(item)]
return Response(
    message=f"{len(matching)} of {len(recorded)} ${noun}s match {subject!r}.",
    break_loop=False,
)
""",
    "create": """
if not subject:
    raise RepairableException("A new $noun needs a name in the arguments.")
content = f"# {subject}\\n\\n{options.describe()}\\n"
path = files.write_text(f"${noun}s/{subject}.md", content)
state.state_for(self.agent).setdefault(STATE_KEY, []).append(subject)
return Response(message=f"Created {path}.", break_loop=False)
""",
    "update": """
if not os.path.isfile(subject):
    return Response(message=f"No $noun {subject!r} to update.", break_loop=False)
with open(subject, "a", encoding="utf-8") as handle:
    handle.write(f"\\n{options.describe()}\\n")
return Response(message=f"Updated {subject}.", break_loop=False)
""",
    "delete": """
if not os.path.isfile(subject):
    return Response(message=f"No $noun {subject!r} to remove.", break_loop=False)
os.remove(subject)
return Response(message=f"Removed {subject}.", break_loop=False)
""",
    "export": """
recorded = state.state_for(self.agent).get(STATE_KEY, [])
items = [str(item) for item in recorded][:$limit]
payload = {"kind": "$noun", "items": items}
with open(subject or "${noun}s.json", "w", encoding="utf-8") as handle:
    json.dump(payload, handle, indent=2)
count = len(payload["items"])
return Response(message=f"Exported {count} ${noun}s.", break_loop=False)
""",
    "run": """
command = $command + ([subject] if subject else [])
try:
    completed = subprocess.run(
        command, capture_output=True, text=True, timeout=$timeout, check=False
    )
except (OSError, subprocess.TimeoutExpired) as error:
    return Response(message=f"Could not run {command[0]}: {error}", break_loop=False)
output = (completed.stdout + completed.stderr).strip()
finished = completed.returncode == 0 and not completed.stdout.strip()
status = "finished" if finished else "needs a look"
return Response(message=output or f"Command {status}.", break_loop=$flag)
""",
    "summarize": """
sentences = [part.strip() for part in subject.split(".") if part.strip()]
if not sentences:
    return Response(message="Nothing to summarise.", break_loop=False)
ranked = sorted(sentences, key=len, reverse=True)[:$count]
return Response(message="\\n".join(f"- {s}." for s in ranked), break_loop=False)
""",
    "queue": """
store = tasks.store_for(self.agent)
task = store.add(tasks.Task(name=subject or "$noun", prompt=options.describe()))
pending = [t for t in store.all() if t.state == "idle"]
message = f"Queued task {task.uuid}; {len(pending)} waiting."
return Response(message=message, break_loop=$flag)
""",
    "finish": """
summary = subject or "The $noun work is done."
return Response(message=summary, break_loop=True)
""",
}
#: (standard library imports, repository imports) each kind of handler needs
HANDLER_IMPORTS: dict[str, tuple[set[str], set[str]]] = {
    "list": ({"import os"}, set()),
    "show": ({"import os"}, {"from helpers import strings"}),
    "search": (set(), {"from helpers import files"}),
    "count": (set(), {"from helpers import state"}),
    "create": (
        set(),
        {
            "from helpers import files",
            "from helpers import state",
            "from helpers.errors import RepairableException",
        },
    ),
    "update": ({"import os"}, set()),
    "delete": ({"import os"}, set()),
    "export": ({"import json"}, {"from helpers import state"}),
    "run": ({"import subprocess"}, set()),
    "summarize": (set(), set()),
    "queue": (set(), {"from helpers import tasks"}),
    "finish": (set(), set()),
}
COMMANDS = [
    '["git", "status", "--short"]',
    '["ls", "-la"]',
    '["python", "-m", "compileall", "-q", "."]',
    '["du", "-sh", "."]',
]


class HandlerWriter(ModulePieces):
    """Writes the handler methods of the tool."""

    def handler(
        self, action: str, method: str, enums: list[ArgSpec], kind: str | None = None
    ) -> str:
        plan = self.plan
        kind = kind or ACTION_KIND[action]
        is_async = kind not in ("count", "summarize", "finish") or method == "_run"
        params = "".join(f", {e.local}: str" for e in enums)
        header = _def(
            f"{'async ' if is_async else ''}def {method}",
            f"self, subject: str, options: {self.options}{params}",
            "Response",
        )
        doc = f'        """{self._handler_doc(kind)}"""'
        reads: list[str] = []
        for arg in plan.args:
            if arg.site == "method" and arg.handler == action:
                reads.append(f"        {arg.local} = {_read(arg, 'self.args')}")
                if arg.required:
                    self.repo_imports.add("from helpers.errors import RepairableException")
                    reads.append(f"        if not {arg.local}:")
                    reads.append(
                        f'            raise RepairableException("`{action}` needs a non-empty '
                        f'`{arg.name}`.")'
                    )
                reads.append(f'        self.add_progress(f" {arg.name}: {{{arg.local}!r}}")')
        render = "self._render" if plan.base_name else "_join"
        if not plan.base_name and "_join" not in self.names:
            self.names.add("_join")
            self.functions.insert(
                0,
                _sub(
                    '''
                    def _join(lines: list[str], empty: str) -> str:
                        """Join ``lines`` for the model, or ``empty`` when there are none."""
                        return "\\n".join(lines) if lines else empty
                    ''',
                ),
            )
        style = ""
        if enums:
            enum = enums[0]
            style = _sub(
                """
                if $var == "$value":
                    payload = {"subject": subject, "$name": $var}
                    return Response(message=json.dumps(payload), break_loop=False)
                """,
                "        ",
                var=enum.local,
                value=enum.values[0],
                name=enum.name,
            )
            self.imports.add("import json")
        body = textwrap.indent(self._handler_body(kind, render), "        ")
        return "\n".join([header, doc, *reads]) + "\n" + style + body

    def _handler_doc(self, kind: str) -> str:
        noun = self.plan.noun
        return {
            "list": f"List the {noun}s below ``subject``, newest first.",
            "show": f"Show one {noun} file, shortened for the model.",
            "search": f"Search the {noun}s for ``subject`` and rank the matches.",
            "count": f"Count the {noun}s this agent has recorded.",
            "create": f"Create a {noun} file named after ``subject``.",
            "update": f"Append to an existing {noun}.",
            "delete": f"Remove the {noun} file ``subject``.",
            "export": f"Write every recorded {noun} to ``subject`` as JSON.",
            "run": f"Run the {noun} command and report its output.",
            "summarize": "Summarise ``subject`` in a few lines.",
            "queue": f"Queue a {noun} task for the agent's scheduler.",
            "finish": "Report the work as done and hand control back to the user.",
        }[kind]

    def _handler_body(self, kind: str, render: str) -> str:
        rng = self.rng
        stdlib, repo = HANDLER_IMPORTS[kind]
        self.imports.update(stdlib)
        self.repo_imports.update(repo)
        dynamic = rng.random() < (0.15 if kind == "run" else 0.2)
        return _sub(
            HANDLERS[kind],
            noun=self.plan.noun,
            limit=self._limit(),
            render=render,
            comment=rng.choice(COMMENTS),
            size=rng.choice([2000, 4000, 6000]),
            command=rng.choice(COMMANDS),
            timeout=rng.choice([10, 30, 60]),
            count=rng.choice([3, 5]),
            flag=("finished" if kind == "run" else "not pending") if dynamic else "False",
        )

    def _limit(self) -> str:
        for arg in self.plan.args:
            if arg.site == "helper" and arg.kind == "integer":
                return f"options.{arg.local}"
        return "MAX_ITEMS"
