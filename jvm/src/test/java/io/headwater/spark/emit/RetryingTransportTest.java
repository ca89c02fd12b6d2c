package io.headwater.spark.emit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.headwater.spark.config.ConfigLoader;
import io.headwater.spark.config.ConfigSources;
import io.headwater.spark.config.HeadwaterConfig;
import io.headwater.spark.config.HeadwaterConfig.RetrySettings;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientUtils;
import io.openlineage.client.transports.HttpTransport;
import io.openlineage.client.transports.HttpTransportResponseException;
import io.openlineage.client.transports.Transport;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

/**
 * Delivery through the whole path a driver uses: Spark settings, {@link ConfigLoader}, {@link
 * Transports#build} (the client's {@link HttpTransport} wrapped in a {@link RetryingTransport}),
 * and a real HTTP server on loopback that answers with scripted status codes.
 */
public class RetryingTransportTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final OpenLineage OL = new OpenLineage(URI.create("https://example/producer"));

  /**
   * One request as the server saw it. (A class, not a record: Gradle 4.4's test scanner cannot read
   * records.)
   */
  private static final class Received {
    final String method;
    final String path;
    final Headers headers;
    final byte[] body;

    Received(String method, String path, Headers headers, byte[] body) {
      this.method = method;
      this.path = path;
      this.headers = headers;
      this.body = body;
    }
  }

  private HttpServer server;
  private final Deque<Integer> statuses = new ConcurrentLinkedDeque<>();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final List<Transport> opened = new ArrayList<>();

  @Before
  public void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::answer);
    server.start();
  }

  @After
  public void stopServer() throws Exception {
    for (Transport transport : opened) {
      transport.close();
    }
    server.stop(0);
  }

  private void answer(HttpExchange exchange) throws IOException {
    byte[] body = exchange.getRequestBody().readAllBytes();
    received.add(
        new Received(
            exchange.getRequestMethod(),
            exchange.getRequestURI().getPath(),
            exchange.getRequestHeaders(),
            body));
    Integer status = statuses.poll();
    exchange.sendResponseHeaders(status == null ? 200 : status, -1);
    exchange.close();
  }

  private String serverUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /**
   * Spark settings of an http transport to {@code url}, with fast retries: 3 attempts, 10 ms then
   * 20 ms. The client's default time-out (5 s) is kept, so the request counts below would also see
   * any retry of the HTTP library itself.
   */
  private static Map<String, String> httpSettings(String url) {
    Map<String, String> conf = new HashMap<>();
    conf.put("spark.openlineage.transport.type", "http");
    conf.put("spark.openlineage.transport.url", url);
    conf.put("spark.openlineage.transport.auth.type", "api_key");
    conf.put("spark.openlineage.transport.auth.apiKey", "test-key");
    conf.put("spark.openlineage.emit.retry.maxAttempts", "3");
    conf.put("spark.openlineage.emit.retry.initialBackoffMillis", "10");
    conf.put("spark.openlineage.emit.retry.maxBackoffMillis", "20");
    return conf;
  }

  private Transport transport(Map<String, String> sparkConf) {
    HeadwaterConfig config = ConfigLoader.load(new ConfigSources(sparkConf, Map.of(), List.of()));
    Transport transport = Transports.build(config.transport(), config.emit().retry());
    opened.add(transport);
    return transport;
  }

  private Transport transport() {
    Transport transport = transport(httpSettings(serverUrl()));
    assertTrue("http delivery is retried: " + transport, transport instanceof RetryingTransport);
    return transport;
  }

  private static OpenLineage.RunEvent event() {
    return OL.newRunEventBuilder()
        .eventType(OpenLineage.RunEvent.EventType.START)
        .eventTime(ZonedDateTime.parse("2024-05-01T12:00:00Z"))
        .run(OL.newRun(UUID.randomUUID(), null))
        .job(OL.newJob("ns", "app.execute_insert_into_hadoop_fs_relation_command.tmp_out", null))
        .inputs(List.of())
        .outputs(List.of())
        .build();
  }

  private static JsonNode json(byte[] body) throws IOException {
    return JSON.readTree(body);
  }

  private static JsonNode json(OpenLineage.RunEvent event) throws IOException {
    return JSON.readTree(OpenLineageClientUtils.toJson(event));
  }

  @Test(timeout = 10_000)
  public void oneAttemptMeansOneRequestEvenFor503() {
    Map<String, String> conf = httpSettings(serverUrl());
    conf.put("spark.openlineage.emit.retry.maxAttempts", "1");
    respondWith(503, 503);

    HttpTransportResponseException e =
        assertThrows(HttpTransportResponseException.class, () -> transport(conf).emit(event()));

    assertEquals(503, e.getStatusCode());
    assertEquals("the HTTP library must not retry on its own", 1, received.size());
  }

  private void respondWith(Integer... codes) {
    statuses.addAll(List.of(codes));
  }

  @Test
  public void postsTheEventJsonWithBearerAuthToTheDefaultEndpoint() throws IOException {
    OpenLineage.RunEvent event = event();

    transport().emit(event);

    assertEquals(1, received.size());
    Received request = received.get(0);
    assertEquals("POST", request.method);
    assertEquals("/api/v1/lineage", request.path);
    assertEquals("Bearer test-key", request.headers.getFirst("Authorization"));
    String contentType = request.headers.getFirst("Content-Type");
    assertTrue(contentType, contentType.startsWith("application/json"));
    assertEquals(json(event), json(request.body));
  }

  @Test
  public void gzipCompressionSendsACompressedEvent() throws IOException {
    Map<String, String> conf = httpSettings(serverUrl());
    conf.put("spark.openlineage.transport.compression", "gzip");
    OpenLineage.RunEvent event = event();

    transport(conf).emit(event);

    Received request = received.get(0);
    assertEquals("gzip", request.headers.getFirst("Content-Encoding"));
    byte[] unzipped;
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(request.body))) {
      unzipped = in.readAllBytes();
    }
    assertEquals(json(event), json(unzipped));
  }

  @Test
  public void customEndpointAndHeadersAreSent() {
    Map<String, String> conf = httpSettings(serverUrl());
    conf.put("spark.openlineage.transport.endpoint", "/custom/events");
    conf.put("spark.openlineage.transport.headers.X-Custom.Header", "v");

    transport(conf).emit(event());

    Received request = received.get(0);
    assertEquals("/custom/events", request.path);
    assertEquals("v", request.headers.getFirst("X-Custom.Header"));
  }

  @Test
  public void serviceUnavailableIsRetried() throws IOException {
    respondWith(503, 200);
    OpenLineage.RunEvent event = event();

    transport().emit(event);

    assertEquals(2, received.size());
    assertEquals(json(event), json(received.get(1).body));
  }

  @Test
  public void tooManyRequestsIsRetried() {
    respondWith(429, 200);

    transport().emit(event());

    assertEquals(2, received.size());
  }

  @Test
  public void serverErrorsUntilTheLastAttemptFail() {
    respondWith(500, 502, 503, 200);

    RuntimeException e = assertThrows(RuntimeException.class, () -> transport().emit(event()));

    assertEquals("maxAttempts is 3", 3, received.size());
    assertEquals(503, statusOf(e));
  }

  @Test
  public void badRequestIsNotRetried() {
    respondWith(400, 200);

    RuntimeException e = assertThrows(RuntimeException.class, () -> transport().emit(event()));

    assertEquals(1, received.size());
    assertEquals(400, statusOf(e));
  }

  @Test
  public void jobAndDatasetEventsAreRetriedToo() {
    respondWith(503, 200, 503, 200);
    Transport transport = transport();

    transport.emit(
        OL.newJobEventBuilder()
            .eventTime(ZonedDateTime.now())
            .job(OL.newJob("ns", "job", null))
            .build());
    transport.emit(
        OL.newDatasetEventBuilder()
            .eventTime(ZonedDateTime.now())
            .dataset(OL.newStaticDatasetBuilder().namespace("file").name("/data/t").build())
            .build());

    assertEquals(4, received.size());
  }

  @Test
  public void refusedConnectionsAreRetriedMaxAttemptsTimesThenThrown() throws IOException {
    int closedPort;
    try (ServerSocket socket =
        new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
      closedPort = socket.getLocalPort();
    }
    Map<String, String> conf = httpSettings("http://127.0.0.1:" + closedPort);
    conf.put("spark.openlineage.emit.retry.maxAttempts", "1");
    Transport http = transport(conf);
    assertTrue("one attempt needs no wrapper: " + http, http instanceof HttpTransport);
    RetrySettings retry = new RetrySettings(4, Duration.ofMillis(10), Duration.ofMillis(25));
    List<Duration> waits = new ArrayList<>();
    Transport retrying =
        new RetryingTransport(
            http,
            retry,
            wait -> {
              waits.add(wait);
              Thread.sleep(wait.toMillis());
            });

    RuntimeException e = assertThrows(RuntimeException.class, () -> retrying.emit(event()));

    assertEquals("a wait between each of the 4 attempts", List.of(ms(10), ms(20), ms(25)), waits);
    assertTrue("caused by the refused connection: " + e, hasCause(e, ConnectException.class));
  }

  @Test
  public void backoffDoublesAndCaps() {
    RetrySettings retry = new RetrySettings(10, Duration.ofMillis(10), Duration.ofMillis(50));

    assertEquals(ms(10), retry.backoffAfter(1));
    assertEquals(ms(20), retry.backoffAfter(2));
    assertEquals(ms(40), retry.backoffAfter(3));
    assertEquals(ms(50), retry.backoffAfter(4));
    assertEquals(ms(50), retry.backoffAfter(9));
    assertEquals(ms(50), retry.backoffAfter(1000));
  }

  @Test
  public void backoffNeverExceedsTheCapEvenAtFirst() {
    RetrySettings retry = new RetrySettings(3, Duration.ofMillis(500), Duration.ofMillis(100));

    assertEquals(ms(100), retry.backoffAfter(1));
  }

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }

  private static int statusOf(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof HttpTransportResponseException response) {
        return response.getStatusCode();
      }
    }
    throw new AssertionError("no HTTP status in " + e, e);
  }

  private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
