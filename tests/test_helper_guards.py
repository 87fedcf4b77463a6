"""DOX303 and a test of the answer made in a helper of the module: a call
standing alone of a method or function whose body starts with ``if not text:
raise ...`` (``assert text``, ``if not text or not text.strip(): raise``), or
an ``if`` on a helper that is one ``return`` of a test of its parameter
(``return len(text) > 0``, ``return text.strip() != ""``, ``return not
text``), or ``err = self._check(text)`` right before ``if err: return err``
where ``_check`` starts with ``if not text: return Response(...)``, shows the answer is not empty past it, as the same test written in
place does; so does a ``case t if not t:`` that ends before the answer is
returned. A helper that may return before its check, checks another value,
checks only on some calls, is changed by a decorator, is not awaited, or
whose raise a handler that goes on takes shows nothing, nor does a ``case``
that may not take ``""``."""

from __future__ import annotations

import pytest
from test_answer_fallbacks import dox303

TOOL = """\
import functools

from helpers.tool import Response, Tool


def require(text):
    \"\"\"The answer, or an error.\"\"\"
    if not text:
        raise ValueError("text is required")


class Finish(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text", "")
{body}

    def _require(self, text):
        if text is None or not text.strip():
            raise ValueError("text is required")

    @staticmethod
    def _require_static(text):
        assert text, "text is required"

    async def _require_async(self, text):
        if len(text) == 0:
            raise ValueError("text is required")

    def _require_other(self, text, other):
        if not other:
            raise ValueError("other is required")

    def _require_late(self, text):
        if text.startswith("#"):
            return
        if not text:
            raise ValueError("text is required")

    def _require_strict(self, text, strict):
        if strict:
            if not text:
                raise ValueError("text is required")

    @functools.lru_cache
    def _require_cached(self, text):
        if not text:
            raise ValueError("text is required")

    def _check(self, text):
        if not text:
            return Response(message="The answer goes in `text`.", break_loop=False)
        return None

    def _check_late(self, text):
        if text.startswith("#"):
            return None
        if not text:
            return "The answer goes in `text`."

    def _check_failing(self, text):
        if not text:
            return self.agent.fail()

    def _valid_len(self, text):
        return len(text) > 0

    def _valid_strip(self, text):
        return text.strip() != ""

    def _invalid(self, text):
        return not text

    def _valid_or(self, text):
        return len(text) > 0 or self.args.get("force")
"""

_ANSWER = "return Response(message=text, break_loop=True)"
_NO = "    return Response(message='No answer.', break_loop=False)\n"
_CASE_NO = f"    {_NO}"

#: bodies whose answer holds something when the turn ends
CHECKED = {
    "a method that raises": f"self._require(text)\n{_ANSWER}",
    "a function of the module that raises": f"require(text)\n{_ANSWER}",
    "a static method that asserts": f"self._require_static(text)\n{_ANSWER}",
    "an awaited method": f"await self._require_async(text)\n{_ANSWER}",
    "a keyword handed": f"self._require_other('x', other=text)\n{_ANSWER}",
    "a raise a handler of another class": "try:\n    self._require(text)\n"
    f"except KeyError:\n    pass\n{_ANSWER}",
    "an answer of the helper returned": f"err = self._check(text)\nif err:\n    return err\n{_ANSWER}",
    "an answer of the helper not None": "error = self._check(text)\nif error is not None:\n"
    f"    raise ValueError(error.message)\n{_ANSWER}",
    "a length test": f"if not self._valid_len(text):\n{_NO}{_ANSWER}",
    "a test of the stripped text": f"if not self._valid_strip(text):\n{_NO}{_ANSWER}",
    "a test of emptiness": f"if self._invalid(text):\n{_NO}{_ANSWER}",
    "an answer inside the test": f"if self._valid_len(text):\n    {_ANSWER}\n"
    "return Response(message='No answer.', break_loop=False)",
    "a case of an empty capture": f"match text:\n    case t if not t:\n{_CASE_NO}    case _:\n"
    f"        {_ANSWER}",
    "a case of an empty string": f"match text.strip():\n    case str(t) if len(t) == 0:\n{_CASE_NO}"
    f"{_ANSWER}",
}

#: bodies whose answer may still be empty when the turn ends
AS_SENT = {
    "a method that may return first": f"self._require_late(text)\n{_ANSWER}",
    "a method that checks another value": f"self._require_other(text, 'x')\n{_ANSWER}",
    "a method that checks on some calls": f"self._require_strict(text, False)\n{_ANSWER}",
    "a decorated method": f"self._require_cached(text)\n{_ANSWER}",
    "a method not awaited": f"self._require_async(text)\n{_ANSWER}",
    "a raise a handler goes past": "try:\n    self._require(text)\nexcept ValueError:\n"
    f"    pass\n{_ANSWER}",
    "a call on some calls": f"if self.args.get('strict'):\n    self._require(text)\n{_ANSWER}",
    "an answer the helper may skip": f"err = self._check_late(text)\nif err:\n    return err\n{_ANSWER}",
    "an answer that may be None": f"err = self._check_failing(text)\nif err:\n    return err\n{_ANSWER}",
    "an answer not returned": f"err = self._check(text)\nif err:\n    pass\n{_ANSWER}",
    "an answer tested the other way": f"err = self._check(text)\nif err is None:\n{_NO}{_ANSWER}",
    "an answer tested later": "err = self._check(text)\ntext = self.args.get('other', '')\n"
    f"if err:\n    return err\n{_ANSWER}",
    "a test another value may pass": f"if not self._valid_or(text):\n{_NO}{_ANSWER}",
    "a case of another value": "match text:\n    case t if not self.args.get('other'):\n"
    f"{_CASE_NO}    case _:\n        {_ANSWER}",
    "a case of a number": f"match text:\n    case int(t) if not t:\n{_CASE_NO}    case _:\n"
    f"        {_ANSWER}",
    "a case that goes on": f"match text:\n    case t if not t:\n        pass\n{_ANSWER}",
}


@pytest.mark.parametrize("shape", list(CHECKED))
def test_a_helper_check_shows_the_answer_is_not_empty(make_repo, run_cli, shape: str) -> None:
    assert dox303(make_repo, run_cli, CHECKED[shape], TOOL) == []


@pytest.mark.parametrize("shape", list(AS_SENT))
def test_a_helper_check_that_may_not_hold_leaves_the_answer_as_sent(
    make_repo, run_cli, shape: str
) -> None:
    (line,) = dox303(make_repo, run_cli, AS_SENT[shape], TOOL)
    assert "the answer exactly as the model sent it" in line
