package io.headwater.spark.testing;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.catalyst.analysis.TableAlreadyExistsException;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A DataSourceV2 {@link TableCatalog} for tests, loaded like any user catalog ({@code
 * spark.sql.catalog.testcat=io.headwater.spark.testing.InMemoryTableCatalog}). Tables live in the
 * driver's memory ({@link InMemoryTable}) and support batch read, append, overwrite by {@code =}
 * filters and dynamic partition overwrite. A table created with {@code LOCATION} carries it as its
 * {@code location} property; nothing is written there. Namespaces are not managed: any namespace
 * may hold tables. Test code only, never in the agent.
 */
public final class InMemoryTableCatalog implements TableCatalog {
  private final Map<Identifier, InMemoryTable> tables = new ConcurrentHashMap<>();
  private String name;

  @Override
  public void initialize(String name, CaseInsensitiveStringMap options) {
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Identifier[] listTables(String[] namespace) {
    return tables.keySet().stream()
        .filter(id -> Arrays.equals(id.namespace(), namespace))
        .toArray(Identifier[]::new);
  }

  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    InMemoryTable table = tables.get(ident);
    if (table == null) {
      throw new NoSuchTableException(ident);
    }
    return table;
  }

  /**
   * Creates a table. Spark 4 calls it through the default {@code createTable(Identifier,
   * TableInfo)} and {@code createTable(Identifier, Column[], ...)}; in Spark 3.5 it is the one
   * abstract {@code createTable}. Overriding it (deprecated in Spark 4) keeps this catalog one
   * source for every supported Spark.
   */
  @Override
  @SuppressWarnings("deprecation")
  public Table createTable(
      Identifier ident, StructType schema, Transform[] partitions, Map<String, String> properties)
      throws TableAlreadyExistsException {
    InMemoryTable table = new InMemoryTable(qualifiedName(ident), schema, partitions, properties);
    if (tables.putIfAbsent(ident, table) != null) {
      throw new TableAlreadyExistsException(ident);
    }
    return table;
  }

  /**
   * Property changes ({@code SET/UNSET TBLPROPERTIES}, {@code COMMENT ON TABLE}) and columns added
   * at the end (existing rows get null); other schema changes are refused.
   */
  @Override
  public Table alterTable(Identifier ident, TableChange... changes) throws NoSuchTableException {
    InMemoryTable table = tables.get(ident);
    if (table == null) {
      throw new NoSuchTableException(ident);
    }
    // an immutable List is the Seq that Spark 3.5 (collection.Seq) and 4 (immutable.Seq) both take
    @SuppressWarnings("deprecation") // JavaConverters: deprecated in Scala 2.13, the one in 2.12
    scala.collection.immutable.List<TableChange> all =
        scala.collection.JavaConverters.asScalaBuffer(Arrays.asList(changes)).toList();
    for (TableChange change : changes) {
      if (!(change instanceof TableChange.SetProperty
          || change instanceof TableChange.RemoveProperty
          || (change instanceof TableChange.AddColumn add
              && add.fieldNames().length == 1
              && add.position() == null))) {
        throw new UnsupportedOperationException(
            "the test catalog does not apply " + change.getClass().getSimpleName());
      }
    }
    InMemoryTable altered =
        table.altered(
            org.apache.spark.sql.connector.catalog.CatalogV2Util.applySchemaChanges(
                table.sparkSchema(), all, scala.Option.empty(), "ALTER TABLE"),
            org.apache.spark.sql.connector.catalog.CatalogV2Util.applyPropertiesChanges(
                table.properties(), all));
    tables.put(ident, altered);
    return altered;
  }

  @Override
  public boolean dropTable(Identifier ident) {
    return tables.remove(ident) != null;
  }

  @Override
  public void renameTable(Identifier oldName, Identifier newName) {
    throw new UnsupportedOperationException("the test catalog does not rename tables");
  }

  /** {@code ns.t}: the table's name as Spark shows it for a V2 table (namespace parts and name). */
  private static String qualifiedName(Identifier ident) {
    return String.join(".", ident.namespace())
        + (ident.namespace().length == 0 ? "" : ".")
        + ident.name();
  }
}
