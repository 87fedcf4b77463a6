"""DOX303 past an ``if`` with an ``else`` or ``elif``: what its test showed
(``if not text: return ...`` leaves ``text`` not empty in the arms that go
on) holds past the whole chain when every arm that goes on keeps it, for a
local name and for the argument read again alike; an arm that rebinds the
name, or a guard in one arm only, leaves the answer as the model sent it."""

from __future__ import annotations

import pytest
from test_answer_fallbacks import dox303

TOOL = """\
from helpers.tool import Response, Tool


class Finish(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text", "")
{body}
"""

_NO = "    return Response(message='No answer.', break_loop=False)\n"
_ANSWER = "return Response(message=text, break_loop=True)"
_READ_AGAIN = "return Response(message=self.args.get('text'), break_loop=True)"

#: bodies whose answer holds something when the turn ends
CHECKED = {
    "an elif that goes on": f"if not text:\n{_NO}elif text == 'x':\n    pass\n{_ANSWER}",
    "an else that goes on": f"if not text:\n{_NO}else:\n    pass\n{_ANSWER}",
    "a raise with an else": "if not text:\n    raise ValueError('no text')\nelse:\n"
    f"    other = 1\n{_ANSWER}",
    "an equality test with an elif": f"if text == '':\n{_NO}elif text == 'y':\n    pass\n{_ANSWER}",
    "an or test with an elif": f"if not text or text == 'z':\n{_NO}elif text == 'q':\n"
    f"    pass\n{_ANSWER}",
    "a test of the body's arm, the else ending": f"if text:\n    pass\nelse:\n{_NO}{_ANSWER}",
    "an elif, the argument read again": "if not self.args.get('text'):\n"
    f"{_NO}elif self.args.get('mode'):\n    pass\n{_READ_AGAIN}",
    "an elif chain that returns": f"if not text:\n{_NO}elif text == 'a':\n{_NO}"
    f"elif len(text) > 3:\n    text = text + '...'\n{_ANSWER}",
    "an elif chain with an else": f"if not text:\n{_NO}elif text == 'x':\n"
    f"    text = text + '!'\nelse:\n    pass\n{_ANSWER}",
}

#: bodies whose answer may still be empty when the turn ends
AS_SENT = {
    "a guard in one arm only": "if self.args.get('mode'):\n    if not text:\n"
    f"    {_NO}else:\n    pass\n{_ANSWER}",
    "a guard of the argument in one arm only": "if self.args.get('mode'):\n"
    f"    if not self.args.get('text'):\n    {_NO}else:\n    pass\n{_READ_AGAIN}",
    "an else that rebinds the answer": f"if not text:\n{_NO}else:\n"
    f"    text = self.args.get('other')\n{_ANSWER}",
    "a guard in an elif another arm skips": "if self.args.get('mode') == 'a':\n    pass\n"
    f"elif not text:\n    raise ValueError('no text')\nelse:\n    pass\n{_ANSWER}",
    "a raise with an else a handler goes past": "try:\n    if not text:\n"
    "        raise ValueError('no text')\n    else:\n        pass\nexcept ValueError:\n"
    f"    pass\n{_ANSWER}",
}


@pytest.mark.parametrize("shape", list(CHECKED))
def test_a_guard_holds_past_the_arms_that_go_on(make_repo, run_cli, shape: str) -> None:
    assert dox303(make_repo, run_cli, CHECKED[shape], TOOL) == []


@pytest.mark.parametrize("shape", list(AS_SENT))
def test_a_guard_some_arm_loses_leaves_the_answer_as_sent(make_repo, run_cli, shape: str) -> None:
    (line,) = dox303(make_repo, run_cli, AS_SENT[shape], TOOL)
    assert "the answer exactly as the model sent it" in line
