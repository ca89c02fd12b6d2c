package io.headwater.spark.reading.columns;

import java.util.List;
import org.apache.spark.sql.catalyst.expressions.Attribute;

/**
 * Columns whose values decide which rows an operator keeps, and how ({@code GROUP_BY}, {@code
 * JOIN}): row-level (INDIRECT) sources of every column of the query. Made by the rules for
 * operators that pass their input's columns on and only choose rows ({@link DuplicateElimination},
 * {@link SetComparisons}).
 */
record RowKeys(List<Attribute> columns, Transformation kind) {}
