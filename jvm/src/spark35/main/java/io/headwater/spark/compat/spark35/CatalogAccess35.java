package io.headwater.spark.compat.spark35;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.compat.CatalogAccess;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;

/**
 * {@link CatalogAccess} for Spark 3.5 to 4.1, where {@code CatalogManager} is a class (calls on it
 * are {@code invokevirtual}, which fails to link once it became an interface in 4.2).
 */
@Internal
public final class CatalogAccess35 implements CatalogAccess {
  @Override
  public boolean isRegistered(SparkSession session, String name) {
    return session.sessionState().catalogManager().isCatalogRegistered(name);
  }

  @Override
  public CatalogPlugin catalog(SparkSession session, String name) {
    return session.sessionState().catalogManager().catalog(name);
  }
}
