"""The conformance measurement that ``bench/conformance.py`` runs on a real DOX repository.

One module per idea, each importing only modules above it in this list:

- ``companion``: the fact items of an Agent Zero companion (``parse_companion``),
  the fact kinds, and the prose lines that carry no item;
- ``chains``: the call chains of a module and the helpers line the format
  derives from them;
- ``runner``: finding and running the ``doxtool`` console script;
- ``files``: copying the corpus, its companions, file digests, and the
  file-documented directories;
- the three parts: ``findings`` (findings by code), ``fix`` (what ``--fix``
  removes and adds) and ``fidelity`` (regeneration fidelity);
- ``report``: the printed blocks and the summary.

Nothing here imports doxtool: doxtool runs by subprocess, as a user runs it.
"""
