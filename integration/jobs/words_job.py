"""A PySpark job over the example "words" connector, run by the extension tests through spark-submit.

Usage: words_job.py INPUT_CSV_DIR WORDS_FILE OUTPUT_DIR
1. reads the flights CSV and writes its carriers into a words collection ``carriers`` (the words data source);
2. reads the words collection back and writes it as parquet.
The words connector jar comes from --jars; the lineage extension for it may or may not.
"""

import sys

from pyspark.sql import SparkSession

WORDS = "io.headwater.example.words.WordsSource"


def main(source: str, words_file: str, target: str) -> None:
    spark = SparkSession.builder.appName("Words Example").getOrCreate()
    flights = spark.read.csv(source, header=True, schema="carrier STRING, origin STRING, dep_delay INT")
    flights.select("carrier").write.format(WORDS).option("name", "carriers").option("path", words_file).mode(
        "overwrite"
    ).save()
    words = spark.read.format(WORDS).option("name", "carriers").option("path", words_file).load()
    words.write.mode("overwrite").parquet(target)
    spark.stop()


if __name__ == "__main__":
    main(*sys.argv[1:4])
