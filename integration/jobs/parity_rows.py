"""The side-by-side corpus of row-level writes (``integration/test_peer_parity_rows.py``): MERGE INTO, UPDATE and
DELETE on a Delta Lake table, an Apache Iceberg copy-on-write table and an Iceberg merge-on-read table, run once per
agent in one driver, each statement in its own window of the agent's event file (``parity_facets.main``).

Usage: parity_rows.py AGENT WORKDIR MANIFEST SETTINGS_JSON (as ``parity_corpus.py``). The settings must make Delta's
``DeltaCatalog`` the session catalog and Iceberg's Hadoop catalog ``iceberg``
(``integration.test_peer_parity.iceberg_settings`` with ``delta``).
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import Any

from parity_facets import main  # this folder is the script's: on sys.path
from pyspark.sql import SparkSession

TABLES = {"delta": "rows_delta", "cow": "iceberg.db.rows_cow", "mor": "iceberg.db.rows_mor"}
"""The target table of each kind: a Delta table of the session catalog, Iceberg tables whose row-level writes are
copy-on-write (Spark's ``ReplaceData``) and merge-on-read (``WriteDelta``)."""

TARGET = "id INT, name STRING, amount INT, note STRING"
TARGET_ROWS = "(1, 'a', 10, 'x'), (2, 'b', 20, 'y'), (3, 'c', -5, 'z'), (6, 'f', 1, 'w')"
SOURCE = "id INT, name STRING, amount INT, op STRING, extra STRING"
SOURCE_ROWS = "(1, 'aa', 5, 'U', 'e1'), (2, 'bb', 3, 'D', 'e2'), (4, 'dd', 7, 'I', 'e4'), (5, 'ee', -1, 'I', 'e5')"

STATEMENTS = {
    "merge_upsert": "MERGE INTO {t} t USING rows_src s ON t.id = s.id "
    "WHEN MATCHED THEN UPDATE SET name = upper(s.name), amount = t.amount + s.amount "
    "WHEN NOT MATCHED THEN INSERT (id, name, amount, note) VALUES (s.id, s.name, s.amount, 'new')",
    "merge_conditional": "MERGE INTO {t} t USING rows_src s ON t.id = s.id "
    "WHEN MATCHED AND s.op = 'D' THEN DELETE "
    "WHEN MATCHED AND s.op = 'U' THEN UPDATE SET amount = s.amount "
    "WHEN NOT MATCHED AND s.op = 'I' THEN INSERT (id, name, amount, note) "
    "VALUES (s.id, upper(s.name), s.amount, s.extra)",
    "merge_insert_only": "MERGE INTO {t} t USING rows_src s ON t.id = s.id "
    "WHEN NOT MATCHED THEN INSERT (id, name, amount, note) VALUES (s.id, s.name, s.amount, s.extra)",
    "merge_not_matched_by_source": "MERGE INTO {t} t USING rows_src s ON t.id = s.id "
    "WHEN MATCHED THEN UPDATE SET amount = s.amount "
    "WHEN NOT MATCHED BY SOURCE AND t.amount < 5 THEN UPDATE SET note = 'stale'",
    "update": "UPDATE {t} SET amount = amount * 2, note = concat(note, '!') WHERE name = 'a'",
    "delete": "DELETE FROM {t} WHERE id IN (SELECT id FROM rows_src WHERE op = 'D')",
}
"""Each statement as the Delta and Iceberg documentation write them; ``{t}`` is the target table, ``rows_src`` the
source (a parquet table of the session catalog)."""

DELTA_DELETE = "DELETE FROM {t} WHERE amount < 0"
"""The ``DELETE`` on Delta, which refuses a subquery in its condition (``DELTA_UNSUPPORTED_SUBQUERY``)."""


def operations(spark: SparkSession, data: Path, agent: str) -> dict[str, Any]:
    """The corpus: ``tables`` (the source and the targets, created and filled), then ``<statement>_<kind>`` for each
    statement of ``STATEMENTS`` on each table of ``TABLES``."""

    def tables() -> None:
        spark.sql(f"CREATE TABLE rows_src ({SOURCE}) USING parquet")
        spark.sql(f"INSERT INTO rows_src VALUES {SOURCE_ROWS}")
        for kind, table in TABLES.items():
            if kind == "delta":
                spark.sql(f"CREATE TABLE {table} ({TARGET}) USING delta")
            else:
                mode = "copy-on-write" if kind == "cow" else "merge-on-read"
                modes = ", ".join(f"'write.{op}.mode' = '{mode}'" for op in ("merge", "update", "delete"))
                spark.sql(
                    f"CREATE TABLE {table} ({TARGET}) USING iceberg TBLPROPERTIES ('format-version' = '2', {modes})"
                )
            spark.sql(f"INSERT INTO {table} VALUES {TARGET_ROWS}")

    found: dict[str, Any] = {"tables": tables}
    for kind, table in TABLES.items():
        for name, statement in STATEMENTS.items():
            text = DELTA_DELETE if (name, kind) == ("delete", "delta") else statement
            found[f"{name}_{kind}"] = partial(spark.sql, text.format(t=table))
    return found


if __name__ == "__main__":
    main(*sys.argv[1:5], corpus=operations)
