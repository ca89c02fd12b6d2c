package io.headwater.spark.naming;

import static org.junit.Assert.assertEquals;

import io.headwater.spark.config.JobNameStyle;
import java.util.Optional;
import org.junit.Test;

/**
 * The output suffix of job names in both styles (the plan parts are checked against real plans and
 * against openlineage-spark itself in integration/test_peer_parity.py).
 */
public class JobNamesTest {
  private static final Optional<String> TABLE = Optional.of("default_t1");
  private static final Optional<String> LOCATION = Optional.of("/tmp/warehouse/t1");

  @Test
  public void headwaterKeepsTheVisitorsSuffix() {
    for (String part :
        new String[] {
          "execute_insert_into_hadoop_fs_relation_command", "drop_table", "append_data"
        }) {
      assertEquals(TABLE, JobNames.suffix(JobNameStyle.HEADWATER, part, TABLE, LOCATION, false));
    }
    assertEquals(TABLE, JobNames.suffix(JobNameStyle.HEADWATER, "scan_csv", TABLE, LOCATION, true));
  }

  @Test
  public void openlineageTakesTableInsertSuffixesFromTheLocation() {
    assertEquals(
        Optional.of("warehouse_t1"),
        JobNames.suffix(
            JobNameStyle.OPENLINEAGE,
            "execute_insert_into_hadoop_fs_relation_command",
            TABLE,
            LOCATION,
            false));
    assertEquals(
        Optional.of("warehouse_t1"),
        JobNames.suffix(
            JobNameStyle.OPENLINEAGE, "execute_create_table_command", TABLE, LOCATION, false));
  }

  @Test
  public void openlineageDropsTheSuffixOfDropTableAndStreamingRuns() {
    assertEquals(
        Optional.empty(),
        JobNames.suffix(JobNameStyle.OPENLINEAGE, "drop_table", TABLE, LOCATION, false));
    assertEquals(
        Optional.empty(),
        JobNames.suffix(JobNameStyle.OPENLINEAGE, "scan_csv", TABLE, LOCATION, true));
  }

  @Test
  public void openlineageNamesHiveInsertsTruncateAndAlterAsTheIntegrationDoes() {
    for (String part :
        new String[] {"execute_insert_into_hive_table", "execute_truncate_table_command"}) {
      assertEquals(
          Optional.of("warehouse_t1"),
          JobNames.suffix(JobNameStyle.OPENLINEAGE, part, TABLE, LOCATION, false));
    }
    for (String part :
        new String[] {
          "execute_alter_table_add_columns_command", "execute_alter_table_rename_command"
        }) {
      assertEquals(
          Optional.empty(),
          JobNames.suffix(JobNameStyle.OPENLINEAGE, part, TABLE, LOCATION, false));
      assertEquals(TABLE, JobNames.suffix(JobNameStyle.HEADWATER, part, TABLE, LOCATION, false));
    }
  }

  @Test
  public void openlineageKeepsOtherSuffixes() {
    assertEquals(
        TABLE,
        JobNames.suffix(
            JobNameStyle.OPENLINEAGE,
            "execute_create_data_source_table_as_select_command",
            TABLE,
            LOCATION,
            false));
    // no output to take a location from: the visitor's suffix
    assertEquals(
        TABLE,
        JobNames.suffix(
            JobNameStyle.OPENLINEAGE,
            "execute_insert_into_hadoop_fs_relation_command",
            TABLE,
            Optional.empty(),
            false));
  }

  @Test
  public void styleNamesParseInAnyCaseAndBadOnesAreNamed() {
    assertEquals(JobNameStyle.OPENLINEAGE, JobNameStyle.parse(" OpenLineage "));
    assertEquals(JobNameStyle.HEADWATER, JobNameStyle.parse("headwater"));
    IllegalArgumentException bad =
        org.junit.Assert.assertThrows(
            IllegalArgumentException.class, () -> JobNameStyle.parse("marquez"));
    assertEquals("'marquez' is neither headwater nor openlineage", bad.getMessage());
  }
}
