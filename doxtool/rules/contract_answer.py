"""DOX303: a tool that can end the turn with an empty answer (the model's
argument as sent, or a blank literal) and never raises ``RepairableException``,
read from ``ToolFacts.outcomes`` and ``raises``.
"""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.facts import Outcome, ToolFacts
from doxtool.core.findings import Finding
from doxtool.rules.answeradvice import advice
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.contract_scope import first, tools
from doxtool.rules.examples import with_files
from doxtool.run.context import Context


def _tool_module(module: str) -> str:
    return module.rsplit("/", 1)[-1]


_RESPONSE_TOOL = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


class ResponseTool(Tool):
    async def execute(self, **kwargs) -> Response:
        text = str(self.args.get("text") or "").strip()
        if not text:
            raise RepairableException("The answer goes in `text`.")
        return Response(message=text, break_loop=True)
"""


_REPLIES = """\
from helpers.tool import Response


def final(msg: str) -> Response:
    return Response(message=msg, break_loop=True)
"""

_FINISH_TOOL = """\
from helpers.replies import final
from helpers.tool import Tool


class Finish(Tool):
    async def execute(self, **kwargs):
        text = kwargs.get("text", "")GUARD
        return final(text)
"""


def _finish_files(guard: str) -> dict[str, str]:
    """A tool that answers with ``final(text)`` of ``helpers/replies.py``."""
    tool = _FINISH_TOOL.replace("GUARD", guard)
    return with_files({"helpers/replies.py": _REPLIES, "tools/finish.py": tool})


_FALLBACK_TOOL = """\
from helpers.tool import Response, Tool

DEFAULT_ANSWER = "Done."
EMPTY = ""


class TaskDone(Tool):
    FALLBACK = "Done."

    async def execute(self, **kwargs):
        return Response(message=self.args.get("text") or <FALLBACK>, break_loop=True)
"""


def _fallback_files(fallback: str) -> dict[str, str]:
    """A tool that answers with ``self.args.get("text") or <fallback>``."""
    return with_files({"tools/task_done.py": _FALLBACK_TOOL.replace("<FALLBACK>", fallback)})


def _ending_when(flag: str) -> dict[str, str]:
    """The response tool without its guard, ending the turn when ``flag`` is true."""
    tool = _RESPONSE_TOOL.replace(
        "        if not text:\n"
        '            raise RepairableException("The answer goes in `text`.")\n'
        "        return Response(message=text, break_loop=True)\n",
        f"        return Response(message=text, break_loop={flag})\n",
    )
    return with_files({"tools/response.py": tool})


def _answer_unguarded(tool: ToolFacts, outcome: Outcome) -> bool:
    if outcome.break_loop is False or outcome.message not in ("argument", "blank"):
        return False
    # a guard anywhere in the tool counts (a validating method called first):
    # which condition it tests is not known, so a guard is never doubted
    return not any(r.repairable for r in tool.raises)


class TerminalAnswerUnguarded(Rule):
    code = "DOX303"
    reports_elsewhere = True
    name = "terminal-answer-unguarded"
    summary = (
        "A tool can end the turn with an empty answer instead of raising `RepairableException`"
    )
    doc = """\
**What it checks.** A `Response` that ends the turn (`break_loop` true, or
decided at run time) whose message is a tool argument as the model sent it,
or a blank literal, belongs to a tool that raises `RepairableException` (the
guard for an empty or missing answer; a raise anywhere in the code the tool
runs counts, whatever it tests). An answer tested before it is returned
(`if not text: return Response("...", break_loop=False)` or `raise ...`;
`len(text) == 0`, `text == ""`, `text in (None, "")`, `not text.strip()`,
`assert text`, and a first `case` taking `""` that ends, alike; also past
`elif` and `else` arms that go on and keep it), returned inside
`if text:` (`text if text else ...`), or ending the turn only when it holds
something (`break_loop=bool(text)`; also a test true only of some
text: `text == "bye"`, `text.lower() in ("exit", "quit")`, `"FINAL" in
text`, `text.startswith("FINAL:")`, `len(text) > 5`; also a name bound once
to such a test, `done = text != ""`, when no name it reads is bound again), is
not empty there and is not
reported, also when a function of the module builds the `Response` from it
(`return reply(text)`), nor one a helper of the module tests, read whole: a
call standing alone of one starting with `if not text: raise ...` or
`assert text` (`self._require(text)`), or an `if` on one that is a single
`return` of such a test (`if not self._valid(text): return ...`), or
`err = self._check(text)` right before `if err: return err` where `_check`
starts with `if not text: return Response(...)`; nor one a
first `case t if not t:` that ends takes (a name bound past the test to a
change that may empty it, `text = text.replace("#", "")`, is reported). Nor is an
answer with a fallback for a missing or empty one (`text or "Done."`, `text
or DEFAULT_ANSWER`, `text or self.FALLBACK`, `text or
self.agent.read_prompt(...)`), unless the fallback is known to be empty
(`text or ""`, a name bound only to `""`). Nor is an f-string with a part
never empty (`f"{title}{text}"` past a test of
`title`, `f"{text}{len(text)}"`). A function
of another module of the repository that returns `Response(message=msg,
break_loop=True)` of a parameter it neither tests nor changes (`return
final(text)`) gives the value the tool hands it, and a blank literal there is
blank; neither is
a message with text of its own (`f"Task started: {uuid}"`) or one the code
computes, which is not the model's answer.

**Why it matters.** The contract of the final answer: when the model sends
no text, the framework must ask it for a corrected call instead of ending the
turn with nothing, or with a `KeyError` that nothing repairs.

**Example.** `return Response(message=self.args["text"] if "text" in
self.args else self.args["message"], break_loop=True)`: `text: ""` ends the
turn with an empty answer, and a call with neither key fails with `KeyError`.

**Precision.** On the shared Agent Zero corpus it reports 2 findings, both
right: `tools/response.py:7` and `agents/_example/tools/response.py:11`
return the model's `text` / `message` with `break_loop=True` and no guard
(an empty `text` ends the turn with nothing; neither key raises `KeyError`).
`scheduler`'s run-time `break_loop` carries `f"Task started: ..."` and is
not reported. 2 of 2: on by default.
"""
    valid = [
        Example(with_files({"tools/response.py": _RESPONSE_TOOL})),
        Example(
            with_files(
                {
                    "tools/task_done.py": _RESPONSE_TOOL.replace(
                        '        text = str(self.args.get("text") or "").strip()\n'
                        "        if not text:\n"
                        '            raise RepairableException("The answer goes in `text`.")\n'
                        "        return Response(message=text, break_loop=True)\n",
                        '        stop = bool(self.args.get("stop"))\n'
                        '        return Response(message=f"Done: {stop}", break_loop=stop)\n',
                    )
                }
            )
        ),
        Example(
            _finish_files('\n        if not text:\n            return final("Nothing to say.")')
        ),
        # tested before it is returned: ``assert``, membership, a ``case`` taking ``""``
        Example(_finish_files('\n        assert text, "The answer goes in `text`."')),
        Example(
            _finish_files(
                '\n        if text in (None, ""):\n            return final("Nothing to say.")'
            )
        ),
        Example(
            _finish_files(
                '\n        match text:\n            case None | "":\n'
                '                return final("Nothing to say.")\n'
                "            case str():\n                pass"
            )
        ),
        # the turn ends only when there is an answer
        Example(_ending_when("bool(text)")),
        # a fallback not known to be empty answers a missing or empty ``text``
        Example(_fallback_files('"Done."')),
        Example(_fallback_files("DEFAULT_ANSWER")),
        Example(_fallback_files("self.FALLBACK")),
        Example(_fallback_files('self.agent.read_prompt("fw.task_done.md")')),
    ]
    invalid = [
        Example(
            with_files(
                {
                    "tools/response.py": _RESPONSE_TOOL.replace(
                        "        if not text:\n"
                        '            raise RepairableException("The answer goes in `text`.")\n',
                        "",
                    )
                }
            ),
            [Expect("tools/response.py", 8, "raise `RepairableException`")],
        ),
        Example(_finish_files(""), [Expect("tools/finish.py", 8, "as the model sent it")]),
        Example(
            _ending_when('bool(self.args.get("stop"))'),
            [Expect("tools/response.py", 8, "can end the turn")],
        ),
        # ``None`` alone out of the way leaves ``""``
        Example(
            _finish_files(
                '\n        if text in (None,):\n            return final("Nothing to say.")'
            ),
            [Expect("tools/finish.py", 10, "as the model sent it")],
        ),
        # a fallback known to be empty leaves the answer as the model sent it
        *(
            Example(_fallback_files(empty), [Expect("tools/task_done.py", 11, "as the model sent")])
            for empty in ('""', "EMPTY")
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        seen: set[object] = set()
        found = list(tools(ctx))
        # a return is named after the class of the module that holds it
        # before a class of another module inheriting it
        for own in (True, False):
            yield from self._answers(ctx, found, own, seen)

    def _answers(
        self, ctx: Context, found: list[tuple[str, ToolFacts]], own: bool, seen: set[object]
    ) -> Iterator[Finding]:
        for module, tool in found:
            # a return whose ``break_loop`` may be either (``True if c else
            # False``) has an outcome of each
            either = {
                (o.path or module, o.line, o.column)
                for o in tool.outcomes
                if o.break_loop is not True
            }
            for outcome in tool.outcomes:
                if (outcome.path in ("", None, module)) is not own:
                    continue
                if not _answer_unguarded(tool, outcome):
                    continue
                where = (outcome.path or module, outcome.line, outcome.column)
                if not first(seen, where):
                    continue  # the same return, inherited by another class
                ends = "can end the turn" if where in either else "ends the turn"
                what = (
                    "an empty message"
                    if outcome.message == "blank"
                    else "the answer exactly as the model sent it, which may be empty"
                )
                yield self.finding(
                    f"`{tool.class_name}` ({_tool_module(module)}) {ends} with {what}; "
                    f"{advice(ctx)} when there is no answer (`{outcome.function}`)",
                    outcome.path or module,
                    outcome.line,
                    outcome.column,
                    subject=f"{module}:{tool.class_name}:terminal:{outcome.function}",
                )


RULES: list[type[Rule]] = [TerminalAnswerUnguarded]
