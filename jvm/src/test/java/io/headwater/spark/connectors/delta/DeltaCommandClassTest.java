package io.headwater.spark.connectors.delta;

import static org.junit.Assert.assertEquals;

import java.util.Optional;
import org.junit.Test;

/**
 * {@link DeltaSupport#commandClass}: the node types of the Delta visitors, found by name when Delta
 * Lake is on the class path (it is on the JUnit class path, see {@code build.gradle}).
 */
public class DeltaCommandClassTest {
  @Test
  public void theRowLevelCommandsAreFoundByName() {
    for (String command :
        new String[] {DeltaSupport.MERGE_INTO, DeltaSupport.UPDATE, DeltaSupport.DELETE}) {
      assertEquals(
          "org.apache.spark.sql.delta.commands." + command,
          DeltaSupport.commandClass(command).orElseThrow().getName());
    }
  }

  @Test
  public void aNameThatIsNoDeltaPlanNodeIsNotFound() {
    assertEquals(Optional.empty(), DeltaSupport.commandClass("NoSuchCommand"));
    assertEquals(Optional.empty(), DeltaSupport.commandClass("DeltaCommand"));
  }
}
