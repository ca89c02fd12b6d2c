package io.headwater.spark.compat;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import java.util.List;
import org.junit.Test;

/**
 * {@link SqlLiteralMasker} on the running Spark's own lexer: every literal value and comment goes,
 * the statement's shape stays, and what the lexer cannot read is withheld whole.
 */
public class SqlLiteralMaskerTest {
  private static final String SECRET = "S3cr3t";

  @Test
  public void masksStringLiteralsInEveryStatementShape() {
    assertEquals(
        "INSERT OVERWRITE DIRECTORY ? USING parquet SELECT ? AS password",
        SqlLiteralMasker.mask(
            "INSERT OVERWRITE DIRECTORY '/tmp/out' USING parquet SELECT 'S3cr3t' AS password"));
    assertEquals(
        "CREATE TABLE t USING parquet AS SELECT id, ? AS token FROM nums WHERE ? <> ?",
        SqlLiteralMasker.mask(
            "CREATE TABLE t USING parquet AS SELECT id, 'S3cr3t' AS token FROM nums"
                + " WHERE 'token' <> \"S3cr3t\""));
    assertEquals(
        "CREATE OR REPLACE VIEW v AS SELECT * FROM t WHERE `key` = ? OR r = ?",
        SqlLiteralMasker.mask(
            "CREATE OR REPLACE VIEW v AS SELECT * FROM t WHERE `key` = 'S3cr3t' OR r ="
                + " r'S3\\cr3t'"));
  }

  @Test
  public void masksNumericBinaryIntervalAndTypedValues() {
    assertEquals(
        "SELECT ?, ?, ?, ?, ?, ?, ?, ?, -? FROM t LIMIT ?", // a sign is an operator
        SqlLiteralMasker.mask(
            "SELECT 1, 10L, 2S, 3Y, 1.5, 1e10, 2.5D, 1.0BD, -.5 FROM t LIMIT 10"));
    assertEquals("SELECT ?, ? AS b", SqlLiteralMasker.mask("SELECT X'1F2E', x'00' AS b"));
    assertEquals(
        "SELECT DATE ? + INTERVAL ? DAY, INTERVAL ? HOURS, TIMESTAMP ?",
        SqlLiteralMasker.mask(
            "SELECT DATE '2024-01-01' + INTERVAL '3' DAY, INTERVAL 7 HOURS,"
                + " TIMESTAMP '2024-01-01 10:00:00'"));
  }

  @Test
  public void keepsKeywordsIdentifiersOperatorsHintsAndLayout() {
    String sql =
        "select /*+ BROADCAST(d) */ f.id,\n  d.`name`\nfrom db.facts f join dim d on f.k = d.k"
            + " where f.v != d.v and not f.flag is null and f.ok = true\ngroup by 1";
    assertEquals(
        "select /*+ BROADCAST(d) */ f.id,\n  d.`name`\nfrom db.facts f join dim d on f.k = d.k"
            + " where f.v != d.v and not f.flag is null and f.ok = true\ngroup by ?",
        SqlLiteralMasker.mask(sql));
    assertEquals(
        "CREATE TEMP VIEW v AS SELECT a <=> b, a || b FROM t",
        SqlLiteralMasker.mask("CREATE TEMP VIEW v AS SELECT a <=> b, a || b FROM t"));
  }

  @Test
  public void masksCommentTextKeepingLineBreaks() {
    assertEquals(
        "SELECT a -- ?\nFROM t /* ? */ WHERE b = ?",
        SqlLiteralMasker.mask(
            "SELECT a -- password S3cr3t\nFROM t /* token S3cr3t */ WHERE b = 'S3cr3t'"));
  }

  @Test
  public void withholdsWhatTheLexerCannotReadWhole() {
    for (String sql :
        List.of(
            "SELECT 'S3cr3t", // an unclosed string
            "SELECT \"S3cr3t", // an unclosed double-quoted string
            "SELECT a FROM t WHERE b = 'x' \u0000 'S3cr3t'")) {
      assertEquals(sql, SqlLiteralMasker.UNREADABLE, SqlLiteralMasker.mask(sql));
    }
  }

  @Test
  public void noSecretSurvivesAnyStatement() {
    for (String sql :
        List.of(
            "SELECT 'S3cr3t'",
            "SELECT \"S3cr3t\"",
            "SELECT r\"S3cr3t\"",
            "SELECT 'a' 'S3cr3t'",
            "SELECT $$S3cr3t$$",
            "SELECT $tag$S3cr3t$tag$",
            "SELECT * FROM t WHERE x = 'it''s S3cr3t'",
            "SELECT * FROM t WHERE x = 'it\\'s S3cr3t'",
            "CREATE TABLE t (c STRING COMMENT 'S3cr3t') USING parquet"
                + " OPTIONS (password 'S3cr3t') TBLPROPERTIES ('k' = 'S3cr3t')",
            "-- S3cr3t",
            "/* S3cr3t",
            "SELECT 1 /* S3cr3t */")) {
      assertFalse(sql, SqlLiteralMasker.mask(sql).contains(SECRET));
    }
  }
}
