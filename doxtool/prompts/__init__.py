"""Prompt files (``prompts/agent.system.tool.<key>.md`` and overrides).

Owns: what one prompt file teaches about tools (:mod:`.parse`, the model in
:mod:`.model`, the markdown walk in :mod:`.reader` over the tokens of
:mod:`.tokens`, its JSON examples in :mod:`.examples`, each read into
what it teaches by :mod:`.calls`), which prompt files a core agent, a profile or a plugin
sees (:mod:`.sets`), and the JSON Schema of a tool's arguments that prompts
are held to (:mod:`.schema`).

May import: :mod:`doxtool.core`.
"""
