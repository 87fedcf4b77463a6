"""A helper's check in a ``try`` whose every handler raises (``except
Exception: raise``, ``raise ToolError(...) from e``) refuses what it would
outside the ``try``, as the same check in a tool does: what the body
raises ends the call with an error all the same. A handler that goes on,
or a ``finally`` that returns, takes the error: the check refuses nothing."""

from __future__ import annotations

from textwrap import indent

import pytest
from bothwalks import HELPER_TOOL, OPTIONAL, REQUIRED
from bothwalks import arguments as _arguments

#: (a helper's ``try`` around a check, whether ``q`` is required)
TRIES: dict[str, tuple[str, str]] = {
    "raised again": ("except Exception:\n    raise", REQUIRED),
    "raised again by name": ("except Exception as e:\n    raise e", REQUIRED),
    "logged, raised again": ("except Exception:\n    print('x')\n    raise", REQUIRED),
    "raised as another error": ("except Exception as e:\n    raise KeyError('q') from e", REQUIRED),
    "recovered": ("except Exception:\n    pass", OPTIONAL),
    "one handler recovers": (
        "except KeyError:\n    raise\nexcept Exception:\n    return None",
        OPTIONAL,
    ),
    "a finally that returns": ("except Exception:\n    raise\nfinally:\n    return None", OPTIONAL),
}


@pytest.mark.parametrize("shape", sorted(TRIES))
def test_a_helper_check_in_a_try_whose_handlers_raise(run_cli, make_repo, shape: str) -> None:
    handlers, expected = TRIES[shape]
    code = 'try:\n    if not A.get("q"):\n        raise ValueError("q")\n' + handlers + "\n"
    helper = "def run(args):\n" + indent(code.replace("A", "args"), " " * 4)
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL})
    assert _arguments(run_cli, root) == {"q": expected}
