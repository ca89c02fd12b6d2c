"""Ingest: how events get into a lineage store, batch by batch.

``prepare`` parses an event, splits it into its skeleton and facet bodies, validates it and derives its facts;
``batches`` prepares the batches of a bulk ingest in worker processes while the caller stores them, the facts crossing
the process boundary as ``wire`` rows; ``apply`` stores a batch of prepared events in one transaction with the static-
lineage semantics, through the statements of :mod:`headwater.lineage.statements` (which the reads share);
``group_commit`` stores the batches of concurrent writers (``POST /api/v1/lineage``) together.
:meth:`headwater.lineage.LineageStore.ingest` is the way in.
"""
