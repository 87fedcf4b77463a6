"""Module names, import areas and name resolution through a module's imports."""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath

#: the directory of a src layout, whose packages are imported by their own names
SOURCE_DIR = "src"


def source_root(root: Path) -> str:
    """The directory below ``root`` that its top-level packages are imported
    from besides the root itself: ``src`` in a src layout (a top-level
    ``src/`` directory that is not itself a package: no ``src/__init__.py``);
    empty otherwise."""
    src = root / SOURCE_DIR
    if src.is_dir() and not src.is_symlink() and not (src / "__init__.py").exists():
        return SOURCE_DIR
    return ""


#: a path of non-empty parts, none of them ``.``, that does not start with ``/``
_PLAIN_PATH_RE = re.compile(r"(?!\.?(?:/|\Z))[^/]+(?:/(?!\.?(?:/|\Z))[^/]+)*")


def module_name(path: str, source: str = "") -> str:
    """Dotted module name of a repository-relative posix path.

    ``tools/wait.py`` is ``tools.wait``; ``helpers/__init__.py`` is ``helpers``.
    Below the ``source`` root (:func:`source_root`), the name is relative to
    it: ``src/myagent/tools/echo.py`` is ``myagent.tools.echo``.
    """
    if _PLAIN_PATH_RE.fullmatch(path):
        # (called for every module of a run: the string operations are
        # pathlib's reading of such a path, at a tenth of its cost)
        parts = path.split("/")
        name = parts[-1]
        dot = name.rfind(".")
        if 0 < dot < len(name) - 1:
            parts[-1] = name[:dot]
    else:  # an absolute path, an empty or ``.`` part: as pathlib reads them
        parts = list(PurePosixPath(path).with_suffix("").parts)
    if source and len(parts) > 1 and parts[0] == source:
        parts.pop(0)
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve_relative(module: str, is_package: bool, level: int, target: str | None) -> str:
    """Absolute module of ``from <level dots><target> import ...`` inside ``module``."""
    base = module.split(".") if module else []
    if not is_package and base:
        base = base[:-1]
    if level > 1:
        base = base[: max(0, len(base) - (level - 1))]
    if target:
        base = [*base, *target.split(".")]
    return ".".join(base)


def bind_import(
    node: ast.Import | ast.ImportFrom, names: dict[str, str], module: str, is_package: bool
) -> None:
    """Record in ``names`` what an ``import`` in ``module`` binds: each local
    name -> the dotted name it stands for (``import a.b`` binds ``a``; ``from
    .x import y as z`` binds ``z`` to ``<package>.x.y``; a star binds none)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                names[alias.asname] = alias.name
            else:
                root = alias.name.split(".", 1)[0]
                names[root] = root
        return
    source = node.module or ""
    if node.level:
        source = resolve_relative(module, is_package, node.level, node.module)
    for alias in node.names:
        if alias.name == "*":
            continue
        names[alias.asname or alias.name] = f"{source}.{alias.name}" if source else alias.name


def top_level(name: str) -> str:
    return name.split(".", 1)[0]


def dotted_parts(node: ast.expr) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]``: a name and its attributes (None: another expression)."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


def optional_inner(annotation: ast.expr) -> ast.expr | None:
    """The one type an annotation names past ``Optional[X]`` and ``X | None``
    (nested alike): ``annotation`` itself when it is neither; None for a
    union of several types."""
    node = annotation
    while True:
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            sides = [
                s
                for s in (node.left, node.right)
                if not (isinstance(s, ast.Constant) and s.value is None)
            ]
            if len(sides) != 1:
                return None
            node = sides[0]
            continue
        if isinstance(node, ast.Subscript):
            dotted = dotted_parts(node.value)
            if dotted and dotted[-1] == "Optional":
                node = node.slice
                continue
        return node


def constructed(
    value: ast.expr,
    self_name: str | None,
    resolve: Callable[[list[str]], str | None],
    is_local: Callable[[str], bool],
) -> str | None:
    """The repository callable whose result ``value`` is (``Cls(...)``, awaited
    or not); None for a call through ``self_name`` or out of the repository."""
    if isinstance(value, ast.Await):
        value = value.value
    if not isinstance(value, ast.Call):
        return None
    dotted = dotted_parts(value.func)
    if dotted is None or (self_name and dotted[0] == self_name):
        return None
    qualified = resolve(dotted)
    return qualified if qualified is not None and is_local(qualified) else None


#: methods that change the container they are called on
_MUTATORS = (
    "append|extend|insert|add|update|remove|pop|popitem|clear|setdefault|discard|sort|reverse"
    "|difference_update|intersection_update|symmetric_difference_update|__setitem__|__delitem__"
)
#: augmented assignment operators
_AUGMENTED = r"(?:[-+*/%&|^@]|//|<<|>>|\*\*)="


def may_change(source: str, name: str, mutable: bool = True) -> bool:
    """Whether a module's text may change what a module-level name holds
    after it is bound: an augmented assignment (``NAME += [...]``), a
    mutating method (``NAME.append(...)``), an item assigned or deleted
    (``NAME[k] = v``, ``del NAME[k]``), ``del NAME``, ``global NAME`` (a
    function rebinds it), ``NAME := ...`` or, when it holds a ``mutable``
    container, another name bound to it (``H = NAME``, then ``H[k] = v``;
    also a keyword argument or a parameter's default). Read from the text, strings and
    comments too: a false yes only leaves the value unknown. The text is
    read once for every name (:func:`_changed_names`)."""
    if name not in source:
        return False
    changed, aliased = _changed_names(source)
    return name in changed or (mutable and name in aliased)


_NAME = r"(?<![\w.])([^\W\d]\w*)\b"
#: a name, then what changes it: one pattern, so the name is matched once
#: per identifier, not once per kind of change
_CHANGES = re.compile(
    rf"{_NAME}\s*(?:{_AUGMENTED}|:="
    rf"|\.\s*(?:{_MUTATORS})\s*\("
    rf"|\[[^\]\n]*\]\s*(?:=(?!=)|{_AUGMENTED}))"
)
# These two start with a character, the assertion on the one before it
# following (``d(?<!\wd)`` is ``\bd``, ``=(?<![=!<>]=)`` is ``(?<![=!<>])=``):
# a pattern that starts with a character lets ``re`` skip to where that
# character is, instead of trying the assertion at every position of the text
# (a tenth of the time over a module's text; the same matches).
_STATEMENTS = re.compile(r"d(?<!\wd)el\b([^\n]*)|g(?<!\wg)lobal\s+((?:\w+\s*,\s*)*\w+)")
_ALIASES = re.compile(rf"=(?<![=!<>]=)\s*{_NAME}(?!\s*[.\[(+\-*/%&|^<>=!@])")
_WORDS = re.compile(_NAME)


@functools.lru_cache(maxsize=8)
def _changed_names(source: str) -> tuple[frozenset[str], frozenset[str]]:
    """The names the module's text may change (:func:`may_change`), and
    those another name is bound to."""
    changed = set(_CHANGES.findall(source))
    if "del" in source or "global" in source:
        for deleted, declared in _STATEMENTS.findall(source):
            if deleted:
                changed.update(_WORDS.findall(deleted))
            elif declared:
                changed.update(part.strip() for part in declared.split(","))
    return frozenset(changed), frozenset(_ALIASES.findall(source))


def literal_getattr(call: ast.Call) -> bool:
    """Whether a ``getattr`` call names the attribute with a string literal
    (``getattr(x, "now", None)``: the attribute ``x.now``)."""
    name = call.args[1] if len(call.args) > 1 else None
    return isinstance(name, ast.Constant) and isinstance(name.value, str)
