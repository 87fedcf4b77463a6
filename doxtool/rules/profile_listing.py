"""Whether a profile's tool listing shows the prompt files of its own
directory that teach a tool (PRM001 names the profiles whose model is told).

A tool prompt file (``agent.system.tool.<name>.md``) reaches the model only
through the listing the framework renders from the wrapper
(``agent.system.tools.md``): its ``{{tools}}`` placeholder renders every tool
prompt on the profile's search path, but a wrapper that lists its tools by
includes renders only the files it includes. A profile whose listing, known
whole, renders none of the tool prompt files teaching a tool does not tell its
model of it. Where what the listing renders is not known exactly (a
condition, a variable, an include doxtool cannot find, a wrapper two plugins
hold, a plugin's prompts for that profile, which the framework searches
before the profile's own), a file of another kind teaches the tool (read
with the main prompt, not the listing), another prompt file on the
profile's search path includes one of those files, or may (the main prompt
renders it too), or the repository's code reads tool prompt files by a
pattern (as the framework's ``helpers/responses_tools.py`` makes each one a
function tool of the model's call), the profile may tell its model, and
counts as telling it.
"""

from __future__ import annotations

from collections.abc import Iterable

from doxtool.prompts.listing import AMBIGUOUS, SearchPath, included_files, render_listing
from doxtool.prompts.sets import WRAPPER_FILE, PromptSet, tool_key
from doxtool.run.codeprompts import code_reads_tool_prompts
from doxtool.run.communication import search_of, whole_text
from doxtool.run.context import Context
from doxtool.run.plugindirs import plugin_profile_prompt_dirs


def listing_leaves_out(ctx: Context, prompt_set: PromptSet, teachers: Iterable[str]) -> bool:
    """Whether ``prompt_set``'s rendered tool listing, known whole, shows
    none of ``teachers`` (the paths of its files teaching a tool), all of
    them tool prompt files no other prompt file includes."""
    paths = list(teachers)
    names = [path.rpartition("/")[2] for path in paths]
    if not paths or any(tool_key(n) is None or n == WRAPPER_FILE for n in names):
        return False  # another file teaches it: read, may be, with the main prompt
    if code_reads_tool_prompts(ctx.project):
        return False  # code reads tool prompt files by a pattern: outside the listing too
    if any(
        profile == prompt_set.name
        for profile, _ in plugin_profile_prompt_dirs(ctx.project, ctx.config.plugin_prompt_dirs)
    ):
        return False  # a plugin's prompts for the profile come first: its wrapper may be read
    search = search_of(ctx, prompt_set)
    wrapper = search.find(WRAPPER_FILE)
    if wrapper is None or wrapper == AMBIGUOUS:
        return False  # no wrapper, or one two plugins hold: which renders is not known
    listing = render_listing(wrapper, search, lambda path: whole_text(ctx, path))
    if not listing.exact or any(path in listing.files for path in paths):
        return False
    key = ("listing-included-elsewhere", prompt_set.kind, prompt_set.directory)
    elsewhere = ctx.memo(key, lambda: _included_elsewhere(ctx, search))
    return elsewhere is not None and not any(path in elsewhere for path in paths)


def _included_elsewhere(ctx: Context, search: SearchPath) -> frozenset[str] | None:
    """Every file the prompt files of ``search`` but the wrappers include
    (nested includes followed): the main prompt renders them, outside the
    listing; None when one of them may include a file doxtool cannot tell."""
    found: set[str] = set()
    paths = {
        p
        for rank in search.ranks
        for d in rank
        for n, p in d.items()
        if n not in (WRAPPER_FILE, "AGENTS.md")  # a directory's documentation is no prompt
    }
    for path in sorted(paths):
        text = whole_text(ctx, path)
        if text is None:
            return None  # not read whole: it may include any file
        if "include" not in text:
            continue
        included = included_files(path, search, lambda file: whole_text(ctx, file))
        if not included.known:
            return None
        found.update(included.files)
    return frozenset(found)
