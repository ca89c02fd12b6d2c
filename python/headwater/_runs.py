"""The runs a session's agent ended lately, as plain Python objects (``headwater.recent_runs(spark)``)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from headwater.spark import agent

if TYPE_CHECKING:
    import pandas as pd
    from pyspark.sql import SparkSession


NO_PANDAS = "LineageRuns.to_pandas() needs pandas: pip install pandas"


@dataclass(frozen=True)
class Dataset:
    """A dataset as OpenLineage names it.

    Attributes:
        namespace: e.g. ``file``, ``s3://bucket``, ``postgres://host:5432``.
        name: e.g. ``/data/flights`` or ``db.schema.table``.
        row_count: rows written, from the ``outputStatistics`` facet of an output; None for inputs and outputs without
            statistics.
    """

    namespace: str
    name: str
    row_count: int | None = None

    def __str__(self) -> str:
        """``namespace:name``, as ``headwater summary`` prints datasets."""
        return f"{self.namespace}:{self.name}"


@dataclass(frozen=True)
class LineageRun:
    """One run the agent ended: a Spark SQL execution (or RDD job, or streaming query) that touched datasets.

    Attributes:
        run_id: the run's OpenLineage run id.
        state: ``COMPLETE``, ``FAIL`` or ``ABORT``.
        job_namespace: the job's namespace (``spark.openlineage.namespace``).
        job_name: e.g. ``nightly_flights.execute_insert_into_hadoop_fs_relation_command.warehouse_delays``.
        started: when the run started (UTC).
        ended: when it ended (UTC).
        inputs: the datasets it read.
        outputs: the datasets it wrote.
        error: a failed run's error message, else None.
        sequence: the agent's number for the run (1, 2, ...), increasing in the order runs ended.
    """

    run_id: str
    state: str
    job_namespace: str
    job_name: str
    started: datetime
    ended: datetime
    inputs: tuple[Dataset, ...]
    outputs: tuple[Dataset, ...]
    error: str | None
    sequence: int

    def line(self) -> str:
        """One readable line: ``COMPLETE job: inputs -> outputs (rows)``, and the error's first line on FAIL."""
        rows = [o.row_count for o in self.outputs if o.row_count is not None]
        written = f" ({sum(rows):,} rows)" if rows else ""
        flow = f"{', '.join(map(str, self.inputs)) or '(no inputs)'} -> {', '.join(map(str, self.outputs)) or '(none)'}"
        text = f"{self.state} {self.job_name}: {flow}{written}"
        if self.error:
            text += f" - {self.error.splitlines()[0]}"
        return text


class LineageRuns(tuple[LineageRun, ...]):
    """The runs of :func:`recent_runs`, oldest first: a tuple, with :meth:`to_pandas` for a table."""

    __slots__ = ()

    def to_pandas(self) -> pd.DataFrame:
        """One row per run: the fields of :class:`LineageRun`, datasets as ``namespace:name`` strings.

        Raises:
            ModuleNotFoundError: pandas is not installed.
        """
        try:
            import pandas as pd
        except ModuleNotFoundError as e:
            raise ModuleNotFoundError(NO_PANDAS) from e
        rows = []
        for run in self:
            row = asdict(run)
            row["inputs"] = [str(d) for d in run.inputs]
            row["outputs"] = [str(d) for d in run.outputs]
            rows.append(row)
        columns = list(LineageRun.__dataclass_fields__)
        return pd.DataFrame(rows, columns=columns)


def recent_runs(spark: SparkSession, *, after: int = 0, timeout: float = 10.0) -> LineageRuns:
    """The runs the session's Headwater agent ended lately (the last 200 at most), oldest first.

    Waits, at most ``timeout`` seconds, until Spark has reported what ran so far and the agent has analysed it, so
    a run that just finished is included; delivery to the transport is not waited for (see :func:`headwater.flush`).

    Example::

        spark.range(10).write.parquet("/tmp/ten")
        for run in headwater.recent_runs(spark):
            print(run.line())   # COMPLETE app.execute_insert_into_hadoop_fs_relation_command.tmp_ten: ...

    Args:
        spark: the session the agent is attached to.
        after: only runs whose :attr:`LineageRun.sequence` is greater.
        timeout: seconds to wait at the most.

    Raises:
        RuntimeError: no agent is attached to ``spark``, or it is off (the message says why).
    """
    entry_points = agent.entry_points(spark)
    millis = max(1, int(timeout * 1000))
    agent.wait_for_listener_bus(agent.java_context(spark), millis)
    return parse_runs(entry_points.recentRuns(after, millis))


def parse_runs(text: str) -> LineageRuns:
    """The runs of the agent's JSON answer (``PythonEntryPoints.recentRuns``)."""
    return LineageRuns(_run(item) for item in json.loads(text))


def _run(item: dict[str, Any]) -> LineageRun:
    def datasets(key: str) -> tuple[Dataset, ...]:
        return tuple(Dataset(d["namespace"], d["name"], d.get("rowCount")) for d in item[key])

    return LineageRun(
        run_id=item["runId"],
        state=item["state"],
        job_namespace=item["jobNamespace"],
        job_name=item["jobName"],
        started=datetime.fromtimestamp(item["startTime"] / 1000, tz=timezone.utc),
        ended=datetime.fromtimestamp(item["endTime"] / 1000, tz=timezone.utc),
        inputs=datasets("inputs"),
        outputs=datasets("outputs"),
        error=item.get("error"),
        sequence=item["sequence"],
    )
