"""The tool's ``execute`` method: reading and checking arguments, then dispatching.

``ExecuteWriter.execute`` writes ``execute`` (arguments read from ``self.args``,
``kwargs`` or parameters, options read through the helper, progress, intervention)
and dispatches each action with ``if``s, ``match`` or a ``_dispatch`` method, adding
one handler method per action.
"""

from __future__ import annotations

from .handlers import HandlerWriter
from .plans import ArgSpec
from .snippets import _annotation, _def, _paragraph, _py, _read, _wrap
from .vocabulary import ACTION_KIND, COMMENTS


class ExecuteWriter(HandlerWriter):
    """Writes ``execute`` and the dispatch to the handlers."""

    def execute(self) -> str:
        plan = self.plan
        params = [a for a in plan.args if a.site == "param"]
        signature = ", ".join(
            ["self"]
            + [f"{a.local}: {_annotation(a)} = {_py(a.default)}" for a in params]
            + ["**kwargs"]
        )
        body: list[str] = []
        add = body.append
        add(_def("async def execute", signature, "Response"))
        add(f'        """{self._execute_doc()}')
        add("")
        add(_wrap(_paragraph(self.rng, plan.noun, 2), "        "))
        add('        """')
        enums: list[ArgSpec] = []
        for arg in plan.args:
            if arg.site == "helper" or arg.site == "method":
                continue
            if arg.name == "action":
                if plan.dispatch_style == "method" and self.rng.random() < 0.5:
                    source = (
                        'self.method or self.args["action"]'
                        if arg.required
                        else f'self.method or self.args.get("action", {_py(arg.default)})'
                    )
                    add(f"        action = str({source}).strip().lower()")
                else:
                    add(f"        action = {_read(arg, 'self.args')}")
                add("        if action not in ACTIONS:")
                add("            return Response(")
                add(
                    '                message=f"Unknown action {action!r}. '
                    "Valid actions: {', '.join(ACTIONS)}.\","
                )
                add("                break_loop=False,")
                add("            )")
                continue
            body.extend(self._execute_read(arg))
            if arg.kind == "enum":
                enums.append(arg)
        add("        try:")
        add("            options = _options_from(self.args)")
        add("        except (TypeError, ValueError) as error:")
        add('            return Response(message=f"Invalid option: {error}.", break_loop=False)')
        if self.rng.random() < 0.5:
            add(f"        # {self.rng.choice(COMMENTS)}")
        progress = "self._progress" if plan.base_name else "self.set_progress"
        shown = [
            a.local
            for a in plan.args
            if a.site in ("execute", "kwargs", "param", "contains") and a.name != "action"
        ]
        add(f"        {progress}(")
        add(f'            f"{plan.name}: {{options.describe()}}"')
        for name in shown:
            add(f'            f" {name}={{{name}!r}}"')
        add("        )")
        if plan.intervention:
            add("        await self.agent.handle_intervention()")
        subject = plan.subject.local
        extra = "".join(f", {e.local}" for e in enums)
        if not plan.actions:
            add(f"        return await self._run({subject}, options{extra})")
            kind = self.rng.choice(["list", "show", "search", "update", "export", "run", "queue"])
            self.methods.append(self.handler("run", "_run", enums, kind))
        elif plan.dispatch_style == "method":
            add(f"        return await self._dispatch(action, {subject}, options{extra})")
            self.methods.append(self._dispatch_method(enums))
        elif plan.dispatch_style == "match":
            add("        match action:")
            for action in plan.actions:
                add(f'            case "{action}":')
                add(f"                return {self._call(action, subject, 'options', extra)}")
            add("            case _:")
            add(
                '                return Response(message=f"Unknown action {action!r}.", '
                "break_loop=False)"
            )
        else:
            for action in plan.actions:
                add(f'        if action == "{action}":')
                add(f"            return {self._call(action, subject, 'options', extra)}")
            add('        return Response(message=f"Unknown action {action!r}.", break_loop=False)')
        for action in plan.actions:
            self.methods.append(self.handler(action, f"_{action}", enums))
        return "\n".join(body) + "\n"

    def _execute_doc(self) -> str:
        if self.plan.actions:
            return f"Run one action on the {self.plan.noun}s: {', '.join(self.plan.actions)}."
        return f"Look at the {self.plan.noun}s named by the arguments and report."

    def _call(self, action: str, subject: str, options: str, extra: str) -> str:
        is_async = ACTION_KIND[action] not in ("count", "summarize", "finish")
        call = f"self._{action}({subject}, {options}{extra})"
        return f"await {call}" if is_async else call

    def _dispatch_method(self, enums: list[ArgSpec]) -> str:
        plan = self.plan
        params = "".join(f", {e.local}: str" for e in enums)
        extra = "".join(f", {e.local}" for e in enums)
        lines = [
            _def(
                "async def _dispatch",
                f"self, action: str, subject: str, options: {self.options}{params}",
                "Response",
            ),
            '        """Route ``action`` to its handler."""',
        ]
        for action in plan.actions:
            lines.append(f'        if action == "{action}":')
            lines.append(f"            return {self._call(action, 'subject', 'options', extra)}")
        lines.append(
            '        valid = ", ".join(ACTIONS)\n'
            "        return Response(\n"
            '            message=f"Unknown action {action!r}. Valid actions: {valid}.",\n'
            "            break_loop=False,\n"
            "        )"
        )
        return "\n".join(lines) + "\n"

    def _execute_read(self, arg: ArgSpec) -> list[str]:
        local = arg.local
        if arg.site == "param":
            if arg.kind == "string":
                return [f"        {local} = str({local}).strip()"]
            return []
        source = "kwargs" if arg.site == "kwargs" else "self.args"
        if arg.site == "contains":
            return [
                f'        {local} = ""',
                f'        if "{arg.name}" in self.args:',
                f'            {local} = str(self.args["{arg.name}"]).strip()',
            ]
        expr = _read(arg, source)
        if arg.kind in ("integer", "number"):
            word = "a whole number" if arg.kind == "integer" else "a number"
            return [
                "        try:",
                f"            {local} = {expr}",
                "        except (TypeError, ValueError):",
                "            return Response(",
                f'                message="`{arg.name}` must be {word}.",',
                "                break_loop=False,",
                "            )",
                f"        if {local} < 0:",
                f'            return Response(message="`{arg.name}` must not be negative.", '
                "break_loop=False)",
            ]
        lines = [f"        {local} = {expr}"]
        if arg.kind == "enum":
            values = ", ".join(f'"{v}"' for v in arg.values)
            lines += [
                f"        if {local} not in ({values}):",
                "            return Response(",
                f'                message=f"Unknown {arg.name} {{{local}!r}}; use one of '
                f'{", ".join(arg.values)}.",',
                "                break_loop=False,",
                "            )",
            ]
        elif arg is self.plan.subject and arg.required:
            if self.rng.random() < 0.5:
                self.repo_imports.add("from helpers.errors import RepairableException")
                lines += [
                    f"        if not {local}:",
                    f'            raise RepairableException("`{arg.name}` must not be empty.")',
                ]
            else:
                lines += [
                    f"        if not {local}:",
                    f'            return Response(message="`{arg.name}` is empty.", '
                    "break_loop=False)",
                ]
        return lines
