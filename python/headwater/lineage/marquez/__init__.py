"""Marquez's read API over the lineage store, so Marquez's web UI and API clients work on ``headwater serve``.

Routes (``GET /api/v1/...``), a module per family: :mod:`.catalog` (namespaces, sources, tags), :mod:`.jobs` (jobs,
job versions, runs, run facets), :mod:`.datasets` (datasets, dataset versions), :mod:`.lineage` (``/lineage``,
``/column-lineage``, ``/runlineage/upstream``), :mod:`.events` (``/events/lineage``, ``/search``, ``/stats/...``).
Shapes are in :mod:`.shapes`, errors (Marquez's ``{code, message, details}``) in :mod:`.errors`; :mod:`.router`
matches raw paths so percent-encoded names keep their slashes.
"""

from __future__ import annotations

from headwater.lineage.marquez import catalog, datasets, events, jobs, lineage
from headwater.lineage.marquez.context import Reads
from headwater.lineage.marquez.router import PREFIX, MarquezRouter

__all__ = ["PREFIX", "MarquezRouter", "Reads", "marquez_router"]


def marquez_router() -> MarquezRouter:
    """A router holding every route of the Marquez read API."""
    router = MarquezRouter()
    for family in (catalog, jobs, datasets, lineage, events):
        for pattern, handler in family.ROUTES.items():
            router.add(pattern, handler)
    return router
