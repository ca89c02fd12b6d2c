package io.headwater.spark.compat.spark42;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.CatalogAccess;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;

/**
 * {@link CatalogAccess} for Spark 4.2 and later, where {@code CatalogManager} is an interface
 * (calls on it are {@code invokeinterface}). The same source as {@code spark35.CatalogAccess35},
 * compiled against Spark 4.2: the difference is in the bytecode only.
 */
@Internal
public final class CatalogAccess42 implements CatalogAccess {
  @Override
  public boolean isRegistered(SparkSession session, String name) {
    return session.sessionState().catalogManager().isCatalogRegistered(name);
  }

  @Override
  public CatalogPlugin catalog(SparkSession session, String name) {
    return session.sessionState().catalogManager().catalog(name);
  }
}
