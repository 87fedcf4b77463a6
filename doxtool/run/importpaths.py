"""The repository files an import statement may name."""

from __future__ import annotations

from doxtool.core.outline_facts import ImportOutline


def import_paths(package: str, imported: ImportOutline) -> list[str]:
    """The repository files ``imported`` may name, written in a module of
    ``package`` (its directory, ``""`` at the root)."""
    if imported.level:
        base = package.split("/") if package else []
        base = base[: len(base) - (imported.level - 1)] if imported.level > 1 else base
        stem = "/".join([*base, *imported.module.split(".")]) if imported.module else "/".join(base)
    else:
        stem = imported.module.replace(".", "/")
    candidates = [f"{stem}.py", f"{stem}/__init__.py"]
    candidates += [f"{stem}/{name}.py" for name in imported.names if name != "*"]
    return [path.lstrip("/") for path in candidates]
