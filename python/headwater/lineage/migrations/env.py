"""Alembic environment: migrates the connection handed over in ``config.attributes["connection"]``.

:func:`headwater.lineage.store.migrate` runs it; there is no ``alembic.ini``. To write a new migration, add a file to
``versions/`` by hand (``script.py.mako`` is its template) with explicit ``op`` calls, and change
``headwater/lineage/schema.py`` to match (``tests/test_lineage_store.py`` compares the two).
"""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
