"""The stored events, search and the dashboard's figures.

Routes: ``/events/lineage``, ``/search``, ``/stats/lineage-events``, ``/stats/jobs``, ``/stats/datasets``,
``/stats/sources``.

``/events/lineage`` pages the events as received: ``after``/``before`` (event time, inclusive), ``sortDirection``
``asc|desc`` (desc), ``limit`` (100), ``offset``. ``/search`` matches ``q`` against job and dataset names, case
insensitive, anywhere in the name, ``%`` and ``_`` as in SQL ``LIKE``, with ``filter`` ``DATASET|JOB``, ``sort``
``NAME|UPDATE_AT``, ``limit`` (10), ``namespace``, and ``before``/``after`` on the update time. The stats take
``period`` ``DAY`` (24 hours, hourly, up to now) or ``WEEK`` (7 days, daily, in ``timezone``, required): per interval
the RunEvents by type (``start``, ``complete``, ``fail``, ``abort``), or how many jobs, datasets or sources existed
at its end.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from headwater.lineage.marquez import listings, queries
from headwater.lineage.marquez.catalog import all_sources
from headwater.lineage.marquez.errors import ApiError
from headwater.lineage.marquez.params import int_param, store_time, time_param

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from starlette.datastructures import QueryParams

    from headwater.lineage.marquez.context import Reads
    from headwater.lineage.marquez.router import Handler


def lineage_events(reads: Reads, _params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{events, totalCount}``: a page of the stored events in event-time order."""
    direction = query.get("sortDirection", "desc").lower()
    if direction not in ("asc", "desc"):
        raise ApiError(400, "sortDirection must be asc or desc")
    window = queries.EventWindow(
        time_param(query, "after"),
        time_param(query, "before"),
        descending=direction == "desc",
        limit=int_param(query, "limit", 100),
        offset=int_param(query, "offset", 0),
    )
    events, total = queries.event_page(reads.reader, window)
    return {"events": events, "totalCount": total}


def search(reads: Reads, _params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{totalCount, results: [{type, name, updatedAt, namespace, nodeId}]}``."""
    q = query.get("q")
    if not q:
        raise ApiError(400, "q is required")
    kind = (query.get("filter") or "").upper()
    sort = (query.get("sort") or "NAME").upper()
    if kind not in ("", "DATASET", "JOB") or sort not in ("NAME", "UPDATE_AT"):
        raise ApiError(400, "filter must be DATASET or JOB, sort NAME or UPDATE_AT")
    limit = int_param(query, "limit", 10)
    wanted = listings.SearchFilter(
        f"%{q}%",
        tuple(k for k in ("dataset", "job") if kind in ("", k.upper())),
        query.get("namespace"),
        time_param(query, "after"),
        time_param(query, "before"),
    )
    results = [
        {"type": what, "name": node.name, "updatedAt": updated, "namespace": node.namespace, "nodeId": node.key}
        for what, node, updated in listings.search(reads.reader, wanted)
    ]
    if sort == "NAME":
        results.sort(key=lambda r: (r["name"], r["namespace"], r["type"]))
    else:
        results.sort(key=lambda r: r["updatedAt"], reverse=True)
    return {"totalCount": len(results), "results": results[:limit]}


def _intervals(query: QueryParams) -> list[tuple[str, str]]:
    """The period's intervals as the store's time text: 24 hours to the next hour, or 7 local days to tomorrow."""
    period = (query.get("period") or "").upper()
    if period == "DAY":
        end = datetime.now(timezone.utc).replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
        steps = [end - timedelta(hours=n) for n in range(24, -1, -1)]
    elif period == "WEEK":
        try:
            zone = ZoneInfo(query.get("timezone") or "")
        except (ZoneInfoNotFoundError, ValueError):
            raise ApiError(400, "Timezone must be specified for period 'WEEK'") from None
        today = datetime.now(zone).replace(hour=0, minute=0, second=0, microsecond=0)
        steps = [today - timedelta(days=n) for n in range(6, -2, -1)]
    else:
        raise ApiError(400, "Invalid period")
    return [(store_time(a), store_time(b)) for a, b in pairwise(steps)]


def lineage_event_stats(reads: Reads, _params: Mapping[str, str], query: QueryParams) -> list[dict[str, Any]]:
    """``[{startInterval, endInterval, fail, start, complete, abort}]``: RunEvents by type per interval."""
    intervals = _intervals(query)
    counted = queries.event_counts(reads.reader, intervals[0][0], intervals[-1][1])
    figures = []
    for start, end in intervals:
        types = [kind for when, kind in counted if start <= when < end]
        figures.append(
            {
                "startInterval": start,
                "endInterval": end,
                "fail": types.count("FAIL"),
                "start": types.count("START"),
                "complete": types.count("COMPLETE"),
                "abort": types.count("ABORT"),
            }
        )
    return figures


def _growth(query: QueryParams, created: list[str]) -> list[dict[str, Any]]:
    return [
        {"startInterval": start, "endInterval": end, "count": sum(1 for when in created if when < end)}
        for start, end in _intervals(query)
    ]


def _stat(created: Callable[[Reads, QueryParams], list[str]]) -> Callable[..., list[dict[str, Any]]]:
    def figures(reads: Reads, _params: Mapping[str, str], query: QueryParams) -> list[dict[str, Any]]:
        return _growth(query, created(reads, query))

    return figures


ROUTES: Final[dict[str, Handler]] = {
    "events/lineage": lineage_events,
    "search": search,
    "stats/lineage-events": lineage_event_stats,
    "stats/jobs": _stat(lambda reads, _q: listings.created_times(reads.reader, "job")),
    "stats/datasets": _stat(lambda reads, _q: listings.created_times(reads.reader, "dataset")),
    "stats/sources": _stat(lambda reads, _q: [s["createdAt"] for s in all_sources(reads)]),
}
"""This family's routes: a pattern below ``/api/v1/`` (``{name}`` a path parameter) → its handler."""
