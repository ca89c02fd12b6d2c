package io.headwater.spark.naming;

import io.headwater.spark.annotation.Internal;
import java.text.Normalizer;
import java.util.Locale;

/**
 * Normalises application and plan-node names to snake_case the way the OpenLineage Spark
 * integration does, so a job keeps its identity in a backend when a user switches agents: trim
 * non-word characters at both ends, drop accents, break words between lower and Upper, before an
 * Upper followed by a lower, and between a digit and an Upper, lowercase, and turn every run of
 * other characters into {@code _}. Examples: {@code MyXMLBasedApplication} gives {@code
 * my_xml_based_application}; {@code Execute InsertIntoHadoopFsRelationCommand} gives {@code
 * execute_insert_into_hadoop_fs_relation_command}.
 */
@Internal
public final class NameNormalizer {
  private NameNormalizer() {}

  public static String normalize(String name) {
    String trimmed = name.replaceAll("^\\W+|\\W+$", "");
    String ascii = Normalizer.normalize(trimmed, Normalizer.Form.NFKD).replaceAll("\\p{M}", "");
    String words =
        ascii
            .replaceAll("([a-z])([A-Z])", "$1_$2")
            .replaceAll("(?<!^)([A-Z])(?=[a-z])", "_$1")
            .replaceAll("([0-9])([A-Z])", "$1_$2");
    return words.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
  }
}
