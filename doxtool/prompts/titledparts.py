"""A ``###`` heading in the section of a tool prompt's title (``## fetch
tool``) that names another tool only in part: past a number or an icon, or
before a description (``### 2. search``, ``### search (first)``). It may be
a step of the title's tool or the section of the tool it names, so it is
read as such a heading is anywhere else (:mod:`doxtool.prompts.labelled`
settles it): what is taught under it is not the title tool's for sure."""

from __future__ import annotations

from doxtool.prompts.headings import section_heading


def heading_tool(
    content: str, level: int, first: bool, title_level: int, tool: str | None
) -> tuple[str | None, str]:
    """The tool name and mark of a heading (:func:`section_heading`);
    ``title_level`` above 0: the heading is in the section of the title of
    ``tool``. A heading there naming another tool in part gives that name
    and its mark."""
    title = tool if title_level > 0 else None
    name, mark = section_heading(content, level, first or title is not None)
    if name is not None or first or title is None or level != 3:
        return name, mark
    name, mark = section_heading(content, level, False)
    if name is None or not mark:
        return None, ""
    same = name.split(":", 1)[0] == title.split(":", 1)[0]
    return (None, "") if same else (name, mark)
