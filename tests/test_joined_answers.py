"""DOX303 and an answer joined in an f-string from several values: one part
that is never empty (an argument tested for text before, a fallback with
text, a number written out) keeps the message from being empty, whatever
the other parts are. Parts that may all be empty, or a part cut by a format
spec (``{title:.0}``), leave the finding; so does a name given text on some
calls only (an arm of an ``if``, a loop's body: :mod:`doxtool.python.textarms`)."""

from __future__ import annotations

import pytest
from test_answer_fallbacks import dox303

NEVER_EMPTY = {
    "an argument tested before": 'title = self.args["title"]\n'
    "if not title:\n"
    '    return Response(message="A title is needed.", break_loop=False)\n'
    "return Response(message=f\"{title}{self.args.get('text')}\", break_loop=True)",
    "a name with a fallback": 'name = self.args.get("name", "").strip() or "anon"\n'
    "return Response(message=f\"{name}{self.args['text']}\", break_loop=True)",
    "a fallback in the part": 'text = self.args["text"]\n'
    "return Response(message=f\"{text}{text or 'none'}\", break_loop=True)",
    "a length": 'text = self.args["text"]\n'
    'return Response(message=f"{text}{len(text)}", break_loop=True)',
    "a label of text on every arm that goes on": 'label = ""\n'
    'if not self.args.get("title"):\n'
    '    return Response(message="A title is needed.", break_loop=False)\n'
    "else:\n"
    '    label = "Title: "\n'
    "return Response(message=f\"{label}{self.args['text']}\", break_loop=True)",
}

MAYBE_EMPTY = {
    "two arguments as sent": "return Response(message=f\"{self.args['title']}"
    "{self.args['text']}\", break_loop=True)",
    "a fallback cut by its format spec": 'name = self.args.get("name", "").strip() or "anon"\n'
    "return Response(message=f\"{name:.0}{self.args['text']}\", break_loop=True)",
    "an empty fallback": 'text = self.args["text"]\n'
    "return Response(message=f\"{text}{text or ''}\", break_loop=True)",
    # a name given text on some calls only: an arm, a loop's body
    "a label of text on one arm": 'label = ""\n'
    'if self.args.get("title"):\n'
    '    label = "Title: "\n'
    "return Response(message=f\"{label}{self.args['text']}\", break_loop=True)",
    "a label of text in a loop": 'label = ""\n'
    'for tag in self.args.get("tags", []):\n'
    '    label = "Tagged: "\n'
    "return Response(message=f\"{label}{self.args['text']}\", break_loop=True)",
    "the answer itself given text on one arm": 'text = self.args["text"]\n'
    "label = text\n"
    'if self.args.get("title"):\n'
    '    label = "Title: "\n'
    "return Response(message=label, break_loop=True)",
}


@pytest.mark.parametrize("shape", list(NEVER_EMPTY))
def test_a_part_never_empty_is_no_empty_answer(make_repo, run_cli, shape: str) -> None:
    assert dox303(make_repo, run_cli, NEVER_EMPTY[shape]) == []


@pytest.mark.parametrize("shape", list(MAYBE_EMPTY))
def test_parts_that_may_all_be_empty_stay_the_answer_as_sent(
    make_repo, run_cli, shape: str
) -> None:
    (line,) = dox303(make_repo, run_cli, MAYBE_EMPTY[shape])
    assert "the answer exactly as the model sent it" in line
