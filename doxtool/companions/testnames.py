"""A related test named as a dotted module (``tests.test_wait``, a test
function in it ``tests.test_wait.test_zero``), as ``python -m pytest`` or
``unittest`` name it: it names the file ``tests/test_wait.py`` (or a
package's ``__init__.py``), as ``tests/test_wait.py`` does.

Only a dotted name whose last part is a test's (``test_...``, ``tests``, ``TestWait``)
is read so: ``helpers.tool`` is no test.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: a dotted name of two parts or more, the last a test's
DOTTED_TEST = r"(?:[^\W\d]\w*\.)+[Tt]est\w*"
_DOTTED_TEST = re.compile(DOTTED_TEST)


def is_dotted_test(name: str) -> bool:
    """Whether ``name`` is a test named as a dotted module."""
    return _DOTTED_TEST.fullmatch(name) is not None


def dotted_paths(name: str) -> list[str]:
    """The files a dotted test name may name: the module of each of its
    prefixes of two parts or more, longest first (``tests.test_wait.test_zero``
    names ``tests/test_wait/test_zero.py`` or ``tests/test_wait.py``), as a
    file or a package, one with no ``__init__.py`` too (``tests/test_wait``);
    none for another name."""
    if not is_dotted_test(name):
        return []
    parts = name.split(".")
    paths = []
    for end in range(len(parts), 1, -1):
        stem = "/".join(parts[:end])
        paths += [stem + ".py", stem + "/__init__.py", stem]
    return paths


def is_test_path(word: str) -> bool:
    """Whether ``word`` names a test: a path (``tests/x.py``, a node
    ``tests/x.py::test_a``) or a dotted module."""
    path = word.partition("::")[0]
    return "/" in path or path.endswith(".py") or is_dotted_test(path)


def unrooted(text: str, exists: Callable[[str], bool]) -> bool:
    """Whether ``text`` (a related test's words) names a test as a dotted
    module whose first part is neither a directory nor a module at the
    root (``exists``: whether a path there is): its import root is not
    known (``mypkg.tests.test_wait`` run from ``src/``), so whether it exists
    is not known either."""
    words = (word.partition("::")[0] for word in text.split())
    return any(
        is_dotted_test(word) and not any(exists(p) for p in (head, head + ".py"))
        for word in words
        for head in [word.split(".", 1)[0]]
    )
