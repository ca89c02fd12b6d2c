"""``headwater replay``: re-send every destination's spool, to where its events were going or to one URL."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from headwater._reduction import EventBudget
from headwater._spool import FileSender, HttpSender, ReplayResult, Sender, Spool, find_spools, replay

_DEFAULT_ENDPOINT = "/api/v1/lineage"


class ReplayError(ValueError):
    """A replay that cannot start: a bad --url, a destination Headwater cannot send to."""


def _check_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        msg = f"--url {url!r} is not an absolute http:// or https:// URL with a host"
        raise ReplayError(msg)
    if parts.username or parts.password:
        msg = "--url must not carry credentials (user:password@); pass the API key with --api-key"
        raise ReplayError(msg)
    return url.rstrip("/")


def _sender(spool: Spool, url: str | None, api_key: str | None, timeout: float) -> tuple[Sender, str]:
    destination = spool.destination
    kind = destination.get("type", "")
    endpoint = destination.get("endpoint", _DEFAULT_ENDPOINT)
    if url is not None:
        return HttpSender(url, endpoint, api_key, timeout), url + endpoint
    if kind == "http":
        base = _check_url(destination["url"])
        return HttpSender(base, endpoint, api_key, timeout), base + endpoint
    if kind == "file":
        location = Path(destination["location"])
        return FileSender(location), str(location)
    msg = f"the spool {spool.directory} is for a {kind!r} transport; replay it with --url to an HTTP endpoint"
    raise ReplayError(msg)


def replay_all(
    root: Path, *, url: str | None, api_key: str | None, timeout: float, max_event_bytes: int | None = None
) -> list[ReplayResult]:
    """Replay every destination spool under ``root``; one result per spool, in directory order.

    ``max_event_bytes`` is each destination's size budget (``spark.openlineage.emit.maxEventBytes``; None: none until
    the endpoint refuses an event with HTTP 413, then 90% of that event's size): a RunEvent over it is cut to fit in
    the agent's order before it is sent (docs/configuration.md, "Event size").

    Raises:
        ReplayError: ``url`` is not an absolute http(s) URL without credentials, or a spool's destination is of a
            type that needs ``url``.
    """
    checked = None if url is None else _check_url(url)
    results = []
    for spool in find_spools(root):
        sender, target = _sender(spool, checked, api_key, timeout)
        try:
            results.append(replay(spool, sender, target, EventBudget(max_event_bytes)))
        finally:
            if isinstance(sender, HttpSender):
                sender.close()
    return results
