"""Conformance of doxtool on a real DOX repository (the Agent Zero corpus).

``python bench/conformance.py [--corpus DIR] [--out FILE] [--keep]``

Runs the ``doxtool`` console script by subprocess on copies of the corpus and
never imports doxtool, so the figures describe the command a user runs:

1. ``doxtool init`` then ``doxtool check --format json --no-cache``: findings
   by code, then every finding (``path:line code message``) grouped by code.
2. ``doxtool check --fix`` on a second copy: per companion that existed
   before, the fact items the fix removed and added (parsed here, in the
   Agent Zero companion format), hand-written lines lost (must be zero), items
   written twice (must be zero), companions created, other files changed, and
   whether a second ``--fix`` changes anything.
3. Regeneration fidelity on a third copy: every companion in the
   file-documented directories is deleted, one ``doxtool check --fix``
   regenerates them, and the regenerated fact items are compared with the
   originals per fact kind; generated helper items are checked against the
   call chains of their module (computed with ``ast`` as the format's
   generator did).
4. A summary block; ``--out FILE`` writes everything as JSON as well.

Exit status: 0 when the run completed (whatever the figures), 2 when the
corpus or the console script is missing or a doxtool run fails.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dox_conformance.fidelity import part_fidelity
from dox_conformance.files import companions, copy_corpus
from dox_conformance.findings import part_findings
from dox_conformance.fix import part_fix
from dox_conformance.report import print_fidelity, print_findings, print_fix, print_summary
from dox_conformance.runner import Doxtool, RunError, find_doxtool

REPO_ROOT = Path(__file__).resolve().parent.parent
CORPUS_NAME = "agent-zero-2026-07"


def default_corpus() -> Path:
    beside = REPO_ROOT.parent / "shared" / "corpora" / CORPUS_NAME
    return beside if beside.is_dir() else Path("/work/shared/corpora") / CORPUS_NAME


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=None, help="corpus directory")
    parser.add_argument("--out", type=Path, default=None, help="write the report as JSON")
    parser.add_argument("--keep", action="store_true", help="keep the temporary copies")
    options = parser.parse_args(argv)
    corpus = (options.corpus or default_corpus()).resolve()
    if not corpus.is_dir():
        print(f"error: corpus not found: {corpus}", file=sys.stderr)
        return 2
    executable = find_doxtool()
    if executable is None:
        print(
            "error: neither the `doxtool` console script nor this checkout's package is here",
            file=sys.stderr,
        )
        return 2
    tool = Doxtool(executable)
    started = time.perf_counter()
    workdir = Path(tempfile.mkdtemp(prefix="doxtool-conformance-"))
    try:
        base = workdir / "check"
        copy_corpus(corpus, base)
        tool.run(base, "init", ok=(0,))
        for name in ("fix", "regenerate"):
            shutil.copytree(base, workdir / name, symlinks=True)
        version = tool.run(base, "--version", ok=(0,)).strip()
        originals = companions(base)
        data: dict[str, Any] = {
            "corpus": str(corpus),
            "doxtool": executable,
            "doxtool_version": version,
            "findings": part_findings(tool, base),
            "fix": part_fix(tool, workdir / "fix"),
            "fidelity": part_fidelity(tool, workdir / "regenerate", originals),
        }
    except (RunError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    finally:
        if options.keep:
            print(f"copies kept in {workdir}", file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    data["elapsed_seconds"] = round(time.perf_counter() - started, 2)
    data["doxtool_runs"] = tool.runs
    for part in (
        print_findings(data["findings"]),
        print_fix(data["fix"]),
        print_fidelity(data["fidelity"]),
        print_summary(data),
    ):
        for line in part:
            print(line)
        print()
    if options.out is not None:
        options.out.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
