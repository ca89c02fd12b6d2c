package io.headwater.spark.connectors.catalog;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.compat.V1Writes.SaveAsTable;
import io.headwater.spark.tables.CatalogTableOutputs;
import io.headwater.spark.versions.SparkVersions;
import io.openlineage.client.OpenLineage;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * The output of {@code df.write.saveAsTable(t)} into a session-catalog table of a V1 source (Spark
 * 4.1 and later).
 *
 * <pre>
 *   SaveAsV1TableCommand(tableDesc, mode, query)
 *     -> the table (location or default path, symlink db.table); schema = the query's;
 *        lifecycle CREATE for ErrorIfExists, OVERWRITE for Overwrite, none for Append/Ignore
 * </pre>
 *
 * Spark runs the write as further executions under this one ({@code
 * CreateDataSourceTableAsSelectCommand}, {@code InsertIntoHadoopFsRelationCommand}). The query is a
 * hidden child of the command; the plan walk ({@code reading.PlanChildren}) visits it for the
 * inputs. Job-name suffix: {@code db_table}.
 *
 * <p>{@code SaveAsV1TableCommand} exists from Spark 4.1 only, so the node is recognised through the
 * {@code compat.V1Writes} seam rather than by its class (this source compiles against every
 * supported Spark); on Spark 3.5 and 4.0 {@code saveAsTable} plans as {@code
 * CreateDataSourceTableAsSelectCommand}, which {@link CreateDataSourceTableAsSelectVisitor} reads.
 */
@Internal
public final class SaveAsV1TableVisitor
    extends QueryPlanVisitor<LogicalPlan, OpenLineage.OutputDataset> {
  private final CatalogTableOutputs tables;

  public SaveAsV1TableVisitor(OpenLineageContext context) {
    super(context);
    this.tables = new CatalogTableOutputs(context);
  }

  @Override
  protected Class<? extends LogicalPlan> nodeType() {
    return LogicalPlan.class; // narrowed by isDefinedAt: the seam knows the command's class
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return SparkVersions.v1Writes().saveAsTable(node).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(LogicalPlan node) {
    SaveAsTable save = SparkVersions.v1Writes().saveAsTable(node).orElseThrow();
    return tables.output(
        save.table(), save.query().schema(), tables.ofCreateAsSelect(save.table(), save.mode()));
  }

  @Override
  public Optional<String> jobNameSuffix(LogicalPlan node) {
    return SparkVersions.v1Writes()
        .saveAsTable(node)
        .map(SaveAsTable::table)
        .flatMap(tables::jobNameSuffix);
  }
}
