package io.headwater.spark.junit;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;

/**
 * The Delta Lake table the Delta visitors' tests share, written once per JVM (a Delta commit costs
 * seconds): {@code (a BIGINT, b STRING)} with three rows at version 0, written with {@code
 * df.write.format("delta").save(path)} and then registered in the session catalog as {@code
 * default.delta_events} (an external table at that path), so that it can be named both ways: {@code
 * delta_events} and {@code delta.`path`}.
 */
public final class DeltaTables {
  /** The catalog table. */
  public static final String CATALOG_TABLE = "delta_events";

  private static String path;
  private static SaveIntoDataSourceCommand save;

  private DeltaTables() {}

  /** The absolute path of the table. */
  public static synchronized String path() {
    save();
    return path;
  }

  /** {@link #CATALOG_TABLE}, registered on first use. */
  public static synchronized String catalogTable() {
    save();
    return CATALOG_TABLE;
  }

  /** The command of {@code df.write.format("delta").save(path)} that wrote the table. */
  public static synchronized SaveIntoDataSourceCommand save() {
    if (save == null) {
      SparkSession spark = LocalSpark.session();
      String location = LocalSpark.newDirectory("delta").resolve("events").toString();
      Dataset<Row> rows = spark.range(3).selectExpr("id AS a", "CAST(id AS STRING) AS b");
      save =
          Executions.root(
              SaveIntoDataSourceCommand.class, () -> rows.write().format("delta").save(location));
      spark.sql("CREATE TABLE " + CATALOG_TABLE + " USING delta LOCATION '" + location + "'");
      path = location;
    }
    return save;
  }
}
