"""Text from analysed files made safe for where output goes.

File names, argument names and source lines come from the repository, which
may be hostile: an escape sequence would reach the terminal (clear the
screen, set its title), a line break would forge a finding, a file name with
a byte that is not UTF-8 (a lone surrogate, as Python decodes it) would make
output that is not UTF-8. Text for people shows such characters as escapes;
JSON and SARIF escape them the JSON way, so the output is always valid UTF-8.
"""

from __future__ import annotations

import json
import re
from typing import Any

from doxtool.core.patterns import LazyPattern

#: a byte that is not UTF-8, as ``os.fsdecode`` (surrogateescape) represents it
_UNDECODABLE = LazyPattern("[\udc80-\udcff]")
#: a lone surrogate of any other kind
_SURROGATE = LazyPattern("[\ud800-\udfff]")


def undecodable_bytes(text: str) -> str:
    """``text`` with each undecodable byte of a file name shown as ``\\xNN``
    (and any other lone surrogate as ``\\uNNNN``): text that is valid UTF-8."""
    if text.isascii():
        return text
    text = _UNDECODABLE.sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02x}", text)
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _escaped(char: str) -> str:
    if char == "\t":
        return char
    if char.isprintable():
        return char
    return char.encode("unicode_escape").decode("ascii")


def printable(text: str, *, tabs: bool = False) -> str:
    """Text for a terminal or a log: line breaks, escape sequences, other
    control, format (bidirectional, invisible) and undecodable characters
    shown escaped, so one line stays one line and nothing reaches a terminal
    raw. ``tabs`` keeps tabs as they are (a source line under a caret)."""
    if text.isprintable():
        return text
    text = undecodable_bytes(text)
    if tabs:
        return "".join(_escaped(c) for c in text)
    return "".join(c if c.isprintable() else _escaped(c).replace("\t", "\\t") for c in text)


def _clean(value: Any) -> Any:
    if isinstance(value, str):
        return undecodable_bytes(value)
    if isinstance(value, dict):
        return {_clean(k): _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def _json_escape(match: re.Match[str]) -> str:
    return json.dumps(match.group())[1:-1]


#: characters JSON leaves raw outside ASCII that a terminal or a reader could
#: take for something else: C1 controls, format characters, line separators
_RAW_UNSAFE = LazyPattern(
    "[\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]"
)


def json_text(value: Any, **options: Any) -> str:
    """``json.dumps`` whose text is valid UTF-8 and holds no raw control or
    invisible character (each is a ``\\uNNNN`` escape)."""
    text = json.dumps(_clean(value), ensure_ascii=False, **options)
    return _RAW_UNSAFE.sub(_json_escape, text)
