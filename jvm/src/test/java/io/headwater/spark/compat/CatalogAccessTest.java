package io.headwater.spark.compat;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.junit.LocalSpark;
import io.headwater.spark.versions.SparkVersions;
import org.apache.spark.sql.SparkSession;
import org.junit.Test;

/** {@link CatalogAccess#isCatalog} on the shared local session and its configured catalogs. */
public class CatalogAccessTest {
  private final CatalogAccess catalogs = SparkVersions.catalogs();
  private final SparkSession session = LocalSpark.session();

  @Test
  public void theSessionCatalogIsACatalogInAnyCase() {
    assertTrue(catalogs.isCatalog(session, "spark_catalog"));
    assertTrue(catalogs.isCatalog(session, "SPARK_CATALOG"));
  }

  @Test
  public void aConfiguredCatalogIsOne() {
    assertTrue(catalogs.isCatalog(session, "testcat"));
    assertTrue(catalogs.isCatalog(session, "iceberg"));
  }

  @Test
  public void aFileNamespaceOrAnUnknownNameIsNone() {
    assertFalse(catalogs.isCatalog(session, "file"));
    assertFalse(catalogs.isCatalog(session, "hdfs://namenode:8020"));
    assertFalse(catalogs.isCatalog(session, "nosuchcatalog"));
  }

  @Test
  public void aCatalogConfiguredWithAClassThatIsNotThereIsNone() {
    session.conf().set("spark.sql.catalog.broken", "com.example.NoSuchCatalog");
    try {
      assertFalse(catalogs.isCatalog(session, "broken"));
    } finally {
      session.conf().unset("spark.sql.catalog.broken");
    }
  }
}
