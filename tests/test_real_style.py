"""Files in the style real repositories have, read without false findings."""

from __future__ import annotations

import json

WAIT_PY = '''\
"""Wait for a duration or until a moment."""

import asyncio
import urllib.request
from datetime import datetime, timedelta

from helpers import localization
from helpers.tool import Response, Tool
from helpers.wait import managed_wait

MAX_WAIT = 3600


def _deadline(seconds: int = 0) -> datetime:
    return datetime.now() + timedelta(seconds=seconds)


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        seconds = int(self.args.get("seconds", 0))
        until = self.args.get("until", "")
        await self.agent.handle_intervention()
        with open(localization.path("wait.txt")) as handle:
            note = handle.read()
        urllib.request.urlopen("http://localhost/ping")
        await managed_wait(self.agent, min(seconds, MAX_WAIT))
        await asyncio.sleep(0)
        return Response(message=f"{note} {until} {_deadline(seconds)}", break_loop=False)

    def get_heading(self, text: str = "", done: bool = False):
        return text
'''

REAL_STYLE = """\
# wait.py DOX

## Purpose
- Own the `wait.py` agent tool.
- Pause the agent for a duration or until a timestamp.
- Keep this file-level DOX profile synchronized with `wait.py` when it changes.

## Ownership
- `wait.py` owns the runtime implementation.
- `wait.py.dox.md` owns durable notes about the tool.
- Classes:
- `WaitTool` (`Tool`)
  - `async execute(self, **kwargs) -> Response`
  - `get_heading(self, text: str=..., done: bool=...)`
- Top-level functions:
- `_deadline(seconds: int=...) -> datetime`
- Notable constants/configuration names: `MAX_WAIT`.

## Runtime Contracts
- Tool modules must define `helpers.tool.Tool` subclasses and return `helpers.tool.Response` ...
- `WaitTool` is a `Tool`.
- `WaitTool` defines `execute(...)`.
{args}- Observed side-effect areas: filesystem reads, network, settings/state persistence.
- Imported dependency areas include: `asyncio`, `datetime`, `helpers`, `helpers.tool`, `helpers.wait`, `urllib.request`.

## Key Concepts
- Important called helpers/classes observed in the source: `Response`, `managed_wait`, `localization.path`, `self.agent.handle_intervention`.

## Work Guidance
- Keep waits interruptible.

## Verification
- Run the wait tests.

## Child DOX Index
No child DOX files.
"""

ARGS = """\
- Arguments of `WaitTool`:
  - `seconds`: optional integer, default `0`. How long.
  - `until`: optional string, default `""`.
- `break_loop` of `WaitTool`: always `false`.
"""

HELPERS = {
    "helpers/__init__.py": "",
    "helpers/localization.py": "def path(name):\n    return name\n",
    "helpers/wait.py": "async def managed_wait(agent, seconds):\n    return seconds\n",
}


def test_real_style_companion_that_agrees_has_no_findings(make_repo, run_cli) -> None:
    root = make_repo(
        {**HELPERS, "tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": REAL_STYLE.format(args=ARGS)}
    )
    result = run_cli(root, "check", "--select", "DOX")
    assert result.exit_code == 0, result.output


def test_real_style_without_argument_lines_reports_only_those(make_repo, run_cli) -> None:
    root = make_repo(
        {**HELPERS, "tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": REAL_STYLE.format(args="")}
    )
    result = run_cli(root, "check", "--select", "DOX", "--format", "json")
    codes = sorted(f["code"] for f in json.loads(result.output))
    assert codes == ["DOX111", "DOX120"]
    fixed = run_cli(root, "check", "--select", "DOX", "--fix")
    assert fixed.exit_code == 0, fixed.output
    text = (root / "tools/wait.py.dox.md").read_text()
    assert "settings/state persistence" in text, "areas doxtool cannot detect are kept"
    assert "`localization.path`" in text


TOOL = """\
from helpers.tool import Response, Tool


class CallSubordinate(Tool):
    async def execute(self, message: str = "", reset: str = "", **kwargs) -> Response:
        if not message.strip():
            return Response(message="message is required", break_loop=False)
        return Response(message=message, break_loop=False)
"""

RESPONSE = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


class ResponseTool(Tool):
    async def execute(self, **kwargs) -> Response:
        text = self.args.get("text") or self.args.get("message") or ""
        if not text.strip():
            raise RepairableException("empty answer")
        return Response(message=text, break_loop=True)
"""

CALL_SUB_PROMPT = """\
### call_subordinate

Delegate a subtask to a subordinate agent.
args: `message`, optional `reset`
{{if subordinates_allowed}}
usage:
```json
{
    "thoughts": ["I delegate the research.",],
    "headline": "Delegating",
    "tool_name": "call_subordinate",
    "tool_args": {
        "message": "Find the release notes.",
        "reset": "true",
    },
}
```
{{endif}}
"""

RESPONSE_PROMPT = """\
### response:
Final answer to the user.
Arguments in `tool_args`:
- `text`: the answer
- `message`: optional alias of `text`

~~~json
{"thoughts": ["Done."], "headline": "Answering", "tool_name": "response", "tool_args": {"text": "{{answer}}"}}
~~~
"""

TINY_RESPONSE = """\
### response
Answer. Never promise further work when a next step remains.
`{"tool_name": "response", "tool_args": {"text": "Done."}}`
"""

WRAPPER = """\
## Tools
Use only the tools below; match names exactly.
{{ include "agent.system.tools.rules.md" }}
{{tools}}
"""


def test_real_shaped_prompts_have_no_false_findings(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "tools/call_subordinate.py": TOOL,
            "tools/response.py": RESPONSE,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tools.rules.md": "- One call per message.\n",
            "prompts/agent.system.tool.call_sub.md": CALL_SUB_PROMPT,
            "prompts/agent.system.tool.response.md": RESPONSE_PROMPT,
            "prompts/agent.system.tools.py": "def get_variables():\n    return {}\n",
            "agents/tiny-local/prompts/agent.system.tools.md": (
                "Reply with exactly one JSON object: tool_name and tool_args.\n{{tools}}\n"
            ),
            "agents/tiny-local/prompts/agent.system.tool.response.md": TINY_RESPONSE,
        }
    )
    result = run_cli(root, "check", "--select", "PRM")
    assert result.exit_code == 0, result.output
