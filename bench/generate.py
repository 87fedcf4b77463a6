"""Generate a synthetic framework repository for benchmarking doxtool.

``python bench/generate.py OUT_DIR [--tools N] [--seed S]`` writes a repository
laid out like an Agent Zero checkout: the tool contract in ``helpers/`` (the
reference suite's own ``tool.py``, ``errors.py`` and ``tasks.py``), a
file-documented ``tools/`` directory of N tool modules of realistic and varied
size, and one prompt per tool in ``prompts/``. The companions
(``tools/<name>.py.dox.md``) are then created by doxtool's own fixer, and the
result must pass ``doxtool check`` with no finding.

The rest of the output depends only on N and the seed: every tool module is generated from
a random stream seeded with the seed and the tool's index, so the first five
tools of a corpus of 1000 are the five tools of a corpus of 5.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from synthetic.corpus import DEFAULT_SEED, DEFAULT_TOOLS, generate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, metavar="OUT_DIR")
    parser.add_argument("--tools", type=int, default=DEFAULT_TOOLS, metavar="N")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, metavar="S")
    options = parser.parse_args(argv)
    if not 1 <= options.tools <= 9999:
        parser.error("--tools must be between 1 and 9999")
    generate(options.out, options.tools, options.seed)
    print(f"generated {options.tools} tools in {options.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
