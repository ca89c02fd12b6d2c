package io.headwater.spark.reading.columns;

import io.headwater.spark.api.RowLevelWrite;
import io.headwater.spark.compat.ScalaCollections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;

/**
 * The column lineage of a row-level write ({@link RowLevelWrite}: {@code MERGE INTO}, {@code
 * UPDATE}, {@code DELETE}), read with the same expression analysis as a query:
 *
 * <ul>
 *   <li>each field of the table lists its own column as DIRECT IDENTITY (the rows no clause changes
 *       keep their value), then the DIRECT sources of every value a clause assigns it, with their
 *       subtypes; a field no clause assigns has only its own column;
 *   <li>the merge condition's columns (both sides) are INDIRECT JOIN; an {@code UPDATE}'s or {@code
 *       DELETE}'s {@code WHERE} columns, those its {@code IN}/{@code EXISTS} subqueries compare and
 *       test included, INDIRECT FILTER; each clause's own condition INDIRECT CONDITIONAL (it picks
 *       which value a row gets, as a {@code CASE WHEN} does);
 *   <li>a {@code MERGE}'s source is traced as any query (views, subqueries, unions, joins,
 *       aggregates, to their tables' columns), its own filters, joins and grouping INDIRECT; the
 *       write's own reading of its table (file pruning, the optimizer's null tests) is not.
 * </ul>
 *
 * A column that neither a clause nor a condition names is never a source.
 */
final class RowLevelLineage {
  private final ColumnLineageAnalyzer analyzer;
  private final ExpressionSources expressions;
  private final RowLevelSources rows;

  RowLevelLineage(
      ColumnLineageAnalyzer analyzer, ExpressionSources expressions, RowLevelSources rows) {
    this.analyzer = analyzer;
    this.expressions = expressions;
    this.rows = rows;
  }

  ColumnLineageAnalyzer.Result of(
      RowLevelWrite write, List<String> names, ColumnLineageAnalyzer.SourceDataset table) {
    for (Attribute column : ScalaCollections.asJava(write.table().output())) {
      analyzer.seed(column, own(table, column.name()));
    }
    boolean merge = write.source().isPresent();
    if (!merge) {
      write.condition().ifPresent(expressions::rowChoice);
    }
    analyzer.analyseMuted(write.target());
    write.source().ifPresent(analyzer::analyse);
    FieldSources rowLevel = rows.sources();
    write
        .condition()
        .ifPresent(
            condition ->
                expressions.referencesThrough(
                    condition, merge ? Transformation.JOIN : Transformation.FILTER, rowLevel));
    Map<String, FieldSources> assigned = new HashMap<>();
    for (RowLevelWrite.Clause clause : write.clauses()) {
      clause
          .condition()
          .ifPresent(
              condition ->
                  expressions.referencesThrough(condition, Transformation.CONDITIONAL, rowLevel));
      clause
          .assignments()
          .forEach(
              (name, values) -> {
                FieldSources sources = assigned.computeIfAbsent(key(name), k -> new FieldSources());
                for (Expression value : values) {
                  sources.addAll(expressions.of(value));
                }
              });
    }
    Map<String, FieldSources> fields = new LinkedHashMap<>();
    for (String name : names) {
      FieldSources sources = own(table, name);
      sources.addAll(assigned.getOrDefault(key(name), FieldSources.NONE));
      fields.put(name, sources);
    }
    return new ColumnLineageAnalyzer.Result(fields, rowLevel);
  }

  private static FieldSources own(ColumnLineageAnalyzer.SourceDataset table, String field) {
    return FieldSources.of(
        new SourceField(table.namespace(), table.name(), field), Transformation.IDENTITY);
  }

  /** Spark resolves column names case-insensitively by default. */
  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
