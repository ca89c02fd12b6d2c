package io.headwater.spark.emit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.headwater.spark.config.ConfigLoader;
import io.headwater.spark.config.ConfigSources;
import io.headwater.spark.config.HeadwaterConfig;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import io.openlineage.client.transports.TransportConfig;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Delivery through the whole path a driver uses — Spark settings, {@link ConfigLoader}, {@link
 * EmissionQueue} with its {@link DurableTransport} and {@link Spool} — to a real HTTP server on
 * loopback that answers as scripted: status codes, {@code Retry-After}, or no answer at all.
 */
public class DeliveryTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final OpenLineage OL = new OpenLineage(URI.create("https://example/producer"));
  private static final Duration WAIT = Duration.ofSeconds(20);

  @Rule public TemporaryFolder folder = new TemporaryFolder();

  /** One scripted answer. (A class, not a record: Gradle 4.4's test scanner cannot read them.) */
  private static final class Answer {
    final int status;
    final String retryAfter;

    Answer(int status, String retryAfter) {
      this.status = status;
      this.retryAfter = retryAfter;
    }
  }

  /** One request as the server saw it. */
  private static final class Received {
    final String path;
    final Headers headers;
    final byte[] body;
    final long nanos;
    final int remotePort;

    Received(String path, Headers headers, byte[] body, int remotePort) {
      this.path = path;
      this.headers = headers;
      this.body = body;
      this.nanos = System.nanoTime();
      this.remotePort = remotePort;
    }
  }

  private HttpServer server;
  private final Deque<Answer> answers = new ConcurrentLinkedDeque<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final List<EmissionQueue> opened = new ArrayList<>();
  private Path spoolDir;
  // when set, the server holds each request until it is released (a backend that is slow to answer)
  private volatile CountDownLatch hold;
  private final CountDownLatch arrived = new CountDownLatch(1);

  @Before
  public void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::answer);
    server.start();
    spoolDir = folder.newFolder("spool").toPath().resolve("root");
  }

  @After
  public void stopServer() {
    for (EmissionQueue queue : opened) {
      queue.close(Duration.ofMillis(200));
    }
    server.stop(0);
  }

  private void answer(HttpExchange exchange) throws IOException {
    byte[] body = exchange.getRequestBody().readAllBytes();
    CountDownLatch gate = hold;
    if (gate != null) {
      arrived.countDown();
      try {
        gate.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    Answer answer = answers.poll();
    int status = answer == null ? 200 : answer.status;
    if (status == 200) {
      received.add(
          new Received(
              exchange.getRequestURI().getPath(),
              exchange.getRequestHeaders(),
              body,
              exchange.getRemoteAddress().getPort()));
    } else {
      received.add(
          new Received(
              "(" + status + ")",
              exchange.getRequestHeaders(),
              body,
              exchange.getRemoteAddress().getPort()));
    }
    if (answer != null && answer.retryAfter != null) {
      exchange.getResponseHeaders().add("Retry-After", answer.retryAfter);
    }
    exchange.sendResponseHeaders(status, -1);
    exchange.close();
  }

  private String serverUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void respondWith(int... statuses) {
    for (int status : statuses) {
      answers.add(new Answer(status, null));
    }
  }

  /** Spark settings of an http transport to {@code url} with fast retries: 3 attempts, 10/20 ms. */
  private Map<String, String> settings(String url) {
    Map<String, String> conf = new HashMap<>();
    conf.put("spark.openlineage.transport.type", "http");
    conf.put("spark.openlineage.transport.url", url);
    conf.put("spark.openlineage.transport.auth.type", "api_key");
    conf.put("spark.openlineage.transport.auth.apiKey", "test-key");
    conf.put("spark.openlineage.transport.timeoutInMillis", "2000");
    conf.put("spark.openlineage.emit.retry.maxAttempts", "3");
    conf.put("spark.openlineage.emit.retry.initialBackoffMillis", "10");
    conf.put("spark.openlineage.emit.retry.maxBackoffMillis", "20");
    conf.put("spark.openlineage.spool.dir", spoolDir.toString());
    return conf;
  }

  private EmissionQueue queue(Map<String, String> conf) {
    HeadwaterConfig config = ConfigLoader.load(new ConfigSources(conf, Map.of(), List.of()));
    EmissionQueue queue =
        EmissionQueue.create(
            config.transport(), config.disabledFacets(), config.emit(), config.redaction());
    opened.add(queue);
    return queue;
  }

  private EmissionQueue queue() {
    return queue(settings(serverUrl()));
  }

  private static OpenLineage.RunEvent event(String name) {
    return OL.newRunEventBuilder()
        .eventType(OpenLineage.RunEvent.EventType.START)
        .eventTime(ZonedDateTime.parse("2024-05-01T12:00:00Z"))
        .run(OL.newRun(UUID.randomUUID(), null))
        .job(OL.newJob("ns", name, null))
        .inputs(List.of())
        .outputs(List.of())
        .build();
  }

  private static JsonNode json(byte[] body) throws IOException {
    return JSON.readTree(body);
  }

  private static JsonNode json(OpenLineage.BaseEvent event) throws IOException {
    return JSON.readTree(OpenLineageClientUtils.toJson(event));
  }

  /** The job names of the events the server accepted, in order. */
  private List<String> accepted() throws IOException {
    List<String> names = new ArrayList<>();
    for (Received request : received) {
      if (!request.path.startsWith("(")) {
        names.add(json(request.body).path("job").path("name").asText());
      }
    }
    return names;
  }

  private List<String> spooledLines() throws IOException {
    List<String> lines = new ArrayList<>();
    if (!Files.isDirectory(spoolDir)) {
      return lines;
    }
    try (Stream<Path> files = Files.walk(spoolDir)) {
      for (Path segment :
          files
              .filter(f -> f.toString().endsWith(".jsonl"))
              .sorted()
              .collect(Collectors.toList())) {
        lines.addAll(Files.readAllLines(segment, StandardCharsets.UTF_8));
      }
    }
    return lines;
  }

  @Test
  public void aFullQueueDropsWhatItCannotTakeAndCountsEachEventOnce() throws Exception {
    hold = new CountDownLatch(1);
    Map<String, String> conf = settings(serverUrl());
    conf.put("spark.openlineage.emit.queueCapacity", "2");
    EmissionQueue queue = queue(conf);

    queue.submit(event("in-flight"));
    assertTrue("the first event reached the server", arrived.await(20, TimeUnit.SECONDS));
    for (int i = 0; i < 5; i++) {
      queue.submit(event("e" + i)); // two wait in the queue, three find it full
    }
    hold.countDown();
    assertTrue(queue.drain(WAIT));

    assertEquals(List.of("in-flight", "e0", "e1"), accepted());
    DeliveryStatus status = queue.status();
    assertEquals(6, status.emitted());
    assertEquals(3, status.delivered());
    assertEquals(3, status.dropped());
    assertEquals(0, status.spooled());
    assertEquals("what flush() compares between two calls", 3, status.undelivered());
    assertFalse(status.allDelivered());
  }

  @Test
  public void postsTheEventWithBearerAuthToTheDefaultEndpoint() throws IOException {
    OpenLineage.RunEvent event = event("a");
    EmissionQueue queue = queue();

    queue.submit(event);
    assertTrue(queue.drain(WAIT));

    assertEquals(1, received.size());
    Received request = received.get(0);
    assertEquals("/api/v1/lineage", request.path);
    assertEquals("Bearer test-key", request.headers.getFirst("Authorization"));
    assertEquals(json(event), json(request.body));
    DeliveryStatus status = queue.status();
    assertEquals(1, status.emitted());
    assertEquals(1, status.delivered());
    assertTrue(status.allDelivered());
  }

  @Test
  public void gzipEndpointAndHeadersAreThoseConfigured() throws IOException {
    Map<String, String> conf = settings(serverUrl());
    conf.put("spark.openlineage.transport.compression", "gzip");
    conf.put("spark.openlineage.transport.endpoint", "/custom/events");
    conf.put("spark.openlineage.transport.headers.X-Custom.Header", "v");
    OpenLineage.RunEvent event = event("a");
    EmissionQueue queue = queue(conf);

    queue.submit(event);
    assertTrue(queue.drain(WAIT));

    Received request = received.get(0);
    assertEquals("/custom/events", request.path);
    assertEquals("v", request.headers.getFirst("X-Custom.Header"));
    assertEquals("gzip", request.headers.getFirst("Content-Encoding"));
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(request.body))) {
      assertEquals(json(event), json(in.readAllBytes()));
    }
  }

  @Test
  public void transientAnswersAreRetriedThenDelivered() throws IOException {
    respondWith(503, 408, 200, 500, 200);
    EmissionQueue queue = queue();

    queue.submit(event("a"));
    queue.submit(event("b"));
    assertTrue(queue.drain(WAIT));

    assertEquals(5, received.size());
    assertEquals(List.of("a", "b"), accepted());
    DeliveryStatus status = queue.status();
    assertEquals(2, status.delivered());
    assertEquals(3, status.retried());
    assertTrue(status.allDelivered());
  }

  @Test
  public void retryAfterIsHonoured() throws IOException {
    answers.add(new Answer(429, "1"));
    EmissionQueue queue = queue();

    queue.submit(event("a"));
    assertTrue(queue.drain(WAIT));

    assertEquals(2, received.size());
    long gapMillis = (received.get(1).nanos - received.get(0).nanos) / 1_000_000;
    assertTrue("waited as the server asked (1 s), not 10 ms: " + gapMillis, gapMillis >= 900);
    assertEquals(List.of("a"), accepted());
  }

  @Test
  public void aLongRetryAfterIsCutToTheConfiguredMaximum() {
    answers.add(new Answer(503, "3600"));
    Map<String, String> conf = settings(serverUrl());
    conf.put("spark.openlineage.emit.retry.maxRetryAfterMillis", "300");
    EmissionQueue queue = queue(conf);

    queue.submit(event("a"));
    assertTrue(queue.drain(WAIT));

    assertEquals(2, received.size());
    long gapMillis = (received.get(1).nanos - received.get(0).nanos) / 1_000_000;
    assertTrue("cut to 300 ms: " + gapMillis, gapMillis >= 250 && gapMillis < 5_000);
  }

  @Test
  public void aRejectedEventIsDroppedWithoutRetryOrSpool() throws IOException {
    respondWith(400);
    EmissionQueue queue = queue();

    queue.submit(event("bad"));
    queue.submit(event("good"));
    assertTrue(queue.drain(WAIT));

    assertEquals(2, received.size());
    assertEquals(List.of("good"), accepted());
    DeliveryStatus status = queue.status();
    assertEquals(1, status.dropped());
    assertEquals(0, status.retried());
    assertEquals(0, status.spooled());
    assertEquals(List.of(), spooledLines());
  }

  @Test
  public void aRefusedEventIsSpooledWithoutRetryAndSentOnceTheEndpointTakesIt() throws IOException {
    respondWith(401);
    EmissionQueue queue = queue();

    queue.submit(event("a"));
    assertTrue(queue.drain(WAIT));
    assertEquals("not retried", 1, received.size());
    assertEquals(1, spooledLines().size());
    assertEquals(1, queue.status().spooled());
    assertTrue(queue.status().endpointDown());

    // the endpoint takes events again: the next probe re-sends "a", then "b" goes
    waitUntilProbeDue();
    queue.submit(event("b"));
    assertTrue(queue.drain(WAIT));

    assertEquals(List.of("a", "b"), accepted());
    assertEquals(1, queue.status().replayed());
    assertEquals(List.of(), spooledLines());
  }

  @Test
  public void undeliverableEventsAreSpooledOwnerOnlyAndReSentInOrderWhenTheEndpointAnswers()
      throws IOException {
    respondWith(500, 500, 500);
    Map<String, String> conf = settings(serverUrl());
    conf.put("spark.openlineage.emit.retry.maxBackoffMillis", "1000"); // no probe before "d"
    EmissionQueue queue = queue(conf);

    queue.submit(event("a"));
    assertTrue(queue.drain(WAIT));
    queue.submit(event("b")); // the endpoint is known to be down: straight to the spool
    queue.submit(event("c"));
    assertTrue(queue.drain(WAIT));

    assertEquals("3 attempts for a, none for b and c", 3, received.size());
    List<String> lines = spooledLines();
    assertEquals(3, lines.size());
    assertEquals("a", JSON.readTree(lines.get(0)).path("job").path("name").asText());
    Path destination;
    try (Stream<Path> dirs = Files.list(spoolDir)) {
      destination =
          dirs.filter(d -> Files.exists(d.resolve("destination.json"))).findFirst().orElseThrow();
    }
    assertEquals("rwx------", permissions(spoolDir));
    assertEquals("rwx------", permissions(destination));
    try (Stream<Path> files = Files.list(destination)) {
      for (Path file : files.collect(Collectors.toList())) {
        assertEquals(file.toString(), "rw-------", permissions(file));
      }
    }
    JsonNode description = JSON.readTree(destination.resolve("destination.json").toFile());
    assertEquals("http", description.path("type").asText());
    assertEquals(serverUrl(), description.path("url").asText());
    assertFalse(description.toString().contains("test-key"));

    waitUntilProbeDue(Duration.ofMillis(1100));
    queue.submit(event("d"));
    assertTrue(queue.drain(WAIT));

    assertEquals(List.of("a", "b", "c", "d"), accepted());
    DeliveryStatus status = queue.status();
    assertEquals(4, status.emitted());
    assertEquals(3, status.spooled());
    assertEquals(3, status.replayed());
    assertEquals(1, status.delivered());
    assertEquals(0, status.dropped());
    assertEquals(List.of(), spooledLines());
  }

  @Test
  public void theSpoolOfAnEarlierApplicationGoesFirst() throws IOException {
    int closedPort = closedPort();
    Map<String, String> down = settings("http://127.0.0.1:" + closedPort);
    EmissionQueue first = queue(down);
    first.submit(event("a"));
    first.submit(event("b"));
    DeliveryStatus closed = first.close(Duration.ofSeconds(5));
    assertEquals(2, closed.spooled());
    assertEquals(2, spooledLines().size());

    // the same endpoint, now answering: a server on the port the first application used
    server.stop(0);
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", closedPort), 0);
    server.createContext("/", this::answer);
    server.start();
    EmissionQueue second = queue(down);
    second.submit(event("c"));
    assertTrue(second.drain(WAIT));

    assertEquals(List.of("a", "b", "c"), accepted());
    assertEquals(2, second.status().replayed());
  }

  @Test
  public void closeWithAnEndpointKnownToBeDownDoesNotWait() throws IOException {
    EmissionQueue queue = queue(settings("http://127.0.0.1:" + closedPort()));
    queue.submit(event("a"));
    assertTrue(queue.drain(WAIT));
    assertTrue(queue.status().endpointDown());
    for (int i = 0; i < 50; i++) {
      queue.submit(event("e" + i));
    }

    long start = System.nanoTime();
    DeliveryStatus status = queue.close(Duration.ofSeconds(10));
    long millis = (System.nanoTime() - start) / 1_000_000;

    assertTrue("returned at once: " + millis + " ms", millis < 3_000);
    assertEquals(51, status.emitted());
    assertEquals(51, status.spooled());
    assertEquals(51, spooledLines().size());
  }

  @Test
  public void closeWithAHangingEndpointReturnsWithinItsBudgetAndSpoolsEverything()
      throws IOException {
    try (ServerSocket blackHole = new ServerSocket(0, 50)) {
      List<Socket> accepted = new CopyOnWriteArrayList<>();
      Thread acceptor =
          new Thread(
              () -> {
                while (!blackHole.isClosed()) {
                  try {
                    accepted.add(blackHole.accept());
                  } catch (IOException e) {
                    return;
                  }
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      Map<String, String> conf = settings("http://127.0.0.1:" + blackHole.getLocalPort());
      conf.put("spark.openlineage.transport.timeoutInMillis", "60000");
      EmissionQueue queue = queue(conf);
      for (int i = 0; i < 5; i++) {
        queue.submit(event("e" + i));
      }

      long start = System.nanoTime();
      DeliveryStatus status = queue.close(Duration.ofSeconds(2));
      long millis = (System.nanoTime() - start) / 1_000_000;

      assertTrue("within the 2 s budget (some slack for disk): " + millis, millis < 3_000);
      assertTrue("the agent really tried", !accepted.isEmpty());
      assertEquals(5, status.emitted());
      assertEquals(0, status.delivered());
      assertEquals("the request in flight included", 5, status.spooled());
      assertEquals(0, status.dropped());
      assertEquals(5, spooledLines().size());
      for (Socket socket : accepted) {
        socket.close();
      }
    }
  }

  @Test
  public void connectionsAreKeptAliveBetweenEvents() {
    EmissionQueue queue = queue();
    for (int i = 0; i < 10; i++) {
      queue.submit(event("e" + i));
    }
    assertTrue(queue.drain(WAIT));

    Set<Integer> ports = new java.util.HashSet<>();
    received.forEach(r -> ports.add(r.remotePort));
    assertEquals(10, received.size());
    assertEquals("one connection for all: " + ports, 1, ports.size());
  }

  @Test
  public void aCompositeKeepsDeliveringToTheChildThatWorks() throws IOException {
    Path events = folder.getRoot().toPath().resolve("out").resolve("events.jsonl");
    Map<String, String> conf = new HashMap<>();
    conf.put("spark.openlineage.transport.type", "composite");
    conf.put("spark.openlineage.transport.transports.local.type", "file");
    conf.put("spark.openlineage.transport.transports.local.location", events.toString());
    conf.put("spark.openlineage.transport.transports.remote.type", "http");
    conf.put(
        "spark.openlineage.transport.transports.remote.url", "http://127.0.0.1:" + closedPort());
    conf.put("spark.openlineage.emit.retry.maxAttempts", "2");
    conf.put("spark.openlineage.emit.retry.initialBackoffMillis", "10");
    conf.put("spark.openlineage.spool.dir", spoolDir.toString());
    EmissionQueue queue = queue(conf);

    for (int i = 0; i < 5; i++) {
      queue.submit(event("e" + i));
    }
    DeliveryStatus status = queue.close(Duration.ofSeconds(5));

    assertEquals(5, Files.readAllLines(events).size());
    assertEquals(5, spooledLines().size());
    assertEquals(5, status.emitted());
    assertEquals(5, status.delivered());
    assertEquals(5, status.spooled());
  }

  @Test
  public void credentialsInAnyEventAreRedactedBeforeTheyLeave() throws IOException {
    OpenLineage.RunEvent event =
        OL.newRunEventBuilder()
            .eventType(OpenLineage.RunEvent.EventType.FAIL)
            .eventTime(ZonedDateTime.parse("2024-05-01T12:00:00Z"))
            .run(
                OL.newRun(
                    UUID.randomUUID(),
                    OL.newRunFacetsBuilder()
                        .errorMessage(
                            OL.newErrorMessageRunFacet(
                                "cannot connect to jdbc:postgresql://bob:s3cretpw@db/shop",
                                "JAVA",
                                "java.sql.SQLException: password=hunter2 rejected\n"
                                    + "\tat x.y(Z.java)"))
                        .build()))
            .job(
                OL.newJob(
                    "ns",
                    "job",
                    OL.newJobFacetsBuilder()
                        .sql(
                            OL.newSQLJobFacetBuilder()
                                .query("SELECT * FROM t WHERE api_token = 'tok-123'")
                                .build())
                        .build()))
            .inputs(
                List.of(
                    OL.newInputDatasetBuilder()
                        .namespace("postgres://bob:s3cretpw@db:5432")
                        .name("shop.public.orders")
                        .build()))
            .outputs(List.of())
            .build();
    EmissionQueue queue = queue();

    queue.submit(event);
    assertTrue(queue.drain(WAIT));

    String sent = new String(received.get(0).body, StandardCharsets.UTF_8);
    for (String secret : List.of("s3cretpw", "hunter2", "tok-123")) {
      assertFalse(secret + " left the process: " + sent, sent.contains(secret));
    }
    JsonNode tree = JSON.readTree(sent);
    assertEquals("postgres://db:5432", tree.path("inputs").get(0).path("namespace").asText());
    assertEquals("shop.public.orders", tree.path("inputs").get(0).path("name").asText());
    assertTrue(sent, sent.contains("jdbc:postgresql://bob:*********(redacted)@db/shop"));
  }

  @Test
  public void aTransportThatCannotBeBuiltCountsItsEventsAsDroppedAndNeverBlocks() throws Exception {
    HeadwaterConfig config =
        ConfigLoader.load(new ConfigSources(settings(serverUrl()), Map.of(), List.of()));
    // a transport configuration the OpenLineage client's factory has no builder for: building it
    // fails on the emission thread, after create() has returned
    TransportConfig unbuildable = new TransportConfig() {};
    EmissionQueue queue =
        EmissionQueue.create(unbuildable, Set.of(), config.emit(), config.redaction());
    opened.add(queue);

    queue.submit(event("a"));
    queue.submit(event("b"));
    assertTrue(queue.drain(WAIT));
    DeliveryStatus status = queue.status();
    assertEquals(2, status.emitted());
    assertEquals(2, status.dropped());
    assertEquals(0, status.delivered());
    assertEquals(0, status.spooled());

    long started = System.nanoTime();
    DeliveryStatus closed = queue.close(Duration.ofSeconds(5));
    assertTrue(Duration.ofNanos(System.nanoTime() - started).compareTo(Duration.ofSeconds(2)) < 0);
    assertEquals(2, closed.dropped());
    assertTrue(received.isEmpty());
  }

  /**
   * A spool path another user could write into, or a symbolic link: the agent writes nothing there,
   * counts what it cannot deliver as dropped, and delivers without the spool. Each case is one path
   * of the spool made unsafe, the rest as the agent makes them.
   */
  @Test
  public void aSpoolPathOthersCouldWriteIsNeverUsed() throws Exception {
    String[] cases = {"root 0777", "directory 0777", "segment 0666", "symlink", "foreign owner"};
    for (String unsafe : cases) {
      spoolDir = folder.newFolder().toPath().resolve("root");
      Map<String, String> conf = settings("http://127.0.0.1:" + closedPort());
      Path dir = spoolDir.resolve(destinationOf(conf).id());
      Path segment = dir.resolve("00000000000000000001.jsonl");
      Path elsewhere = folder.newFolder().toPath();
      Files.createDirectories(spoolDir, PosixFilePermissions.asFileAttribute(mode("rwx------")));
      if (unsafe.equals("symlink")) {
        Files.createSymbolicLink(dir, elsewhere);
      } else {
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(mode("rwx------")));
        Files.createFile(segment, PosixFilePermissions.asFileAttribute(mode("rw-------")));
      }
      switch (unsafe) {
        case "root 0777" -> Files.setPosixFilePermissions(spoolDir, mode("rwxrwxrwx"));
        case "directory 0777" -> Files.setPosixFilePermissions(dir, mode("rwxrwxrwx"));
        case "segment 0666" -> Files.setPosixFilePermissions(segment, mode("rw-rw-rw-"));
        case "foreign owner" ->
            Files.setAttribute(segment, "unix:uid", 65534, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        default -> {}
      }
      EmissionQueue queue = queue(conf);
      queue.submit(event("a"));
      queue.submit(event("b"));
      assertTrue(queue.drain(WAIT));
      DeliveryStatus status = queue.close(Duration.ofSeconds(2));

      assertEquals(unsafe, 0, status.spooled());
      assertEquals(unsafe, 2, status.dropped());
      try (Stream<Path> files = Files.list(elsewhere)) {
        assertEquals(unsafe + ": nothing written through the link", 0, files.count());
      }
      if (!unsafe.equals("symlink")) {
        assertEquals(unsafe + ": nothing appended to the segment", 0, Files.size(segment));
      }
      if (unsafe.startsWith("root") || unsafe.startsWith("directory")) {
        assertEquals(
            unsafe + ": no file of the agent's in a directory others can write",
            List.of(segment.getFileName().toString()),
            fileNames(dir));
      }
    }
  }

  /** With the spool refused, an endpoint that answers still gets every event. */
  @Test
  public void eventsAreDeliveredWithoutASpoolOthersCouldWrite() throws Exception {
    Map<String, String> conf = settings(serverUrl());
    Path dir = spoolDir.resolve(destinationOf(conf).id());
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(spoolDir, mode("rwxrwxrwx"));
    respondWith(500, 500); // the first event is refused twice: it would be spooled
    conf.put("spark.openlineage.emit.retry.maxAttempts", "2");
    EmissionQueue queue = queue(conf);
    queue.submit(event("a"));
    assertTrue(queue.drain(WAIT));
    waitUntilProbeDue();
    queue.submit(event("b"));
    assertTrue(queue.drain(WAIT));
    DeliveryStatus status = queue.close(Duration.ofSeconds(2));

    assertEquals(List.of("b"), accepted());
    assertEquals(1, status.delivered());
    assertEquals(1, status.dropped());
    assertEquals(List.of(), fileNames(dir));
  }

  private static Destination destinationOf(Map<String, String> conf) {
    return Destination.of(
        ConfigLoader.load(new ConfigSources(conf, Map.of(), List.of())).transport());
  }

  private static Set<java.nio.file.attribute.PosixFilePermission> mode(String text) {
    return PosixFilePermissions.fromString(text);
  }

  private static List<String> fileNames(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }

  /**
   * Waits out the probe interval (maxBackoffMillis, 20 ms unless a test sets it): the next event
   * probes.
   */
  private static void waitUntilProbeDue() {
    waitUntilProbeDue(Duration.ofMillis(60));
  }

  private static void waitUntilProbeDue(Duration interval) {
    try {
      Thread.sleep(interval.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static int closedPort() throws IOException {
    try (ServerSocket socket =
        new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
      return socket.getLocalPort();
    }
  }

  private static String permissions(Path path) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }
}
