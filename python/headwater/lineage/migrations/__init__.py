"""Alembic migrations of the lineage store (run by :meth:`headwater.lineage.store.LineageStore.open`)."""
