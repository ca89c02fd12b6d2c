"""Dataset versions: how a dataset's writes fold into its versions (:class:`VersionChain`), and the store's side.

A dataset version is made by each run that writes the dataset (one version per run, stating what the run's events
state, the latest last), and by a DatasetEvent only when what it states about the schema fields, the source or the
lifecycle state differs from the current version (:mod:`headwater.lineage.semantics` has the rules).
:func:`update_versions` records a batch's writes (``dataset_writes``) and extends each dataset's chain from its current
version, or rebuilds the chain from all its writes when a write is older than one stored, so arrival order never
changes the versions.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import orjson
from sqlalchemy import Connection, Select, bindparam, delete, func, select, update

from headwater.lineage import schema as t
from headwater.lineage.semantics import Write, canonical_hash, dumps
from headwater.lineage.statements import (
    among_batch,
    among_keys,
    batch_keys,
    batch_keys_table,
    dialect_insert,
    keys_value,
    run,
    run_many,
)

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping, Sequence

_VERSION_NAMESPACE: Final = uuid.UUID("0f7d3c52-2b6e-4f0e-8a8e-3a1d9c4b6e21")


@dataclass
class Version:
    """A dataset version (a row of ``dataset_versions``)."""

    id: str
    dataset_id: str
    seq: int
    created_at: str
    run_id: str | None
    content: dict[str, Any]


class VersionChain:
    """The versions of one dataset, extended by its writes in event-time order (see the module docstring).

    Start from the dataset's current version and its versions of the runs about to be applied (or from nothing to
    rebuild the whole chain); :attr:`changed` then holds every version created or updated.
    """

    def __init__(self, dataset_id: str, current: Version | None, run_versions: Mapping[str, Version]) -> None:
        self.dataset_id = dataset_id
        self.current = current
        self._runs = dict(run_versions)
        self.changed: dict[str, Version] = {}

    def apply(self, write: Write) -> None:
        """Apply one write, not older than any write applied before."""
        if write.run_id is not None and write.run_id in self._runs:
            version = self._runs[write.run_id]
            version.content = {**version.content, **write.content}
            self.changed[version.id] = version
            return
        base = self.current.content if self.current else {}
        content = {**base, **write.content}
        if write.run_id is None and (not write.content or (self.current is not None and content == base)):
            return  # a DatasetEvent that states or changes nothing that defines a version
        seq = self.current.seq + 1 if self.current else 1
        key = f"run\x00{write.run_id}" if write.run_id else f"static\x00{write.time}\x00{canonical_hash(content)}"
        version_id = uuid.uuid5(_VERSION_NAMESPACE, f"{self.dataset_id}\x00{key}").hex
        version = Version(version_id, self.dataset_id, seq, write.time, write.run_id, content)
        if write.run_id is not None:
            self._runs[write.run_id] = version
        self.current = version
        self.changed[version.id] = version


def rebuild_versions(conn: Connection, dataset_ids: Collection[str]) -> None:
    """Fold the versions of these datasets anew from all their stored writes (after a merge of aliases)."""
    update_versions(conn, [], dataset_ids)


def update_versions(conn: Connection, writes: Sequence[Write], rebuild_also: Collection[str] = ()) -> None:
    """Record the batch's writes and extend (or, for writes older than stored ones, rebuild) the version chains.

    The datasets of ``rebuild_also`` are rebuilt from all their writes in any case.
    """
    if not writes and not rebuild_also:
        return
    by_dataset: dict[str, list[Write]] = defaultdict(list)
    for write in sorted(writes, key=lambda w: w.time):
        by_dataset[write.dataset_id].append(write)
    w = t.dataset_writes

    def newest_writes() -> Select[Any]:
        """Each dataset's newest write time, one index look-up per dataset (a ``GROUP BY`` read all its writes)."""
        keys = batch_keys_table(conn)
        newest = select(func.max(w.c.event_time)).where(w.c.dataset_id == keys.c.value).scalar_subquery()
        return select(keys.c.value, newest).select_from(keys)

    rows = run(conn, "latest writes", newest_writes, batch_keys(conn, by_dataset))
    latest = {dataset_id: time for dataset_id, time in rows if time is not None}
    run_many(conn, "dataset writes", w.insert, [_write_row(write) for write in writes])
    rebuild = {d for d, ws in by_dataset.items() if d in latest and ws[0].time < latest[d]} | set(rebuild_also)
    chains = _load_chains(conn, {d: ws for d, ws in by_dataset.items() if d not in rebuild})
    for dataset_id, chain in chains.items():
        for write in by_dataset[dataset_id]:
            chain.apply(write)
    for dataset_id in rebuild:
        chains[dataset_id] = _rebuilt_chain(conn, dataset_id)
    changed = [v for chain in chains.values() for v in chain.changed.values()]

    def upsert() -> Any:  # noqa: ANN401 - the dialect's Insert
        stmt = dialect_insert(conn, t.dataset_versions)
        return stmt.on_conflict_do_update(
            index_elements=[t.dataset_versions.c.id], set_={"content": stmt.excluded.content}
        )

    run_many(conn, "dataset versions", upsert, [_version_row(v) for v in changed])
    current = [{"key": d, "version": c.current.id} for d, c in chains.items() if c.current is not None]
    set_current = lambda: (  # noqa: E731
        update(t.datasets).where(t.datasets.c.id == bindparam("key")).values(current_version_id=bindparam("version"))
    )
    run_many(conn, "current versions", set_current, current)


def _write_row(write: Write) -> dict[str, Any]:
    return {
        "dataset_id": write.dataset_id, "event_time": write.time, "run_id": write.run_id,
        "content": dumps(write.content),
    }  # fmt: skip


def _version_row(version: Version) -> dict[str, Any]:
    row = dict(vars(version))
    row["content"] = dumps(version.content)
    return row


def _version(row: Any) -> Version:  # noqa: ANN401 - a Row of dataset_versions
    return Version(row.id, row.dataset_id, row.seq, row.created_at, row.run_id, orjson.loads(row.content))


def _load_chains(conn: Connection, writes: Mapping[str, list[Write]]) -> dict[str, VersionChain]:
    """Each dataset's chain from its current version and its versions of the runs among ``writes``."""
    current: dict[str, Version] = {}
    run_versions: dict[str, dict[str, Version]] = defaultdict(dict)
    v = t.dataset_versions
    columns = [v.c.id, v.c.dataset_id, v.c.seq, v.c.created_at, v.c.run_id, v.c.content]
    query = lambda: (  # noqa: E731
        select(*columns)
        .join(t.datasets, t.datasets.c.current_version_id == v.c.id)
        .where(among_batch(conn, t.datasets.c.id))
    )
    current.update(
        {row.dataset_id: _version(row) for row in run(conn, "current version rows", query, batch_keys(conn, writes))}
    )
    pairs = {(d, w.run_id) for d, ws in writes.items() for w in ws if w.run_id is not None}
    if pairs:
        # (dataset, run) pairs as two one-parameter lists; the rows of other pairs of those datasets and runs are
        # skipped here (both databases look the rows up by dataset_id either way: no index leads with run_id)
        query = lambda: select(*columns).where(  # noqa: E731
            among_keys(conn.dialect.name, v.c.dataset_id, "datasets"), among_keys(conn.dialect.name, v.c.run_id, "runs")
        )
        keys = {"datasets": keys_value(conn, {d for d, _ in pairs}), "runs": keys_value(conn, {r for _, r in pairs})}
        for row in run(conn, "versions of runs", query, keys):
            if (row.dataset_id, row.run_id) not in pairs:
                continue
            version = current.get(row.dataset_id)
            version = version if version is not None and version.id == row.id else _version(row)
            run_versions[row.dataset_id][row.run_id] = version
    return {d: VersionChain(d, current.get(d), run_versions[d]) for d in writes}


def _rebuilt_chain(conn: Connection, dataset_id: str) -> VersionChain:
    """The dataset's versions folded anew from all its writes, replacing the stored ones."""
    w = t.dataset_writes
    rows = conn.execute(select(w).where(w.c.dataset_id == dataset_id).order_by(w.c.event_time, w.c.id))
    chain = VersionChain(dataset_id, None, {})
    for row in rows:
        chain.apply(Write(dataset_id, row.event_time, row.run_id, orjson.loads(row.content)))
    conn.execute(delete(t.dataset_versions).where(t.dataset_versions.c.dataset_id == dataset_id))
    return chain
