package io.headwater.spark.compat;

import io.headwater.spark.annotation.Internal;

/** The running Spark version is one the agent has no implementation of a version seam for. */
@Internal
public final class UnsupportedSparkException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param detail what is missing, e.g. which marker classes were looked for
   */
  public UnsupportedSparkException(String detail) {
    super(detail);
  }
}
