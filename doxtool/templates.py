"""The jinja2 templates behind scaffolding and generated companions.

Templates ship inside the wheel (``doxtool/templates``); in a source checkout
they are read from the repository's ``templates/`` directory; a project can
point ``templates-dir`` at its own copies.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # jinja2 is imported when a template is rendered, not before
    import jinja2

_PACKAGE_DIR = Path(__file__).resolve().parent


def template_dirs(override: Path | None = None) -> list[Path]:
    dirs = []
    if override is not None:
        dirs.append(override)
    dirs.append(_PACKAGE_DIR / "templates")
    dirs.append(_PACKAGE_DIR.parent / "templates")
    return [d for d in dirs if d.is_dir()]


@cache
def environment(override: Path | None = None) -> jinja2.Environment:
    import jinja2

    from doxtool.generate import (
        markdown_code,
        markdown_inline,
        markdown_title,
        py_docstring,
        py_string,
    )

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(d) for d in template_dirs(override)]),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        # Markdown and Python need different escaping: the templates apply the
        # filters below to every value a user supplies
        autoescape=False,
    )
    env.filters["md_inline"] = markdown_inline
    env.filters["md_code"] = markdown_code
    env.filters["md_title"] = markdown_title
    env.filters["py_docstring"] = py_docstring
    env.filters["py_string"] = py_string
    return env


def render(template: str, override: Path | None = None, **values: object) -> str:
    return environment(override).get_template(template).render(**values)
