package io.headwater.spark.compat;

import io.headwater.spark.annotation.Internal;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.CatalogManager$;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;

/**
 * Spark-version seam for a session's catalogs: {@code CatalogManager} is a class up to Spark 4.1
 * and an interface from 4.2, so a call compiled against one fails to link on the other. Everything
 * the agent asks of the catalog manager goes through here.
 */
@Internal
public interface CatalogAccess {
  /**
   * The session catalog's name ({@code spark_catalog}), read from {@code CatalogManager}'s
   * companion object, a class in every version.
   */
  default String sessionCatalogName() {
    return CatalogManager$.MODULE$.SESSION_CATALOG_NAME();
  }

  /** True when {@code name} is the session catalog's name (any case). */
  default boolean isSessionCatalog(String name) {
    return sessionCatalogName().equalsIgnoreCase(name);
  }

  /** True when {@code session} has a catalog registered as {@code name}. */
  boolean isRegistered(SparkSession session, String name);

  /**
   * True when {@code name} is a catalog of {@code session}: the session catalog, or a catalog
   * configured as {@code spark.sql.catalog.<name>} (the only way Spark registers another one) that
   * the catalog manager has. Use it rather than {@link #isRegistered} for names that are mostly no
   * catalog (a file dataset's namespace): the manager answers those by throwing and catching an
   * exception, which a profile showed among the agent's larger costs (docs/performance.md). A
   * configured catalog that cannot be loaded is none.
   */
  default boolean isCatalog(SparkSession session, String name) {
    if (!isSessionCatalog(name) && !session.conf().contains("spark.sql.catalog." + name)) {
      return false;
    }
    try {
      return isRegistered(session, name);
    } catch (Exception cannotBeLoaded) { // Spark's (checked) SparkException: e.g. no such class
      return false;
    }
  }

  /**
   * The catalog {@code name} of {@code session}.
   *
   * @throws RuntimeException (Spark's) when no such catalog can be loaded
   */
  CatalogPlugin catalog(SparkSession session, String name);
}
