"""The files a run reads, each read and parsed once: companions, prompt files
(through the pool, or from the facts cache) and the test sources searched for
a module's tests. :class:`~doxtool.run.context.Context` builds on them."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cached_property
from typing import TypeVar

from doxtool.companions.model import Companion
from doxtool.core.source import ReadError, SourceText, read_text
from doxtool.prompts.model import PromptDoc
from doxtool.run.pool import Job, JobKind, Planned, plan, run_now
from doxtool.run.project import COMPANION_SUFFIX, Project
from doxtool.run.promptindex import Stamp, stamp

T = TypeVar("T")


class Files:
    """The companions, prompt files and test sources of a project, each read
    (and parsed, through the pool and the facts cache) at most once per run."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self._companions: dict[str, tuple[SourceText | ReadError, Companion | None]] = {}
        self._tests: dict[str, list[str]] = {}
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
        if not full.exists():
            text = ReadError("missing")
        elif full.is_symlink() and not self.project.inside(full):
            text = ReadError("link points outside the repository; not read")
        else:
            text = read_text(full)
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
            for path in sorted(base.rglob("*.py")):
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
        """Tests that import the module or name its file in a string literal.

        Mentions in prose or fixtures (a class name inside a test's sample
        text) do not count: that is what makes a plain text search noisy.
        """
        cached = self._tests.get(module)
        if cached is not None:
            return cached
        dotted = module.removesuffix(".py").replace("/", ".")
        package, _, stem = dotted.rpartition(".")
        # every pattern below names the module's stem: most tests need no regex
        candidates = [(rel, text) for rel, text in self._test_sources.items() if stem in text]
        if not candidates:
            self._tests[module] = []
            return []
        patterns = [
            rf"^\s*import\s+{re.escape(dotted)}\b",
            rf"^\s*from\s+{re.escape(dotted)}\s+import\b",
            rf"[\"']{re.escape(module)}[\"']",
        ]
        if package:
            patterns.append(
                rf"^\s*from\s+{re.escape(package)}\s+import\s+[^\n]*\b{re.escape(stem)}\b"
            )
        compiled = [re.compile(p, re.MULTILINE) for p in patterns]
        found = [rel for rel, text in candidates if any(p.search(text) for p in compiled)]
        self._tests[module] = found
        return found

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
