"""Holds no code: its bytecode's place holds doxtool's kept dataclass methods.

Where Python would keep this module's bytecode (``__pycache__``, or under
``sys.pycache_prefix``), :mod:`doxtool.core.dataclass_code` keeps the code it
compiled for dataclasses' generated methods. Uninstalling doxtool removes the
bytecode of each of its modules, and so this file too, where a file of
another name would be left behind. Nothing imports this module; if something
did, Python would find that file not to be bytecode and compile this one.
"""
