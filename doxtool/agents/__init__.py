"""The ``AGENTS.md`` tree: what each file says and which children it must index.

Owns: one ``AGENTS.md`` as plain facts (:mod:`.document`: headings, links,
the Child DOX Index and its row edits) and the tree of them (:mod:`.tree`).

May import: :mod:`doxtool.core`.
"""
