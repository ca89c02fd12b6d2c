package io.headwater.spark.junit;

import java.nio.file.Path;

/**
 * The Apache Iceberg table the V2 visitors' tests share, written once per JVM in the Hadoop catalog
 * {@code iceberg} ({@link LocalSpark}): {@code iceberg.db.events (a BIGINT, b STRING)}, format
 * version 2, two rows in one snapshot; {@code DELETE} rewrites files (copy-on-write: Spark's {@code
 * ReplaceData}), {@code UPDATE} writes deltas (merge-on-read: {@code WriteDelta}).
 */
public final class IcebergTables {
  /** The table's name in Spark SQL. */
  public static final String EVENTS = "iceberg.db.events";

  private static String snapshot;

  private IcebergTables() {}

  /** Creates the table when it does not exist yet, and returns its name. */
  public static synchronized String events() {
    if (snapshot == null) {
      LocalSpark.session()
          .sql(
              "CREATE TABLE "
                  + EVENTS
                  + " (a BIGINT, b STRING) TBLPROPERTIES ('format-version' = '2',"
                  + " 'write.delete.mode' = 'copy-on-write', 'write.update.mode' ="
                  + " 'merge-on-read')");
      LocalSpark.session().sql("INSERT INTO " + EVENTS + " VALUES (1, 'x'), (2, 'y')");
      snapshot =
          Long.toString(
              LocalSpark.session()
                  .sql("SELECT snapshot_id FROM " + EVENTS + ".snapshots")
                  .first()
                  .getLong(0));
    }
    return EVENTS;
  }

  /** The id of the table's one snapshot. */
  public static synchronized String snapshotId() {
    events();
    return snapshot;
  }

  /** Where the Hadoop catalog keeps the table: {@code <warehouse>/db/events}. */
  public static Path location() {
    return LocalSpark.ROOT.resolve("iceberg").resolve("db").resolve("events");
  }
}
