package io.headwater.spark.compat.spark41;

import io.headwater.spark.compat.ScalaCollections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.spark.sql.catalyst.AliasIdentifier;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation;
import org.apache.spark.sql.catalyst.plans.logical.LocalRelation$;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias;
import org.apache.spark.sql.pipelines.graph.ResolvedFlow;
import org.apache.spark.sql.pipelines.graph.ResolvedInput;
import scala.Function1;
import scala.runtime.AbstractPartialFunction;

/**
 * Cuts a resolved flow's query at the datasets of its pipeline. Spark's flow analysis reads another
 * dataset of the pipeline as
 *
 * <pre>
 *   SubqueryAlias(alias of the dataset: its name, qualified with catalog and database for a table)
 *   +- the dataset's plan: an empty relation or memory stream for a table (it may not exist yet),
 *      the view's whole query for a view (its own inputs below it)
 * </pre>
 *
 * and records the read in the flow's {@code funcResult} ({@code batchInputs}, {@code
 * streamingInputs}: the input and that alias). Each such alias, topmost first and in subqueries
 * too, becomes an empty leaf with the alias's output (the same attributes, so column lineage runs
 * through it) that stands for the dataset: what is below is the dataset's lineage, not the flow's.
 */
final class PipelineInputs41 {
  /** A flow's query with its reads of pipeline datasets as leaves. */
  record Cut(LogicalPlan query, Map<LogicalPlan, TableIdentifier> leaves) {}

  private PipelineInputs41() {}

  static Cut of(ResolvedFlow flow) {
    Map<AliasIdentifier, TableIdentifier> aliases = new HashMap<>();
    for (ResolvedInput input : ScalaCollections.asJavaList(flow.funcResult().batchInputs())) {
      aliases.put(input.aliasIdentifier(), input.input().identifier());
    }
    for (ResolvedInput input : ScalaCollections.asJavaList(flow.funcResult().streamingInputs())) {
      aliases.put(input.aliasIdentifier(), input.input().identifier());
    }
    LogicalPlan analyzed = flow.df().queryExecution().analyzed();
    if (aliases.isEmpty()) {
      return new Cut(analyzed, Map.of());
    }
    IdentityHashMap<LogicalPlan, TableIdentifier> leaves = new IdentityHashMap<>();
    LogicalPlan cut =
        analyzed.transformDownWithSubqueries(
            new AbstractPartialFunction<LogicalPlan, LogicalPlan>() {
              @Override
              public boolean isDefinedAt(LogicalPlan node) {
                return node instanceof SubqueryAlias alias
                    && aliases.containsKey(alias.identifier());
              }

              @Override
              public <A1 extends LogicalPlan, B1> B1 applyOrElse(
                  A1 node, Function1<A1, B1> otherwise) {
                if (!isDefinedAt(node)) {
                  return otherwise.apply(node);
                }
                SubqueryAlias alias = (SubqueryAlias) node;
                LogicalPlan leaf =
                    new LocalRelation(
                        alias.output(),
                        LocalRelation$.MODULE$.apply$default$2(),
                        alias.isStreaming(),
                        LocalRelation$.MODULE$.apply$default$4());
                leaves.put(leaf, aliases.get(alias.identifier()));
                @SuppressWarnings(
                    "unchecked") // B1 is LogicalPlan: the function maps plans to plans
                B1 replaced = (B1) leaf;
                return replaced;
              }
            });
    return new Cut(cut, leaves);
  }
}
