"""The side-effect areas a module outline reports, and the evidence of each.

The areas a companion line names, in their canonical order; the raw-text
keywords of each; and the calls, imported modules, file modes and path
methods whose use in the code shows an area. :mod:`doxtool.python.outline`
applies them while it walks a module.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from doxtool.core.outline_facts import AREAS
from doxtool.python import effects
from doxtool.python.callkinds import open_mode, opener_flag

# ---------------------------------------------------------------------------
# side-effect areas, in the order companions write them

#: every area a companion line names, in its canonical order (the first six
#: are the ones code evidence shows)
READS, WRITES, DELETION, NETWORK, SUBPROCESS, MODEL = AREAS[:6]

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
        # the keywords as plain lower-case text (each starts with a letter)
        tuple(keyword.replace("\\", "") for keyword in AREA_KEYWORDS[area]),
        re.compile(r"\b(?:" + "|".join(AREA_KEYWORDS[area]) + ")", re.IGNORECASE),
    )
    for area in AREAS
)
#: the characters ``\w`` matches in ASCII text
_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")

#: dotted names whose call performs an effect
CALLS: dict[str, tuple[str, ...]] = {
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
    "os.path.getatime": (READS,),
    "os.path.getctime": (READS,),
    "os.path.islink": (READS,),
    "os.path.ismount": (READS,),
    "os.path.samefile": (READS,),
    "os.access": (READS,),
    "os.readlink": (READS,),
    "os.statvfs": (READS,),
    "shutil.disk_usage": (READS,),
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
    "os.ftruncate": (WRITES,),
    "os.mkfifo": (WRITES,),
    "os.mknod": (WRITES,),
    "os.chmod": (WRITES,),
    "os.lchmod": (WRITES,),
    "os.fchmod": (WRITES,),
    "os.chown": (WRITES,),
    "os.lchown": (WRITES,),
    "os.fchown": (WRITES,),
    "os.utime": (WRITES,),
    "shutil.chown": (WRITES,),
    "shutil.copymode": (READS, WRITES),
    "shutil.copystat": (READS, WRITES),
    "shutil.make_archive": (READS, WRITES),
    "shutil.unpack_archive": (READS, WRITES),
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
    "os.startfile": (SUBPROCESS,),
    "webbrowser.open": (NETWORK, SUBPROCESS),
    "webbrowser.open_new": (NETWORK, SUBPROCESS),
    "webbrowser.open_new_tab": (NETWORK, SUBPROCESS),
    "asyncio.create_subprocess_exec": (SUBPROCESS,),
    "asyncio.create_subprocess_shell": (SUBPROCESS,),
    "asyncio.open_connection": (NETWORK,),
    "asyncio.start_server": (NETWORK,),
}


def _calls_of(area: str, module: str, names: str) -> dict[str, tuple[str, ...]]:
    return {f"{module}.{name}": (area,) for name in names.split()}


# calls that perform a request, start a process or call a model; building a
# client, a session or an exception of these libraries performs nothing
CALLS.update(
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
            NETWORK,
            "urllib3",
            "request",
        ),
        **{
            f"ollama.{name}": (NETWORK, MODEL)
            for name in ["chat", "generate", "embed", "embeddings"]
        },
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
# a litellm call sends a request to the model's provider: a network call too
CALLS.update({name: (NETWORK, MODEL) for name, areas in CALLS.items() if areas == (MODEL,)})

#: name prefixes of ``os`` function families (``os.execv``, ``os.spawnlp``)
_CALL_PREFIXES = (("os.exec", SUBPROCESS), ("os.spawn", SUBPROCESS))

#: modules whose import performs the area (the module is there to do it);
#: ``subprocess`` is not one: its value types, constants and helpers
#: (``subprocess.PIPE``, ``list2cmdline``) run nothing, its calls that do
#: show the area
_MODULES: dict[str, str | tuple[str, ...]] = {
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
    "litellm": (NETWORK, MODEL),
}

#: path methods and attributes that give another path
PATH_DERIVED = frozenset(
    {"resolve", "absolute", "expanduser", "with_name", "with_suffix", "with_stem", "joinpath"}
)
#: path methods that touch the filesystem (``open`` depends on its mode)
PATH_METHODS: dict[str, tuple[str, ...]] = {
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
DISTINCT_METHODS: dict[str, tuple[str, ...]] = {
    "read_text": (READS,),
    "read_bytes": (READS,),
    "write_text": (WRITES,),
    "write_bytes": (WRITES,),
}

_MODE = re.compile(r"[rwaxbtU+]{1,4}")


def keyword_areas(source: str) -> list[str]:
    """Areas whose keywords occur in the module text, in canonical order."""
    if not source.isascii():
        return [area for area, _, pattern in _AREA_PATTERNS if pattern.search(source)]
    # lower-casing ASCII text keeps every word boundary where it was, and
    # every keyword is lower case and starts with a letter: ``\b`` before it
    # holds where the character before is no word character (or none is)
    lowered = source.lower()
    find = lowered.find
    areas = []
    for area, plain, _ in _AREA_PATTERNS:
        for keyword in plain:
            at = find(keyword)
            while at > 0 and lowered[at - 1] in _WORD:
                at = find(keyword, at + 1)
            if at >= 0:
                areas.append(area)
                break
    return areas


def module_areas(module: str) -> tuple[str, ...]:
    """Areas that importing ``module`` (or a submodule of it) performs."""
    for prefix, area in _MODULES.items():
        if module == prefix or module.startswith(prefix + "."):
            return area if isinstance(area, tuple) else (area,)
    return ()


def prefix_areas(qualified: str) -> tuple[str, ...]:
    for prefix, area in _CALL_PREFIXES:
        if qualified.startswith(prefix):
            return (area,)
    return ()


def open_areas(
    call: ast.Call, mode_index: int, constant: Callable[[str], str | None] | None = None
) -> tuple[str, ...]:
    """Areas of ``open(path, mode)`` (``mode_index`` 1) or ``path.open(mode)``
    (0); nothing when the mode is neither a literal nor a name ``constant``
    knows the string of (:func:`~doxtool.python.callkinds.open_mode`)."""
    text = open_mode(call, constant, mode_index)
    if text is None or not _MODE.fullmatch(text):
        return ()
    if set(text) & set("wax+"):
        return (READS, WRITES) if ("+" in text or "r" in text) else (WRITES,)
    return (READS,)


def flagged_areas(call: ast.Call, qualified: str) -> tuple[str, ...]:
    """Areas of a call of :data:`~doxtool.python.effects.FLAGGED_OPENERS`
    (``shelve.open(p)``, ``dbm.open(p, "c")``, ``logging.FileHandler(p)``)
    by its flag or mode, its default when it gives none; nothing when it is
    not a literal."""
    flag = opener_flag(call, qualified)
    if flag is None:
        return ()
    names = {effects.READ: READS, effects.WRITE: WRITES}
    return tuple(names[area] for area in effects.for_flagged(qualified, flag))
