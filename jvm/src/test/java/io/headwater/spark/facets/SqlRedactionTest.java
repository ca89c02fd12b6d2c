package io.headwater.spark.facets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import org.junit.Test;

public class SqlRedactionTest {
  @Test
  public void redactsQuotedSecretOptions() {
    String sql =
        "CREATE TABLE t USING jdbc OPTIONS (url 'jdbc:postgresql://db/x', user 'etl', password"
            + " 's3cr3t', 'fs.s3a.secret.key' = 'abc')";
    String redacted = SqlRedaction.redact(sql);
    assertFalse(redacted, redacted.contains("s3cr3t"));
    assertFalse(redacted, redacted.contains("'abc'"));
    assertEquals(
        "CREATE TABLE t USING jdbc OPTIONS (url 'jdbc:postgresql://db/x', user 'etl', password"
            + " '*********(redacted)', 'fs.s3a.secret.key' = '*********(redacted)')",
        redacted);
  }

  @Test
  public void redactsPasswordsInUrls() {
    assertEquals(
        "SELECT * FROM parquet.`s3a://key:*********(redacted)@bucket/path`",
        SqlRedaction.redact("SELECT * FROM parquet.`s3a://key:hunter2@bucket/path`"));
  }

  @Test
  public void leavesOrdinarySqlAlone() {
    String sql = "SELECT token_count, password_changed_at FROM users WHERE id = 'x'";
    assertEquals(sql, SqlRedaction.redact(sql));
  }
}
