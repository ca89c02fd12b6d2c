package io.headwater.spark.api;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.HadoopFsRelation;

/**
 * A connector: everything the agent knows about one family of sources and sinks (files, a catalog,
 * JDBC, Kafka, a table format, ...). Headwater's own connectors implement this interface and are
 * found exactly like a third-party one: list the implementation (one class name per line) in {@code
 * META-INF/services/io.headwater.spark.api.Connector} of a jar on the driver's class path. The plan
 * reading asks every connector found, never a connector by name, so a third-party connector can do
 * everything a built-in one does.
 *
 * <p>What a connector contributes:
 *
 * <ul>
 *   <li>its plan visitors and dataset builders (and any facet builders): the methods of {@link
 *       OpenLineageEventHandlerFactory}, with the same shapes and the same failure rule (a visitor
 *       that throws is logged once and skipped);
 *   <li>{@link #hiddenQueries}: the plans its commands run that are not children of the command
 *       node, which the one plan walk then descends into (inputs, schema, column lineage);
 *   <li>{@link #standIn}: what a relation of its computes, for column lineage;
 *   <li>{@link #rewritesTableRows}: its commands whose written rows mix the table's own rows with
 *       the changed ones (no column lineage from the written query);
 *   <li>{@link #rowLevelWrite}: what such a command assigns and tests, for the column lineage of
 *       row-level writes;
 *   <li>{@link #streamBatchRoots}: the dataset roots of a file relation of its micro-batches, for
 *       scan statistics;
 *   <li>{@link #isViewDefinition}: its commands that define a persistent view (a JobEvent, not a
 *       run), and {@link #isTemporaryViewDefinition}, {@link #viewText}: temporary views (no event)
 *       and a view's SQL text;
 *   <li>{@link #changesOnlyTableMetadata}, {@link #dropsTable}: its DDL that changes a table's
 *       metadata without moving data (DatasetEvents under {@code
 *       spark.openlineage.staticLineage.ddl});
 *   <li>{@link #tableVersion}: the version of a table of its format after an operation wrote it
 *       (the {@code version} dataset facet of outputs).
 * </ul>
 *
 * Every hook defaults to "nothing", so a connector overrides only what it supplies. Whether a
 * connector applies (an optional module or library present, a Spark line) is the connector's own
 * decision: return no visitors and no answers where it does not. Hooks must not throw; the agent
 * treats a throwing hook as "nothing" and reports it once, as it reports a failing visitor.
 *
 * <p>Order: connectors run after every plain {@link OpenLineageEventHandlerFactory} (user factories
 * come first), sorted by {@link #order()} ascending, ties broken by class name. Within a connector
 * its visitors keep the order it lists them in. The order is observable: the first job-name suffix
 * ({@link JobNameSuffixProvider}) wins and outputs are emitted in visitor order. Headwater's own
 * connectors use multiples of 100 from 100 to 900 (files 100, catalog 200, JDBC 300, Kafka 400, V2
 * catalogs 500, streaming sinks 600, Delta 700, Hive 800, RDDs 900); a third-party connector that
 * must come first takes a value below 100, one that must come last a value above 900.
 */
public interface Connector extends OpenLineageEventHandlerFactory {
  /** This connector's place among connectors, ascending (see the class comment); any int. */
  int order();

  /**
   * The plan-node types whose instances this connector's node hooks (those taking a plan node:
   * {@link #hiddenQueries}, {@link #standIn}, {@link #rewritesTableRows}, {@link #rowLevelWrite},
   * {@link #isViewDefinition}, {@link #isTemporaryViewDefinition}, {@link #viewText}, {@link
   * #changesOnlyTableMetadata}, {@link #dropsTable}) can answer: a node that is an instance of none
   * of them is never asked of this connector, as a plan visitor meets only nodes of its {@link
   * QueryPlanVisitor#handledNodeType()}. Asked once, when the agent starts; the agent works out per
   * concrete node class which connectors to ask.
   *
   * <p>A type is a plan-node class or an interface plan nodes implement (a Scala trait such as
   * {@code Command}). Defaults to every node ({@code LogicalPlan}). A type may be broader than the
   * nodes a hook answers (e.g. {@code Command} for a connector whose hooks answer some commands);
   * it must not be narrower. A connector whose node classes may be absent from the class path lists
   * only those present.
   */
  default Collection<Class<?>> hookNodeTypes() {
    return List.of(LogicalPlan.class);
  }

  /**
   * The plans below {@code node} that are not its children, inner children or subqueries: the query
   * a command of this connector runs itself (a Hive CTAS's query, a Delta MERGE's source and
   * target), in walk order. Empty for a node this connector does not know.
   */
  default List<LogicalPlan> hiddenQueries(LogicalPlan node) {
    return List.of();
  }

  /**
   * The stand-in of relation {@code node} for column lineage, when its columns are not the columns
   * of the dataset it reads ({@link RelationStandIn#UNTRACEABLE} when they are computed in a way
   * that cannot be traced); empty for a node this connector does not know.
   */
  default Optional<RelationStandIn> standIn(LogicalPlan node) {
    return Optional.empty();
  }

  /**
   * True when plan root {@code root} is a command of this connector whose written rows mix the
   * table's own rows with the changed ones (a Delta MERGE, UPDATE or DELETE): the written query
   * then has no {@code columnLineage} facet.
   */
  default boolean rewritesTableRows(LogicalPlan root) {
    return false;
  }

  /**
   * What plan root {@code root}, a row-level command of this connector ({@code MERGE INTO}, {@code
   * UPDATE}, {@code DELETE}), assigns and tests, for its column lineage; empty for a node this
   * connector does not know (or a version of it whose command cannot be read).
   */
  default Optional<RowLevelWrite> rowLevelWrite(LogicalPlan root) {
    return Optional.empty();
  }

  /**
   * The dataset roots of {@code relation} read by one micro-batch of a streaming query, as the
   * input visitors name them (a file stream source: its directory, not the batch's files); empty
   * when this connector does not know the relation.
   *
   * @param hadoopConf the session's Hadoop configuration, to qualify relative paths
   */
  default Optional<List<Path>> streamBatchRoots(
      HadoopFsRelation relation, Configuration hadoopConf) {
    return Optional.empty();
  }

  /** True when plan root {@code root} is a command of this connector defining a persistent view. */
  default boolean isViewDefinition(LogicalPlan root) {
    return false;
  }

  /**
   * True when plan root {@code root} is a command of this connector defining a temporary view
   * ({@code createOrReplaceTempView}, {@code CREATE TEMP VIEW}): no event at all (not a dataset;
   * the OpenLineage Spark integration skips it too).
   */
  default boolean isTemporaryViewDefinition(LogicalPlan root) {
    return false;
  }

  /**
   * The SQL text of the query of view definition {@code root}, a command of this connector, when
   * Spark kept it; empty otherwise.
   */
  default Optional<String> viewText(LogicalPlan root) {
    return Optional.empty();
  }

  /**
   * True when plan root {@code root} is DDL of this connector that changes only a table's metadata,
   * without moving data ({@code CREATE TABLE} without data, {@code ALTER TABLE}, {@code DROP
   * TABLE}): reported as DatasetEvents rather than a run when {@code
   * spark.openlineage.staticLineage.ddl} asks for them. {@code TRUNCATE}, {@code REPLACE TABLE} and
   * CTAS move data: false.
   */
  default boolean changesOnlyTableMetadata(LogicalPlan root) {
    return false;
  }

  /**
   * True when plan root {@code root} is a command of this connector dropping a table: the table is
   * gone after the command, so its DatasetEvent is read at the command's start.
   */
  default boolean dropsTable(LogicalPlan root) {
    return false;
  }

  /**
   * The version of the table of this connector's format stored at dataset {@code namespace} +
   * {@code name} once an operation wrote it, for the outputs' {@code version} dataset facet (spec
   * DatasetVersionDatasetFacet): e.g. a Delta Lake commit number, an Iceberg snapshot id. Empty
   * when the dataset is no table of this connector or its version cannot be read. Asked for every
   * output of a run (a dropped table excepted) once its terminal event is due, of every connector
   * in order; the first answer wins.
   *
   * @param hadoopConf the session's Hadoop configuration, to reach the table's file system
   */
  default Optional<String> tableVersion(String namespace, String name, Configuration hadoopConf) {
    return Optional.empty();
  }
}
