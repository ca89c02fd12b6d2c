package io.headwater.spark.naming;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

/**
 * The snake_case job-name parts, checked against the examples of the OpenLineage Spark integration.
 */
public class NameNormalizerTest {
  @Test
  public void acronymsBecomeOneWord() {
    assertEquals("my_xml_based_application", NameNormalizer.normalize("MyXMLBasedApplication"));
  }

  @Test
  public void punctuationAndSpacesBecomeOneUnderscoreAndEndsAreTrimmed() {
    assertEquals(
        "the_names_like_this_should_be_separated_are_they",
        NameNormalizer.normalize("theNamesLikeThisShouldBeSeparated - are they?"));
  }

  @Test
  public void anUpperCaseLetterBeforeALowerCaseOneStartsAWord() {
    assertEquals("test_xm_ltest", NameNormalizer.normalize("testXMLtest"));
  }

  @Test
  public void accentsAreDroppedAndSymbolsSeparateWords() {
    assertEquals(
        "foreign_letters_ase_are_supported",
        NameNormalizer.normalize("foreignLetters ąśé•¶€ are supported"));
  }

  @Test
  public void planNodeNames() {
    assertEquals(
        "execute_insert_into_hadoop_fs_relation_command",
        NameNormalizer.normalize("Execute InsertIntoHadoopFsRelationCommand"));
    assertEquals(
        "execute_create_hive_table_as_select_command",
        NameNormalizer.normalize("Execute CreateHiveTableAsSelectCommand"));
  }

  @Test
  public void hyphensBecomeUnderscores() {
    assertEquals("pytest_spark", NameNormalizer.normalize("pytest-spark"));
  }

  @Test
  public void snakeCaseIsKept() {
    assertEquals("simple_test", NameNormalizer.normalize("simple_test"));
  }
}
