"""A helper's key read under a ``try`` whose first handler that catches a
missing key's ``KeyError`` hands a value back (``except Exception: return
json.dumps({"error": ...})``, ``return None``, a bare ``return``): the
helper answers the missing key with a value, which the tool may answer with
as an error or not, so the key is neither required nor optional; also for
a read in a function the guarded call reaches. A handler that goes on past
the ``try`` (or ``pass``es) leaves it optional, one that raises required."""

from __future__ import annotations

import pytest
from bothwalks import in_helper, kinds_and_defaults

INNER = '\n\ndef dispatch(args):\n    return args["k"]\n'


def _try(body: str, handler: str) -> str:
    return f"try:\n    {body}\nexcept {handler}\nprint(x)\n"


@pytest.mark.parametrize(
    ("code", "kind"),
    [
        (_try('x = A["k"]', 'KeyError:\n    return "no k"'), "unknown"),
        (_try('x = A["k"]', "Exception:\n    return None"), "unknown"),
        (_try('x = A["k"]', "LookupError:\n    return"), "unknown"),
        (_try('x = A["k"]', 'KeyError:\n    print("no k")\n    return "no k"'), "unknown"),
        (_try("x = dispatch(A)", 'Exception:\n    return "no k"'), "unknown"),
        # the first handler that catches it raises: the key is needed
        (
            _try(
                'x = A["k"]', 'KeyError:\n    raise ValueError("k")\nexcept Exception:\n    return'
            ),
            "required",
        ),
        (_try("x = dispatch(A)", 'Exception:\n    raise ValueError("k")'), "required"),
        # it goes on past the ``try``
        (_try('x = A["k"]', "KeyError:\n    x = 1"), "optional"),
        (_try('x = A["k"]', "KeyError:\n    pass"), "optional"),
        (_try("x = dispatch(A)", "Exception:\n    x = None"), "optional"),
    ],
)
def test_a_handler_that_hands_a_value_back_leaves_the_key_unknown(
    make_repo, run_cli, code: str, kind: str
) -> None:
    files = in_helper(code)
    files["helpers/fmt.py"] += INNER
    facts = kinds_and_defaults(run_cli, make_repo(files))
    assert facts["k"] == (kind, "-")
