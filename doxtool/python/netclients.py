"""Local names bound to a network library's client or session, and the
methods of one that send: what :mod:`doxtool.python.flows` counts as a
network call made through a client (``async with httpx.AsyncClient() as
client`` then ``await client.get(url)``)."""

from __future__ import annotations

import ast
from collections.abc import Callable

from doxtool.python import effects
from doxtool.python.callkinds import NETWORK
from doxtool.python.names import dotted_parts

#: methods of a network client or session that send (``build_request`` or
#: ``mount`` only prepare)
SENDS = frozenset(
    {"get", "post", "put", "patch", "delete", "head", "options", "request", "send", "stream"}
    | {"ws_connect", "connect", "sendall", "sendto", "recv", "recvfrom", "recv_into"}
)


def client_kind(value: ast.expr, resolve: Callable[[list[str]], str | None]) -> bool | None:
    """Whether ``value`` makes a network library's client or session: None
    when it does not, True for an asynchronous one (its methods send when
    awaited: ``httpx.AsyncClient``, ``aiohttp.ClientSession``), False for
    one whose methods send when called (``requests.Session``)."""
    if not isinstance(value, ast.Call):
        return None
    dotted = dotted_parts(value.func)
    qualified = resolve(dotted) if dotted is not None else None
    if qualified is None or NETWORK not in effects.client_areas(qualified):
        return None
    return qualified.rpartition(".")[2].startswith("Async") or qualified.startswith("aiohttp.")


def used_by_methods_only(node: ast.AST, names: set[str]) -> set[str]:
    """Those of ``names`` read in ``node`` only as the receiver of a method
    call (``client.get(url)``): a client so used sends only through calls
    its methods make, each seen where it is made; one handed on as a value
    (``fetch(client)``, ``client.headers``) may send anywhere."""
    receivers: set[int] = set()
    reads: list[ast.Name] = []
    for current in ast.walk(node):
        if isinstance(current, ast.Call) and isinstance(current.func, ast.Attribute):
            if isinstance(current.func.value, ast.Name):
                receivers.add(id(current.func.value))
        elif (
            isinstance(current, ast.Name)
            and current.id in names
            and isinstance(current.ctx, ast.Load)
        ):
            reads.append(current)
    return names - {name.id for name in reads if id(name) not in receivers}
