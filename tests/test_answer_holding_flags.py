"""DOX303 and a ``break_loop`` decided at run time by a test true only of an
answer that holds something (``text == "bye"``, ``"FINAL" in text``,
``text.startswith("FINAL:")``, ``len(text) > 5``): the turn ends only with
some text, which is not reported. A test that an empty answer may pass
(``text != "bye"``, ``text in "abc"``, ``text.startswith("")``,
``len(text) < 5``) leaves it as the model sent it."""

from __future__ import annotations

import pytest
from test_answer_fallbacks import dox303

TOOL = """\
from helpers.tool import Response, Tool

PREFIX = ""


class Finish(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text", "")
        return Response(message=text, break_loop={flag})
"""

#: flags true only when the answer holds something
HOLDING = {
    "equal to a word": 'text == "bye"',
    "a word equal to it": '"bye" == text',
    "one of words, lowered and stripped": 'text.strip().lower() in ("exit", "quit")',
    "holding a word": '"FINAL" in text.upper()',
    "opening with a word": 'text.startswith("FINAL:")',
    "ending with one of marks": 'text.endswith(("!", "?"))',
    "longer than a length": "len(text) > 5",
    "of a length": "len(text) == 3",
    "a test and another": 'bool(text) and text != "x"',
    "a truth value of a word test": 'bool(text.endswith("!"))',
}

#: flags an empty answer may pass
EMPTY_PASSES = {
    "other than a word": 'text != "bye"',
    "inside a string": 'text in "abc"',
    "holding the empty string": '"" in text',
    "opening with the empty string": 'text.startswith("")',
    "opening with a name's value": "text.startswith(PREFIX)",
    "one of words with the empty one": 'text in ("", "x")',
    "ending with one of marks with the empty one": 'text.endswith(("!", ""))',
    "shorter than a length": "len(text) < 5",
    "of any length": "len(text) >= 0",
    "empty": 'text == ""',
    "a word test or another": 'text == "bye" or bool(PREFIX)',
}


@pytest.mark.parametrize("shape", list(HOLDING))
def test_a_flag_true_only_of_some_text_ends_the_turn_with_some(
    make_repo, run_cli, shape: str
) -> None:
    assert dox303(make_repo, run_cli, "", TOOL.replace("{flag}", HOLDING[shape])) == []


@pytest.mark.parametrize("shape", list(EMPTY_PASSES))
def test_a_flag_an_empty_answer_passes_leaves_it_as_sent(make_repo, run_cli, shape: str) -> None:
    (line,) = dox303(make_repo, run_cli, "", TOOL.replace("{flag}", EMPTY_PASSES[shape]))
    assert "can end the turn with the answer exactly as the model sent it" in line


NAMED = """\
from helpers.tool import Response, Tool


class Finish(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text", "")
        done = {flag}{between}
        return Response(message=text, break_loop=done)
"""


@pytest.mark.parametrize(
    "flag", ['text.endswith("!")', 'text == "bye"', "len(text) > 0", 'text != ""']
)
def test_a_flag_named_once_is_the_test_it_holds(make_repo, run_cli, flag: str) -> None:
    tool = NAMED.replace("{flag}", flag).replace("{between}", "")
    assert dox303(make_repo, run_cli, "", tool) == []


@pytest.mark.parametrize(
    "flag, between",
    [
        ('text != "bye"', ""),
        ('text == "bye"', '\n        text = self.args.get("other", "")'),
        ('text == "bye"', "\n        done = done or bool(kwargs)"),
    ],
)
def test_a_flag_named_an_empty_answer_passes_leaves_it_as_sent(
    make_repo, run_cli, flag: str, between: str
) -> None:
    tool = NAMED.replace("{flag}", flag).replace("{between}", between)
    (line,) = dox303(make_repo, run_cli, "", tool)
    assert "can end the turn with the answer exactly as the model sent it" in line


CUT = """\
from helpers.tool import Response, Tool


class Finish(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text", "")
        {body}
"""


@pytest.mark.parametrize(
    "body",
    [
        'return Response(message=text.replace("FINAL:", "").strip(), '
        'break_loop=text.startswith("FINAL:"))',
        'return Response(message=text.replace("FINAL", ""), break_loop="FINAL" in text)',
        "return Response(message=text.strip(), break_loop=len(text) > 2)",
        'done = text.startswith("FINAL:")\n        answer = text.replace("FINAL:", "")\n'
        "        return Response(message=answer, break_loop=done)",
    ],
)
def test_a_message_cut_from_the_tested_text_may_be_empty(make_repo, run_cli, body: str) -> None:
    """``"FINAL:"`` passes ``text.startswith("FINAL:")`` and leaves nothing
    once ``"FINAL:"`` is taken away."""
    (line,) = dox303(make_repo, run_cli, "", CUT.replace("{body}", body))
    assert "can end the turn with the answer exactly as the model sent it" in line


@pytest.mark.parametrize(
    "body",
    [
        'return Response(message=text.replace("\\n", " "), break_loop=text.startswith("F"))',
        'answer = text.upper()\n        return Response(message=answer, break_loop=text == "bye")',
        'return Response(message=text.replace("F:", "") or text, break_loop=text.startswith("F:"))',
    ],
)
def test_a_message_that_keeps_the_tested_text_ends_with_some(make_repo, run_cli, body: str) -> None:
    assert dox303(make_repo, run_cli, "", CUT.replace("{body}", body)) == []
