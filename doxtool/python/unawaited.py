"""A coroutine a function returns without awaiting it.

``return self._do(x)`` in an ``async def`` where ``_do`` is an ``async def``
of the module: awaiting the function gives the coroutine ``_do(x)`` makes,
not what ``_do`` returns, and ``_do``'s body never runs. Told only where the
callee is a function or method of the module with no decorator (a decorator
may make it return anything) and the returning function is ``async`` (a
plain function's caller may await what it hands back).
"""

from __future__ import annotations

from doxtool.python.modulescan import Func


def coroutine_made(callee: Func, caller: Func) -> bool:
    """Whether ``caller`` returning an unawaited call of ``callee`` hands back a
    coroutine where its own result is awaited."""
    return callee.is_async and not callee.node.decorators and caller.is_async
