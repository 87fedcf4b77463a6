"""Tool prompts a repository's own code loads, outside the prompt directories.

A plugin may keep a tool's prompt where the framework does not look
(``assets/prompts/agent.system.tool.wiki.md``) and add it to the system
prompt itself, from an extension that names the file
(``_PLUGIN_DIR / "assets" / "prompts" / "agent.system.tool.wiki.md"``),
perhaps only when a setting is on. Whether the model is taught the tool then
turns on code doxtool does not run: PRM001 says nothing of it, as of a
prompt the configuration excludes.

The Python files looked at are the repository's (outside version control,
the cache, excluded paths and the test directories) whose text holds
``agent.system.tool.`` (:func:`~doxtool.run.loaders.python_files_naming`);
they are looked for once per run, only when a tool is taught by no prompt.
An edit of such a file means an incremental check runs whole. A prompt file
counts when a file of the name such code spells
(``agent.system.tool.<name>.md``) is in the repository outside every prompt
directory and names the tool as a word.

An extension may also write a tool's teaching into the prompt itself
(``"- Use the `whiteboard` tool with action `create` to draw shapes"``, from
``extensions/python/system_prompt/_40_whiteboard_context.py``): a tool a
string of prose (one holding a space) names as a tool to call (in a code
span, before the word ``tool``, or as an example's ``tool_name``), in a
Python file under a directory named ``extensions``, is taught there as far as doxtool
can know (:func:`extension_taught`); an edit of such a file also means an
incremental check runs whole.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from doxtool.core.reads import read_regular
from doxtool.run.loaders import Project, python_files_naming, repository_files
from doxtool.run.mentions import MentionsIndex
from doxtool.run.teachers import naming

#: what the text of code naming a tool prompt file holds
NEEDLE = b"agent.system.tool."
#: a tool prompt's file name as code spells it
_FILE_NAME = re.compile(r"agent\.system\.tool\.(\w+)\.md")
#: the most of a file read
_MAX_BYTES = 16 << 20
_KEY = "code-loaded-prompts"
_ANY_KEY = "code-reads-tool-prompts"
#: code naming tool prompt files by a pattern or a computed name, not one
#: file: the prefix alone (``TOOL_PROMPT_PREFIX = "agent.system.tool."``),
#: a glob (``agent.system.tool.*.md``), an f-string (``{name}``)
_ANY_FILE_NAME = re.compile(r"agent\.system\.tool\.(?![\w-]+\.md)")
_PROSE_KEY = "extension-prose"
#: the directory extensions live in, at any depth (``extensions/python/...``)
EXTENSIONS = "extensions"


def code_loaded_prompts(project: Project, tool: str, prompt_dirs: Iterable[str]) -> list[str]:
    """The prompt files for ``tool`` (``agent.system.tool.<tool>.md``) that
    the repository's code names, outside ``prompt_dirs``, whose text names
    the tool; worked out once per run."""
    if _KEY not in project.per_run:
        project.per_run[_KEY] = _loaded(project)
    found: dict[str, list[str]] = project.per_run[_KEY]
    dirs = tuple(d.strip("/") + "/" for d in prompt_dirs if d.strip("/"))
    pattern = naming(tool)
    return [
        path
        for path in found.get(tool, [])
        if not path.startswith(dirs) and pattern.search(_text(project, path))
    ]


def extension_taught(project: Project, tool: str) -> list[str]:
    """The extensions (Python files under an ``extensions`` directory) a
    string of prose of which names ``tool`` as a tool to call; their strings
    are read once per run."""
    if _PROSE_KEY not in project.per_run:
        project.per_run[_PROSE_KEY] = {
            path: _prose(_text(project, path))
            for path, entry in repository_files(project)
            if entry.name.endswith(".py") and EXTENSIONS in path.split("/")[:-1]
        }
    prose: dict[str, list[str]] = project.per_run[_PROSE_KEY]
    pattern = _calling(tool)
    return [path for path, texts in prose.items() if any(map(pattern.search, texts))]


def _calling(tool: str) -> re.Pattern[str]:
    """The tool named as a tool to call: opening a code span (`` `wiki` ``,
    `` `wiki create` ``), before the word ``tool`` (``wiki tool``), or as an
    example's ``"tool_name": "wiki"``; not a word of a sentence alone (``a
    wiki page``)."""
    name = re.escape(tool)
    return re.compile(
        rf"`{name}(?![\w.-])|(?<![\w.:-]){name}`?\s+tool\b|\"tool_name\"\s*:\s*\"{name}\""
    )


def _prose(source: str) -> list[str]:
    """The strings of a module that hold a space (prose, not a key or a
    name: ``tool_name == "whiteboard"`` teaches nothing); none when the
    module does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    return [
        node.value
        for node in ast.walk(tree)
        if type(node) is ast.Constant and isinstance(node.value, str) and " " in node.value
    ]


def code_reads_tool_prompts(project: Project) -> bool:
    """Whether Python code of the repository names tool prompt files by a
    pattern or a computed name (``helpers/responses_tools.py`` makes each
    ``agent.system.tool.*.md`` of an agent's prompt directories a function
    tool of the model's call): the files then reach the model besides any
    listing that renders them; worked out once per run."""
    if _ANY_KEY not in project.per_run:
        project.per_run[_ANY_KEY] = any(
            _ANY_FILE_NAME.search(_text(project, module))
            for module in python_files_naming(project, NEEDLE)
        )
    found: bool = project.per_run[_ANY_KEY]
    return found


def may_name_prompts(project: Project, path: str) -> bool:
    """Whether the Python file ``path`` may name a tool prompt file now, or
    did when a run last looked (an edit may have taken the name out), or is
    an extension that may teach a tool in its text: an incremental check
    then runs whole (:mod:`doxtool.run.incremental`)."""
    if EXTENSIONS in path.split("/")[:-1]:
        return True
    data = read_regular(str(project.root / path), _MAX_BYTES)
    if data is None or NEEDLE in data:
        return True
    cache = project.cache
    return cache is not None and MentionsIndex(cache, NEEDLE).held(path)


def _loaded(project: Project) -> dict[str, list[str]]:
    """Tool name -> the files named for it that Python code of the repository names."""
    names: set[str] = set()
    for module in python_files_naming(project, NEEDLE):
        names.update(_FILE_NAME.findall(_text(project, module)))
    return _files_named(project, {f"agent.system.tool.{name}.md": name for name in names})


def _files_named(project: Project, wanted: dict[str, str]) -> dict[str, list[str]]:
    """Tool name -> the repository's files of the names ``wanted`` gives for it
    (outside version control, the cache, excluded paths and the test
    directories), sorted."""
    found: dict[str, list[str]] = {}
    for path, entry in repository_files(project) if wanted else ():
        if entry.name in wanted:
            found.setdefault(wanted[entry.name], []).append(path)
    return {name: sorted(paths) for name, paths in found.items()}


def _text(project: Project, path: str) -> str:
    data = read_regular(str(project.root / path), _MAX_BYTES)
    return "" if data is None else data.decode("utf-8", errors="replace")
