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
hold), or a file of another kind teaches the tool (read with the main prompt,
not the listing), the profile may tell its model, and counts as telling it.
"""

from __future__ import annotations

from collections.abc import Iterable

from doxtool.prompts.listing import AMBIGUOUS, render_listing
from doxtool.prompts.sets import WRAPPER_FILE, PromptSet, tool_key
from doxtool.run.communication import search_of, whole_text
from doxtool.run.context import Context


def listing_leaves_out(ctx: Context, prompt_set: PromptSet, teachers: Iterable[str]) -> bool:
    """Whether ``prompt_set``'s rendered tool listing, known whole, shows
    none of ``teachers`` (the paths of its files teaching a tool), all of
    them tool prompt files."""
    paths = list(teachers)
    names = [path.rpartition("/")[2] for path in paths]
    if not paths or any(tool_key(n) is None or n == WRAPPER_FILE for n in names):
        return False  # another file teaches it: read, may be, with the main prompt
    search = search_of(ctx, prompt_set)
    wrapper = search.find(WRAPPER_FILE)
    if wrapper is None or wrapper == AMBIGUOUS:
        return False  # no wrapper, or one two plugins hold: which renders is not known
    listing = render_listing(wrapper, search, lambda path: whole_text(ctx, path))
    return listing.exact and not any(path in listing.files for path in paths)
