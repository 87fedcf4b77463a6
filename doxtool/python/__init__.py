"""Reading Python modules: source -> :class:`~doxtool.core.facts.ModuleFacts`.

Owns: the parse without needless work (:mod:`.cstparse`, :mod:`.nodeinits`,
:mod:`.cstcode`, :mod:`.astparse`, :mod:`.formfeeds`, :mod:`.nesting`,
:mod:`.prune`), positions without metadata providers (:mod:`.positions`,
:mod:`.statements`, :mod:`.codetokens`),
import-aware names (:mod:`.names`), literal values (:mod:`.literals`), the
``ast`` outline of any module (:mod:`.outline`, :mod:`.outlineareas`,
:mod:`.signatures`), what each function does with what it is handed
(:mod:`.summaries`, :mod:`.summaryscope`, :mod:`.functionwalk`), the table of
calls that reveal side effects (:mod:`.effects`), following calls into the
repository's helpers (:mod:`.follow`), deciding which classes are tools
across modules (:mod:`.resolve`; by name alone, for ``doxtool init``:
:mod:`.derivation`), and the tool analysis: :mod:`.extract` (one
module, end to end, in two halves: :mod:`.prepare` reads ``ast``'s tree and
hands :mod:`.prepared`'s data to the second, which parses with libcst) ->
:mod:`.modulescan` (the module) -> :mod:`.toolscan`
(one tool class), whose parts are :mod:`.toolwalk`, :mod:`.argreads`,
:mod:`.arguments`, :mod:`.contracts`, :mod:`.outcomes` and :mod:`.calls`, over
:mod:`.walkstate`, :mod:`.controlflow` and :mod:`.cstnodes`. libcst nodes
never leave this package: what it hands on is plain data.

May import: :mod:`doxtool.core`. Never the other source packages, the run,
the rules or the output.
"""
