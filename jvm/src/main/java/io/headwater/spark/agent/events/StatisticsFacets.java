package io.headwater.spark.agent.events;

import io.headwater.spark.agent.runs.RunMetrics;
import io.headwater.spark.annotation.Internal;
import io.headwater.spark.facets.Datasets;
import io.headwater.spark.reading.DatasetStatistics;
import io.headwater.spark.reading.ScanStatistics;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code inputStatistics} and {@code outputStatistics} facets a run event gives its datasets,
 * from the run's {@link RunMetrics}: none on START; on RUNNING (after a streaming run's
 * micro-batch) that micro-batch's figures, on a terminal event the run's totals. A run with one
 * output gives it what the run wrote; each input gets what was read of it (by {@link
 * ScanStatistics#key}). On FAIL, figures of zero rows are left out: the failed tasks' metrics are
 * lost, so zero means unknown. Figures Spark did not give ({@link DatasetStatistics#UNKNOWN}) are
 * left out of the facets.
 */
@Internal
public final class StatisticsFacets {
  private final OpenLineage openLineage;

  StatisticsFacets(OpenLineage openLineage) {
    this.openLineage = openLineage;
  }

  /**
   * {@code outputs}, the only one with its {@code outputStatistics} for an event of {@code type}.
   */
  List<OpenLineage.OutputDataset> outputs(
      EventType type, RunMetrics metrics, List<OpenLineage.OutputDataset> outputs) {
    if (type == EventType.START || outputs.size() != 1) {
      return outputs;
    }
    Optional<DatasetStatistics> written =
        (type == EventType.RUNNING ? metrics.batchWritten() : metrics.written())
            .filter(stats -> known(type, stats));
    return written.map(stats -> List.of(withStatistics(outputs.get(0), stats))).orElse(outputs);
  }

  /** {@code inputs}, each with its {@code inputStatistics} for an event of {@code type}. */
  List<OpenLineage.InputDataset> inputs(
      EventType type, RunMetrics metrics, List<OpenLineage.InputDataset> inputs) {
    if (type == EventType.START) {
      return inputs;
    }
    Map<String, DatasetStatistics> readByKey =
        type == EventType.RUNNING ? metrics.batchRead() : metrics.read();
    return inputs.stream()
        .map(
            input -> {
              DatasetStatistics read =
                  readByKey.get(ScanStatistics.key(input.getNamespace(), input.getName()));
              return read == null || !known(type, read) ? input : withStatistics(input, read);
            })
        .toList();
  }

  /** False for figures of zero rows on FAIL, which say nothing was counted. */
  private static boolean known(EventType type, DatasetStatistics stats) {
    return !(type == EventType.FAIL && stats.rowCount() == 0);
  }

  private OpenLineage.InputDataset withStatistics(
      OpenLineage.InputDataset input, DatasetStatistics stats) {
    return Datasets.withFacets(
        openLineage,
        input,
        Map.of(),
        Map.of(
            "inputStatistics",
            openLineage
                .newInputStatisticsInputDatasetFacetBuilder()
                .rowCount(stats.rowCount())
                .size(figure(stats.size()))
                .fileCount(figure(stats.fileCount()))
                .build()));
  }

  private OpenLineage.OutputDataset withStatistics(
      OpenLineage.OutputDataset output, DatasetStatistics stats) {
    return Datasets.withFacets(
        openLineage,
        output,
        Map.of(),
        Map.of(
            "outputStatistics",
            openLineage
                .newOutputStatisticsOutputDatasetFacetBuilder()
                .rowCount(stats.rowCount())
                .size(figure(stats.size()))
                .fileCount(figure(stats.fileCount()))
                .build()));
  }

  /** A figure of {@link DatasetStatistics}, or null (left out) when it is unknown. */
  private static Long figure(long figure) {
    return figure == DatasetStatistics.UNKNOWN ? null : figure;
  }
}
