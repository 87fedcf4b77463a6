"""Companions (``<module>.py.dox.md``): reading, judging and writing them.

Owns: the companion model (:mod:`.model`) and its reading (:mod:`.outline`,
:mod:`.parsing`, :mod:`.leads`), the fact lines doxtool owns and their grammar
(:mod:`.factlines`), conventions as data (:mod:`.conventions`), the fact lines
a convention derives from a module's facts (:mod:`.derive`,
:mod:`.rendering`, :mod:`.agreement`), truth item by item against the code
(:mod:`.truth`, :mod:`.judge_bullets`, :mod:`.judge_lines`,
:mod:`.documented`, :mod:`.codeindex`, :mod:`.verdicts`), the edits that fix a
companion (:mod:`.edits`), and text generated from sandboxed templates
(:mod:`.generate`, :mod:`.templates`, :mod:`.filters`).

May import: :mod:`doxtool.core`. It reads facts as plain data and never
parses Python itself.
"""
