package io.headwater.spark.compat.spark41;

import io.headwater.spark.compat.CatalogAccess;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;

/** {@link CatalogAccess} for Spark up to 4.1, where {@code CatalogManager} is a class. */
public final class CatalogAccess41 implements CatalogAccess {
  @Override
  public boolean isRegistered(SparkSession session, String name) {
    return session.sessionState().catalogManager().isCatalogRegistered(name);
  }

  @Override
  public CatalogPlugin catalog(SparkSession session, String name) {
    return session.sessionState().catalogManager().catalog(name);
  }
}
