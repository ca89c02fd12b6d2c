"""Finding nodes in a lineage store: by Marquez node id, by name or the end of one, by id, by alias.

:class:`NodeLookup` is the part of :class:`~headwater.lineage.reader.LineageReader` that resolves what a user or a
Marquez client names; :func:`keyed` runs a read statement built once with its keys as one bound parameter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, Table, bindparam, func, or_, select

from headwater.lineage import schema as t
from headwater.lineage.records import KINDS, LookupFailedError, Node
from headwater.lineage.statements import among_keys, keys_value, run

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Iterable, Sequence

    from sqlalchemy import ClauseElement, Connection


class NodeLookup:
    """Node look-ups over the store behind ``engine``."""

    engine: Engine

    # -- nodes ------------------------------------------------------------------------------------------------------

    def resolve(self, text: str, kind: str | None = None) -> Node:
        """The node ``text`` names.

        ``text`` is a Marquez node id (``dataset:ns:name``, ``job:ns:name``), ``ns:name`` as the listings print it,
        else the name of a dataset or job, or the end of one after ``/`` or ``.`` (of ``kind`` only, when given).

        A dataset is found by any of its identities (its aliases, :mod:`headwater.lineage.aliases`); the node
        returned is the dataset's canonical one.

        Raises:
            LookupFailedError: no such node, or the name is ambiguous (the message lists candidates).
        """
        kinds = [kind] if kind else list(KINDS)
        readings = _node_id_candidates(text) + [c for k in kinds for c in _node_id_candidates(f"{k}:{text}")]
        readings = [c for c in readings if c.kind in kinds]
        for candidate in readings:
            if self.exists(candidate):
                return candidate
        owners = self.nodes(self.canonical_ids(c.id for c in readings if c.kind == "dataset").values())
        if owners:
            return min(owners.values())
        found = self._by_name(text, kinds)
        if len(found) == 1:
            return found[0]
        what = " or ".join(kinds)
        if not found:
            msg = f"no {what} named {text!r} in the store"
            raise LookupFailedError(msg)
        listed = "\n  ".join(map(str, found[:10]))
        msg = f"{text!r} names {len(found)} nodes; give the full node id:\n  {listed}"
        raise LookupFailedError(msg)

    def exists(self, node: Node) -> bool:
        """Whether the store knows ``node``."""
        table = _table(node.kind)
        with self.engine.connect() as conn:
            query = lambda: select(func.count()).select_from(table).where(table.c.id == bindparam("id"))  # noqa: E731
            return bool(run(conn, ("exists", node.kind), query, {"id": node.id}).scalar() == 1)

    def _by_name(self, text: str, kinds: Sequence[str]) -> list[Node]:
        found: list[Node] = []
        escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        with self.engine.connect() as conn:
            for kind in kinds:
                table = _table(kind)
                exact = table.c.name == text
                suffix = or_(
                    table.c.name.like(f"%/{escaped}", escape="\\"), table.c.name.like(f"%.{escaped}", escape="\\")
                )
                query = select(table.c.namespace, table.c.name).order_by(table.c.namespace, table.c.name)
                rows = conn.execute(query.where(exact)).all() or conn.execute(query.where(suffix).limit(50)).all()
                found += [Node(kind, namespace, name) for namespace, name in rows]
            if "dataset" in kinds and not found:
                a, d = t.dataset_aliases, t.datasets
                query = select(d.c.namespace, d.c.name).join(a, a.c.dataset_id == d.c.id).distinct()
                query = query.order_by(d.c.namespace, d.c.name)
                suffix = or_(a.c.name.like(f"%/{escaped}", escape="\\"), a.c.name.like(f"%.{escaped}", escape="\\"))
                rows = (
                    conn.execute(query.where(a.c.name == text)).all()
                    or conn.execute(query.where(suffix).limit(50)).all()
                )
                found += [Node("dataset", namespace, name) for namespace, name in rows]
        return found

    def canonical_ids(self, dataset_ids: Iterable[str]) -> dict[str, str]:
        """The canonical dataset id of each of ``dataset_ids`` that is an alias (:mod:`headwater.lineage.aliases`).

        One query for any number of ids; ids that are no alias are left out.
        """
        a = t.dataset_aliases
        wanted = set(dataset_ids)
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            query = select(a.c.alias_id, a.c.dataset_id).where(t.among(conn.dialect.name, a.c.alias_id, wanted))
            return {row.alias_id: row.dataset_id for row in conn.execute(query)}

    def alias_named(self, text: str, dataset: Node) -> Node | None:
        """The alias of ``dataset`` that the Marquez node id ``text`` names (``dataset:ns:name``), else None."""
        readings = [c for c in _node_id_candidates(text) if c.kind == "dataset" and c != dataset]
        aliased = self.canonical_ids(c.id for c in readings)
        return next((c for c in readings if aliased.get(c.id) == dataset.id), None)

    def aliases(self, dataset: Node) -> list[Node]:
        """The other identities of ``dataset`` (its aliases), by namespace and name."""
        a = t.dataset_aliases
        query = select(a.c.namespace, a.c.name).where(a.c.dataset_id == dataset.id).order_by(a.c.namespace, a.c.name)
        with self.engine.connect() as conn:
            return [Node("dataset", namespace, name) for namespace, name in conn.execute(query)]

    def nodes(self, ids: Iterable[str]) -> dict[str, Node]:
        """Jobs and datasets by id."""
        wanted = set(ids)
        found: dict[str, Node] = {}
        if not wanted:
            return found
        with self.engine.connect() as conn:
            for kind in KINDS:
                table = _table(kind)
                query = lambda table=table: select(table.c.id, table.c.namespace, table.c.name).where(  # noqa: E731
                    among_keys(conn.dialect.name, table.c.id, "ids")
                )
                rest = wanted - found.keys()
                if not rest:
                    break
                rows = keyed(conn, ("nodes", kind), query, ids=rest)
                found.update({i: Node(kind, ns, name) for i, ns, name in rows})
        return found


def keyed(conn: Connection, name: object, build: Callable[[], ClauseElement], **keys: Collection[str]) -> list[Any]:
    """The rows of the read statement ``build()`` makes, each of ``keys`` a set of keys bound as one parameter.

    The statement is built and compiled once per dialect for ``name`` (:func:`.statements.run`), whatever the number
    of keys; ``build`` binds each key set with :func:`.statements.among_keys` under the keyword's name.
    """
    return list(run(conn, ("read", name), build, {k: keys_value(conn, v) for k, v in keys.items()}).all())


def _table(kind: str) -> Table:
    if kind not in KINDS:
        msg = f"node kind must be dataset or job, not {kind!r}"
        raise ValueError(msg)
    return t.datasets if kind == "dataset" else t.jobs


def _node_id_candidates(text: str) -> list[Node]:
    """Every (kind, namespace, name) reading of a Marquez node id; namespaces may contain ``:``."""
    kind, sep, rest = text.partition(":")
    if not sep or kind not in KINDS:
        return []
    return [Node(kind, rest[:i], rest[i + 1 :]) for i, char in enumerate(rest) if char == ":"]
