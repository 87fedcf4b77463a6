"""Plain data and safe input/output that every stage shares.

Owns: the facts extracted from code (:mod:`.facts`), findings and fixes
(:mod:`.findings`), line edits that keep untouched bytes (:mod:`.edits`), the
JSON codec of those dataclasses (:mod:`.serde`), reading input files safely
(:mod:`.source`, :mod:`.reads`), atomic writes (:mod:`.writes`), the ``[tool.doxtool]``
configuration (:mod:`.config`), markdown-it's nesting limit
(:mod:`.mdlimits`), the fixing lock (:mod:`.lock`), what the terminal can
do (:mod:`.terminal`), the process's exit statuses (:mod:`.exits`),
the cyclic collector paused around a block (:mod:`.collector`), a change
made while any of nested blocks is open (:mod:`.nested`), regular
expressions compiled on their first use (:mod:`.patterns`) and dataclasses'
generated methods kept between runs (:mod:`.dataclass_code`, in the place of
the bytecode of :mod:`.dataclass_code_slot`).

May import: the standard library and third-party libraries only; nothing else
of doxtool. Everything else may import it.
"""
