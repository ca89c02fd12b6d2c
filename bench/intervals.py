"""How far a benchmark's median can be trusted: a distribution-free confidence interval for the median of a few rounds.

With ``n`` rounds sorted, the interval between the ``k``-th smallest and the ``k``-th largest value holds the true
median with probability ``1 - 2 * P(B < k)``, ``B`` binomial(``n``, 1/2), whatever the distribution of the rounds
(the sign-test interval; e.g. Hollander, Wolfe & Chicken, *Nonparametric Statistical Methods*, section 3.6). No
assumption of normal noise, which a 2-core machine's rounds do not have.
"""

from __future__ import annotations

import math
from typing import NamedTuple


class MedianInterval(NamedTuple):
    """A confidence interval for a median: ``low`` and ``high`` in the values' unit, ``coverage`` from 0 to 1."""

    low: float
    high: float
    coverage: float


def median_interval(values: list[float], confidence: float = 0.95) -> MedianInterval:
    """The narrowest sign-test interval whose coverage is at least ``confidence``, or, when ``values`` are too few
    for that, the widest one (minimum to maximum) with the coverage it has (5 rounds: 93.75 %).

    Raises ``ValueError`` for fewer than two values or a confidence outside (0, 1).
    """
    if len(values) < 2:
        msg = f"a median interval needs at least 2 values, got {len(values)}"
        raise ValueError(msg)
    if not 0 < confidence < 1:
        msg = f"confidence must be between 0 and 1, got {confidence}"
        raise ValueError(msg)
    ordered = sorted(values)
    n = len(ordered)
    k = 1
    tail = 1 / 2**n  # P(B < k) = P(B <= k - 1)
    while k + 1 <= n // 2:
        wider_tail = tail + math.comb(n, k) / 2**n  # P(B < k + 1)
        if 1 - 2 * wider_tail < confidence:
            break
        k, tail = k + 1, wider_tail
    return MedianInterval(ordered[k - 1], ordered[n - k], 1 - 2 * tail)
