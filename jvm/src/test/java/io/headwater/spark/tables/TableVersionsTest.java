package io.headwater.spark.tables;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;

import io.headwater.spark.junit.BuiltInConnectors;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Table versions as the built-in connectors read them ({@code Connector#tableVersion}: Delta's in
 * connectors.delta, Iceberg's in connectors.v2) from the files of Delta and Iceberg tables laid out
 * as those formats lay them out, and attached by {@link TableVersions} (the end-to-end tests check
 * the same against tables Delta 4.4 and Iceberg 1.12 wrote: test_delta_lineage.py,
 * test_iceberg_lineage.py).
 */
public class TableVersionsTest {
  private static final Configuration CONF = new Configuration();
  private static final OpenLineage OL = new OpenLineage(URI.create("https://example.com/test"));

  @Rule public TemporaryFolder folder = new TemporaryFolder();

  private static void write(Path file, String content) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }

  private static Optional<String> versionOf(Path table) {
    return version("file", table.toString());
  }

  private static Optional<String> version(String namespace, String name) {
    return BuiltInConnectors.registry().tableVersion(namespace, name, CONF);
  }

  @Test
  public void deltaVersionIsTheHighestCommitInTheLog() throws IOException {
    Path table = folder.newFolder("delta").toPath();
    for (String file :
        List.of(
            "00000000000000000000.json",
            "00000000000000000001.json",
            "00000000000000000010.json",
            "00000000000000000010.checkpoint.parquet",
            "_last_checkpoint")) {
      write(table.resolve("_delta_log").resolve(file), "{}");
    }
    write(table.resolve("part-00000.parquet"), "");

    assertEquals(Optional.of("10"), versionOf(table));
  }

  @Test
  public void icebergHadoopTableVersionIsTheHintedMetadataFilesCurrentSnapshot()
      throws IOException {
    Path metadata = folder.newFolder("ice").toPath().resolve("metadata");
    write(metadata.resolve("version-hint.text"), "2\n");
    write(
        metadata.resolve("v1.metadata.json"), "{\"format-version\":2,\"current-snapshot-id\":11}");
    write(
        metadata.resolve("v2.metadata.json"),
        "{\"format-version\":2,\"schemas\":[{\"fields\":[{\"id\":1}]}],\"current-snapshot-id\":4242,"
            + "\"snapshots\":[{\"snapshot-id\":11},{\"snapshot-id\":4242}]}");

    assertEquals(Optional.of("4242"), versionOf(metadata.getParent()));
  }

  @Test
  public void icebergTableWithoutSnapshotHasNoVersion() throws IOException {
    Path metadata = folder.newFolder("empty").toPath().resolve("metadata");
    write(metadata.resolve("version-hint.text"), "1");
    write(
        metadata.resolve("v1.metadata.json"),
        "{\"format-version\":2,\"current-snapshot-id\":-1,\"snapshots\":[]}");

    assertEquals(Optional.empty(), versionOf(metadata.getParent()));
  }

  @Test
  public void icebergMetastoreTableVersionIsTheNewestMetadataFileWithGzipRead() throws IOException {
    Path metadata = folder.newFolder("hive").toPath().resolve("metadata");
    write(metadata.resolve("00001-aaaa.metadata.json"), "{\"current-snapshot-id\":1}");
    Files.createDirectories(metadata);
    try (OutputStream out =
        new GZIPOutputStream(
            Files.newOutputStream(metadata.resolve("00002-bbbb.gz.metadata.json")))) {
      out.write("{\"location\":\"x\",\"current-snapshot-id\":2}".getBytes(StandardCharsets.UTF_8));
    }

    assertEquals(Optional.of("2"), versionOf(metadata.getParent()));
  }

  @Test
  public void otherLocationsAndNamespacesHaveNoVersion() throws IOException {
    Path plain = folder.newFolder("parquet").toPath();
    write(plain.resolve("part-00000.parquet"), "");

    assertEquals(Optional.empty(), versionOf(plain));
    assertEquals(Optional.empty(), versionOf(plain.resolve("missing")));
    assertEquals(Optional.empty(), version("postgres://db:5432", "shop.public.orders"));
    assertEquals(Optional.empty(), version("testcat", "ns.t"));
  }

  @Test
  public void attachSetsTheVersionFacetButNotOnDroppedTables() throws IOException {
    Path table = folder.newFolder("t").toPath();
    write(table.resolve("_delta_log").resolve("00000000000000000003.json"), "{}");
    OpenLineage.OutputDataset written =
        OL.newOutputDatasetBuilder()
            .namespace("file")
            .name(table.toString())
            .facets(
                OL.newDatasetFacetsBuilder().schema(OL.newSchemaDatasetFacet(List.of())).build())
            .build();
    OpenLineage.OutputDataset dropped =
        OL.newOutputDatasetBuilder()
            .namespace("file")
            .name(table.toString())
            .facets(
                OL.newDatasetFacetsBuilder()
                    .lifecycleStateChange(
                        OL.newLifecycleStateChangeDatasetFacet(LifecycleStateChange.DROP, null))
                    .build())
            .build();

    List<OpenLineage.OutputDataset> result =
        TableVersions.attach(OL, List.of(written, dropped), TableVersionsTest::version);

    assertEquals("3", result.get(0).getFacets().getVersion().getDatasetVersion());
    assertEquals(written.getFacets().getSchema(), result.get(0).getFacets().getSchema());
    assertSame(dropped, result.get(1));
    assertNull(result.get(1).getFacets().getVersion());
  }
}
