package io.headwater.spark.config;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.Test;

/**
 * The tag syntax, the tagging proposal's rules, and tags from Spark configuration and the
 * environment.
 */
public class TagSettingsTest {
  private static MetadataSettings load(Map<String, String> sparkConf, Map<String, String> env) {
    return ConfigLoader.load(new ConfigSources(sparkConf, env, List.of())).metadata();
  }

  @Test
  public void parsesTheIntegrationsSyntax() {
    assertEquals(
        List.of(
            new Tag("spark", "true", "CONFIG"),
            new Tag("key", "value", "CONFIG"),
            new Tag("set", "up", "SERVICE"),
            new Tag("label", "true", "CONFIG"),
            new Tag("a:b", "c;d", "CONFIG"),
            new Tag("path", "C\\dir", "CONFIG")),
        TagParser.parse(" spark ; key:value;set:up:SERVICE;label:;;a\\:b:c\\;d;path:C\\dir;"));
  }

  @Test
  public void malformedTagsAreRejectedWithTheirText() {
    IllegalArgumentException parts =
        assertThrows(IllegalArgumentException.class, () -> TagParser.parse("ok;a:b:c:d"));
    assertEquals(
        "tag 'a:b:c:d' has 4 ':'-separated parts; write key, key:value or key:value:SOURCE (escape"
            + " a literal ':' as \\:)",
        parts.getMessage());
    IllegalArgumentException key =
        assertThrows(IllegalArgumentException.class, () -> TagParser.parse(" :value"));
    assertEquals(
        "tag ':value' has no key; write key, key:value or key:value:SOURCE", key.getMessage());
  }

  @Test
  public void oneTagPerKeyAndTheLaterWinsWhateverItsSource() {
    assertEquals(
        List.of(new Tag("b", "2", "CONFIG"), new Tag("A", "3", "CONFIG")),
        TagSets.combine(
            List.of(new Tag("a", "1", "CONFIG"), new Tag("b", "2", "CONFIG")),
            List.of(new Tag("a", "1", "USER"), new Tag("A", "3", "CONFIG"))));
  }

  @Test
  public void userTagsOverrideIntegrationTagsOfTheSameKeyKeepingItsSpelling() {
    List<Tag> integration =
        List.of(new Tag("Team", "spark", "INTEGRATION"), new Tag("kept", "x", "INTEGRATION"));
    assertEquals(
        List.of(new Tag("kept", "x", "INTEGRATION"), new Tag("Team", "data", "USER")),
        TagSets.withUserTags(integration, List.of(new Tag("team", "data", "USER"))));
  }

  @Test
  public void environmentTagsAreUserTagsWithLowerCasedKeysAndFlattenedMaps() {
    MetadataSettings settings =
        load(
            Map.of(
                "spark.openlineage.job.tags",
                "team:platform;pipeline:nightly",
                "spark.openlineage.run.tags",
                "run1"),
            Map.of(
                "OPENLINEAGE__TAGS__JOB__TEAM", "data",
                "OPENLINEAGE__TAGS__RUN__ATTEMPT", "2",
                "OPENLINEAGE_TAG__ENV", "prod",
                "OPENLINEAGE__TAGS__JOB__META", "{\"nr_config\": {\"team\": \"X\"}}"));
    assertEquals(
        List.of(
            new Tag("env", "prod", "USER"),
            new Tag("meta_nr_config_team", "X", "USER"),
            new Tag("team", "platform", "CONFIG"), // the configuration's replaces the environment's
            new Tag("pipeline", "nightly", "CONFIG")),
        settings.jobTags());
    assertEquals(
        List.of(
            new Tag("env", "prod", "USER"),
            new Tag("attempt", "2", "USER"),
            new Tag("run1", "true", "CONFIG")),
        settings.runTags());
  }

  @Test
  public void ownersAndDdlMode() {
    MetadataSettings settings =
        load(
            Map.of(
                "spark.openlineage.job.owners.team", "flights",
                "spark.openlineage.staticLineage.ddl", "run_event"),
            Map.of());
    assertEquals(List.of(new MetadataSettings.Owner("team", "flights")), settings.jobOwners());
    assertEquals(MetadataSettings.DdlEvents.RUN_EVENT, settings.ddl());
    assertEquals(MetadataSettings.DdlEvents.DATASET_EVENT, load(Map.of(), Map.of()).ddl());
  }

  @Test
  public void badSettingsNameTheKey() {
    InvalidConfigException tags =
        assertThrows(
            InvalidConfigException.class,
            () -> load(Map.of("spark.openlineage.job.tags", "a:b:c:d"), Map.of()));
    assertTrue(
        tags.getMessage(),
        tags.getMessage().startsWith("spark.openlineage.job.tags: tag 'a:b:c:d' has 4"));
    InvalidConfigException ddl =
        assertThrows(
            InvalidConfigException.class,
            () -> load(Map.of("spark.openlineage.staticLineage.ddl", "both"), Map.of()));
    assertEquals(
        "spark.openlineage.staticLineage.ddl: 'both' is neither dataset_event nor run_event",
        ddl.getMessage());
  }
}
