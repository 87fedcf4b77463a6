"""What the terminal we print to can do: colours, and whether it is one."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from typing import IO


def is_terminal(stream: IO[str] | IO[bytes] | None) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):  # detached or closed streams
        return False


def wants_color(stream: IO[str] | IO[bytes] | None, env: Mapping[str, str] | None = None) -> bool:
    """Colour on a terminal only; ``NO_COLOR`` turns it off, ``FORCE_COLOR`` on.

    Both variables count when set to a non-empty value (no-color.org,
    force-color.org); when both are set, ``NO_COLOR`` wins, as in CPython.
    """
    env = os.environ if env is None else env
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR"):
        return True
    return is_terminal(stream) and env.get("TERM") != "dumb"


def style(text: str, *codes: int, enabled: bool = True) -> str:
    """``text`` in SGR ``codes`` (1 bold, 31 red, 33 yellow, 34 blue, 36 cyan)."""
    if not enabled or not codes:
        return text
    return f"\x1b[{';'.join(map(str, codes))}m{text}\x1b[0m"


def degrade_unencodable(*streams: object) -> None:
    """Let text streams show what their encoding cannot hold as backslash
    escapes (``\\xe9``) instead of failing: a terminal set to ASCII or
    Latin-1 still gets every line, and the run its exit code."""
    for stream in streams:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        # detached, closed or not a TextIOWrapper: left as it is
        with contextlib.suppress(ValueError, OSError, TypeError):
            reconfigure(errors="backslashreplace")
