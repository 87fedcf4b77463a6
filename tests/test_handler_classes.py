"""A check that raises under a ``try`` whose handler goes on: the handler
recovers from the raise only when it may take the class raised (the class
itself, a builtin class above it, ``Exception``, a bare ``except``, or a
class whose place is not known). ``raise ValueError(...)`` under ``except
KeyError`` ends the call with that error: the key is needed, as outside the
``try``; so on both walks."""

from __future__ import annotations

import pytest
from bothwalks import HELPER_TOOL, OPTIONAL, REQUIRED, as_helper, as_tool, presence, tool_module

HEAD = """\
from helpers.errors import Oops


class Local(Exception):
    pass


"""

TRIED = """\
p = ""
try:
    if "path" not in ARGS:
        raise RAISED("path is required")
    p = ARGS["path"]
except HANDLED:
    print("failed")
print(p)
"""


@pytest.mark.parametrize(
    ("raised", "handled", "expected"),
    [
        # handlers that never take a ValueError: the call ends with it
        ("ValueError", "KeyError", REQUIRED),
        ("ValueError", "(KeyError, TypeError)", REQUIRED),
        ("ValueError", "OSError", REQUIRED),
        ("ValueError", "LookupError", REQUIRED),
        ("ValueError", "Local", REQUIRED),  # a class of the module is no base of a builtin
        ("FileNotFoundError", "KeyError", REQUIRED),
        # handlers that take it, or may: the handler recovers
        ("ValueError", "ValueError", OPTIONAL),
        ("ValueError", "Exception", OPTIONAL),
        ("ValueError", "(KeyError, ValueError)", OPTIONAL),
        ("FileNotFoundError", "OSError", OPTIONAL),
        ("ValueError", "Oops", OPTIONAL),  # an imported class: its bases are not known
        ("Local", "KeyError", OPTIONAL),  # a class of the module: its bases are not followed
        ("Oops", "KeyError", OPTIONAL),
    ],
)
@pytest.mark.parametrize("walk", ["tool", "helper"])
def test_a_raise_no_handler_that_goes_on_takes_needs_the_key(
    run_cli, make_repo, walk: str, raised: str, handled: str, expected: str
) -> None:
    code = TRIED.replace("RAISED", raised).replace("HANDLED", handled)
    errors = {"helpers/errors.py": "class Oops(Exception):\n    pass\n"}
    if walk == "tool":
        files = {"tools/t.py": HEAD + as_tool(code, "ARGS"), **errors}
    else:
        files = {"tools/t.py": HELPER_TOOL, "helpers/fmt.py": HEAD + as_helper(code, "ARGS")}
        files.update(errors)
    root = make_repo(files)
    (argument,) = tool_module(run_cli, root)["arguments"]
    assert presence(argument) == expected


@pytest.mark.parametrize("walk", ["tool", "helper"])
def test_a_builtin_name_the_module_binds_may_take_anything(run_cli, make_repo, walk: str) -> None:
    code = TRIED.replace("RAISED", "ValueError").replace("HANDLED", "KeyError")
    head = "from helpers.errors import Oops as KeyError\n\n\n"
    errors = {"helpers/errors.py": "class Oops(Exception):\n    pass\n"}
    if walk == "tool":
        files = {"tools/t.py": head + as_tool(code, "ARGS"), **errors}
    else:
        files = {"tools/t.py": HELPER_TOOL, "helpers/fmt.py": head + as_helper(code, "ARGS")}
        files.update(errors)
    root = make_repo(files)
    (argument,) = tool_module(run_cli, root)["arguments"]
    assert presence(argument) == OPTIONAL


ORDERED = """\
p = ""
try:
    if "path" not in ARGS:
        raise ValueError("path is required")
    p = ARGS["path"]
FIRST:
    raise RuntimeError("bad input")
except KeyError:
    print("failed")
print(p)
"""


@pytest.mark.parametrize(
    ("first", "expected"),
    [
        # the first handler that takes it runs: it ends the call with an error
        ("except ValueError", REQUIRED),
        ("except Exception", REQUIRED),
        ("except (TypeError, ValueError)", REQUIRED),
        # one that never takes it, or may (and ends with an error all the
        # same): the next that may take it decides, and it never does
        ("except TypeError", REQUIRED),
        ("except Oops", REQUIRED),
    ],
)
@pytest.mark.parametrize("walk", ["tool", "helper"])
def test_the_first_handler_that_takes_the_raise_decides(
    run_cli, make_repo, walk: str, first: str, expected: str
) -> None:
    code = ORDERED.replace("FIRST", first)
    errors = {"helpers/errors.py": "class Oops(Exception):\n    pass\n"}
    if walk == "tool":
        files = {"tools/t.py": HEAD + as_tool(code, "ARGS"), **errors}
    else:
        files = {"tools/t.py": HELPER_TOOL, "helpers/fmt.py": HEAD + as_helper(code, "ARGS")}
        files.update(errors)
    root = make_repo(files)
    (argument,) = tool_module(run_cli, root)["arguments"]
    assert presence(argument) == expected
