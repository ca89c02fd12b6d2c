package io.headwater.spark.emit;

import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineageClientException;
import io.openlineage.client.transports.KafkaConfig;
import io.openlineage.client.transports.Transport;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;

/**
 * The {@code kafka} transport: each event a record of its JSON on {@code topicName}, keyed as the
 * OpenLineage client's {@code KafkaTransport} keys it ({@code messageKey} when set, else {@code
 * run:<namespace>/<name>} of the run's root parent job, else of its parent job, else of its job;
 * {@code dataset:<namespace>/<name>}, {@code job:<namespace>/<name>}), with the producer built from
 * {@code properties}. Unlike the client's transport, each send waits for the broker's
 * acknowledgement, at most {@code timeout} (the agent's close timeout; delivery runs on the agent's
 * own thread, never the job's), so a failure reaches {@link DurableTransport}: a record refused for
 * its size ({@code RecordTooLargeException}: over the producer's {@code max.request.size}, or the
 * broker's {@code message.max.bytes}) is thrown as {@link EventTooLargeException}, so the event is
 * cut below the refused size and sent again; any other failure or no acknowledgement in time is
 * transient (retried, then spooled).
 *
 * <p>kafka-clients is not bundled: it comes with Spark's Kafka connector or the user's jars, and
 * this class is loaded only when the transport type is {@code kafka} ({@link #create}).
 */
final class KafkaEventTransport extends Transport {
  private final String topic;
  private final String messageKey;
  private final Duration timeout;
  private final KafkaProducer<String, String> producer;

  private KafkaEventTransport(KafkaConfig config, Properties properties, Duration timeout) {
    this.topic = config.getTopicName();
    this.messageKey = config.getMessageKey();
    this.timeout = timeout;
    this.producer = new KafkaProducer<>(properties);
  }

  /**
   * The transport of {@code config}, with the producer built from {@code properties} (the
   * serializers set), waiting at most {@code timeout} for each acknowledgement.
   *
   * @throws org.apache.kafka.common.KafkaException when the producer cannot be built from the
   *     properties (a missing {@code bootstrap.servers}, an unknown setting's bad value)
   */
  static Transport create(KafkaConfig config, Properties properties, Duration timeout) {
    return new KafkaEventTransport(config, properties, timeout);
  }

  @Override
  public void emit(OpenLineage.RunEvent event) {
    send(key(event), EventJson.toJson(event));
  }

  @Override
  public void emit(OpenLineage.DatasetEvent event) {
    OpenLineage.StaticDataset dataset = event.getDataset();
    send(
        messageKey != null || dataset == null
            ? messageKey
            : "dataset:" + dataset.getNamespace() + "/" + dataset.getName(),
        EventJson.toJson(event));
  }

  @Override
  public void emit(OpenLineage.JobEvent event) {
    OpenLineage.Job job = event.getJob();
    send(
        messageKey != null || job == null
            ? messageKey
            : "job:" + job.getNamespace() + "/" + job.getName(),
        EventJson.toJson(event));
  }

  private String key(OpenLineage.RunEvent event) {
    if (messageKey != null) {
      return messageKey;
    }
    OpenLineage.RunFacets facets = event.getRun() == null ? null : event.getRun().getFacets();
    OpenLineage.ParentRunFacet parent = facets == null ? null : facets.getParent();
    if (parent != null && parent.getRoot() != null && parent.getRoot().getJob() != null) {
      OpenLineage.RootJob root = parent.getRoot().getJob();
      return "run:" + root.getNamespace() + "/" + root.getName();
    }
    if (parent != null && parent.getJob() != null) {
      return "run:" + parent.getJob().getNamespace() + "/" + parent.getJob().getName();
    }
    OpenLineage.Job job = event.getJob();
    return job == null ? null : "run:" + job.getNamespace() + "/" + job.getName();
  }

  private void send(String key, String json) {
    try {
      producer
          .send(new ProducerRecord<>(topic, key, json))
          .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      if (cause instanceof RecordTooLargeException) {
        throw new EventTooLargeException(
            "Kafka refused a record of "
                + EventReduction.size(json)
                + " bytes on "
                + topic
                + ": "
                + cause.getMessage(),
            cause);
      }
      throw new OpenLineageClientException(cause);
    } catch (TimeoutException e) {
      throw new OpenLineageClientException(
          "Kafka did not acknowledge the record on " + topic + " within " + timeout, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new OpenLineageClientException(e);
    }
  }

  @Override
  public void close() {
    producer.close(timeout);
  }
}
