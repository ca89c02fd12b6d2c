"""The application view (issue 41): ``job_io.application`` and ``application_lineage``.

An application run with application lineage (``spark.openlineage.application.lineage.enabled``; its events carry the
``headwater_applicationLineage`` run facet) states the application's inputs and outputs and, on each output, a
``columnLineage`` facet composed through its intermediate datasets. From this revision the store keeps that facet in
``application_lineage`` instead of as the dataset's, and marks the application's edges in ``job_io``
(``application``), so the step view is what the steps stated and the application view is reachable next to it;
``runs (parent_run_id)`` finds an application's steps (the runs whose parent is one of its runs).

Converted: the edges of every job whose current definition is a run that carried the run facet are marked. Not
converted: a composed facet an earlier store took as the dataset's own stays the dataset's (the step's facet it
replaced is no longer stored); re-ingesting the events into a new store splits them.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_ID = sa.String(32)


def upgrade() -> None:
    """Add the column and the table; mark the edges of the jobs an application run defines."""
    with op.batch_alter_table("job_io") as batch:
        batch.add_column(
            sa.Column(
                "application",
                sa.Boolean(),
                nullable=False,
                server_default=sa.false(),
                comment="observed in a run with application lineage (the application view's edge)",
            )
        )
    op.create_table(
        "application_lineage",
        sa.Column("job_id", _ID, nullable=False, comment="the application's job"),
        sa.Column("dataset_id", _ID, nullable=False, comment="an output of the application"),
        sa.Column("event_time", sa.String(32), nullable=False),
        sa.Column(
            "body_hash",
            sa.String(64),
            nullable=False,
            comment="the composed columnLineage facet: its key in facet_bodies",
        ),
        sa.PrimaryKeyConstraint("job_id", "dataset_id", name="pk_application_lineage"),
    )
    op.create_index("ix_application_lineage_dataset_id", "application_lineage", ["dataset_id"])
    op.create_index("ix_runs_parent_run_id", "runs", ["parent_run_id"])
    op.execute(
        "UPDATE job_io SET application = true WHERE job_id IN (SELECT j.id FROM jobs j JOIN run_facets f"
        " ON f.owner_id = j.definition_run_id AND f.name = 'headwater_applicationLineage'"
        " WHERE j.definition_kind = 'run')"
    )


def downgrade() -> None:
    """Drop the index, the table and the column."""
    op.drop_index("ix_runs_parent_run_id", table_name="runs")
    op.drop_index("ix_application_lineage_dataset_id", table_name="application_lineage")
    op.drop_table("application_lineage")
    with op.batch_alter_table("job_io") as batch:
        batch.drop_column("application")
