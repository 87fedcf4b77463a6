"""How a module's code picks the class it loads from another module: plain data.

A tool loader (Agent Zero's ``load_classes_from_file``, an older fork's
``Agent.get_tool``) lists a module's names bound to classes with
``inspect.getmembers(module, inspect.isclass)``, sorted by name, and takes
the first one that derives from the tool base: walking the list forwards
(the class whose name sorts first) or through ``reversed(...)`` (the one
whose name sorts last). Found by :mod:`doxtool.python.loaders`.
"""

from __future__ import annotations

from dataclasses import dataclass

#: the loop walks the sorted names forwards: the class sorting first is taken
FIRST = "first"
#: the loop walks them through ``reversed(...)``: the class sorting last is taken
LAST = "last"


@dataclass(slots=True)
class LoaderFacts:
    """One loop of a function that takes a class by the order of a module's names."""

    #: the function holding the loop (dotted within the module: ``Agent.get_tool``)
    function: str
    line: int
    #: :data:`FIRST` or :data:`LAST`
    order: str
    #: the dotted class the loop's ``issubclass`` tests against; empty when
    #: it is a parameter of the function (a loader of any base it is handed)
    base: str = ""
