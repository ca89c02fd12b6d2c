"""Where the PySpark job's code lives: the settings behind the ``sourceCode`` and ``sourceCodeLocation`` job facets."""

from __future__ import annotations

import subprocess
from pathlib import Path
from urllib.parse import quote

SOURCE_CODE_FILE = "spark.openlineage.sourceCode.file"
LOCATION_PREFIX = "spark.openlineage.sourceCodeLocation."


def _git(directory: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(  # noqa: S603 - fixed git arguments, no shell
            ["git", "-C", str(directory), *args],  # noqa: S607 - git as the user's PATH finds it
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    out = done.stdout.strip()
    return out if done.returncode == 0 and out else None


def _browse_url(repo_url: str, version: str, path: str) -> str | None:
    """``https://host/org/repo/blob/<sha>/<path>`` for an https remote (GitHub, GitLab, Gitea style), else None."""
    if not repo_url.startswith("https://"):
        return None
    base = repo_url.removesuffix(".git").rstrip("/")
    return f"{base}/blob/{version}/{quote(path)}"


def _without_credentials(url: str) -> str:
    """``https://user:token@host/x`` without ``user:token@``; scp-style ``git@host:org/repo`` is kept."""
    if "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    host, _, path = rest.partition("/")
    return f"{scheme}://{host.rsplit('@', 1)[-1]}/{path}" if "@" in host else url


def source_settings(script: Path) -> dict[str, str]:
    """Spark settings describing ``script``: its path, and its git location when it is in a checkout.

    The agent reads the script's text into ``sourceCode``; in a git checkout, ``sourceCodeLocation`` gets type
    ``git``, ``url`` and ``repoUrl`` of remote ``origin``, ``path`` in the repository, ``version`` = the checked-out
    commit, and ``branch``.

    Returns:
        Nothing when ``script`` is not a file (an interactive session, a notebook).
    """
    if not script.is_file():
        return {}
    script = script.resolve()
    settings = {SOURCE_CODE_FILE: str(script)}
    top = _git(script.parent, "rev-parse", "--show-toplevel")
    version = _git(script.parent, "rev-parse", "HEAD")
    if top is None or version is None:
        return settings
    path = script.relative_to(Path(top).resolve()).as_posix()
    location = {"type": "git", "path": path, "version": version}
    branch = _git(script.parent, "rev-parse", "--abbrev-ref", "HEAD")
    if branch and branch != "HEAD":
        location["branch"] = branch
    repo_url = _git(script.parent, "config", "--get", "remote.origin.url")
    if repo_url:
        repo_url = _without_credentials(repo_url)
        location["repoUrl"] = repo_url
    location["url"] = (repo_url and _browse_url(repo_url, version, path)) or script.as_uri()
    settings.update({LOCATION_PREFIX + key: value for key, value in location.items()})
    return settings
