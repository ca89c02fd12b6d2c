"""The agent's delivery counters, read from the driver JVM."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from headwater.spark.agent import entry_points

if TYPE_CHECKING:
    from pyspark.sql import SparkSession


@dataclass(frozen=True)
class DeliveryStatus:
    """What the agent of a session has done with its lineage events so far.

    Every event the agent emits is counted once in ``emitted``; at each destination it then ends in exactly one of
    ``delivered``, ``spooled`` or ``dropped`` (with a ``composite`` transport, once per destination).

    Attributes:
        emitted: events the agent handed to delivery.
        delivered: events the transport took, on the first attempt or after retries.
        retried: attempts after the first one, over all events.
        spooled: events written to the spool (undeliverable after the retry policy, while the endpoint was known to
            be down, or at application end).
        replayed: spooled events (of this application or an earlier one) delivered later.
        dropped: events lost for good: rejected by the backend (HTTP 400, 409, 415, 422; a 413 only for an event that
            cannot be cut further), a full emission queue, a full or unwritable spool, the spool turned off. An event
            too large for its destination is not dropped but reduced (see ``reduced``).
        endpoint_down: whether a destination is known to be down now.
        spool_directory: the spool's root directory, or ``None`` when spooling is off.
        reduced: events cut to fit a destination's size budget (``spark.openlineage.emit.maxEventBytes``, Kafka's
            ``max.request.size``, or the size an endpoint refused with HTTP 413), once per event and destination;
            each is also counted as delivered, spooled or dropped. Their ``headwater_eventReduced`` run facet says
            what was cut.
    """

    emitted: int
    delivered: int
    retried: int
    spooled: int
    replayed: int
    dropped: int
    endpoint_down: bool
    spool_directory: str | None
    reduced: int = 0


def status(spark: SparkSession) -> DeliveryStatus:
    """Return the delivery counters of the Headwater agent attached to ``spark``.

    Example::

        >>> headwater.flush(spark)
        >>> headwater.status(spark).delivered  # doctest: +SKIP
        22

    .. versionadded:: 0.1.0

    Raises:
        RuntimeError: no Headwater agent is attached to the session, or it is disabled (see the driver log).
    """
    text = entry_points(spark).status()
    data = json.loads(str(text))
    return DeliveryStatus(
        emitted=int(data["emitted"]),
        delivered=int(data["delivered"]),
        retried=int(data["retried"]),
        spooled=int(data["spooled"]),
        replayed=int(data["replayed"]),
        dropped=int(data["dropped"]),
        endpoint_down=bool(data["endpointDown"]),
        spool_directory=None if data["spoolDirectory"] is None else str(data["spoolDirectory"]),
        reduced=int(data["reduced"]),
    )
