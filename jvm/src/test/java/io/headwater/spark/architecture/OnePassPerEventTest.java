package io.headwater.spark.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import java.util.List;
import java.util.Set;
import org.junit.Test;

/**
 * One pass per SQL execution event (docs/development.md, "The path of one SQL execution"): the
 * coordinator enters the tracker once per start or end; the reading returns facts and never calls
 * the tracker back; the code carrying out the decisions reads nothing — no plan, table, metric or
 * connector, no name from the tracker. The classes are named by strings (some are package-private),
 * and each rule first checks they exist, so a rename fails the rule instead of silencing it.
 */
public class OnePassPerEventTest {
  private static final String AGENT = AgentClasses.ROOT + ".agent.";
  private static final String TRACKER = AGENT + "tracking.ExecutionTracker";
  private static final String COORDINATOR = AGENT + "executions.RunCoordinator";
  private static final String READING = AGENT + "executions.PlacementReads";
  private static final String EMITTER = AGENT + "executions.DecisionEmitter";

  /** What carrying out a decision must not call: the tracker, and every read. */
  private static final Set<String> READS =
      Set.of(
          TRACKER,
          AGENT + "runs.RunMetrics",
          AgentClasses.ROOT + ".reading.walk.ConnectorRegistry",
          AgentClasses.ROOT + ".reading.StaticLineage",
          AgentClasses.ROOT + ".reading.ScanStatistics",
          AgentClasses.ROOT + ".reading.DatasetStatistics",
          AgentClasses.ROOT + ".tables.TableVersions",
          AgentClasses.ROOT + ".extensions.LineageExtractor");

  @Test
  public void eachExecutionStartAndEndEntersTheTrackerOnce() {
    JavaClass coordinator = existing(AgentClasses.get(), COORDINATOR);
    for (String event : List.of("started", "ended")) {
      List<JavaMethod> methods =
          coordinator.getMethods().stream().filter(m -> m.getName().equals(event)).toList();
      assertEquals(COORDINATOR + " has one method " + event, 1, methods.size());
      List<String> entries =
          methods.get(0).getMethodCallsFromSelf().stream()
              .filter(call -> call.getTargetOwner().getFullName().equals(TRACKER))
              .map(call -> call.getTarget().getName())
              .toList();
      assertEquals(
          COORDINATOR + "." + event + " enters the tracker once: " + entries, 1, entries.size());
    }
  }

  @Test
  public void theReadingReturnsFactsAndNeverCallsTheTracker() {
    existing(AgentClasses.get(), READING);
    noClasses()
        .that()
        .haveFullyQualifiedName(READING)
        .or()
        .haveNameMatching(READING.replace(".", "\\.") + "\\$.*")
        .should()
        .callMethodWhere(ownedBy(Set.of(TRACKER)))
        .because("the reading returns facts; the tracker decides once, after it")
        .check(AgentClasses.get());
  }

  @Test
  public void carryingOutTheDecisionsReadsNothing() {
    existing(AgentClasses.get(), EMITTER);
    noClasses()
        .that()
        .haveFullyQualifiedName(EMITTER)
        .should()
        .callMethodWhere(
            ownedBy(READS)
                .or(
                    DescribedPredicate.describe(
                        "a method of Spark's SQL classes (plans, sessions)",
                        call ->
                            call.getTargetOwner()
                                .getPackageName()
                                .startsWith("org.apache.spark.sql"))))
        .because("every read happens before the decision, into ExecutionFacts")
        .check(AgentClasses.get());
  }

  private static JavaClass existing(JavaClasses classes, String name) {
    assertTrue(name + " not found among the agent's classes", classes.contain(name));
    return classes.get(name);
  }

  private static DescribedPredicate<JavaMethodCall> ownedBy(Set<String> owners) {
    return DescribedPredicate.describe(
        "a method of " + owners, call -> owners.contains(call.getTargetOwner().getFullName()));
  }
}
