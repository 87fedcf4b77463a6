"""doxtool: keep agent tools, their DOX companions and their prompts in agreement.

Data flows one way, and so do imports (``ARCHITECTURE.md`` draws it):
:mod:`doxtool.core` (plain data) <- the sources (:mod:`doxtool.python`,
:mod:`doxtool.companions`, :mod:`doxtool.prompts`, :mod:`doxtool.agents`) <-
:mod:`doxtool.run` <- :mod:`doxtool.rules` <- :mod:`doxtool.formats` <- the
commands (:mod:`doxtool.scaffold`, :mod:`doxtool.api`, :mod:`doxtool.cli`,
:mod:`doxtool.launcher`). ``tests/test_architecture.py`` holds every import
to that direction. This package itself holds only the version.
"""

__version__ = "0.1.0"
