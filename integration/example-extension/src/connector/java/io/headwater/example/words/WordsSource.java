package io.headwater.example.words;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.sources.CreatableRelationProvider;
import org.apache.spark.sql.sources.RelationProvider;
import scala.collection.immutable.Map;

/**
 * A tiny Spark data source (DataSource V1) for "words" files, one word per line, standing in for a
 * connector Headwater knows nothing about: {@code
 * spark.read.format("io.headwater.example.words.WordsSource") .option("name",
 * "greetings").option("path", "/tmp/greetings.txt").load()} reads a one-column ({@code word})
 * table; {@code df.write.format(...).option(...).save()} writes the first column of {@code df}
 * (strings), one row a line.
 *
 * <p>Options: {@code path} (the file, required) and {@code name} (the words collection's logical
 * name, required).
 */
public final class WordsSource implements RelationProvider, CreatableRelationProvider {
  @Override
  public BaseRelation createRelation(SQLContext sqlContext, Map<String, String> parameters) {
    return new WordsRelation(sqlContext, option(parameters, "name"), option(parameters, "path"));
  }

  @Override
  public BaseRelation createRelation(
      SQLContext sqlContext, SaveMode mode, Map<String, String> parameters, Dataset<Row> data) {
    Path file = Path.of(option(parameters, "path"));
    List<String> words = data.collectAsList().stream().map(row -> row.getString(0)).toList();
    try {
      Files.write(file, words, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write words file " + file, e);
    }
    return createRelation(sqlContext, parameters);
  }

  /** The value of a required option. */
  static String option(Map<String, String> parameters, String key) {
    if (!parameters.contains(key)) {
      throw new IllegalArgumentException("the words data source needs the option '" + key + "'");
    }
    return parameters.apply(key);
  }
}
