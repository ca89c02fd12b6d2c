package io.headwater.spark.connectors.kafka;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headwater.spark.compat.ScalaCollections;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What Headwater knows about Spark's Kafka connector ({@code spark-sql-kafka-0-10}), without
 * linking against it (it is not on the agent's class path unless the application adds it, and never
 * bundled): its objects are recognised by class name and read by reflection, so a session without
 * the connector never touches any of this.
 *
 * <ul>
 *   <li>{@code org.apache.spark.sql.kafka010.KafkaRelation}: the relation of a batch read ({@code
 *       spark.read.format("kafka")}, a V1 source by default); its private {@code sourceOptions} are
 *       the reader's options.
 *   <li>{@code KafkaSourceProvider}: the data source of a batch write ({@code
 *       df.write.format("kafka").save()}, {@code SaveIntoDataSourceCommand}).
 *   <li>{@code KafkaSourceProvider$KafkaTable}: the table of a streaming write ({@code
 *       WriteToMicroBatchDataSource}).
 *   <li>{@code KafkaMicroBatchStream}: the stream of a streaming read; its private {@code
 *       executorKafkaParams} (Spark 3.5 and 4.x) are its consumers' parameters, {@code
 *       bootstrap.servers} among them. A micro-batch's end offset ({@code KafkaSourceOffset}) maps
 *       each {@code TopicPartition} it read to an offset.
 * </ul>
 *
 * Options keep Spark's names: {@code kafka.bootstrap.servers}, {@code subscribe} (comma-separated
 * topics), {@code assign} (JSON {@code {"topic":[partitions]}}), {@code subscribePattern} (a Java
 * regex) and, for writes, {@code topic}.
 */
final class KafkaSupport {
  private static final String PACKAGE = "org.apache.spark.sql.kafka010.";
  static final String RELATION = PACKAGE + "KafkaRelation";
  static final String PROVIDER = PACKAGE + "KafkaSourceProvider";
  static final String TABLE = PACKAGE + "KafkaSourceProvider$KafkaTable";
  static final String MICRO_BATCH_STREAM = PACKAGE + "KafkaMicroBatchStream";
  private static final String SOURCE_OFFSET = PACKAGE + "KafkaSourceOffset";

  static final String BOOTSTRAP_SERVERS = "kafka.bootstrap.servers";
  private static final String CLIENT_BOOTSTRAP_SERVERS = "bootstrap.servers";
  static final String SUBSCRIBE = "subscribe";
  static final String ASSIGN = "assign";
  static final String TOPIC = "topic";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Logger LOG = LoggerFactory.getLogger(KafkaSupport.class);
  private static final AtomicBoolean WARNED = new AtomicBoolean();

  private KafkaSupport() {}

  /** True when {@code value} is an instance of the Kafka connector's class {@code className}. */
  static boolean is(Object value, String className) {
    return value != null && value.getClass().getName().equals(className);
  }

  /** The non-blank value of option {@code key} in {@link #options} {@code options}. */
  static Optional<String> option(Map<String, String> options, String key) {
    return Optional.ofNullable(options.get(key.toLowerCase(Locale.ROOT)))
        .map(String::trim)
        .filter(value -> !value.isEmpty());
  }

  /** The namespace of the cluster the {@code kafka.bootstrap.servers} option names. */
  static Optional<String> namespace(Map<String, String> options) {
    return option(options, BOOTSTRAP_SERVERS).flatMap(KafkaDatasetNames::namespace);
  }

  /**
   * The namespace of the cluster a Kafka client's own parameters name ({@code bootstrap.servers},
   * the option without Spark's {@code kafka.} prefix), in {@link #options} form.
   */
  static Optional<String> clientNamespace(Map<String, String> kafkaParams) {
    return option(kafkaParams, CLIENT_BOOTSTRAP_SERVERS).flatMap(KafkaDatasetNames::namespace);
  }

  /**
   * The topics a batch read names in its options: those of {@code subscribe} and the keys of {@code
   * assign}, in order, without duplicates. A {@code subscribePattern} names none: the topics it
   * matches are only known when the executors' consumers list them.
   */
  static List<String> subscribedTopics(Map<String, String> options) {
    Set<String> topics = new LinkedHashSet<>();
    option(options, SUBSCRIBE)
        .ifPresent(
            list -> {
              for (String topic : list.split(",")) {
                if (!topic.trim().isEmpty()) {
                  topics.add(topic.trim());
                }
              }
            });
    option(options, ASSIGN).ifPresent(json -> topics.addAll(assignedTopics(json)));
    return new ArrayList<>(topics);
  }

  private static List<String> assignedTopics(String json) {
    List<String> topics = new ArrayList<>();
    try {
      JsonNode assignment = JSON.readTree(json);
      for (Iterator<String> names = assignment.fieldNames(); names.hasNext(); ) {
        topics.add(names.next());
      }
    } catch (JsonProcessingException e) {
      LOG.debug("Headwater: Kafka option assign is not JSON; its topics are not reported", e);
    }
    return topics;
  }

  /**
   * The topics a micro-batch of a Kafka stream read: those of the partitions in its end offset (a
   * {@code KafkaSourceOffset}), sorted; empty for any other offset.
   */
  static List<String> offsetTopics(Object endOffset) {
    if (!is(endOffset, SOURCE_OFFSET)) {
      return List.of();
    }
    Set<String> topics = new java.util.TreeSet<>();
    Optional<Object> partitions = call(endOffset, "partitionToOffsets");
    if (partitions.isPresent() && partitions.get() instanceof scala.collection.Map<?, ?> map) {
      for (Object partition : ScalaCollections.asJava(map).keySet()) {
        call(partition, TOPIC).map(String::valueOf).ifPresent(topics::add);
      }
    }
    return new ArrayList<>(topics);
  }

  /** {@code target.<method>()} when public; empty (logged once) when it fails. */
  static Optional<Object> call(Object target, String method) {
    try {
      return Optional.ofNullable(target.getClass().getMethod(method).invoke(target));
    } catch (ReflectiveOperationException | RuntimeException e) {
      warnOnce(target, method, e);
      return Optional.empty();
    }
  }

  /**
   * The private field {@code name} of {@code target} (a Scala constructor parameter); empty (logged
   * once) when this connector version has no such field.
   */
  static Optional<Object> field(Object target, String name) {
    for (Class<?> type = target.getClass(); type != null; type = type.getSuperclass()) {
      try {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return Optional.ofNullable(field.get(target));
      } catch (NoSuchFieldException e) {
        // look in the superclass
      } catch (ReflectiveOperationException | RuntimeException e) {
        warnOnce(target, name, e);
        return Optional.empty();
      }
    }
    warnOnce(target, name, new NoSuchFieldException(name));
    return Optional.empty();
  }

  /**
   * A Java or Scala map of options as a map of strings with lower-cased keys (Spark's option names
   * are case-insensitive), so {@link #option} finds {@code kafka.bootstrap.servers} however it was
   * written; empty for anything else.
   */
  static Map<String, String> options(Object map) {
    Map<String, String> options = new TreeMap<>();
    Map<?, ?> entries =
        map instanceof scala.collection.Map<?, ?> scala
            ? ScalaCollections.asJava(scala)
            : map instanceof Map<?, ?> java ? java : Map.of();
    entries.forEach(
        (key, value) -> {
          if (key != null && value != null) {
            options.put(String.valueOf(key).toLowerCase(Locale.ROOT), String.valueOf(value));
          }
        });
    return options;
  }

  private static void warnOnce(Object target, String member, Exception e) {
    if (WARNED.compareAndSet(false, true)) {
      LOG.warn(
          "Headwater: Kafka connector class {} has no usable {} (an unsupported Spark version?);"
              + " its topics are not reported: {}",
          target.getClass().getName(),
          member,
          e.toString());
    }
  }
}
