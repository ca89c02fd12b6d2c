package io.headwater.spark.naming;

import io.headwater.spark.annotation.Internal;
import java.net.URI;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;

/**
 * The Hive metastore a session's catalog names its tables by, found as the OpenLineage Spark
 * integration finds it: only when the session catalog is Hive's ({@code
 * spark.sql.catalogImplementation=hive}); then the Spark setting {@code
 * spark.sql.hive.metastore.uris}, else the Spark setting {@code hive.metastore.uris}, else Hadoop's
 * {@code hive.metastore.uris}; of a comma-separated list, the first entry.
 */
@Internal
public final class HiveMetastore {
  private HiveMetastore() {}

  /**
   * The metastore as a {@code hive://host:port} URI (the scheme replaced by {@code hive}, path and
   * query dropped, e.g. {@code thrift://metastore:9083} gives {@code hive://metastore:9083}); empty
   * when no metastore is configured, the catalog is not Hive's, or the first entry is not a URI
   * with an authority.
   */
  public static Optional<String> of(SparkContext context) {
    return of(context.getConf(), context.hadoopConfiguration());
  }

  /**
   * As {@link #of(SparkContext)}, from a Spark configuration and a Hadoop one.
   *
   * @param conf the Spark configuration
   * @param hadoop the Hadoop configuration (Spark's {@code spark.hadoop.*} settings applied)
   */
  public static Optional<String> of(SparkConf conf, Configuration hadoop) {
    if (!"hive".equals(conf.get("spark.sql.catalogImplementation", "in-memory"))) {
      return Optional.empty();
    }
    String uris =
        conf.get(
            "spark.sql.hive.metastore.uris",
            conf.get("hive.metastore.uris", hadoop.get("hive.metastore.uris")));
    if (uris == null || uris.isBlank()) {
      return Optional.empty();
    }
    try {
      String authority = URI.create(uris.split(",")[0].trim()).getAuthority();
      return authority == null ? Optional.empty() : Optional.of("hive://" + authority);
    } catch (IllegalArgumentException notAUri) {
      return Optional.empty();
    }
  }
}
