"""Which directories an ``AGENTS.md`` declares file-documented.

A declaration is a sentence whose subject is a directory and whose verb puts
it in the class: "This directory is a file-documented DOX profile", "`tools/`
is file-documented", "`tools/` holds the memory tools; it is file-documented".
The subject is the file's own directory ("this directory", "this folder") or
directories below it named as paths (`` `tools/` ``). Anything else that
mentions the phrase declares nothing: a negation ("is not file-documented"),
a condition ("if this directory is file-documented"), a sentence about
another kind of subject ("only helper modules are file-documented"), a quote
in a fenced code block. Whether a named directory exists is the caller's
question.
"""

from __future__ import annotations

import posixpath
import re

_PHRASE = re.compile(r"\bfile[- ]documented\b", re.IGNORECASE)
#: ``is`` / ``are`` (maybe negated) and an article, right before the phrase
_VERB = re.compile(
    r"\b(?P<verb>is|are|isn't|aren't)(?P<neg>\s+(?:not|never|no\s+longer))?"
    r"\s+(?:(?:an?|the)\s+)?$",
    re.IGNORECASE,
)
_OWN = re.compile(
    r"(?:this|the\s+current|the\s+present)\s+(?:directory|folder|dir|package)(?:\s+itself)?",
    re.IGNORECASE,
)
#: a subject after a conjunction that joins it to a main clause ("..., so this directory")
_JOINED = re.compile(
    r"(?:.*,\s*(?:and|but|so|thus|hence|therefore)\s+)?(?P<own>.*)", re.IGNORECASE | re.DOTALL
)
#: a directory named as a path: in backticks, or bare and ending with ``/``
_PATH = re.compile(r"`(?P<quoted>[^`\s]+)`|(?<![\w/.`])(?P<bare>[\w.-]+(?:/[\w.-]+)*/)(?![\w`])")
#: words a subject made of paths may hold besides the paths
_PATH_WORDS = re.compile(
    r"(?:\b(?:the|and|both|only|directory|directories|folder|folders|dir|dirs)\b|[,\s])*",
    re.IGNORECASE,
)
#: where a clause starts, inside a sentence
_CLAUSE_BREAK = re.compile(r"[;:(]|\s[-\u2013\u2014]\s")
#: a list marker, a quote or emphasis before the text of a paragraph
_LEAD = re.compile(r"^(?:\s*(?:[-*+>]|\d+[.)])\s+)*[*_\s]*")
_ITEM_START = re.compile(r"^\s*(?:[-*+>]|\d+[.)])\s")
_FENCE = re.compile(r"^\s*(```|~~~)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def declared_directories(text: str, directory: str) -> list[str]:
    """The directories an ``AGENTS.md`` in ``directory`` (posix, relative to
    the root; ``.`` for the root) declares file-documented, in the order
    declared: ``directory`` itself (not the root: its AGENTS.md speaks for
    the repository) and directories below it."""
    found: list[str] = []
    for paragraph in _paragraphs(text):
        for sentence in _SENTENCE_END.split(paragraph):
            for subject in _declared_subjects(sentence):
                rel = _resolve(directory, subject)
                if rel is not None and rel != "." and rel not in found:
                    found.append(rel)
    return found


def _paragraphs(text: str) -> list[str]:
    """Paragraphs and list items, each on one line; fenced code left out."""
    out: list[str] = []
    current: list[str] = []
    fenced: str | None = None

    def close() -> None:
        if current:
            out.append(" ".join(current))
            current.clear()

    for line in text.splitlines():
        fence = _FENCE.match(line)
        if fenced is not None:
            if fence and fence.group(1) == fenced:
                fenced = None
            continue
        if fence:
            close()
            fenced = fence.group(1)
            continue
        if not line.strip() or line.lstrip().startswith("#") or _ITEM_START.match(line):
            close()
        if line.strip() and not line.lstrip().startswith("#"):
            current.append(line.strip())
    close()
    return out


def _declared_subjects(sentence: str) -> list[str]:
    """The subjects (``""``: the own directory; else a path as written) the
    sentence declares file-documented."""
    sentence = _LEAD.sub("", sentence, count=1)
    subjects: list[str] = []
    for phrase in _PHRASE.finditer(sentence):
        before = sentence[: phrase.start()]
        verb = _VERB.search(before)
        if verb is None or verb.group("neg") or verb.group("verb").lower().endswith("n't"):
            continue
        clause = _clause(before[: verb.start()])
        if clause.lower() == "it":
            clause = _clause_head(before[: verb.start()])
        subjects.extend(_subject(clause, plural=verb.group("verb").lower() == "are"))
    return subjects


def _clause(text: str) -> str:
    """The last clause of ``text``, stripped: the subject before a verb."""
    parts = _CLAUSE_BREAK.split(text)
    return parts[-1].strip().strip("*_").strip() if parts else ""


def _clause_head(text: str) -> str:
    """The subject a later ``it`` refers to: the first clause's, when it
    starts with a directory (``"`tools/` holds the tools"``)."""
    first = _CLAUSE_BREAK.split(text)[0].strip()
    own = _OWN.match(first)
    if own is not None and own.group(0).lower().startswith("this"):
        return own.group(0)
    head = re.match(r"(?:the\s+)?" + _PATH.pattern, first, re.IGNORECASE)
    return head.group(0) if head is not None else ""


def _subject(clause: str, plural: bool) -> list[str]:
    own = _JOINED.fullmatch(clause)
    if not plural and own is not None and _OWN.fullmatch(own.group("own")):
        return [""]
    paths = [m.group("quoted") or m.group("bare") for m in _PATH.finditer(clause)]
    rest = _PATH.sub(" ", clause)
    if not paths or not _PATH_WORDS.fullmatch(rest) or (len(paths) > 1) is not plural:
        return []
    return paths


def _resolve(directory: str, subject: str) -> str | None:
    """The repository path a subject names, when it is ``directory`` or below it."""
    if not subject:
        return directory
    if subject.startswith("/") or any(c in subject for c in "*?[]{}$\\"):
        return None
    base = "" if directory in ("", ".") else directory
    rel = posixpath.normpath(posixpath.join(base, subject.rstrip("/") or "."))
    if rel == "." or rel.startswith("../") or rel == "..":
        return None
    if base and rel != base and not rel.startswith(base + "/"):
        return None
    if "." in posixpath.basename(rel) and not subject.endswith("/"):
        return None  # a file (``tool.py``), not a directory
    return rel
