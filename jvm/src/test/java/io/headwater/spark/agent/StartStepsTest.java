package io.headwater.spark.agent;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.Test;

public class StartStepsTest {
  /** The shape bench/listener_startup.py reads (its STEPS_LINE pattern). */
  private static final Pattern LINE =
      Pattern.compile("agent built in (\\d+) ms, (\\d+) ms CPU \\(step wall/CPU ms: (.*)\\)");

  @Test
  public void eachStepIsTimedInOrderWithItsResult() throws Exception {
    StartSteps steps = new StartSteps();
    String value = steps.time("configuration", () -> "config");
    Long spun =
        steps.time(
            "transport",
            () -> {
              long sum = 0;
              long until = System.nanoTime() + 30_000_000L;
              while (System.nanoTime() < until) {
                sum += System.nanoTime() % 7;
              }
              return sum;
            });

    assertEquals("config", value);
    assertTrue(spun >= 0);
    Matcher line = LINE.matcher(steps.summary());
    assertTrue(steps.summary(), line.matches());
    assertTrue("the whole start covers the 30 ms step", Long.parseLong(line.group(1)) >= 30);
    String[] parts = line.group(3).split(", ");
    assertEquals(2, parts.length);
    assertTrue(parts[0], parts[0].matches("configuration \\d+/\\d+"));
    assertTrue(parts[1], parts[1].matches("transport \\d+/\\d+"));
    long transportWall = Long.parseLong(parts[1].split(" ")[1].split("/")[0]);
    assertTrue("the busy step took its 30 ms: " + parts[1], transportWall >= 30);
  }
}
