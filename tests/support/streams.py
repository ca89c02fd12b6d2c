"""Structured-streaming queries the tests start: a JSON file source into a ``foreachBatch`` function."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql.streaming import StreamingQuery


def start_foreach_batch(
    spark: SparkSession,
    schema: str,
    source: Path,
    name: str,
    function: Callable[[DataFrame, int], None],
    checkpoint: Path,
    **source_options: str | int,
) -> StreamingQuery:
    """Start the query ``name`` reading the JSON files of ``source`` (with ``schema``, a DDL string, and
    ``source_options`` such as ``maxFilesPerTrigger``) and handing each micro-batch to ``function``, with its checkpoint
    at ``checkpoint`` and the ``availableNow`` trigger: it ends once every file present at its start is processed.
    Returns the started query; the caller waits with ``awaitTermination()``."""
    reader = spark.readStream.schema(schema)
    for key, value in source_options.items():
        reader = reader.option(key, value)
    return (
        reader.json(str(source))
        .writeStream.queryName(name)
        .foreachBatch(function)
        .option("checkpointLocation", str(checkpoint))
        .trigger(availableNow=True)
        .start()
    )
