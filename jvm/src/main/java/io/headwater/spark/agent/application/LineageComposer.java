package io.headwater.spark.agent.application;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.reading.columns.FieldSources;
import io.headwater.spark.reading.columns.SourceField;
import io.headwater.spark.reading.columns.Transformation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

/**
 * Composes an application's lineage from what its child runs left ({@link ChildRunRecorder}): its
 * inputs, outputs and, per output, the column lineage through the application's intermediate
 * datasets down to its inputs. Pure: no I/O, no clock of its own (the budget is asked of {@code
 * pastBudget}).
 *
 * <p>An intermediate dataset is one a completed run wrote before any run read it. An input field of
 * an intermediate dataset is replaced by that field's own sources, recursively; each transformation
 * is composed with {@link Transformation#then} (inner, then outer), the rule that composes
 * transformations inside one query: DIRECT∘DIRECT is DIRECT with the subtype keeping less of the
 * value (AGGREGATION over TRANSFORMATION over IDENTITY), any INDIRECT makes the composition
 * INDIRECT with the outer INDIRECT's subtype when both are, masking when either masks. The
 * row-level sources ({@code dataset} list) of an output are its own, composed, and those of every
 * intermediate dataset it depends on, composed. Composition stops at an external input, at an
 * intermediate dataset whose lineage is not known (a write without {@code columnLineage}) and on a
 * cycle.
 *
 * <p>Outputs are the written datasets, in the order first written, except those read back whose
 * name the intermediate-dataset pattern finds a match in.
 */
@Internal
public final class LineageComposer {
  private final ChildRunRecorder.Recorded recorded;
  private final BooleanSupplier pastBudget;
  private final Map<SourceField, FieldSources> expanded = new HashMap<>();
  private final Set<SourceField> expanding = new HashSet<>();

  private LineageComposer(ChildRunRecorder.Recorded recorded, BooleanSupplier pastBudget) {
    this.recorded = recorded;
    this.pastBudget = pastBudget;
  }

  /**
   * The composed lineage of the application.
   *
   * @param recorded what the child runs left
   * @param intermediate the pattern of datasets to leave out of the outputs when read back
   * @param pastBudget true once the time budget is spent: outputs not yet composed then get no
   *     column lineage and {@link Composed#timedOut} is true
   */
  static Composed compose(
      ChildRunRecorder.Recorded recorded,
      Optional<Pattern> intermediate,
      BooleanSupplier pastBudget) {
    return new LineageComposer(recorded, pastBudget).compose(intermediate);
  }

  /**
   * An application's composed lineage.
   *
   * @param inputs the external inputs, in the order first read
   * @param outputs the outputs, in the order first written
   * @param leftOut the written and read-back datasets the pattern left out of the outputs
   * @param columns per output whose lineage is known and was composed in time: output field to its
   *     sources, and the row-level sources
   * @param timedOut whether the budget stopped the composition
   */
  record Composed(
      List<DatasetRef> inputs,
      List<DatasetRef> outputs,
      List<DatasetRef> leftOut,
      Map<DatasetRef, Columns> columns,
      boolean timedOut) {}

  /** One output's composed column lineage. */
  record Columns(Map<String, FieldSources> fields, FieldSources rowLevel) {}

  private Composed compose(Optional<Pattern> intermediate) {
    List<DatasetRef> outputs = new ArrayList<>();
    List<DatasetRef> leftOut = new ArrayList<>();
    for (DatasetRef dataset : recorded.written().keySet()) {
      boolean matches = intermediate.map(p -> p.matcher(dataset.name()).find()).orElse(false);
      (recorded.readBack().contains(dataset) && matches ? leftOut : outputs).add(dataset);
    }
    Map<DatasetRef, Columns> columns = new LinkedHashMap<>();
    boolean timedOut = false;
    try {
      for (DatasetRef output : outputs) {
        WrittenDataset written = recorded.written().get(output);
        if (written.traced()) {
          columns.put(output, columnsOf(output, written));
        }
      }
    } catch (OutOfTime e) {
      timedOut = true;
    }
    return new Composed(
        List.copyOf(recorded.externalInputs()),
        List.copyOf(outputs),
        List.copyOf(leftOut),
        columns,
        timedOut);
  }

  private Columns columnsOf(DatasetRef output, WrittenDataset written) {
    Map<String, FieldSources> fields = new LinkedHashMap<>();
    written.fields().forEach((name, sources) -> fields.put(name, through(sources)));
    FieldSources rowLevel = through(written.rowLevel());
    for (DatasetRef upstream : intermediatesBelow(output, written)) {
      rowLevel.addAll(through(recorded.written().get(upstream).rowLevel()));
    }
    return new Columns(fields, rowLevel);
  }

  /** {@code sources} with every field of an intermediate dataset replaced by its own sources. */
  private FieldSources through(FieldSources sources) {
    FieldSources result = new FieldSources();
    sources
        .asMap()
        .forEach(
            (field, transformations) -> {
              FieldSources below = expand(field);
              transformations.forEach(t -> result.addThrough(below, t));
            });
    return result;
  }

  /** The sources of {@code field} below the intermediate datasets, as seen from {@code field}. */
  private FieldSources expand(SourceField field) {
    if (pastBudget.getAsBoolean()) {
      throw new OutOfTime();
    }
    if (!intermediate(new DatasetRef(field.namespace(), field.name()))) {
      return FieldSources.of(field, Transformation.IDENTITY);
    }
    FieldSources done = expanded.get(field);
    if (done != null) {
      return done;
    }
    if (!expanding.add(field)) {
      return new FieldSources(); // a cycle: the other paths give its sources
    }
    FieldSources own =
        recorded
            .written()
            .get(new DatasetRef(field.namespace(), field.name()))
            .fields()
            .get(field.field());
    FieldSources result = own == null ? new FieldSources() : through(own);
    expanding.remove(field);
    expanded.put(field, result);
    return result;
  }

  /** The intermediate datasets {@code output} depends on, directly or through others. */
  private Set<DatasetRef> intermediatesBelow(DatasetRef output, WrittenDataset written) {
    Set<DatasetRef> found = new LinkedHashSet<>();
    Deque<WrittenDataset> next = new ArrayDeque<>(List.of(written));
    while (!next.isEmpty()) {
      WrittenDataset current = next.pop();
      List<FieldSources> all = new ArrayList<>(current.fields().values());
      all.add(current.rowLevel());
      for (FieldSources sources : all) {
        for (SourceField field : sources.asMap().keySet()) {
          DatasetRef dataset = new DatasetRef(field.namespace(), field.name());
          if (!dataset.equals(output) && intermediate(dataset) && found.add(dataset)) {
            next.push(recorded.written().get(dataset));
          }
        }
      }
    }
    return found;
  }

  /** Written before it was read, with known lineage: composition goes through it. */
  private boolean intermediate(DatasetRef dataset) {
    WrittenDataset written = recorded.written().get(dataset);
    return written != null && written.traced() && !recorded.externalInputs().contains(dataset);
  }

  /** The budget ran out. */
  private static final class OutOfTime extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OutOfTime() {
      super(null, null, false, false);
    }
  }
}
