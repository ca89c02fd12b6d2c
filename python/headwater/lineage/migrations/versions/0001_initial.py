"""The first lineage store schema: events, jobs, datasets, runs, facets, edges, writes, versions, column edges.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_TIME = sa.String(32)
_ID = sa.String(32)
_RUN_ID = sa.String(64)


def upgrade() -> None:
    """Create every table of ``headwater/lineage/schema.py`` as it was at this revision."""
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True, comment="ingest order"),
        sa.Column("event_hash", sa.String(64), nullable=False, comment="SHA-256 of the canonical JSON"),
        sa.Column("kind", sa.String(16), nullable=False, comment="RunEvent, JobEvent or DatasetEvent"),
        sa.Column("event_type", sa.String(16), comment="START, RUNNING, COMPLETE, ABORT, FAIL, OTHER (RunEvents)"),
        sa.Column("event_time", _TIME, nullable=False),
        sa.Column("job_id", _ID),
        sa.Column("run_id", _RUN_ID),
        sa.Column("dataset_id", _ID, comment="the dataset of a DatasetEvent"),
        sa.Column("payload", sa.Text, nullable=False, comment="the event as received (JSON)"),
        sa.PrimaryKeyConstraint("id", name="pk_events"),
        sa.UniqueConstraint("event_hash", name="uq_events_event_hash"),
    )
    op.create_index("ix_events_job_id", "events", ["job_id"])
    op.create_index("ix_events_run_id", "events", ["run_id"])
    op.create_table(
        "jobs",
        sa.Column("id", _ID, nullable=False),
        sa.Column("namespace", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("definition_kind", sa.String(16), comment="what defines the job now: job_event or run"),
        sa.Column("definition_run_id", _RUN_ID, comment="the run, when definition_kind is run"),
        sa.Column("definition_time", _TIME, comment="event time of the current definition"),
        sa.Column("created_at", _TIME, nullable=False, comment="earliest event time seen"),
        sa.Column("updated_at", _TIME, nullable=False, comment="latest event time seen"),
        sa.PrimaryKeyConstraint("id", name="pk_jobs"),
        sa.UniqueConstraint("namespace", "name", name="uq_jobs_namespace_name"),
    )
    op.create_table(
        "datasets",
        sa.Column("id", _ID, nullable=False),
        sa.Column("namespace", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("current_version_id", _ID),
        sa.Column("created_at", _TIME, nullable=False, comment="earliest event time seen"),
        sa.Column("updated_at", _TIME, nullable=False, comment="latest event time seen"),
        sa.PrimaryKeyConstraint("id", name="pk_datasets"),
        sa.UniqueConstraint("namespace", "name", name="uq_datasets_namespace_name"),
    )
    op.create_table(
        "runs",
        sa.Column("id", _RUN_ID, nullable=False),
        sa.Column("job_id", _ID, nullable=False),
        sa.Column("state", sa.String(16), nullable=False, comment="the terminal state, else the latest state"),
        sa.Column("state_time", _TIME, nullable=False),
        sa.Column("terminal", sa.Boolean, nullable=False),
        sa.Column("started_at", _TIME, nullable=False, comment="earliest event time of the run"),
        sa.Column("ended_at", _TIME, comment="time of the terminal event"),
        sa.Column("parent_run_id", _RUN_ID),
        sa.Column("updated_at", _TIME, nullable=False, comment="latest event time of the run"),
        sa.PrimaryKeyConstraint("id", name="pk_runs"),
    )
    op.create_index("ix_runs_job_id_started_at", "runs", ["job_id", "started_at"])
    for table, owner in (("job_facets", _ID), ("dataset_facets", _ID), ("run_facets", _RUN_ID)):
        op.create_table(
            table,
            sa.Column("owner_id", owner, nullable=False),
            sa.Column("name", sa.String(128), nullable=False),
            sa.Column("event_time", _TIME, nullable=False),
            sa.Column("facet", sa.Text, nullable=False, comment="the facet (JSON)"),
            sa.PrimaryKeyConstraint("owner_id", "name", name=f"pk_{table}"),
        )
    op.create_table(
        "job_io",
        sa.Column("job_id", _ID, nullable=False),
        sa.Column("dataset_id", _ID, nullable=False),
        sa.Column("direction", sa.String(8), nullable=False, comment="input or output"),
        sa.Column("static", sa.Boolean, nullable=False, comment="declared by a JobEvent (true) or observed in a run"),
        sa.PrimaryKeyConstraint("job_id", "dataset_id", "direction", name="pk_job_io"),
    )
    op.create_index("ix_job_io_dataset_id", "job_io", ["dataset_id"])
    op.create_table(
        "run_io",
        sa.Column("run_id", _RUN_ID, nullable=False),
        sa.Column("dataset_id", _ID, nullable=False),
        sa.Column("direction", sa.String(8), nullable=False, comment="input or output"),
        sa.Column("event_time", _TIME, nullable=False),
        sa.Column("facets", sa.Text, nullable=False, comment="inputFacets or outputFacets of the latest event (JSON)"),
        sa.PrimaryKeyConstraint("run_id", "dataset_id", "direction", name="pk_run_io"),
    )
    op.create_index("ix_run_io_dataset_id", "run_io", ["dataset_id"])
    op.create_table(
        "dataset_writes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("dataset_id", _ID, nullable=False),
        sa.Column("event_time", _TIME, nullable=False),
        sa.Column("run_id", _RUN_ID, comment="the writing run; null for a DatasetEvent"),
        sa.Column(
            "content", sa.Text, nullable=False, comment="schema fields, source and lifecycle state it states (JSON)"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_dataset_writes"),
    )
    op.create_index("ix_dataset_writes_dataset_id_event_time", "dataset_writes", ["dataset_id", "event_time"])
    op.create_table(
        "dataset_versions",
        sa.Column("id", _ID, nullable=False),
        sa.Column("dataset_id", _ID, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False, comment="1, 2, ... in event-time order"),
        sa.Column("created_at", _TIME, nullable=False),
        sa.Column("run_id", _RUN_ID, comment="the run that wrote it; null for a DatasetEvent's version"),
        sa.Column("content", sa.Text, nullable=False, comment="schema fields, source, lifecycle state (JSON)"),
        sa.PrimaryKeyConstraint("id", name="pk_dataset_versions"),
        sa.UniqueConstraint("dataset_id", "seq", name="uq_dataset_versions_dataset_id_seq"),
    )
    op.create_table(
        "column_edges",
        sa.Column("dataset_id", _ID, nullable=False),
        sa.Column("field", sa.Text, nullable=False, comment="the output field; empty for a dataset-wide dependency"),
        sa.Column("input_dataset_id", _ID, nullable=False),
        sa.Column("input_field", sa.Text, nullable=False),
        sa.Column("direct", sa.Boolean, nullable=False, comment="some transformation is DIRECT (values flow)"),
        sa.Column("transformations", sa.Text, nullable=False, comment="the facet's transformations (JSON list)"),
        sa.PrimaryKeyConstraint("dataset_id", "field", "input_dataset_id", "input_field", name="pk_column_edges"),
    )
    op.create_index("ix_column_edges_input_dataset_id", "column_edges", ["input_dataset_id"])


def downgrade() -> None:
    """Drop every table."""
    for table in (
        "column_edges", "dataset_versions", "dataset_writes", "run_io", "job_io", "run_facets", "dataset_facets",
        "job_facets", "runs", "datasets", "jobs", "events",
    ):  # fmt: skip
        op.drop_table(table)
