"""Column-lineage correctness suite: real queries over small TPC-H-shaped tables the test generates, each with its
expected ``columnLineage`` facet written out by hand.

Notation: ``"table.column:CODE"``; codes ID, TR, AGG (DIRECT IDENTITY / TRANSFORMATION / AGGREGATION) and COND,
WINDOW, FILTER, JOIN, GROUP_BY, SORT (INDIRECT); a trailing ``*`` is a masked transformation. ``fields`` lists only
output fields that have sources (a literal or ``count(*)`` has none); ``dataset`` is the facet's dataset-wide list.
"""

from __future__ import annotations

import datetime  # noqa: ICN001 - the tests build datetime.date values
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pyspark.sql import DataFrame, SparkSession, Window
from pyspark.sql import functions as F  # noqa: N812

from tests.support.column_lineage import compact_dataset, compact_fields, write_and_get_lineage
from tests.support.events import LineageLog, child_runs
from tests.support.spark_versions import PLANNING, SPARK_VERSION

TABLES = {
    "region": "r_regionkey INT, r_name STRING",
    "nation": "n_nationkey INT, n_name STRING, n_regionkey INT",
    "supplier": "s_suppkey INT, s_name STRING, s_nationkey INT, s_acctbal DOUBLE",
    "customer": "c_custkey INT, c_name STRING, c_address STRING, c_nationkey INT, c_phone STRING, c_acctbal DOUBLE, "
    "c_mktsegment STRING, c_comment STRING",
    "orders": "o_orderkey INT, o_custkey INT, o_orderstatus STRING, o_totalprice DOUBLE, o_orderdate DATE, "
    "o_orderpriority STRING, o_shippriority INT",
    "lineitem": "l_orderkey INT, l_suppkey INT, l_linenumber INT, l_quantity DOUBLE, l_extendedprice DOUBLE, "
    "l_discount DOUBLE, l_tax DOUBLE, l_returnflag STRING, l_linestatus STRING, l_shipdate DATE",
    "profiles": "id INT, user STRUCT<name: STRING, email: STRING>, tags ARRAY<STRING>, scores MAP<STRING, INT>",
}


def generate_rows(rng: random.Random) -> dict[str, list[tuple]]:
    """Small, deterministic TPC-H-shaped data (the schema of the TPC-H tables the queries use)."""
    regions = ["AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST"]
    day = datetime.date(1992, 1, 1)
    rows: dict[str, list[tuple]] = {
        "region": [(i, name) for i, name in enumerate(regions)],
        "nation": [(i, f"NATION{i}", i % 5) for i in range(25)],
        "supplier": [(i, f"Supplier#{i}", i % 25, rng.uniform(-999, 9999)) for i in range(10)],
        "customer": [
            (
                i,
                f"Customer#{i}",
                f"addr {i}",
                i % 25,
                f"25-{i:03d}",
                rng.uniform(-999, 9999),
                rng.choice(["BUILDING", "AUTOMOBILE", "MACHINERY"]),
                f"comment {i}",
            )
            for i in range(30)
        ],
        "orders": [
            (
                i,
                i % 30,
                rng.choice("FOP"),
                rng.uniform(900, 400000),
                day + datetime.timedelta(days=rng.randrange(2400)),
                rng.choice(["1-URGENT", "2-HIGH", "3-MEDIUM"]),
                0,
            )
            for i in range(100)
        ],
        "lineitem": [
            (
                i // 4,
                i % 10,
                i % 4,
                float(rng.randrange(1, 50)),
                rng.uniform(900, 100000),
                rng.choice([0.0, 0.05, 0.1]),
                rng.choice([0.0, 0.02, 0.08]),
                rng.choice("ARN"),
                rng.choice("OF"),
                day + datetime.timedelta(days=rng.randrange(2500)),
            )
            for i in range(400)
        ],
        "profiles": [
            (i, (f"user{i}", f"user{i}@example.com"), [f"t{i % 3}", "all"], {"math": i, "art": 10 - i})
            for i in range(5)
        ],
    }
    return rows


@pytest.fixture(scope="module")
def tpch(spark_session: SparkSession, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Writes every table as parquet and registers it as a temp view; table name -> parquet path."""
    root = tmp_path_factory.mktemp("tpch")
    rows = generate_rows(random.Random(18))
    paths = {}
    for table, schema in TABLES.items():
        path = str(root / table)
        spark_session.createDataFrame(rows[table], schema).write.parquet(path)
        spark_session.read.parquet(path).createOrReplaceTempView(table)
        paths[table] = path
    return paths


@dataclass
class Case:
    """One query: SQL text (over the temp views) or a function building a DataFrame, and its expected lineage."""

    id: str
    query: str | Callable[[SparkSession, dict[str, str]], DataFrame]
    fields: dict[str, set[str]]
    dataset: set[str] = field(default_factory=set)
    sql_function: bool = False  # uses the SQL function hw_net (Spark 4.0 and later)
    # a subquery's correlated condition: JOIN once the optimizer made the subquery a semi join (a file write), FILTER in
    # the analyzed plan Headwater reads for a table write, so the JOINs of ``dataset`` are FILTERs there
    correlated: bool = False


def t(*items: str) -> set[str]:
    return set(items)


def customer_cached(spark: SparkSession, _: dict[str, str]) -> DataFrame:
    return spark.table("customer").where("c_acctbal > 0").select("c_custkey", "c_acctbal").cache()


CASES = [
    # --- TPC-H -----------------------------------------------------------------------------------------------------
    Case(
        "tpch_q1",
        """select l_returnflag, l_linestatus, sum(l_quantity) as sum_qty, sum(l_extendedprice) as sum_base_price,
                  sum(l_extendedprice * (1 - l_discount)) as sum_disc_price,
                  sum(l_extendedprice * (1 - l_discount) * (1 + l_tax)) as sum_charge,
                  avg(l_quantity) as avg_qty, avg(l_extendedprice) as avg_price, avg(l_discount) as avg_disc,
                  count(*) as count_order
           from lineitem where l_shipdate <= date '1998-12-01' - interval '90' day
           group by l_returnflag, l_linestatus order by l_returnflag, l_linestatus""",
        {
            "l_returnflag": t("lineitem.l_returnflag:ID"),
            "l_linestatus": t("lineitem.l_linestatus:ID"),
            "sum_qty": t("lineitem.l_quantity:AGG"),
            "sum_base_price": t("lineitem.l_extendedprice:AGG"),
            "sum_disc_price": t("lineitem.l_extendedprice:AGG", "lineitem.l_discount:AGG"),
            "sum_charge": t("lineitem.l_extendedprice:AGG", "lineitem.l_discount:AGG", "lineitem.l_tax:AGG"),
            "avg_qty": t("lineitem.l_quantity:AGG"),
            "avg_price": t("lineitem.l_extendedprice:AGG"),
            "avg_disc": t("lineitem.l_discount:AGG"),
        },
        t(
            "lineitem.l_shipdate:FILTER",
            "lineitem.l_returnflag:GROUP_BY",
            "lineitem.l_linestatus:GROUP_BY",
            "lineitem.l_returnflag:SORT",
            "lineitem.l_linestatus:SORT",
        ),
    ),
    Case(
        "tpch_q3",
        """select l_orderkey, sum(l_extendedprice * (1 - l_discount)) as revenue, o_orderdate, o_shippriority
           from customer, orders, lineitem
           where c_mktsegment = 'BUILDING' and c_custkey = o_custkey and l_orderkey = o_orderkey
             and o_orderdate < date '1995-03-15' and l_shipdate > date '1995-03-15'
           group by l_orderkey, o_orderdate, o_shippriority order by revenue desc, o_orderdate limit 10""",
        {
            "l_orderkey": t("lineitem.l_orderkey:ID"),
            "revenue": t("lineitem.l_extendedprice:AGG", "lineitem.l_discount:AGG"),
            "o_orderdate": t("orders.o_orderdate:ID"),
            "o_shippriority": t("orders.o_shippriority:ID"),
        },
        t(
            "customer.c_mktsegment:FILTER",
            "orders.o_orderdate:FILTER",
            "lineitem.l_shipdate:FILTER",
            "customer.c_custkey:JOIN",
            "orders.o_custkey:JOIN",
            "lineitem.l_orderkey:JOIN",
            "orders.o_orderkey:JOIN",
            "lineitem.l_orderkey:GROUP_BY",
            "orders.o_orderdate:GROUP_BY",
            "orders.o_shippriority:GROUP_BY",
            "lineitem.l_extendedprice:SORT",
            "lineitem.l_discount:SORT",
            "orders.o_orderdate:SORT",
        ),
    ),
    Case(
        "tpch_q5",
        """select n_name, sum(l_extendedprice * (1 - l_discount)) as revenue
           from customer, orders, lineitem, supplier, nation, region
           where c_custkey = o_custkey and l_orderkey = o_orderkey and l_suppkey = s_suppkey
             and c_nationkey = s_nationkey and s_nationkey = n_nationkey and n_regionkey = r_regionkey
             and r_name = 'ASIA' and o_orderdate >= date '1994-01-01' and o_orderdate < date '1995-01-01'
           group by n_name order by revenue desc""",
        {
            "n_name": t("nation.n_name:ID"),
            "revenue": t("lineitem.l_extendedprice:AGG", "lineitem.l_discount:AGG"),
        },
        t(
            "customer.c_custkey:JOIN",
            "orders.o_custkey:JOIN",
            "lineitem.l_orderkey:JOIN",
            "orders.o_orderkey:JOIN",
            "lineitem.l_suppkey:JOIN",
            "supplier.s_suppkey:JOIN",
            "customer.c_nationkey:JOIN",
            "supplier.s_nationkey:JOIN",
            "nation.n_nationkey:JOIN",
            "nation.n_regionkey:JOIN",
            "region.r_regionkey:JOIN",
            "region.r_name:FILTER",
            "orders.o_orderdate:FILTER",
            "nation.n_name:GROUP_BY",
            "lineitem.l_extendedprice:SORT",
            "lineitem.l_discount:SORT",
        ),
    ),
    Case(
        "tpch_q10",
        """select c_custkey, c_name, sum(l_extendedprice * (1 - l_discount)) as revenue, c_acctbal, n_name,
                  c_address, c_phone, c_comment
           from customer, orders, lineitem, nation
           where c_custkey = o_custkey and l_orderkey = o_orderkey and o_orderdate >= date '1993-10-01'
             and o_orderdate < date '1994-01-01' and l_returnflag = 'R' and c_nationkey = n_nationkey
           group by c_custkey, c_name, c_acctbal, c_phone, n_name, c_address, c_comment
           order by revenue desc limit 20""",
        {
            "c_custkey": t("customer.c_custkey:ID"),
            "c_name": t("customer.c_name:ID"),
            "revenue": t("lineitem.l_extendedprice:AGG", "lineitem.l_discount:AGG"),
            "c_acctbal": t("customer.c_acctbal:ID"),
            "n_name": t("nation.n_name:ID"),
            "c_address": t("customer.c_address:ID"),
            "c_phone": t("customer.c_phone:ID"),
            "c_comment": t("customer.c_comment:ID"),
        },
        t(
            "customer.c_custkey:JOIN",
            "orders.o_custkey:JOIN",
            "lineitem.l_orderkey:JOIN",
            "orders.o_orderkey:JOIN",
            "customer.c_nationkey:JOIN",
            "nation.n_nationkey:JOIN",
            "orders.o_orderdate:FILTER",
            "lineitem.l_returnflag:FILTER",
            "customer.c_custkey:GROUP_BY",
            "customer.c_name:GROUP_BY",
            "customer.c_acctbal:GROUP_BY",
            "customer.c_phone:GROUP_BY",
            "nation.n_name:GROUP_BY",
            "customer.c_address:GROUP_BY",
            "customer.c_comment:GROUP_BY",
            "lineitem.l_extendedprice:SORT",
            "lineitem.l_discount:SORT",
        ),
    ),
    Case(
        "tpch_q18",
        """select c_name, c_custkey, o_orderkey, o_orderdate, o_totalprice, sum(l_quantity) as sum_qty
           from customer, orders, lineitem
           where o_orderkey in (select l_orderkey from lineitem group by l_orderkey having sum(l_quantity) > 300)
             and c_custkey = o_custkey and o_orderkey = l_orderkey
           group by c_name, c_custkey, o_orderkey, o_orderdate, o_totalprice
           order by o_totalprice desc, o_orderdate limit 100""",
        {
            "c_name": t("customer.c_name:ID"),
            "c_custkey": t("customer.c_custkey:ID"),
            "o_orderkey": t("orders.o_orderkey:ID"),
            "o_orderdate": t("orders.o_orderdate:ID"),
            "o_totalprice": t("orders.o_totalprice:ID"),
            "sum_qty": t("lineitem.l_quantity:AGG"),
        },
        t(
            "orders.o_orderkey:JOIN",
            "lineitem.l_orderkey:JOIN",
            "customer.c_custkey:JOIN",
            "orders.o_custkey:JOIN",
            "lineitem.l_orderkey:GROUP_BY",
            "lineitem.l_quantity:FILTER",
            "customer.c_name:GROUP_BY",
            "customer.c_custkey:GROUP_BY",
            "orders.o_orderkey:GROUP_BY",
            "orders.o_orderdate:GROUP_BY",
            "orders.o_totalprice:GROUP_BY",
            "orders.o_totalprice:SORT",
            "orders.o_orderdate:SORT",
        ),
    ),
    # --- projections and expressions -------------------------------------------------------------------------------
    Case(
        "select_star",
        "select * from region",
        {"r_regionkey": t("region.r_regionkey:ID"), "r_name": t("region.r_name:ID")},
    ),
    Case(
        "aliases_and_arithmetic",
        "select n_nationkey as id, upper(n_name) as name, n_regionkey * 10 as rk from nation",
        {"id": t("nation.n_nationkey:ID"), "name": t("nation.n_name:TR"), "rk": t("nation.n_regionkey:TR")},
    ),
    Case(
        "with_column_chain",
        lambda spark, _: (
            spark.table("customer")
            .withColumn("bal2", F.col("c_acctbal") * 2)
            .withColumn("bal3", F.col("bal2") + 1)
            .select("c_custkey", "bal3")
        ),
        {"c_custkey": t("customer.c_custkey:ID"), "bal3": t("customer.c_acctbal:TR")},
    ),
    Case(
        "concat_of_two_columns",
        "select concat(c_name, ' ', c_phone) as label from customer",
        {"label": t("customer.c_name:TR", "customer.c_phone:TR")},
    ),
    Case(
        "literals_have_no_sources",
        "select c_custkey, 'x' as tag, current_date() as today from customer",
        {"c_custkey": t("customer.c_custkey:ID")},
    ),
    Case(
        "cast_and_date_functions",
        "select o_orderkey, year(o_orderdate) as y, cast(o_totalprice as int) as price from orders",
        {
            "o_orderkey": t("orders.o_orderkey:ID"),
            "y": t("orders.o_orderdate:TR"),
            "price": t("orders.o_totalprice:TR"),
        },
    ),
    Case(
        "case_when",
        """select o_orderkey, case when o_totalprice > 1000 then 'big' when o_orderstatus = 'F' then 'done'
                                   else o_orderpriority end as bucket from orders""",
        {
            "o_orderkey": t("orders.o_orderkey:ID"),
            "bucket": t("orders.o_totalprice:COND", "orders.o_orderstatus:COND", "orders.o_orderpriority:TR"),
        },
    ),
    Case(
        "if_and_coalesce",
        "select coalesce(c_phone, c_address) as contact, if(c_acctbal < 0, 0, c_acctbal) as bal from customer",
        {
            "contact": t(
                "customer.c_phone:TR", "customer.c_address:TR", "customer.c_phone:COND", "customer.c_address:COND"
            ),
            "bal": t("customer.c_acctbal:COND", "customer.c_acctbal:TR"),
        },
    ),
    Case(
        "masking_hash",
        "select c_custkey, sha2(c_phone, 256) as phone_hash, md5(concat(c_name, c_address)) as who from customer",
        {
            "c_custkey": t("customer.c_custkey:ID"),
            "phone_hash": t("customer.c_phone:TR*"),
            "who": t("customer.c_name:TR*", "customer.c_address:TR*"),
        },
    ),
    Case(
        "python_udf",
        lambda spark, _: spark.table("customer").select(
            "c_custkey", F.udf(lambda s: s.lower(), "string")(F.col("c_name")).alias("lname")
        ),
        {"c_custkey": t("customer.c_custkey:ID"), "lname": t("customer.c_name:TR")},
    ),
    Case(
        "python_udf_of_two_columns_then_filter",
        lambda spark, _: (
            spark.table("lineitem")
            .select(
                "l_orderkey", F.udf(lambda p, d: p * (1 - d), "double")("l_extendedprice", "l_discount").alias("net")
            )
            .where(F.col("net") > 100)
        ),
        {"l_orderkey": t("lineitem.l_orderkey:ID"), "net": t("lineitem.l_extendedprice:TR", "lineitem.l_discount:TR")},
        t("lineitem.l_extendedprice:FILTER", "lineitem.l_discount:FILTER"),
    ),
    Case(
        "sql_udf",
        "select l_orderkey, hw_net(l_extendedprice, l_discount) as net from lineitem",
        {"l_orderkey": t("lineitem.l_orderkey:ID"), "net": t("lineitem.l_extendedprice:TR", "lineitem.l_discount:TR")},
        sql_function=True,
    ),
    # --- joins ------------------------------------------------------------------------------------------------------
    Case(
        "inner_join",
        "select n_name, r_name from nation join region on n_regionkey = r_regionkey",
        {"n_name": t("nation.n_name:ID"), "r_name": t("region.r_name:ID")},
        t("nation.n_regionkey:JOIN", "region.r_regionkey:JOIN"),
    ),
    Case(
        "left_outer_join",
        "select c_name, o_totalprice from customer left join orders on c_custkey = o_custkey",
        {"c_name": t("customer.c_name:ID"), "o_totalprice": t("orders.o_totalprice:ID")},
        t("customer.c_custkey:JOIN", "orders.o_custkey:JOIN"),
    ),
    Case(
        "full_outer_join_with_coalesce",
        """select coalesce(c_custkey, o_custkey) as custkey, o_orderkey
           from customer full outer join orders on c_custkey = o_custkey""",
        {
            "custkey": t(
                "customer.c_custkey:TR", "orders.o_custkey:TR", "customer.c_custkey:COND", "orders.o_custkey:COND"
            ),
            "o_orderkey": t("orders.o_orderkey:ID"),
        },
        t("customer.c_custkey:JOIN", "orders.o_custkey:JOIN"),
    ),
    Case(
        "join_using_renamed_column",
        lambda spark, _: (
            spark.table("nation")
            .join(spark.table("supplier").withColumnRenamed("s_nationkey", "n_nationkey"), "n_nationkey")
            .select("n_nationkey", "n_name", "s_name")
        ),
        {"n_nationkey": t("nation.n_nationkey:ID"), "n_name": t("nation.n_name:ID"), "s_name": t("supplier.s_name:ID")},
        t("nation.n_nationkey:JOIN", "supplier.s_nationkey:JOIN"),
    ),
    Case(
        "self_join",
        """select a.n_name as nation, b.n_name as peer from nation a join nation b
           on a.n_regionkey = b.n_regionkey and a.n_nationkey < b.n_nationkey""",
        {"nation": t("nation.n_name:ID"), "peer": t("nation.n_name:ID")},
        t("nation.n_regionkey:JOIN", "nation.n_nationkey:JOIN"),
    ),
    Case(
        "exists_is_a_semi_join",
        "select c_custkey, c_name from customer where exists (select 1 from orders where o_custkey = c_custkey)",
        {"c_custkey": t("customer.c_custkey:ID"), "c_name": t("customer.c_name:ID")},
        t("customer.c_custkey:JOIN", "orders.o_custkey:JOIN"),
    ),
    Case(
        "not_in_is_an_anti_join",
        "select c_custkey from customer where c_custkey not in (select o_custkey from orders)",
        {"c_custkey": t("customer.c_custkey:ID")},
        t("customer.c_custkey:JOIN", "orders.o_custkey:JOIN"),
    ),
    Case(
        "in_subquery_with_filter",
        "select n_name from nation where n_regionkey in (select r_regionkey from region where r_name = 'ASIA')",
        {"n_name": t("nation.n_name:ID")},
        t("nation.n_regionkey:JOIN", "region.r_regionkey:JOIN", "region.r_name:FILTER"),
    ),
    Case(
        "scalar_subquery",
        "select o_orderkey, o_totalprice - (select avg(o_totalprice) from orders) as diff from orders",
        {"o_orderkey": t("orders.o_orderkey:ID"), "diff": t("orders.o_totalprice:TR", "orders.o_totalprice:AGG")},
    ),
    # --- set operations ---------------------------------------------------------------------------------------------
    Case(
        "union_all",
        "select c_name as name from customer union all select s_name from supplier",
        {"name": t("customer.c_name:ID", "supplier.s_name:ID")},
    ),
    Case(
        "union_distinct",
        "select c_nationkey as k from customer union select s_nationkey from supplier",
        {"k": t("customer.c_nationkey:ID", "supplier.s_nationkey:ID")},
        t("customer.c_nationkey:GROUP_BY", "supplier.s_nationkey:GROUP_BY"),
    ),
    Case(
        "intersect",
        "select c_nationkey from customer intersect select s_nationkey from supplier",
        {"c_nationkey": t("customer.c_nationkey:ID")},
        t("customer.c_nationkey:JOIN", "supplier.s_nationkey:JOIN", "customer.c_nationkey:GROUP_BY"),
    ),
    Case(
        "except",
        "select c_nationkey from customer except select s_nationkey from supplier",
        {"c_nationkey": t("customer.c_nationkey:ID")},
        t("customer.c_nationkey:JOIN", "supplier.s_nationkey:JOIN", "customer.c_nationkey:GROUP_BY"),
    ),
    # --- aggregation --------------------------------------------------------------------------------------------------
    Case(
        "group_by_having",
        """select c_mktsegment, count(*) as n, max(c_acctbal) as top from customer
           group by c_mktsegment having count(*) > 1""",
        {"c_mktsegment": t("customer.c_mktsegment:ID"), "top": t("customer.c_acctbal:AGG")},
        t("customer.c_mktsegment:GROUP_BY"),
    ),
    Case(
        "distinct",
        "select distinct c_mktsegment, c_nationkey from customer",
        {"c_mktsegment": t("customer.c_mktsegment:ID"), "c_nationkey": t("customer.c_nationkey:ID")},
        t("customer.c_mktsegment:GROUP_BY", "customer.c_nationkey:GROUP_BY"),
    ),
    Case(
        "count_distinct",
        "select o_orderstatus, count(distinct o_custkey) as customers from orders group by o_orderstatus",
        {"o_orderstatus": t("orders.o_orderstatus:ID"), "customers": t("orders.o_custkey:AGG")},
        t("orders.o_orderstatus:GROUP_BY"),
    ),
    Case(
        "rollup",
        "select n_regionkey, n_name, count(*) as n from nation group by rollup(n_regionkey, n_name)",
        {"n_regionkey": t("nation.n_regionkey:ID"), "n_name": t("nation.n_name:ID")},
        t("nation.n_regionkey:GROUP_BY", "nation.n_name:GROUP_BY"),
    ),
    Case(
        "aggregate_of_aggregate",
        """select c_mktsegment, avg(total) as avg_total from (
             select c_mktsegment, c_custkey, sum(o_totalprice) as total
             from customer join orders on c_custkey = o_custkey group by c_mktsegment, c_custkey)
           group by c_mktsegment""",
        {"c_mktsegment": t("customer.c_mktsegment:ID"), "avg_total": t("orders.o_totalprice:AGG")},
        t(
            "customer.c_custkey:JOIN",
            "orders.o_custkey:JOIN",
            "customer.c_mktsegment:GROUP_BY",
            "customer.c_custkey:GROUP_BY",
        ),
    ),
    Case(
        "drop_duplicates_keeps_first_of_other_columns",
        lambda spark, _: spark.table("customer").dropDuplicates(["c_nationkey"]).select("c_nationkey", "c_name"),
        {"c_nationkey": t("customer.c_nationkey:ID"), "c_name": t("customer.c_name:AGG")},
        t("customer.c_nationkey:GROUP_BY"),
    ),
    Case(
        "pivot",
        lambda spark, _: (
            spark.table("orders").groupBy("o_custkey").pivot("o_orderstatus", ["F", "O"]).agg(F.sum("o_totalprice"))
        ),
        {
            "o_custkey": t("orders.o_custkey:ID"),
            "F": t("orders.o_orderstatus:COND", "orders.o_totalprice:AGG"),
            "O": t("orders.o_orderstatus:COND", "orders.o_totalprice:AGG"),
        },
        t("orders.o_custkey:GROUP_BY", "orders.o_orderstatus:GROUP_BY"),
    ),
    # --- windows and sorting ------------------------------------------------------------------------------------------
    Case(
        "window_running_sum",
        "select o_orderkey, sum(o_totalprice) over (partition by o_custkey order by o_orderdate) as running from orders",
        {
            "o_orderkey": t("orders.o_orderkey:ID"),
            "running": t("orders.o_totalprice:AGG", "orders.o_custkey:WINDOW", "orders.o_orderdate:WINDOW"),
        },
        t("orders.o_custkey:WINDOW", "orders.o_orderdate:WINDOW"),
    ),
    Case(
        "window_lag_is_a_transformation",
        lambda spark, _: spark.table("orders").select(
            "o_orderkey",
            (
                F.col("o_totalprice")
                - F.lag("o_totalprice").over(Window.partitionBy("o_custkey").orderBy("o_orderdate"))
            ).alias("delta"),
        ),
        {
            "o_orderkey": t("orders.o_orderkey:ID"),
            "delta": t("orders.o_totalprice:TR", "orders.o_custkey:WINDOW", "orders.o_orderdate:WINDOW"),
        },
        t("orders.o_custkey:WINDOW", "orders.o_orderdate:WINDOW"),
    ),
    Case(
        "top_one_per_group",
        """select * from (select c_custkey, c_nationkey,
                                  row_number() over (partition by c_nationkey order by c_acctbal desc) as rn
                           from customer) where rn = 1""",
        {
            "c_custkey": t("customer.c_custkey:ID"),
            "c_nationkey": t("customer.c_nationkey:ID"),
            "rn": t("customer.c_nationkey:WINDOW", "customer.c_acctbal:WINDOW"),
        },
        t(
            "customer.c_nationkey:WINDOW",
            "customer.c_acctbal:WINDOW",
            "customer.c_nationkey:FILTER",
            "customer.c_acctbal:FILTER",
        ),
    ),
    Case(
        "order_by_column_not_selected_with_limit",
        "select c_name from customer order by c_acctbal desc limit 5",
        {"c_name": t("customer.c_name:ID")},
        t("customer.c_acctbal:SORT"),
    ),
    Case(
        "filter_with_like_and_in_list",
        "select n_name from nation where n_name like 'NATION1%' or n_nationkey in (1, 2, 3)",
        {"n_name": t("nation.n_name:ID")},
        t("nation.n_name:FILTER", "nation.n_nationkey:FILTER"),
    ),
    Case(
        "explicit_is_not_null_is_a_filter",
        "select c_name from customer where c_phone is not null",
        {"c_name": t("customer.c_name:ID")},
        t("customer.c_phone:FILTER"),
    ),
    # --- nested data --------------------------------------------------------------------------------------------------
    Case(
        "explode",
        "select id, explode(tags) as tag from profiles",
        {"id": t("profiles.id:ID"), "tag": t("profiles.tags:TR")},
    ),
    Case(
        "lateral_view_of_a_map",
        "select id, k, v from profiles lateral view explode(scores) s as k, v",
        {"id": t("profiles.id:ID"), "k": t("profiles.scores:TR"), "v": t("profiles.scores:TR")},
    ),
    Case(
        "struct_field_access",
        "select id, user.email as email, upper(user.name) as name from profiles",
        {"id": t("profiles.id:ID"), "email": t("profiles.user:ID"), "name": t("profiles.user:TR")},
    ),
    Case(
        "map_value_access",
        "select id, scores['math'] as math from profiles",
        {"id": t("profiles.id:ID"), "math": t("profiles.scores:TR")},
    ),
    # --- CTEs, views, caches ------------------------------------------------------------------------------------------
    Case(
        "cte_referenced_twice",
        """with big as (select o_custkey, o_totalprice from orders where o_totalprice > 100)
           select a.o_custkey, a.o_totalprice + b.o_totalprice as pair from big a join big b on a.o_custkey = b.o_custkey""",
        {"o_custkey": t("orders.o_custkey:ID"), "pair": t("orders.o_totalprice:TR")},
        t("orders.o_totalprice:FILTER", "orders.o_custkey:JOIN"),
    ),
    Case(
        "persistent_view",
        "select c_custkey, c_acctbal * 2 as dbl from hw_cl_rich_customers",
        {"c_custkey": t("customer.c_custkey:ID"), "dbl": t("customer.c_acctbal:TR")},
        t("customer.c_acctbal:FILTER"),
    ),
    Case(
        "cached_dataframe",
        customer_cached,
        {"c_custkey": t("customer.c_custkey:ID"), "c_acctbal": t("customer.c_acctbal:ID")},
        t("customer.c_acctbal:FILTER"),
    ),
]


# --- only what a query reads: each case written to a file (the optimized plan) and to a table (the analyzed plan) ---
READ_CASES = [
    Case(
        "exists_select_star_names_only_its_conditions",
        """select c_custkey, c_name from customer
           where exists (select * from orders where o_custkey = c_custkey and o_totalprice > 1000)""",
        {"c_custkey": t("customer.c_custkey:ID"), "c_name": t("customer.c_name:ID")},
        t("customer.c_custkey:JOIN", "orders.o_custkey:JOIN", "orders.o_totalprice:FILTER"),
        correlated=True,
    ),
    Case(
        "not_exists_select_star_names_only_its_conditions",
        "select c_custkey from customer where not exists (select * from orders where o_custkey = c_custkey)",
        {"c_custkey": t("customer.c_custkey:ID")},
        t("customer.c_custkey:JOIN", "orders.o_custkey:JOIN"),
        correlated=True,
    ),
    Case(
        "exists_naming_no_column_adds_none",
        "select c_custkey from customer where exists (select * from orders)",
        {"c_custkey": t("customer.c_custkey:ID")},
    ),
    Case(
        "in_subquery_of_select_star_compares_its_column",
        """select n_name from nation
           where n_regionkey in (select * from (select r_regionkey from region where r_name = 'ASIA'))""",
        {"n_name": t("nation.n_name:ID")},
        t("nation.n_regionkey:JOIN", "region.r_regionkey:JOIN", "region.r_name:FILTER"),
        correlated=True,
    ),
    Case(
        "select_star_in_from_passes_every_column",
        """select * from (select * from nation) n
           where exists (select * from region r where r.r_regionkey = n.n_regionkey)""",
        {
            "n_nationkey": t("nation.n_nationkey:ID"),
            "n_name": t("nation.n_name:ID"),
            "n_regionkey": t("nation.n_regionkey:ID"),
        },
        t("nation.n_regionkey:JOIN", "region.r_regionkey:JOIN"),
        correlated=True,
    ),
    Case(
        "distinct_of_one_column",
        "select distinct c_mktsegment from customer",
        {"c_mktsegment": t("customer.c_mktsegment:ID")},
        t("customer.c_mktsegment:GROUP_BY"),
    ),
    Case(
        "distinct_then_sort",
        "select distinct c_mktsegment from customer order by c_mktsegment",
        {"c_mktsegment": t("customer.c_mktsegment:ID")},
        t("customer.c_mktsegment:GROUP_BY", "customer.c_mktsegment:SORT"),
    ),
    Case(
        "drop_duplicates_without_arguments",
        lambda spark, _: spark.table("nation").select("n_regionkey", "n_name").dropDuplicates(),
        {"n_regionkey": t("nation.n_regionkey:ID"), "n_name": t("nation.n_name:ID")},
        t("nation.n_regionkey:GROUP_BY", "nation.n_name:GROUP_BY"),
    ),
    Case(
        "drop_duplicates_of_columns_groups_only_those",
        lambda spark, _: spark.table("customer").dropDuplicates(["c_nationkey"]).select("c_nationkey"),
        {"c_nationkey": t("customer.c_nationkey:ID")},
        t("customer.c_nationkey:GROUP_BY"),
    ),
    Case(
        "count_over_intersect_of_distincts",
        """select count(*) as n from (select distinct c_nationkey, c_mktsegment from customer
                                      intersect select distinct n_nationkey, n_name from nation)""",
        {},
        t(
            "customer.c_nationkey:GROUP_BY",
            "customer.c_mktsegment:GROUP_BY",
            "nation.n_nationkey:GROUP_BY",
            "nation.n_name:GROUP_BY",
            "customer.c_nationkey:JOIN",
            "customer.c_mktsegment:JOIN",
            "nation.n_nationkey:JOIN",
            "nation.n_name:JOIN",
        ),
    ),
    Case(
        "count_over_except_all",
        "select count(*) as n from (select c_nationkey from customer except all select n_nationkey from nation)",
        {},
        t("customer.c_nationkey:GROUP_BY", "nation.n_nationkey:GROUP_BY"),
    ),
    Case(
        "null_choices_are_conditional",
        """select nvl(c_phone, c_address) as contact, ifnull(c_name, 'none') as name,
                  nullif(c_mktsegment, c_comment) as segment, nvl2(c_comment, c_phone, c_name) as reach
           from customer""",
        {
            "contact": t(
                "customer.c_phone:TR", "customer.c_address:TR", "customer.c_phone:COND", "customer.c_address:COND"
            ),
            "name": t("customer.c_name:TR", "customer.c_name:COND"),
            "segment": t("customer.c_mktsegment:TR", "customer.c_mktsegment:COND", "customer.c_comment:COND"),
            "reach": t("customer.c_comment:COND", "customer.c_phone:TR", "customer.c_name:TR"),
        },
    ),
]


@pytest.fixture(scope="module")
def suite_objects(spark_session: SparkSession, tpch: dict[str, str]) -> None:
    """The SQL function (where Spark has them) and the persistent view some cases use."""
    if PLANNING.sql_functions:
        spark_session.sql(
            "CREATE OR REPLACE TEMPORARY FUNCTION hw_net(p DOUBLE, d DOUBLE) RETURNS DOUBLE RETURN p * (1 - d)"
        )
    spark_session.sql(
        f"CREATE OR REPLACE VIEW hw_cl_rich_customers AS "
        f"SELECT c_custkey, c_acctbal FROM parquet.`{tpch['customer']}` WHERE c_acctbal > 0"
    )
    yield
    spark_session.sql("DROP VIEW IF EXISTS hw_cl_rich_customers")


def test_the_suite_has_at_least_forty_queries() -> None:
    assert len(CASES) >= 40
    assert len({case.id for case in CASES + READ_CASES}) == len(CASES) + len(READ_CASES)


def _params() -> list[object]:
    no_functions = pytest.mark.skip(reason=f"Spark {SPARK_VERSION} has no SQL functions (CREATE FUNCTION ... RETURN)")
    return [
        pytest.param(case, id=case.id, marks=[no_functions] if case.sql_function and not PLANNING.sql_functions else [])
        for case in CASES
    ]


@pytest.mark.parametrize("case", _params())
def test_column_lineage(
    case: Case,
    spark_session: SparkSession,
    lineage: LineageLog,
    tpch: dict[str, str],
    suite_objects: None,
    tmp_path: Path,
) -> None:
    df = spark_session.sql(case.query) if isinstance(case.query, str) else case.query(spark_session, tpch)
    try:
        facet = write_and_get_lineage(lineage, spark_session, df, tmp_path / "out")
    finally:
        df.unpersist()
    names = {path: table for table, path in tpch.items()}
    assert compact_fields(facet, names) == case.fields
    assert compact_dataset(facet, names) == case.dataset


@pytest.fixture(scope="module")
def reads_db(spark_session: SparkSession) -> Iterator[str]:
    spark_session.sql("CREATE DATABASE IF NOT EXISTS hw_cl_reads")
    yield "hw_cl_reads"
    spark_session.sql("DROP DATABASE IF EXISTS hw_cl_reads CASCADE")


def write_to_table_and_get_lineage(lineage: LineageLog, spark: SparkSession, case: Case, table: str) -> dict[str, Any]:
    """``CREATE TABLE ... AS`` the case's SQL (``saveAsTable`` its DataFrame); the output's ``columnLineage`` facet."""
    lineage.mark(spark)
    if isinstance(case.query, str):
        spark.sql(f"CREATE TABLE {table} USING parquet AS {case.query}")
    else:
        case.query(spark, {}).write.format("parquet").saveAsTable(table)
    writing = [evs for evs in child_runs(lineage.events(spark)).values() if evs[-1]["outputs"]]
    assert len(writing) == 1, [evs[0]["job"]["name"] for evs in writing]
    return writing[0][-1]["outputs"][0]["facets"]["columnLineage"]


@pytest.mark.parametrize("write", ["file", "table"])
@pytest.mark.parametrize("case", [pytest.param(case, id=case.id) for case in READ_CASES])
def test_column_lineage_names_only_what_the_query_reads(
    case: Case,
    write: str,
    spark_session: SparkSession,
    lineage: LineageLog,
    tpch: dict[str, str],
    reads_db: str,
    tmp_path: Path,
) -> None:
    if write == "file":
        df = spark_session.sql(case.query) if isinstance(case.query, str) else case.query(spark_session, tpch)
        facet = write_and_get_lineage(lineage, spark_session, df, tmp_path / "out")
        dataset = case.dataset
    else:
        facet = write_to_table_and_get_lineage(lineage, spark_session, case, f"{reads_db}.{case.id}")
        dataset = {item.replace(":JOIN", ":FILTER") for item in case.dataset} if case.correlated else case.dataset
    names = {path: table for table, path in tpch.items()}
    assert compact_fields(facet, names) == case.fields
    assert compact_dataset(facet, names) == dataset
