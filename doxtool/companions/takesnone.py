"""A person's sentence saying a tool takes no arguments.

In place of ``- Arguments of `FetchTool`: none.`` a person may write a
sentence of their own: ``- `FetchTool` takes no arguments.``, ``FetchTool
accepts no parameters at all.``, ``- The tool does not take any arguments.``
(the tool named so, ``It`` or ``This tool``, only in a companion of one
class: with several, it may be about any of them; ``It`` only where the line
opens a bullet or a paragraph at the margin: going on with another's
sentence, or in a bullet under another's, it is what that one names, as in
``- Calls `helpers.clock.now()`.`` then ``  It takes no arguments.``). Such a line says what
the arguments line would: it is a lead doxtool does not read
(:func:`~doxtool.companions.unreadleads.unread_lead`), so no fix writes a
second line beside it, and one that says there are none
(:func:`~doxtool.companions.noneleads.says_none`): true where the tool reads
no argument, reported where it reads some. A sentence going on about some
(``takes no arguments but `url` ``, ``takes no arguments other than ...``)
is none of these.
"""

from __future__ import annotations

import re

from doxtool.companions.respelled import ARGUMENT_WORDS
from doxtool.core.patterns import LazyPattern

#: words a person names settings with, beside the arguments
_OPTIONS = r"(?:options|settings|flags)"
_OR = r"(?:or|and|nor)"
#: the words saying there are none, after the subject
_NONE_WORDS = (
    r"(?:(?:takes|accepts|has|needs|requires|reads|expects|uses)[ \t]+no"
    r"|(?:does[ \t]+not|doesn't|doesn’t)[ \t]+(?:take|accept|have|need|require|read|expect|use)"
    r"[ \t]+any)"
    # (only words that name a call's arguments: ``takes no options``, no
    # settings, may be about its configuration)
    # (or with them: ``takes no arguments or options``, ``no options or
    # parameters``: the arguments are named)
    rf"[ \t]+(?:tool[ \t]+)?(?:{_OPTIONS}[ \t]+{_OR}[ \t]+)?{ARGUMENT_WORDS}"
    rf"(?:[ \t]+{_OR}[ \t]+(?:no[ \t]+|any[ \t]+)?{_OPTIONS})?(?:[ \t]+at[ \t]+all)?"
    # the sentence ends there, a sentence of the person's may follow
    r"[ \t]*(?:[.;!](?:[ \t].*)?)?"
)
#: a line opening with the sentence: a bullet or not, in bold or not
_OPENING = r"[ \t]*(?:[-*+][ \t]+)?(?:\*\*|__)?"
#: the class named, in a code span or not, ``the`` before it and ``tool`` or ``class`` after it
_NAMED = r"(?:the[ \t]+)?(?:`{name}`|{name})(?:[ \t]+(?:tool|class))?"
#: the tool not named: ``It``, ``The tool``, ``This tool``
_UNNAMED = r"(?:it|(?:the|this)[ \t]+tool)"
_THE_TOOL = r"(?:the|this)[ \t]+tool"
_CLOSE = r"(?:\*\*|__)?[ \t]+"

#: a line at the margin (a space before a bullet at most), a bullet's
_OPENS = LazyPattern(r" ?[^ \t]")
_BULLET = LazyPattern(r" ?[-*+][ \t]")
#: a line before a paragraph's first: blank, a heading, or a thematic break
_BREAK = LazyPattern(r"[ \t]*(?:#{1,6}(?:[ \t].*)?|(?:[-*_][ \t]*){3,})?")

_ANY_NAME = _NAMED.format(name=r"[^\W\d][\w.]*")
#: the sentence about any subject (the line :func:`unread_lead` found)
_ANY = LazyPattern(rf"{_OPENING}(?:{_ANY_NAME}|{_UNNAMED}){_CLOSE}{_NONE_WORDS}", re.IGNORECASE)


def takes_none(content: str, subject: str, alone: bool, previous: str) -> bool:
    """Whether ``content``, a line of a companion, is a sentence saying the
    class ``subject`` takes no arguments; ``alone``: ``subject`` is the one
    class the companion's lines may be about, so the tool not named (``It``,
    ``The tool``) is it: ``It`` where ``content`` opens a bullet or a
    paragraph at the margin (``previous``, the line before it, blank or a
    heading)."""
    names = _NAMED.format(name=re.escape(subject))
    if alone and _OPENS.match(content) and (_BULLET.match(content) or _BREAK.fullmatch(previous)):
        names = f"(?:{names}|{_UNNAMED})"
    elif alone:
        names = f"(?:{names}|{_THE_TOOL})"
    return (
        re.fullmatch(rf"{_OPENING}{names}{_CLOSE}{_NONE_WORDS}", content, re.IGNORECASE) is not None
    )


def says_takes_none(content: str) -> bool:
    """Whether ``content`` is such a sentence about any tool."""
    return _ANY.fullmatch(content) is not None
