package io.headwater.spark.emit;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.openlineage.client.transports.HttpConfig;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The spool's format, pinned by {@code tests/resources/spool-format} (its README says how it was
 * made): {@link Spool} writes that directory byte for byte, and re-sending it walks the same states
 * as {@code headwater replay}'s reader does in {@code tests/test_spool_format.py}.
 */
public class SpoolFormatTest {
  private static final Path GOLDEN =
      Path.of("tests", "resources", "spool-format", "http-4dc23bf65b908d34");
  private static final String SEGMENT_1 = "00000000000000000001.jsonl";
  private static final String SEGMENT_2 = "00000000000000000002.jsonl";

  @Rule public TemporaryFolder folder = new TemporaryFolder();

  private Destination destination;
  private List<String> first;
  private List<String> second;

  @Before
  public void golden() throws IOException {
    HttpConfig http = new HttpConfig();
    http.setUrl(URI.create("http://127.0.0.1:5000"));
    destination = Destination.of(http);
    first = lines(GOLDEN.resolve(SEGMENT_1));
    second = lines(GOLDEN.resolve(SEGMENT_2));
  }

  @Test
  public void theSpoolWritesTheGoldenDirectoryByteForByte() throws IOException {
    long segmentBytes = bytes(first);
    Spool spool = new Spool(folder.getRoot().toPath(), destination, 1_000_000, segmentBytes);
    for (String event : first) {
      spool.append(event, false);
    }
    for (String event : second) {
      spool.append(event, false);
    }
    assertTrue(spool.beginReplay());
    for (int i = 0; i < 2; i++) {
      Spool.Entry entry = spool.head().orElseThrow();
      assertEquals(first.get(i), entry.json());
      spool.remove(entry);
    }
    spool.endReplay();
    spool.close();

    assertEquals(GOLDEN.getFileName(), spool.directory().getFileName());
    for (String file : List.of("destination.json", SEGMENT_1, SEGMENT_2, "cursor")) {
      assertArrayEquals(
          file,
          Files.readAllBytes(GOLDEN.resolve(file)),
          Files.readAllBytes(spool.directory().resolve(file)));
    }
  }

  @Test
  public void theGoldenDirectoryIsReSentThroughTheSameStatesAsPythonsReader() throws IOException {
    Path root = folder.getRoot().toPath();
    // as the agent leaves it: the directory 0700, its files 0600 (git keeps neither)
    Path directory = Files.createDirectories(root.resolve(GOLDEN.getFileName()));
    Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
    try (Stream<Path> files = Files.list(GOLDEN)) {
      for (Path file : files.collect(Collectors.toList())) {
        Path copy = directory.resolve(file.getFileName());
        Files.copy(file, copy);
        Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-------"));
      }
    }
    Spool spool = new Spool(root, destination, 1_000_000);
    assertTrue(spool.beginReplay());

    // the third event, the last of the first segment: the cursor moves to that segment's end
    Spool.Entry entry = spool.head().orElseThrow();
    assertEquals(List.of(SEGMENT_1, first.get(2)), List.of(entry.segment(), entry.json()));
    spool.remove(entry);
    assertEquals(cursor(SEGMENT_1, bytes(first)), read(directory.resolve("cursor")));
    assertTrue(Files.exists(directory.resolve(SEGMENT_1)));

    // the fourth, in the second segment: the first segment is deleted
    entry = spool.head().orElseThrow();
    assertEquals(
        List.of(SEGMENT_2, 0L, second.get(0)),
        List.of(entry.segment(), entry.start(), entry.json()));
    spool.remove(entry);
    assertEquals(cursor(SEGMENT_2, bytes(second.subList(0, 1))), read(directory.resolve("cursor")));
    assertFalse(Files.exists(directory.resolve(SEGMENT_1)));

    // the last one: the spool is emptied, only its description and lock files are left
    entry = spool.head().orElseThrow();
    assertEquals(second.get(1), entry.json());
    spool.remove(entry);
    assertTrue(spool.head().isEmpty());
    spool.endReplay();
    spool.close();
    try (Stream<Path> files = Files.list(directory)) {
      Set<String> left =
          files.map(file -> file.getFileName().toString()).collect(Collectors.toSet());
      assertTrue(left.toString(), left.contains("destination.json"));
      assertTrue(
          left.toString(), Set.of("destination.json", "lock", "replay.lock").containsAll(left));
    }
  }

  /** The cursor's record: the segment's name, a space, the offset in 20 digits, a newline. */
  private static String cursor(String segment, long offset) {
    return segment + " " + String.format("%020d", offset) + "\n";
  }

  private static String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  private static List<String> lines(Path segment) throws IOException {
    return new ArrayList<>(Files.readAllLines(segment, StandardCharsets.UTF_8));
  }

  /** The bytes of {@code events} as segment lines (UTF-8, each with its newline). */
  private static long bytes(List<String> events) {
    long total = 0;
    for (String event : events) {
      total += (event + "\n").getBytes(StandardCharsets.UTF_8).length;
    }
    return total;
  }
}
