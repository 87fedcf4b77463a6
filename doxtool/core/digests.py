"""BLAKE2b without the cost of importing :mod:`hashlib`.

``import hashlib`` loads OpenSSL (``_hashlib``), a few milliseconds of a
short check, for hashes doxtool never asks for: every digest it takes is a
BLAKE2b, which :mod:`hashlib` itself always takes from ``_blake2``, never
from OpenSSL. So this module takes it from there, and from :mod:`hashlib`
only where ``_blake2`` is missing: the digests are the same either way.
"""

from __future__ import annotations

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter without CPython's module
    from hashlib import blake2b

__all__ = ["blake2b"]
