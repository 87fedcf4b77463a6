"""A call through a name that only stands for another callable, resolved as
a call of that callable: a local the function binds, wherever it does, to
one dotted name alone (``rm = os.remove``, then ``rm(path)``), or a
module-level name bound once so (``RM = shutil.rmtree``,
:attr:`~doxtool.python.modulescan.ModuleScan.aliases`) that the function
does not bind and nothing in the module may rebind. A name bound to two
callables, or to anything else too, or a parameter, stands for nothing
known here."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import libcst as cst

from doxtool.python.bindings import Binding, nested_binds
from doxtool.python.cstnodes import dotted_name, parameter_names
from doxtool.python.names import may_change

if TYPE_CHECKING:
    from doxtool.python.modulescan import ModuleScan
    from doxtool.python.walkstate import Env


def call_alias(
    dotted: list[str],
    env: Env,
    scan: ModuleScan,
    bound_in: Callable[[cst.CSTNode, str], list[Binding] | None],
) -> tuple[list[str], str | None]:
    """``dotted`` as the callable its first name stands for, and that resolved;
    ``dotted`` and None when the name stands for nothing known here."""
    name = dotted[0]
    alias = scan.aliases.get(name)
    if alias is not None and may_change(scan.loc.source, name, False):
        alias = None
    parameter = name in parameter_names(env.func.node.params)
    bindings = bound_in(env.func.node.body, name)
    resolve = partial(scan._resolve, names=env.names)
    found = aliased_call(dotted, bindings, parameter, alias, resolve)
    if found is None or nested_binds(env.func.node, name):
        return dotted, None  # a nested ``def``'s own ``rm`` is not the function's
    return found


def method_alias(
    dotted: list[str], env: Env, bound_in: Callable[[cst.CSTNode, str], list[Binding] | None]
) -> list[str] | None:
    """A call of a local bound only to a method of what the tool keeps
    (``pause = self.agent.handle_intervention``, then ``pause()``): as the
    call written through ``self``; None for any other call (a method of an
    alias, ``agent.handle_intervention()``, is named as written)."""
    name = dotted[0]
    if len(dotted) != 1 or name in env.names or name in parameter_names(env.func.node.params):
        return None  # an imported name (``Response(...)``) is not looked up in the function
    bindings = bound_in(env.func.node.body, name)
    if not bindings or any(b.value is None for b in bindings):
        return None
    values = {tuple(dotted_name(b.value) or ()) for b in bindings if b.value is not None}
    held = list(values.pop()) if len(values) == 1 else []
    if len(held) < 2 or held[0] != env.self_name or nested_binds(env.func.node, name):
        return None
    return held


def aliased_call(
    dotted: list[str],
    bindings: list[Binding] | None,
    parameter: bool,
    module_alias: str | None,
    resolve: Callable[[list[str]], str | None],
) -> tuple[list[str], str] | None:
    """The callable a call of ``dotted`` runs when its first name is such an
    alias -> (the dotted name it stands for, that name resolved); None
    otherwise. ``bindings``: the function's own bindings of the name (None:
    not known); ``parameter``: the name is one of its parameters;
    ``module_alias``: what the module-level name stands for, when it is an
    alias nothing rebinds; ``resolve``: the function's resolution of a dotted
    name through what it imports."""
    if bindings is None or parameter:
        return None
    if not bindings:
        if module_alias is None:
            return None
        held = module_alias.split(".")
        return [*held, *dotted[1:]], ".".join([*held, *dotted[1:]])
    values = {tuple(dotted_name(b.value) or ()) if b.value is not None else () for b in bindings}
    if len(values) != 1:
        return None
    held = list(values.pop())
    if not held or held[0] == dotted[0]:
        return None
    qualified = resolve([*held, *dotted[1:]])
    return None if qualified is None else ([*held, *dotted[1:]], qualified)
