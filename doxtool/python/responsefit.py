"""The class a module's ``Response(...)`` call makes, found across the
repository, whether the call fits its parameters, and whether a ``return``
gives outright a call that does not (a ``TypeError`` before anything is
returned).

The name is bound once in the module, by a class definition there or by an
import of a class of the repository (:mod:`doxtool.python.responsecalls`);
the class is read only when its module rebinds none of ``__init__``,
``__new__`` or a star import's names on it, it is defined once at the top
level, and its own code says the parameters a call of it takes (a
dataclass's fields, its own ``__init__``). DOX011 checks a call against
them (:mod:`doxtool.run.responseclasses`); the default ``break_loop`` of a
call passing none is read from the same class
(:mod:`doxtool.run.defaultbreak`); an outcome of a call that does not fit is
none (:mod:`doxtool.run.raisingresponses`,
:class:`~doxtool.python.returns.ReturnFollower`).
"""

from __future__ import annotations

from collections.abc import Callable

from doxtool.core.facts import ModuleFacts
from doxtool.core.outline_facts import ClassCall, ClassOutline, Param

#: where a dotted class name is defined: its module's facts and its name there
Defined = Callable[[str], "tuple[ModuleFacts, str] | None"]
#: the facts of a module of the repository by its dotted name (None: no such module)
Lookup = Callable[[str], "ModuleFacts | None"]

#: the scopes of an import that may not run, or may run beside another
#: binding the same name (``try: from a import R`` / ``except: from b import R``)
_MAYBE = ("try", "conditional", "type-checking")
#: re-exports followed from a module to the class it hands on
_MAX_HOPS = 8


def called_class(
    defined: Defined,
    lookup: Lookup,
    facts: ModuleFacts,
    callee: str,
    rebound: frozenset[str] = frozenset(),
) -> tuple[str, ClassOutline] | None:
    """The dotted name and the outline of the class ``callee`` stands for in
    the module of ``facts``; None when not known, when a module it is
    imported through may bind the name to another value (:func:`_handed_on`),
    or when the class's module rebinds one of ``rebound`` on it besides
    ``__init__`` and ``__new__``."""
    root, _, rest = callee.partition(".")
    if facts.class_named(root) is not None and root not in facts.imported_names:
        qualified = f"{facts.module}.{callee}"
    elif root in facts.imported_names:
        qualified = ".".join(filter(None, [facts.imported_names[root], rest]))
    else:
        return None
    found = defined(qualified)
    if found is None or not _handed_on(lookup, qualified):
        return None
    home, name = found
    outline = home.outline
    if outline is None or {"__init__", "__new__", "*", *rebound} & set(outline.rebound_attributes):
        return None  # ``Response.__init__ = ...`` elsewhere in its module
    classes = [cls for cls in outline.classes if cls.name == name]
    if len(classes) != 1 or not classes[0].top_level or classes[0].init is None:
        return None
    stars = [item for item in outline.imports if "*" in item.names and item.scope != "function"]
    if any(item.line > classes[0].line for item in stars):
        return None  # ``from elsewhere import *`` below the class may bind its name again
    return f"{home.module}.{name}", classes[0]


def raising_return(defined: Defined, lookup: Lookup, facts: ModuleFacts, line: int) -> bool:
    """Whether the ``return`` on ``line`` of the module of ``facts`` gives
    outright a ``Response`` call that does not fit its class: the one
    ``Response`` call on the line, not one arm of ``a if c else b`` (where
    what is returned may be the other arm)."""
    outline = facts.outline
    if not facts.parsed or outline is None:
        return False
    calls = [call for call in outline.response_calls if call.line == line]
    if len(calls) != 1 or not calls[0].returned:
        return False
    found = called_class(defined, lookup, facts, calls[0].callee)
    return found is not None and bool(call_problems(calls[0], found[1].init or []))


def _handed_on(lookup: Lookup, qualified: str) -> bool:
    """Whether each module of the repository the dotted name ``qualified``
    is re-exported through, up to the class's own, binds it one way: by an
    import that runs unconditionally (a name, or one star import), no other
    statement outside its functions storing the name. A compatibility module importing it in a
    ``try`` or an ``if`` (``try: from helpers.v2 import Response`` /
    ``except ImportError: from helpers.tool import Response``) hands on
    either class, whichever import runs."""
    current = qualified
    for _ in range(_MAX_HOPS):
        module, _, name = current.rpartition(".")
        facts = lookup(module) if module else None
        if facts is None or facts.outline is None:
            return True  # none of the repository
        target = facts.imported_names.get(name)
        if target is None and facts.class_named(name) is None and facts.star_imports:
            # handed on by ``from elsewhere import *``: by one that always runs
            stars = [item for item in facts.outline.imports if "*" in item.names]
            if len(facts.star_imports) != 1 or any(item.scope in _MAYBE for item in stars):
                return False
            target = f"{facts.star_imports[0]}.{name}"
        if target is None:
            return True  # the class's own module
        names = {name, target.rpartition(".")[2]}
        if name in facts.outline.rebound or any(
            item.scope in _MAYBE and names & set(item.names) for item in facts.outline.imports
        ):
            return False
        current = target
    return False


def call_problems(call: ClassCall, params: list[Param]) -> list[str]:
    """What in ``call`` does not fit ``params``, in words (none: it fits)."""
    problems: list[str] = []
    positional = [p for p in params if p.kind in ("positional-only", "positional")]
    any_count = any(p.kind == "var-positional" for p in params)
    any_keyword = any(p.kind == "var-keyword" for p in params)
    if call.positional > len(positional) and not any_count:
        plural = "s" if call.positional != 1 else ""
        problems.append(
            f"{call.positional} positional argument{plural}, at most {len(positional)} taken"
        )
    filled = {p.name for p in positional[: call.positional]}
    by_name = {p.name: p for p in params if p.kind in ("positional", "keyword-only")}
    for keyword in dict.fromkeys(call.keywords):
        if keyword in by_name:
            if keyword in filled:
                problems.append(f"`{keyword}` given twice (by position and by keyword)")
            filled.add(keyword)
        elif not any_keyword:
            only = any(p.name == keyword for p in positional)
            problems.append(
                f"`{keyword}` given by keyword, but it is positional-only"
                if only
                else f"unknown keyword `{keyword}`"
            )
    missing = [
        p.name
        for p in params
        if p.kind in ("positional-only", "positional", "keyword-only")
        and not p.has_default
        and p.name not in filled
    ]
    problems.extend(f"missing `{name}`" for name in missing)
    return problems
