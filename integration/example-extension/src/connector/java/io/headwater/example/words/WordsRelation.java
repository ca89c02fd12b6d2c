package io.headwater.example.words;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.sources.TableScan;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A words file as a relation: one column, {@code word STRING}; the scan reads the file as text, one
 * partition.
 */
public final class WordsRelation extends BaseRelation implements TableScan {
  private static final StructType SCHEMA =
      new StructType().add("word", DataTypes.StringType, false);
  private final SQLContext sqlContext;
  private final String name;
  private final String path;

  WordsRelation(SQLContext sqlContext, String name, String path) {
    this.sqlContext = sqlContext;
    this.name = name;
    this.path = path;
  }

  /** The words collection's logical name (the {@code name} option). */
  public String name() {
    return name;
  }

  /** The file (the {@code path} option). */
  public String path() {
    return path;
  }

  @Override
  public SQLContext sqlContext() {
    return sqlContext;
  }

  @Override
  public StructType schema() {
    return SCHEMA;
  }

  @Override
  public RDD<Row> buildScan() {
    return JavaSparkContext.fromSparkContext(sqlContext.sparkContext())
        .textFile(path, 1)
        .map(RowFactory::create)
        .rdd();
  }
}
