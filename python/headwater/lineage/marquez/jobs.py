"""Jobs, job versions and runs.

Routes: ``/namespaces/{namespace}/jobs[/{job}[/runs|/versions[/{version}]]]``, ``/jobs``, ``/jobs/runs/{id}``,
``/jobs/runs/{id}/facets?type=run|job``.

A job's versions are the distinct definitions its runs had (the inputs and outputs each run reported, with the job's
source location), and the current definition when no run had it (a JobEvent's): each is created at the first run
that had it (or at the definition's time), and its ``latestRun`` is the newest such run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from headwater.lineage.marquez import listings, queries, shapes
from headwater.lineage.marquez.errors import ApiError, not_found
from headwater.lineage.marquez.params import int_param, paged, version_named

if TYPE_CHECKING:
    from collections.abc import Mapping

    from starlette.datastructures import QueryParams

    from headwater.lineage.marquez.context import Reads
    from headwater.lineage.marquez.router import Handler
    from headwater.lineage.reader import JobInfo

RUN_STATES: Final = ("NEW", "RUNNING", "COMPLETED", "FAILED", "ABORTED")
"""Marquez's run states (``lastRunStates`` takes these)."""


def _jobs(reads: Reads, namespace: str | None, query: QueryParams) -> dict[str, Any]:
    """A page of jobs (of ``namespace``, or all), filtered by the states of their latest runs (one query per page).

    ``totalCount`` counts the jobs before the ``lastRunStates`` filter, as Marquez counts them.
    """
    wanted = set(query.getlist("lastRunStates"))
    unknown = wanted - set(RUN_STATES)
    if unknown:
        raise ApiError(400, f"lastRunStates must be among {', '.join(RUN_STATES)}, not {', '.join(sorted(unknown))}")
    page = listings.job_page(
        reads.reader, namespace, wanted, int_param(query, "limit", 100), int_param(query, "offset", 0)
    )
    infos = listings.in_order(page.ids, reads.job_infos(page.ids), lambda info: info.node.id)
    return {"jobs": reads.job_shapes(infos), "totalCount": page.total}


def list_jobs(reads: Reads, params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{jobs, totalCount}`` of a namespace (404 when it is unknown), most recently updated first."""
    reads.known_namespace(params["namespace"])
    return _jobs(reads, params["namespace"], query)


def list_all_jobs(reads: Reads, _params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{jobs, totalCount}`` of every namespace (``GET /jobs``)."""
    return _jobs(reads, None, query)


def get_job(reads: Reads, params: Mapping[str, str], _query: QueryParams) -> dict[str, Any]:
    """One job with ``latestRun``, ``latestRuns`` (10) and ``currentVersion``."""
    return reads.job_shape(reads.job(params["namespace"], params["job"]))


def list_runs(reads: Reads, params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{runs, totalCount}`` of a job, newest first, paged by ``limit`` (100) and ``offset``."""
    info = reads.job(params["namespace"], params["job"])
    page, total = queries.run_page(
        reads.reader, info.node, int_param(query, "limit", 100), int_param(query, "offset", 0)
    )
    return {"runs": reads.runs(page, info.facets), "totalCount": total}


def _run(reads: Reads, run_id: str) -> tuple[Any, JobInfo]:
    found = queries.run_by_id(reads.reader, run_id)
    if found is None:
        raise not_found(run_id, kind="Run")
    return found, reads.job(found.job.namespace, found.job.name)


def get_run(reads: Reads, params: Mapping[str, str], _query: QueryParams) -> dict[str, Any]:
    """One run by id (404 when unknown)."""
    run, info = _run(reads, params["id"])
    return reads.runs([run], info.facets)[0]


def run_facets(reads: Reads, params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{runId, facets}``: the run's facets (``type=run``) or its job's current facets (``type=job``)."""
    kind = query.get("type")
    if kind not in ("run", "job"):
        raise ApiError(400, "type must be run or job")
    run, info = _run(reads, params["id"])
    return {"runId": run.id, "facets": dict(run.facets if kind == "run" else info.facets)}


def job_versions(reads: Reads, info: JobInfo) -> list[dict[str, Any]]:
    """The job's versions (Marquez's ``JobVersion`` shapes), newest first."""
    runs = reads.runs(queries.all_runs(reads.reader, info.node), info.facets)
    where = shapes.location(info.facets)
    found: dict[str, dict[str, Any]] = {}
    for run in runs:  # oldest first: the first run of a version creates it, the last is its latest
        version = run["jobVersion"]["version"]
        entry = found.setdefault(
            version,
            {
                "id": {**shapes.node_id(info.node), "version": version},
                "name": info.node.name,
                "version": version,
                "createdAt": run["createdAt"],
                "namespace": info.node.namespace,
                "type": shapes.job_type(info.facets),
                "inputs": [d["datasetVersionId"] for d in run["inputDatasetVersions"]],
                "outputs": [d["datasetVersionId"] for d in run["outputDatasetVersions"]],
                "location": where,
                "context": {},
                "facets": dict(info.facets),
            },
        )
        entry["latestRun"] = run
    current = shapes.job(info, [])["currentVersion"]
    if current is not None and current not in found:
        found[current] = {
            "id": {**shapes.node_id(info.node), "version": current},
            "name": info.node.name,
            "version": current,
            "createdAt": info.updated_at,
            "namespace": info.node.namespace,
            "type": shapes.job_type(info.facets),
            "inputs": [shapes.node_id(n) for n in info.inputs],
            "outputs": [shapes.node_id(n) for n in info.outputs],
            "location": where,
            "context": {},
            "latestRun": None,
            "facets": dict(info.facets),
        }
    for entry in found.values():  # inputs and outputs name datasets, without their versions
        entry["inputs"] = [{"namespace": d["namespace"], "name": d["name"]} for d in entry["inputs"]]
        entry["outputs"] = [{"namespace": d["namespace"], "name": d["name"]} for d in entry["outputs"]]
    return sorted(found.values(), key=lambda v: v["createdAt"], reverse=True)


def list_versions(reads: Reads, params: Mapping[str, str], query: QueryParams) -> dict[str, Any]:
    """``{versions, totalCount}`` of a job, newest first, paged by ``limit`` (100) and ``offset``."""
    return paged(query, "versions", job_versions(reads, reads.job(params["namespace"], params["job"])))


def get_version(reads: Reads, params: Mapping[str, str], _query: QueryParams) -> dict[str, Any]:
    """One version of a job by its UUID (404 when the job never had it)."""
    return version_named(
        job_versions(reads, reads.job(params["namespace"], params["job"])), params["version"], "Job version"
    )


ROUTES: Final[dict[str, Handler]] = {
    "jobs": list_all_jobs,
    "jobs/runs/{id}": get_run,
    "jobs/runs/{id}/facets": run_facets,
    "namespaces/{namespace}/jobs": list_jobs,
    "namespaces/{namespace}/jobs/{job}": get_job,
    "namespaces/{namespace}/jobs/{job}/runs": list_runs,
    "namespaces/{namespace}/jobs/{job}/versions": list_versions,
    "namespaces/{namespace}/jobs/{job}/versions/{version}": get_version,
}
"""This family's routes: a pattern below ``/api/v1/`` (``{name}`` a path parameter) → its handler."""
