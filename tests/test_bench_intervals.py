"""The confidence interval bench/overhead.py prints for its median ratios (bench/intervals.py).

Checked against the sign-test intervals of the statistical tables (n = 5, 10, 20 at 95 %) and against the coverage
actually observed when drawing rounds from a known, skewed distribution many times.
"""

from __future__ import annotations

import random

import pytest

from bench.intervals import median_interval


@pytest.mark.parametrize(
    ("n", "low_rank", "coverage"),
    [(5, 1, 1 - 2 / 32), (10, 2, 1 - 2 * 11 / 1024), (20, 6, 1 - 2 * 21700 / 2**20)],
)
def test_the_interval_is_the_sign_test_one(n: int, low_rank: int, coverage: float) -> None:
    values = [float(v) for v in random.Random(n).sample(range(1000), n)]
    ordered = sorted(values)
    interval = median_interval(values)
    assert (interval.low, interval.high) == (ordered[low_rank - 1], ordered[n - low_rank])
    assert interval.coverage == pytest.approx(coverage)
    assert interval.coverage >= 0.95 or low_rank == 1  # five rounds cannot reach 95 %: the widest interval


def test_the_interval_holds_the_true_median_as_often_as_it_says() -> None:
    rng = random.Random(7)
    true_median = 1.0  # of lognormvariate(0, 0.5): exp(0), a skewed distribution like a noisy machine's ratios
    trials = 4000
    held = 0
    for _ in range(trials):
        interval = median_interval([rng.lognormvariate(0, 0.5) for _ in range(10)])
        held += interval.low <= true_median <= interval.high
    assert held / trials == pytest.approx(interval.coverage, abs=0.01)


@pytest.mark.parametrize(("values", "confidence"), [([1.0], 0.95), ([1.0, 2.0], 1.0), ([1.0, 2.0], 0.0)])
def test_too_few_values_or_a_confidence_outside_0_and_1_are_refused(values: list[float], confidence: float) -> None:
    with pytest.raises(ValueError, match=r"at least 2 values|between 0 and 1"):
        median_interval(values, confidence)
