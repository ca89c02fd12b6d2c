package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import java.util.Locale;

/**
 * How SQL-execution and streaming runs are named ({@code spark.openlineage.jobName.style}); see
 * {@code naming.JobNames} for the names each style gives.
 */
@Internal
public enum JobNameStyle {
  /**
   * Headwater's stable names (the default): one name per logical write, whatever the plan's shape.
   */
  HEADWATER,
  /**
   * The names the OpenLineage Spark integration gives on the running Spark, for teams switching
   * agents that want to keep their jobs' histories.
   */
  OPENLINEAGE;

  /** The value as written in configuration: {@code headwater}, {@code openlineage}. */
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The style written as {@code value}.
   *
   * @param value {@code headwater} or {@code openlineage}, any case
   * @throws IllegalArgumentException for anything else
   */
  public static JobNameStyle parse(String value) {
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "headwater" -> HEADWATER;
      case "openlineage" -> OPENLINEAGE;
      default ->
          throw new IllegalArgumentException(
              "'" + value + "' is neither headwater nor openlineage");
    };
  }
}
