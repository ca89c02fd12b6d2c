package io.headwater.spark.compat.pipelines;

import io.headwater.spark.annotation.Internal;

/**
 * A dataflow graph that does not resolve or is not valid (an undefined input, an unresolved column,
 * a cycle, an empty pipeline): Spark's own run or dry run fails with the same error.
 */
@Internal
public final class PipelineGraphException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PipelineGraphException(String message, Throwable cause) {
    super(message, cause);
  }
}
