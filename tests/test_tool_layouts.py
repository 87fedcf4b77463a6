"""Which class of a module is the tool, which modules are tools, and what
``init`` and generated companions say about a repository's own layout."""

from __future__ import annotations

from pathlib import Path

from samples import WAIT_PROMPT, WRAPPER, clean_files, write_files

from doxtool.prompts.olderlayout import OlderPrompts, older_prompts
from doxtool.rules.examples import LOADER_LAST_PY, WAIT_PY

FETCH_PY = '''\
from helpers.tool import Response, Tool


class FetchBase(Tool):
    """Shared plumbing."""

    async def execute(self, url="", **kwargs):
        return Response(message=url, break_loop=False)


class WebFetch(FetchBase):
    async def execute(self, url="", **kwargs):
        timeout = float(self.args.get("timeout", 30))
        return Response(message=f"{url} {timeout}", break_loop=False)
'''

FETCH_PROMPT = """\
### fetch
download a page
args: `url`, optional `timeout`
~~~json
{"thoughts": ["x"], "headline": "Fetching", "tool_name": "fetch", "tool_args": {"url": "u", "timeout": 3}}
~~~
"""


def _prompt_findings(run_cli, root: Path) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    return [line for line in result.output.splitlines() if ": PRM" in line]


def test_prompts_are_judged_against_the_class_the_framework_runs(make_repo, run_cli) -> None:
    # load_classes_from_file takes the tool class whose name sorts last: WebFetch
    root = make_repo(
        {
            **clean_files(),
            "tools/fetch.py": FETCH_PY,
            "prompts/agent.system.tool.fetch.md": FETCH_PROMPT,
        }
    )
    assert _prompt_findings(run_cli, root) == []
    # with the names the other way round, the base class is the one run
    swapped = FETCH_PY.replace("FetchBase", "ZFetchBase")
    write_files(root, {"tools/fetch.py": swapped})
    assert _prompt_findings(run_cli, root) == [
        "prompts/agent.system.tool.fetch.md:3:24: PRM003 argument `timeout` is taught for "
        "`fetch` but `ZFetchBase`, the class of tools/fetch.py the framework runs, never reads it",
        "prompts/agent.system.tool.fetch.md:5:93: PRM003 argument `timeout` is taught for "
        "`fetch` but `ZFetchBase`, the class of tools/fetch.py the framework runs, never reads it",
    ]


def test_a_tool_class_imported_under_a_later_name_is_not_guessed(make_repo, run_cli) -> None:
    # the framework runs the imported ZFetch, which doxtool has no analysis of here
    module = FETCH_PY.replace("class WebFetch(FetchBase)", "class AFetch(FetchBase)")
    root = make_repo(
        {
            **clean_files(),
            "tools/fetch.py": module.replace(
                "from helpers.tool import Response, Tool\n",
                "from helpers.tool import Response, Tool\nfrom lib.other import ZFetch\n",
            ),
            "lib/other.py": WAIT_PY.replace("WaitTool", "ZFetch"),
            "prompts/agent.system.tool.fetch.md": FETCH_PROMPT,
            # Agent Zero's loader, taking the tool class sorting last
            "helpers/modules.py": LOADER_LAST_PY,
        }
    )
    assert _prompt_findings(run_cli, root) == []


PROFILE_TOOL = WAIT_PY.replace("WaitTool", "TinyWait")


def _generated(root: Path, run_cli, module: str) -> str:
    fixed = run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX001")
    path = root / (module + ".dox.md")
    assert path.is_file(), fixed.output
    return path.read_text()


def test_a_profile_tool_gets_a_tool_companion(make_repo, run_cli) -> None:
    for convention, own in (
        ("agent-zero", "- Own the `wait.py` agent tool.\n- This module implements the `wait`"),
        ("doxtool", "- Own the `wait.py` agent tool.\n"),
    ):
        root = make_repo(
            {
                **clean_files(),
                "pyproject.toml": f'[tool.doxtool]\nconvention = "{convention}"\n',
                "agents/tiny/tools/wait.py": PROFILE_TOOL,
                "agents/tiny/tools/AGENTS.md": "# tools\n\n- This directory is file-documented.\n",
                "tools/AGENTS.md": "# tools\n\n- This directory is file-documented.\n",
            }
        )
        text = _generated(root, run_cli, "agents/tiny/tools/wait.py")
        assert own in text, text
        assert "helper module" not in text and "Helper modules" not in text, text
        assert (
            "- Tool modules must define `helpers.tool.Tool` subclasses and return "
            "`helpers.tool.Response` from `execute" in text
        )


OLD_TOOL_PY = """\
class Response:
    def __init__(self, message: str, break_loop: bool) -> None:
        self.message = message
        self.break_loop = break_loop


class Tool:
    def __init__(self, agent, name: str, args: dict, message: str, **kwargs) -> None:
        self.agent = agent
        self.args = args

    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError
"""

OLD_WAIT_PY = WAIT_PY.replace("from helpers.tool", "from python.helpers.tool")


def _old_layout() -> dict[str, str]:
    return {
        "python/__init__.py": "",
        "python/helpers/__init__.py": "",
        "python/helpers/tool.py": OLD_TOOL_PY,
        "python/tools/wait.py": OLD_WAIT_PY,
        "prompts/default/agent.system.tools.md": WRAPPER,
        "prompts/default/agent.system.tool.wait.md": WAIT_PROMPT,
        "prompts/research/agent.system.tool.wait.md": WAIT_PROMPT,
    }


def test_init_finds_the_prompts_of_the_older_layout(run_cli, tmp_path: Path) -> None:
    # prompts/ itself holds a note, no tool prompt
    write_files(tmp_path, {**_old_layout(), "prompts/README.md": "# prompts\n"})
    result = run_cli(tmp_path, "init")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:4] == [
        "detected tool directories: python/tools (1 module)",
        "detected tool base classes: python.helpers.tool.Tool (in python/helpers/tool.py)",
        "detected prompt directories: prompts/default",
        "detected profiles: research",
    ]
    table = (tmp_path / "doxtool.toml").read_text()
    assert 'prompt-dirs = ["prompts/default"]\n' in table
    assert 'profile-prompt-dirs = ["prompts/research"]  # profiles: research\n' in table
    assert _prompt_findings(run_cli, tmp_path) == []


def test_check_reads_the_older_layout_without_a_configuration(run_cli, tmp_path: Path) -> None:
    # no [tool.doxtool] table: prompts/default is the core set, prompts/research a profile
    files = {
        **_old_layout(),
        "pyproject.toml": "[project]\nname = 'old'\n",
        "python/tools/nap.py": OLD_WAIT_PY.replace("WaitTool", "NapTool"),
        "prompts/research/agent.system.tool.wait.md": WAIT_PROMPT.replace(
            '"headline": "Waiting", ', '"headline": "Waiting", "plan": "p", '
        ),
    }
    write_files(tmp_path, files)
    assert _prompt_findings(run_cli, tmp_path) == [
        "prompts/research/agent.system.tool.wait.md:5:1: PRM007 example has `plan`; "
        "profile `research` allows only `thoughts`, `headline`, `tool_name`, `tool_args`",
        "python/tools/nap.py:4:1: PRM001 tool `nap` has no prompt in `prompts/default/`; the "
        "model is never taught to call it (add `prompts/default/agent.system.tool.nap.md`, or list "
        "it in `internal-tools`)",
    ]
    # a table that sets other keys leaves the prompt directories to the layout
    (tmp_path / "pyproject.toml").write_text('[tool.doxtool]\ninternal-tools = ["nap"]\n')
    assert [line.split(" ", 2)[1] for line in _prompt_findings(run_cli, tmp_path)] == ["PRM007"]
    # prompt-dirs set, even to its default, is taken as it is: prompts/ teaches nothing
    (tmp_path / "pyproject.toml").write_text('[tool.doxtool]\nprompt-dirs = ["prompts"]\n')
    untaught = [line for line in _prompt_findings(run_cli, tmp_path) if " PRM001 " in line]
    assert [line.split(":", 1)[0] for line in untaught] == [
        "python/tools/nap.py",
        "python/tools/wait.py",
    ]
    assert all("in `prompts/`" in line for line in untaught), untaught


def test_prompts_with_a_tool_prompt_of_their_own_are_the_core_set(run_cli, tmp_path: Path) -> None:
    # prompts/ teaches wait itself: prompts/default is nobody's (a newer layout's leftover)
    files = {**_old_layout(), "prompts/agent.system.tool.wait.md": WAIT_PROMPT}
    files["prompts/default/agent.system.tool.wait.md"] = WAIT_PROMPT.replace('"seconds"', '"secs"')
    write_files(tmp_path, files)
    assert _prompt_findings(run_cli, tmp_path) == []
    assert older_prompts("prompts", {"prompts": ["agent.system.tool.wait.md"]}) is None
    listed = {
        "prompts": ["README.md", "agent.system.tools.md"],
        "prompts/default": ["agent.system.tool.wait.md"],
        "prompts/zeta": ["agent.system.main.role.md"],
        "prompts/alpha": ["agent.system.tool.wait.md"],
        "prompts/empty": ["notes.txt"],
        "prompts/alpha/deeper": ["agent.system.tool.wait.md"],
    }
    assert older_prompts("prompts", listed) == OlderPrompts(
        "prompts/default", ("prompts/alpha", "prompts/zeta")
    )
    assert older_prompts("prompts", {**listed, "prompts/default": ["fw.md"]}) is None


def test_the_older_layout_before_any_tool_prompt(run_cli, tmp_path: Path) -> None:
    """No tool is taught yet: ``prompts/default`` holds the wrapper and
    ``prompts/`` no prompt of its own, so the older layout is still told; the
    prompt is asked for, and written, where the framework reads it."""
    files = {
        path: text
        for path, text in _old_layout().items()
        if not path.startswith("prompts/") or path.endswith("agent.system.tools.md")
    }
    files["prompts/AGENTS.md"] = "# Prompts\n"
    files["prompts/research/agent.system.main.role.md"] = "You research.\n"
    write_files(tmp_path, files)
    assert _prompt_findings(run_cli, tmp_path) == [
        "python/tools/wait.py:4:1: PRM001 tool `wait` has no prompt in `prompts/default/`; the "
        "model is never taught to call it (add `prompts/default/agent.system.tool.wait.md`, or "
        "list it in `internal-tools`)",
    ]
    result = run_cli(tmp_path, "init", "--dry-run")
    assert 'prompt-dirs = ["prompts/default"]\n' in result.output
    assert 'profile-prompt-dirs = ["prompts/research"]  # profiles: research\n' in result.output
    listed = {"prompts": ["AGENTS.md"], "prompts/default": ["agent.system.tools.md"]}
    assert older_prompts("prompts", listed) == OlderPrompts("prompts/default", ())
    # prompts/ holding a prompt of its own is the core set
    assert older_prompts("prompts", {**listed, "prompts": ["agent.system.main.md"]}) is None


def test_profile_prompts_without_the_core_set_are_the_older_layout(run_cli, tmp_path: Path) -> None:
    """An add-on laid out to be copied over an installation: ``prompts/``
    holds no prompt and no ``default/``, only a profile's directory teaches
    the tool; that profile's prompts are read and checked, and the tool is
    asked for in the core set rather than called untaught."""
    files = {
        path: text
        for path, text in _old_layout().items()
        if not path.startswith("prompts/default/")
    }
    files["prompts/research/agent.system.tool.wait.md"] = WAIT_PROMPT.replace(
        '"seconds": 1', '"seconds": 1, "unit": "s"'
    )
    write_files(tmp_path, files)
    assert _prompt_findings(run_cli, tmp_path) == [
        "prompts/research/agent.system.tool.wait.md:5:93: PRM003 argument `unit` is taught for "
        "`wait` but python/tools/wait.py never reads it",
        "python/tools/wait.py:4:1: PRM001 tool `wait` has no prompt in `prompts/default/`; only "
        "the prompts of profile `research` (`prompts/research/`) teach it, so agents of other "
        "profiles are never taught to call it (add `prompts/default/agent.system.tool.wait.md`, "
        "or list it in `internal-tools`)",
    ]
    listed = {"prompts": [], "prompts/research": ["agent.system.tool.wait.md"]}
    assert older_prompts("prompts", listed) == OlderPrompts(
        "prompts/default", ("prompts/research",)
    )
    # a profile directory teaching no tool, or prompts/ holding a prompt, is no such add-on
    assert (
        older_prompts("prompts", {**listed, "prompts/research": ["agent.system.main.md"]}) is None
    )
    assert older_prompts("prompts", {**listed, "prompts": ["agent.system.main.md"]}) is None


def test_a_generated_companion_names_the_repositorys_tool_base(run_cli, tmp_path: Path) -> None:
    write_files(tmp_path, _old_layout())
    for convention, execute in (("doxtool", "`execute`"), ("agent-zero", "`execute(...)`")):
        (tmp_path / "doxtool.toml").write_text(
            'tool-bases = ["python.helpers.tool.Tool"]\nprompt-dirs = ["prompts/default"]\n'
            f'convention = "{convention}"\n'
        )
        text = _generated(tmp_path, run_cli, "python/tools/wait.py")
        assert (
            "- Tool modules must define `python.helpers.tool.Tool` subclasses and return "
            f"`python.helpers.tool.Response` from {execute}.\n" in text
        ), text
        assert "`helpers.tool" not in text
        (tmp_path / "python/tools/wait.py.dox.md").unlink()


def test_a_module_without_a_tool_class_is_told_the_repositorys_tool_base(
    run_cli, tmp_path: Path
) -> None:
    """With no configuration, both default bases are configured; a fork that
    keeps the framework below ``python/`` has only ``python.helpers.tool.Tool``,
    and ``DOX004`` names that one, as a generated companion does."""
    script = "def analyze(text):\n    return text\n"
    write_files(tmp_path, {**_old_layout(), "python/tools/sentiment.py": script})
    result = run_cli(tmp_path, "check", "--select", "DOX004")
    assert result.output.splitlines() == [
        "python/tools/sentiment.py:1:1: DOX004 tool module has no class deriving from "
        "`python.helpers.tool.Tool`",
        "Found 1 finding.",
    ]


SEARCH_PY = """\
from helpers.tool import Response, Tool


class WebSearch(Tool):
    async def execute(self, **kwargs):
        return Response(message="web", break_loop=False)


class ImageSearch(WebSearch):
    async def execute(self, **kwargs):
        return Response(message="images", break_loop=False)
"""


def test_agent_zero_gives_no_is_a_line_to_an_indirect_subclass(make_repo, run_cli) -> None:
    root = make_repo(
        {
            **clean_files(),
            "pyproject.toml": '[tool.doxtool]\nconvention = "agent-zero"\n',
            "tools/AGENTS.md": "# tools\n\n- This directory is file-documented.\n",
            "tools/search.py": SEARCH_PY,
            "prompts/agent.system.tool.search.md": WAIT_PROMPT.replace("wait", "search"),
        }
    )
    (root / "tools/wait.py").unlink()
    (root / "tools/wait.py.dox.md").unlink()
    text = _generated(root, run_cli, "tools/search.py")
    assert "- `WebSearch` is a `Tool`.\n" in text
    assert "is a `WebSearch`" not in text
    result = run_cli(root, "check", "--no-cache", "--select", "DOX106")
    assert result.exit_code == 0, result.output


SHARED_BASE_PY = """\
from helpers.tool import Response, Tool


class WaitBase(Tool):
    def heading(self) -> str:
        return "Waiting..."


class WaitTool(WaitBase):
    async def execute(self, **kwargs):
        seconds = int(self.args.get("seconds", 0))
        return Response(message=f"{self.heading()} {seconds}", break_loop=False)
"""


def test_a_shared_base_in_the_tool_module_is_not_a_tool(make_repo, run_cli) -> None:
    files = {**clean_files(), "tools/wait.py": SHARED_BASE_PY}
    del files["tools/wait.py.dox.md"]
    root = make_repo(files)
    text = _generated(root, run_cli, "tools/wait.py")
    assert "- `WaitTool` is a `WaitBase`." in text, text
    assert "- Arguments of `WaitTool`:\n  - `seconds`: optional" in text, text
    for line in ("of `WaitBase`", "`WaitBase` is a", "`WaitBase` defines"):
        assert line not in text, text
    result = run_cli(root, "check", "--no-cache")
    assert "WaitBase" not in result.output, result.output
    assert result.exit_code == 0, result.output
