"""What the objects a tool calls methods on were made by (part of
:class:`~doxtool.python.calls.Calls`): a library's client or class, or a class
of the module, so that a method call on them is told apart from a call on a
path."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst

from doxtool.python import effects
from doxtool.python.receivers import BoundValues, attribute_values, class_values, made_by
from doxtool.python.walkstate import Env


class Makers:
    """The makers of a call's receiver: a part of :class:`~doxtool.python.calls.Calls`."""

    #: what the names of the functions walked are bound to
    bound: BoundValues
    #: the module's scan (classes, imports, local roots)
    scan: Any

    def _makers(self, receiver: cst.BaseExpression, env: Env, depth: int = 0) -> list[str] | None:
        """The callables whose result ``receiver`` is: a library's
        (``redis.asyncio.Redis``) or a class of this module (``.LRU``); None
        when one of them is not known (a parameter, an attribute, a function
        of the repository, which may return a path)."""
        if depth > 4:
            return None
        if type(receiver) is cst.Name:
            values = self.bound.of(env.func.node, receiver.value)
            return all_of(values, lambda value: self._makers(value, env, depth + 1))
        dotted = made_by(receiver)
        if dotted is None or (env.self_name and dotted[0] == env.self_name):
            return None
        qualified = self.scan._resolve(dotted, env.names)
        if qualified is None:
            own = len(dotted) == 1 and dotted[0] in self.scan.classes
            return ["." + dotted[0]] if own else self._client_result(receiver, env, depth)
        if qualified.split(".", 1)[0] in self.scan.local_roots:
            return None
        return [qualified]

    def _client_result(self, value: cst.BaseExpression, env: Env, depth: int) -> list[str] | None:
        """What a method of a network client gives (``ssh.open_sftp()``: a
        channel, a remote file system) is an object of the client's library,
        no local path; None for anything else."""
        if type(value) is cst.Await:
            value = value.expression
        if type(value) is not cst.Call or type(value.func) is not cst.Attribute:
            return None
        makers = self._makers(value.func.value, env, depth + 1)
        if makers and all(effects.client_areas(maker) for maker in makers):
            return makers
        return None

    def _chain_client_areas(self, receiver: cst.BaseExpression, env: Env) -> tuple[str, ...]:
        """Areas of a call through an attribute chain rooted at a network
        client (``client.chat.completions.create()`` with ``client =
        openai.OpenAI()``, ``self.client.models.list()`` with ``self.client``
        only ever set to one): any call on such an object talks to the server."""
        current = receiver
        while type(current) is cst.Attribute:
            inner = current.value
            if type(inner) is cst.Name and env.self_name and inner.value == env.self_name:
                makers = self._attribute_makers(current.attr.value, env)
                break
            current = inner
        else:
            if type(current) is not cst.Name or current is receiver:
                return ()
            makers = self._makers(current, env)
        if not makers or not all(effects.client_areas(maker) for maker in makers):
            return ()
        return tuple(sorted({a for maker in makers for a in effects.client_areas(maker)}))

    def _attribute_makers(self, attr: str, env: Env) -> list[str] | None:
        """The library callables whose results are all ``self.attr`` is ever
        set to in the methods of the module's classes or their bodies (a class
        attribute: ``client = redis.Redis()``); None when one is not such a
        call, or nothing here sets it."""
        methods = [fn.node for cls in self.scan.classes.values() for fn in cls.methods.values()]
        found = attribute_values(methods, attr, self.bound)
        classes = [cls.node for cls in self.scan.classes.values()]
        in_class = class_values(classes, attr, self.scan.rebound)
        if found is None or in_class is None or not (found or in_class):
            return None
        makers: list[str] = []
        pairs: list[tuple[cst.FunctionDef | None, cst.BaseExpression]] = [
            *found,
            *((None, value) for value in in_class),
        ]
        for method, value in pairs:
            if type(value) is cst.Name:
                values = self.bound.of(method, value.value) if method is not None else None
            else:
                values = [value]
            for one in values or [None]:
                dotted = made_by(one) if one is not None else None
                qualified = self.scan._resolve(dotted, env.names) if dotted else None
                if qualified is None or qualified.split(".", 1)[0] in self.scan.local_roots:
                    return None
                makers.append(qualified)
        return makers

    def _maker_client_areas(self, maker: str, method: str) -> tuple[str, ...]:
        """Areas of calling ``method`` on what ``maker`` makes when that is a
        network client: a library's (``redis.Redis``), or an object of a class
        of this module deriving from one and inheriting ``method`` from it
        (``class _Docker(http.client.HTTPConnection)``, whose ``request`` is
        the library's); () for anything else."""
        if not maker.startswith("."):
            return effects.client_areas(maker)
        return self._inherited_client_areas(maker[1:], method, set()) or ()

    def _inherited_client_areas(
        self, name: str, method: str, seen: set[str]
    ) -> tuple[str, ...] | None:
        """The client areas ``method`` of the module's class ``name`` has when
        the class inherits it from a network client's class; None when a
        class of the module defines it first (its own code), or the chain is
        not read; () when no base is such a client."""
        cls = self.scan.classes.get(name)
        if cls is None or name in seen or method in cls.methods:
            return None
        seen.add(name)
        for base, resolved in zip(cls.bases, cls.resolved, strict=True):
            if base in self.scan.classes:
                areas = self._inherited_client_areas(base, method, seen)
                if areas != ():
                    return areas  # defined there, or inherited from a client through it
            elif base != "object" and effects.client_areas(resolved):
                return effects.client_areas(resolved)
        return ()

    def _no_path(self, maker: str, method: str) -> bool:
        """Whether what ``maker`` makes is known not to be a filesystem path:
        an object of a class of this module (``.LRU``: its methods are its
        own), or of a library class or client factory (``redis.Redis``,
        ``boto3.client``)."""
        if maker.startswith("."):
            return self._own_class_object(maker[1:], method, set())
        return effects.makes_no_path(maker)

    def _own_class_object(self, name: str, method: str, seen: set[str]) -> bool:
        """Whether an object of the module's class ``name`` is no path for
        ``method``: the class or a base of this module defines the method,
        or no base may be a path."""
        cls = self.scan.classes.get(name)
        if cls is None or name in seen:
            return False
        seen.add(name)
        if method in cls.methods:
            return True
        for base, resolved in zip(cls.bases, cls.resolved, strict=True):
            if base in self.scan.classes:
                if not self._own_class_object(base, method, seen):
                    return False
            elif base != "object" and not effects.makes_no_path(resolved):
                return False
        return True


def all_of(
    values: list[cst.BaseExpression] | None,
    read: Callable[[cst.BaseExpression], list[str] | None],
) -> list[str] | None:
    """What ``read`` gives for each of a name's values, together; None when
    the values, or what one of them gives, are not known."""
    if values is None:
        return None
    found: list[str] = []
    for value in values:
        got = read(value)
        if got is None:
            return None
        found += got
    return found
