"""Where the agent jar bundled in this package is."""

from __future__ import annotations

from pathlib import Path

_JAR_NAME = "headwater-spark.jar"


def jar_path() -> str:
    """Return the absolute path of the agent jar bundled in this package.

    Use it with ``spark-submit --jars "$(python -c 'import headwater; print(headwater.jar_path())')"``.

    Raises:
        FileNotFoundError: the package was installed without its jar (a source tree that was not built);
            reinstall from a wheel, or with ``pip install .`` (which builds the jar).
    """
    path = Path(__file__).resolve().parent / "jars" / _JAR_NAME
    if not path.is_file():
        msg = (
            f"the Headwater agent jar is missing at {path}: reinstall headwater from a wheel, or with `pip install .` "
            "in the repository (which builds the jar)"
        )
        raise FileNotFoundError(msg)
    return str(path)
