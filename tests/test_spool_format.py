"""The spool's format as the agent writes it, read and advanced by ``headwater replay``'s reader (``headwater._spool``).

``tests/resources/spool-format`` is a spool the agent's ``Spool`` writes byte for byte (the JVM's ``SpoolFormatTest``
checks that, and walks the same states as this test): the Python side must find the same events after the cursor, in
order, and leave the same files behind at each step.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from headwater._spool import find_spools

RESOURCES = Path(__file__).parent / "resources" / "spool-format"
GOLDEN = "http-4dc23bf65b908d34"
SEGMENT_1 = "00000000000000000001.jsonl"
SEGMENT_2 = "00000000000000000002.jsonl"


def spool_copy(tmp_path: Path) -> tuple[Path, list[bytes], list[bytes]]:
    """A copy of the golden spool, and the lines of its two segments (newline included)."""
    shutil.copytree(RESOURCES, tmp_path / "spool", ignore=shutil.ignore_patterns("README.md"))
    directory = tmp_path / "spool" / GOLDEN
    directory.chmod(0o700)  # as the agent leaves it (git keeps neither mode)
    for file in directory.iterdir():
        file.chmod(0o600)
    first = (directory / SEGMENT_1).read_bytes().splitlines(keepends=True)
    second = (directory / SEGMENT_2).read_bytes().splitlines(keepends=True)
    return directory, first, second


def cursor_record(segment: str, offset: int) -> bytes:
    """The cursor's fixed-length record: the segment's name, a space, the byte offset in 20 digits, a newline."""
    return f"{segment} {offset:020d}\n".encode()


def test_the_agents_spool_is_read_and_advanced_as_the_agent_does(tmp_path: Path) -> None:
    directory, first, second = spool_copy(tmp_path)
    [spool] = find_spools(tmp_path / "spool")
    assert spool.directory == directory
    assert spool.destination == {"type": "http", "url": "http://127.0.0.1:5000", "endpoint": "/api/v1/lineage"}
    assert (directory / "cursor").read_bytes() == cursor_record(SEGMENT_1, len(first[0]) + len(first[1]))
    assert spool.pending() == 3

    # the third event, the last of the first segment: the cursor moves to that segment's end, which stays
    entry = spool.head()
    assert entry is not None
    assert (entry.segment, entry.text.encode()) == (SEGMENT_1, first[2].rstrip(b"\n"))
    assert json.loads(entry.text)["job"]["name"] == "clean_orders"
    spool.remove(entry)
    assert (directory / "cursor").read_bytes() == cursor_record(SEGMENT_1, sum(map(len, first)))
    assert (directory / SEGMENT_1).exists()

    # the fourth, in the second segment: the first segment is deleted
    entry = spool.head()
    assert entry is not None
    assert (entry.segment, entry.start, entry.text.encode()) == (SEGMENT_2, 0, second[0].rstrip(b"\n"))
    assert json.loads(entry.text)["job"]["name"] == "rapport_été"
    spool.remove(entry)
    assert (directory / "cursor").read_bytes() == cursor_record(SEGMENT_2, len(second[0]))
    assert not (directory / SEGMENT_1).exists()

    # the last one: the spool is emptied, only its description and lock files are left
    entry = spool.head()
    assert entry is not None
    assert entry.text.encode() == second[1].rstrip(b"\n")
    spool.remove(entry)
    assert spool.head() is None
    left = {p.name for p in directory.iterdir()}
    assert "destination.json" in left
    assert left <= {"destination.json", "lock", "replay.lock"}, left
