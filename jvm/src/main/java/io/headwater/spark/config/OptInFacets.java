package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.util.Locale;

/**
 * The run facets the OpenLineage Spark integration leaves off unless asked for, with its keys and
 * rules, so a configuration written for it turns on the same facets here.
 *
 * @param logicalPlan {@code spark.openlineage.facets.spark.logicalPlan.disabled=false}: every event
 *     of a SQL run carries the {@code spark.logicalPlan} facet (its optimized plan as Spark's JSON)
 * @param debug {@code spark.openlineage.facets.debug.disabled=false}: every event of a SQL or RDD
 *     run carries the {@code debug} facet
 * @param smartDebug {@code spark.openlineage.debug.smart=true}: the COMPLETE event of a run that
 *     misses datasets ({@link #smartMode}) carries the {@code debug} facet, whatever {@code
 *     facets.debug.disabled} says
 * @param smartMode {@code spark.openlineage.debug.smartMode}: which runs miss datasets
 */
@Internal
public record OptInFacets(
    boolean logicalPlan, boolean debug, boolean smartDebug, SmartMode smartMode) {
  /** Neither facet (the default). */
  public static final OptInFacets NONE =
      new OptInFacets(false, false, false, SmartMode.ANY_MISSING);

  /** The facet name of the optimized plan, as the OpenLineage Spark integration names it. */
  public static final String LOGICAL_PLAN = "spark.logicalPlan";

  /** The facet name of the debug facet, as the OpenLineage Spark integration names it. */
  public static final String DEBUG = "debug";

  public OptInFacets {
    java.util.Objects.requireNonNull(smartMode, "smartMode");
  }

  /**
   * True when a run's event of this kind gets the {@code debug} facet: always when {@link #debug},
   * else on a COMPLETE event when {@link #smartDebug} and the run misses datasets.
   *
   * @param complete true for a COMPLETE event
   * @param hasInputs true when the event lists an input
   * @param hasOutputs true when the event lists an output
   */
  public boolean debugFor(boolean complete, boolean hasInputs, boolean hasOutputs) {
    if (debug) {
      return true;
    }
    return smartDebug && complete && smartMode.misses(hasInputs, hasOutputs);
  }

  /** When a run misses datasets, for the smart debug facet. */
  public enum SmartMode {
    /** {@code any-missing} (the default): no input or no output. */
    ANY_MISSING,
    /** {@code output-missing}: no output. */
    OUTPUT_MISSING;

    boolean misses(boolean hasInputs, boolean hasOutputs) {
      return this == OUTPUT_MISSING ? !hasOutputs : !hasInputs || !hasOutputs;
    }

    /**
     * The mode written as {@code value}.
     *
     * @param value {@code any-missing} or {@code output-missing}, any case
     * @throws IllegalArgumentException for anything else
     */
    public static SmartMode parse(String value) {
      return switch (value.trim().toLowerCase(Locale.ROOT)) {
        case "any-missing" -> ANY_MISSING;
        case "output-missing" -> OUTPUT_MISSING;
        default ->
            throw new IllegalArgumentException(
                "'" + value + "' is neither any-missing nor output-missing");
      };
    }

    /** The mode as written in configuration. */
    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }
}
