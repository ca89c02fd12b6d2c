"""The events page's offset walked in the index alone: ``events (event_time, id)`` replaces ``events (event_time)``.

``/api/v1/events/lineage`` orders the events by event time and id and pages them by ``offset`` (Marquez's paging); a
page deep in the list skips ``offset`` events. With the id in the index, the skipped events are read from the index
alone (an index-only scan on PostgreSQL; SQLite's index already held the row id), and only the page's own rows are
read from the table (:func:`headwater.lineage.marquez.queries.event_page`). Event statistics use it as the index before.

Nothing is converted; it comes after ``0004`` (the listings' indexes).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Replace the events' time index by one of time and id."""
    op.create_index("ix_events_event_time_id", "events", ["event_time", "id"])
    op.drop_index("ix_events_event_time", table_name="events")


def downgrade() -> None:
    """Put the time index back."""
    op.create_index("ix_events_event_time", "events", ["event_time"])
    op.drop_index("ix_events_event_time_id", table_name="events")
