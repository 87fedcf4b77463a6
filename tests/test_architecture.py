"""The layout holds the data flow: imports go one way, modules stay small.

Every ``import`` of a doxtool module counts, wherever it is written: at the
top, inside a function (a lazy import) or under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "doxtool"

#: lines a module may have ("no module over about 500 lines")
MAX_LINES = 500

SOURCES = {"python", "companions", "prompts", "agents"}
#: each package, and what it may import besides itself and the root ``doxtool``
#: (which holds only the version)
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    **{source: {"core"} for source in SOURCES},
    "run": {"core", *SOURCES},
    "rules": {"core", *SOURCES, "run"},
    "formats": {"core", *SOURCES, "run", "rules"},
}
#: the commands: modules (or packages) at the top, which may import any package
TOP = "top"


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str, path: Path) -> list[Import]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                targets.append(full if full in MODULES else node.module)
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        found.extend(
            Import(name, target, node.lineno)
            for target in targets
            if target == "doxtool" or target.startswith("doxtool.")
        )
    return found


IMPORTS = [imp for name, path in MODULES.items() for imp in _imports(name, path)]


def _layer(module: str) -> str:
    """The package a module belongs to (``top`` for the commands)."""
    parts = module.split(".")
    if len(parts) >= 2 and parts[1] in ALLOWED:
        return parts[1]
    return TOP


def test_the_tree_has_the_packages_of_the_flow() -> None:
    for package in ALLOWED:
        assert (PACKAGE / package / "__init__.py").is_file(), package


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_each_package_says_what_it_owns_and_may_import(package: str) -> None:
    doc = ast.get_docstring(ast.parse((PACKAGE / package / "__init__.py").read_text()))
    assert doc, f"doxtool/{package}/__init__.py has no docstring"
    assert "Owns:" in doc, package
    assert "May import:" in doc, package


def test_imports_go_with_the_flow() -> None:
    wrong = []
    for imp in IMPORTS:
        if imp.imported == "doxtool":
            continue  # the root package holds only the version
        importer, imported = _layer(imp.importer), _layer(imp.imported)
        if importer in (TOP, imported):
            continue
        if imported not in ALLOWED[importer]:
            wrong.append(f"{imp.importer}:{imp.line} imports {imp.imported}")
    assert not wrong, "imports against the flow:\n" + "\n".join(wrong)


def test_the_direction_check_sees_lazy_and_type_checking_imports(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from doxtool.rules.base import Rule\n"
        "def f():\n    from doxtool.run import cache\n"
    )
    found = {imp.imported for imp in _imports("doxtool.core.probe", probe)}
    assert found == {"doxtool.rules.base", "doxtool.run.cache"}
    assert {_layer(name) for name in found} == {"rules", "run"}
    assert not {_layer(name) for name in found} & ALLOWED["core"]


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles() -> None:
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for imp in IMPORTS:
        # a module's import of its own package's __init__ is how Python
        # reaches a submodule, not a dependency on the package's contents
        if imp.imported in MODULES and not imp.importer.startswith(imp.imported + "."):
            graph[imp.importer].add(imp.imported)
    assert _cycles(graph) == []


def test_the_cycle_search_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_is_over_the_size_limit() -> None:
    sizes = {
        name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in MODULES.items()
    }
    large = {name: lines for name, lines in sizes.items() if lines > MAX_LINES}
    assert not large, f"modules over {MAX_LINES} lines: {large}"


def test_architecture_md_names_only_paths_that_exist() -> None:
    text = (PACKAGE.parent / "ARCHITECTURE.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:doxtool|bench)/[\w/]*(?:\.py)?)`", text))
    assert len(named) > 30
    missing = sorted(path for path in named if not (PACKAGE.parent / path).exists())
    assert not missing, f"ARCHITECTURE.md names paths that do not exist: {missing}"


def test_architecture_md_places_every_package() -> None:
    text = (PACKAGE.parent / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for package in ALLOWED:
        assert f"`{package}/`" in text, package


def _mixin_clashes() -> list[str]:
    """Methods two bases of one doxtool class both implement: the one later
    in the method order is never called, and a call written for it reaches
    the other (a stub that raises ``NotImplementedError`` only declares a
    method another base provides, and does not count)."""
    import importlib
    import inspect
    import textwrap

    def implemented(function: object) -> bool:
        try:
            source = textwrap.dedent(inspect.getsource(function))  # type: ignore[arg-type]
        except (OSError, TypeError):
            return True
        body = ast.parse(source).body[0].body  # type: ignore[attr-defined]
        body = [
            s for s in body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
        ]
        return not (
            len(body) == 1
            and isinstance(body[0], ast.Raise)
            and "NotImplementedError" in ast.unparse(body[0])
        )

    clashes = []
    for name in MODULES:
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if not (inspect.isclass(cls) and cls.__module__ == name and len(cls.__bases__) > 1):
                continue
            owners: dict[str, list[type]] = {}
            for base in cls.__mro__[1:]:
                if not base.__module__.startswith("doxtool"):
                    continue
                for attr, value in vars(base).items():
                    if (
                        inspect.isfunction(value)
                        and not attr.startswith("__")
                        and implemented(value)
                    ):
                        owners.setdefault(attr, []).append(base)
            clashes += [
                f"{name}.{cls.__name__}.{attr}: {a.__name__}, {b.__name__}"
                for attr, bases in owners.items()
                if attr not in vars(cls)
                for i, a in enumerate(bases)
                for b in bases[i + 1 :]
                if not issubclass(a, b) and not issubclass(b, a)  # an override is no clash
            ]
    return clashes


def test_no_two_bases_of_a_class_implement_one_method() -> None:
    assert _mixin_clashes() == []
