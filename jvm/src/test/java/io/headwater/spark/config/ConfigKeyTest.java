package io.headwater.spark.config;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.util.Map;
import org.junit.Test;

/**
 * {@link ConfigKey#inSparkSettings}: a key read from Spark settings alone, its default otherwise.
 */
public class ConfigKeyTest {
  private static final ConfigKey<Integer> CLOSE_TIMEOUT = ConfigKeys.EMIT_CLOSE_TIMEOUT_MILLIS;

  @Test
  public void aValidValueIsParsed() {
    assertEquals(
        Integer.valueOf(2500),
        CLOSE_TIMEOUT.inSparkSettings(
            Map.of("spark.openlineage.emit.closeTimeoutMillis", " 2500 ")));
  }

  @Test
  public void anAbsentOrRejectedValueGivesTheDefault() {
    for (String rejected : new String[] {"soon", "0", "-5", ""}) {
      assertEquals(
          rejected,
          Integer.valueOf(10_000),
          CLOSE_TIMEOUT.inSparkSettings(
              Map.of("spark.openlineage.emit.closeTimeoutMillis", rejected)));
    }
    assertEquals(Integer.valueOf(10_000), CLOSE_TIMEOUT.inSparkSettings(Map.of()));
    assertEquals(
        "only the spark.openlineage. key counts",
        Integer.valueOf(10_000),
        CLOSE_TIMEOUT.inSparkSettings(Map.of("emit.closeTimeoutMillis", "5")));
  }

  @Test
  public void aKeyWithoutDefaultIsNullWhenNotSet() {
    ConfigKey<String> optional = ConfigKey.string("some.path", "a key without default", null);
    assertNull(optional.inSparkSettings(Map.of()));
    assertEquals("x", optional.inSparkSettings(Map.of("spark.openlineage.some.path", "x")));
  }
}
