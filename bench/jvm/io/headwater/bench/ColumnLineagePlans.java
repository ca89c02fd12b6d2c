package io.headwater.bench;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.spark.sql.classic.SparkSession;

/**
 * The plans the benchmarks read, built to be hard for column lineage: a 1,000-column projection
 * (wide), a chain of 50 joins (deep) and a 200-branch {@code UNION ALL}. Each is an {@code INSERT
 * INTO} a session-catalog parquet table from empty source tables, which each builder creates when
 * missing. Only Spark is referenced here, so a driver with another agent attached (the memory
 * benchmark's openlineage-spark run, {@code bench/memory.py}) can build the same plans.
 */
public final class ColumnLineagePlans {
  /** Columns of the wide plan's source and output. */
  public static final int WIDE_COLUMNS = 1000;

  /** Joins of the deep plan (51 tables). */
  public static final int JOINS = 50;

  /** Branches of the union plan. */
  public static final int UNION_BRANCHES = 200;

  /**
   * One plan: its name for reports, its SQL and the number of fields its output's column-lineage
   * facet holds.
   */
  public record Plan(String name, String sql, int outputFields) {}

  private ColumnLineagePlans() {}

  /**
   * {@code INSERT INTO wide_out SELECT <1,000 expressions> FROM wide_src WHERE c0 > 0}: every
   * output column a different expression over one or two of the 1,000 source columns (arithmetic,
   * CASE WHEN, string functions).
   */
  public static Plan wide(SparkSession spark) {
    String columns =
        IntStream.range(0, WIDE_COLUMNS)
            .mapToObj(i -> "c" + i + " INT")
            .collect(Collectors.joining(", "));
    spark.sql("CREATE TABLE IF NOT EXISTS wide_src (" + columns + ") USING parquet");
    spark.sql("CREATE TABLE IF NOT EXISTS wide_out (" + columns + ") USING parquet");
    String select =
        IntStream.range(0, WIDE_COLUMNS)
            .mapToObj(
                i ->
                    switch (i % 4) {
                          case 0 -> "c" + i + " + 1";
                          case 1 ->
                              "CASE WHEN c"
                                  + i
                                  + " > 0 THEN c"
                                  + i
                                  + " ELSE c"
                                  + ((i + 1) % WIDE_COLUMNS)
                                  + " END";
                          case 2 -> "length(concat(CAST(c" + i + " AS STRING), 'x'))";
                          default -> "c" + i;
                        }
                        + " AS c"
                        + i)
            .collect(Collectors.joining(", "));
    return new Plan(
        "wide (1,000 columns)",
        "INSERT INTO wide_out SELECT " + select + " FROM wide_src WHERE c0 > 0",
        WIDE_COLUMNS);
  }

  /**
   * {@code INSERT INTO joins_out SELECT j0.k, j0.v0, ..., j50.v50 FROM j0 JOIN j1 ON j0.k = j1.k
   * ... JOIN j50}.
   */
  public static Plan joins(SparkSession spark) {
    for (int i = 0; i <= JOINS; i++) {
      spark.sql(
          "CREATE TABLE IF NOT EXISTS j" + i + " (k INT, v" + i + " STRING, w INT) USING parquet");
    }
    String outputs =
        IntStream.rangeClosed(0, JOINS)
            .mapToObj(i -> "v" + i + " STRING")
            .collect(Collectors.joining(", "));
    spark.sql("CREATE TABLE IF NOT EXISTS joins_out (k INT, " + outputs + ") USING parquet");
    StringBuilder sql = new StringBuilder("INSERT INTO joins_out SELECT j0.k");
    IntStream.rangeClosed(0, JOINS)
        .forEach(i -> sql.append(", j").append(i).append(".v").append(i));
    sql.append(" FROM j0");
    IntStream.rangeClosed(1, JOINS)
        .forEach(
            i -> sql.append(" JOIN j").append(i).append(" ON j0.k = j").append(i).append(".k"));
    return new Plan("deep (50 joins)", sql.toString(), JOINS + 2);
  }

  /**
   * {@code INSERT INTO union_out SELECT k, v FROM u0 UNION ALL ... UNION ALL SELECT k, v FROM
   * u199}.
   */
  public static Plan union(SparkSession spark) {
    for (int i = 0; i < UNION_BRANCHES; i++) {
      spark.sql("CREATE TABLE IF NOT EXISTS u" + i + " (k INT, v STRING) USING parquet");
    }
    spark.sql("CREATE TABLE IF NOT EXISTS union_out (k INT, v STRING) USING parquet");
    String branches =
        IntStream.range(0, UNION_BRANCHES)
            .mapToObj(i -> "SELECT k, upper(v) AS v FROM u" + i)
            .collect(Collectors.joining(" UNION ALL "));
    return new Plan("deep (200-branch union)", "INSERT INTO union_out " + branches, 2);
  }
}
