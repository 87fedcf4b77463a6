"""A parameter of a nested function or a lambda in a tool's ``execute`` is
the nested function's own name: what the body does with it says nothing of
a local of ``execute`` with the same name (``def label(mode): return
int(mode)`` called with ``"7"`` converts the literal, not the ``mode``
argument read before). A parameter a call hands such a local by its bare
name holds that local's value (``parse(profiles)``): a test of its type in
the body is a test of the argument's. The ``ast`` walk of a helper of
another module sets its parameters apart as well."""

from __future__ import annotations

import ast

from bothwalks import EXECUTE_HEAD, HELPER_TOOL, tool_module

from doxtool.python.astclosureparams import nested_parameter_tests
from doxtool.python.astwalk import walk_all


def _argument(run_cli, make_repo, body: str, name: str) -> dict:
    root = make_repo({"tools/t.py": EXECUTE_HEAD + body})
    (arg,) = [a for a in tool_module(run_cli, root)["arguments"] if a["name"] == name]
    return arg


def test_a_nested_function_converting_its_own_parameter(run_cli, make_repo) -> None:
    body = (
        '        mode = self.args.get("mode")\n\n'
        "        def label(mode):\n"
        "            return int(mode)\n\n"
        '        n = label("7")\n'
        "        return Response(message=f'{mode} {n}', break_loop=False)\n"
    )
    arg = _argument(run_cli, make_repo, body, "mode")
    assert arg["type"] is None
    assert not arg["required"]
    assert not arg["required_unknown"]


def test_a_lambda_converting_its_own_parameter(run_cli, make_repo) -> None:
    body = (
        '        size = self.args.get("size")\n'
        "        conv = lambda size: int(size)\n"
        '        n = conv("7")\n'
        "        return Response(message=f'{size} {n}', break_loop=False)\n"
    )
    arg = _argument(run_cli, make_repo, body, "size")
    assert arg["type"] is None
    assert not arg["required"]


def test_a_local_handed_to_a_nested_function_testing_its_type(run_cli, make_repo) -> None:
    """``isinstance(val, list)`` else ``str(val)``: a list or any other value."""
    body = (
        "        def parse(val):\n"
        "            if isinstance(val, list):\n"
        "                return val\n"
        '            return [str(val or "")]\n\n'
        '        targets = self.args.get("targets", [])\n'
        "        found = parse(targets)\n"
        "        return Response(message=str(found), break_loop=False)\n"
    )
    arg = _argument(run_cli, make_repo, body, "targets")
    assert arg["type"] is None
    assert arg["default"] == []


def test_a_nested_function_converting_the_local_it_is_handed(run_cli, make_repo) -> None:
    """The parameter holds the local's value: its conversion is the argument's."""
    body = (
        '        count = self.args.get("count", "3")\n\n'
        "        def times(n):\n"
        "            return int(n)\n\n"
        "        total = times(count)\n"
        "        return Response(message=str(total), break_loop=False)\n"
    )
    assert _argument(run_cli, make_repo, body, "count")["type"] == "integer"


def _helper_argument(run_cli, make_repo, helper: str, name: str) -> dict:
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL})
    (arg,) = [a for a in tool_module(run_cli, root)["arguments"] if a["name"] == name]
    return arg


def test_a_helper_s_nested_function_and_lambda_converting_their_own_parameters(
    run_cli, make_repo
) -> None:
    """The ``ast`` walk of a helper of another module reads them as the tool walk does."""
    helper = (
        "def run(args):\n"
        '    mode = args.get("mode")\n\n'
        "    def label(mode):\n"
        "        return int(mode)\n\n"
        "    conv = lambda mode: float(mode)\n"
        '    label("7")\n'
        '    conv("7")\n'
        "    return mode\n"
    )
    assert _helper_argument(run_cli, make_repo, helper, "mode")["type"] is None


def test_a_helper_s_nested_function_testing_the_type_of_its_own_parameter(
    run_cli, make_repo
) -> None:
    """``kind`` is handed on as read: the ``[]`` default makes it an array."""
    helper = (
        "def run(args):\n"
        '    kind = args.get("kind", [])\n\n'
        "    def norm(kind):\n"
        "        if isinstance(kind, list):\n"
        "            return kind\n"
        "        return [kind]\n\n"
        '    norm("x")\n'
        "    return kind\n"
    )
    assert _helper_argument(run_cli, make_repo, helper, "kind")["type"] == "array"


def test_a_parameter_left_to_its_default_holds_the_local_it_names(run_cli, make_repo) -> None:
    """``def check(mode=mode)`` called with nothing: ``mode`` in the body is
    the argument's value, and the list it is tested against holds."""
    body = (
        '        mode = self.args.get("mode", "fast")\n\n'
        "        def check(mode=mode):\n"
        '            if mode not in ("fast", "slow"):\n'
        '                raise ValueError("bad mode")\n'
        "            return mode\n\n"
        "        return Response(message=check(), break_loop=False)\n"
    )
    arg = _argument(run_cli, make_repo, body, "mode")
    assert arg["enum"] == ["fast", "slow"]
    assert arg["default"] == "fast"


def test_a_helper_s_nested_function_converting_a_local_it_is_handed(run_cli, make_repo) -> None:
    """``conv(count)``, ``conv(n=size)``, ``conv2()`` with ``def conv2(n=size)``:
    the parameter holds the local, so its conversion is the argument's."""
    helper = (
        "def run(args):\n"
        '    count = args.get("count", "5")\n'
        '    size = args.get("size", "2")\n'
        '    mode = args.get("mode", "7")\n\n'
        "    def conv(n):\n"
        "        return int(n)\n\n"
        "    def conv2(mode=size):\n"
        "        return int(mode)\n\n"
        "    return conv(count) + conv(n=size) + conv2() + len(mode)\n"
    )
    found = {
        name: _helper_argument(run_cli, make_repo, helper, name)["type"]
        for name in ("count", "size", "mode")
    }
    assert found == {"count": "integer", "size": "integer", "mode": "string"}


def test_the_type_tests_of_nested_parameters_at_any_depth() -> None:
    """A test in a function nested deeper is of the parameter of any
    function or lambda around it; one of a name of the body is not."""
    body = ast.parse(
        "def outer(kind, f=lambda v: isinstance(v, int)):\n"
        "    def inner(y):\n"
        "        return isinstance(kind, list), isinstance(y, str), isinstance(x, int)\n"
        "isinstance(kind, dict)\n"
    ).body
    tests = {
        (n.lineno, n.args[0].id): id(n)
        for n in walk_all(body)
        if isinstance(n, ast.Call) and n.func.id == "isinstance"
    }
    assert len(tests) == 5
    own = {tests[1, "v"], tests[3, "kind"], tests[3, "y"]}
    assert nested_parameter_tests(walk_all(body)) == own
    assert nested_parameter_tests(walk_all(ast.parse("isinstance(kind, dict)").body)) == set()
