package io.headwater.spark.connectors.rdd;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.rdd.RddGraph;
import io.openlineage.client.OpenLineage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.spark.sql.execution.LogicalRDD;

/**
 * Inputs of a DataFrame built from an RDD ({@code rdd.toDF()}, {@code spark.createDataFrame(rdd)}):
 * the datasets the RDD is computed from, found by walking its dependencies ({@link RddGraph}) down
 * to the RDDs that read files ({@link RddInputs}), as for an RDD job.
 *
 * <pre>
 *   LogicalRDD(rdd)   e.g. spark.read.parquet(a).rdd.union(spark.read.parquet(b).rdd).map(f).toDF()
 *     rdd -> ... -> UnionRDD -> ... -> FileScanRDD (files of a), FileScanRDD (files of b)
 *     -> inputs a and b (file directories, partition directories trimmed), without {@code schema}
 *   LogicalRDD over RDDs that read no files (parallelized collections) -> nothing
 * </pre>
 *
 * Only the dependency lists are read, never partitions or data.
 */
@Internal
public final class LogicalRddInputVisitor
    extends QueryPlanVisitor<LogicalRDD, OpenLineage.InputDataset> {

  public LogicalRddInputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(LogicalRDD node) {
    try {
      return RddInputs.of(node.rdd(), context.datasetFactory());
    } catch (IOException e) {
      throw new UncheckedIOException("the file system of an RDD's input cannot be reached", e);
    }
  }
}
