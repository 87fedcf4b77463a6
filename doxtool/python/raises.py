"""The exceptions a tool raises (part of :class:`~doxtool.python.toolscan.ToolScan`).

``raise RepairableException(...)`` names its class; so does a subclass the
module defines (``class MissingArgument(RepairableException)``), a local name
bound once to such a construction (``err = RepairableException(...); raise
err``), and a function of the module whose every ``return`` is one (``raise
_bad("text")``). A raise of anything else doxtool cannot classify (a call of
a function it cannot read, a parameter) makes the tool's repairable errors
unknown; re-raising what an ``except`` caught adds nothing.
"""

from __future__ import annotations

import libcst as cst

from doxtool.core.facts import Raise
from doxtool.python.cstnodes import dotted_name
from doxtool.python.modulescan import Func
from doxtool.python.raisecatch import may_be_caught
from doxtool.python.walkstate import Env

#: what a raise raises: (short name, qualified name or None, repairable)
Raised = tuple[str, "str | None", bool]


def _returns(fn: Func) -> list[cst.Return]:
    """The ``return`` statements of a function, nested functions aside."""
    out: list[cst.Return] = []
    todo: list[cst.CSTNode] = [fn.node.body]
    while todo:
        node = todo.pop()
        if type(node) is cst.Return:
            out.append(node)
        elif not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            todo.extend(node.children)
    return out


def _raises_again(fn: Func) -> bool:
    """Whether a function may raise an exception it did not make: a bare
    ``raise`` (what is being handled where it is called) or ``raise err`` of
    a parameter (what it was handed)."""
    params = {p.name.value for p in fn.named()}
    todo: list[cst.CSTNode] = [fn.node.body]
    while todo:
        node = todo.pop()
        if type(node) is cst.Raise and (
            node.exc is None or (type(node.exc) is cst.Name and node.exc.value in params)
        ):
            return True
        todo.extend(node.children)
    return False


class Raises:
    """Raises: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _raise(self, node: cst.Raise, env: Env) -> None:
        exc = node.exc
        if exc is None:
            return
        self._expr(exc, env)
        if env.overridden:
            return  # a ``finally`` that always leaves overrides it: it never gets out
        raised = self._raised(exc, env)
        if raised is None:
            # an exception of a kind doxtool cannot tell: it may be repairable
            self.unknown_raise = True
            return
        line, column = self.scan.loc.statement(node)
        caught = self._may_be_caught(exc, env)
        for short, qualified, repairable in raised:
            if repairable and caught:
                # the ``try`` may catch it (``except RepairableException: return
                # Response(...)``) or not: whether the tool raises it is not known
                self.caught_repairable = True
                continue
            self.raises.append(
                Raise(
                    short,
                    line,
                    column,
                    qualified,
                    repairable,
                    env.func.qualname,
                    in_try=caught,
                )
            )

    def _may_be_caught(self, exc: cst.BaseExpression, env: Env) -> bool:
        """Whether the ``try`` statements around the raise may catch it."""
        scan = self.scan
        if not env.trying or scan.star_imports:  # (any name may be bound to anything)
            return bool(env.trying)
        return may_be_caught(
            exc,
            env.catchers,
            env.trying,
            scan.bound_names,
            scan.classes,
            self._base_only(),
            lambda call: self._ends_handler(call, env),
        )

    def _ends_handler(self, node: cst.BaseExpression, env: Env) -> bool:
        """Whether a call in a handler never returns and never raises what
        the handler caught again: ``sys.exit(1)``, or a function of the module
        that always raises, unless it may raise what is being handled (a bare
        ``raise`` in it, or ``raise err`` of what it was handed)."""
        if not self._never_returns(node, env):  # type: ignore[attr-defined]
            return False
        call = node.expression if type(node) is cst.Await else node
        fn = self._callee_function(call, env) if type(call) is cst.Call else None  # type: ignore[attr-defined]
        return fn is None or not _raises_again(fn)

    def _raised(self, exc: cst.BaseExpression, env: Env) -> list[Raised] | None:
        """What ``raise exc`` raises; [] for what an ``except`` caught, None when not known."""
        if type(exc) is cst.Call:
            return self._exception_made(exc, env, follow=True)
        dotted = dotted_name(exc)
        if dotted is None:
            return None
        if len(dotted) > 1 or dotted[0][:1].isupper():
            found = self._exception_class(dotted, env)
            return [found] if found is not None else None
        name = dotted[0]
        fn = env.func
        if name in {p.name.value for p in fn.named()}:
            return None  # handed in by the caller
        bound = self._bound_in(fn.node.body, name)
        if bound is None:
            return None
        if bound and all(type(b.node) in (cst.ExceptHandler, cst.ExceptStarHandler) for b in bound):
            return []  # ``except ... as exc: raise exc`` raises what the ``try`` raised
        if not bound:
            bound = self._bound_in(self.scan.tree, name)
            if bound is None:
                return None
        if len(bound) != 1 or type(bound[0].value) is not cst.Call:
            return None
        return self._exception_made(bound[0].value, env, follow=True)

    def _exception_made(self, call: cst.Call, env: Env, follow: bool) -> list[Raised] | None:
        """The exception a call makes: a class's, or, with ``follow``, that of
        every ``return`` of a function of the module (one level deep)."""
        dotted = dotted_name(call.func)
        if dotted is None:
            return None
        found = self._exception_class(dotted, env)
        if found is not None:
            return [found]
        fn = self._callee_function(call, env) if follow else None
        if fn is None:
            return None
        returns = _returns(fn)
        out: list[Raised] = []
        for ret in returns:
            if type(ret.value) is not cst.Call:
                return None
            made = self._exception_made(ret.value, env, follow=False)
            if made is None:
                return None
            out.extend(m for m in made if m not in out)
        return out or None

    def _exception_class(self, dotted: list[str], env: Env) -> Raised | None:
        """The class a dotted name names, when it names one: a class of the
        module, or a capitalised name (``RepairableException``, ``errors.Bad``)."""
        qualified = self.scan._resolve(dotted, env.names)
        local = len(dotted) == 1 and dotted[0] in self.scan.classes and dotted[0] not in env.names
        if local:
            qualified = f"{self.scan.module}.{dotted[0]}"
        short = (qualified or ".".join(dotted)).rsplit(".", 1)[-1]
        if not short[:1].isupper():
            return None  # a function, or a variable: what it holds is not known
        repairable = "Repairable" in short or (local and self._derives_repairable(dotted[0]))
        return short, qualified, repairable

    def _derives_repairable(self, name: str) -> bool:
        """Whether a class of the module derives, through classes of the module,
        from a class named like ``RepairableException``."""
        todo = [name]
        seen: set[str] = set()
        own = f"{self.scan.module}."
        while todo:
            current = todo.pop()
            if current in seen or current not in self.scan.classes:
                continue
            seen.add(current)
            for base in self.scan.classes[current].resolved:
                short = base.rsplit(".", 1)[-1]
                if "Repairable" in short:
                    return True
                if base.startswith(own) or base == short:
                    todo.append(short)
        return False
