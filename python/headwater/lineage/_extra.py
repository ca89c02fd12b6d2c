"""The optional dependencies of :mod:`headwater.lineage` (the ``headwater[lineage]`` extra)."""

from __future__ import annotations

import importlib.util

INSTALL_HINT = "pip install 'headwater[lineage]'"
"""What to run when a module of the extra is missing."""

# Import name of every module the extra provides (psycopg only matters for PostgreSQL URLs: see store.py).
_MODULES = ("sqlalchemy", "alembic", "jsonschema_rs", "orjson", "starlette", "uvicorn", "rich")


class MissingExtraError(ImportError):
    """A module of the ``headwater[lineage]`` extra is not installed; the message names it and the pip command."""


def require_extra() -> None:
    """Check that every module of the ``headwater[lineage]`` extra can be imported.

    Raises:
        MissingExtraError: naming the missing modules and ``pip install 'headwater[lineage]'``.
    """
    missing = [name for name in _MODULES if not _importable(name)]
    if missing:
        msg = f"the lineage viewer needs {', '.join(missing)}: {INSTALL_HINT}"
        raise MissingExtraError(msg)


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a broken or blocked install counts as missing
        return False
