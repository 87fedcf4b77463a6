"""A lazy pattern is the compiled pattern, compiled on its first use only."""

from __future__ import annotations

import re

import pytest

from doxtool.core.patterns import LazyPattern


def test_a_lazy_pattern_is_compiled_on_its_first_use() -> None:
    pattern = LazyPattern(r"(?P<word>[a-z]+)-(\d)")
    assert "search" not in vars(pattern)
    assert pattern.search("x abc-1 y").group("word") == "abc"
    assert "search" in vars(pattern) and "sub" in vars(pattern)


@pytest.mark.parametrize(
    ("source", "flags"),
    [(r"(?P<word>[a-z]+)-(\d)", 0), (r"^\s*ignore\b(.*)$", re.MULTILINE | re.IGNORECASE)],
)
def test_a_lazy_pattern_answers_as_the_compiled_one(source: str, flags: int) -> None:
    text = "abc-1 Ignore this\n  IGNORE that de-2\nignore"
    compiled = re.compile(source, flags)
    lazy = LazyPattern(source, flags)

    def spans(matches):  # type: ignore[no-untyped-def]
        return [(m.span(), m.groups()) for m in matches if m is not None]

    for method in ("match", "fullmatch", "search"):
        assert spans([getattr(lazy, method)(text)]) == spans([getattr(compiled, method)(text)])
    assert lazy.findall(text) == compiled.findall(text)
    assert spans(lazy.finditer(text)) == spans(compiled.finditer(text))
    assert lazy.sub("#", text) == compiled.sub("#", text)
    assert lazy.subn(lambda m: m.group().upper(), text) == compiled.subn(
        lambda m: m.group().upper(), text
    )
    assert lazy.split(text) == compiled.split(text)


def test_a_lazy_pattern_offers_only_the_methods_of_a_pattern() -> None:
    pattern = LazyPattern("a")
    with pytest.raises(AttributeError):
        pattern.groupindex  # noqa: B018
    assert "match" not in vars(pattern)
