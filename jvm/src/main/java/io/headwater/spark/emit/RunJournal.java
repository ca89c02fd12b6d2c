package io.headwater.spark.emit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The runs this process has open, kept in the spool so that a JVM killed outright (SIGKILL, the OOM
 * killer, a lost container) does not leave them open for ever: at the next application start with
 * the same spool, each run still open in the journal of a process that is gone gets one ABORT
 * ({@code errorMessage}: the application was killed; {@code eventTime}: the last time the journal
 * saw the process alive).
 *
 * <p>One file per process and application, {@code <spool.dir>/runs/<host>-<pid>-<process start
 * millis>-<n>.json} (0600, in a 0700 directory, checked as {@link SpoolFiles} says): {@code
 * lastAlive} and, for each open run, its id, job namespace and name, the START's producer, event
 * time, {@code parent} facet and {@code jobType} facet. It is rewritten (write, then rename) when a
 * run starts or ends, and every {@value #ALIVE_SECONDS} s while the process lives; deleted when the
 * application ends. When it cannot be written (a full disk), it is deleted — a run must never be
 * aborted after it ended — and written again at the next change.
 *
 * <p>A process takes a dead process's journal by renaming it (one process wins), emits its ABORTs
 * and deletes it; journals of other hosts and of processes still alive are left alone. Runs on the
 * emission thread only.
 */
final class RunJournal {
  static final String DIRECTORY = "runs";
  static final long ALIVE_SECONDS = 5;

  private static final ObjectMapper MAPPER = OpenLineageClientUtils.newObjectMapper();
  private static final String SUFFIX = ".json";
  private static final String CLAIMED = ".claimed";
  private static final long PROCESS_START =
      ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli).orElse(0L);
  private static final AtomicInteger SEQUENCE = new AtomicInteger();
  private static final String HOST = hostName();

  private final Path root;
  private final Path dir;
  private final Path file;
  private final Map<UUID, ObjectNode> open = new LinkedHashMap<>();
  private long writtenAtMillis;
  private boolean dirty;

  /**
   * The journal of this application under the spool root {@code root}; nothing is made until a run
   * starts.
   */
  RunJournal(Path root) {
    this.root = root;
    this.dir = root.resolve(DIRECTORY);
    this.file =
        dir.resolve(
            HOST
                + "-"
                + ProcessHandle.current().pid()
                + "-"
                + PROCESS_START
                + "-"
                + SEQUENCE.incrementAndGet()
                + SUFFIX);
  }

  /** Notes what {@code event} says about its run: open after START, closed after its end. */
  synchronized void record(OpenLineage.RunEvent event) {
    OpenLineage.RunEvent.EventType type = event.getEventType();
    UUID runId = event.getRun().getRunId();
    if (type == OpenLineage.RunEvent.EventType.START) {
      open.put(runId, entry(event));
      dirty = true;
    } else if (type == OpenLineage.RunEvent.EventType.COMPLETE
        || type == OpenLineage.RunEvent.EventType.FAIL
        || type == OpenLineage.RunEvent.EventType.ABORT) {
      dirty |= open.remove(runId) != null;
    }
    if (dirty) {
      write();
    }
  }

  /** The process is alive: rewrites the journal when its last write is older than a few seconds. */
  synchronized void alive() {
    if (dirty || (!open.isEmpty() && ageMillis() >= ALIVE_SECONDS * 1000)) {
      write();
    }
  }

  /** The application ended: the journal goes. */
  synchronized void close() {
    open.clear();
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // left behind: it lists no run that a later start would abort wrongly only if written empty
    }
  }

  /**
   * Takes the journals of dead processes of this host and hands {@code sink} one ABORT for each run
   * they list as open; each journal is deleted after its events were handed over.
   *
   * @return how many ABORTs were handed over
   */
  synchronized int abortOrphans(Consumer<OpenLineage.RunEvent> sink) {
    int count = 0;
    List<Path> journals = new ArrayList<>();
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return 0;
    }
    try {
      SpoolFiles.checkDirectory(root);
      SpoolFiles.checkDirectory(dir);
    } catch (IOException e) {
      return 0; // a foreign journal directory is never read
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
      files.forEach(journals::add);
    } catch (IOException e) {
      return 0;
    }
    for (Path journal : journals) {
      String name = journal.getFileName().toString();
      Path claimed = journal.resolveSibling(name + CLAIMED);
      try {
        if (!orphaned(name)) {
          continue;
        }
        SpoolFiles.checkFile(journal); // a foreign journal is never read
        Files.move(journal, claimed, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        continue; // taken by another process meanwhile, or foreign
      }
      try {
        JsonNode tree = MAPPER.readTree(Files.readString(claimed));
        Instant lastAlive = Instant.ofEpochMilli(tree.path("lastAlive").asLong());
        for (JsonNode run : tree.path("runs")) {
          sink.accept(abort(run, lastAlive, name));
          count++;
        }
      } catch (IOException | RuntimeException e) {
        // an unreadable journal: nothing can be aborted from it
      }
      try {
        Files.deleteIfExists(claimed);
      } catch (IOException e) {
        // its ABORTs were handed over; a .claimed file is never read again
      }
    }
    return count;
  }

  private static boolean orphaned(String name) {
    String stem = name.substring(0, name.length() - SUFFIX.length());
    String[] parts = stem.split("-");
    if (parts.length < 4) {
      return false;
    }
    String journalHost = String.join("-", Arrays.copyOf(parts, parts.length - 3));
    if (!journalHost.equals(HOST)) {
      return false;
    }
    long pid;
    long start;
    try {
      pid = Long.parseLong(parts[parts.length - 3]);
      start = Long.parseLong(parts[parts.length - 2]);
    } catch (NumberFormatException e) {
      return false;
    }
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    return process.isEmpty()
        || !process.get().isAlive()
        || zombie(pid)
        || process.get().info().startInstant().map(Instant::toEpochMilli).orElse(-1L) != start;
  }

  /** A process that died and was not reaped (its parent died too, and nobody reaps): gone. */
  private static boolean zombie(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      int end = stat.lastIndexOf(')');
      return end > 0 && end + 2 < stat.length() && stat.charAt(end + 2) == 'Z';
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static OpenLineage.RunEvent abort(JsonNode run, Instant lastAlive, String journal) {
    ObjectNode event = MAPPER.createObjectNode();
    String producer = run.path("producer").asText();
    event.put("eventType", "ABORT");
    event.put("eventTime", ZonedDateTime.ofInstant(lastAlive, ZoneOffset.UTC).toString());
    event.put("producer", producer);
    event.put("schemaURL", run.path("schemaURL").asText());
    ObjectNode runNode = event.putObject("run");
    runNode.put("runId", run.path("runId").asText());
    ObjectNode runFacets = runNode.putObject("facets");
    if (run.hasNonNull("parent")) {
      runFacets.set("parent", run.get("parent"));
    }
    OpenLineage openLineage = new OpenLineage(URI.create(producer));
    runFacets.set(
        "errorMessage",
        MAPPER.valueToTree(
            openLineage.newErrorMessageRunFacet(
                "the application was killed: its driver's JVM ("
                    + journal.substring(0, journal.length() - SUFFIX.length())
                    + ") stopped without ending this run, last seen alive at "
                    + lastAlive,
                "JAVA",
                null)));
    ObjectNode job = event.putObject("job");
    job.put("namespace", run.path("namespace").asText());
    job.put("name", run.path("name").asText());
    ObjectNode jobFacets = job.putObject("facets");
    if (run.hasNonNull("jobType")) {
      jobFacets.set("jobType", run.get("jobType"));
    }
    event.set("inputs", MAPPER.createArrayNode());
    event.set("outputs", MAPPER.createArrayNode());
    return (OpenLineage.RunEvent) EventJson.fromTree(event);
  }

  private static ObjectNode entry(OpenLineage.RunEvent start) {
    ObjectNode entry = MAPPER.createObjectNode();
    entry.put("runId", start.getRun().getRunId().toString());
    entry.put("namespace", start.getJob().getNamespace());
    entry.put("name", start.getJob().getName());
    entry.put("producer", start.getProducer().toString());
    entry.put("schemaURL", start.getSchemaURL().toString());
    entry.put("startTime", String.valueOf(start.getEventTime()));
    OpenLineage.RunFacets runFacets = start.getRun().getFacets();
    if (runFacets != null && runFacets.getParent() != null) {
      entry.set("parent", MAPPER.valueToTree(runFacets.getParent()));
    }
    OpenLineage.JobFacets jobFacets = start.getJob().getFacets();
    if (jobFacets != null && jobFacets.getJobType() != null) {
      entry.set("jobType", MAPPER.valueToTree(jobFacets.getJobType()));
    }
    return entry;
  }

  private void write() {
    long now = System.currentTimeMillis();
    writtenAtMillis = now;
    dirty = false;
    try {
      if (open.isEmpty()) {
        Files.deleteIfExists(file);
        return;
      }
      if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectories(root, SpoolFiles.DIRECTORY_MODE);
      }
      SpoolFiles.checkDirectory(root);
      SpoolFiles.directory(dir);
      ObjectNode tree = MAPPER.createObjectNode();
      tree.put("lastAlive", now);
      ArrayNode runs = tree.putArray("runs");
      open.values().forEach(runs::add);
      Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
      Files.deleteIfExists(temporary);
      SpoolFiles.file(temporary);
      Files.write(temporary, MAPPER.writeValueAsBytes(tree));
      Files.move(
          temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException | RuntimeException e) {
      dirty = true; // written again at the next change
      try {
        Files.deleteIfExists(file); // never an ABORT for a run that ended
        Files.deleteIfExists(file.resolveSibling(file.getFileName() + ".tmp"));
      } catch (IOException ignored) {
        // nothing more to do
      }
    }
  }

  private long ageMillis() {
    return System.currentTimeMillis() - writtenAtMillis;
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName().toLowerCase(Locale.ROOT).replace('-', '_');
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }
}
