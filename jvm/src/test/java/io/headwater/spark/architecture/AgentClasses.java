package io.headwater.spark.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The agent's main classes ({@code io.headwater.spark..}, tests excluded) as ArchUnit imports them,
 * imported once per test JVM for every architecture rule.
 */
final class AgentClasses {
  static final String ROOT = "io.headwater.spark";

  private static JavaClasses imported;

  private AgentClasses() {}

  static synchronized JavaClasses get() {
    if (imported == null) {
      imported =
          new ClassFileImporter()
              .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
              .importPackages(ROOT);
    }
    return imported;
  }
}
