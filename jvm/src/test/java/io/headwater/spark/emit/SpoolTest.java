package io.headwater.spark.emit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import io.openlineage.client.transports.FileConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** The spool's files: order, atomic records, torn lines, its limit, its cursor and its locks. */
public class SpoolTest {
  @Rule public TemporaryFolder folder = new TemporaryFolder();

  private Path root;
  private Destination destination;

  @Before
  public void paths() {
    root = folder.getRoot().toPath().resolve("spool");
    destination = Destination.of(new FileConfig("/data/lineage/events.jsonl"));
  }

  private Spool spool() {
    return new Spool(root, destination, 1_000_000, 64);
  }

  private static List<String> drain(Spool spool) throws IOException {
    List<String> out = new ArrayList<>();
    assertTrue(spool.beginReplay());
    try {
      for (Optional<Spool.Entry> head = spool.head(); head.isPresent(); head = spool.head()) {
        out.add(head.get().json());
        spool.remove(head.get());
      }
    } finally {
      spool.endReplay();
    }
    return out;
  }

  private List<Path> segments() throws IOException {
    try (Stream<Path> files = Files.list(spool().directory())) {
      return files
          .filter(f -> f.toString().endsWith(".jsonl"))
          .sorted()
          .collect(Collectors.toList());
    }
  }

  @Test
  public void nothingIsCreatedUntilTheFirstRecord() {
    Spool spool = spool();

    assertFalse(spool.mayHaveRecords());
    assertFalse(Files.exists(root));
  }

  @Test
  public void recordsComeBackInOrderAcrossSegmentsAndAreRemovedOnceTaken() throws IOException {
    Spool spool = spool();
    for (int i = 0; i < 10; i++) {
      spool.append("{\"n\":" + i + ",\"pad\":\"" + "x".repeat(20) + "\"}", true);
    }
    assertTrue("segments of 64 bytes: several", segments().size() > 3);

    List<String> records = drain(spool);

    assertEquals(10, records.size());
    for (int i = 0; i < 10; i++) {
      assertTrue(records.get(i), records.get(i).startsWith("{\"n\":" + i + ","));
    }
    assertFalse(spool.mayHaveRecords());
    assertEquals("an emptied spool keeps no segment", List.of(), segments());
    assertTrue(Files.exists(spool.directory().resolve("destination.json")));
  }

  @Test
  public void theCursorSurvivesAnotherProcessPickingUp() throws IOException {
    Spool first = spool();
    first.append("{\"n\":1}", true);
    first.append("{\"n\":2}", true);
    assertTrue(first.beginReplay());
    first.remove(first.head().orElseThrow());
    first.endReplay();
    first.close();

    Spool second = spool();
    assertTrue(second.mayHaveRecords());
    assertEquals(List.of("{\"n\":2}"), drain(second));
  }

  @Test
  public void aTornLastLineIsNeverReadAndIsCutOffByTheNextAppend() throws IOException {
    Spool spool = spool();
    spool.append("{\"n\":1}", true);
    Path segment = segments().get(segments().size() - 1);
    Files.write(
        segment, "{\"n\":2, \"tor".getBytes(StandardCharsets.UTF_8), StandardOpenOption.APPEND);

    Spool reader = spool();
    assertTrue(reader.beginReplay());
    Spool.Entry head = reader.head().orElseThrow();
    assertEquals("{\"n\":1}", head.json());
    reader.remove(head);
    assertEquals("the torn line is not a record", Optional.empty(), reader.head());
    reader.endReplay();

    reader.append("{\"n\":3}", true);
    assertEquals(List.of("{\"n\":3}"), drain(reader));
  }

  @Test
  public void aFullSpoolRefusesTheRecordAndKeepsWhatItHas() throws IOException {
    Spool spool = new Spool(root, destination, 40, 1 << 20);
    spool.append("{\"n\":1,\"pad\":\"xxxxxxxxxx\"}", true);

    Spool.FullException e =
        assertThrows(
            Spool.FullException.class,
            () -> spool.append("{\"n\":2,\"pad\":\"xxxxxxxxxx\"}", true));

    assertTrue(e.getMessage(), e.getMessage().contains("spool.maxBytes=40"));
    assertEquals(List.of("{\"n\":1,\"pad\":\"xxxxxxxxxx\"}"), drain(spool));
  }

  @Test
  public void onlyOneSpoolObjectReplaysAtATime() throws IOException {
    Spool one = spool();
    Spool two = spool();
    one.append("{\"n\":1}", true);

    assertTrue(one.beginReplay());
    assertFalse("the other one must wait its turn", two.beginReplay());
    one.endReplay();
    one.close();
    assertTrue(two.beginReplay());
    two.endReplay();
  }

  @Test
  public void theSameDestinationGetsTheSameDirectoryWhateverItsCredentials() {
    io.openlineage.client.transports.HttpConfig a =
        new io.openlineage.client.transports.HttpConfig();
    a.setUrl(java.net.URI.create("http://lineage:5000/"));
    io.openlineage.client.transports.HttpConfig b =
        new io.openlineage.client.transports.HttpConfig();
    b.setUrl(java.net.URI.create("http://lineage:5000"));
    b.setEndpoint("/api/v1/lineage");
    b.setHeaders(java.util.Map.of("Authorization", "Bearer other"));
    io.openlineage.client.transports.HttpConfig c =
        new io.openlineage.client.transports.HttpConfig();
    c.setUrl(java.net.URI.create("http://lineage:5001"));

    assertEquals(Destination.of(a).id(), Destination.of(b).id());
    assertFalse(Destination.of(a).id().equals(Destination.of(c).id()));
    assertTrue(Destination.of(a).id().startsWith("http-"));
  }
}
