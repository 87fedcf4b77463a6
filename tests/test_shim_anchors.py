"""A compatibility shim (``tools/shim.py`` importing a plugin's tool class)
has no class of its own: a finding about the class there points at the
shim's first line, not at the class's line in the defining module (line 7
of a two-line file), and one the defining tool module reports already
(``DOX006``, ``DOX005``) is not reported a second time at the shim."""

from __future__ import annotations

PLUGIN_TOOL = '''\
"""A plugin's tool."""

from helpers.tool import Response, Tool



class Probe(Tool):
    def execute(self, **kwargs):
        return Response(message=self.args.get("text", ""), break_loop=False)
'''

SHIM = '"""Shim."""\nfrom plugins.p.tools.probe import Probe  # noqa: F401\n'

FILES = {
    "plugins/p/plugin.yaml": "name: p\n",
    "plugins/p/tools/probe.py": PLUGIN_TOOL,
    "tools/shim.py": SHIM,
}


def _lines(output: str, path: str) -> list[tuple[int, str]]:
    found = []
    for line in output.splitlines():
        if line.startswith(f"{path}:"):
            number, rest = line[len(path) + 1 :].split(":", 1)
            found.append((int(number), rest.split(": ", 1)[1].split()[0]))
    return found


def test_findings_about_a_shims_class_point_into_the_shim(run_cli, make_repo) -> None:
    root = make_repo(FILES)
    output = run_cli(root, "check", "--no-cache").output
    shim = _lines(output, "tools/shim.py")
    assert all(number <= 2 for number, _ in shim), output
    assert (1, "PRM001") in shim, output
    assert "DOX006" not in {code for _, code in shim}, output
    assert (8, "DOX006") in _lines(output, "plugins/p/tools/probe.py"), output


def test_the_shim_alone_reports_the_class_at_its_first_line(run_cli, make_repo) -> None:
    root = make_repo(FILES)
    output = run_cli(root, "check", "--no-cache", "tools/shim.py").output
    assert (1, "DOX006") in _lines(output, "tools/shim.py"), output
