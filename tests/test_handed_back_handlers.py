"""A helper's key read under a ``try`` whose first handler that catches a
missing key's ``KeyError`` hands a value back (``except Exception: return
json.dumps({"error": ...})``, ``return None``, a bare ``return``): the
helper answers the missing key with a value, which the tool may answer with
as an error or not, so the key is neither required nor optional; also for
a read in a function the guarded call reaches. A handler that goes on past
the ``try`` (or ``pass``es) leaves it optional, one that raises required.
So does a helper's check whose block hands a value back (``if not
args.get("k"): return "error"``), whether the tool drops that value or
answers with it through another helper."""

from __future__ import annotations

import pytest
from bothwalks import HELPER_TOOL, in_helper, kinds_and_defaults

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


#: the tool answers with what the helper hands back, through another helper
ANSWERING_TOOL = """\
from helpers.fmt import relay
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        return relay(self.args)
"""
RELAY = "\n\ndef relay(args):\n    return run(args)\n"


@pytest.mark.parametrize("answered", [False, True])
@pytest.mark.parametrize(
    ("code", "kind", "default"),
    [
        ('if not A.get("k"):\n    return Response("k is required", False)\n', "unknown", "-"),
        ('if not A.get("k"):\n    return "error"\nprint(A.get("k"))\n', "unknown", "-"),
        ('if not A.get("k"):\n    return {"error": "k"}\n', "unknown", "-"),
        ('if not A.get("k"):\n    return None\n', "unknown", "-"),
        ('if "k" not in A:\n    return "error"\n', "unknown", "-"),
        # a default the check refuses is neither claimed nor denied
        ('k = A.get("k", "")\nif not k:\n    return "error"\nprint(k)\n', "unknown", "-"),
        # a default the check lets pass stands
        ('k = A.get("k", "x")\nif not k:\n    return "error"\nprint(k)\n', "optional", "x"),
        # it assigns a default and goes on
        ('k = A.get("k")\nif not k:\n    k = "d"\nprint(k)\n', "optional", "d"),
        # it raises
        ('if not A.get("k"):\n    raise ValueError("k is required")\n', "required", "-"),
        # a read that raises without the key on every call all the same
        ('if not A["k"]:\n    return "error"\n', "required", "-"),
        ('k = A.pop("k")\nif not k:\n    return "error"\n', "required", "-"),
    ],
)
def test_a_check_that_hands_a_value_back_leaves_the_key_unknown(
    make_repo, run_cli, code: str, kind: str, default: str, answered: bool
) -> None:
    files = in_helper(code)
    files["helpers/fmt.py"] = "from helpers.tool import Response\n\n\n" + files["helpers/fmt.py"]
    if answered:
        files["helpers/fmt.py"] += RELAY
        files["tools/t.py"] = ANSWERING_TOOL
    facts = kinds_and_defaults(run_cli, make_repo(files))
    assert facts["k"] == (kind, default)


SPLATTED_TOOL = HELPER_TOOL.replace("run(self.args)", "run(**self.args)")


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ('    if not k:\n        return "k is required"\n    return k\n', "unknown"),
        ('    if not k:\n        raise ValueError("k is required")\n    return k\n', "required"),
        # the default passes the check
        ('    if k is None:\n        return "k is required"\n    return k\n', "optional"),
    ],
)
def test_a_splatted_parameter_whose_default_a_check_refuses(
    make_repo, run_cli, body: str, kind: str
) -> None:
    helper = 'def run(k=""):\n' + body
    files = {"helpers/fmt.py": helper, "tools/t.py": SPLATTED_TOOL}
    facts = kinds_and_defaults(run_cli, make_repo(files))
    assert facts["k"] == (kind, "" if kind == "optional" else "-")
