"""Dataclasses' generated methods, compiled once and kept between runs.

Defining a dataclass writes the source of its methods (``__init__``,
``__repr__``, ``__eq__`` and the like) and compiles it, and compiling is most
of what defining one costs. libcst's hundreds of node classes make it most of
``import libcst``, and doxtool's own fact classes a good part of importing
the CLI, so a short check (the one changed file pre-commit hands over) spends
much of its time compiling the same texts as the run before.

:func:`install` gives the ``dataclasses`` module an ``exec`` of its own. For
a source text it has compiled before, with the same future flags, it runs the
code kept from then; for any other it compiles the text as the builtin
``exec`` would and keeps the code. Either way the code is what compiling that
text gives, so the classes are those ``dataclasses`` would make.
:func:`save` writes what this process compiled anew, merged with what the
file holds by then, atomically.

The file lies where Python keeps doxtool's own bytecode, one per interpreter,
in the place of the bytecode of :mod:`doxtool.core.dataclass_code_slot` (a
module nothing imports), so that uninstalling doxtool removes it with the
rest. It is trusted as that bytecode is: whoever can write there can change
doxtool. Nothing is written when Python writes no bytecode
(``PYTHONDONTWRITEBYTECODE``, ``-B``) or where the directory cannot be
written; a file not written by this module for this very interpreter (the
real bytecode of the slot module among them, which installing or
``compileall`` may write there) is ignored, and replaced by the next save.
Nothing under a checked repository is ever run.
"""

from __future__ import annotations

import builtins
import marshal
import os
import sys
from types import CodeType

TYPE_CHECKING = False  # typing itself costs an import a short run can do without
if TYPE_CHECKING:
    from typing import Any

#: what the file starts with; a file that does not is one to ignore
HEADER = b"doxtool dataclass code\n"
#: the layout of the file after it; another value is a file to ignore
FORMAT = 1
#: a file that would hold more entries than this is written with only the
#: entries this process used (the texts of classes no longer defined go)
MOST_ENTRIES = 4096
#: the module in whose bytecode's place the file lies
SLOT = "dataclass_code_slot.py"


def _future_mask() -> int:
    import __future__

    mask = 0
    for name in __future__.all_feature_names:
        mask |= getattr(__future__, name).compiler_flag
    return mask


class Store:
    """The kept code of one file, and the ``exec`` that reads and adds to it."""

    __slots__ = ("_future", "added", "compiled", "kept", "path", "used")

    def __init__(self, path: str | None, kept: dict[str, bytes]) -> None:
        self.path = path
        #: marshalled code by key (future flags, optimisation level, source text)
        self.kept = kept
        #: what this process ran, by key
        self.used: dict[str, bytes] = {}
        #: whether this process compiled a text the file did not hold, since
        #: it last saved
        self.added = False
        #: how many texts this process compiled
        self.compiled = 0
        self._future = _future_mask()

    def exec(self, source: Any, *args: Any, **kwargs: Any) -> Any:
        """``exec(source, ...)``, with the code for a source text from the store."""
        if type(source) is not str:
            return builtins.exec(source, *args, **kwargs)
        # what the builtin inherits: the future flags of the code that calls it
        flags = sys._getframe(1).f_code.co_flags & self._future
        key = f"{flags} {sys.flags.optimize}\n{source}"
        data = self.kept.get(key)
        code = None
        if type(data) is bytes:
            try:
                code = marshal.loads(data)
            except Exception:  # not what this module wrote
                code = None
        if type(code) is not CodeType:
            code = compile(source, "<string>", "exec", flags, dont_inherit=True)
            data = marshal.dumps(code)
            self.kept[key] = data
            self.added = True
            self.compiled += 1
        self.used[key] = data  # type: ignore[assignment]
        return builtins.exec(code, *args, **kwargs)


#: the store :func:`install` made in this process (a fork shares it)
_store: Store | None = None


def path() -> str | None:
    """The file for this interpreter: where the bytecode of
    :mod:`doxtool.core.dataclass_code_slot` would lie (at no optimisation
    level: the optimisation level is part of each entry's key); None for an
    interpreter that keeps no bytecode."""
    if sys.implementation.cache_tag is None:
        return None
    from importlib.util import cache_from_source

    slot = os.path.join(os.path.dirname(os.path.abspath(__file__)), SLOT)
    try:
        return cache_from_source(slot, optimization="")
    except (NotImplementedError, ValueError):
        return None


def read(file: str | None) -> dict[str, bytes]:
    """The entries ``file`` holds, or none when it is missing, unreadable or
    not written by this module for this interpreter."""
    if file is None:
        return {}
    try:
        with open(file, "rb") as stream:
            if stream.read(len(HEADER)) != HEADER:
                return {}
            loaded = marshal.load(stream)
    except Exception:
        return {}
    if type(loaded) is not tuple or len(loaded) != 3:
        return {}
    form, version, entries = loaded
    if form != FORMAT or version != sys.hexversion or type(entries) is not dict:
        return {}
    return entries


def install(file: str | None = "") -> Store:
    """Have dataclasses defined from now on in this process use the code kept
    in ``file`` (by default :func:`path`; None keeps nothing between runs).
    Once per process: a forked process inherits it."""
    global _store
    if _store is None:
        import dataclasses

        if file == "":
            file = path()
        _store = Store(file, read(file))
        dataclasses.exec = _store.exec  # type: ignore[attr-defined]
    return _store


def uninstall() -> None:
    """Give ``dataclasses`` back the builtin ``exec``; what was added is not saved."""
    global _store
    if _store is not None:
        import dataclasses

        if getattr(dataclasses, "exec", None) == _store.exec:
            del dataclasses.exec  # type: ignore[attr-defined]
        _store = None


def save() -> None:
    """Write what this process compiled anew, merged with what the file
    holds now (another process may have added to it meanwhile). Nothing
    happens when nothing was added, when Python writes no bytecode, or when
    the file cannot be written."""
    store = _store
    if store is None or not store.added or store.path is None or sys.dont_write_bytecode:
        return
    store.added = False
    try:
        _write(store.path, store.used)
    except Exception:  # keeping code is an optimisation: never let it fail a run
        return


def _write(file: str, used: dict[str, bytes]) -> None:
    entries = read(file)
    entries.update(used)
    if len(entries) > MOST_ENTRIES:
        entries = dict(used)
    directory = os.path.dirname(file)
    temporary = f"{file}.{os.getpid()}.tmp"
    try:
        os.makedirs(directory, exist_ok=True)
        with open(temporary, "wb") as stream:
            stream.write(HEADER)
            marshal.dump((FORMAT, sys.hexversion, entries), stream)
        os.replace(temporary, file)
    except Exception:
        import contextlib

        with contextlib.suppress(OSError):
            os.remove(temporary)
        return
    _sweep(file)


#: a temporary file older than this was left by a process ended while it
#: wrote (a side parser is killed when its run is done)
STALE_SECONDS = 600


def _sweep(file: str) -> None:
    """Remove the temporary files of writes of ``file`` that never finished."""
    import time

    directory, name = os.path.split(file)
    stem = name + "."
    now = time.time()
    try:
        with os.scandir(directory) as entries:
            for entry in entries:
                ours = entry.name.startswith(stem) and entry.name.endswith(".tmp")
                if ours and now - entry.stat().st_mtime > STALE_SECONDS:
                    os.remove(entry.path)
    except OSError:
        return
