"""A helper of another module handed the arguments' dict and a key: the key
its caller names is needed when the helper reads it with ``args[key]`` where
nothing guards the read, or raises when ``key not in args``, as for a key
written as a literal there; a read under a test or a ``try`` stays as a
literal key's would."""

from __future__ import annotations

from pathlib import Path

from test_extract import tool

HELPERS = """\
def pick(args, key):
    return args[key]


def need(args, key):
    if key not in args:
        raise ValueError(key)
    return args[key]


def maybe(args, key):
    if key in args:
        return args[key]
    return None


def caught(args, key):
    try:
        return args[key]
    except KeyError:
        return None


def got(args, key):
    return args.get(key)
"""


def _requiredness(facts) -> dict[str, bool | None]:
    return {a.name: None if a.required_unknown else a.required for a in facts.arguments}


def test_a_key_handed_to_a_helper_that_needs_it_is_required(tmp_path: Path) -> None:
    source = """\
        from helpers import keys
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                a = keys.pick(self.args, "a")
                b = keys.need(self.args, "b")
                c = keys.maybe(self.args, "c")
                d = keys.caught(self.args, "d")
                e = keys.got(self.args, "e")
                return Response(f"{a}{b}{c}{d}{e}", False)
        """
    facts = tool(tmp_path, source, helpers__keys=HELPERS)
    found = _requiredness(facts)
    assert found["a"] is True
    assert found["b"] is True
    assert found["c"] is False
    assert found["d"] is not True
    assert found["e"] is False


def test_a_helper_read_under_the_tools_own_test_is_needed_on_some_calls(
    tmp_path: Path,
) -> None:
    source = """\
        from helpers import keys
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                a = None
                if self.args.get("x"):
                    a = keys.pick(self.args, "a")
                try:
                    b = keys.pick(self.args, "b")
                except KeyError:
                    b = None
                return Response(f"{a}{b}", False)
        """
    facts = tool(tmp_path, source, helpers__keys=HELPERS)
    found = _requiredness(facts)
    assert found["a"] is not True
    assert found["b"] is False


FILLING = """\
def filled(args, key):
    if key not in args:
        args[key] = "auto"
    return args[key]


def waited(args, key):
    while key not in args:
        args[key] = "auto"
    return args[key]


def defaulted(args, key):
    args.setdefault(key, "auto")
    return args[key]


def merged(args, key, extra):
    args.update(extra)
    return args[key]
"""


def test_a_helper_that_may_write_the_key_before_reading_it_does_not_need_it(
    tmp_path: Path,
) -> None:
    source = """\
        from helpers import keys
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                a = keys.filled(self.args, "a")
                b = keys.waited(self.args, "b")
                c = keys.defaulted(self.args, "c")
                d = keys.merged(self.args, "d", {"d": 1})
                return Response(f"{a}{b}{c}{d}", False)
        """
    facts = tool(tmp_path, source, helpers__keys=FILLING)
    found = _requiredness(facts)
    assert all(found[k] is not True for k in "abcd"), found
