"""Which pyspark this Headwater runs with, and the one message for any other.

``SUPPORTED_PYSPARK`` is the one place the supported range is written: the checks below use it, and
``pyproject.toml``'s ``spark`` extra repeats it (``tests/test_support.py`` fails when the two disagree).
"""

from __future__ import annotations

import warnings
from importlib.metadata import PackageNotFoundError, version

from packaging.specifiers import SpecifierSet
from packaging.version import InvalidVersion, Version

from headwater._version import __version__

SUPPORTED_PYSPARK = ">=3.5,<4.4"
"""The pyspark releases this Headwater runs on (a PEP 440 specifier)."""


class HeadwaterWarning(UserWarning):
    """Headwater cannot do what was asked (unsupported environment, misconfiguration); the Spark job is unaffected."""


_warned: set[str] = set()


def unsupported_pyspark(found: str) -> str | None:
    """The message for pyspark ``found`` when Headwater does not support it, else None.

    >>> unsupported_pyspark("4.1.4") is None
    True
    """
    try:
        supported = SpecifierSet(SUPPORTED_PYSPARK).contains(Version(found), prereleases=True)
    except InvalidVersion:
        supported = False
    if supported:
        return None
    return (
        f"headwater {__version__} supports pyspark {SUPPORTED_PYSPARK}, not the pyspark {found} of this Python: "
        f"install a supported one (pip install 'pyspark{SUPPORTED_PYSPARK}'); until then the lineage agent stays off"
    )


def warn_once(message: str, stacklevel: int = 3) -> None:
    """Issue ``message`` as a :class:`HeadwaterWarning`, once per process."""
    if message not in _warned:
        _warned.add(message)
        warnings.warn(message, HeadwaterWarning, stacklevel=stacklevel)


def check_installed_pyspark() -> None:
    """At import: warn when the installed pyspark (read from its package metadata, not imported) is unsupported."""
    try:
        installed = version("pyspark")
    except PackageNotFoundError:  # not installed (yet), or a platform's own copy without metadata
        return
    message = unsupported_pyspark(installed)
    if message is not None:
        warn_once(message, stacklevel=4)


def running_pyspark_supported() -> bool:
    """At configure()/attach(): False, after the warning, when the imported pyspark is unsupported."""
    import pyspark

    message = unsupported_pyspark(pyspark.__version__)
    if message is None:
        return True
    warn_once(message, stacklevel=4)
    return False
