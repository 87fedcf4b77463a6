"""Measure the memory doxtool needs for one large tool module.

``python bench/bigmodule.py [--mib M] [--called N] [--dir DIR]`` writes a
repository whose one tool module is about M MiB (default 0.99: doxtool does
not read a module over 1 MiB) of functions with real bodies, every one named
in a dispatch table (``STEPS``) that ``execute`` indexes: the analysis never
follows a call through a table, so no body is parsed by libcst
(:mod:`doxtool.python.prune`), unless ``--called N`` makes ``execute`` call
the first N functions by name. It then times a cold ``doxtool check --jobs 1``
and a cold ``doxtool check`` with the default jobs on it and prints wall
time, the largest process's RSS and the peak RSS summed over the process and
its workers (``bench/run.py``'s ``measure``). Target: well under 200 MB.
The repository has no companion and no prompt, so the check finds those two
things (exit 1); a module doxtool refuses gets a DOX003 finding as well.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import CACHE_DIR, doxtool_command, ensure_bytecode, measure, summed

HEAD = '''\
"""One large tool."""

from helpers.tool import Response, Tool


class Big(Tool):
    """Run one of many steps."""

    async def execute(self, **kwargs) -> Response:
        step = str(self.args.get("step", ""))
        if step not in STEPS:
            return Response(message="unknown step", break_loop=False)
        return Response(message=str(STEPS[step](self.args)), break_loop=False)

'''

FUNCTION = '''
def step_{i}(args: dict) -> str:
    """Step {i}: fold the values."""
    total = 0
    words = []
    for key, value in sorted(args.items()):
        if isinstance(value, int) and value > {i} % 7:
            total += value * {i}
        elif isinstance(value, str):
            words.append(value.strip().lower()[: {i} % 40 + 1])
        else:
            words.append(repr(value))
    return f"{{total}}:{{','.join(words)}}:{i}"
'''


def module_text(mib: float, called: int = 0) -> str:
    head = HEAD
    if called:
        # ``execute`` calls the first steps by name: their bodies are parsed
        calls = "".join(f"            step_{i}(self.args)\n" for i in range(called))
        head = HEAD.replace(
            "        return Response(message=str(STEPS",
            '        if step == "all":\n' + calls + "        return Response(message=str(STEPS",
        )
    parts = [head]
    size = len(head)
    i = 0
    while size + 32 * i < mib * 1024 * 1024:  # each function adds a row to STEPS
        text = FUNCTION.format(i=i)
        parts.append(text)
        size += len(text)
        i += 1
    parts.append("\n\nSTEPS = {\n" + "".join(f'    "{n}": step_{n},\n' for n in range(i)) + "}\n")
    return "".join(parts)


def write_repository(root: Path, mib: float, called: int = 0) -> Path:
    bench_root = Path(__file__).resolve().parent.parent
    (root / "helpers").mkdir(parents=True)
    for name in ("__init__.py", "tool.py", "errors.py"):
        source = bench_root / "helpers" / name
        (root / "helpers" / name).write_text(
            source.read_text(encoding="utf-8") if source.is_file() else "", encoding="utf-8"
        )
    (root / "tools").mkdir()
    module = root / "tools" / "big.py"
    module.write_text(module_text(mib, called), encoding="utf-8")
    (root / "pyproject.toml").write_text("[tool.doxtool]\n", encoding="utf-8")
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=float, default=0.99, metavar="M")
    parser.add_argument(
        "--called", type=int, default=0, metavar="N", help="execute calls the first N steps"
    )
    parser.add_argument("--dir", type=Path, metavar="DIR", help="default: a temporary directory")
    options = parser.parse_args(argv)
    ensure_bytecode()
    doxtool = doxtool_command()
    root = options.dir or Path(tempfile.mkdtemp(prefix="doxtool-big-"))
    try:
        module = write_repository(root, options.mib, options.called)
        print(f"tools/big.py: {module.stat().st_size / 1024 / 1024:.2f} MiB")
        for label, args in (("--jobs 1", ["--jobs", "1"]), ("default jobs", [])):
            shutil.rmtree(root / CACHE_DIR, ignore_errors=True)
            sample = measure([*doxtool, "check", *args], root)
            print(
                f"cold check {label}: {sample.wall:.2f} s, largest process {sample.rss_mb:.0f} MB,"
                f" summed {summed(sample):.0f} MB, exit {sample.exit}"
            )
    finally:
        if options.dir is None:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
