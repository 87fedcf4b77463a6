"""The mode ``open`` is given: a module-level name bound once to a literal
reads as the literal does, in a tool, in a helper module and in a module's
outline; a mode doxtool cannot read (a parameter, a name the module binds
twice) claims no area; a finding about a missing area cites the call it
relies on."""

from __future__ import annotations

import ast

import pytest
from test_effect_areas import AREAS, _files, _findings, _generated, _line, _tool

from doxtool.python.outline import module_outline


def _constant_tool(body: str, constants: str) -> str:
    return _tool(body).replace("\n\nclass ", f"\n\n{constants}\n\nclass ", 1)


def test_a_module_constant_mode_writes_in_a_tool(make_repo, run_cli) -> None:
    module = _constant_tool(
        "        with open('out.json', WRITE_MODE) as handle:\n            handle.write('x')\n",
        'WRITE_MODE = "w"',
    )
    root = make_repo(_files(module))
    text = _generated(root, run_cli)
    assert _line(text, AREAS) == f"{AREAS} filesystem writes."
    companion = root / "tools" / "wait.py.dox.md"
    companion.write_text(
        text.replace(f"{AREAS} filesystem writes.", f"{AREAS} filesystem writes (the JSON file).")
    )
    assert _findings(root, run_cli) == []


def test_a_module_constant_mode_writes_in_a_helper_module(make_repo, run_cli) -> None:
    helper = (
        'APPEND = "a"\n\n\ndef log(line: str) -> None:\n'
        "    with open('log.txt', APPEND) as handle:\n        handle.write(line)\n"
    )
    module = _tool("        log('x')\n", "from helpers.logfile import log\n\n")
    root = make_repo(_files(module, {"helpers/logfile.py": helper}))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} filesystem writes."


@pytest.mark.parametrize(
    "constants",
    [
        # bound twice, or rebound by a function: not known
        'MODE = "r"\nif True:\n    MODE = "w"',
        'MODE = "r"\n\n\ndef _switch():\n    global MODE\n    MODE = "w"',
    ],
)
def test_a_module_name_bound_more_than_once_is_no_known_mode(
    make_repo, run_cli, constants: str
) -> None:
    module = _constant_tool(
        "        with open('out.json', MODE) as handle:\n            handle.write('x')\n",
        constants,
    )
    root = make_repo(_files(module))
    # neither a read nor a write is claimed, and "none" is not claimed either
    assert AREAS not in _generated(root, run_cli)


def test_a_mode_that_cannot_be_read_claims_no_area(make_repo, run_cli) -> None:
    module = _tool(
        "        with open('out.json', kwargs['how']) as handle:\n            handle.flush()\n"
    )
    root = make_repo(_files(module))
    # neither a read nor a write is claimed, and "none" is not claimed either
    assert AREAS not in _generated(root, run_cli)


def test_a_module_constant_mode_in_an_outline() -> None:
    source = (
        "from pathlib import Path\n\n"
        'WRITE_MODE = "w"\n\n\n'
        "def save(path, text, how):\n"
        "    with open(path, WRITE_MODE) as handle:\n        handle.write(text)\n"
        "    with Path(path).open(WRITE_MODE) as handle:\n        handle.write(text)\n"
        "    with open(path, how) as handle:\n        handle.write(text)\n"
    )
    outline = module_outline(ast.parse(source), source)
    assert outline is not None
    assert {(e.area, e.line) for e in outline.effects} == {
        ("filesystem writes", 7),
        ("filesystem writes", 9),
    }


def test_a_missing_area_cites_the_call_it_relies_on(make_repo, run_cli) -> None:
    """In the tool or through a helper module the tool calls."""
    helper = (
        "def save(path, text):\n    with open(path, 'w') as handle:\n        handle.write(text)\n"
    )
    module = _tool(
        "        save('out.txt', 'x')\n        with open('in.txt') as handle:\n"
        "            handle.read()\n",
        "from helpers.store import save\n\n",
    )
    root = make_repo(_files(module, {"helpers/store.py": helper}))
    text = _generated(root, run_cli)
    companion = root / "tools" / "wait.py.dox.md"
    line = _line(text, AREAS)
    companion.write_text(text.replace(line, f"{AREAS} network."))
    calls = {n: i for i, n in enumerate(module.splitlines(), 1)}
    save_line = calls["        save('out.txt', 'x')"]
    open_line = calls["        with open('in.txt') as handle:"]
    missing = [f for f in _findings(root, run_cli) if "which the side-effect areas line" in f]
    assert len(missing) == 2, missing
    assert f"shows filesystem reads (`open` at line {open_line})" in missing[0]
    # through a helper: the call that writes, where it is, and the tool's call reaching it
    assert (
        "shows filesystem writes (`open` at helpers/store.py:2, "
        f"through `helpers.store.save` at line {save_line})"
    ) in missing[1]
