"""Content-addressed facet bodies: ``facet_bodies``; facet tables refer to bodies; events kept as skeletons.

Each distinct facet body is stored once (``facet_bodies``, keyed by its SHA-256); ``job_facets``, ``dataset_facets``
and ``run_facets`` keep the body's hash instead of the facet (``body_hash`` replaces ``facet``), and ``events`` keeps
each event's skeleton (its facets given by body hash, :mod:`headwater.lineage.bodies`) instead of the text received
(``skeleton`` replaces ``payload``). The stored facets and events are converted; nothing else changes, and the
event hashes stay what they were, so an event ingested before the upgrade is still recognised when it comes again.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import orjson
import sqlalchemy as sa
from alembic import op

from headwater.lineage.bodies import body_hash, split_event
from headwater.lineage.reader import restored_events

if TYPE_CHECKING:
    from collections.abc import Iterator

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_BODY = sa.String(64)
_PAGE: Final = 1000
_FACET_TABLES: Final = ("job_facets", "dataset_facets", "run_facets")


class _Bodies:
    """Adds facet bodies to ``facet_bodies`` (each once) through the migration's connection."""

    def __init__(self, connection: sa.Connection) -> None:
        self.connection = connection
        self.table = sa.table("facet_bodies", sa.column("hash", _BODY), sa.column("body", sa.Text))
        self.added: set[str] = set()

    def add(self, bodies: dict[str, bytes]) -> None:
        """Insert those of ``bodies`` (hash -> JSON, UTF-8) not added before."""
        new = [{"hash": key, "body": body.decode()} for key, body in bodies.items() if key not in self.added]
        if new:
            self.connection.execute(self.table.insert(), new)
            self.added.update(row["hash"] for row in new)


def _pages(connection: sa.Connection, query: sa.Select[Any], *key: sa.ColumnElement[Any]) -> Iterator[list[Any]]:
    """The rows of ``query`` in pages of 1000, in the order of ``key`` (unique; the query's first columns)."""
    after: tuple[Any, ...] | None = None
    while True:
        paged = query if after is None else query.where(_after(key, after))
        page = list(connection.execute(paged.order_by(*key).limit(_PAGE)))
        if not page:
            return
        yield page
        after = tuple(page[-1][: len(key)])


def _after(key: tuple[sa.ColumnElement[Any], ...], values: tuple[Any, ...]) -> sa.ColumnElement[bool]:
    """``key > values`` in row-value order, spelled out (SQLite and PostgreSQL alike)."""
    first: sa.ColumnElement[bool] = key[0] > values[0]
    if len(key) == 1:
        return first
    return sa.or_(first, sa.and_(key[0] == values[0], _after(key[1:], values[1:])))


def upgrade() -> None:
    """Create ``facet_bodies`` and move the facets and the events' facets into it."""
    op.create_table(
        "facet_bodies",
        sa.Column("hash", _BODY, nullable=False, comment="SHA-256 of the body"),
        sa.Column("body", sa.Text, nullable=False, comment="the facet (JSON)"),
        sa.PrimaryKeyConstraint("hash", name="pk_facet_bodies"),
    )
    connection = op.get_bind()
    bodies = _Bodies(connection)
    for name in _FACET_TABLES:
        _facets_by_hash(connection, name, bodies)
    _events_as_skeletons(connection, bodies)


def _facets_by_hash(connection: sa.Connection, name: str, bodies: _Bodies) -> None:
    """``body_hash`` for ``facet`` in facet table ``name``: each facet's text is its body."""
    op.add_column(name, sa.Column("body_hash", _BODY, comment="the facet: its key in facet_bodies"))
    table = sa.table(
        name, sa.column("owner_id"), sa.column("name"), sa.column("facet", sa.Text), sa.column("body_hash", _BODY)
    )
    query = sa.select(table.c.owner_id, table.c.name, table.c.facet)
    update = (
        table.update()
        .where(table.c.owner_id == sa.bindparam("owner"), table.c.name == sa.bindparam("facet_name"))
        .values(body_hash=sa.bindparam("key"))
    )
    for page in _pages(connection, query, table.c.owner_id, table.c.name):
        rows = [(owner, facet_name, facet.encode(), body_hash(facet.encode())) for owner, facet_name, facet in page]
        bodies.add({key: facet for _, _, facet, key in rows})
        connection.execute(update, [{"owner": o, "facet_name": n, "key": key} for o, n, _, key in rows])
    with op.batch_alter_table(name) as batch:
        batch.alter_column("body_hash", existing_type=_BODY, nullable=False)
        batch.drop_column("facet")


def _events_as_skeletons(connection: sa.Connection, bodies: _Bodies) -> None:
    """``skeleton`` for ``payload`` in ``events``, the facets' bodies added."""
    op.add_column("events", sa.Column("skeleton", sa.Text, comment="the event, its facets given by body hash (JSON)"))
    events = sa.table("events", sa.column("id", sa.Integer), sa.column("payload", sa.Text), sa.column("skeleton"))
    update = events.update().where(events.c.id == sa.bindparam("row")).values(skeleton=sa.bindparam("text"))
    for page in _pages(connection, sa.select(events.c.id, events.c.payload), events.c.id):
        rows = []
        for row_id, payload in page:
            split = split_event(orjson.loads(payload))
            bodies.add(split.bodies)
            rows.append({"row": row_id, "text": split.skeleton})
        connection.execute(update, rows)
    with op.batch_alter_table("events") as batch:
        batch.alter_column("skeleton", existing_type=sa.Text, nullable=False)
        batch.drop_column("payload")


def downgrade() -> None:
    """Put the facets and the events (restored from their skeletons, as compact JSON) back; drop ``facet_bodies``."""
    connection = op.get_bind()
    bodies = sa.table("facet_bodies", sa.column("hash", _BODY), sa.column("body", sa.Text))
    for name in _FACET_TABLES:
        op.add_column(name, sa.Column("facet", sa.Text, comment="the facet (JSON)"))
        table = sa.table(name, sa.column("facet", sa.Text), sa.column("body_hash", _BODY))
        body = sa.select(bodies.c.body).where(bodies.c.hash == table.c.body_hash).scalar_subquery()
        connection.execute(table.update().values(facet=body))
        with op.batch_alter_table(name) as batch:
            batch.alter_column("facet", existing_type=sa.Text, nullable=False)
            batch.drop_column("body_hash")
    op.add_column("events", sa.Column("payload", sa.Text, comment="the event as received (JSON)"))
    events = sa.table("events", sa.column("id", sa.Integer), sa.column("skeleton", sa.Text), sa.column("payload"))
    update = events.update().where(events.c.id == sa.bindparam("row")).values(payload=sa.bindparam("text"))
    for page in _pages(connection, sa.select(events.c.id, events.c.skeleton), events.c.id):
        restored = restored_events(connection, [skeleton for _, skeleton in page])
        rows = [
            {"row": row[0], "text": orjson.dumps(event).decode()} for row, event in zip(page, restored, strict=True)
        ]
        connection.execute(update, rows)
    with op.batch_alter_table("events") as batch:
        batch.alter_column("payload", existing_type=sa.Text, nullable=False)
        batch.drop_column("skeleton")
    op.drop_table("facet_bodies")
