"""The run: from a repository on disk to everything the rules may ask for.

Owns: the project and its configuration on disk (:mod:`.project`,
:mod:`.layout`), the content-addressed cache of parsed files (:mod:`.cache`),
the replay of an unchanged check (:mod:`.replay`), the state of an
incremental whole check (:mod:`.incremental`, :mod:`.snapshot`), the parsing
pool (:mod:`.pool`) and the side parser (:mod:`.sideparser`), the prompt
index (:mod:`.promptindex`), the prompt sets a run checks and excludes
(:mod:`.promptsets`), the files a run reads (:mod:`.files`), what
rules see (:mod:`.context`), suppression comments (:mod:`.suppressions`),
baselines (:mod:`.baseline`), library checks (:mod:`.dependencies`), the
collector held off during a run (:mod:`.heap`), timings and progress.

May import: :mod:`doxtool.core` and the four source packages
(:mod:`doxtool.python`, :mod:`doxtool.companions`, :mod:`doxtool.prompts`,
:mod:`doxtool.agents`). Never the rules, the output formats or the commands.
"""
