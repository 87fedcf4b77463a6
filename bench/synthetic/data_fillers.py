"""Filler templates that work on lists and numbers: chunks, ranges, statistics, batches.

Each entry is ``((base name, code), imports)``: the code of a small pure function
whose name is ``__NAME__`` and whose docstring ends with ``__DOC__``, and the
``import`` lines it needs. ``fillers.FILLERS`` draws from these and
``text_fillers.TEXT_FILLERS``.
"""

from __future__ import annotations

DATA_FILLERS: list[tuple[tuple[str, str], set[str]]] = [
    (
        (
            "_chunked",
            '''
            def __NAME__(items: list[str], size: int) -> list[list[str]]:
                """Split ``items`` into lists of at most ``size`` entries.

                __DOC__
                """
                if size <= 0:
                    return [list(items)] if items else []
                return [items[start : start + size] for start in range(0, len(items), size)]
            ''',
        ),
        set(),
    ),
    (
        (
            "_dedupe",
            '''
            def __NAME__(items: list[str]) -> list[str]:
                """Drop repeated entries, keeping the first occurrence of each.

                __DOC__
                """
                seen: set[str] = set()
                kept: list[str] = []
                for item in items:
                    marker = item.strip().lower()
                    if marker in seen:
                        continue
                    seen.add(marker)
                    kept.append(item)
                return kept
            ''',
        ),
        set(),
    ),
    (
        (
            "_percentile",
            '''
            def __NAME__(values: list[float], fraction: float) -> float:
                """The value below which ``fraction`` of ``values`` fall (linear interpolation).

                __DOC__
                """
                if not values:
                    return 0.0
                ordered = sorted(values)
                position = (len(ordered) - 1) * min(max(fraction, 0.0), 1.0)
                lower = math.floor(position)
                upper = math.ceil(position)
                if lower == upper:
                    return ordered[int(position)]
                return ordered[lower] + (ordered[upper] - ordered[lower]) * (position - lower)
            ''',
        ),
        {"import math"},
    ),
    (
        (
            "_merge_ranges",
            '''
            def __NAME__(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
                """Merge overlapping or touching ``(start, end)`` ranges.

                __DOC__
                """
                merged: list[tuple[int, int]] = []
                for start, end in sorted(ranges):
                    if merged and start <= merged[-1][1] + 1:
                        previous_start, previous_end = merged[-1]
                        merged[-1] = (previous_start, max(previous_end, end))
                    else:
                        merged.append((start, end))
                return merged
            ''',
        ),
        set(),
    ),
    (
        (
            "_histogram",
            '''
            def __NAME__(values: list[float], buckets: int = 10) -> list[int]:
                """Counts of ``values`` in ``buckets`` equal-width buckets between min and max.

                __DOC__
                """
                if not values or buckets <= 0:
                    return []
                low, high = min(values), max(values)
                span = (high - low) or 1.0
                counts = [0] * buckets
                for value in values:
                    slot = min(int((value - low) / span * buckets), buckets - 1)
                    counts[slot] += 1
                return counts
            ''',
        ),
        set(),
    ),
    (
        (
            "_flatten",
            '''
            def __NAME__(nested: list[Any], depth: int = 8) -> list[Any]:
                """Flatten nested lists up to ``depth`` levels, keeping order.

                __DOC__
                """
                flat: list[Any] = []
                stack: list[tuple[list[Any], int]] = [(nested, 0)]
                while stack:
                    items, level = stack.pop()
                    for position, item in enumerate(items):
                        if isinstance(item, list) and level < depth:
                            stack.append((items[position + 1 :], level))
                            stack.append((item, level + 1))
                            break
                        flat.append(item)
                return flat
            ''',
        ),
        {"from typing import Any"},
    ),
    (
        (
            "_group_by_prefix",
            '''
            def __NAME__(names: list[str], length: int = 3) -> dict[str, list[str]]:
                """Group ``names`` by their first ``length`` characters.

                __DOC__
                """
                groups: defaultdict[str, list[str]] = defaultdict(list)
                for name in names:
                    groups[name[:length].lower()].append(name)
                return {prefix: sorted(members) for prefix, members in sorted(groups.items())}
            ''',
        ),
        {"from collections import defaultdict"},
    ),
    (
        (
            "_moving_average",
            '''
            def __NAME__(values: list[float], window: int = 3) -> list[float]:
                """The mean of each run of ``window`` consecutive values.

                __DOC__
                """
                if window <= 0 or len(values) < window:
                    return []
                total = sum(values[:window])
                averages = [total / window]
                for index in range(window, len(values)):
                    total += values[index] - values[index - window]
                    averages.append(total / window)
                return averages
            ''',
        ),
        set(),
    ),
    (
        (
            "_checksum",
            '''
            def __NAME__(data: bytes, modulus: int = 65521) -> int:
                """An Adler-style checksum of ``data``, stable across runs.

                __DOC__
                """
                first, second = 1, 0
                for byte in data:
                    first = (first + byte) % modulus
                    second = (second + first) % modulus
                return (second << 16) | first
            ''',
        ),
        set(),
    ),
    (
        (
            "_top_counts",
            '''
            def __NAME__(counts: dict[str, int], limit: int = 10) -> list[tuple[str, int]]:
                """The ``limit`` largest counts, ties broken by name.

                __DOC__
                """
                ordered = sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))
                return ordered[: max(limit, 0)]
            ''',
        ),
        set(),
    ),
    (
        (
            "_interleave",
            '''
            def __NAME__(first: list[str], second: list[str]) -> list[str]:
                """Alternate the entries of two lists, then append what is left of the longer one.

                __DOC__
                """
                merged = [item for pair in zip(first, second) for item in pair]
                rest = first[len(second) :] if len(first) > len(second) else second[len(first) :]
                return merged + rest
            ''',
        ),
        set(),
    ),
    (
        (
            "_batches",
            '''
            def __NAME__(identifiers: list[int], largest: int = 50) -> Iterator[list[int]]:
                """Yield sorted, de-duplicated identifiers in batches of at most ``largest``.

                __DOC__
                """
                ordered = sorted(set(identifiers))
                for start in range(0, len(ordered), max(largest, 1)):
                    yield ordered[start : start + largest]
            ''',
        ),
        {"from collections.abc import Iterator"},
    ),
    (
        (
            "_pairwise_gaps",
            '''
            def __NAME__(stamps: list[float]) -> list[float]:
                """Gaps between consecutive timestamps, in order.

                __DOC__
                """
                ordered = sorted(stamps)
                return [later - earlier for earlier, later in itertools.pairwise(ordered)]
            ''',
        ),
        {"import itertools"},
    ),
]
