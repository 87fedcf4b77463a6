"""Attribute chains over an object a tool made or keeps (part of
:class:`~doxtool.python.toolscan.ToolScan`).

``outer.mid.inner.run()`` with ``outer = Outer()``, ``Outer().mid.run()``,
``self.runner.sub.run()``, ``with db.lock:``, ``mid = Outer().mid``: the
object is named by the repository class that made the head and the
attributes read on it (``helpers.deep.Outer.mid.inner``), followed when
resolving through what each class keeps on itself
(:attr:`~doxtool.core.facts.ModuleFacts.held`); a step not known there
leaves the side effects not known.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst

from doxtool.python.heldobjects import UNKNOWN
from doxtool.python.walkstate import Env


class ObjectChains:
    """The repository objects an attribute chain stands for."""

    scan: Any
    effects_unknown: bool
    _constructed: Callable[[cst.BaseExpression, Env], str | None]
    _held_class: Callable[[str, Env], str | None]

    def _chain_objects(self, value: cst.BaseExpression, env: Env) -> list[str]:
        """The dotted names an expression stands for when it reads attributes
        (none or more) of an object of the repository: one a call makes
        (``Outer().mid``), a local holds (``outer.mid``) or the tool keeps
        (``self.runner.sub``), as ``helpers.deep.Outer.mid``; empty when it
        reaches none. An attribute the tool keeps whose class is not known
        leaves the side effects not known."""
        attrs: list[str] = []
        while type(value) is cst.Attribute:
            attrs.append(value.attr.value)  # type: ignore[attr-defined]
            value = value.value  # type: ignore[attr-defined]
        attrs.reverse()
        heads: list[str] = []
        if type(value) is cst.Call:
            made = self._constructed(value, env)
            heads = [made] if made is not None else []
        elif type(value) is cst.Name and value.value in env.instances:
            heads = sorted(env.instances[value.value])
        elif type(value) is cst.Name and value.value == env.self_name and attrs:
            held = self._held_class(attrs[0], env)
            if held == UNKNOWN:
                self.effects_unknown = True
            elif held is not None:
                heads, attrs = [held], attrs[1:]
        return [".".join([head, *attrs]) for head in heads]

    def _made_objects(self, value: cst.BaseExpression, env: Env) -> list[str]:
        """What an assigned value holds of the repository's: what a callable
        makes (``LocalSession(...)``), or what such an object keeps
        (``mid = Outer().mid``)."""
        made = self._constructed(value, env)
        if made is not None:
            return [made]
        return self._chain_objects(value, env) if type(value) is cst.Attribute else []
