"""Examples that the prose of their section says call another tool.

A tool's prompt may show a workflow that goes through another tool: a
section "Running skill scripts" of the ``skills_tool`` prompt that says "use
code_execution_tool directly to run them" above an example calling
``code_execution_tool``. Such an example calls that tool on purpose, not by
a copy from another prompt (PRM006). The section's prose names the tool: as
written when the name is no plain word (``code_execution_tool``,
``memory:save``), in backticks or before the word "tool" when it is one
(```response```, "the response tool"), since a plain word ("send a
response") names nothing.

An example its own label introduces as the agent's answer ("your final
answer looks like:", "reply like this:", "example of the final message:")
shows the call that ends the task, which may be another tool's: whether the
tool it calls does end the turn is the code's to say (PRM006).
"""

from __future__ import annotations

import re

from doxtool.prompts.model import PromptExample
from doxtool.prompts.otherlanguages import ANSWER

#: a name made of letters only, which prose uses as a word
_PLAIN_WORD = re.compile(r"[^\W\d_]+\Z")
#: a code span holding an object, as an example written inline in a
#: paragraph is (```{"tool_name": "x", ...}```): no prose. Each match ends at
#: the next backtick, so the search is linear in the text
_INLINE_EXAMPLE = re.compile(r"`[ \t]*\{[^`]*`")
#: the words of a label that introduce the agent's answer: ``your final
#: answer looks like:``, ``reply like this:``, ``example of the final message:``,
#: ``then tell the user:``, ``confirm it to the user:``, ``then hand the page
#: back:``, ``finish with:``; in other languages too
#: (``Danach antworte dem Benutzer:``, ``然后回复用户：``)
_ANSWER_LABEL = re.compile(
    r"\b(?:answer(?:s|ed|ing)?|repl(?:y|ies|ied|ying)|respon(?:d|ds|ded|ding|se|ses)"
    r"|final[ \t]+(?:message|output|result|words?)"
    r"|(?:tell|confirm|report|inform|notify|let)\b(?:[ \t]+\w+){0,3}?[ \t]+the[ \t]+user"
    # ``then hand the page back:``, ``finish with:``, ``wrap up with:``
    r"|hand(?:s|ed|ing)?\b(?:[ \t]+\w+){0,3}?[ \t]+back|finish(?:es|ed|ing)?[ \t]+with"
    r"|wrap(?:s|ped|ping)?[ \t]+up)\b"
    rf"|{ANSWER}",
    re.I,
)


def introduces_answer(label: str) -> bool:
    """Whether an example's label introduces it as the agent's answer."""
    return bool(_ANSWER_LABEL.search(label))


class Sections:
    """The prose of the section a prompt's reader is in (from its last
    heading of level 1 to 3), gathered from the inline tokens, and where
    its examples start."""

    def __init__(self) -> None:
        self.prose: list[str] = []
        self.first = 0

    def end(self, examples: list[PromptExample], tag: str = "") -> None:
        """A heading (``tag``: ``h1`` to ``h6``) or the end of the file (no
        ``tag``) is read: when it ends the section (a heading of level 1 to
        3, as a tool's is; a ``####`` one is a part of its section), set
        ``introduced`` on each of its examples whose called tool its prose names."""
        if tag[1:].isdigit() and int(tag[1:]) > 3:
            return
        prose = _INLINE_EXAMPLE.sub(" ", "\n".join(self.prose))
        for example in examples[self.first :]:
            if example.tool_name and _names(prose, example.tool_name):
                example.introduced = True
        self.prose, self.first = [], len(examples)


def _names(prose: str, name: str) -> bool:
    """Whether ``prose`` names the tool ``name`` (or, for ``name:method``, its tool)."""
    for candidate in dict.fromkeys((name, name.split(":", 1)[0])):
        quoted = re.escape(candidate)
        if _PLAIN_WORD.match(candidate):
            pattern = rf"`{quoted}`|(?<![\w-]){quoted}[ \t]+tool\b"
        else:
            pattern = rf"(?<![\w.:-]){quoted}(?![\w-])"
        if candidate and re.search(pattern, prose):
            return True
    return False
