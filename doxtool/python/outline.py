"""The outline of any module, read with ``ast``: what a companion of an API
handler, a helper or a tool module documents.

Nothing here imports or runs the code. The outline states facts as the code
has them (every method, every import with its scope, every call chain); a
companion convention decides which of them a file lists, in which order and
how many.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections import deque
from collections.abc import Iterable, Iterator, Sequence

from doxtool.core.facts import (
    ClassOutline,
    EffectEvidence,
    FunctionOutline,
    ImportOutline,
    ModuleOutline,
    Param,
)

# ---------------------------------------------------------------------------
# side-effect areas, in the order companions write them

READS = "filesystem reads"
WRITES = "filesystem writes"
DELETION = "filesystem deletion"
NETWORK = "network calls"
SUBPROCESS = "subprocess/runtime control"
MODEL = "model calls"

#: every area a companion line names, in its canonical order
AREAS = (
    READS,
    WRITES,
    DELETION,
    NETWORK,
    SUBPROCESS,
    MODEL,
    "WebSocket state",
    "plugin state",
    "settings/state persistence",
    "secret handling",
    "scheduler state",
    "tunnel state",
)

#: Raw-text keywords of each area (regular expressions, matched case-blind
#: after ``\b`` anywhere in the module text, comments and strings included).
#: Each is either the only text that explains an area line of a real
#: companion, or one of the alternatives of which one is needed; keywords
#: that would explain lines the companions do not have are left out.
AREA_KEYWORDS: dict[str, tuple[str, ...]] = {
    READS: ("get_abs_path", "pathlib", "read_file", r"os\.path"),
    WRITES: ("persist", "save_", "dump", "copy", "rename", "mkdir", "move", "write_", "tmp"),
    DELETION: ("remove", "delete", "unlink", "rmtree"),
    NETWORK: (
        "urllib",
        "websocket",
        "httpx",
        "aiohttp",
        "socket",
        r"requests\.",
        "import requests",
    ),
    SUBPROCESS: (
        "subprocess",
        "docker",
        "uvicorn",
        "execv",
        r"os\.exec",
        r"sys\.executable",
        "argv",
    ),
    MODEL: ("chat_model", "litellm", "call_llm", "model_config"),
    "WebSocket state": ("connection", "emit", "wshandler", "ws_", "websocket"),
    "plugin state": ("plugin", "toggle"),
    "settings/state persistence": ("state", "json", "config", "settings", "kvp", "yaml"),
    "secret handling": ("token", "auth", "password", "secret", "api_key"),
    "scheduler state": ("task", "scheduler"),
    "tunnel state": ("tunnel", "flaredantic"),
}

_AREA_PATTERNS = tuple(
    (
        area,
        # the keywords as plain lower-case text: a fast test that rules most areas out
        tuple(keyword.replace("\\", "") for keyword in AREA_KEYWORDS[area]),
        re.compile(r"\b(?:" + "|".join(AREA_KEYWORDS[area]) + ")", re.IGNORECASE),
    )
    for area in AREAS
)

#: dotted names whose call performs an effect
_CALLS: dict[str, tuple[str, ...]] = {
    "os.listdir": (READS,),
    "os.scandir": (READS,),
    "os.walk": (READS,),
    "os.stat": (READS,),
    "os.lstat": (READS,),
    "os.path.exists": (READS,),
    "os.path.lexists": (READS,),
    "os.path.isfile": (READS,),
    "os.path.isdir": (READS,),
    "os.path.getsize": (READS,),
    "os.path.getmtime": (READS,),
    "glob.glob": (READS,),
    "glob.iglob": (READS,),
    "os.makedirs": (WRITES,),
    "os.mkdir": (WRITES,),
    "os.rename": (WRITES,),
    "os.renames": (WRITES,),
    "os.replace": (WRITES,),
    "os.symlink": (WRITES,),
    "os.link": (WRITES,),
    "os.truncate": (WRITES,),
    "shutil.copy": (READS, WRITES),
    "shutil.copy2": (READS, WRITES),
    "shutil.copyfile": (READS, WRITES),
    "shutil.copytree": (READS, WRITES),
    "shutil.move": (WRITES,),
    "tempfile.mkstemp": (WRITES,),
    "tempfile.mkdtemp": (WRITES,),
    "tempfile.NamedTemporaryFile": (WRITES,),
    "tempfile.TemporaryFile": (WRITES,),
    "tempfile.TemporaryDirectory": (WRITES,),
    "os.remove": (DELETION,),
    "os.unlink": (DELETION,),
    "os.rmdir": (DELETION,),
    "os.removedirs": (DELETION,),
    "shutil.rmtree": (DELETION,),
    "os.system": (SUBPROCESS,),
    "os.popen": (SUBPROCESS,),
    "os.kill": (SUBPROCESS,),
    "os.killpg": (SUBPROCESS,),
    "os.fork": (SUBPROCESS,),
    "os.forkpty": (SUBPROCESS,),
    "os.posix_spawn": (SUBPROCESS,),
    "os.posix_spawnp": (SUBPROCESS,),
    "pty.spawn": (SUBPROCESS,),
    "asyncio.create_subprocess_exec": (SUBPROCESS,),
    "asyncio.create_subprocess_shell": (SUBPROCESS,),
    "asyncio.open_connection": (NETWORK,),
    "asyncio.start_server": (NETWORK,),
}


def _calls_of(area: str, module: str, names: str) -> dict[str, tuple[str, ...]]:
    return {f"{module}.{name}": (area,) for name in names.split()}


# calls that perform a request, start a process or call a model; building a
# client, a session or an exception of these libraries performs nothing
_CALLS.update(
    {
        **_calls_of(NETWORK, "requests", "get post put patch delete head options request"),
        **_calls_of(NETWORK, "httpx", "get post put patch delete head options request stream"),
        **_calls_of(NETWORK, "aiohttp", "request"),
        **_calls_of(NETWORK, "urllib.request", "urlopen urlretrieve"),
        **_calls_of(
            NETWORK,
            "socket",
            "create_connection create_server getaddrinfo gethostbyname gethostbyname_ex "
            "gethostbyaddr",
        ),
        **_calls_of(NETWORK, "websockets", "connect serve"),
        **_calls_of(NETWORK, "websockets.client", "connect"),
        **_calls_of(NETWORK, "websockets.server", "serve"),
        **_calls_of(
            SUBPROCESS,
            "subprocess",
            "run Popen call check_call check_output getoutput getstatusoutput",
        ),
        **_calls_of(
            MODEL,
            "litellm",
            "completion acompletion text_completion atext_completion embedding aembedding "
            "responses aresponses delete_responses adelete_responses image_generation "
            "aimage_generation transcription atranscription speech aspeech rerank arerank "
            "moderation amoderation",
        ),
    }
)

#: name prefixes of ``os`` function families (``os.execv``, ``os.spawnlp``)
_CALL_PREFIXES = (("os.exec", SUBPROCESS), ("os.spawn", SUBPROCESS))

#: modules whose import performs the area (the module is there to do it)
_MODULES: dict[str, str] = {
    "requests": NETWORK,
    "httpx": NETWORK,
    "aiohttp": NETWORK,
    "urllib.request": NETWORK,
    "urllib3": NETWORK,
    "websockets": NETWORK,
    "websocket": NETWORK,
    "socket": NETWORK,
    "http.client": NETWORK,
    "smtplib": NETWORK,
    "imaplib": NETWORK,
    "poplib": NETWORK,
    "ftplib": NETWORK,
    "subprocess": SUBPROCESS,
    "litellm": MODEL,
}

#: calls that open a file as the builtin ``open(path, mode)`` does
_OPEN_CALLS = frozenset({"open", "io.open", "codecs.open", "aiofiles.open"})

#: classes whose instances are concrete filesystem paths
_PATH_CLASSES = frozenset({"pathlib.Path", "pathlib.PosixPath", "pathlib.WindowsPath"})
#: path methods and attributes that give another path
_PATH_DERIVED = frozenset(
    {"resolve", "absolute", "expanduser", "with_name", "with_suffix", "with_stem", "joinpath"}
)
#: path methods that touch the filesystem (``open`` depends on its mode)
_PATH_METHODS: dict[str, tuple[str, ...]] = {
    "exists": (READS,),
    "is_file": (READS,),
    "is_dir": (READS,),
    "stat": (READS,),
    "iterdir": (READS,),
    "glob": (READS,),
    "rglob": (READS,),
    "read_text": (READS,),
    "read_bytes": (READS,),
    "write_text": (WRITES,),
    "write_bytes": (WRITES,),
    "mkdir": (WRITES,),
    "touch": (WRITES,),
    "rename": (WRITES,),
    "replace": (WRITES,),
    "symlink_to": (WRITES,),
    "hardlink_to": (WRITES,),
    "unlink": (DELETION,),
    "rmdir": (DELETION,),
}
#: methods that say what they do on any receiver (``pathlib``, ``zipfile.Path``,
#: ``importlib.resources`` all read or write files with them)
_DISTINCT_METHODS: dict[str, tuple[str, ...]] = {
    "read_text": (READS,),
    "read_bytes": (READS,),
    "write_text": (WRITES,),
    "write_bytes": (WRITES,),
}

_MODE = re.compile(r"[rwaxbtU+]{1,4}")

_BLOCKS: tuple[type[ast.stmt], ...] = tuple(
    kind
    for kind in (
        ast.If,
        ast.Try,
        getattr(ast, "TryStar", None),
        ast.With,
        ast.AsyncWith,
        ast.For,
        ast.AsyncFor,
        ast.While,
        ast.Match,
    )
    if kind is not None
)
_TRIES: tuple[type[ast.stmt], ...] = tuple(
    kind for kind in (ast.Try, getattr(ast, "TryStar", None)) if kind is not None
)
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
#: ``type X = ...`` (Python 3.12): binds ``X``, is not a constant
_TYPE_ALIAS: tuple[type[ast.stmt], ...] = tuple(
    kind for kind in (getattr(ast, "TypeAlias", None),) if kind is not None
)


# ---------------------------------------------------------------------------
# entry point


def module_outline(tree: ast.Module, source: str) -> ModuleOutline | None:
    """The outline of a module ``ast`` parsed as ``tree`` from ``source``.

    Never raises: None when the module is nested too deeply to walk (a partial
    outline would make present things look absent).
    """
    try:
        return _Outliner(source).run(tree)
    except RecursionError:
        return None


def keyword_areas(source: str) -> list[str]:
    """Areas whose keywords occur in the module text, in canonical order."""
    # lower-casing ASCII text keeps every word boundary where it was
    lowered = source.lower() if source.isascii() else None
    areas = []
    for area, plain, pattern in _AREA_PATTERNS:
        if lowered is not None and not any(keyword in lowered for keyword in plain):
            continue
        if pattern.search(source):
            areas.append(area)
    return areas


def first_doc_line(doc: str | None) -> str:
    """First line of a docstring that ``ast.get_docstring`` cleaned, stripped."""
    if not doc:
        return ""
    lines = doc.strip().splitlines()
    return lines[0].strip() if lines else ""


# ---------------------------------------------------------------------------
# the walk


class _Outliner:
    def __init__(self, source: str) -> None:
        self.source = source
        self.outline = ModuleOutline()
        self._constants: dict[str, None] = {}
        self._assigned: dict[str, None] = {}
        #: local name -> dotted target; None when bound to different targets
        self._aliases: dict[str, str | None] = {}
        #: names the module binds other than by an import: a local ``open`` is
        #: not the builtin, a ``def remove`` beside ``from os import remove`` is
        #: not certainly ``os.remove``
        self._locals: set[str] = set()
        #: rendering of chain nodes (keyed by ``id``: the tree outlives the walk)
        self._rendered: dict[int, str] = {}

    def run(self, tree: ast.Module) -> ModuleOutline:
        outline = self.outline
        outline.docstring = first_doc_line(ast.get_docstring(tree))
        self._module_block(tree.body, "module")
        outline.constants = list(self._constants)
        outline.assigned = list(self._assigned)
        self._walk(tree)
        outline.keyword_areas = keyword_areas(self.source)
        return outline

    # -- statements ---------------------------------------------------------

    def _module_block(self, body: Sequence[ast.stmt], scope: str) -> None:
        """Statements at module level: ``scope`` is ``module`` for the module
        body, else the scope an import in this block has."""
        top = scope == "module"
        for stmt in body:
            if isinstance(stmt, _DEFS):
                self.outline.functions.append(_function(stmt, top))
                self._bind(stmt.name)
                self._nested(stmt.body, "function")
            elif isinstance(stmt, ast.ClassDef):
                self.outline.classes.append(_class(stmt, top))
                self._bind(stmt.name)
                self._nested(stmt.body, "class")
            elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
                self._import(stmt, scope, binds=True)
            elif isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    if top and isinstance(target, ast.Name) and target.id.isupper():
                        self._constants.setdefault(target.id)
                    self._bind_target(target)
            elif isinstance(stmt, ast.AnnAssign):
                target = stmt.target
                if top and isinstance(target, ast.Name) and target.id.isupper():
                    self._constants.setdefault(target.id)
                self._bind_target(target)
            elif isinstance(stmt, ast.AugAssign):
                self._bind_target(stmt.target)
            elif isinstance(stmt, _TYPE_ALIAS):
                self._bind_target(stmt.name)  # type: ignore[attr-defined]
            elif isinstance(stmt, _BLOCKS):
                self._module_compound(stmt, scope)

    def _module_compound(self, stmt: ast.stmt, scope: str) -> None:
        if isinstance(stmt, ast.If):
            if _is_type_checking(stmt.test):
                self._module_block(stmt.body, "type-checking")
            else:
                self._module_block(stmt.body, _inner(scope, "conditional"))
            self._module_block(stmt.orelse, _inner(scope, "conditional"))
        elif isinstance(stmt, _TRIES):
            inner = _inner(scope, "try")
            for block in (stmt.body, stmt.orelse, stmt.finalbody):  # type: ignore[attr-defined]
                self._module_block(block, inner)
            for handler in stmt.handlers:  # type: ignore[attr-defined]
                if handler.name:
                    self._bind(handler.name)
                self._module_block(handler.body, inner)
        elif isinstance(stmt, ast.Match):
            inner = _inner(scope, "conditional")
            for case in stmt.cases:
                for node in ast.walk(case.pattern):
                    for name in _pattern_names(node):
                        self._bind(name)
                self._module_block(case.body, inner)
        else:
            if isinstance(stmt, (ast.With, ast.AsyncWith)):
                for item in stmt.items:
                    if item.optional_vars is not None:
                        self._bind_target(item.optional_vars)
            elif isinstance(stmt, (ast.For, ast.AsyncFor)):
                self._bind_target(stmt.target)
            inner = _inner(scope, "conditional")
            self._module_block(stmt.body, inner)  # type: ignore[attr-defined]
            self._module_block(getattr(stmt, "orelse", []), inner)

    def _nested(self, body: Sequence[ast.stmt], scope: str) -> None:
        """Statements inside a function (``scope`` function) or a class body."""
        for stmt in body:
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                self._import(stmt, scope, binds=False)
            elif isinstance(stmt, _DEFS):
                self._nested(stmt.body, "function")
            elif isinstance(stmt, ast.ClassDef):
                self._nested(stmt.body, "function" if scope == "function" else "class")
            elif isinstance(stmt, ast.Global):
                for name in stmt.names:
                    self._bind(name)
            elif isinstance(stmt, _BLOCKS):
                for field in ("body", "orelse", "finalbody"):
                    self._nested(getattr(stmt, field, ()), scope)
                for handler in getattr(stmt, "handlers", ()):
                    self._nested(handler.body, scope)
                for case in getattr(stmt, "cases", ()):
                    self._nested(case.body, scope)

    def _import(self, stmt: ast.Import | ast.ImportFrom, scope: str, *, binds: bool) -> None:
        imports = self.outline.imports
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                imports.append(ImportOutline(alias.name, stmt.lineno, [], scope, 0))
                local = alias.asname or alias.name.partition(".")[0]
                self._alias(local, alias.name if alias.asname else local)
                if binds:
                    self._assigned.setdefault(local)
            return
        module = stmt.module or ""
        level = stmt.level or 0
        names = [alias.name for alias in stmt.names]
        imports.append(ImportOutline(module, stmt.lineno, names, scope, level))
        for alias in stmt.names:
            if alias.name == "*":
                continue
            local = alias.asname or alias.name
            # a relative import names a module of the project: nothing to resolve
            self._alias(local, f"{module}.{alias.name}" if module and not level else None)
            if binds:
                self._assigned.setdefault(local)

    def _alias(self, local: str, target: str | None) -> None:
        if local in self._aliases and self._aliases[local] != target:
            self._aliases[local] = None  # bound to two things: resolve to neither
        else:
            self._aliases[local] = target

    def _bind(self, name: str) -> None:
        """A module-level name the module binds itself (not by an import)."""
        self._assigned.setdefault(name)
        self._locals.add(name)

    def _bind_target(self, target: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self._bind(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._bind_target(element)
        elif isinstance(target, ast.Starred):
            self._bind_target(target.value)

    # -- expressions ----------------------------------------------------------

    def _walk(self, tree: ast.Module) -> None:
        """Calls, references and effects in one breadth-first walk."""
        calls: dict[str, None] = {}
        references: dict[str, None] = {}
        effects: dict[tuple[str, str], int] = {}
        for node in self._import_effects():
            effects.setdefault((node.area, node.via), node.line)
        render = self._render
        for node in _walk(tree):
            if isinstance(node, ast.Name):
                references.setdefault(node.id)
            elif isinstance(node, ast.Attribute):
                name = render(node)
                if name:
                    references.setdefault(name)
            elif isinstance(node, ast.Call):
                name = render(node.func)
                if name:
                    calls.setdefault(name)
                for area, via in self._call_effects(node, name):
                    line = effects.setdefault((area, via), node.lineno)
                    if node.lineno < line:
                        effects[(area, via)] = node.lineno
        self.outline.calls = list(calls)
        self.outline.references = list(references)
        order = {area: index for index, area in enumerate(AREAS)}
        self.outline.effects = [
            EffectEvidence(area, via, line)
            for (area, via), line in sorted(
                effects.items(), key=lambda item: (item[1], order[item[0][0]], item[0][1])
            )
        ]

    def _render(self, node: ast.expr) -> str:
        """``call.func`` style name of a chain: calls flattened to their
        function, subscripts transparent, any other receiver dropped."""
        rendered = self._rendered
        chain: list[ast.expr] = []
        base = ""
        current: ast.expr = node
        while True:
            known = rendered.get(id(current))
            if known is not None:
                base = known
                break
            if isinstance(current, ast.Attribute):
                chain.append(current)
                current = current.value
            elif isinstance(current, ast.Call):
                chain.append(current)
                current = current.func
            elif isinstance(current, ast.Subscript):
                chain.append(current)
                current = current.value
            else:
                base = current.id if isinstance(current, ast.Name) else ""
                rendered[id(current)] = base
                break
        for link in reversed(chain):
            if isinstance(link, ast.Attribute):
                base = f"{base}.{link.attr}" if base else link.attr
            rendered[id(link)] = base
        return base

    # -- effects --------------------------------------------------------------

    def _import_effects(self) -> Iterable[EffectEvidence]:
        for entry in self.outline.imports:
            if entry.scope == "type-checking" or entry.level:
                continue
            if entry.names:
                targets = [entry.module, *(f"{entry.module}.{name}" for name in entry.names)]
                via = f"from {entry.module} import {', '.join(entry.names)}"
            else:
                targets = [entry.module]
                via = f"import {entry.module}"
            areas = {area for target in targets for area in _module_areas(target)}
            for area in AREAS:
                if area in areas:
                    yield EffectEvidence(area, via, entry.line)

    def _call_effects(self, call: ast.Call, written: str) -> Iterable[tuple[str, str]]:
        func = call.func
        qualified = self._qualify(func)
        if qualified is not None:
            if qualified in _OPEN_CALLS:
                for area in _open_areas(call, 1):
                    yield area, qualified
                return
            areas = _CALLS.get(qualified)
            if areas is None and qualified.startswith("aiofiles.os."):
                areas = _CALLS.get(qualified.removeprefix("aiofiles."))
            if areas is None:
                areas = _prefix_areas(qualified)
            for area in areas:
                yield area, qualified
            return
        if not isinstance(func, ast.Attribute):
            return
        method = func.attr
        if (method in _PATH_METHODS or method == "open") and self._is_path(func.value):
            areas = _open_areas(call, 0) if method == "open" else _PATH_METHODS[method]
            for area in areas:
                yield area, written or method
            return
        for area in _DISTINCT_METHODS.get(method, ()):
            yield area, written or method

    def _qualify(self, func: ast.expr) -> str | None:
        """Dotted name a plain ``a.b.c`` chain resolves to through the imports."""
        parts: list[str] = []
        current = func
        while isinstance(current, ast.Attribute):
            parts.append(current.attr)
            current = current.value
        if not isinstance(current, ast.Name):
            return None
        head = current.id
        if head in self._locals:
            return None
        if head in self._aliases:
            target = self._aliases[head]
            if target is None:
                return None
            parts.append(target)
            return ".".join(reversed(parts))
        if head == "open" and not parts:
            return "open"
        return None

    def _is_path(self, node: ast.expr, depth: int = 0) -> bool:
        """Whether an expression is certainly a ``pathlib`` concrete path."""
        if depth > 16:
            return False
        if isinstance(node, ast.Call):
            func = node.func
            if self._qualify(func) in _PATH_CLASSES:
                return True
            if isinstance(func, ast.Attribute):
                if func.attr in ("cwd", "home"):
                    return self._qualify(func.value) in _PATH_CLASSES
                if func.attr in _PATH_DERIVED:
                    return self._is_path(func.value, depth + 1)
            return False
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            return self._is_path(node.value, depth + 1)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return self._is_path(node.left, depth + 1)
        return False


# ---------------------------------------------------------------------------
# helpers


def _walk(tree: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``tree`` in ``ast.walk`` order (breadth first), faster."""
    todo = deque([tree])
    pop, append, AST = todo.popleft, todo.append, ast.AST
    while todo:
        node = pop()
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, AST):
                append(value)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, AST):
                        append(item)
        yield node


def _inner(scope: str, kind: str) -> str:
    """Scope of an import in a block of ``kind`` inside a block of ``scope``."""
    if scope == "type-checking" or kind == "type-checking":
        return "type-checking"
    if scope == "try" or kind == "try":
        return "try"
    return "conditional"


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _pattern_names(node: ast.AST) -> Iterable[str]:
    if isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
        yield node.name
    elif isinstance(node, ast.MatchMapping) and node.rest:
        yield node.rest


def _unparse(node: ast.expr | None) -> str | None:
    return None if node is None else ast.unparse(node)


def _function(node: ast.FunctionDef | ast.AsyncFunctionDef, top_level: bool) -> FunctionOutline:
    args = node.args
    params: list[Param] = []
    positional = [*args.posonlyargs, *args.args]
    first_default = len(positional) - len(args.defaults)
    only = len(args.posonlyargs)
    for index, arg in enumerate(positional):
        kind = "positional-only" if index < only else "positional"
        params.append(Param(arg.arg, kind, _unparse(arg.annotation), index >= first_default))
    if args.vararg is not None:
        params.append(Param(args.vararg.arg, "var-positional", _unparse(args.vararg.annotation)))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        params.append(Param(arg.arg, "keyword-only", _unparse(arg.annotation), default is not None))
    if args.kwarg is not None:
        params.append(Param(args.kwarg.arg, "var-keyword", _unparse(args.kwarg.annotation)))
    return FunctionOutline(
        name=node.name,
        line=node.lineno,
        params=params,
        returns=_unparse(node.returns),
        is_async=isinstance(node, ast.AsyncFunctionDef),
        decorators=[ast.unparse(decorator) for decorator in node.decorator_list],
        doc=first_doc_line(ast.get_docstring(node)),
        top_level=top_level,
    )


def _class(node: ast.ClassDef, top_level: bool) -> ClassOutline:
    return ClassOutline(
        name=node.name,
        line=node.lineno,
        bases=[ast.unparse(base) for base in node.bases],
        keywords=[
            f"{keyword.arg}={ast.unparse(keyword.value)}"
            if keyword.arg
            else f"**{ast.unparse(keyword.value)}"
            for keyword in node.keywords
        ],
        decorators=[ast.unparse(decorator) for decorator in node.decorator_list],
        doc=first_doc_line(ast.get_docstring(node)),
        methods=[_function(stmt, True) for stmt in node.body if isinstance(stmt, _DEFS)],
        top_level=top_level,
    )


def _module_areas(module: str) -> tuple[str, ...]:
    """Areas that importing ``module`` (or a submodule of it) performs."""
    for prefix, area in _MODULES.items():
        if module == prefix or module.startswith(prefix + "."):
            return (area,)
    return ()


def _prefix_areas(qualified: str) -> tuple[str, ...]:
    for prefix, area in _CALL_PREFIXES:
        if qualified.startswith(prefix):
            return (area,)
    return ()


def _open_areas(call: ast.Call, mode_index: int) -> tuple[str, ...]:
    """Areas of ``open(path, mode)`` (``mode_index`` 1) or ``path.open(mode)``
    (0); nothing when the mode is not a literal."""
    mode: ast.expr | None = None
    if len(call.args) > mode_index:
        mode = call.args[mode_index]
    for keyword in call.keywords:
        if keyword.arg == "mode":
            mode = keyword.value
        elif keyword.arg is None:
            return ()  # ``**options`` may hold the mode
    if any(isinstance(arg, ast.Starred) for arg in call.args[: mode_index + 1]):
        return ()
    if mode is None:
        return (READS,)
    if not (isinstance(mode, ast.Constant) and isinstance(mode.value, str)):
        return ()
    text = mode.value
    if not _MODE.fullmatch(text):
        return ()
    if set(text) & set("wax+"):
        return (READS, WRITES) if ("+" in text or "r" in text) else (WRITES,)
    return (READS,)


#: ``type X = value`` at the start of a line (Python 3.12): the alias needs a
#: newer ``ast`` than the one running, libcst reads it either way
_TYPE_ALIAS_LINE = re.compile(r"^([ \t]*)type([ \t]+)([^\W\d]\w*)(?=[ \t]*=)", re.MULTILINE)


def parse_newer_syntax(source: str) -> ast.Module | None:
    """The tree of a module whose only syntax this interpreter lacks is a
    ``type X = ...`` alias, read as the assignment ``X = ...``.

    Each alias keeps its line and the value its columns (the name moves to
    the line's start and spaces take the keyword's place), so every position
    ``ast`` reports outside the alias's name is the file's own. None when the
    module does not parse even so.
    """
    if "type" not in source:
        return None

    def assignment(match: re.Match[str]) -> str:
        indent, gap, name = match.groups()
        return f"{indent}{name}{' ' * (len('type') + len(gap))}"

    rewritten, count = _TYPE_ALIAS_LINE.subn(assignment, source)
    if not count:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.parse(rewritten)
    except Exception:  # SyntaxError, ValueError, RecursionError, MemoryError
        return None
