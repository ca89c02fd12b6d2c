package io.headwater.spark.naming;

import static org.junit.Assert.assertEquals;

import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import org.junit.Test;

/**
 * {@link HiveMetastore}: the metastore as the OpenLineage Spark integration finds it, in its order
 * of precedence.
 */
public class HiveMetastoreTest {
  private static SparkConf hive() {
    return new SparkConf(false).set("spark.sql.catalogImplementation", "hive");
  }

  private static Configuration hadoop(String uris) {
    Configuration configuration = new Configuration(false);
    if (uris != null) {
      configuration.set("hive.metastore.uris", uris);
    }
    return configuration;
  }

  @Test
  public void theSparkSqlSettingComesFirst() {
    SparkConf conf =
        hive()
            .set("spark.sql.hive.metastore.uris", "thrift://metastore:9083,thrift://other:9083")
            .set("hive.metastore.uris", "thrift://spark-setting:9083");

    assertEquals(
        Optional.of("hive://metastore:9083"),
        HiveMetastore.of(conf, hadoop("thrift://hadoop:9083")));
  }

  @Test
  public void thenTheSparkSettingThenHadoops() {
    assertEquals(
        Optional.of("hive://spark-setting:9083"),
        HiveMetastore.of(
            hive().set("hive.metastore.uris", "thrift://spark-setting:9083"),
            hadoop("thrift://hadoop:9083")));
    assertEquals(
        Optional.of("hive://hadoop:9084"),
        HiveMetastore.of(hive(), hadoop("thrift://hadoop:9084")));
  }

  @Test
  public void noneWithoutHiveSupportOrASetting() {
    assertEquals(
        Optional.empty(),
        HiveMetastore.of(
            new SparkConf(false).set("spark.sql.hive.metastore.uris", "thrift://metastore:9083"),
            hadoop(null)));
    assertEquals(Optional.empty(), HiveMetastore.of(hive(), hadoop(null)));
    assertEquals(Optional.empty(), HiveMetastore.of(hive(), hadoop("not a uri")));
  }
}
