"""Measure how doxtool's work follows a change in large repositories.

``python bench/scale.py [--tools N] [--tiny M] [--repeat R]``

Every measurement is a fresh subprocess timed from spawn to exit, as in
``bench/run.py`` (whose ``measure`` this uses: wall time, largest process RSS
and, for the cold runs, the peak of the RSS summed over the process and its
pool workers; the sub-second runs are not sampled, as there, so that a check
of two processes on two cores does not pay for the sampling thread that a
one-process baseline does not). The baselines ``python -c "import libcst"``
are sampled interleaved with the runs.

- ``real``: the ``bench/generate.py`` corpus of N real-shaped tools (default
  3,000; ``bench/corpus/tools-N``, generated when missing) with its
  companions, all clean. After a warming run, one module gets a new comment
  line at its top (every line below it moves), then a whole-repository
  ``doxtool check`` runs. Target: <= 2x ``import libcst``. The same is
  measured for one tool prompt file that gets a new last line (reported,
  no target).
- ``tiny`` (opt-in with ``--tiny M``, e.g. ``--tiny 20000``; generating it runs
  ``doxtool check --fix`` over M tools once, several minutes on 2 CPUs): M
  tiny tools with companions and prompts (``bench/corpus/tiny-M``). Measured:
  a cold ``doxtool check`` with the default jobs (peak summed RSS, target
  <= 1.5 GB), the unchanged repository (target <= 0.5 s), one module
  changed (target <= 3x ``import libcst``) and one prompt file changed.

The exit status is 0 whatever the numbers are; ``--check`` makes it 1 when a
target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import (
    CACHE_DIR,
    Sample,
    Target,
    doxtool_command,
    ensure_bytecode,
    ensure_corpus,
    measure,
    median_sample,
    summed,
)
from synthetic import framework

BENCH = Path(__file__).resolve().parent
SHORT_SAMPLES = 5
IMPORT_LIBCST = [sys.executable, "-c", "import libcst"]

TINY_TOOL = '''\
"""Tiny tool {index}."""

from helpers.tool import Response, Tool


class Tiny{index}(Tool):
    """Echo the {index}th value."""

    async def execute(self, **kwargs) -> Response:
        value = str(self.args.get("value", ""))
        if not value:
            return Response(message="nothing to echo", break_loop=False)
        return Response(message=value, break_loop=False)
'''

TINY_PROMPT = """\
### tiny_{index:05d}
Echo a value back.
args: optional `value` (text to echo)
usage:
```json
{{"thoughts": ["echo"], "headline": "Echo", "tool_name": "tiny_{index:05d}",
 "tool_args": {{"value": "hi"}}}}
```
"""


def write_tiny(out: Path, tools: int) -> None:
    """M tiny tools, their prompts, and (by ``doxtool check --fix``) their companions."""
    if (out / "tools").is_dir() and (out / "pyproject.toml").is_file():
        return
    print(f"generating {tools} tiny tools in {out} ...", file=sys.stderr, flush=True)
    staging = out.with_name(f".{out.name}.tmp-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    files: dict[str, str] = dict(framework.HELPERS)
    for name in framework.REFERENCE_HELPERS:
        files[f"helpers/{name}"] = (framework.REPO / "helpers" / name).read_text(encoding="utf-8")
    files["pyproject.toml"] = "[tool.doxtool]\n"
    files["tools/AGENTS.md"] = framework.TOOLS_AGENTS
    files["prompts/agent.system.tools.md"] = framework.TOOLS_WRAPPER
    for index in range(tools):
        files[f"tools/tiny_{index:05d}.py"] = TINY_TOOL.format(index=index)
        files[f"prompts/agent.system.tool.tiny_{index:05d}.md"] = TINY_PROMPT.format(index=index)
    try:
        for rel, text in files.items():
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        command = doxtool_command()
        subprocess.run([*command, "check", "--fix"], cwd=staging, capture_output=True, check=False)
        check = subprocess.run([*command, "check"], cwd=staging, capture_output=True, text=True)
        if check.returncode != 0:
            raise SystemExit(f"error: the tiny corpus is not clean:\n{check.stdout[-4000:]}")
        shutil.rmtree(staging / CACHE_DIR, ignore_errors=True)
        out.parent.mkdir(parents=True, exist_ok=True)
        staging.rename(out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _log(label: str, sample: Sample) -> None:
    print(
        f"  {label}: {sample.wall:.3f} s, {sample.rss_mb:.0f} MB, sum {summed(sample):.0f} MB"
        + (f", exit {sample.exit}" if sample.exit else ""),
        file=sys.stderr,
        flush=True,
    )


def changed_module_runs(
    corpus: Path, doxtool: list[str], samples: int, seed: int
) -> tuple[Sample, Sample]:
    """A whole-repository check after one module changed, and ``import libcst``,
    interleaved; the medians of ``samples`` of each. A different module gets a
    new first line each time; every module is restored afterwards."""
    return _changed_file_runs(
        sorted((corpus / "tools").glob("*.py")),
        lambda text, tag: f"# changed by bench/scale.py ({tag})\n".encode() + text,
        "one module changed, whole check",
        corpus,
        doxtool,
        samples,
        seed,
    )


def changed_prompt_runs(
    corpus: Path, doxtool: list[str], samples: int, seed: int
) -> tuple[Sample, Sample]:
    """As :func:`changed_module_runs`, for one tool prompt file that gets a new
    last line."""
    return _changed_file_runs(
        sorted((corpus / "prompts").glob("agent.system.tool.*.md")),
        lambda text, tag: text + f"\nChanged by bench/scale.py ({tag}).\n".encode(),
        "one prompt changed, whole check",
        corpus,
        doxtool,
        samples,
        seed,
    )


def _changed_file_runs(
    files: list[Path],
    edit: Callable[[bytes, str], bytes],
    label: str,
    corpus: Path,
    doxtool: list[str],
    samples: int,
    seed: int,
) -> tuple[Sample, Sample]:
    changed: list[Sample] = []
    baseline: list[Sample] = []
    for sample in range(samples):
        path = files[(len(files) // 3 + (seed * samples + sample) * 97) % len(files)]
        original = path.read_bytes()
        stat = path.stat()
        try:
            path.write_bytes(edit(original, f"{seed}.{sample}"))
            changed.append(measure([*doxtool, "check"], corpus, tree=False))
            _log(label, changed[-1])
            baseline.append(measure(IMPORT_LIBCST, corpus, tree=False))
        finally:
            path.write_bytes(original)
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        # back to the recorded state: the next sample changes one file only
        measure([*doxtool, "check"], corpus)
    return median_sample(changed), median_sample(baseline)


def real_case(corpus: Path, doxtool: list[str], repeat: int) -> dict[str, object]:
    measure([*doxtool, "check"], corpus)  # warm
    changed, baseline = changed_module_runs(corpus, doxtool, SHORT_SAMPLES * repeat, 0)
    prompt, _ = changed_prompt_runs(corpus, doxtool, SHORT_SAMPLES * repeat, 0)
    ratio = changed.wall / baseline.wall
    return {
        "import_libcst": baseline.wall,
        "one_changed": changed.wall,
        "one_changed_rss_mb": changed.rss_mb,
        "one_changed_exit": changed.exit,
        "one_prompt_changed": prompt.wall,
        "one_prompt_changed_exit": prompt.exit,
        "targets": [Target("one module changed <= 2x import libcst", f"{ratio:.2f}x", ratio <= 2)],
    }


def tiny_case(corpus: Path, doxtool: list[str], repeat: int) -> dict[str, object]:
    colds = []
    for _ in range(repeat):
        shutil.rmtree(corpus / CACHE_DIR, ignore_errors=True)
        colds.append(measure([*doxtool, "check"], corpus))
        _log("cold, default jobs", colds[-1])
    cold = median_sample(colds)
    peak = max(summed(s) for s in colds)
    unchanged = []
    for _ in range(SHORT_SAMPLES):
        unchanged.append(measure([*doxtool, "check"], corpus, tree=False))
    warm = median_sample(unchanged)
    _log("unchanged", warm)
    changed, baseline = changed_module_runs(corpus, doxtool, SHORT_SAMPLES * repeat, 1)
    prompt, _ = changed_prompt_runs(corpus, doxtool, SHORT_SAMPLES * repeat, 1)
    ratio = changed.wall / baseline.wall
    return {
        "import_libcst": baseline.wall,
        "cold": cold.wall,
        "cold_sum_mb": peak,
        "unchanged": warm.wall,
        "one_changed": changed.wall,
        "one_changed_rss_mb": changed.rss_mb,
        "one_prompt_changed": prompt.wall,
        "exits": [s.exit for s in (*colds, warm, changed, prompt)],
        "targets": [
            Target("cold, peak summed RSS <= 1.5 GB", f"{peak:.0f} MB", peak <= 1536),
            Target("unchanged <= 0.5 s", f"{warm.wall:.3f} s", warm.wall <= 0.5),
            Target("one module changed <= 3x import libcst", f"{ratio:.2f}x", ratio <= 3),
        ],
    }


def main(argv: list[str] | None = None) -> int:
    global SHORT_SAMPLES
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", type=int, default=3000, metavar="N", help="real-shaped tools")
    parser.add_argument("--tiny", type=int, default=0, metavar="M", help="tiny tools (opt-in)")
    parser.add_argument("--repeat", type=int, default=1, metavar="R")
    parser.add_argument("--samples", type=int, default=5, metavar="S", help="samples per median")
    parser.add_argument(
        "--corpora", type=Path, default=BENCH / "corpus", metavar="DIR", help="where corpora live"
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument(
        "--json", type=Path, default=BENCH / "results" / "scale.json", metavar="FILE"
    )
    options = parser.parse_args(argv)
    doxtool = doxtool_command()
    ensure_bytecode()
    SHORT_SAMPLES = max(1, options.samples)
    results: dict[str, dict[str, object]] = {}
    if options.tools:
        corpus = (options.corpora / f"tools-{options.tools}").resolve()
        ensure_corpus(corpus, options.tools)
        print(f"real: {options.tools} real-shaped tools ({corpus})", file=sys.stderr)
        results["real"] = real_case(corpus, doxtool, options.repeat)
    if options.tiny:
        corpus = (options.corpora / f"tiny-{options.tiny}").resolve()
        write_tiny(corpus, options.tiny)
        print(f"tiny: {options.tiny} tiny tools ({corpus})", file=sys.stderr)
        results["tiny"] = tiny_case(corpus, doxtool, options.repeat)

    failed = False
    for name, result in results.items():
        print(f"{name}:")
        for key, value in result.items():
            if key != "targets":
                shown = f"{value:.3f}" if isinstance(value, float) else value
                print(f"  {key}: {shown}")
        for target in result["targets"]:  # type: ignore[attr-defined]
            failed |= not target.passed
            print(f"  {'PASS' if target.passed else 'FAIL'}  {target.name}: {target.value}")
    options.json.parent.mkdir(parents=True, exist_ok=True)
    options.json.write_text(
        json.dumps(
            {
                "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "results": {
                    name: {
                        k: ([t.__dict__ for t in v] if k == "targets" else v)  # type: ignore[attr-defined]
                        for k, v in result.items()
                    }
                    for name, result in results.items()
                },
                "samples_per_median": SHORT_SAMPLES * options.repeat,
            },
            indent=2,
        )
        + "\n",
        encoding="utf-8",
    )
    return 1 if options.check and failed else 0


if __name__ == "__main__":
    sys.exit(main())
