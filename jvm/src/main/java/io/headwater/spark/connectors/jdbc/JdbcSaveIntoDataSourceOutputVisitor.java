package io.headwater.spark.connectors.jdbc;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.headwater.spark.compat.ScalaCollections;
import io.headwater.spark.naming.JdbcDatasetNames;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.utils.DatasetIdentifier;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.util.CaseInsensitiveMap;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCOptions;
import org.apache.spark.sql.execution.datasources.jdbc.JdbcRelationProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The output of a JDBC write ({@code df.write.jdbc}, {@code df.write.format("jdbc").save()}).
 *
 * <pre>
 *   SaveIntoDataSourceCommand(query, dataSource = JdbcRelationProvider, options{url, dbtable, ...}, mode)
 *     -> one output named by {@link JdbcDatasetNames} from url and dbtable; schema = the query's schema;
 *        lifecycleStateChange OVERWRITE when mode = Overwrite
 * </pre>
 *
 * Job-name suffix: the {@code dbtable} option as written, as the OpenLineage Spark integration
 * forms it ({@code public.orders} gives {@code public_orders}). Does not match a {@code
 * SaveIntoDataSourceCommand} of any other data source.
 */
@Internal
public final class JdbcSaveIntoDataSourceOutputVisitor
    extends QueryPlanVisitor<SaveIntoDataSourceCommand, OpenLineage.OutputDataset> {
  private static final Logger LOG =
      LoggerFactory.getLogger(JdbcSaveIntoDataSourceOutputVisitor.class);

  public JdbcSaveIntoDataSourceOutputVisitor(OpenLineageContext context) {
    super(context);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    return node instanceof SaveIntoDataSourceCommand command
        && command.dataSource() instanceof JdbcRelationProvider;
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(SaveIntoDataSourceCommand node) {
    CaseInsensitiveMap<String> options = new CaseInsensitiveMap<>(node.options());
    Optional<String> url = option(options, JDBCOptions.JDBC_URL());
    Optional<String> dbtable = dbtable(node);
    if (url.isEmpty() || dbtable.isEmpty()) {
      return List.of();
    }
    DatasetIdentifier id =
        JdbcDatasetNames.of(url.get(), ScalaCollections.asJava(options)).table(dbtable.get());
    OpenLineage openLineage = context.openLineage();
    OpenLineage.DatasetFacetsBuilder facets = openLineage.newDatasetFacetsBuilder();
    if (node.mode() == SaveMode.Overwrite) {
      facets.lifecycleStateChange(
          openLineage
              .newLifecycleStateChangeDatasetFacetBuilder()
              .lifecycleStateChange(
                  OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange.OVERWRITE)
              .build());
    }
    LOG.debug("Headwater: JDBC output {} {}", id.getNamespace(), id.getName());
    return List.of(
        context
            .datasetFactory()
            .output(id.getNamespace(), id.getName(), node.query().schema(), facets));
  }

  @Override
  public Optional<String> jobNameSuffix(SaveIntoDataSourceCommand node) {
    return dbtable(node);
  }

  private static Optional<String> dbtable(SaveIntoDataSourceCommand node) {
    return option(new CaseInsensitiveMap<>(node.options()), JDBCOptions.JDBC_TABLE_NAME());
  }

  private static Optional<String> option(CaseInsensitiveMap<String> options, String key) {
    return ScalaCollections.asJava(options.get(key))
        .map(String::trim)
        .filter(value -> !value.isEmpty());
  }
}
