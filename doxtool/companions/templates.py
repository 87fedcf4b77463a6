"""The jinja2 templates behind scaffolding and generated companions.

Templates ship inside the wheel (``doxtool/templates``); in a source checkout
they are read from the repository's ``templates/`` directory; a project can
point ``templates-dir`` at its own copies.

A project's templates come with its checkout, which may be hostile, so
templates are data: they are rendered in jinja2's immutable sandbox (no
attribute starting with ``_``, no method that changes a value, no access to
Python internals), and loaded only from regular files that lie inside their
template folder, links resolved, never larger than the file size limit. A
template that cannot be loaded or rendered (a syntax error, an undefined name,
something the sandbox refuses) is a :class:`TemplateError`, a configuration
error naming the file and the line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doxtool.core.config import ConfigError
from doxtool.core.source import MAX_FILE_BYTES, ReadError, decode, read_bytes, within

if TYPE_CHECKING:  # jinja2 is imported when a template is rendered, not before
    import jinja2

#: the doxtool package (this module lives in ``doxtool/companions``)
_PACKAGE_DIR = Path(__file__).resolve().parent.parent


class TemplateError(ConfigError):
    """A template that cannot be loaded or rendered, worded for a one-line error."""


def template_dirs(override: Path | None = None) -> list[Path]:
    dirs = []
    if override is not None:
        dirs.append(override)
    dirs.append(_PACKAGE_DIR / "templates")
    dirs.append(_PACKAGE_DIR.parent / "templates")
    return [d for d in dirs if d.is_dir()]


def _template_file(directory: Path, name: str) -> Path | None:
    """The file ``name`` inside ``directory`` (None: not there). A name that
    leaves the folder, or a link that leads out of it, is refused."""
    import posixpath

    parts = name.split("/")
    if (
        not name
        or name.startswith("/")
        or "\\" in name
        or "\x00" in name
        or any(part in ("", ".", "..") for part in parts)
        or posixpath.normpath(name) != name
    ):
        raise TemplateError(f"template name {name!r}: must be a plain path inside the folder")
    path = directory.joinpath(*parts)
    if not (path.exists() or path.is_symlink()):
        return None
    if not within(directory, path):
        raise TemplateError(f"{path}: link points outside the template folder; not read")
    return path


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def _unchanged(path: Path) -> Callable[[], bool]:
    """Whether the template file still has the stamp it has now."""
    stamp = _stamp(path)
    return lambda: _stamp(path) == stamp


def _loader() -> jinja2.BaseLoader:
    import jinja2

    class SafeLoader(jinja2.BaseLoader):
        """Regular files inside the template folders only, read with a size limit."""

        def __init__(self, directories: list[Path]) -> None:
            self.directories = directories

        def get_source(
            self, environment: jinja2.Environment, template: str
        ) -> tuple[str, str, Callable[[], bool]]:
            for directory in self.directories:
                path = _template_file(directory, template)
                if path is None:
                    continue
                data = read_bytes(path, MAX_FILE_BYTES)
                text = decode(data) if not isinstance(data, ReadError) else data
                if isinstance(text, ReadError):
                    raise TemplateError(f"{path}: template cannot be read: {text.message}")
                return text.text, str(path), _unchanged(path)
            raise jinja2.TemplateNotFound(template)

    return SafeLoader  # type: ignore[return-value]


@cache
def environment(override: Path | None = None) -> jinja2.Environment:
    from jinja2 import StrictUndefined
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    from doxtool.companions.filters import (
        markdown_code,
        markdown_inline,
        markdown_title,
        prompt_text,
        py_docstring,
        py_string,
    )

    class BoundedEnvironment(ImmutableSandboxedEnvironment):
        """The sandbox, with no repetition (``"x" * n``) past the file size limit."""

        intercepted_binops = frozenset({"*"})

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            if operator == "*":
                _check_repetition(left, right)
                _check_repetition(right, left)
            return super().call_binop(context, operator, left, right)

    env = BoundedEnvironment(
        loader=_loader()(template_dirs(override)),  # type: ignore[operator]
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        # Markdown and Python need different escaping: the templates apply the
        # filters below to every value a user supplies
        autoescape=False,
    )
    env.filters["md_inline"] = markdown_inline
    env.filters["md_code"] = markdown_code
    env.filters["md_title"] = markdown_title
    env.filters["prompt_text"] = prompt_text
    env.filters["py_docstring"] = py_docstring
    env.filters["py_string"] = py_string
    return env


class _TooLarge(Exception):
    """A rendering would be larger than doxtool reads a file."""


#: what a rendering over the size limit is told
_TOO_LARGE = (
    f"template output over {MAX_FILE_BYTES // (1024 * 1024)} MiB, the largest file doxtool reads"
)


def _check_repetition(sequence: Any, times: Any) -> None:
    """Refuse ``sequence * times`` whose result would pass the file size limit."""
    if (
        isinstance(sequence, (str, bytes, list, tuple))
        and isinstance(times, int)
        and len(sequence) * times > MAX_FILE_BYTES
    ):
        raise _TooLarge(_TOO_LARGE)


def _where(exc: BaseException, name: str = "template") -> str:
    """``file:line`` of the template frame an error was raised in, else ``name``."""
    import jinja2

    if isinstance(exc, jinja2.TemplateSyntaxError):
        name = exc.filename or exc.name or "template"
        return f"{name}:{exc.lineno}"
    place = ""
    tb = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".j2") or "/templates/" in filename:
            place = f"{filename}:{tb.tb_lineno}"
        tb = tb.tb_next
    return place or name


def render(template: str, override: Path | None = None, **values: Any) -> str:
    """Render ``template`` in the sandbox; any failure is a TemplateError."""
    import jinja2

    name = template
    try:
        loaded = environment(override).get_template(template)
        name = loaded.filename or template
        return _bounded(loaded.generate(**values))
    except TemplateError:
        raise
    except jinja2.TemplateNotFound as exc:
        raise TemplateError(f"template {exc.name!r} not found") from None
    except jinja2.TemplateError as exc:
        kind = "refused by the sandbox" if _is_security(exc) else "error"
        raise TemplateError(f"{_where(exc, name)}: template {kind}: {exc.message}") from None
    except _TooLarge as exc:
        raise TemplateError(f"{_where(exc, name)}: {exc}; nothing written") from None
    except MemoryError as exc:
        raise TemplateError(f"{_where(exc, name)}: template error: out of memory") from None
    except (RecursionError, ArithmeticError, TypeError, ValueError) as exc:
        reason = str(exc) or type(exc).__name__
        raise TemplateError(f"{_where(exc, name)}: template error: {reason}"[:300]) from None


def _bounded(chunks: Iterator[str]) -> str:
    """The rendered text, refused (:class:`_TooLarge`) as soon as it is
    larger than doxtool would read it."""
    parts: list[str] = []
    size = 0
    for chunk in chunks:
        size += len(chunk)  # characters: never more than the bytes they encode to
        if size > MAX_FILE_BYTES:
            raise _TooLarge(_TOO_LARGE)
        parts.append(chunk)
    text = "".join(parts)
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise _TooLarge(_TOO_LARGE)
    return text


def _is_security(exc: BaseException) -> bool:
    from jinja2.sandbox import SecurityError

    return isinstance(exc, SecurityError)
