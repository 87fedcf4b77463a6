"""What pruning unread function bodies saves, in one process.

``python bench/pruning.py [--corpus DIR] [--modules N]``

Extracts the facts of the corpus's first N tool modules (default 400) twice,
with and without :mod:`doxtool.python.prune`, interleaved module by module so that
machine noise hits both alike, and also times bare ``libcst.parse_module`` on
each. Prints the CPU seconds of each and their ratios, and the share of the
module text whose bodies were pruned. The facts of the two ways must be equal
(the run stops otherwise).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import libcst

from doxtool.core.serde import to_data
from doxtool.python.astparse import parse_ast
from doxtool.python.extract import extract_module
from doxtool.python.names import module_name
from doxtool.python.prune import prune

BENCH = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=BENCH / "corpus" / "tools-1000")
    parser.add_argument("--modules", type=int, default=400)
    options = parser.parse_args(argv)
    paths = sorted((options.corpus / "tools").glob("*.py"))[: options.modules]
    if not paths:
        parser.error(f"no tool modules in {options.corpus}; run bench/generate.py first")
    pruned_time = whole_time = bare_time = 0.0
    total = removed = 0
    roots = ("tools", "helpers")
    for path in paths:
        source = path.read_text(encoding="utf-8")
        rel = path.relative_to(options.corpus).as_posix()
        start = time.process_time()
        with_pruning = extract_module(source, rel, roots)
        middle = time.process_time()
        without = extract_module(source, rel, roots, pruning=False)
        end = time.process_time()
        libcst.parse_module(source)
        bare_time += time.process_time() - end
        pruned_time += middle - start
        whole_time += end - middle
        if to_data(with_pruning) != to_data(without):
            raise SystemExit(f"facts differ for {rel}")
        tree = parse_ast(source)
        result = prune(source, tree, module_name(rel)) if tree is not None else None
        total += len(source)
        removed += len(source) - len(result.text) if result is not None else 0
    print(f"{len(paths)} modules, {removed / total:.0%} of their text pruned")
    print(f"bare libcst parse_module      {bare_time:7.2f} s")
    for label, seconds in (("whole modules", whole_time), ("pruned", pruned_time)):
        print(f"{'extraction, ' + label:<30}{seconds:7.2f} s  {seconds / bare_time:.2f}x bare")
    print(f"whole / pruned                {whole_time / pruned_time:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
