"""A key read under ``with contextlib.suppress(KeyError):`` (``suppress``
imported from ``contextlib``, a tuple of classes, or a class above
``KeyError``: ``LookupError``, ``Exception``) is guarded as under ``try:
... except KeyError: pass``: a missing key raises, the error is swallowed
and the call goes on, so the key is optional, with no default known. Under
``suppress(ValueError)`` a missing key's ``KeyError`` escapes: the key stays
required. On both walks: the tool's (libcst) and a helper's of another
module handed the arguments (``ast``)."""

from __future__ import annotations

import pytest
from bothwalks import HELPER_TOOL, OPTIONAL, REQUIRED, arguments, as_helper, as_tool, tool_module

IMPORTS = "import contextlib\nfrom contextlib import suppress\n"

#: the ``with`` around ``print(A["f"])`` -> what ``f`` is
SHAPES: dict[str, str] = {
    "contextlib.suppress(KeyError)": OPTIONAL,
    "suppress(KeyError)": OPTIONAL,
    "suppress(KeyError, ValueError)": OPTIONAL,
    "suppress(ValueError, KeyError)": OPTIONAL,
    "suppress(Exception)": OPTIONAL,
    "suppress(LookupError)": OPTIONAL,
    "open('x') as fh, suppress(KeyError)": OPTIONAL,
    "suppress(ValueError)": REQUIRED,
    "suppress()": REQUIRED,
    "open('x') as fh": REQUIRED,
}


def _code(manager: str) -> str:
    return f'with {manager}:\n    print(A["f"])\nprint(A["g"])\n'


@pytest.mark.parametrize("manager", sorted(SHAPES))
@pytest.mark.parametrize("walk", ["tool", "helper"])
def test_a_key_read_where_its_key_error_is_suppressed_is_optional(
    run_cli, make_repo, walk: str, manager: str
) -> None:
    code = _code(manager)
    if walk == "tool":
        files = {"tools/t.py": IMPORTS + as_tool(code, "A")}
    else:
        files = {"tools/t.py": HELPER_TOOL, "helpers/fmt.py": IMPORTS + as_helper(code, "A")}
    root = make_repo(files)
    assert arguments(run_cli, root) == {"f": SHAPES[manager], "g": REQUIRED}


def test_a_suppressed_subscript_read_claims_no_default(run_cli, make_repo) -> None:
    """What a missing key leaves the name is whatever was there before: no default."""
    code = 'mode = "fast"\nwith suppress(KeyError):\n    mode = A["mode"]\nprint(mode)\n'
    root = make_repo({"tools/t.py": IMPORTS + as_tool(code, "A")})
    (mode,) = tool_module(run_cli, root)["arguments"]
    assert (mode["required"], mode["has_default"]) == (False, False)


#: handlers of a ``try`` around ``print(A["f"])`` -> what ``f`` is: the first
#: handler that catches the ``KeyError`` runs, whatever the others do
HANDLERS: dict[str, str] = {
    "except KeyError: END / except ValueError: pass": REQUIRED,
    "except ValueError: pass / except KeyError: END": REQUIRED,
    "except (KeyError, ValueError): END / except Exception: pass": REQUIRED,
    "except KeyError: pass / except ValueError: END": OPTIONAL,
    "except Exception: pass / except KeyError: END": OPTIONAL,
    "except ValueError: END / except LookupError: pass": OPTIONAL,
}


@pytest.mark.parametrize("handlers", sorted(HANDLERS))
@pytest.mark.parametrize("walk", ["tool", "helper"])
def test_the_handler_that_catches_a_missing_key_decides_whether_it_is_needed(
    run_cli, make_repo, walk: str, handlers: str
) -> None:
    """``except KeyError: return Response("f is required")`` beside
    ``except ValueError: pass`` still needs ``f``: the handler that goes on
    never sees a missing key's error."""
    end = "return Response(message='f is required', break_loop=False)"
    end = end if walk == "tool" else "raise RuntimeError('f is required')"
    arms = [arm.replace("END", end).replace(": ", ":\n    ", 1) for arm in handlers.split(" / ")]
    code = 'try:\n    print(A["f"])\n' + "\n".join(arms) + '\nprint(A["g"])\n'
    if walk == "tool":
        files = {"tools/t.py": as_tool(code, "A")}
    else:
        files = {"tools/t.py": HELPER_TOOL, "helpers/fmt.py": as_helper(code, "A")}
    root = make_repo(files)
    assert arguments(run_cli, root) == {"f": HANDLERS[handlers], "g": REQUIRED}
