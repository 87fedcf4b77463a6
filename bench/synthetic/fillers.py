"""Filler code that brings a tool module up to its planned size.

``FillerWriter`` adds small pure functions (from the templates of ``text_fillers`` and
``data_fillers``) above or below the tool class, and small methods inside it, each
under a name not yet taken in the module.
"""

from __future__ import annotations

import textwrap

from .data_fillers import DATA_FILLERS
from .pieces import ModulePieces
from .snippets import _paragraph, _sub, _wrap
from .text_fillers import TEXT_FILLERS
from .vocabulary import COMMENTS, NOUNS

#: the order the templates are drawn in: the random stream picks by position, so
#: changing it changes every generated corpus
FILLER_ORDER = [
    "_chunked",
    "_dedupe",
    "_word_frequencies",
    "_slugify",
    "_percentile",
    "_merge_ranges",
    "_edit_distance",
    "_wrap_lines",
    "_histogram",
    "_flatten",
    "_group_by_prefix",
    "_moving_average",
    "_format_table",
    "_parse_key_values",
    "_human_size",
    "_common_prefix",
    "_score_terms",
    "_checksum",
    "_normalize_spaces",
    "_split_camel",
    "_top_counts",
    "_interleave",
    "_parse_duration",
    "_render_tree",
    "_batches",
    "_pairwise_gaps",
]
_BY_NAME = {template[0]: (template, imports) for template, imports in TEXT_FILLERS + DATA_FILLERS}
assert sorted(_BY_NAME) == sorted(FILLER_ORDER), "every filler template has one place"

#: filler templates: small pure functions, each (base name, code), and imports
FILLERS: list[tuple[tuple[str, str], set[str]]] = [_BY_NAME[name] for name in FILLER_ORDER]


class FillerWriter(ModulePieces):
    """Adds filler functions and methods to the module being written."""

    def filler_function(self) -> str:
        template, imports = self.rng.choice(FILLERS)
        name = self._fresh_name(template[0])
        self.imports.update(imports)
        doc = _wrap(_paragraph(self.rng, self.plan.noun, self.rng.randint(1, 4)), "    ")
        code = textwrap.dedent(template[1]).strip("\n")
        code = code.replace("__NAME__", name).replace("__DOC__", doc.strip())
        comment = f"# {self.rng.choice(COMMENTS)}\n" if self.rng.random() < 0.3 else ""
        return comment + code + "\n"

    def filler_method(self) -> str:
        name = self._fresh_name(
            "_describe_" + self.rng.choice(["entries", "batch", "items", "rows"])
        )
        doc = _wrap(_paragraph(self.rng, self.plan.noun, self.rng.randint(1, 2)), "        ")
        return _sub(
            '''
                def $name(self, entries: list[str]) -> str:
                    """$doc
                    """
                    counts: dict[str, int] = {}
                    for entry in entries:
                        head = entry.split("/", 1)[0]
                        counts[head] = counts.get(head, 0) + 1
                    parts = [f"{head}: {count}" for head, count in sorted(counts.items())]
                    return f"{self.name}: " + ", ".join(parts)
            ''',
            "    ",
            name=name,
            doc=doc.strip(),
        )

    def _fresh_name(self, base: str) -> str:
        name = base
        while name in self.names:
            name = f"{base}_{self.rng.choice(NOUNS)}"
            if name in self.names:
                name = f"{name}_{len(self.names)}"
        self.names.add(name)
        return name
