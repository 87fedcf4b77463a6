"""Dataclasses defined with kept code are the ones ``dataclasses`` makes.

The store's ``exec`` runs code compiled by an earlier process for the same
text; these tests define the same classes with and without it, compare the
generated methods' code objects and behaviour, and feed it files that are not
what it writes. The console script is run twice through a wrapper that keeps
the file in a temporary directory and forces a side parser, so that both of
its processes add to the file.
"""

from __future__ import annotations

import builtins
import marshal
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from forked import run_wrapper, wrapper_env

from doxtool.core import dataclass_code
from doxtool.rules.examples import WAIT_DOX, WAIT_PY

CLASSES = """\
from dataclasses import KW_ONLY, InitVar, dataclass, field
from typing import ClassVar

@dataclass
class Plain:
    a: int
    b: str = "x"
    c: list = field(default_factory=list)

@dataclass(frozen=True, slots=True, order=True)
class Frozen:
    a: int
    b: tuple = ()

@dataclass(eq=False, repr=False)
class Bare:
    a: int = 0

@dataclass(kw_only=True, unsafe_hash=True)
class Keyword:
    a: int
    b: "list[int]" = field(default_factory=list, repr=False, compare=False)
    c: ClassVar[int] = 3

@dataclass
class WithInit:
    a: int
    scale: InitVar[int] = 1

    def __post_init__(self, scale):
        self.a *= scale

@dataclass
class Sub(Plain):
    _: KW_ONLY
    d: float = 1.5
"""

NAMES = ("Plain", "Frozen", "Bare", "Keyword", "WithInit", "Sub")


def _define(source: str = CLASSES) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": __name__}
    builtins.exec(compile(source, "<classes>", "exec", dont_inherit=True), namespace)
    return namespace


def _generated(cls: type) -> dict[str, Any]:
    """The code of the methods ``dataclasses`` wrote for ``cls``."""
    return {
        name: value.__code__
        for name, value in vars(cls).items()
        if callable(value)
        and getattr(value, "__code__", None) is not None
        and value.__code__.co_filename == "<string>"
    }


def _behaviour(namespace: dict[str, Any]) -> list[Any]:
    """What the classes do, as values to compare."""
    plain, frozen, keyword = namespace["Plain"], namespace["Frozen"], namespace["Keyword"]
    with_init, sub, bare = namespace["WithInit"], namespace["Sub"], namespace["Bare"]
    frozen_one = frozen(1, (2,))
    try:
        frozen_one.a = 5  # type: ignore[misc]
        refused = False
    except AttributeError:
        refused = True
    return [
        repr(plain(1)),
        plain(1) == plain(1, "x", []),
        plain(1) == plain(2),
        repr(frozen_one),
        frozen(1) < frozen(2),
        refused,
        hash(keyword(a=1, b=[1])) == hash(keyword(a=1, b=[2])),
        repr(keyword(a=4)),
        with_init(2, 3).a,
        repr(sub(1, d=2.0)),
        bare(1) == bare(1),
    ]


@pytest.fixture
def store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., dataclass_code.Store]]:
    """Installs a store kept in a temporary file (or the file given), in a
    process that writes bytecode; the builtin ``exec`` is given back afterwards."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    dataclass_code.uninstall()

    def install(file: Path | None = tmp_path / "kept.marshal") -> dataclass_code.Store:
        dataclass_code.uninstall()
        return dataclass_code.install(None if file is None else str(file))

    yield install
    dataclass_code.uninstall()
    import dataclasses

    assert getattr(dataclasses, "exec", None) is None


def test_kept_code_is_the_code_dataclasses_compiles(store, tmp_path: Path) -> None:
    plain = _define()
    first = store()
    compiled = _define()
    assert first.compiled > 0 and first.added
    dataclass_code.save()
    assert (tmp_path / "kept.marshal").is_file()
    again = store()
    loaded = _define()
    assert again.compiled == 0, "every text was found in the file"
    assert not again.added
    for name in NAMES:
        expected = _generated(plain[name])
        assert expected, name
        assert _generated(compiled[name]) == expected
        assert _generated(loaded[name]) == expected
    assert _behaviour(loaded) == _behaviour(compiled) == _behaviour(plain)


def test_a_text_is_compiled_with_the_future_flags_of_its_caller(store) -> None:
    kept = store()
    text = "def f(x: int) -> int:\n    return x\n"
    caller = "run(text, into)\n"
    for future in ("", "from __future__ import annotations\n"):
        ours: dict[str, Any] = {}
        theirs: dict[str, Any] = {}
        code = compile(future + caller, "<caller>", "exec", dont_inherit=True)
        builtins.exec(code, {"run": kept.exec, "text": text, "into": ours})
        builtins.exec(code, {"run": builtins.exec, "text": text, "into": theirs})
        assert ours["f"].__annotations__ == theirs["f"].__annotations__
        assert ours["f"].__code__ == theirs["f"].__code__
    optimize = sys.flags.optimize
    assert {k.split("\n", 1)[0] for k in kept.kept} == {
        f"0 {optimize}",
        f"{_annotations_flag()} {optimize}",
    }


def _annotations_flag() -> int:
    import __future__

    return __future__.annotations.compiler_flag


def _valid(entries: dict[Any, Any], header: bytes = dataclass_code.HEADER) -> bytes:
    return header + marshal.dumps((dataclass_code.FORMAT, sys.hexversion, entries))


#: the key prefix of a text ``dataclasses`` compiles (no future flags)
PLAIN = f"0 {sys.flags.optimize}\n"


def _with_one_entry(value: Any) -> bytes:
    """A file whose entry for the first method of :data:`CLASSES` is ``value``."""
    import dataclasses

    seen: list[str] = []

    def noting(source: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(source, str) and not seen:
            seen.append(PLAIN + source)
        return builtins.exec(source, *args, **kwargs)

    dataclasses.exec = noting  # type: ignore[attr-defined]
    try:
        _define()
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
    return _valid({seen[0]: value})


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(lambda: b"", id="empty"),
        pytest.param(lambda: os.urandom(512), id="noise"),
        pytest.param(lambda: _valid({})[:-1] + b"", id="no-entries"),
        pytest.param(lambda: _with_one_entry(b"x")[:20], id="truncated"),
        pytest.param(
            lambda: (
                dataclass_code.HEADER
                + marshal.dumps((dataclass_code.FORMAT + 1, sys.hexversion, {}))
            ),
            id="format",
        ),
        pytest.param(
            lambda: (
                dataclass_code.HEADER
                + marshal.dumps((dataclass_code.FORMAT, sys.hexversion + 1, {}))
            ),
            id="interpreter",
        ),
        pytest.param(
            lambda: (
                dataclass_code.HEADER + marshal.dumps((dataclass_code.FORMAT, sys.hexversion, []))
            ),
            id="list",
        ),
        pytest.param(lambda: dataclass_code.HEADER + marshal.dumps([1, 2, 3]), id="not-a-tuple"),
        pytest.param(lambda: _valid({})[len(dataclass_code.HEADER) :], id="no-header"),
        pytest.param(lambda: _pyc_of_the_slot(), id="bytecode"),
        pytest.param(lambda: _with_one_entry("text"), id="entry-not-bytes"),
        pytest.param(lambda: _with_one_entry(marshal.dumps(42)), id="entry-not-code"),
        pytest.param(lambda: _with_one_entry(b"\xff\x00garbage"), id="entry-garbage"),
    ],
)
def test_a_file_not_written_for_this_interpreter_is_ignored(
    store, tmp_path: Path, content: Callable[[], bytes]
) -> None:
    plain = _define()
    file = tmp_path / "kept.marshal"
    file.write_bytes(content())
    kept = store(file)
    defined = _define()
    assert kept.compiled > 0
    for name in NAMES:
        assert _generated(defined[name]) == _generated(plain[name])
    assert _behaviour(defined) == _behaviour(plain)
    dataclass_code.save()
    assert dataclass_code.read(str(file)), "the file is written anew, readable"


def test_nothing_is_written_when_python_writes_no_bytecode(
    store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    kept = store()
    _define()
    assert kept.compiled > 0
    dataclass_code.save()
    assert not (tmp_path / "kept.marshal").exists()


def test_a_save_keeps_what_another_process_wrote_meanwhile(store, tmp_path: Path) -> None:
    file = tmp_path / "kept.marshal"
    store(file)
    _define()
    # another process saves an entry after this one read the file
    theirs = {PLAIN + "x = 1\n": marshal.dumps(compile("x = 1\n", "<string>", "exec"))}
    file.write_bytes(_valid(theirs))
    dataclass_code.save()
    written = dataclass_code.read(str(file))
    assert PLAIN + "x = 1\n" in written
    assert len(written) == len(dataclass_code.install().used) + 1


def test_a_full_file_keeps_only_what_this_process_used(
    store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "kept.marshal"
    stale = {
        f"{PLAIN}x = {n}\n": marshal.dumps(compile(f"x = {n}\n", "<s>", "exec")) for n in range(5)
    }
    file.write_bytes(_valid(stale))
    kept = store(file)
    _define()
    monkeypatch.setattr(dataclass_code, "MOST_ENTRIES", len(kept.used) + 2)
    dataclass_code.save()
    assert set(dataclass_code.read(str(file))) == set(kept.used)


def test_a_file_that_cannot_be_written_is_no_error(store, tmp_path: Path) -> None:
    inside = tmp_path / "inside"
    inside.mkdir()
    blocker = inside / "a-file"
    blocker.write_text("not a directory")
    kept = store(blocker / "kept.marshal")
    _define()
    assert kept.added
    dataclass_code.save()  # makedirs fails under a file: nothing written, nothing raised
    assert blocker.read_text() == "not a directory"
    assert sorted(p.name for p in inside.iterdir()) == ["a-file"]


def test_a_save_removes_temporary_files_left_by_killed_writers(store, tmp_path: Path) -> None:
    stale = tmp_path / "kept.pyc.123.tmp"
    fresh = tmp_path / "kept.pyc.456.tmp"
    others = [tmp_path / "someone-else.tmp", tmp_path / "other.pyc.789.tmp"]
    for path in (stale, fresh, *others):
        path.write_bytes(b"partial")
    old = time.time() - dataclass_code.STALE_SECONDS - 60
    for path in (stale, *others):
        os.utime(path, (old, old))
    store(tmp_path / "kept.pyc")
    _define()
    dataclass_code.save()
    assert not stale.exists()
    assert fresh.exists() and all(path.exists() for path in others)


def _slot() -> Path:
    return Path(os.path.abspath(dataclass_code.__file__)).parent / dataclass_code.SLOT


def _pyc_of_the_slot() -> bytes:
    """The real bytecode of the slot module, as installing or compileall writes it there."""
    import py_compile
    import tempfile

    with tempfile.TemporaryDirectory() as directory:
        target = os.path.join(directory, "slot.pyc")
        py_compile.compile(str(_slot()), cfile=target, doraise=True)
        return Path(target).read_bytes()


def test_the_file_takes_the_place_of_the_slot_modules_bytecode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from importlib.util import cache_from_source

    slot = _slot()
    assert slot.is_file(), "the slot module ships with doxtool"
    monkeypatch.setattr(sys, "pycache_prefix", None)
    # what uninstalling removes with the module (pip removes the bytecode of
    # every module it installed, as cache_from_source places it)
    default = dataclass_code.path()
    assert default == cache_from_source(str(slot), optimization="")
    assert Path(default).parent == slot.parent / "__pycache__"
    monkeypatch.setattr(sys, "pycache_prefix", "/var/cache/py")
    prefixed = Path(dataclass_code.path() or "")
    assert prefixed.parent == Path("/var/cache/py") / str(slot.parent).lstrip(os.sep)
    assert prefixed.name == Path(default).name


def test_code_that_is_not_text_is_run_as_the_builtin_runs_it(store) -> None:
    kept = store()
    namespace: dict[str, Any] = {}
    kept.exec(compile("y = 2\n", "<code>", "exec"), namespace)
    assert namespace["y"] == 2
    assert kept.compiled == 0 and not kept.used


WRAPPER = """\
import os
from doxtool.core import dataclass_code
from doxtool.run import standby
standby.idle_core = lambda: True  # a test machine is busy: the side parser is tested here
os.sched_getaffinity = lambda pid: {0, 1}
dataclass_code.path = lambda: os.environ["KEPT_FILE"]
original, exit_process = os.getpid(), os._exit
def noted_exit(code):
    if os.getpid() == original:
        with open(os.environ["KEPT_FILE"] + ".compiled", "a") as handle:
            handle.write(f"{dataclass_code.install().compiled}\\n")
    exit_process(code)
os._exit = noted_exit
from doxtool import launcher
launcher.main()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the side parser forks on Linux")
def test_the_console_script_keeps_the_code_of_both_its_processes(make_repo, tmp_path: Path) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX})
    kept = tmp_path / "kept" / "code.marshal"
    env = wrapper_env(KEPT_FILE=str(kept))
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def run(text: str) -> subprocess.CompletedProcess[str]:
        # a new text each time, which neither cache can answer for
        (root / "tools/wait.py").write_text(WAIT_PY + f"# {text}\n")
        return run_wrapper(
            WRAPPER, root, env, "check", "--select", "DOX", "--no-cache", "tools/wait.py"
        )

    first = run("first")
    assert first.returncode == 0, first.stderr
    entries = dataclass_code.read(str(kept))
    # libcst's node classes are defined only in the side parser, doxtool's
    # facts in this process: both wrote to the file
    assert any("lpar" in key for key in entries), "the side parser saved libcst's"
    assert any("module_names" in key for key in entries), "the run saved doxtool's"
    written = kept.stat().st_mtime_ns, kept.read_bytes()
    second = run("second")
    assert (second.returncode, second.stdout, second.stderr) == (
        first.returncode,
        first.stdout,
        first.stderr,
    )
    assert (kept.stat().st_mtime_ns, kept.read_bytes()) == written, "nothing new to save"
    compiled = kept.with_name(kept.name + ".compiled").read_text().split()
    assert int(compiled[0]) > 0
    assert compiled[1] == "0", "the second run compiled no dataclass method"
    alone = run_wrapper(
        WRAPPER, root, env, "check", "--select", "DOX", "--no-cache", "--jobs", "1", "tools/wait.py"
    )
    assert (alone.returncode, alone.stdout) == (second.returncode, second.stdout)
    assert not list(kept.parent.glob("*.tmp"))
