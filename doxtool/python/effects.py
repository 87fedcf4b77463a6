"""The table of known calls that reveal a side-effect area.

Calls are matched by the dotted name they resolve to through the module's
imports (``subprocess.run``, ``os.remove``), by a module prefix
(``requests.*``), or, for methods whose name is distinctive enough to say what
they do whatever the receiver (``path.write_text()``), by the method name.
"""

from __future__ import annotations

from functools import lru_cache

READ = "filesystem read"
WRITE = "filesystem write"
DELETE = "filesystem delete"
NETWORK = "network"
SUBPROCESS = "subprocess"

#: exact dotted names
CALLS: dict[str, tuple[str, ...]] = {
    "os.listdir": (READ,),
    "os.scandir": (READ,),
    "os.walk": (READ,),
    "os.stat": (READ,),
    "os.path.exists": (READ,),
    "os.path.isfile": (READ,),
    "os.path.isdir": (READ,),
    "os.path.lexists": (READ,),
    "os.lstat": (READ,),
    "os.path.getsize": (READ,),
    "os.path.getmtime": (READ,),
    "os.path.getatime": (READ,),
    "os.path.getctime": (READ,),
    "os.path.islink": (READ,),
    "os.path.ismount": (READ,),
    "os.path.samefile": (READ,),
    "os.access": (READ,),
    "os.readlink": (READ,),
    "os.statvfs": (READ,),
    "shutil.disk_usage": (READ,),
    "glob.glob": (READ,),
    "glob.iglob": (READ,),
    "pathlib.Path.read_text": (READ,),
    "os.makedirs": (WRITE,),
    "os.mkdir": (WRITE,),
    "os.rename": (WRITE,),
    "os.renames": (WRITE,),
    "os.replace": (WRITE,),
    "os.symlink": (WRITE,),
    "os.link": (WRITE,),
    "os.mkfifo": (WRITE,),
    "os.mknod": (WRITE,),
    "os.truncate": (WRITE,),
    "os.ftruncate": (WRITE,),
    # a file's mode, owner or times changed
    "os.chmod": (WRITE,),
    "os.lchmod": (WRITE,),
    "os.fchmod": (WRITE,),
    "os.chown": (WRITE,),
    "os.lchown": (WRITE,),
    "os.fchown": (WRITE,),
    "os.utime": (WRITE,),
    "shutil.chown": (WRITE,),
    "shutil.copy": (READ, WRITE),
    "shutil.copy2": (READ, WRITE),
    "shutil.copyfile": (READ, WRITE),
    "shutil.copytree": (READ, WRITE),
    "shutil.copymode": (READ, WRITE),
    "shutil.copystat": (READ, WRITE),
    # an archive made of a directory's files, a directory made of an archive's
    "shutil.make_archive": (READ, WRITE),
    "shutil.unpack_archive": (READ, WRITE),
    "shutil.move": (WRITE,),
    "tempfile.mkstemp": (WRITE,),
    "tempfile.mkdtemp": (WRITE,),
    "tempfile.NamedTemporaryFile": (WRITE,),
    "tempfile.TemporaryFile": (WRITE,),
    "tempfile.TemporaryDirectory": (WRITE,),
    "os.remove": (DELETE,),
    "os.unlink": (DELETE,),
    "os.rmdir": (DELETE,),
    "os.removedirs": (DELETE,),
    "shutil.rmtree": (DELETE,),
    "os.system": (SUBPROCESS,),
    "os.popen": (SUBPROCESS,),
    "os.execv": (SUBPROCESS,),
    "os.execvp": (SUBPROCESS,),
    "os.spawnv": (SUBPROCESS,),
    "os.fork": (SUBPROCESS,),
    "pty.spawn": (SUBPROCESS,),
    # the program the system associates with the file, or a browser, started
    "os.startfile": (SUBPROCESS,),
    "asyncio.create_subprocess_exec": (SUBPROCESS,),
    "asyncio.create_subprocess_shell": (SUBPROCESS,),
    "asyncio.open_connection": (NETWORK,),
    "asyncio.start_server": (NETWORK,),
    **{
        f"webbrowser.{name}": (NETWORK, SUBPROCESS) for name in ("open", "open_new", "open_new_tab")
    },
}

#: every call into these modules counts
MODULE_PREFIXES: dict[str, tuple[str, ...]] = {
    "paramiko": (NETWORK,),
}
#: name prefixes of ``os`` function families that run a program
#: (``os.execvp``, ``os.spawnlp``, ``os.posix_spawnp``)
_CALL_PREFIXES = ("os.exec", "os.spawn", "os.posix_spawn")


def _network(module: str, names: str) -> dict[str, tuple[str, ...]]:
    return {f"{module}.{name}": (NETWORK,) for name in names.split()}


# the calls of the network libraries that send or receive, or make the
# client, session or connection that does (a tool makes one to use it);
# their value types, parsers, helpers and exceptions (``httpx.URL``,
# ``requests.utils.quote``, ``socket.gethostname``) touch no network
CALLS.update(
    {
        **_network("requests", "get post put patch delete head options request Session session"),
        **_network("requests.api", "get post put patch delete head options request"),
        **_network("requests.sessions", "Session session"),
        **_network(
            "httpx", "get post put patch delete head options request stream Client AsyncClient"
        ),
        **_network("aiohttp", "request ClientSession"),
        **_network("aiohttp.web", "run_app"),
        **_network("urllib.request", "urlopen urlretrieve"),
        **_network("http.client", "HTTPConnection HTTPSConnection"),
        **_network(
            "socket",
            "socket create_connection create_server socketpair fromfd getaddrinfo "
            "gethostbyname gethostbyname_ex gethostbyaddr getnameinfo getfqdn",
        ),
        **_network("websockets", "connect serve"),
        **_network("websockets.client", "connect"),
        **_network("websockets.server", "serve"),
        **_network("websockets.asyncio.client", "connect"),
        **_network("websockets.asyncio.server", "serve"),
        **_network("websockets.sync.client", "connect"),
        **_network("smtplib", "SMTP SMTP_SSL LMTP"),
        **_network("ftplib", "FTP FTP_TLS"),
        **_network("imaplib", "IMAP4 IMAP4_SSL"),
        **_network("poplib", "POP3 POP3_SSL"),
        **_network("xmlrpc.client", "ServerProxy"),
        **_network(
            "urllib3",
            "request PoolManager ProxyManager HTTPConnectionPool HTTPSConnectionPool "
            "connection_from_url",
        ),
        # model APIs: each call sends a request to the provider (or a local server)
        **_network(
            "litellm",
            "completion acompletion text_completion atext_completion embedding aembedding "
            "responses aresponses image_generation aimage_generation transcription "
            "atranscription speech aspeech rerank arerank moderation amoderation Router",
        ),
        **_network(
            "ollama",
            "chat generate embed embeddings list show pull push create delete copy ps "
            "Client AsyncClient",
        ),
        **_network("cohere", "Client AsyncClient ClientV2 AsyncClientV2"),
        **_network("mistralai", "Mistral"),
        **_network("google.genai", "Client"),
        **_network("google.generativeai", "GenerativeModel"),
        **_network("huggingface_hub", "InferenceClient AsyncInferenceClient HfApi"),
    }
)
#: the calls of the standard library that run a program
CALLS.update(
    {
        f"subprocess.{name}": (SUBPROCESS,)
        for name in [
            "run",
            "Popen",
            "call",
            "check_call",
            "check_output",
            "getoutput",
            "getstatusoutput",
        ]
    }
)

#: method names that say what they do on any receiver
METHODS: dict[str, tuple[str, ...]] = {
    "read_text": (READ,),
    "read_bytes": (READ,),
    "iterdir": (READ,),
    "glob": (READ,),
    "rglob": (READ,),
    # what a path's file is, or whether there is one, as ``os.path.exists``
    "exists": (READ,),
    "is_file": (READ,),
    "is_dir": (READ,),
    "stat": (READ,),
    "write_text": (WRITE,),
    "write_bytes": (WRITE,),
    "mkdir": (WRITE,),
    "touch": (WRITE,),
    "unlink": (DELETE,),
    "rmdir": (DELETE,),
}

#: modules whose callables may make a filesystem path (``pathlib.Path``,
#: ``zipfile.Path``, ``anyio.Path``): a method's name counts on what they make
PATH_MODULES = (
    "pathlib",
    "os",
    "aiofiles",
    "anyio",
    "trio",
    "zipfile",
    "importlib.resources",
    "importlib_resources",
    "tempfile",
    "shutil",
    "glob",
    "upath",
    "aiopath",
)
#: classes whose instances are concrete filesystem paths
PATH_CLASSES = frozenset({"pathlib.Path", "pathlib.PosixPath", "pathlib.WindowsPath"})
#: library functions that make a client object, not a path
CLIENT_FACTORIES = frozenset(
    {
        "boto3.client",
        "boto3.resource",
        "redis.from_url",
        "redis.asyncio.from_url",
        "sqlite3.connect",
    }
)

#: calls that open a file like the builtin ``open(path, mode)``
OPEN_CALLS = frozenset(
    {
        "open",
        "io.open",
        "codecs.open",
        "aiofiles.open",
        "builtins.open",
        # a compressed file, a file descriptor: opened as ``open`` does, mode second
        "gzip.open",
        "bz2.open",
        "lzma.open",
        "os.fdopen",
    }
)
#: archives and compressed files opened by name, mode second as for ``open``
#: (``tarfile.open(name, "w:gz")``, ``zipfile.ZipFile(file, "a")``); one on a
#: file object (``fileobj=``, ``io.BytesIO()``) touches no file by itself
ARCHIVE_OPENERS = frozenset(
    {
        "tarfile.open",
        "tarfile.TarFile",
        "zipfile.ZipFile",
        "gzip.GzipFile",
        "bz2.BZ2File",
        "lzma.LZMAFile",
    }
)
OPEN_CALLS = OPEN_CALLS | ARCHIVE_OPENERS
#: the keywords that name the file of an archive opener
FILE_KEYWORDS = ("name", "file", "filename")
#: classes of in-memory file objects
IN_MEMORY = frozenset({"io.BytesIO", "io.StringIO"})
#: connections to a file-backed database, the database's path first: the
#: connection makes the file when it is missing and its statements change it
DATABASES = frozenset({"sqlite3.connect", "aiosqlite.connect"})

#: files opened by name with a flag or mode that says whether they are
#: written: callable -> (the flag's keyword, None when the call takes none;
#: its position; its default). A dbm database reads unless its flag says
#: ``"c"``, ``"w"`` or ``"n"``; a shelf and ``dbm.dumb`` create one
#: (``"c"``); a logging file handler appends (``"a"``), or writes by its mode,
#: and so does ``logging.basicConfig`` (``filemode=``, keyword only: no
#: position) given a file (:data:`FILE_NAMED_BY`)
FLAGGED_OPENERS: dict[str, tuple[str | None, int | None, str]] = {
    "shelve.open": ("flag", 1, "c"),
    "shelve.DbfilenameShelf": ("flag", 1, "c"),
    "dbm.open": ("flag", 1, "r"),
    "dbm.gnu.open": ("flag", 1, "r"),
    "dbm.ndbm.open": ("flag", 1, "r"),
    "dbm.sqlite3.open": ("flag", 1, "r"),
    "dbm.dumb.open": ("flag", 1, "c"),
    "logging.FileHandler": ("mode", 1, "a"),
    "logging.handlers.RotatingFileHandler": ("mode", 1, "a"),
    "logging.handlers.WatchedFileHandler": ("mode", 1, "a"),
    "logging.handlers.TimedRotatingFileHandler": (None, 1, "a"),
    "logging.basicConfig": ("filemode", None, "a"),
}
#: calls of :data:`FLAGGED_OPENERS` that open a file only when this keyword
#: names one: ``logging.basicConfig()`` without ``filename=`` (or with
#: ``filename=None``) logs to a stream, stderr by default, and touches no file
FILE_NAMED_BY: dict[str, str] = {"logging.basicConfig": "filename"}

_WRITE_MODES = frozenset("wax+")
_MODE_CHARACTERS = frozenset("rwaxbt+U")


@lru_cache(maxsize=1 << 16)
def for_call(qualified: str | None) -> tuple[str, ...]:
    """Areas of a call to a resolved dotted name (remembered: names recur)."""
    if not qualified:
        return ()
    if qualified in CALLS:
        return CALLS[qualified]
    if qualified.startswith("aiofiles.os."):
        # asynchronous twins of ``os`` functions (``aiofiles.os.remove``)
        return CALLS.get(qualified.removeprefix("aiofiles."), ())
    for prefix, areas in MODULE_PREFIXES.items():
        if qualified == prefix or qualified.startswith(prefix + "."):
            return areas
    if qualified.startswith(_CALL_PREFIXES):
        return (SUBPROCESS,)
    return ()


def for_method(name: str) -> tuple[str, ...]:
    return METHODS.get(name, ())


#: libraries whose objects talk to a server: any method of a client they
#: make (``redis.Redis().get(k)``, ``boto3.client("s3").put_object()``) is a
#: network call
CLIENT_LIBRARIES: dict[str, tuple[str, ...]] = {
    "redis": (NETWORK,),
    "boto3": (NETWORK,),
    "botocore": (NETWORK,),
    "aioboto3": (NETWORK,),
    "google.cloud": (NETWORK,),
    "azure": (NETWORK,),
    "openai": (NETWORK,),
    "anthropic": (NETWORK,),
    "pymongo": (NETWORK,),
    "motor": (NETWORK,),
    "elasticsearch": (NETWORK,),
    "paramiko": (NETWORK,),
}


#: modules whose objects may be network clients: the client libraries, and
#: the network libraries whose sessions and sockets are (``requests.Session``)
CLIENT_MODULES = (
    *CLIENT_LIBRARIES,
    *("requests", "httpx", "aiohttp", "socket", "http.client", "smtplib", "ftplib"),
    *("imaplib", "poplib", "xmlrpc.client"),
)


def client_areas(maker: str) -> tuple[str, ...]:
    """Areas of any method of an object ``maker`` (a library class or
    client factory) makes; none when it is not a known client."""
    if not makes_no_path(maker):
        return ()
    if NETWORK in for_call(maker):
        # a session, client or socket of a network library (``requests.Session``)
        return (NETWORK,)
    for prefix, areas in CLIENT_LIBRARIES.items():
        if maker == prefix or maker.startswith(prefix + "."):
            return areas
    return ()


def makes_no_path(qualified: str) -> bool:
    """Whether calling the library callable ``qualified`` makes an object
    known not to be a filesystem path: an instance of a library class (named
    like one: ``redis.Redis``, ``openai.OpenAI``) or a client a factory
    makes (``boto3.client``), or what a class method of such a class makes
    (``redis.Redis.from_url``), outside the modules that make paths."""
    if any(qualified == m or qualified.startswith(m + ".") for m in PATH_MODULES):
        return False
    if qualified in CLIENT_FACTORIES:
        return True
    # a library class (``redis.Redis``) or one of its alternate constructors
    # (``redis.Redis.from_url``, ``docker.DockerClient.from_env``)
    return any(part[:1].isupper() for part in qualified.split(".")[1:])


def for_database(path: str | None) -> tuple[str, ...]:
    """Areas of a connection to the database at ``path`` (a literal; None
    when not one): a write, a read for a read-only URI
    (``file:x.db?mode=ro``), none for an in-memory database."""
    if path is not None:
        if path == ":memory:" or path == "" or "mode=memory" in path or "::memory:" in path:
            return ()
        if "mode=ro" in path:
            return (READ,)
    return (WRITE,)


def is_mode(text: str) -> bool:
    """Whether a string reads as a file mode (``"r"``, ``"wb"``, ``"a+"``)."""
    return 0 < len(text) <= 4 and set(text) <= _MODE_CHARACTERS


def for_open(mode: str | None) -> tuple[str, ...]:
    """Areas of ``open(path, mode)``; a mode that cannot be read (None: not
    a literal) claims none: neither a write nor a read is claimed unseen."""
    if mode is None:
        return ()
    if _WRITE_MODES & set(mode):
        return (READ, WRITE) if "+" in mode or "r" in mode else (WRITE,)
    return (READ,)


def for_flagged(qualified: str, flag: str | None) -> tuple[str, ...]:
    """Areas of a call of :data:`FLAGGED_OPENERS` given ``flag`` (its
    default when the call gives none; None when it is not a literal): a
    flag or mode that cannot be read claims no write, and only what every
    one of them does (a dbm database is read by any flag; a log file is
    only written)."""
    if FLAGGED_OPENERS[qualified][0] != "flag":
        return for_open(flag) if flag is not None and is_mode(flag) else ()
    if flag is not None and flag[:1] in ("w", "c", "n"):
        return (READ, WRITE)
    return (READ,)


#: calls that read what they are handed (a class to test a value against,
#: a function to name, describe or cast to) without ever calling it
NOT_CALLING = frozenset(
    {
        "isinstance",
        "issubclass",
        "callable",
        "id",
        "type",
        "hasattr",
        "getattr",
        "setattr",
        "delattr",
        "repr",
        "str",
        "format",
        "print",
        "hash",
        "vars",
        "dir",
        "typing.cast",
        "typing.get_type_hints",
        "inspect.signature",
        "inspect.getsource",
        "inspect.getdoc",
        "inspect.iscoroutinefunction",
        "asyncio.iscoroutinefunction",
    }
)
#: of those, the ones that hand back or keep one argument, by its position
#: (``getattr(obj, name, _fallback)`` may give ``_fallback``, ``setattr``
#: keeps its value on the object, ``cast`` returns its value): a function
#: there may be called where what they give is
HANDS_ON = {"getattr": 2, "setattr": 2, "typing.cast": 1}


def read_only(callee: str, index: int) -> bool:
    """Whether the argument at ``index`` (a positional one; -1 for a
    keyword) of a call of ``callee`` is only read, never called, by it
    nor through what it gives back or keeps."""
    return callee in NOT_CALLING and HANDS_ON.get(callee) != index
