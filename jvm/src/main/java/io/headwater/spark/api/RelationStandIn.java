package io.headwater.spark.api;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

/**
 * What a leaf relation computes, when its columns are not the columns of the dataset it reads: a
 * resolved plan whose output column {@code i} is the relation's column {@code i}, over leaves whose
 * columns are columns of datasets. Column lineage traces a relation's columns through its stand-in
 * (a JDBC {@code query} read: the query, analysed over the tables it reads); a relation whose
 * computation is not known ({@link #UNTRACEABLE}) gives its columns no sources.
 *
 * @param plan the resolved plan, with as many output columns as the relation; empty when the
 *     computation is not known
 * @param tableColumns the dataset column each leaf column of {@code plan} is, by the leaf
 *     attribute's {@code ExprId} id
 */
public record RelationStandIn(Optional<LogicalPlan> plan, Map<Long, TableColumn> tableColumns) {
  /** A relation that computes its columns in a way that cannot be traced. */
  public static final RelationStandIn UNTRACEABLE = new RelationStandIn(Optional.empty(), Map.of());

  /** A column of a dataset: {@code namespace}, dataset {@code name}, {@code field}. */
  public record TableColumn(String namespace, String name, String field) {
    public TableColumn {
      Objects.requireNonNull(namespace, "namespace");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(field, "field");
    }
  }

  public RelationStandIn {
    Objects.requireNonNull(plan, "plan");
    tableColumns = Map.copyOf(tableColumns);
  }
}
