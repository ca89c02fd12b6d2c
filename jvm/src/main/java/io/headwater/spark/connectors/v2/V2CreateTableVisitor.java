package io.headwater.spark.connectors.v2;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.api.QueryPlanVisitor;
import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.LifecycleStateChangeDatasetFacet.LifecycleStateChange;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.spark.sql.catalyst.plans.logical.CreateTable;
import org.apache.spark.sql.catalyst.plans.logical.CreateTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTable;
import org.apache.spark.sql.catalyst.plans.logical.ReplaceTableAsSelect;
import org.apache.spark.sql.catalyst.plans.logical.TableSpecBase;
import org.apache.spark.sql.catalyst.plans.logical.V2CreateTablePlan;

/**
 * The table a DataSourceV2 catalog's table definition makes, one instance per command: {@link
 * #create} for {@code CREATE TABLE t (...)}; {@link #replace} for {@code [CREATE OR] REPLACE TABLE
 * t (...)}; {@link #createAsSelect} for {@code CREATE TABLE t AS SELECT}, {@code
 * df.writeTo(t).create()} and {@code saveAsTable} into Delta Lake's session catalog; {@link
 * #replaceAsSelect} for {@code [CREATE OR] REPLACE TABLE t AS SELECT} and {@code
 * df.writeTo(t).createOrReplace()/.replace()}.
 *
 * <pre>
 *   CreateTable(name = ResolvedIdentifier(catalog, id), columns, partitioning, tableSpec, ignoreIfExists)
 *   CreateTableAsSelect(name = ResolvedIdentifier(catalog, id), partitioning, query, tableSpec, ...)
 *     -> one output named by the table ({@link V2CreatedTables}: tableSpec.location, when given, is the identity;
 *        the dataset the table's properties declare instead, when they do); lifecycle CREATE
 *   ReplaceTable(name = ResolvedIdentifier(catalog, id), columns, partitioning, tableSpec, orCreate)
 *   ReplaceTableAsSelect(name = ResolvedIdentifier(catalog, id), partitioning, query, tableSpec, ...)
 *     -> the same output; lifecycle OVERWRITE
 * </pre>
 *
 * A session-catalog table (Delta Lake's {@code DeltaCatalog}) is named like a V1 table. Does not
 * match a name that is not a {@code ResolvedIdentifier}. Spark 4.1 runs the write of a CTAS or an
 * RTAS as a second execution ({@code AppendData}, {@link AppendDataVisitor}; {@code
 * OverwriteByExpression}, {@link V2OverwriteVisitor}); the query is an inner child of the command,
 * which the plan walk visits for the inputs. Job-name suffix: {@code <ns>.<table>}, without the
 * catalog ({@code ns_t}).
 *
 * @param <T> {@code CreateTable}, {@code ReplaceTable}, {@code CreateTableAsSelect} or {@code
 *     ReplaceTableAsSelect}
 */
@Internal
public final class V2CreateTableVisitor<T extends LogicalPlan & V2CreateTablePlan>
    extends QueryPlanVisitor<T, OpenLineage.OutputDataset> {
  private final V2CreatedTables tables;
  private final Class<T> type;
  private final Function<T, TableSpecBase> spec;
  private final LifecycleStateChange state;

  private V2CreateTableVisitor(
      OpenLineageContext context,
      Class<T> type,
      Function<T, TableSpecBase> spec,
      LifecycleStateChange state) {
    super(context, type);
    this.tables = new V2CreatedTables(context);
    this.type = type;
    this.spec = spec;
    this.state = state;
  }

  /** {@code CREATE TABLE t (...)}: lifecycle CREATE. */
  public static V2CreateTableVisitor<CreateTable> create(OpenLineageContext context) {
    return new V2CreateTableVisitor<>(
        context, CreateTable.class, CreateTable::tableSpec, LifecycleStateChange.CREATE);
  }

  /** {@code [CREATE OR] REPLACE TABLE t (...)}: lifecycle OVERWRITE. */
  public static V2CreateTableVisitor<ReplaceTable> replace(OpenLineageContext context) {
    return new V2CreateTableVisitor<>(
        context, ReplaceTable.class, ReplaceTable::tableSpec, LifecycleStateChange.OVERWRITE);
  }

  /** {@code CREATE TABLE t AS SELECT}: lifecycle CREATE. */
  public static V2CreateTableVisitor<CreateTableAsSelect> createAsSelect(
      OpenLineageContext context) {
    return new V2CreateTableVisitor<>(
        context,
        CreateTableAsSelect.class,
        CreateTableAsSelect::tableSpec,
        LifecycleStateChange.CREATE);
  }

  /** {@code [CREATE OR] REPLACE TABLE t AS SELECT}: lifecycle OVERWRITE. */
  public static V2CreateTableVisitor<ReplaceTableAsSelect> replaceAsSelect(
      OpenLineageContext context) {
    return new V2CreateTableVisitor<>(
        context,
        ReplaceTableAsSelect.class,
        ReplaceTableAsSelect::tableSpec,
        LifecycleStateChange.OVERWRITE);
  }

  @Override
  public boolean isDefinedAt(LogicalPlan node) {
    if (!type.isInstance(node)) {
      return false;
    }
    T plan = type.cast(node);
    return tables.identity(plan, spec.apply(plan)).isPresent();
  }

  @Override
  protected List<OpenLineage.OutputDataset> visit(T node) {
    return tables.outputs(node, spec.apply(node), state);
  }

  @Override
  public Optional<String> jobNameSuffix(T node) {
    return tables.jobNameSuffix(node, spec.apply(node));
  }
}
