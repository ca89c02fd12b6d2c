"""Retention: runs, events and dataset versions older than a cut deleted, the current state of everything kept.

What stays whatever its age (as Marquez's retention job keeps it): every job and dataset with its current facets
(tags included) and current definition (the job's edges); each job's latest run and the run that defines the job
now; each dataset's current version and the run that wrote it; the RunEvents of every run kept; every JobEvent (a
job's declared definition). What goes: the other runs that ended (their latest event) before the cut, with their
facets, inputs and outputs and RunEvents; the other dataset versions created before the cut and the writes of runs
that went; DatasetEvents before the cut. Facet bodies stay (a body is kept once and may be shared).

A dataset's ``versionCount`` keeps counting the versions ever made (versions are numbered 1..n and the count is n).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Final

from sqlalchemy import Connection, delete, func, select

from headwater.lineage import schema as t

if TYPE_CHECKING:
    from sqlalchemy import Select

_AGE: Final = re.compile(r"^(\d+)([dhw])$")
_UNITS: Final = {"h": timedelta(hours=1), "d": timedelta(days=1), "w": timedelta(weeks=1)}


@dataclass(frozen=True)
class PruneReport:
    """What a prune deleted: ``runs``, ``events`` and dataset ``versions``, all older than ``cut``."""

    cut: str
    runs: int
    events: int
    versions: int


def cut_time(older_than: str, now: datetime | None = None) -> str:
    """The store time ``older_than`` (``90d``, ``12h``, ``2w``) before ``now`` (the current time).

    Raises:
        ValueError: not ``<n>h``, ``<n>d`` or ``<n>w``.
    """
    found = _AGE.match(older_than.strip())
    if found is None:
        msg = f"--older-than takes <n>h, <n>d or <n>w (90d: ninety days), not {older_than!r}"
        raise ValueError(msg)
    moment = (now or datetime.now(timezone.utc)) - int(found[1]) * _UNITS[found[2]]
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _kept_runs() -> Select[tuple[str]]:
    """The ids of the runs kept whatever their age: each job's latest, its defining run, current versions' writers."""
    r, j, d, v = t.runs, t.jobs, t.datasets, t.dataset_versions
    rank = func.row_number().over(partition_by=r.c.job_id, order_by=(r.c.started_at.desc(), r.c.id)).label("rank")
    ranked = select(r.c.id, rank).subquery()
    latest = select(ranked.c.id).where(ranked.c.rank == 1)
    defining = select(j.c.definition_run_id).where(j.c.definition_run_id.is_not(None))
    writers = select(v.c.run_id).join(d, d.c.current_version_id == v.c.id).where(v.c.run_id.is_not(None))
    return latest.union(defining, writers)  # type: ignore[return-value]


def prune(conn: Connection, cut: str) -> PruneReport:
    """Delete what is older than ``cut`` (the store's UTC time text) through ``conn``, in its transaction."""
    r, e, v, w, d = t.runs, t.events, t.dataset_versions, t.dataset_writes, t.datasets
    kept = {row[0] for row in conn.execute(_kept_runs())}
    gone = [run_id for (run_id,) in conn.execute(select(r.c.id).where(r.c.updated_at < cut)) if run_id not in kept]
    events = 0
    for chunk in t.chunked(gone):
        conn.execute(delete(t.run_facets).where(t.run_facets.c.owner_id.in_(chunk)))
        conn.execute(delete(t.run_io).where(t.run_io.c.run_id.in_(chunk)))
        conn.execute(delete(w).where(w.c.run_id.in_(chunk)))
        events += conn.execute(delete(e).where(e.c.run_id.in_(chunk))).rowcount
        conn.execute(delete(r).where(r.c.id.in_(chunk)))
    events += conn.execute(delete(e).where(e.c.kind == "DatasetEvent", e.c.event_time < cut)).rowcount
    conn.execute(delete(w).where(w.c.run_id.is_(None), w.c.event_time < cut))
    current = select(d.c.current_version_id).where(d.c.current_version_id.is_not(None))
    versions = conn.execute(delete(v).where(v.c.created_at < cut, v.c.id.not_in(current))).rowcount
    return PruneReport(cut, len(gone), events, versions)
