"""A call made in the body of a ``try`` one of whose handlers catches a
missing key's ``KeyError`` (``except KeyError``, ``LookupError``,
``Exception``, a bare ``except``) and goes on, or under ``with
suppress(KeyError):``: a callee's ``args["f"]`` (``args.pop("p")``) of a
missing key raises into the handler and the call goes on, so the key is
optional there, with no default known, as the same read in ``execute`` is.
A helper of another module and a method of the tool alike. A handler that
catches something else (``except ValueError``) or raises again leaves the
read required; a parameter a splat fills raises ``TypeError``, which
``except LookupError`` does not catch."""

from __future__ import annotations

import pytest
from bothwalks import OPTIONAL, REQUIRED, UNKNOWN, arguments

HELPER = 'def run(args):\n    print(args["f"])\n    print(args.pop("p"))\n\n\ndef run2(f):\n    print(f)\n'

HEAD = (
    "import contextlib\n"
    "from helpers.fmt import run, run2\n"
    "from helpers.tool import Response, Tool\n\n\n"
    "class T(Tool):\n"
    "    async def execute(self, **kwargs):\n"
)
TAIL = '        return Response(message="done", break_loop=False)\n'
#: the tool's method ``_read`` (only where ``execute`` calls it)
METHOD = (
    '\n    def _read(self):\n        print(self.args["f"])\n        print(self.args.pop("p"))\n'
)


def _try(call: str, handler: str) -> str:
    return f"        try:\n            {call}\n        {handler}\n"


BOTH = {"f": OPTIONAL, "p": OPTIONAL}
NEEDED = {"f": REQUIRED, "p": REQUIRED}

#: the code in ``execute`` -> each argument read
SHAPES: dict[str, tuple[str, dict[str, str]]] = {
    "helper, except KeyError": (_try("run(self.args)", "except KeyError:\n            pass"), BOTH),
    "helper, except Exception": (
        _try("run(self.args)", "except Exception:\n            pass"),
        BOTH,
    ),
    "helper, except LookupError": (
        _try("run(self.args)", "except LookupError:\n            pass"),
        BOTH,
    ),
    "helper, bare except": (_try("run(self.args)", "except:\n            pass"), BOTH),
    "helper, suppress(KeyError)": (
        "        with contextlib.suppress(KeyError):\n            run(self.args)\n",
        BOTH,
    ),
    "helper, except ValueError": (
        _try("run(self.args)", "except ValueError:\n            pass"),
        NEEDED,
    ),
    "helper, except KeyError raising again": (
        _try("run(self.args)", 'except KeyError:\n            raise ValueError("x")'),
        NEEDED,
    ),
    "helper, no try": ("        run(self.args)\n", NEEDED),
    "splat parameter, except LookupError": (
        _try("run2(**self.args)", "except LookupError:\n            pass"),
        {"f": REQUIRED},
    ),
    "method, except KeyError": (_try("self._read()", "except KeyError:\n            pass"), BOTH),
    "method, except ValueError": (
        _try("self._read()", "except ValueError:\n            pass"),
        NEEDED,
    ),
    # the handler catching the ``KeyError`` ends with an error: another that goes on
    # never sees it
    "helper, except KeyError refusing beside one going on": (
        _try(
            "run(self.args)",
            'except KeyError:\n            return Response(message="f is required", '
            "break_loop=False)\n        except ValueError:\n            pass",
        ),
        NEEDED,
    ),
    "method, except KeyError raising beside except Exception": (
        _try(
            "self._read()",
            "except KeyError:\n            raise\n        except Exception:\n            pass",
        ),
        NEEDED,
    ),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_callee_key_read_whose_key_error_the_caller_catches_is_optional(
    run_cli, make_repo, shape: str
) -> None:
    code, expected = SHAPES[shape]
    method = METHOD if "self._read()" in code else ""
    root = make_repo({"helpers/fmt.py": HELPER, "tools/t.py": HEAD + code + TAIL + method})
    assert arguments(run_cli, root) == expected


def _helper_try(call: str, handler: str) -> str:
    return f"    try:\n        {call}\n    {handler}\n"


#: ``outer(args)``'s body in ``helpers/outer.py``, which ``execute`` calls
#: unguarded -> each argument ``run`` (one call further) reads
CHAINS: dict[str, tuple[str, dict[str, str]]] = {
    "except KeyError": (_helper_try("run(args)", "except KeyError:\n        pass"), BOTH),
    # the handler hands a value back: whether it is an answer of the tool's
    # is not known here (tests/test_handed_back_handlers.py)
    "bare except, returning": (
        _helper_try("return run(args)", "except:\n        return None"),
        {"f": UNKNOWN, "p": UNKNOWN},
    ),
    "suppress(KeyError)": (
        "    with contextlib.suppress(KeyError):\n        run(args)\n",
        BOTH,
    ),
    "through a third helper": (
        _helper_try("middle(args)", "except LookupError:\n        pass"),
        BOTH,
    ),
    "except ValueError": (_helper_try("run(args)", "except ValueError:\n        pass"), NEEDED),
    "except KeyError raising again": (
        _helper_try("run(args)", 'except KeyError:\n        raise ValueError("x")'),
        NEEDED,
    ),
    "suppress(ValueError)": (
        "    with contextlib.suppress(ValueError):\n        run(args)\n",
        NEEDED,
    ),
    "no try": ("    run(args)\n", NEEDED),
    "splat parameter, except LookupError": (
        _helper_try("run2(**args)", "except LookupError:\n        pass"),
        {"f": REQUIRED},
    ),
}


@pytest.mark.parametrize("shape", sorted(CHAINS))
def test_a_key_read_whose_key_error_a_helper_between_catches_is_as_if_the_tool_caught_it(
    run_cli, make_repo, shape: str
) -> None:
    code, expected = CHAINS[shape]
    outer = (
        "import contextlib\n"
        "from helpers.fmt import run, run2\n\n\n"
        "def middle(args):\n    run(args)\n\n\n"
        f"def outer(args):\n{code}"
    )
    tool = HEAD.replace("helpers.fmt import run, run2", "helpers.outer import outer")
    files = {"helpers/fmt.py": HELPER, "helpers/outer.py": outer}
    root = make_repo({**files, "tools/t.py": tool + "        outer(self.args)\n" + TAIL})
    assert arguments(run_cli, root) == expected
