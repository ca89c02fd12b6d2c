"""Long-running processes the tests start on loopback (a Spark Connect server, a standalone master and its workers):
free ports, waiting until one listens, and stopping the process with everything it started."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path


def free_ports(count: int) -> list[int]:
    """``count`` distinct TCP ports on 127.0.0.1 that nothing listens on right now, chosen together.

    The system picks each port for a socket bound to port 0, and every socket stays bound until all are chosen, so no
    two are the same. (Ports chosen one at a time can be: a port is free again as soon as its socket closes, and the
    next bind may well get it; a Kafka broker once got one port for both of its listeners that way.) A helper that
    needs several ports takes them all from one call.
    """
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) for _ in range(count)]
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [int(s.getsockname()[1]) for s in sockets]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now (for a helper that needs only one)."""
    (port,) = free_ports(1)
    return port


@dataclass
class Daemon:
    """A process started in a session of its own, its output in ``log``."""

    name: str
    process: subprocess.Popen[bytes]
    log: Path

    @classmethod
    def start(cls, name: str, command: list[str], *, log: Path, env: dict[str, str], cwd: Path) -> Daemon:
        """Starts ``command`` with stdout and stderr going to ``log``."""
        with log.open("wb") as out:
            process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd, start_new_session=True
            )
        return cls(name, process, log)

    def wait_for_port(self, port: int, timeout: float = 180.0) -> None:
        """Returns once something accepts connections on 127.0.0.1:``port``; fails if the process ends first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                msg = f"{self.name} exited with {self.process.returncode} before listening: {self.tail()}"
                raise RuntimeError(msg)
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    return
            time.sleep(0.5)
        msg = f"{self.name} did not listen on 127.0.0.1:{port} within {timeout:.0f} s: {self.tail()}"
        raise RuntimeError(msg)

    def stop(self, timeout: float = 60.0) -> int:
        """SIGTERM to the process group (Spark runs its shutdown hooks), SIGKILL after ``timeout``; the exit code."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(30)
        return self.process.returncode

    def tail(self, chars: int = 3000) -> str:
        """The end of the process's output."""
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""
