"""Finishes the Maven repository ``make dist`` writes (``dist/maven``, from ``gradle publish``) for an upload.

Gradle 4.4 writes each artefact (jar, sources jar, javadoc jar, POM) with ``.md5`` and ``.sha1`` files. Maven Central
also takes ``.sha256`` and ``.sha512`` files and requires an ``.asc`` signature of every artefact. This step adds:

- ``.sha256`` and ``.sha512`` beside every artefact file (and ``.md5``/``.sha1`` where Gradle wrote none);
- when a signing key is configured (``HEADWATER_SIGNING_KEY_ID``: the id or fingerprint of a secret key in gpg's
  keyring, ``GNUPGHOME`` honoured; ``HEADWATER_SIGNING_PASSPHRASE`` when the key has one), an ASCII-armoured detached
  signature ``<file>.asc`` of every artefact file, made by ``gpg``, and ``dist/central-bundle.zip``: the signed
  repository as the Maven Central Portal takes an upload (the ``io/headwater/...`` tree at the zip's root, without
  Gradle's ``maven-metadata.xml`` files, which the Portal makes itself);
- with no key configured, one line saying the artefacts are unsigned, and no bundle.

Usage: ``python build_support/maven_dist.py <dist directory>``; exit status 1 with one message when gpg is missing or
fails, or when the directory holds no Maven repository.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

CHECKSUMS = {"md5": hashlib.md5, "sha1": hashlib.sha1, "sha256": hashlib.sha256, "sha512": hashlib.sha512}
SIDE_FILES = (*(f".{name}" for name in CHECKSUMS), ".asc")
KEY_VARIABLE = "HEADWATER_SIGNING_KEY_ID"
PASSPHRASE_VARIABLE = "HEADWATER_SIGNING_PASSPHRASE"  # noqa: S105 - the variable's name, not a secret
BUNDLE_NAME = "central-bundle.zip"


class DistError(RuntimeError):
    """The repository could not be finished; the message says why."""


def artefact_files(repository: Path) -> list[Path]:
    """Every file of ``repository`` that is not itself a checksum or a signature, in path order."""
    return sorted(p for p in repository.rglob("*") if p.is_file() and not p.name.endswith(SIDE_FILES))


def add_checksums(repository: Path) -> int:
    """Write every missing ``.md5``/``.sha1``/``.sha256``/``.sha512`` file (hex digest only); returns how many."""
    written = 0
    for path in artefact_files(repository):
        content = path.read_bytes()
        for name, algorithm in CHECKSUMS.items():
            target = path.with_name(f"{path.name}.{name}")
            if not target.exists():
                target.write_text(algorithm(content).hexdigest(), encoding="ascii")
                written += 1
    return written


def sign(repository: Path, key_id: str, passphrase: str | None) -> int:
    """Sign every artefact file with gpg's key ``key_id`` (``<file>.asc``, armoured, detached); returns how many.

    Raises:
        DistError: no gpg on PATH, or gpg failed (the message has its output).
    """
    gpg = shutil.which("gpg")
    if gpg is None:
        msg = f"{KEY_VARIABLE} is set but gpg is not on PATH: install gnupg, or unset {KEY_VARIABLE} to skip signing"
        raise DistError(msg)
    files = [p for p in artefact_files(repository) if not p.name.startswith("maven-metadata.xml")]
    for path in files:
        command = [gpg, "--batch", "--yes", "--armor", "--local-user", key_id, "--detach-sign"]
        if passphrase is not None:
            command += ["--pinentry-mode", "loopback", "--passphrase-fd", "0"]
        command += ["--output", f"{path}.asc", str(path)]
        done = subprocess.run(  # noqa: S603 - gpg with fixed options and our own file names
            command, input=passphrase or "", capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            msg = f"gpg could not sign {path} with key {key_id}: {done.stderr.strip()[-2000:]}"
            raise DistError(msg)
    return len(files)


def central_bundle(repository: Path, target: Path) -> Path:
    """Zip ``repository`` (minus ``maven-metadata.xml*``) into ``target``, paths relative to it; returns ``target``."""
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for path in sorted(p for p in repository.rglob("*") if p.is_file()):
            if not path.name.startswith("maven-metadata.xml"):
                bundle.write(path, path.relative_to(repository).as_posix())
    return target


def finish(dist: Path, environ: dict[str, str]) -> list[str]:
    """Checksums, then signatures and the bundle when ``environ`` names a key; returns the lines to print.

    Raises:
        DistError: ``dist/maven`` holds no POM, or signing failed.
    """
    repository = dist / "maven"
    if not list(repository.rglob("*.pom")):
        msg = f"{repository} holds no Maven repository (no .pom file): run `gradle publish` first (make dist does)"
        raise DistError(msg)
    lines = [f"dist: {add_checksums(repository)} checksum files written in {repository}"]
    key_id = environ.get(KEY_VARIABLE, "").strip()
    if not key_id:
        lines.append(f"dist: no signing key configured ({KEY_VARIABLE}): Maven artefacts left unsigned, no bundle")
        return lines
    signed = sign(repository, key_id, environ.get(PASSPHRASE_VARIABLE))
    bundle = central_bundle(repository, dist / BUNDLE_NAME)
    lines.append(f"dist: {signed} files signed with key {key_id}; Maven Central bundle {bundle}")
    return lines


def main(argv: list[str]) -> int:
    """Command line: ``maven_dist.py <dist directory>``."""
    if len(argv) != 1:
        print("usage: maven_dist.py <dist directory>", file=sys.stderr)  # noqa: T201
        return 2
    try:
        lines = finish(Path(argv[0]), dict(os.environ))
    except DistError as e:
        print(f"error: {e}", file=sys.stderr)  # noqa: T201
        return 1
    for line in lines:
        print(line)  # noqa: T201
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
