"""Reading Python modules: source -> :class:`~doxtool.core.facts.ModuleFacts`.

Owns: the libcst parse without needless work (:mod:`.cstparse`,
:mod:`.cstcode`, :mod:`.positions`, :mod:`.prune`), import-aware name
resolution (:mod:`.names`), the ``ast`` outline of any module
(:mod:`.outline`), what each function does with its arguments
(:mod:`.summaries`), the table of calls that reveal side effects
(:mod:`.effects`), following calls into the repository's helpers
(:mod:`.follow`), deciding which classes are tools across modules
(:mod:`.resolve`), and the extraction of tool facts (:mod:`.extract` and the
modules it delegates to). libcst nodes never leave this package: what it
hands on is plain data.

May import: :mod:`doxtool.core`. Never the other source packages, the run,
the rules or the output.
"""
