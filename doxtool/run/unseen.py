"""Side-effect areas doxtool cannot tell are gone from a module: what a call
it cannot read may do.

DOX133 calls an area of a companion line stale only when nothing in the code
could still do it. A package doxtool does not classify (``boto3``, a vendor
SDK) may read, write, delete, call the network or start processes through
any call; so may a call doxtool cannot see into (a method of an object
handed in by the framework, such as ``self.agent.context.http_client.get``,
or of a parameter; a module loaded by name with ``importlib.import_module``:
:mod:`doxtool.python.opaque`); an ``open`` may be given a mode doxtool does
not read, and so may a dbm database's flag or a log file's mode (a handler's,
``logging.basicConfig``'s, whose file may be named in a ``**`` dict).
Each keeps the areas it may do from being refuted.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from doxtool.core.facts import SIDE_EFFECT_AREAS, SIDE_EFFECTS, ModuleFacts, ModuleOutline
from doxtool.core.outline_facts import ImportOutline
from doxtool.python import effects
from doxtool.python.callkinds import MODEL_METHODS
from doxtool.python.outlineareas import DELETION, NETWORK, READS, SUBPROCESS, WRITES, module_areas

#: every area code evidence shows (the canonical names companions write)
_PHYSICAL = frozenset({READS, WRITES, DELETION, NETWORK, SUBPROCESS})
#: each of those, as the tool facts name it
_TOOL_FACT_NAMES = dict(
    zip((READS, WRITES, DELETION, NETWORK, SUBPROCESS), SIDE_EFFECT_AREAS, strict=True)
)
#: third-party packages that only describe or encode data (as ``json``
#: does): they open nothing themselves
_INERT = frozenset(
    {
        "__future__",
        "typing_extensions",
        "pydantic",
        "attr",
        "attrs",
        "annotated_types",
        "ujson",
        "orjson",
        "simplejson",
        "msgpack",
    }
)
_OPENERS = frozenset({"open", "io.open", "codecs.open", "aiofiles.open"})
#: the other names of the openers whose flag or mode may not be read
#: (``logging.FileHandler(p, mode)``; ``dbm.open`` ends as ``open`` does)
_FLAGGED = frozenset(name.rsplit(".", 1)[-1] for name in effects.FLAGGED_OPENERS) - {"open"}


def unclassified(module: str) -> bool:
    """Whether ``module`` is a third-party package whose calls doxtool does
    not classify (not the standard library, not a table of network or
    subprocess modules, not a package that only describes data)."""
    top = module.split(".", 1)[0]
    if not top or top in sys.stdlib_module_names or top in _INERT:
        return False
    return not module_areas(module) and not effects.for_call(module)


def unseen_areas(
    facts: ModuleFacts, in_repository: Callable[[str, ImportOutline], bool]
) -> frozenset[str]:
    """Areas a call of ``facts``'s module may do that doxtool cannot see:
    every area when it imports an unclassified third-party package or
    repository code not read (a module not there: :mod:`doxtool.run.importseen`) or makes
    a call doxtool cannot see into; reads and writes when it calls ``open``
    or an opener of :data:`~doxtool.python.effects.FLAGGED_OPENERS` (the
    mode or flag may not be a literal), or connects to a file-backed database."""
    outline = facts.outline
    if outline is None or outline.opaque_calls:
        return _PHYSICAL
    for imported in outline.imports:
        if imported.scope == "type-checking":
            continue
        if (imported.level or unclassified(imported.module)) and not in_repository(
            facts.path, imported
        ):
            return _PHYSICAL  # a package not classified, or repository code not read
    if any(not in_repository(facts.path, used) for used in _attributes_used(facts, outline)):
        return _PHYSICAL  # ``import helpers`` then ``helpers.store.save()``, store not there
    if any(
        call in _OPENERS
        or (call.endswith(".open") and not effects.for_call(call))  # not ``webbrowser.open``
        or call.rsplit(".", 1)[-1] in _FLAGGED
        for call in outline.calls
    ) or any(evidence.via in effects.DATABASES for evidence in outline.effects):
        # a mode not read; a database connection's queries read its file
        return frozenset({READS, WRITES})
    return frozenset()


def _attributes_used(facts: ModuleFacts, outline: ModuleOutline) -> list[ImportOutline]:
    """The calls through a name a plain ``import`` binds to a package that is
    no third-party one known (``helpers.store.save`` after ``import helpers``),
    each as an import of the whole dotted name, scope ``attribute``
    (:meth:`~doxtool.run.importseen.ImportSeen.read`: its deepest module and
    the name after it)."""
    modules = {i.module for i in outline.imports if not i.names and not i.level}
    modules |= {module.split(".", 1)[0] for module in modules}
    plain = {local: t for local, t in facts.imported_names.items() if t in modules}
    used: list[ImportOutline] = []
    for call in outline.calls:
        head, _, rest = call.partition(".")
        target = plain.get(head)
        if rest and target is not None and unclassified(target):
            used.append(ImportOutline(f"{target}.{rest}", 0, [], "attribute"))
    return used


def unseen_tool_areas(
    facts: ModuleFacts, in_repository: Callable[[str, ImportOutline], bool]
) -> frozenset[str] | None:
    """The areas, named as the tool facts name them (``filesystem read``),
    that the module's tools may have past those found, so that a derived
    "none" would be a guess where there are any: None for any (a tool that
    calls the model, one whose calls reach a helper function making a call
    doxtool cannot see into, or code not followed, and a tool re-exported
    from another module: a compatibility shim, its code judged there), else
    those a call of the module's own doxtool cannot read may have
    (:func:`unseen_areas`: ``open`` alone may only read or write)."""
    if _any_tool_unseen(facts):
        return None
    return frozenset(_TOOL_FACT_NAMES[area] for area in unseen_areas(facts, in_repository))


def _any_tool_unseen(facts: ModuleFacts) -> bool:
    """Whether a tool of the module may do what its facts do not show."""
    return any(
        tool.defined_in_path is not None
        or not tool.knows(SIDE_EFFECTS)
        or any(helper.rsplit(".", 1)[-1] in MODEL_METHODS for helper in tool.helpers)
        for tool in facts.tools
    )
