"""Companions (``<module>.py.dox.md``): reading, judging and writing them.

Owns: the companion model and its parser, the fact lines doxtool owns and
their grammar (:mod:`.factlines`), conventions as data (:mod:`.conventions`),
the fact lines a convention derives from a module's facts (:mod:`.derive`),
truth item by item against the code (:mod:`.truth`), and text generated from
sandboxed templates (:mod:`.generate`, :mod:`.templates`).

May import: :mod:`doxtool.core`. It reads facts as plain data and never
parses Python itself.
"""
