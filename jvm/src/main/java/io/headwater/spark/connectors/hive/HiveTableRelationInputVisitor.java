package io.headwater.spark.connectors.hive;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.facets.TableDatasets;
import io.openlineage.client.OpenLineage;
import java.util.List;
import org.apache.spark.sql.catalyst.catalog.HiveTableRelation;

/**
 * Reads of Hive tables that Spark does not convert to its own file sources (e.g. text/SerDe tables,
 * or with {@code spark.sql.hive.convertMetastoreParquet=false}).
 *
 * <pre>
 *   HiveTableRelation(tableMeta) -> the table (location, symlink db.table), schema of the table
 * </pre>
 */
@Internal
public final class HiveTableRelationInputVisitor
    extends QueryPlanVisitor<HiveTableRelation, OpenLineage.InputDataset> {
  public HiveTableRelationInputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  protected List<OpenLineage.InputDataset> visit(HiveTableRelation node) {
    return TableDatasets.input(
        context,
        TableDatasets.catalog(context).identify(node.tableMeta()),
        node.tableMeta().schema());
  }
}
