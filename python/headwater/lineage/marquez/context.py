"""What every route of the Marquez API reads through: the store's reader, look-ups that answer 404, runs shaped."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from headwater.lineage.marquez import queries, shapes
from headwater.lineage.marquez.errors import not_found
from headwater.lineage.reader import Node

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from headwater.lineage.reader import DatasetInfo, JobInfo, LineageReader, RunInfo

T = TypeVar("T")


@dataclass(frozen=True)
class Reads:
    """The store's reader with the look-ups the routes share.

    Attributes:
        reader: the store's reader.
    """

    reader: LineageReader

    def namespace(self, name: str) -> tuple[str, str, str]:
        """The namespace ``name``: its name, the earliest and the latest event time there.

        Raises:
            ApiError: 404 when no job or dataset is in it.
        """
        for row in queries.namespaces(self.reader):
            if row[0] == name:
                return row
        raise not_found(name, kind="Namespace")

    def job(self, namespace: str, name: str) -> JobInfo:
        """The job ``namespace``/``name``.

        Raises:
            ApiError: 404 when the store has no such job.
        """
        return self._one(self.reader.job_infos, Node("job", namespace, name), "Job")

    def dataset(self, namespace: str, name: str) -> DatasetInfo:
        """The dataset ``namespace``/``name``, also when that is an alias of it (then under that name).

        A dataset named by one of its aliases (:mod:`headwater.lineage.aliases`) answers as the dataset, under the
        namespace and name asked for (``DatasetInfo.asked_as``); its ``physicalName`` stays the canonical name.

        Raises:
            ApiError: 404 when the store has no such dataset.
        """
        asked = Node("dataset", namespace, name)
        canonical = self.reader.canonical_ids([asked.id]).get(asked.id)
        if canonical is None:
            return self._one(self.reader.dataset_infos, asked, "Dataset")
        found = self.reader.dataset_infos([canonical])
        if not found:
            named = f"{namespace}:{name}"
            raise not_found(named, kind="Dataset")
        return replace(found[0], asked_as=asked)

    @staticmethod
    def _one(infos: Callable[[list[str]], list[T]], node: Node, kind: str) -> T:
        found = infos([node.id])
        if not found:
            named = f"{node.namespace}:{node.name}"
            raise not_found(named, kind=kind)
        return found[0]

    def runs(self, runs: Sequence[RunInfo], job_facets: Mapping[str, Any]) -> list[dict[str, Any]]:
        """``runs`` (of one job whose current facets are ``job_facets``) as Marquez's ``Run`` shapes."""
        io = queries.run_datasets(self.reader, runs)
        where = shapes.location(job_facets)
        shaped = []
        for run in runs:
            datasets = io.get(run.id, [])
            version = shapes.job_version_id(
                run.job,
                [d.dataset for d in datasets if d.direction == "input"],
                [d.dataset for d in datasets if d.direction == "output"],
                where,
            )
            shaped.append(shapes.run(run, version, datasets))
        return shaped

    def latest_runs(self, info: JobInfo, limit: int = 10) -> list[dict[str, Any]]:
        """The job's newest ``limit`` runs, shaped, newest first."""
        page, _ = queries.run_page(self.reader, info.node, limit, 0)
        return self.runs(page, info.facets)

    def job_shape(self, info: JobInfo) -> dict[str, Any]:
        """The job as Marquez's ``Job``, with its latest runs."""
        return shapes.job(info, self.latest_runs(info))

    def dataset_shape(self, info: DatasetInfo) -> dict[str, Any]:
        """The dataset as Marquez's ``Dataset``, with its column lineage."""
        return shapes.dataset(info, self.reader.column_lineage(info.node))
