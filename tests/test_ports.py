"""The test support's loopback ports: every port a helper needs is chosen in one go, so no two are the same (no JVM)."""

from __future__ import annotations

import socket
from contextlib import ExitStack
from pathlib import Path

import pytest

from tests.support.daemons import free_port, free_ports
from tests.support.kafka_broker import server_properties, write_config


@pytest.mark.parametrize("count", [1, 2, 7])
def test_free_ports_are_distinct_and_bindable_together(count: int) -> None:
    for _ in range(20):  # sequential choices collided now and then; a joint choice never does
        ports = free_ports(count)
        assert len(ports) == count
        assert len(set(ports)) == count
        assert all(1024 <= port <= 65535 for port in ports)
        with ExitStack() as stack:  # all of them at once, as the processes the tests start bind them
            for port in ports:
                listener = stack.enter_context(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
                listener.bind(("127.0.0.1", port))
                listener.listen()


def test_a_single_free_port_is_bindable() -> None:
    port = free_port()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.bind(("127.0.0.1", port))


def properties(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if line and not line.startswith("#"))


def test_the_kafka_broker_gets_two_different_ports(tmp_path: Path) -> None:
    for i in range(20):
        directory = tmp_path / str(i)
        directory.mkdir()
        port, config = write_config(directory)
        written = properties(config.read_text())
        listeners = dict(listener.split("://", 1) for listener in written["listeners"].split(","))
        assert listeners["PLAINTEXT"] == f"127.0.0.1:{port}"
        assert listeners["CONTROLLER"] != listeners["PLAINTEXT"]
        assert written["controller.quorum.voters"] == f"1@{listeners['CONTROLLER']}"
        assert written["advertised.listeners"] == f"PLAINTEXT://127.0.0.1:{port}"
        assert written["log.dirs"] == str(directory / "data")


def test_the_kafka_configuration_refuses_one_port_for_both_listeners(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="two ports, not 42741 for both"):
        server_properties(42741, 42741, tmp_path / "data")
