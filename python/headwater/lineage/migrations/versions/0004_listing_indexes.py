"""Indexes for the Marquez API's listings and filters (issue 37): each page is one indexed query.

- ``jobs (namespace, updated_at)`` and ``jobs (updated_at)``: the jobs pages, most recently updated first;
- ``events (event_time)``: the events page and the event statistics, by event time;
- ``dataset_versions (dataset_id, created_at, seq)``: the version a run read (the latest created by its start);
- ``dataset_versions (run_id)``: the version a run wrote.

Nothing is converted; it comes after ``0003`` (the dataset aliases).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

from typing import Final

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_INDEXES: Final = (
    ("ix_jobs_namespace_updated_at", "jobs", ["namespace", "updated_at"]),
    ("ix_jobs_updated_at", "jobs", ["updated_at"]),
    ("ix_events_event_time", "events", ["event_time"]),
    ("ix_dataset_versions_dataset_id_created_at_seq", "dataset_versions", ["dataset_id", "created_at", "seq"]),
    ("ix_dataset_versions_run_id", "dataset_versions", ["run_id"]),
)


def upgrade() -> None:
    """Create the indexes."""
    for name, table, columns in _INDEXES:
        op.create_index(name, table, columns)


def downgrade() -> None:
    """Drop the indexes."""
    for name, table, _ in reversed(_INDEXES):
        op.drop_index(name, table_name=table)
