"""headwater.configure() records the calling script: sourceCode and sourceCodeLocation job facets; configured tags
applied to an event sent with headwater.emit (own driver)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from integration.support import JOBS, REPO, run_python
from tests.support.events import read_jsonl

SCRIPT = JOBS / "configured_job.py"


def git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True, check=True).stdout.strip()


def expected_location() -> dict[str, str]:
    """The script's sourceCodeLocation, from what git says of this checkout (a developer's, or CI's fresh clone with a
    remote and perhaps a detached HEAD): ``repoUrl`` only with a remote ``origin``, ``branch`` only on a branch, ``url``
    the browsable file of an https remote, else the script's file URI."""
    path = SCRIPT.resolve().relative_to(Path(git("rev-parse", "--show-toplevel")).resolve()).as_posix()
    version = git("rev-parse", "HEAD")
    location = {"type": "git", "path": path, "version": version, "url": SCRIPT.resolve().as_uri()}
    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    if branch != "HEAD":
        location["branch"] = branch
    remote = subprocess.run(
        ["git", "-C", str(REPO), "config", "--get", "remote.origin.url"], capture_output=True, text=True, check=False
    ).stdout.strip()
    if remote:
        location["repoUrl"] = remote
        if remote.startswith("https://"):
            location["url"] = f"{remote.removesuffix('.git').rstrip('/')}/blob/{version}/{path}"
    return location


def test_configure_records_the_scripts_code_and_location(tmp_path: Path) -> None:
    events_file = tmp_path / "events.jsonl"

    finished = run_python(SCRIPT, [str(events_file), str(tmp_path)], cwd=tmp_path)

    assert finished.returncode == 0, finished.stderr[-3000:]
    events = read_jsonl(events_file)  # validated against the spec, facets included
    kinds = sorted(e["schemaURL"].rsplit("/", 1)[1] for e in events)
    # app START/COMPLETE, write START/COMPLETE, the declared job, the event sent with headwater.emit
    assert kinds == ["JobEvent", "RunEvent", "RunEvent", "RunEvent", "RunEvent", "RunEvent"]
    external = events.pop(next(i for i, e in enumerate(events) if e["job"]["namespace"] == "scheduler"))
    # the configured tag replaces the event's tag of the same key (case-insensitive), keeping the event's spelling
    assert external["job"]["facets"]["tags"]["tags"] == [
        {"key": "queue", "value": "fast", "source": "SCHEDULER"},
        {"key": "Team", "value": "platform", "source": "CONFIG"},
    ]
    assert "sourceCode" not in external["job"]["facets"]  # an emitted event is sent as given, tags aside
    location = expected_location()
    for event in events:
        facets = event["job"]["facets"]
        assert facets["sourceCode"]["language"] == "python"
        assert facets["sourceCode"]["sourceCode"] == SCRIPT.read_text()
        found = {k: v for k, v in facets["sourceCodeLocation"].items() if not k.startswith("_")}
        assert found == location
