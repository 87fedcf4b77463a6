"""Whether the ``try`` statements around a ``raise`` may catch it: a
handler for an unrelated builtin class takes nothing, and one that only
re-raises passes the exception on (``in_try`` of a raise, and whether a
``RepairableException`` raised in a ``try`` is known to get out)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_extract import tool


def _raises(facts) -> list[tuple[str, int, bool]]:
    return [(r.exception, r.line, r.in_try) for r in facts.raises]


def test_handlers_of_unrelated_builtin_classes_catch_nothing(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class LocalError(Exception):
            pass


        class T(Tool):
            async def execute(self, **kwargs):
                n = self.args.get("n", "1")
                try:
                    if n == "0":
                        raise ZeroDivisionError("zero")
                    if n == "-":
                        raise FileNotFoundError(n)
                    if n == "x":
                        raise KeyError(n)
                except (KeyError, LocalError):
                    return Response("bad", False)
                except OSError:
                    return Response("os", False)
                return Response(n, False)
        """
    facts = tool(tmp_path, source)
    assert _raises(facts) == [
        ("ZeroDivisionError", 13, False),
        ("FileNotFoundError", 15, True),
        ("KeyError", 17, True),
    ]


def test_handler_that_only_reraises_passes_the_exception_on(tmp_path: Path) -> None:
    source = """\
        from helpers.errors import InterventionException, RepairableException
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                try:
                    await self.agent.handle_intervention()
                    if not self.args.get("q"):
                        raise RepairableException("q is required")
                    out = self.args["q"].upper()
                except InterventionException:
                    raise
                except RepairableException as error:
                    raise error
                except Exception as e:
                    return Response(str(e), False)
                return Response(out, False)
        """
    facts = tool(tmp_path, source, helpers__errors=ERRORS)
    assert _raises(facts) == [("RepairableException", 10, False)]


def test_handler_that_may_take_it_and_goes_on_may_catch_it(tmp_path: Path) -> None:
    source = """\
        from helpers.errors import InterventionException, RepairableException
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                try:
                    if not self.args.get("q"):
                        raise RepairableException("q is required")
                except InterventionException:
                    return Response("stopped", False)
                except RepairableException:
                    raise
                return Response("ok", False)
        """
    facts = tool(tmp_path, source, helpers__errors=ERRORS)
    assert _raises(facts) == []


def test_a_builtin_name_the_module_binds_is_not_known(tmp_path: Path) -> None:
    source = """\
        from helpers.errors import InterventionException as KeyError
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                try:
                    if not self.args.get("q"):
                        raise ValueError("q")
                except KeyError:
                    return Response("stopped", False)
                return Response("ok", False)
        """
    facts = tool(tmp_path, source, helpers__errors=ERRORS)
    assert _raises(facts) == [("ValueError", 9, True)]


ERRORS = """\
class RepairableException(Exception):
    pass


class InterventionException(Exception):
    pass
"""


def test_a_handler_that_logs_then_reraises_and_an_exception_class_for_a_base_only_one(
    tmp_path: Path,
) -> None:
    source = """\
        import logging

        from helpers.tool import Response, Tool

        log = logging.getLogger(__name__)


        class Stop(BaseException):
            pass


        class T(Tool):
            async def execute(self, **kwargs):
                try:
                    if self.args.get("fail"):
                        raise LookupError("asked to fail")
                except LookupError as e:
                    log.error("failed: %s", e)
                    raise
                try:
                    if self.args.get("stop"):
                        raise Stop()
                    if self.args.get("bad"):
                        raise ValueError("bad")
                except Exception:
                    return Response("error", False)
                try:
                    if self.args.get("other"):
                        raise KeyError("other")
                except KeyError:
                    if self.args.get("quiet"):
                        return Response("quiet", False)
                    raise
                return Response("ok", False)
        """
    facts = tool(tmp_path, source)
    assert _raises(facts) == [
        ("LookupError", 16, False),
        ("Stop", 22, False),
        ("ValueError", 24, True),
        ("KeyError", 29, True),
    ]


def test_a_handler_that_rebinds_its_name_before_raising_it_does_not_pass_it_on(
    tmp_path: Path,
) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                try:
                    if not self.args.get("n"):
                        raise ValueError("n is required")
                except ValueError as err:
                    err = RuntimeError(f"bad n: {err}")
                    raise err
                try:
                    if self.args.get("x"):
                        raise KeyError("x")
                except KeyError as err:
                    print(err := None)
                    raise err
                try:
                    if self.args.get("y"):
                        raise LookupError("y")
                except LookupError as err:
                    print(err)
                    raise err
                return Response("ok", False)
        """
    facts = tool(tmp_path, source)
    assert _raises(facts) == [
        ("ValueError", 8, True),
        ("KeyError", 14, True),
        ("LookupError", 20, False),
    ]


def test_a_finally_that_may_leave_may_drop_what_gets_past_the_handlers(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                quiet = self.args.get("quiet", False)
                try:
                    if not self.args.get("n"):
                        raise ValueError("n is required")
                except KeyError:
                    return Response("missing", False)
                finally:
                    if quiet:
                        return Response("done", False)
                try:
                    if not self.args.get("m"):
                        raise TypeError("m is required")
                except KeyError:
                    return Response("missing", False)
                finally:
                    def later():
                        return 1
                    print(later)
                return Response("ok", False)
        """
    facts = tool(tmp_path, source)
    assert _raises(facts) == [("ValueError", 9, True), ("TypeError", 17, False)]


def test_a_handler_of_a_builtin_class_above_exception_may_take_a_base_only_class(
    tmp_path: Path,
) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class Abort(SystemExit):
            pass


        class T(Tool):
            async def execute(self, **kwargs):
                try:
                    if not self.args.get("n"):
                        raise Abort("n is required")
                except SystemExit:
                    return Response("aborted", False)
                try:
                    if not self.args.get("m"):
                        raise Abort("m is required")
                except Exception:
                    return Response("failed", False)
                return Response("ok", False)
        """
    facts = tool(tmp_path, source)
    assert _raises(facts) == [("Abort", 12, True), ("Abort", 17, False)]


def test_a_finally_with_no_handlers_that_may_leave_may_drop_the_raise(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                quiet = self.args.get("quiet", False)
                try:
                    try:
                        if not self.args.get("n"):
                            raise ValueError("n is required")
                    finally:
                        if quiet:
                            return Response("done", False)
                except KeyError:
                    return Response("missing", False)
                return Response("ok", False)
        """
    facts = tool(tmp_path, source)
    assert _raises(facts) == [("ValueError", 10, True)]


def test_a_re_raise_past_a_call_that_never_returns_passes_nothing_on(tmp_path: Path) -> None:
    """``sys.exit(1)`` (or a function of the module that always raises)
    before the handler's bare ``raise``: that ``raise`` never runs."""
    source = """\
        import sys

        from helpers.tool import Response, Tool


        def fail(text):
            raise RuntimeError(text)


        class T(Tool):
            async def execute(self, **kwargs):
                try:
                    if self.args.get("a"):
                        raise LookupError("a")
                except LookupError:
                    sys.exit(1)
                    raise
                try:
                    if self.args.get("b"):
                        raise KeyError("b")
                except KeyError as e:
                    fail(str(e))
                    raise
                try:
                    if self.args.get("c"):
                        raise ValueError("c")
                except ValueError as e:
                    print(e)
                    raise
                return Response("ok", False)
        """
    facts = tool(tmp_path, source)
    assert [r for r in _raises(facts) if r[0] != "RuntimeError"] == [
        ("LookupError", 14, True),
        ("KeyError", 20, True),
        ("ValueError", 26, False),
    ]


@pytest.mark.parametrize(
    "helper", ["def fail(err):\n    raise err", "def fail(err):\n    print(err)\n    raise"]
)
def test_a_re_raise_past_a_function_raising_what_it_is_handed_passes_it_on(
    tmp_path: Path, helper: str
) -> None:
    """A function that always raises, but what the handler caught (``raise
    err`` of its parameter, a bare ``raise``): the error goes on either way."""
    source = (
        "from helpers.tool import Response, Tool\n\n\n" + helper + "\n\n\nclass T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        try:\n"
        '            if self.args.get("a"):\n'
        '                raise LookupError("a")\n'
        "        except LookupError as e:\n"
        "            fail(e)\n"
        "            raise\n"
        '        return Response("ok", False)\n'
    )
    facts = tool(tmp_path, source)
    assert [r[::2] for r in _raises(facts)] == [("LookupError", False)]


@pytest.mark.parametrize(
    ("gather", "caught"),
    [
        ("asyncio.gather({calls}, return_exceptions=True)", True),
        ("gather({calls}, return_exceptions=True)", True),
        ("asyncio.gather({calls})", False),
        ("asyncio.gather({calls}, return_exceptions=False)", False),
    ],
)
def test_gather_returning_exceptions_hands_back_what_the_calls_raise(
    tmp_path: Path, gather: str, caught: bool
) -> None:
    # ``return_exceptions=True``: what a gathered call raises is a result
    calls = "*(self._fetch(u) for u in self.args.get('urls', []))"
    source = f"""\
        import asyncio
        from asyncio import gather

        from helpers.errors import RepairableException
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                results = await {gather.format(calls=calls)}
                return Response(str(results), False)

            async def _fetch(self, url):
                if not url:
                    raise RepairableException("empty url")
                if not url.startswith("http"):
                    raise ValueError(url)
                return url
        """
    facts = tool(tmp_path, source, helpers__errors=ERRORS)
    if caught:
        assert _raises(facts) == [("ValueError", 17, True)]
    else:
        assert _raises(facts) == [("RepairableException", 15, False), ("ValueError", 17, False)]


@pytest.mark.parametrize(("keyword", "raised"), [(", return_exceptions=True", []), ("", [7])])
def test_a_helper_gathering_with_return_exceptions_raises_nothing_it_gathers(
    tmp_path: Path, keyword: str, raised: list[int]
) -> None:
    fetcher = f"""\
import asyncio

from helpers.errors import RepairableException


async def _one(url):
    if not url:
        raise RepairableException("empty")
    return url


async def fetch_all(urls):
    return await asyncio.gather(*(_one(u) for u in urls){keyword})
"""
    source = """\
        from helpers.fetcher import fetch_all
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                out = await fetch_all(self.args.get("urls", []))
                return Response(str(out), False)
        """
    facts = tool(tmp_path, source, helpers__errors=ERRORS, helpers__fetcher=fetcher)
    assert [r.line for r in facts.raises if r.exception == "RepairableException"] == raised


@pytest.mark.parametrize(
    "handed",
    [
        "self._fetch(self._checked(url))",
        "asyncio.create_task(self._fetch(self._checked(url)))",
        "*[self._fetch(self._checked(u)) for u in [url]]",
    ],
)
def test_a_call_in_the_arguments_of_a_gathered_call_raises_before_gather(
    tmp_path: Path, handed: str
) -> None:
    # ``_checked`` runs while the arguments are made, before ``gather``
    # runs anything: what it raises gets out of execute; ``_fetch``'s is a result
    source = f"""\
        import asyncio

        from helpers.errors import RepairableException
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                url = self.args.get("url", "")
                results = await asyncio.gather({handed}, return_exceptions=True)
                return Response(str(results), False)

            def _checked(self, url):
                if not url:
                    raise RepairableException("empty url")
                return url

            async def _fetch(self, url):
                raise ValueError(url)
        """
    facts = tool(tmp_path, source, helpers__errors=ERRORS)
    assert sorted(_raises(facts)) == [("RepairableException", 15, False), ("ValueError", 19, True)]


@pytest.mark.parametrize(
    "handed", ["_one(_checked(u))", "asyncio.ensure_future(_one(_checked(u)))"]
)
def test_a_helper_gathering_raises_what_the_arguments_of_its_calls_raise(
    tmp_path: Path, handed: str
) -> None:
    fetcher = f"""\
import asyncio

from helpers.errors import RepairableException


def _checked(url):
    if not url:
        raise RepairableException("empty")
    return url


async def _one(url):
    raise RepairableException(url)


async def fetch_all(u):
    return await asyncio.gather({handed}, return_exceptions=True)
"""
    source = """\
        from helpers.fetcher import fetch_all
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                out = await fetch_all(self.args.get("url", ""))
                return Response(str(out), False)
        """
    facts = tool(tmp_path, source, helpers__errors=ERRORS, helpers__fetcher=fetcher)
    assert [r.line for r in facts.raises if r.exception == "RepairableException"] == [7]
