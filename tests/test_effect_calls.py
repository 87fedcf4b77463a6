"""Which library calls show an area: of ``subprocess`` only the calls that
run a program (its value types, constants and helpers run nothing, and an
import of it alone shows nothing); a model API call (``litellm``,
``ollama``) and a client of a model or HTTP library call the network."""

from __future__ import annotations

import ast

import pytest
from test_effect_areas import AREAS, _files, _findings, _generated, _line, _tool

from doxtool.python.outline import module_outline


@pytest.mark.parametrize(
    "body",
    [
        "        message = subprocess.list2cmdline(shlex.split(kwargs['cmd']))\n",
        "        done = subprocess.CompletedProcess(['x'], 0)\n",
        "        pipe = subprocess.PIPE\n",
        "        try:\n            pass\n        except subprocess.CalledProcessError:\n"
        "            pass\n",
    ],
)
def test_a_subprocess_helper_runs_nothing(make_repo, run_cli, body: str) -> None:
    module = _tool(body, "import shlex\nimport subprocess\n\n")
    root = make_repo(_files(module))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} none."
    assert _findings(root, run_cli) == []


@pytest.mark.parametrize(
    ("body", "imports"),
    [
        ("        subprocess.run(['ls'], check=False)\n", "import subprocess\n\n"),
        ("        check_output(['ls'])\n", "from subprocess import check_output\n\n"),
        ("        os.execvp('ls', ['ls'])\n", "import os\n\n"),
        ("        os.spawnlp(os.P_WAIT, 'ls', 'ls')\n", "import os\n\n"),
        ("        os.posix_spawnp('ls', ['ls'], {})\n", "import os\n\n"),
    ],
)
def test_a_call_that_runs_a_program_shows_the_area(
    make_repo, run_cli, body: str, imports: str
) -> None:
    module = _tool(body, imports)
    root = make_repo(_files(module))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} subprocess."


def test_an_import_of_subprocess_alone_shows_no_area_in_an_outline() -> None:
    helper = "import subprocess\n\n\ndef quote(argv):\n    return subprocess.list2cmdline(argv)\n"
    runner = "import subprocess\n\n\ndef run(argv):\n    return subprocess.run(argv)\n"
    outline = module_outline(ast.parse(helper), helper)
    assert outline is not None and outline.effects == []
    outline = module_outline(ast.parse(runner), runner)
    assert outline is not None
    assert [(e.area, e.via, e.line) for e in outline.effects] == [
        ("subprocess/runtime control", "subprocess.run", 5)
    ]


@pytest.mark.parametrize(
    ("body", "imports"),
    [
        (
            "        await acompletion(model='m', messages=[])\n",
            "from litellm import acompletion\n\n",
        ),
        ("        litellm.completion(model='m', messages=[])\n", "import litellm\n\n"),
        ("        ollama.chat(model='m', messages=[])\n", "import ollama\n\n"),
        ("        cohere.ClientV2().chat(model='m', messages=[])\n", "import cohere\n\n"),
        ("        urllib3.PoolManager().request('GET', 'https://x')\n", "import urllib3\n\n"),
        (
            "        InferenceClient().text_generation('hi')\n",
            "from huggingface_hub import InferenceClient\n\n",
        ),
    ],
)
def test_a_model_or_http_library_call_is_a_network_call(
    make_repo, run_cli, body: str, imports: str
) -> None:
    module = _tool(body, imports)
    root = make_repo(_files(module))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} network."


def test_a_persons_network_line_for_a_litellm_call_is_not_stale(make_repo, run_cli) -> None:
    module = _tool(
        "        await acompletion(model='m', messages=[])\n", "from litellm import acompletion\n\n"
    )
    root = make_repo(_files(module))
    text = _generated(root, run_cli)
    companion = root / "tools" / "wait.py.dox.md"
    written = f"{AREAS} network (OpenAI via litellm), model calls."
    companion.write_text(text.replace(_line(text, AREAS), written))
    assert written in companion.read_text().splitlines()
    assert _findings(root, run_cli) == []


def test_a_litellm_call_shows_the_network_and_the_model_in_an_outline() -> None:
    source = (
        "import litellm\n\n\ndef ask(q):\n    return litellm.completion(model='m', messages=q)\n"
    )
    outline = module_outline(ast.parse(source), source)
    assert outline is not None
    assert {e.area for e in outline.effects} == {"network calls", "model calls"}
