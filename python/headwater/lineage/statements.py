"""The store's write statements, each compiled to its SQL text once per process and run through the driver.

A transaction of :mod:`.ingest` runs about thirty statements whatever its size. Built and compiled by SQLAlchemy
each time, they cost about 10 ms of CPU per transaction (building the statement, its cache key, and for the
``INSERT ... ON CONFLICT`` upserts a full compile, which SQLAlchemy does not cache for a driver-level executemany):
nothing for a bulk ingest's batches of 5,000 events, but most of the CPU of ``POST /api/v1/lineage``'s transactions
of a few events. Here each statement is built and compiled once per (dialect, name, parameter names) and its text run
with :meth:`~sqlalchemy.engine.Connection.exec_driver_sql`, the parameters going to the driver as they are (plain
str, int, bool and None, which both drivers take; a set of keys as :func:`keys_value` gives it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

import orjson
from sqlalchemy import any_, bindparam, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.types import String, Text

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Hashable, Mapping, Sequence

    from sqlalchemy import ClauseElement, ColumnElement, Connection, Table
    from sqlalchemy.sql.compiler import SQLCompiler

_SQLITE_NAMED: Final = sqlite.dialect(paramstyle="named")


@dataclass(frozen=True)
class _Compiled:
    """A statement compiled once.

    Attributes:
        sql: its SQL text.
        order: the names of its parameters in order, for a driver with positional parameters (else None).
        fixed: the values of the parameters the statement binds itself (its literals, such as a facet's name).
    """

    sql: str
    order: tuple[str, ...] | None
    fixed: dict[str, Any]

    def params(self, given: Mapping[str, Any]) -> dict[str, Any] | tuple[Any, ...]:
        values = {**self.fixed, **given} if self.fixed else given
        return tuple(values[k] for k in self.order) if self.order is not None else dict(values)


_COMPILED: Final[dict[tuple[str, Hashable, tuple[str, ...]], _Compiled]] = {}
"""Each statement compiled, by (dialect, name, the names of the parameters given)."""


def among_keys(dialect: str, column: ColumnElement[str], name: str) -> ColumnElement[bool]:
    """``column`` is one of the keys bound to the parameter ``name`` (given as :func:`keys_value` makes them).

    On PostgreSQL ``column = ANY(:name)`` (a text array), else (SQLite) ``column IN (SELECT value FROM
    json_each(:name))`` (a JSON array): the same statement for any number of keys.
    """
    if dialect == "postgresql":
        return column == any_(bindparam(name, type_=postgresql.ARRAY(String)))
    values = func.json_each(bindparam(name, type_=Text)).table_valued("value")
    return column.in_(select(values.c.value))


def keys_value(conn: Connection, keys: Collection[str]) -> Any:  # noqa: ANN401 - the driver's value
    """``keys`` as the value of an :func:`among_keys` parameter: a list for PostgreSQL, JSON text for SQLite."""
    return list(keys) if conn.dialect.name == "postgresql" else orjson.dumps(list(keys)).decode()


def _compiled(
    conn: Connection, name: Hashable, build: Callable[[], ClauseElement], columns: Sequence[str]
) -> _Compiled:
    key = (conn.dialect.name, name, tuple(columns))
    found = _COMPILED.get(key)
    if found is None:
        dialect = _SQLITE_NAMED if conn.dialect.name == "sqlite" else conn.dialect
        compiled = cast("SQLCompiler", build().compile(dialect=dialect, column_keys=list(columns)))
        order = tuple(compiled.positiontup or ()) if compiled.positional else None
        fixed = {k: v for k, v in compiled.params.items() if k not in columns}
        found = _COMPILED[key] = _Compiled(str(compiled), order, fixed)
    return found


def run(
    conn: Connection, name: Hashable, build: Callable[[], ClauseElement], params: Mapping[str, Any] | None = None
) -> Any:  # noqa: ANN401 - the driver's rows (a CursorResult)
    """Run the statement ``build()`` makes (built and compiled once per dialect for ``name``) with ``params``.

    ``name`` stands for the statement: the same name, the same statement (``build`` is called once per dialect).
    """
    values = dict(params or {})
    compiled = _compiled(conn, name, build, sorted(values))
    return conn.exec_driver_sql(compiled.sql, compiled.params(values))


def run_many(
    conn: Connection, name: Hashable, build: Callable[[], ClauseElement], rows: Sequence[Mapping[str, Any]]
) -> None:
    """Run the statement ``build()`` makes once per row (the driver's executemany); nothing when ``rows`` is empty.

    Every row has the same keys, those of the first one (SQLAlchemy's ``column_keys`` for an INSERT).
    """
    if not rows:
        return
    compiled = _compiled(conn, name, build, list(rows[0]))
    if compiled.order is None and not compiled.fixed:
        conn.exec_driver_sql(compiled.sql, list(rows))
    else:
        conn.exec_driver_sql(compiled.sql, [compiled.params(row) for row in rows])


def among_batch(conn: Connection, column: ColumnElement[str]) -> ColumnElement[bool]:
    """``column`` is one of the keys of the statement's parameter ``keys`` (given as :func:`batch_keys` makes it)."""
    return among_keys(conn.dialect.name, column, "keys")


def batch_keys(conn: Connection, keys: Collection[str]) -> dict[str, Any]:
    """The parameters of a statement of :func:`among_batch`: ``keys`` as its ``keys``."""
    return {"keys": keys_value(conn, keys)}


def batch_keys_table(conn: Connection) -> Any:  # noqa: ANN401 - a table-valued function, with a ``value`` column
    """The keys of the statement's parameter ``keys`` (:func:`batch_keys`) as a table of one column, ``value``.

    ``unnest(:keys)`` on PostgreSQL, ``json_each(:keys)`` on SQLite: a statement can look each key up on its own (a
    correlated subquery per key uses an index where a ``GROUP BY`` over all the keys' rows reads every row).
    """
    if conn.dialect.name == "postgresql":
        return func.unnest(bindparam("keys", type_=postgresql.ARRAY(String))).table_valued("value").render_derived()
    return func.json_each(bindparam("keys", type_=Text)).table_valued("value")


def dialect_insert(conn: Connection, table: Table) -> Any:  # noqa: ANN401 - the dialect's Insert, with on_conflict_*
    """An ``INSERT`` into ``table`` in the connection's dialect (PostgreSQL's or SQLite's, with ``ON CONFLICT``)."""
    return (postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert)(table)
