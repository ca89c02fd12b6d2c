package io.headwater.spark.config;

import static org.junit.Assert.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.junit.Test;

/** How each source becomes a tree, and how trees merge (what {@link ConfigLoader} builds on). */
public class ConfigTreeTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static ObjectNode tree(String singleQuotedJson) throws Exception {
    return (ObjectNode) JSON.readTree(singleQuotedJson.replace('\'', '"'));
  }

  @Test
  public void aTransportOfAnotherTypeReplacesTheLowerOneWhole() throws Exception {
    ObjectNode lower =
        tree("{'namespace':'kept','transport':{'type':'http','url':'http://a','endpoint':'/e'}}");

    ConfigTree.merge(lower, tree("{'transport':{'type':'file','location':'/tmp/x'}}"));

    assertEquals(
        tree("{'namespace':'kept','transport':{'type':'file','location':'/tmp/x'}}"), lower);
  }

  @Test
  public void aTransportOfTheSameTypeMergesKeyByKey() throws Exception {
    ObjectNode lower =
        tree("{'transport':{'type':'http','url':'http://a','headers':{'A':'1','B':'2'}}}");

    ConfigTree.merge(
        lower, tree("{'transport':{'type':'http','url':'http://b','headers':{'B':'3'}}}"));

    assertEquals(
        tree("{'transport':{'type':'http','url':'http://b','headers':{'A':'1','B':'3'}}}"), lower);
  }

  @Test
  public void aTransportWithoutTypeMergesIntoTheLowerOne() throws Exception {
    ObjectNode lower = tree("{'transport':{'type':'http','url':'http://a','endpoint':'/e'}}");

    ConfigTree.merge(lower, tree("{'transport':{'url':'http://b'}}"));

    assertEquals(tree("{'transport':{'type':'http','url':'http://b','endpoint':'/e'}}"), lower);
  }

  @Test
  public void sparkKeysBecomePathsExceptUnderMapPrefixesAndListsUseSemicolons() throws Exception {
    ObjectNode tree =
        ConfigTree.fromSparkConf(
            Map.of(
                "spark.openlineage.transport.headers.X-Custom.Header", "v",
                "spark.openlineage.transport.auth.apiKey", "k",
                "spark.openlineage.facets.disabled", "[a;b]",
                "spark.app.name", "not ours"));

    assertEquals(
        tree(
            "{'transport':{'headers':{'X-Custom.Header':'v'},'auth':{'apiKey':'k'}},"
                + "'facets':{'disabled':['a','b']}}"),
        tree);
  }

  @Test
  public void mapKeysOfNestedTransportsKeepTheirDots() throws Exception {
    ObjectNode tree =
        ConfigTree.fromSparkConf(
            Map.of(
                "spark.openlineage.transport.transports.events.type", "kafka",
                "spark.openlineage.transport.transports.events.properties.bootstrap.servers",
                    "b:9092",
                "spark.openlineage.transport.transports.audit.transport.url", "http://a",
                "spark.openlineage.transport.transports.audit.transport.headers.X-Api.Key", "k",
                "spark.openlineage.transport.transports.headers.type", "console"));

    assertEquals(
        tree(
            "{'transport':{'transports':{"
                + "'events':{'type':'kafka','properties':{'bootstrap.servers':'b:9092'}},"
                + "'audit':{'transport':{'url':'http://a','headers':{'X-Api.Key':'k'}}},"
                + "'headers':{'type':'console'}}}}"),
        tree);
  }

  @Test
  public void environmentSegmentsBecomeCamelCaseAndJsonValuesStayJson() throws Exception {
    ObjectNode tree =
        ConfigTree.fromEnvironment(
            Map.of(
                "OPENLINEAGE__TRANSPORT__TIMEOUT_IN_MILLIS", "3000",
                "OPENLINEAGE__TRANSPORT__HEADERS", "{\"X-A\":\"1\"}",
                "OPENLINEAGE__NAMESPACE", "plain text",
                "OPENLINEAGE_URL", "http://not-a-tree-variable"));

    assertEquals(
        tree(
            "{'transport':{'timeoutInMillis':3000,'headers':{'X-A':'1'}},'namespace':'plain"
                + " text'}"),
        tree);
  }
}
