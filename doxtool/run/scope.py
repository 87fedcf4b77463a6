"""Which files a run checks (:class:`Scope`): every file, or those a run
over PATHS, a hook's staged files or an incremental check names, with what
they touch."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class Scope:
    """Which files this run checks; None means everything."""

    modules: set[str] | None = None
    companions: set[str] | None = None
    prompts: set[str] | None = None
    tools: set[str] | None = None
    #: in the hook mode in a git repository, the files the next commit holds
    #: (:func:`~doxtool.run.gitindex.committed_files`); None: every file on
    #: disk counts
    committed: frozenset[str] | None = None
    #: prompt files a scoped run reads only for some of their findings, with
    #: the codes it reports at each: the anchor of a listing a given prompt
    #: is rendered in (the listing's codes), a prompt naming a tool no module
    #: provides (the unknown tool's); their other findings are not the run's
    reported_codes: dict[str, frozenset[str]] = field(default_factory=dict)
    #: directories a scoped run was given (posix, relative to the root)
    directories: tuple[str, ...] = ()
    #: the modules a scoped run was given as modules or in a directory, not
    #: only through their companion: those whose change may feed other units
    named_modules: frozenset[str] = frozenset()
    #: modules of the tool directories a scoped run checks for whether they
    #: are other tools' shared code alone (``DOX004``: :mod:`doxtool.run.libraries`)
    libraries: set[str] = field(default_factory=set)

    def holds(self, rel: str) -> bool:
        """Whether the next commit holds ``rel`` (:attr:`committed`); every
        file outside the hook mode."""
        return self.committed is None or rel in self.committed

    @property
    def everything(self) -> bool:
        return self.modules is None

    def read_for(self, paths: Iterable[str], codes: frozenset[str]) -> None:
        """Add ``paths`` to the prompts, each read for ``codes`` alone unless
        it is in the run whole already."""
        assert self.prompts is not None
        for path in paths:
            if path in self.prompts and path not in self.reported_codes:
                continue
            self.reported_codes[path] = self.reported_codes.get(path, frozenset()) | codes
            self.prompts.add(path)
