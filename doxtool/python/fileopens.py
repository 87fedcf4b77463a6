"""What a call that opens a file reads or writes (part of
:class:`~doxtool.python.toolscan.ToolScan`, through
:class:`~doxtool.python.calls.Calls`): ``open(path, mode)``, ``path.open(mode)``
and the archive openers, by every mode they may be given; an archive given an
in-memory file object (``io.BytesIO()``) opens no file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst

from doxtool.python import effects
from doxtool.python.literals import literal_value
from doxtool.python.makers import all_of
from doxtool.python.ownparams import own_params
from doxtool.python.receivers import BoundValues
from doxtool.python.walkstate import Env


class FileOpens:
    """Files opened by a call: a part of :class:`~doxtool.python.calls.Calls`."""

    bound: BoundValues
    module: cst.Module
    scan: Any
    effects_unknown: bool
    #: what may have made a value (:class:`~doxtool.python.makers.Makers`)
    _makers: Callable[[cst.BaseExpression, Env], list[str] | None]

    def _method_open(
        self, node: cst.Call, receiver: cst.BaseExpression | None, env: Env
    ) -> tuple[str, ...]:
        """``path.open("w")``: a file when the mode is a literal mode string;
        ``path.open()`` reads when the receiver is certainly a path, and
        one by a mode not read leaves the side effects not known."""
        positional = [a for a in node.args if a.keyword is None and not a.star]
        mode_node = positional[0].value if positional else None
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "mode":
                mode_node = arg.value
            elif arg.star:
                # ``**options`` may hold the mode
                self._unread_mode(receiver, env)
                return ()
        if mode_node is None:
            if receiver is not None and self._is_path(receiver, env):
                return effects.for_open("r")
            return ()
        modes = self._modes(mode_node, env)
        if modes and all(effects.is_mode(mode) for mode in modes):
            return tuple(dict.fromkeys(a for mode in modes for a in effects.for_open(mode)))
        if modes is None:
            self._unread_mode(receiver, env)
        return ()

    def _unread_mode(self, receiver: cst.BaseExpression | None, env: Env) -> None:
        """A path opened by a mode not read: what it does is not known."""
        if receiver is not None and self._is_path(receiver, env):
            self.effects_unknown = True

    def _opens_file(self, node: cst.Call, env: Env) -> bool:
        """Whether an archive opener is given a file to open: its first
        argument, not an in-memory file object (``io.BytesIO()``)."""
        given: cst.BaseExpression | None = None
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value in effects.FILE_KEYWORDS:
                given = arg.value
        first = node.args[0] if node.args else None
        if given is None and first is not None and first.keyword is None and not first.star:
            given = first.value
        if given is None:
            return False
        makers = self._makers(given, env)
        return not (makers and any(maker in effects.IN_MEMORY for maker in makers))

    def _is_path(self, receiver: cst.BaseExpression, env: Env) -> bool:
        """Whether ``receiver`` is certainly a ``pathlib`` path: ``Path(...)``,
        or a name the function binds only to one."""
        makers = self._makers(receiver, env)
        return bool(makers) and all(maker in effects.PATH_CLASSES for maker in makers)

    def _open_areas(self, node: cst.Call, env: Env) -> tuple[str, ...]:
        """Areas of ``open(path, mode)``: those of every mode it may be
        given; a mode not read (a value of the arguments, a ``**`` splat)
        leaves the side effects not known."""
        mode_node: cst.BaseExpression | None = None
        positional = [a for a in node.args if a.keyword is None and not a.star]
        if len(positional) >= 2:
            mode_node = positional[1].value
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "mode":
                mode_node = arg.value
        if mode_node is None and any(a.star for a in node.args):
            self.effects_unknown = True  # ``open(*parts)``, ``open(p, **options)``
            return ()
        if mode_node is None:
            return effects.for_open("r")
        modes = self._modes(mode_node, env)
        if modes is None:
            self.effects_unknown = True
            return ()
        return tuple(dict.fromkeys(a for mode in modes for a in effects.for_open(mode)))

    def _modes(
        self, node: cst.BaseExpression, env: Env, depth: int = 0, top: bool = False
    ) -> list[str] | None:
        """Every string ``node`` may be: a literal, either literal of a
        conditional (``"rb" if binary else "r"``), what a name is bound to in
        the function, or, for a name the function does not bind, the value
        the module binds it to once (``WRITE_MODE = "w"``); None when one of
        them is not known. ``top``: ``node`` is a module-level value."""
        if depth > 4:
            return None
        if type(node) is cst.IfExp:
            body = self._modes(node.body, env, depth + 1, top)
            orelse = self._modes(node.orelse, env, depth + 1, top)
            return body + orelse if body is not None and orelse is not None else None
        if type(node) is cst.Name:
            name = node.value
            if not top and name in env.keys and self._handed(name, env):
                return [env.keys[name]]  # the literal the call passes, or the default
            if not top:
                values = self.bound.of(env.func.node, name)
                if values is not None:
                    return all_of(values, lambda value: self._modes(value, env, depth + 1))
            if top or not self.bound.binds(env.func.node, name):
                constant = self.scan.constant_node(name)
                if constant is not None:
                    return self._modes(constant, env, depth + 1, True)
        ok, value = literal_value(node, self.module)
        return [value] if ok and isinstance(value, str) else None

    def _handed(self, name: str, env: Env) -> bool:
        """Whether ``name`` is a parameter of the function that its body
        never binds again: it holds what the call handed."""
        params = {p.name.value for p in own_params(env.func)}
        return name in params and not self.bound.binds(env.func.node.body, name)
