package io.headwater.spark.naming;

import static org.junit.Assert.assertEquals;

import io.openlineage.client.utils.DatasetIdentifier;
import java.net.URI;
import org.junit.Test;

/** Dataset identities of file-system locations, by the OpenLineage naming spec. */
public class FileDatasetNamesTest {
  private static void assertIdentity(String location, String namespace, String name) {
    DatasetIdentifier id = FileDatasetNames.of(URI.create(location));
    assertEquals(location + " namespace", namespace, id.getNamespace());
    assertEquals(location + " name", name, id.getName());
  }

  @Test
  public void localFiles() {
    assertIdentity("file:/a/b/", "file", "/a/b");
    assertIdentity("file:///a/b", "file", "/a/b");
    assertIdentity("/a/b", "file", "/a/b");
    assertIdentity("/a/b//", "file", "/a/b");
    assertIdentity("file:/", "file", "/");
  }

  @Test
  public void hdfsKeepsHostAndPortInTheNamespace() {
    assertIdentity("hdfs://nn:8020/a", "hdfs://nn:8020", "/a");
    assertIdentity("hdfs://nn:8020/a/b/", "hdfs://nn:8020", "/a/b");
  }

  @Test
  public void s3SchemesShareOneNamespaceAndTheKeyIsTheName() {
    assertIdentity("s3a://bucket/key/x", "s3://bucket", "key/x");
    assertIdentity("s3n://bucket/key/x", "s3://bucket", "key/x");
    assertIdentity("s3://bucket/key/x/", "s3://bucket", "key/x");
  }

  @Test
  public void gcsAndAzure() {
    assertIdentity("gs://b/x", "gs://b", "x");
    assertIdentity(
        "abfss://c@acct.dfs.core.windows.net/x", "abfss://c@acct.dfs.core.windows.net", "x");
  }

  @Test
  public void trailingPartitionDirectoriesAreTrimmed() {
    assertEquals("/d/t", FileDatasetNames.trimPartitions("/d/t/a=1/b=2"));
    assertEquals("/d/t", FileDatasetNames.trimPartitions("/d/t/a=1/b=2/"));
    assertEquals("/d/t", FileDatasetNames.trimPartitions("/d/t"));
    assertEquals("only trailing ones", "/d/a=1/t", FileDatasetNames.trimPartitions("/d/a=1/t"));
  }

  @Test
  public void trimsDatedDirectoriesAsOpenLineageSparkDoes() {
    assertEquals("/data/rdd_output", FileDatasetNames.trimPartitions("/data/rdd_output/20251030"));
    assertEquals("/data/out", FileDatasetNames.trimPartitions("/data/out/2025-10-30"));
    assertEquals("/data/out", FileDatasetNames.trimPartitions("/data/out/30.10.2025"));
    assertEquals("/data/out", FileDatasetNames.trimPartitions("/data/out/2025-10-30T12:00Z"));
    assertEquals("/data/out", FileDatasetNames.trimPartitions("/data/out/202510"));
    assertEquals("/data/out", FileDatasetNames.trimPartitions("/data/out/2025-10"));
    assertEquals("/data/out", FileDatasetNames.trimPartitions("/data/out/2025/10/30"));
    assertEquals("/data/out", FileDatasetNames.trimPartitions("/data/out/2025/10"));
    assertEquals("/data/out", FileDatasetNames.trimPartitions("/data/out/day=20251030/20251030"));
    assertEquals(
        "not a date", "/data/out/20251399", FileDatasetNames.trimPartitions("/data/out/20251399"));
    assertEquals(
        "a name beside", "/data/v20251030x", FileDatasetNames.trimPartitions("/data/v20251030x"));
    assertEquals("one segment", "/20251030", FileDatasetNames.trimPartitions("/20251030"));
    assertEquals("tmp_rdd_c", FileDatasetNames.jobNameSuffix("/tmp/rdd_c/20251030"));
  }

  @Test
  public void jobNameSuffixIsTheLastTwoSegments() {
    assertEquals("tmp_out", FileDatasetNames.jobNameSuffix("/tmp/out"));
    assertEquals("out", FileDatasetNames.jobNameSuffix("/out"));
    assertEquals(
        "warehouse_flights",
        FileDatasetNames.jobNameSuffix("/data/warehouse/flights/origin=JFK/month=1"));
  }
}
