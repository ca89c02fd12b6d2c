package io.headwater.spark.config;

import io.headwater.spark.annotation.Internal;
import io.openlineage.client.dataset.namespace.resolver.DatasetNamespaceCombinedResolver;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The options of the OpenLineage Spark integration that Headwater honours with its semantics
 * ({@link CompatKeys}), resolved once.
 *
 * @param rootParent the root of the run hierarchy: {@code rootParentJobNamespace|rootParentJobName|
 *     rootParentRunId}, each falling back to the matching parent key, or to the {@code
 *     OPENLINEAGE_*} variables Airflow's OpenLineage provider sets; empty when a part is missing
 * @param applicationRunId {@code applicationRunId}: the application run's id, else a new UUIDv7
 * @param removePath {@code dataset.removePath.pattern}: the regex whose group {@code remove} is cut
 *     from dataset names
 * @param namespaceResolver {@code dataset.namespaceResolvers.<name>.*}, the OpenLineage client's
 *     resolvers; empty when none is configured
 * @param appendDatasetName {@code jobName.appendDatasetName}
 * @param replaceDotWithUnderscore {@code jobName.replaceDotWithUnderscore}
 * @param rddEventsDisabled {@code filter.rddEventsDisabled}
 * @param allowedSparkNodes {@code filter.allowedSparkNodes}: optimized-plan root classes always
 *     given runs
 * @param deniedSparkNodes {@code filter.deniedSparkNodes}: optimized-plan root classes never given
 *     runs
 * @param tableIdentity {@code dataset.identity=table} (Headwater's own key): catalog tables named
 *     by their catalog identity, their location a symlink
 */
@Internal
public record CompatOptions(
    Optional<HeadwaterConfig.ParentJob> rootParent,
    Optional<UUID> applicationRunId,
    Optional<Pattern> removePath,
    Optional<DatasetNamespaceCombinedResolver> namespaceResolver,
    boolean appendDatasetName,
    boolean replaceDotWithUnderscore,
    boolean rddEventsDisabled,
    List<String> allowedSparkNodes,
    List<String> deniedSparkNodes,
    boolean tableIdentity) {
  /** The integration's defaults: nothing set. */
  public static final CompatOptions DEFAULT =
      new CompatOptions(
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          true,
          false,
          false,
          List.of(),
          List.of(),
          false);

  public CompatOptions {
    Objects.requireNonNull(rootParent, "rootParent");
    Objects.requireNonNull(applicationRunId, "applicationRunId");
    Objects.requireNonNull(removePath, "removePath");
    Objects.requireNonNull(namespaceResolver, "namespaceResolver");
    allowedSparkNodes = List.copyOf(allowedSparkNodes);
    deniedSparkNodes = List.copyOf(deniedSparkNodes);
  }

  /** Whether an execution whose optimized-plan root is of class {@code rootClass} is filtered. */
  public Optional<Boolean> nodeDecision(String rootClass) {
    if (allowedSparkNodes.contains(rootClass)) {
      return Optional.of(true);
    }
    if (deniedSparkNodes.contains(rootClass)) {
      return Optional.of(false);
    }
    return Optional.empty();
  }
}
