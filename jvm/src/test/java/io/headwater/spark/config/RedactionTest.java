package io.headwater.spark.config;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.Test;

/** What {@link Redaction} removes from properties, text and dataset names, and what it leaves. */
public class RedactionTest {
  private static final String R = Redaction.REDACTED;
  private static final Redaction DEFAULT = Redaction.DEFAULT;

  @Test
  public void sqlTextLosesItsLiteralsThenTheTextRules() {
    assertEquals(
        "SELECT ? AS pw FROM t WHERE token = ?",
        DEFAULT.sql("SELECT 'S3cr3t' AS pw FROM t WHERE token = 'S4cr3t'"));
    Redaction keep = DEFAULT.withSqlLiterals(SqlLiterals.KEEP);
    assertFalse(keep.masksSqlLiterals());
    assertEquals(
        "SELECT 'S3cr3t' AS pw FROM t WHERE token = '" + R + "'",
        keep.sql("SELECT 'S3cr3t' AS pw FROM t WHERE token = 'S4cr3t'"));
    assertEquals(
        io.headwater.spark.compat.SqlLiteralMasker.UNREADABLE,
        DEFAULT.sql("SELECT 'S3cr3t FROM t"));
  }

  @Test
  public void theSqlSparkQuotesInAnErrorLosesItsLiteralsUnlessKept() {
    String error =
        "[DIVIDE_BY_ZERO] Division by zero.\n== SQL (line 1, position 8) ==\n"
            + "SELECT 1 / 0, 'S3cr3t'\n       ^^^^^\n";
    assertTrue(DEFAULT.mayContainSecrets(error));
    assertEquals(
        "[DIVIDE_BY_ZERO] Division by zero.\n== SQL (line 1, position 8) ==\n"
            + "SELECT ? / ?, ?\n       ^^^^^\n",
        DEFAULT.text(error));
    assertEquals(error, DEFAULT.withSqlLiterals(SqlLiterals.KEEP).text(error));
  }

  @Test
  public void aPropertyWhoseKeyNamesASecretIsRedactedWhole() {
    assertEquals(R, DEFAULT.property("spark.hadoop.fs.s3a.secret.key", "AKIA-not-a-secret"));
    assertEquals(R, DEFAULT.property("spark.myapp.accessKey", "x"));
  }

  @Test
  public void aPropertyWhoseValueHoldsASecretIsRedactedWhole() {
    assertEquals(R, DEFAULT.property("spark.myconf", "url?user=u&password=hunter2"));
  }

  @Test
  public void otherPropertiesKeepTheirValue() {
    assertEquals("local[2]", DEFAULT.property("spark.master", "local[2]"));
  }

  @Test
  public void sparksOwnRedactionRegexDecidesWhichKeysAreSecret() {
    Redaction custom = Redaction.of(Map.of("spark.redaction.regex", "(?i)pin"), List.of());

    assertEquals(R, custom.property("spark.card.pin", "1234"));
    assertEquals("keep", custom.property("spark.card.number", "keep"));
  }

  @Test
  public void textLosesTheUrlPasswordAndCredentialParameters() {
    assertEquals(
        "cannot connect to jdbc:postgresql://bob:" + R + "@db:5432/shop",
        DEFAULT.text("cannot connect to jdbc:postgresql://bob:s3cretpw@db:5432/shop"));
    assertEquals(
        "GET https://api/x?token=" + R + "&page=2",
        DEFAULT.text("GET https://api/x?token=abc123&page=2"));
    assertEquals(
        "jdbc:sqlserver://db;user=sa;password=" + R,
        DEFAULT.text("jdbc:sqlserver://db;user=sa;password=Pa55"));
    assertEquals("https://maps/api?key=" + R, DEFAULT.text("https://maps/api?key=AIzaXYZ"));
  }

  @Test
  public void textLosesQuotedSecretsOfSqlOptionsAndJson() {
    String sql =
        "CREATE TABLE t USING jdbc OPTIONS (url 'jdbc:postgresql://db/shop', user 'bob',"
            + " password 'hunter2')";
    String redacted = DEFAULT.text(sql);

    assertTrue(redacted, redacted.contains("password '" + R + "'"));
    assertTrue(redacted, redacted.contains("user 'bob'"));
    assertFalse(redacted, redacted.contains("hunter2"));
    assertEquals(
        "SELECT * FROM t WHERE api_token = '" + R + "'",
        DEFAULT.text("SELECT * FROM t WHERE api_token = 'xyz-123'"));
    assertEquals("{\"password\": \"" + R + "\"}", DEFAULT.text("{\"password\": \"hunter2\"}"));
  }

  @Test
  public void stringRegexesOfSparkAndTheUserReplaceEveryMatch() {
    Redaction custom =
        Redaction.of(
            Map.of("spark.sql.redaction.string.regex", "ghp_[A-Za-z0-9]+"),
            List.of(Pattern.compile("sk-[a-z0-9]{8}")));

    assertTrue(custom.hasStringPatterns());
    assertEquals(
        "SELECT '" + R + "' AS a, '" + R + "' AS b",
        custom.text("SELECT 'ghp_Abc123' AS a, 'sk-abcdef12' AS b"));
  }

  @Test
  public void aQuotedValueThatMentionsASecretIsNotTakenForAKey() {
    String sql = "SELECT 'top secret' AS label, 'x' AS y FROM t WHERE note = 'the password'";

    assertEquals(sql, DEFAULT.text(sql));
  }

  @Test
  public void redactingTwiceChangesNothingMore() {
    Redaction custom = Redaction.of(Map.of(), List.of(Pattern.compile("S5[a-z]+")));
    String sql =
        "SELECT 'S5secret' AS mine FROM t WHERE 'x' <> 'api_token=S4tok' AND password = 'p'";
    String once = custom.text(sql);

    assertEquals(
        "SELECT '"
            + R
            + "' AS mine FROM t WHERE 'x' <> 'api_token="
            + R
            + "' AND password = '"
            + R
            + "'",
        once);
    assertEquals(once, custom.text(once));
  }

  @Test
  public void textWithoutSecretsIsUnchanged() {
    String sql = "SELECT carrier, sum(dep_delay) FROM flights WHERE origin = 'JFK' GROUP BY 1";

    assertEquals(sql, DEFAULT.text(sql));
    assertFalse(DEFAULT.mayContainSecrets(sql));
  }

  @Test
  public void namesLoseOnlyCredentials() {
    assertEquals("postgres://db:5432", DEFAULT.name("postgres://bob:hunter2@db:5432"));
    assertEquals(
        "s3a://bucket/data/flights", DEFAULT.name("s3a://AKIA:secret@bucket/data/flights"));
    assertEquals(
        "https://host/path?sig=" + R + "&sv=2024",
        DEFAULT.name("https://host/path?sig=abcdef&sv=2024"));
    assertEquals("/warehouse/password_resets", DEFAULT.name("/warehouse/password_resets"));
    assertEquals("shop.public.tokens", DEFAULT.name("shop.public.tokens"));
  }

  @Test
  public void mayContainSecretsIsNeverFalseWhenARuleApplies() {
    for (String text :
        List.of(
            "jdbc:postgresql://bob:pw@db/shop",
            "x?token=abc",
            "password 'p'",
            "{\"spark.hadoop.fs.s3a.secret.key\": \"v\"}",
            "PASSWD='p'",
            "Api.Key 'v'",
            "x?SIG=abc",
            "HTTPS://Bob:pw@host/x")) {
      assertTrue(text, DEFAULT.mayContainSecrets(text));
      assertTrue(
          text,
          !DEFAULT.text(text).equals(text)
              || !DEFAULT.name(text).equals(text)
              || text.contains("secret"));
    }
  }

  @Test
  public void aBadSparkRegexIsNamed() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Redaction.of(Map.of("spark.sql.redaction.string.regex", "(unclosed"), List.of()));

    assertTrue(e.getMessage(), e.getMessage().startsWith("spark.sql.redaction.string.regex: "));
  }
}
