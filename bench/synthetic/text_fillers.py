"""Filler templates that shape and read text: words, names, tables, sizes, durations.

Each entry is ``((base name, code), imports)``: the code of a small pure function
whose name is ``__NAME__`` and whose docstring ends with ``__DOC__``, and the
``import`` lines it needs. ``fillers.FILLERS`` draws from these and
``data_fillers.DATA_FILLERS``.
"""

from __future__ import annotations

TEXT_FILLERS: list[tuple[tuple[str, str], set[str]]] = [
    (
        (
            "_word_frequencies",
            '''
            def __NAME__(
                content: str, stop_words: frozenset[str] = frozenset()
            ) -> dict[str, int]:
                """Count the words of ``content``, most frequent first.

                __DOC__
                """
                counts: Counter[str] = Counter()
                for raw in content.split():
                    word = raw.strip(".,;:!?()[]\\"'").lower()
                    if word and word not in stop_words:
                        counts[word] += 1
                return dict(counts.most_common())
            ''',
        ),
        {"from collections import Counter"},
    ),
    (
        (
            "_slugify",
            '''
            def __NAME__(value: str, separator: str = "-") -> str:
                """A lower-case, ASCII-only form of ``value`` usable as a file name.

                __DOC__
                """
                characters = [ch if ch.isalnum() else " " for ch in value.lower()]
                words = "".join(characters).split()
                return separator.join(words)[:80] or "untitled"
            ''',
        ),
        set(),
    ),
    (
        (
            "_edit_distance",
            '''
            def __NAME__(left: str, right: str) -> int:
                """The Levenshtein distance between two names (insertions, deletions, swaps).

                __DOC__
                """
                if len(left) < len(right):
                    left, right = right, left
                previous = list(range(len(right) + 1))
                for row, char_left in enumerate(left, start=1):
                    current = [row]
                    for column, char_right in enumerate(right, start=1):
                        cost = 0 if char_left == char_right else 1
                        current.append(
                            min(
                                previous[column] + 1,
                                current[column - 1] + 1,
                                previous[column - 1] + cost,
                            )
                        )
                    previous = current
                return previous[-1]
            ''',
        ),
        set(),
    ),
    (
        (
            "_wrap_lines",
            '''
            def __NAME__(content: str, width: int = 72) -> list[str]:
                """Break ``content`` into lines of at most ``width`` characters at spaces.

                __DOC__
                """
                lines: list[str] = []
                current: list[str] = []
                length = 0
                for word in content.split():
                    if current and length + 1 + len(word) > width:
                        lines.append(" ".join(current))
                        current, length = [], 0
                    current.append(word)
                    length += len(word) + (1 if length else 0)
                if current:
                    lines.append(" ".join(current))
                return lines
            ''',
        ),
        set(),
    ),
    (
        (
            "_format_table",
            '''
            def __NAME__(rows: list[list[str]], headers: list[str]) -> str:
                """Render ``rows`` as a plain-text table with aligned columns.

                __DOC__
                """
                table = [headers, *rows]
                widths = [max(len(str(row[i])) for row in table) for i in range(len(headers))]
                lines = []
                for number, row in enumerate(table):
                    cells = [str(cell).ljust(width) for cell, width in zip(row, widths)]
                    lines.append("  ".join(cells).rstrip())
                    if number == 0:
                        lines.append("  ".join("-" * width for width in widths))
                return "\\n".join(lines)
            ''',
        ),
        set(),
    ),
    (
        (
            "_parse_key_values",
            '''
            def __NAME__(content: str) -> dict[str, str]:
                """Read ``key = value`` lines; comments start with ``#``.

                __DOC__
                """
                pairs: dict[str, str] = {}
                for raw in content.splitlines():
                    line = raw.split("#", 1)[0].strip()
                    if not line or "=" not in line:
                        continue
                    key, _, value = line.partition("=")
                    pairs[key.strip()] = value.strip().strip('"')
                return pairs
            ''',
        ),
        set(),
    ),
    (
        (
            "_human_size",
            '''
            def __NAME__(size: float) -> str:
                """A size in bytes as a short human-readable string (``1.5 MB``).

                __DOC__
                """
                units = ["B", "KB", "MB", "GB", "TB"]
                for unit in units[:-1]:
                    if abs(size) < 1024:
                        return f"{size:.1f} {unit}" if unit != "B" else f"{int(size)} B"
                    size /= 1024
                return f"{size:.1f} {units[-1]}"
            ''',
        ),
        set(),
    ),
    (
        (
            "_common_prefix",
            '''
            def __NAME__(values: list[str]) -> str:
                """The longest prefix shared by every string of ``values``.

                __DOC__
                """
                if not values:
                    return ""
                shortest = min(values, key=len)
                for position, character in enumerate(shortest):
                    if any(value[position] != character for value in values):
                        return shortest[:position]
                return shortest
            ''',
        ),
        set(),
    ),
    (
        (
            "_score_terms",
            '''
            def __NAME__(words: list[str], terms: list[str]) -> float:
                """The share of ``terms`` that occur in ``words``, weighted by position.

                __DOC__
                """
                if not terms:
                    return 0.0
                positions = {word.lower(): index for index, word in enumerate(words)}
                score = 0.0
                for term in terms:
                    index = positions.get(term.lower())
                    if index is not None:
                        score += 1.0 / (1 + index / 10)
                return round(score / len(terms), 4)
            ''',
        ),
        set(),
    ),
    (
        (
            "_normalize_spaces",
            '''
            def __NAME__(content: str) -> str:
                """Collapse runs of whitespace to one space and trim the ends.

                __DOC__
                """
                return re.sub(r"\\s+", " ", content).strip()
            ''',
        ),
        {"import re"},
    ),
    (
        (
            "_split_camel",
            '''
            def __NAME__(identifier: str) -> list[str]:
                """Split ``CamelCase`` or ``snake_case`` names into lower-case words.

                __DOC__
                """
                words: list[str] = []
                current = ""
                for character in identifier.replace("-", "_"):
                    if character == "_":
                        if current:
                            words.append(current.lower())
                        current = ""
                    elif character.isupper() and current and not current[-1].isupper():
                        words.append(current.lower())
                        current = character
                    else:
                        current += character
                if current:
                    words.append(current.lower())
                return words
            ''',
        ),
        set(),
    ),
    (
        (
            "_parse_duration",
            '''
            def __NAME__(value: str) -> int:
                """Seconds in a duration such as ``1h30m`` or ``45s``; 0 when unreadable.

                __DOC__
                """
                factors = {"d": 86400, "h": 3600, "m": 60, "s": 1}
                total = 0
                for amount, unit in re.findall(r"(\\d+)\\s*([dhms])", value.lower()):
                    total += int(amount) * factors[unit]
                return total
            ''',
        ),
        {"import re"},
    ),
    (
        (
            "_render_tree",
            '''
            def __NAME__(paths: list[str], indent: str = "  ") -> str:
                """Render slash-separated ``paths`` as an indented tree.

                __DOC__
                """
                lines: list[str] = []
                previous: list[str] = []
                for path in sorted(paths):
                    parts = path.strip("/").split("/")
                    common = 0
                    shared = min(len(parts), len(previous))
                    while common < shared and parts[common] == previous[common]:
                        common += 1
                    for depth in range(common, len(parts)):
                        lines.append(f"{indent * depth}{parts[depth]}")
                    previous = parts
                return "\\n".join(lines)
            ''',
        ),
        set(),
    ),
]
