"""A call into repository code that is not there, or not read, leaves the
side-effect areas it may do unknown: a name a package's ``__init__.py`` lacks,
a module missing beside it (imported as ``from helpers import store``,
relatively, or through a star import of a module not there), and a compiled
module Python imports before the source beside it. A name ``__init__.py``
binds itself, a module that is there and a namespace package are read as
before."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import write_files
from test_unseen_effects import DOX_PATH, _files, _findings

from doxtool.core.outline_facts import ImportOutline
from doxtool.python.extract import extract_module
from doxtool.run.importseen import ImportSeen
from doxtool.run.unseen import unclassified

SAVE = "def save(args):\n    return args\n"
STORE = "        store.save(self.args)\n"
CALL = "        save(self.args)\n"
GONE = "shows no filesystem deletion"


@pytest.mark.parametrize(
    ("imports", "body", "unseen", "read"),
    [
        # a submodule or an attribute the package's __init__ lacks
        (
            "from helpers import store\n",
            STORE,
            {"helpers/__init__.py": ""},
            {"helpers/__init__.py": "", "helpers/store.py": SAVE},
        ),
        # relative imports in tools/ as a package
        (
            "from . import store\n",
            STORE,
            {"tools/__init__.py": ""},
            {"tools/__init__.py": "", "tools/store.py": SAVE},
        ),
        (
            "from .store import save\n",
            CALL,
            {"tools/__init__.py": ""},
            {"tools/__init__.py": "", "tools/store.py": SAVE},
        ),
        (
            "from ..helpers.store import save\n",
            CALL,
            {"tools/__init__.py": "", "helpers/__init__.py": ""},
            {"tools/__init__.py": "", "helpers/__init__.py": "", "helpers/store.py": SAVE},
        ),
        # a name __init__ does not define, or star-imports from a module not there
        (
            "from helpers import save\n",
            CALL,
            {"helpers/__init__.py": ""},
            {"helpers/__init__.py": SAVE},
        ),
        (
            "from helpers import save\n",
            CALL,
            {"helpers/__init__.py": "from .store import *\n"},
            {"helpers/__init__.py": "from .store import *\n", "helpers/store.py": SAVE},
        ),
        (
            "from helpers import save\n",
            CALL,
            {"helpers/__init__.py": "from .store import save\n"},
            {"helpers/__init__.py": "from .store import save\n", "helpers/store.py": SAVE},
        ),
        # a compiled module beside the source is what Python imports
        (
            "from helpers.store import save\n",
            CALL,
            {"helpers/store.py": SAVE, "helpers/store.cpython-312-x86_64-linux-gnu.so": b"\x7fELF"},
            {"helpers/store.py": SAVE, "helpers/store.txt": "notes\n"},
        ),
        (
            "from helpers.store import save\n",
            CALL,
            {"helpers/store.py": SAVE, "helpers/store.pyd": b"MZ"},
            {"helpers/store.py": SAVE},
        ),
        # a plain import of the package, then a name it lacks
        (
            "import helpers\n",
            "        helpers.store.save(self.args)\n",
            {"helpers/__init__.py": ""},
            {"helpers/__init__.py": "", "helpers/store.py": SAVE},
        ),
        (
            "import helpers\n",
            "        helpers.save(self.args)\n",
            {"helpers/__init__.py": ""},
            {"helpers/__init__.py": SAVE},
        ),
        # the older layout; a namespace package lacking the module, and one holding it
        (
            "from python.helpers import store\n",
            STORE,
            {"python/helpers/__init__.py": "", "python/helpers/other.py": "X = 1\n"},
            {"python/helpers/__init__.py": "", "python/helpers/store.py": SAVE},
        ),
        (
            "from helpers import store\n",
            STORE,
            {"helpers/other/x.py": "X = 1\n"},
            {"helpers/store/save.py": "X = 1\n"},
        ),
    ],
)
def test_an_area_is_not_gone_while_a_call_goes_into_repository_code_not_read(
    make_repo, run_cli, imports: str, body: str, unseen: dict, read: dict
) -> None:
    root = make_repo(_files(body, "filesystem deletion", imports + "\n", unseen))
    assert [f for f in _findings(root, run_cli) if "DOX133" in f] == []
    # with the code there and read, the area is gone
    root = make_repo(_files(body, "filesystem deletion", imports + "\n", read))
    for path in set(unseen) - set(read):
        (root / path).unlink()
    assert any(GONE in f for f in _findings(root, run_cli))


def test_a_plugin_relative_import_of_its_own_module_not_there(make_repo, run_cli) -> None:
    files = _files(STORE, "filesystem deletion")
    files = {f"plugins/rings/{path}": text for path, text in files.items()}
    tool = "plugins/rings/tools/wait.py"
    files[tool] = "from ..helpers import store\n" + files[tool]
    files["plugins/rings/tools/__init__.py"] = files["plugins/rings/helpers/__init__.py"] = ""
    root = make_repo(files)
    assert [f for f in _findings(root, run_cli) if "DOX133" in f] == []
    (root / "plugins/rings/helpers/store.py").write_text(SAVE)
    assert any(GONE in f for f in _findings(root, run_cli))


@pytest.mark.parametrize(("init", "none"), [("", False), (SAVE, True)])
def test_no_none_is_derived_for_a_call_of_a_name_the_package_lacks(
    make_repo, run_cli, init: str, none: bool
) -> None:
    files = _files(CALL, "none", "from helpers import save\n\n", {"helpers/__init__.py": init})
    del files[DOX_PATH]
    root = make_repo(files)
    run_cli(root, "check", "--no-cache", "--fix")
    written = (root / DOX_PATH).read_text()
    assert ("- Observed side-effect areas: none." in written) is none


def test_star_imports_that_import_each_other_are_followed_once_per_depth(tmp_path: Path) -> None:
    # a package star-imports twelve modules, each of which star-imports the package
    files = {"helpers/__init__.py": "".join(f"from .m{i} import *\n" for i in range(12))}
    for i in range(12):
        files[f"helpers/m{i}.py"] = f"from helpers import *\n\n\ndef f{i}():\n    return {i}\n"
    write_files(tmp_path, files)
    parsed: list[str] = []
    extracted = {rel: extract_module(text, rel) for rel, text in files.items()}

    def facts(rel: str):
        parsed.append(rel)
        return extracted[rel]

    seen = ImportSeen(
        lambda rel: (tmp_path / rel).exists(),
        facts,
        lambda _: False,
        unclassified,
        lambda imported: imported,
        tmp_path,
    )
    assert not seen.read("tools/wait.py", ImportOutline("helpers", 1, ["save"]))
    assert seen.read("tools/wait.py", ImportOutline("helpers", 1, ["f11"]))
    # each module at each depth asked once, not on every path through the cycle (12 ** 4)
    assert len(parsed) < 500
