package io.headwater.spark.reading.columns;

import io.headwater.spark.annotation.Internal;
import java.time.Duration;

/**
 * The time one column-lineage analysis may take. {@link #tick()} is called once per plan node and
 * expression node visited; every {@value #CHECK_EVERY} ticks it reads the clock and throws {@link
 * Exceeded} once the budget is spent, so that a huge plan costs the agent at most the budget plus
 * one check interval.
 */
@Internal
public final class AnalysisBudget {
  private static final int CHECK_EVERY = 256;

  private final long deadlineNanos;
  private final Duration budget;
  private int ticks;

  private AnalysisBudget(Duration budget) {
    this.budget = budget;
    this.deadlineNanos = System.nanoTime() + budget.toNanos();
  }

  /** A budget of {@code budget} starting now. */
  public static AnalysisBudget startingNow(Duration budget) {
    return new AnalysisBudget(budget);
  }

  /** A budget that never runs out (for measurements). */
  public static AnalysisBudget unlimited() {
    return new AnalysisBudget(Duration.ofDays(365));
  }

  /** Counts one unit of work. @throws Exceeded when the budget is spent */
  void tick() {
    if (++ticks % CHECK_EVERY == 0 && System.nanoTime() - deadlineNanos > 0) {
      throw new Exceeded(budget);
    }
  }

  /** Thrown (without a stack trace) when an analysis runs past its budget. */
  public static final class Exceeded extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Duration budget;

    Exceeded(Duration budget) {
      super(
          "column lineage ran past its budget of " + budget.toMillis() + " ms", null, false, false);
      this.budget = budget;
    }

    /** The budget that was spent. */
    public Duration budget() {
      return budget;
    }
  }
}
