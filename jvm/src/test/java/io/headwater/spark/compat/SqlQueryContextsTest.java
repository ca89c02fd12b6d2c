package io.headwater.spark.compat;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.LocalSpark;
import org.junit.Test;

/**
 * {@link SqlQueryContexts} on the messages Spark really writes: the statement lines it quotes lose
 * their literals, the rest of the message stays.
 */
public class SqlQueryContextsTest {
  @Test
  public void theStatementSparkQuotesInARuntimeErrorLosesItsLiterals() {
    Exception failure =
        assertThrows(
            Exception.class,
            () ->
                LocalSpark.session()
                    .sql("SELECT id,\n  id / 0 AS r, 'S3cr3t' AS k FROM range(3)")
                    .collect());
    String message = failure.getMessage();
    assertTrue(message, message.contains("S3cr3t"));

    String masked = SqlQueryContexts.mask(message);
    assertFalse(masked, masked.contains("S3cr3t"));
    assertTrue(masked, masked.startsWith("[DIVIDE_BY_ZERO] Division by zero."));
    assertTrue(masked, masked.contains("== SQL (line 2, position 3) ==\n  id / ? AS r, ? AS k"));
    assertTrue(masked, masked.contains("\n  ^^^^^^"));
  }

  @Test
  public void everyQuotedLineIsMaskedAndTextAroundItKept() {
    String message =
        "[CAST_INVALID_INPUT] The value 'S3cr3t' of the type \"STRING\" cannot be cast.\n"
            + "== SQL(line 1, position 8) ==\n"
            + "SELECT CAST('S3cr3t' AS INT), 'x\n"
            + "       ^^^^^^^^^^^^^^^^^^^^^\n"
            + "\tat org.apache.spark.Foo.bar(Foo.scala:1)\n"
            + "SELECT 'kept: not a quoted line'";

    assertEquals(
        "[CAST_INVALID_INPUT] The value 'S3cr3t' of the type \"STRING\" cannot be cast.\n"
            + "== SQL(line 1, position 8) ==\n"
            + SqlLiteralMasker.UNREADABLE
            + "\n       ^^^^^^^^^^^^^^^^^^^^^\n"
            + "\tat org.apache.spark.Foo.bar(Foo.scala:1)\n"
            + "SELECT 'kept: not a quoted line'",
        SqlQueryContexts.mask(message));
    assertEquals("no context", SqlQueryContexts.mask("no context"));
  }
}
