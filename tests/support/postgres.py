"""A real PostgreSQL server for the JDBC tests: a fresh cluster in a temporary directory, on 127.0.0.1.

:func:`start` runs ``initdb`` into a new directory owned by the ``postgres`` OS user (PostgreSQL refuses to run as
root), starts the server on a free loopback port with ``pg_ctl``, and creates a database owned by a user with a
password. :meth:`PostgresServer.stop` stops the server and deletes the directory. The superuser connects only
through a Unix socket inside that directory; the test user connects over TCP with its password.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tests.support.daemons import free_port

REPO = Path(__file__).resolve().parents[2]
JDBC_DRIVER_JAR = Path("/usr/share/java/postgresql.jar")
INSTALL_HINT = "run `make system` (scripts/install-system-deps installs postgresql and libpostgresql-jdbc-java)"


def bin_dir() -> Path | None:
    """The newest installed PostgreSQL server's ``bin`` directory (Debian layout), or None."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[4]))
    return Path(found[-1]).parent if found else None


def ensure_installed() -> Path:
    """The server's ``bin`` directory, installing PostgreSQL with ``scripts/install-system-deps`` when missing."""
    found = bin_dir()
    if found is None or not JDBC_DRIVER_JAR.is_file():
        subprocess.run(["bash", str(REPO / "scripts" / "install-system-deps")], check=True)
        found = bin_dir()
    if found is None:
        msg = f"PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin: {INSTALL_HINT}"
        raise RuntimeError(msg)
    return found


@dataclass(frozen=True)
class PostgresServer:
    """A running server and the database the tests use.

    Attributes:
        host: the loopback address the server listens on.
        port: its TCP port.
        database: the test database.
        user: the test user, owner of the database.
        password: the test user's password.
        directory: the cluster's temporary directory (data, socket, log).
    """

    host: str
    port: int
    database: str
    user: str
    password: str
    directory: Path
    bin: Path

    @property
    def url(self) -> str:
        """The JDBC URL of the test database, without credentials."""
        return f"jdbc:postgresql://{self.host}:{self.port}/{self.database}"

    @property
    def properties(self) -> dict[str, str]:
        """JDBC connection properties with the test user's credentials."""
        return {"user": self.user, "password": self.password, "driver": "org.postgresql.Driver"}

    def sql(self, statements: str) -> str:
        """Run SQL in the test database as the test user (over TCP, with the password); returns psql's output."""
        env = {**os.environ, "PGPASSWORD": self.password}
        command = [
            str(self.bin / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-A", "-t",
            "-h", self.host, "-p", str(self.port), "-U", self.user, "-d", self.database, "-c", statements,
        ]  # fmt: skip
        return subprocess.run(command, env=env, capture_output=True, text=True, check=True, timeout=60).stdout

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete its directory."""
        with contextlib.suppress(subprocess.SubprocessError):
            _as_postgres(
                [str(self.bin / "pg_ctl"), "-D", str(self.directory / "data"), "-m", "fast", "-w", "stop"], timeout=60
            )
        shutil.rmtree(self.directory, ignore_errors=True)


def start(*, database: str = "lineage", user: str = "etl_user", password: str = "s3cret-Pw_4711") -> PostgresServer:
    """Create a cluster in a new temporary directory and start it on 127.0.0.1 with a free port."""
    binaries = ensure_installed()
    directory = Path(tempfile.mkdtemp(prefix="headwater-postgres-"))
    _chown_to_postgres(directory)
    data = directory / "data"
    _as_postgres(
        [str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "-E", "UTF8", "--locale=C",
         "--auth-local=trust", "--auth-host=scram-sha-256"],
        timeout=120,
    )  # fmt: skip
    port = free_port()
    options = f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories={directory} -c fsync=off"
    server = PostgresServer("127.0.0.1", port, database, user, password, directory, binaries)
    try:
        _as_postgres(
            [
                str(binaries / "pg_ctl"),
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(directory / "server.log"),
                "-w",
                "-t",
                "60",
                "start",
            ],
            timeout=90,
        )
        _as_postgres(
            [str(binaries / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", str(directory), "-p", str(port), "-U", "postgres",
             "-d", "postgres", "-c", f"CREATE USER {user} PASSWORD '{password}'", "-c", f"CREATE DATABASE {database} OWNER {user}"],
            timeout=60,
        )  # fmt: skip
    except BaseException:
        server.stop()
        raise
    return server


def _as_postgres(command: list[str], *, timeout: int) -> None:
    """Run ``command`` as the ``postgres`` OS user when we are root (as ourselves otherwise); raise with its output."""
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    finished = subprocess.run(
        [*prefix, *command], capture_output=True, text=True, timeout=timeout, check=False, cwd="/"
    )
    if finished.returncode != 0:
        msg = f"{' '.join(command[:1])} failed ({finished.returncode}): {finished.stdout}{finished.stderr}"
        raise RuntimeError(msg)


def _chown_to_postgres(directory: Path) -> None:
    if os.geteuid() == 0:
        shutil.chown(directory, user="postgres", group="postgres")
