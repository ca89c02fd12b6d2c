package io.headwater.spark.connectors.kafka;

import static org.junit.Assert.assertEquals;

import java.util.Optional;
import org.junit.Test;

/** The namespace of Kafka topics: the first bootstrap server, without a listener prefix. */
public class KafkaDatasetNamesTest {
  @Test
  public void theFirstOfSeveralServers() {
    assertEquals(
        Optional.of("kafka://broker1:9092"),
        KafkaDatasetNames.namespace("broker1:9092,broker2:9092"));
  }

  @Test
  public void aListenerPrefixIsDroppedAndBlanksTrimmed() {
    assertEquals(
        Optional.of("kafka://broker1:9093"),
        KafkaDatasetNames.namespace("SASL_SSL://broker1:9093"));
    assertEquals(
        Optional.of("kafka://127.0.0.1:41861"),
        KafkaDatasetNames.namespace(" , 127.0.0.1:41861 ,b:1"));
  }

  @Test
  public void noServerNoNamespace() {
    assertEquals(Optional.empty(), KafkaDatasetNames.namespace(" , "));
    assertEquals(Optional.empty(), KafkaDatasetNames.namespace(null));
  }
}
