"""The files a run reads, each read and parsed once: companions, prompt files
(through the pool, or from the facts cache) and the test sources searched for
a module's tests. :class:`~doxtool.run.context.Context` builds on them."""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TypeVar

from doxtool.companions.model import Companion
from doxtool.core.source import ReadError, SourceText, link_problem, name_fits, read_text
from doxtool.core.unlisted import absent, refuse
from doxtool.prompts.model import PromptDoc
from doxtool.run.pool import Job, JobKind, Planned, plan, run_now
from doxtool.run.project import COMPANION_SUFFIX, Project
from doxtool.run.promptindex import Stamp, stamp
from doxtool.run.testpaths import SpelledPaths, loads_by_path, paths_of_test

T = TypeVar("T")


class Files:
    """The companions, prompt files and test sources of a project, each read
    (and parsed, through the pool and the facts cache) at most once per run."""

    def __init__(self, project: Project) -> None:
        self.project = project
        #: the fact kinds the rules of this run judge (None: every kind); a
        #: missing section is written with the fact lines of these alone
        self.checked_kinds: frozenset[str] | None = None
        self._companions: dict[str, tuple[SourceText | ReadError, Companion | None]] = {}
        self._tests: dict[str, list[str]] = {}
        #: test path -> the modules its import statements import
        self._test_imports: dict[str, frozenset[str]] = {}
        #: test path -> the paths its code spells and puts on ``sys.path``
        self._test_paths: dict[str, SpelledPaths] = {}
        self._prompts: dict[str, PromptDoc | None] = {}
        self._prompt_texts: dict[str, str] = {}
        #: prompt files that could not be read, and why
        self._prompt_errors: dict[str, ReadError] = {}
        #: prompt path -> the stamp it had just before this run read it
        self._read_stamps: dict[str, Stamp | None] = {}

    @property
    def config(self):
        return self.project.config

    # -- companions -------------------------------------------------------------

    @staticmethod
    def companion_path(module: str) -> str:
        return module + COMPANION_SUFFIX

    def companion_source(self, path: str) -> SourceText | ReadError:
        return self._companion(path)[0]

    def text_seen(self, path: str) -> str | None:
        """The text of the companion at ``path`` this run's findings were
        computed from (None: not read as a companion)."""
        cached = self._companions.get(path)
        if cached is None or isinstance(cached[0], ReadError):
            return None
        return cached[0].text

    def companion(self, path: str) -> Companion | None:
        """Parsed companion, or None when it is missing or unreadable."""
        return self._companion(path)[1]

    def _companion(self, path: str) -> tuple[SourceText | ReadError, Companion | None]:
        cached = self._companions.get(path)
        if cached is None:
            run_now(self.companion_job(path))
            cached = self._companions[path]
        return cached

    def companion_job(self, path: str) -> Planned | None:
        """The parse the companion at ``path`` still needs (None: known, cached,
        missing or unreadable), and where its result goes."""
        if path in self._companions:
            return None
        full = self.project.root / path
        text: SourceText | ReadError
        problem = link_problem(self.project.root, full)
        if not name_fits(full):  # DOX003: the module's name leaves no room for it
            text = ReadError("missing")
        elif self.project.excluded(path):
            # ``exclude`` leaves it out of every check: neither judged nor
            # edited, nor missing (no fresh one is written over it)
            text = ReadError("excluded by the configuration")
        elif not full.exists():  # a link loop is no missing file
            loop = problem is not None and problem.message.startswith("link loop")
            text = problem if loop and problem is not None else ReadError("missing")
        else:
            text = problem or read_text(full)
        if isinstance(text, ReadError):
            self._companions[path] = (text, None)
            return None
        source = text

        def keep(parsed: Companion) -> None:
            if parsed.problem:  # read only in part: reported (DOX009), never edited
                error = ReadError(parsed.problem, max(parsed.problem_line, 1), kind="parse")
                self._companions[path] = (error, None)
                return
            self._companions[path] = (source, parsed)

        return self._markdown_job("companion", path, text, Companion, keep)

    # -- tests ------------------------------------------------------------------

    @cached_property
    def _test_sources(self) -> dict[str, str]:
        sources: dict[str, str] = {}
        for directory in self.config.test_dirs:
            base = self.project.root / directory
            if not base.is_dir() or not self.project.inside(base):
                continue
            for path in sorted(_python_files(self.project.root, directory)):
                if path.is_symlink() or not path.is_file():
                    continue
                rel = self.project.rel(path)
                if self.project.excluded(rel):
                    continue
                text = read_text(path, python=True)
                if not isinstance(text, ReadError):
                    sources[rel] = text.text
        return sources

    def related_tests(self, module: str) -> list[str]:
        """Tests that import the module or name it (its file, or its dotted
        name) in a string literal, or load it by its path spelled in parts
        (:mod:`doxtool.run.testpaths`).

        Mentions in prose or fixtures (a class name inside a test's sample
        text) do not count: that is what makes a plain text search noisy.
        """
        cached = self._tests.get(module)
        if cached is not None:
            return cached
        # a src layout's module is imported from ``src/`` (``myagent.tools.echo``)
        # or, as README allows, with the ``src.`` prefix: either name counts
        dotted = module.removesuffix(".py").replace("/", ".")
        source = self.project.source_root
        names = [dotted[len(source) + 1 :], dotted] if dotted.startswith(f"{source}.") else [dotted]
        # a standalone plugin's module is imported as Agent Zero installs the
        # plugin, ``usr.plugins.<name>.tools.echo`` (:mod:`doxtool.run.pluginroot`)
        packages = self.project.plugin.packages
        names += [f"{package}.{name}" for package in packages for name in names]
        found = [
            rel
            for rel, text in self._test_sources.items()
            if any(self._names_module(rel, text, module, dotted) for dotted in names)
            or self._loads_by_path(rel, text, module)
        ]
        self._tests[module] = found
        return found

    def _names_module(self, rel: str, text: str, module: str, dotted: str) -> bool:
        """Whether the test ``rel`` imports the module at ``module`` by the dotted
        name ``dotted``, or names its file or that name in a string literal."""
        package, _, stem = dotted.rpartition(".")
        # every pattern below names the module's stem: most tests need no regex
        if stem not in text:
            return False
        patterns = [
            rf"^\s*import\s+{re.escape(dotted)}\b",
            rf"^\s*from\s+{re.escape(dotted)}\s+import\b",
        ]
        if package:
            patterns.append(
                rf"^\s*from\s+{re.escape(package)}\s+import\s+[^\n]*\b{re.escape(stem)}\b"
            )
        imports = _compiled("|".join(f"(?:{p})" for p in patterns))
        # ``import os, a.b``, ``from a import (\n b,\n)``: what they import
        # only ``ast`` tells
        others = [rf"^\s*import\s[^\n]*,[^\n]*\b{re.escape(dotted)}\b"]
        if package:
            others.append(rf"^\s*from\s+{re.escape(package)}\s+import\s*\(")
        broad = _compiled("|".join(f"(?:{p})" for p in others))
        # the file's path as a whole string, or the dotted module handed to
        # ``importlib.import_module``, ``pytest.importorskip`` or ``__import__``
        # (not any string: a test that puts a stub in ``sys.modules`` under
        # the name does not run the module)
        named = _compiled(
            rf"[\"']{re.escape(module)}[\"']"
            rf"|\b(?:import_module|importorskip|__import__)\(\s*[\"']{re.escape(dotted)}[\"']"
        )
        if named.search(text):
            return True
        # a line that looks like an import may sit in a string (a
        # sample of source text): only an import statement counts
        plain = _import_lines(imports, text)
        return bool(plain) or (
            (plain is False or bool(broad.search(text))) and self._imports_module(rel, text, dotted)
        )

    def _loads_by_path(self, rel: str, text: str, module: str) -> bool:
        """Whether the test ``rel`` loads the module at ``module`` by its path:
        ``ROOT / "tools" / "echo.py"``, or its directory put on ``sys.path``
        before ``import echo``."""
        stem = module.rsplit("/", 1)[-1].removesuffix(".py")
        if stem not in text:
            return False
        paths = self._test_paths.get(rel)
        if paths is None:
            paths = self._test_paths[rel] = paths_of_test(text)
        if not paths.spelled and not paths.on_sys_path:
            return False
        imported = self._test_imports.get(rel)
        if imported is None:
            imported = self._test_imports[rel] = _imported_modules(text)
        return loads_by_path(paths, module, frozenset() if imported is _UNREADABLE else imported)

    def _imports_module(self, rel: str, text: str, dotted: str) -> bool:
        """Whether the test at ``rel`` has an import statement of ``dotted``
        (``import a.b``, ``from a.b import x``, ``from a import b``); True
        when ``ast`` cannot read it (its text then is all there is to go by)."""
        imported = self._test_imports.get(rel)
        if imported is None:
            imported = self._test_imports[rel] = _imported_modules(text)
        if imported is _UNREADABLE:
            return True
        return dotted in imported or any(name.startswith(dotted + ".") for name in imported)

    # -- prompts --------------------------------------------------------------

    def prompt(self, path: str) -> PromptDoc | None:
        """Parsed prompt file, or None when it cannot be read."""
        if path not in self._prompts:
            run_now(self.prompt_job(path))
        return self._prompts[path]

    def prompt_job(self, path: str) -> Planned | None:
        """The parse the prompt file at ``path`` still needs (None: known,
        cached or unreadable), and where its result goes."""
        if path in self._prompts:
            return None
        full = self.project.root / path
        self._read_stamps[path] = stamp(full)  # before reading: a later edit shows
        text = read_text(full, root=self.project.root)
        if isinstance(text, ReadError):
            self._prompts[path] = None
            self._prompt_errors[path] = text
            return None
        self._prompt_texts[path] = text.text

        def keep(doc: PromptDoc) -> None:
            self._prompts[path] = doc

        return self._markdown_job("prompt", path, text, PromptDoc, keep)

    def _markdown_job(
        self, kind: JobKind, path: str, text: SourceText, cls: type[T], keep: Callable[[T], None]
    ) -> Planned | None:
        """A Markdown file's parse, unless the cache has its result (then kept)."""
        key = f"{path}\0{text.text}".encode("utf-8", "surrogatepass")
        return plan(Job(kind, path, text.text), self.project.cache, key, cls, keep)

    def prompt_text(self, path: str) -> str:
        if path not in self._prompt_texts:
            text = read_text(self.project.root / path)
            self._prompt_texts[path] = "" if isinstance(text, ReadError) else text.text
        return self._prompt_texts[path]

    def mentions_doxtool(self, path: str) -> bool | None:
        """Whether the text of a file this run read names doxtool (None: not read)."""
        known = self.project.mentions_doxtool(path)
        if known is not None:
            return known
        companion = self._companions.get(path)
        if companion is not None:
            text = companion[0]
            return None if isinstance(text, ReadError) else "doxtool" in text.text
        prompt = self._prompt_texts.get(path)
        return None if prompt is None else "doxtool" in prompt


#: the delimiters of triple-quoted strings
_TRIPLE = re.compile("\"\"\"|'''")


def _python_files(root: Path, directory: str) -> list[Path]:
    """The ``*.py`` files under the repository directory ``directory`` (links
    to directories not entered, as ``rglob`` does); a directory that cannot be
    listed stops the run: the tests it holds are unknown, and no related test
    may be called gone."""

    def refused(exc: OSError) -> None:
        if not absent(exc):
            where = os.fsdecode(exc.filename) if exc.filename is not None else directory
            raise refuse(os.path.relpath(os.path.join(root, where), root), exc) from None

    return [
        Path(folder, name)
        for folder, _, names in os.walk(root / directory, onerror=refused)
        for name in names
        if name.endswith(".py")
    ]


@lru_cache(maxsize=1024)
def _compiled(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled (multi-line): a module's patterns serve every test."""
    return re.compile(pattern, re.MULTILINE)


def _import_lines(pattern: re.Pattern[str], text: str) -> bool | None:
    """Whether ``pattern`` matches a line of ``text`` that is code: None when
    it matches none, True when a match is outside every triple-quoted
    string, False when each may be in one (``ast`` then tells). Parsing every
    test would cost a millisecond per kilobyte; this scan finds the few
    tests where a match may sit in a string."""
    matches = [match.start() for match in pattern.finditer(text)]
    if not matches:
        return None
    inside: str | None = None
    delimiters = iter(_TRIPLE.finditer(text))
    delimiter = next(delimiters, None)
    for start in matches:
        while delimiter is not None and delimiter.start() < start:
            quote = delimiter.group()
            inside = None if inside == quote else (quote if inside is None else inside)
            delimiter = next(delimiters, None)
        if inside is None:
            return True
    return False


_UNREADABLE: frozenset[str] = frozenset({"\0"})


def _imported_modules(text: str) -> frozenset[str]:
    """The modules a source's import statements import, anywhere in it:
    ``import a.b`` gives ``a.b``; ``from a import b`` gives ``a`` and ``a.b``
    (``b`` may be a module); relative imports are left out."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return _UNREADABLE
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules.add(node.module)
            modules.update(f"{node.module}.{alias.name}" for alias in node.names)
    return frozenset(modules)
