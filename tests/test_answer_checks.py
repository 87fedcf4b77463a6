"""DOX303 and a check of the answer that does not hold where it is returned:
a ``break_loop`` flag that binds a name (``(text := other) != ""``) tests a
value other than the message read before it, and an ``assert text`` whose
``AssertionError`` a handler that goes on catches lets an empty answer past
it, as ``if not text: raise ValueError(...)`` or ``case "": raise ...``
under ``except ValueError: pass`` does, and ``case "": return ...`` of
``match text or other:``, which tests another value. The answer stays the model's as
sent; the checks that do hold are not reported."""

from __future__ import annotations

import pytest
from test_answer_fallbacks import dox303

TOOL = """\
from helpers.tool import Response, Tool


class Finish(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text", "")
        other = self.args.get("other", "")
{body}
"""

#: bodies whose answer may still be empty when the turn ends
AS_SENT = {
    "a flag that rebinds the answer's name": 'return Response(message=text, break_loop=(text := other) != "")',
    "a flag that rebinds it later": "return Response(message=text, break_loop=bool(text) and bool(text := other))",
    "an assert a handler goes past": "try:\n    assert text\nexcept AssertionError:\n    pass\n"
    "return Response(message=text, break_loop=True)",
    "an assert a later handler goes past": "try:\n    assert text\nexcept KeyError:\n"
    "    return Response(message='No key.', break_loop=False)\nexcept Exception:\n    pass\n"
    "return Response(message=text, break_loop=True)",
    "a check a handler goes past": "try:\n    if text in (None, ''):\n"
    "        raise ValueError('no text')\nexcept ValueError:\n    pass\n"
    "return Response(message=text, break_loop=True)",
    "a case a handler goes past": "try:\n    match text:\n        case None | '':\n"
    "            raise ValueError('no text')\nexcept Exception:\n    pass\n"
    "return Response(message=text, break_loop=True)",
    "a case that takes another value": "match text or other:\n    case '':\n"
    "        return Response(message='No answer.', break_loop=False)\n"
    "return Response(message=text, break_loop=True)",
    "a case that takes a truth value": "match bool(text):\n    case '':\n"
    "        return Response(message='No answer.', break_loop=False)\n"
    "return Response(message=text, break_loop=True)",
    "an assert any handler goes past": "try:\n    assert text, 'no text'\nexcept Exception:\n"
    "    other = ''\nreturn Response(message=text, break_loop=True)",
}

#: bodies whose answer holds something when the turn ends
CHECKED = {
    "a flag that tests the answer": 'return Response(message=text, break_loop=text != "")',
    "an assert no handler takes": "try:\n    assert text\nexcept KeyError:\n    pass\n"
    "return Response(message=text, break_loop=True)",
    "an assert whose handler ends": "try:\n    assert text\nexcept AssertionError:\n"
    "    return Response(message='No answer.', break_loop=False)\n"
    "return Response(message=text, break_loop=True)",
    "an assert a handler of another class goes past": "try:\n    assert text\nexcept ValueError:\n"
    "    pass\nexcept AssertionError:\n    return Response(message='No answer.', break_loop=False)\n"
    "return Response(message=text, break_loop=True)",
    "a check no handler takes": "try:\n    if not text:\n        raise ValueError('no text')\n"
    "except KeyError:\n    pass\nreturn Response(message=text, break_loop=True)",
    "a case that returns in a try": "try:\n    match text:\n        case None | '':\n"
    "            return Response(message='No answer.', break_loop=False)\nexcept Exception:\n"
    "    pass\nreturn Response(message=text, break_loop=True)",
    "a case that takes the stripped answer": "match text.strip():\n    case '':\n"
    "        return Response(message='No answer.', break_loop=False)\n"
    "return Response(message=text, break_loop=True)",
    "an assert past the try": "try:\n    other = other.strip()\nexcept AttributeError:\n    pass\n"
    "assert text\nreturn Response(message=text, break_loop=True)",
}


@pytest.mark.parametrize("shape", list(AS_SENT))
def test_a_check_that_does_not_hold_leaves_the_answer_as_sent(
    make_repo, run_cli, shape: str
) -> None:
    (line,) = dox303(make_repo, run_cli, AS_SENT[shape], TOOL)
    assert "the answer exactly as the model sent it" in line


@pytest.mark.parametrize("shape", list(CHECKED))
def test_a_check_that_holds_shows_the_answer_is_not_empty(make_repo, run_cli, shape: str) -> None:
    assert dox303(make_repo, run_cli, CHECKED[shape], TOOL) == []
