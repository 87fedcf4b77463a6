"""DOX303 and an answer changed past its test: ``if not text: return ...``
shows the answer is not empty, but ``text = text.replace("#", "")``
(``text.strip("#")``) binds the name to a change of it that may be empty, so
the answer is the model's again, also handed to a method that builds the
``Response``. An f-string with text of its own, the argument read again as it
is, a copy of the tested name, a test of the changed value, a replacement
with text or with a value not written out, or a function of the module that
may hand it back as it is keeps it not known to be empty."""

from __future__ import annotations

import pytest
from test_answer_fallbacks import dox303

TOOL = """\
from helpers.tool import Response, Tool


def clean(value):
    return value


class Finish(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text", "")
        if not text:
            return Response(message="No answer.", break_loop=False)
{body}

    def _reply(self, answer):
        return Response(message=answer, break_loop=True)
"""

_ANSWER = "return Response(message=text, break_loop=True)"
_BLANK = "if not text.strip():\n    return Response(message='Blank.', break_loop=False)\n"

#: bodies whose answer may still be empty when the turn ends
AS_SENT = {
    "stripped of a character": f"text = text.strip('#')\n{_ANSWER}",
    "a replacement with nothing": f"text = text.replace('#', '')\n{_ANSWER}",
    "stripped of a character and white space": f"text = text.strip('# ')\n{_ANSWER}",
    "a replacement, then lower case": f"text = text.replace('#', '').lower()\n{_ANSWER}",
    "stripped, a copy of it": "text = text.lstrip('#')\nanswer = text\n"
    "return Response(message=answer, break_loop=True)",
    "replaced, handed to a method": "text = text.replace('#', '')\nreturn self._reply(text)",
}

#: bodies whose answer holds something when the turn ends
CHECKED = {
    "an f-string with text": f"text = f'Result: {{text}}'\n{_ANSWER}",
    "the argument read again": f"text = self.args.get('text', '')\n{_ANSWER}",
    "a copy": "answer = text\nreturn Response(message=answer, break_loop=True)",
    "stripped and tested again": "text = text.strip('#')\nif not text:\n"
    f"    return Response(message='Blank.', break_loop=False)\n{_ANSWER}",
    "handed to a method": "return self._reply(text)",
    "a replacement with text": f"text = text.replace('#', '-')\n{_ANSWER}",
    "a replacement with a name": f"text = text.replace('#', self.args.get('mark'))\n{_ANSWER}",
    "a function of the module that may hand it back": f"text = clean(text)\n{_ANSWER}",
    # past a test of the stripped text, white space taken away leaves some
    "stripped of line ends": f"{_BLANK}text = text.strip('\\n')\n{_ANSWER}",
    "spaces replaced with nothing": f"{_BLANK}text = text.replace(' ', '')\n{_ANSWER}",
    # past a test of the change itself, the change holds something
    "stripped past a test of the stripped text": "if not text.strip('#'):\n"
    f"    return Response(message='Blank.', break_loop=False)\ntext = text.strip('#')\n{_ANSWER}",
    "replaced past a test of the replaced text": "if not text.replace('#', '').strip():\n"
    "    return Response(message='Blank.', break_loop=False)\n"
    f"text = text.replace('#', '')\n{_ANSWER}",
}


@pytest.mark.parametrize("shape", list(AS_SENT))
def test_a_changed_answer_is_the_model_s_again(make_repo, run_cli, shape: str) -> None:
    (line,) = dox303(make_repo, run_cli, AS_SENT[shape], TOOL)
    assert "the answer exactly as the model sent it" in line


@pytest.mark.parametrize("shape", list(CHECKED))
def test_an_answer_kept_past_its_test_is_not_reported(make_repo, run_cli, shape: str) -> None:
    assert dox303(make_repo, run_cli, CHECKED[shape], TOOL) == []
