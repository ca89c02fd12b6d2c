package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;

/**
 * A setting that cannot be used. The message names the setting as the user wrote it (for example
 * {@code spark.openlineage.transport.url}) and, where it did not come from Spark configuration, the
 * source it came from ({@code openlineage.yml at /path}, {@code environment variable
 * OPENLINEAGE__...}).
 *
 * <p>The listener catches it, logs its message in one line and disables the agent; it never reaches
 * Spark.
 */
@Internal
public final class InvalidConfigException extends RuntimeException {
  private final String setting;

  /**
   * @param setting the key as the user wrote it, e.g. {@code spark.openlineage.transport.type}
   * @param problem what is wrong with it, in one sentence
   */
  public InvalidConfigException(String setting, String problem) {
    super(setting + ": " + problem);
    this.setting = setting;
  }

  public InvalidConfigException(String setting, String problem, Throwable cause) {
    super(setting + ": " + problem, cause);
    this.setting = setting;
  }

  /** The key that was wrong, as the user wrote it. */
  public String setting() {
    return setting;
  }
}
