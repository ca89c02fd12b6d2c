"""What every route of the Marquez API reads through: the store's reader, look-ups that answer 404, runs shaped."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from headwater.lineage.marquez import listings, queries, shapes
from headwater.lineage.marquez.errors import not_found
from headwater.lineage.reader import Node

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

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
        found = listings.namespace(self.reader, name)
        if found is None:
            raise not_found(name, kind="Namespace")
        return found

    def known_namespace(self, name: str) -> str:
        """``name``, when a job or dataset is in that namespace (what a listing of it checks first).

        Raises:
            ApiError: 404 when no job or dataset is in it.
        """
        if not listings.namespace_exists(self.reader, name):
            raise not_found(name, kind="Namespace")
        return name

    def job(self, namespace: str, name: str) -> JobInfo:
        """The job ``namespace``/``name``.

        Raises:
            ApiError: 404 when the store has no such job.
        """
        return self._one(self.job_infos, Node("job", namespace, name), "Job")

    def job_infos(self, ids: Iterable[str]) -> list[JobInfo]:
        """The jobs with these ids, without their latest runs: :meth:`job_shapes` reads those with the newest runs."""
        return self.reader.job_infos(ids, latest_run=False)

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
        shaped = self.runs_of(runs, {run.job.id: job_facets for run in runs})
        return [shaped[run.id] for run in runs]

    def runs_of(
        self, runs: Sequence[RunInfo], job_facets: Mapping[str, Mapping[str, Any]]
    ) -> dict[str, dict[str, Any]]:
        """``runs`` of any jobs as Marquez's ``Run`` shapes, by run id; ``job_facets`` are the jobs' by job id."""
        io = queries.run_datasets(self.reader, runs)
        shaped = {}
        for run in runs:
            datasets = io.get(run.id, [])
            version = shapes.job_version_id(
                run.job,
                [d.dataset for d in datasets if d.direction == "input"],
                [d.dataset for d in datasets if d.direction == "output"],
                shapes.location(job_facets.get(run.job.id, {})),
            )
            shaped[run.id] = shapes.run(run, version, datasets)
        return shaped

    def job_shape(self, info: JobInfo) -> dict[str, Any]:
        """The job as Marquez's ``Job``, with its latest runs."""
        return self.job_shapes([info])[0]

    def job_shapes(self, infos: Sequence[JobInfo], runs: int = 10) -> list[dict[str, Any]]:
        """The jobs as Marquez's ``Job`` shapes with their newest ``runs`` runs (a few queries for them all).

        A job's ``latest_run`` (whose ``parent`` facet names its parent job) is its newest run read here when the
        info has none (:meth:`job_infos`).
        """
        latest = queries.latest_runs(self.reader, [info.node for info in infos], runs)
        shaped = self.runs_of(
            [run for found in latest.values() for run in found], {info.node.id: info.facets for info in infos}
        )
        return [
            shapes.job(
                info
                if info.latest_run or not latest.get(info.node.id)
                else replace(info, latest_run=latest[info.node.id][0]),
                [shaped[run.id] for run in latest.get(info.node.id, [])],
            )
            for info in infos
        ]

    def dataset_shape(self, info: DatasetInfo) -> dict[str, Any]:
        """The dataset as Marquez's ``Dataset``, with its column lineage."""
        return self.dataset_shapes([info])[0]

    def dataset_shapes(self, infos: Sequence[DatasetInfo]) -> list[dict[str, Any]]:
        """The datasets as Marquez's ``Dataset`` shapes, with their column lineage (one query for them all)."""
        steps = self.reader.column_lineages([info.node for info in infos])
        return [shapes.dataset(info, steps.get(info.node.id, [])) for info in infos]
