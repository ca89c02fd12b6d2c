package io.headwater.spark.testing;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.spark.sql.catalyst.CatalystTypeConverters;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsDynamicOverwrite;
import org.apache.spark.sql.connector.write.SupportsOverwrite;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.sources.AlwaysTrue;
import org.apache.spark.sql.sources.And;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A table of {@link InMemoryTableCatalog}: rows are kept as {@link InternalRow} copies in the
 * driver. Reads scan every row in one partition; writes collect copies in the tasks and apply them
 * on commit: append, delete-then-append for an overwrite by {@code col = value} filters (ANDed;
 * {@code true} truncates), and replacement of the written partitions (identity partition columns)
 * for a dynamic partition overwrite.
 */
final class InMemoryTable implements SupportsRead, SupportsWrite {
  private final String name;
  private final StructType schema;
  private final Transform[] partitioning;
  private final Map<String, String> properties;
  private final List<InternalRow> rows = new ArrayList<>(); // guarded by this

  InMemoryTable(
      String name, StructType schema, Transform[] partitioning, Map<String, String> properties) {
    this.name = name;
    this.schema = schema;
    this.partitioning = partitioning.clone();
    this.properties = Map.copyOf(properties);
  }

  @Override
  public String name() {
    return name;
  }

  /** This table's schema as a StructType. */
  StructType sparkSchema() {
    return schema;
  }

  /**
   * A copy with {@code newSchema} (this schema with columns appended) and {@code newProperties};
   * rows keep their values, appended columns are null.
   */
  synchronized InMemoryTable altered(StructType newSchema, Map<String, String> newProperties) {
    InMemoryTable copy = new InMemoryTable(name, newSchema, partitioning, newProperties);
    for (InternalRow row : rows) {
      Object[] values = new Object[newSchema.fields().length];
      for (int i = 0; i < schema.fields().length; i++) {
        values[i] = row.get(i, schema.fields()[i].dataType());
      }
      copy.rows.add(new org.apache.spark.sql.catalyst.expressions.GenericInternalRow(values));
    }
    return copy;
  }

  /**
   * The table's schema. Deprecated in Spark 4 (whose default {@code columns()} derives the columns
   * from it) and abstract in Spark 3.5: overriding it keeps this table one source for every Spark.
   */
  @Override
  @SuppressWarnings("deprecation")
  public StructType schema() {
    return schema;
  }

  @Override
  public Transform[] partitioning() {
    return partitioning.clone();
  }

  @Override
  public Map<String, String> properties() {
    return properties;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(
        TableCapability.BATCH_READ,
        TableCapability.BATCH_WRITE,
        TableCapability.TRUNCATE,
        TableCapability.OVERWRITE_BY_FILTER,
        TableCapability.OVERWRITE_DYNAMIC);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return () -> new RowScan(snapshot(), schema);
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    return new RowWriteBuilder();
  }

  private synchronized List<InternalRow> snapshot() {
    return new ArrayList<>(rows);
  }

  private synchronized void commit(Predicate<InternalRow> replaced, List<InternalRow> added) {
    rows.removeIf(replaced);
    rows.addAll(added);
  }

  /**
   * The value of column {@code name} in {@code row}, as an external Java value ({@code String},
   * {@code Integer}).
   */
  private Object value(InternalRow row, String column) {
    int i = schema.fieldIndex(column);
    DataType type = schema.fields()[i].dataType();
    return CatalystTypeConverters.convertToScala(row.get(i, type), type);
  }

  private Predicate<InternalRow> matches(Filter filter) {
    if (filter instanceof AlwaysTrue) {
      return row -> true;
    }
    if (filter instanceof And and) {
      return matches(and.left()).and(matches(and.right()));
    }
    if (filter instanceof EqualTo eq) {
      return row -> Objects.equals(value(row, eq.attribute()), eq.value());
    }
    throw new UnsupportedOperationException(
        "the test catalog overwrites only by col = value: " + filter);
  }

  private List<Object> partitionKey(InternalRow row) {
    List<Object> key = new ArrayList<>();
    for (Transform transform : partitioning) {
      key.add(value(row, transform.references()[0].fieldNames()[0]));
    }
    return key;
  }

  private final class RowWriteBuilder implements SupportsOverwrite, SupportsDynamicOverwrite {
    private Filter[] overwrite = new Filter[0];
    private boolean dynamic;

    @Override
    public WriteBuilder overwrite(Filter[] filters) {
      overwrite = filters.clone();
      return this;
    }

    @Override
    public WriteBuilder overwriteDynamicPartitions() {
      dynamic = true;
      return this;
    }

    @Override
    public Write build() {
      Predicate<InternalRow> byFilter = row -> false;
      if (overwrite.length > 0) {
        byFilter = row -> true;
        for (Filter filter : overwrite) {
          byFilter = byFilter.and(matches(filter));
        }
      }
      Predicate<InternalRow> replaced = byFilter;
      boolean byPartition = dynamic;
      return new Write() {
        @Override
        public BatchWrite toBatch() {
          return new RowBatchWrite(replaced, byPartition);
        }
      };
    }
  }

  private final class RowBatchWrite implements BatchWrite {
    private final Predicate<InternalRow> byFilter;
    private final boolean byPartition;

    RowBatchWrite(Predicate<InternalRow> byFilter, boolean byPartition) {
      this.byFilter = byFilter;
      this.byPartition = byPartition;
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
      return (partitionId, taskId) -> new RowWriter();
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
      List<InternalRow> added = new ArrayList<>();
      for (WriterCommitMessage message : messages) {
        added.addAll(((Rows) message).rows);
      }
      Predicate<InternalRow> replaced = byFilter;
      if (byPartition) {
        Set<List<Object>> written = new HashSet<>();
        added.forEach(row -> written.add(partitionKey(row)));
        replaced = row -> written.contains(partitionKey(row));
      }
      InMemoryTable.this.commit(replaced, added);
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {}
  }

  /**
   * Rows one write task produced, or one read partition holds. (Not a record: Gradle 4.4's
   * test-class scan cannot read record class files in the test output.)
   */
  private static final class Rows implements WriterCommitMessage, InputPartition {
    private final List<InternalRow> rows;

    Rows(List<InternalRow> rows) {
      this.rows = rows;
    }
  }

  private static final class RowWriter implements DataWriter<InternalRow> {
    private final List<InternalRow> rows = new ArrayList<>();

    @Override
    public void write(InternalRow row) {
      rows.add(row.copy());
    }

    @Override
    public WriterCommitMessage commit() {
      return new Rows(rows);
    }

    @Override
    public void abort() {}

    @Override
    public void close() {}
  }

  private static final class RowScan implements Scan, Batch {
    private final List<InternalRow> rows;
    private final StructType schema;

    RowScan(List<InternalRow> rows, StructType schema) {
      this.rows = rows;
      this.schema = schema;
    }

    @Override
    public StructType readSchema() {
      return schema;
    }

    @Override
    public Batch toBatch() {
      return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
      return new InputPartition[] {new Rows(rows)};
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
      return partition -> new RowReader(((Rows) partition).rows);
    }
  }

  private static final class RowReader implements PartitionReader<InternalRow> {
    private final List<InternalRow> rows;
    private int next = -1;

    RowReader(List<InternalRow> rows) {
      this.rows = rows;
    }

    @Override
    public boolean next() {
      return ++next < rows.size();
    }

    @Override
    public InternalRow get() {
      return rows.get(next);
    }

    @Override
    public void close() {}
  }
}
