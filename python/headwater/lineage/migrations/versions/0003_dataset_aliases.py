"""Dataset aliases: ``dataset_aliases``, built from the stored ``symlinks`` facets; split datasets merged.

A dataset and the identities its ``symlinks`` facet names are one dataset (:mod:`headwater.lineage.aliases`). This
creates ``dataset_aliases`` and fills it from each stored dataset's current ``symlinks`` facet (claimed at that
facet's event time), then merges every stored dataset that is now an alias into its canonical dataset, exactly as
an ingest does when a claim arrives after its alias: a table an earlier store kept as two nodes (by location from
Headwater's events, by ``db.table`` from another producer's) becomes one. A ``symlinks`` facet a dataset no longer
has (replaced by a later one) is not in the store any more, so its claims are not rebuilt.

Downgrading drops ``dataset_aliases``; the merged datasets stay merged (their events are all kept: re-ingesting
them into a store at 0002 splits them again).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import orjson
import sqlalchemy as sa
from alembic import op

from headwater.lineage import schema as t
from headwater.lineage.aliases import record_claims
from headwater.lineage.semantics import Entity, symlink_aliases
from headwater.lineage.versions import rebuild_versions

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

_ID = sa.String(32)


def upgrade() -> None:
    """Create ``dataset_aliases``, record the stored symlinks' claims, merge the datasets that are aliases."""
    op.create_table(
        "dataset_aliases",
        sa.Column("alias_id", _ID, nullable=False, comment="entity_id of the alias's namespace and name"),
        sa.Column("namespace", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("dataset_id", _ID, nullable=False, comment="the dataset (a row of datasets) the alias names"),
        sa.Column(
            "claimed_at", sa.String(32), nullable=False, comment="event time of the latest symlinks facet claiming it"
        ),
        sa.PrimaryKeyConstraint("alias_id", name="pk_dataset_aliases"),
    )
    op.create_index("ix_dataset_aliases_dataset_id", "dataset_aliases", ["dataset_id"])
    op.create_index("ix_dataset_aliases_name", "dataset_aliases", ["name"])
    connection = op.get_bind()
    d, f, b = t.datasets, t.dataset_facets, t.facet_bodies
    query = (
        sa.select(d.c.id, d.c.namespace, d.c.name, f.c.event_time, b.c.body)
        .join(f, f.c.owner_id == d.c.id)
        .join(b, b.c.hash == f.c.body_hash)
        .where(f.c.name == "symlinks")
    )
    claims = [
        (time, alias, canonical)
        for dataset_id, namespace, name, time, body in connection.execute(query)
        for alias, canonical in symlink_aliases(Entity(dataset_id, namespace, name), orjson.loads(body))
    ]
    rebuild_versions(connection, record_claims(connection, claims))


def downgrade() -> None:
    """Drop ``dataset_aliases`` (merged datasets stay merged)."""
    op.drop_index("ix_dataset_aliases_name", "dataset_aliases")
    op.drop_index("ix_dataset_aliases_dataset_id", "dataset_aliases")
    op.drop_table("dataset_aliases")
