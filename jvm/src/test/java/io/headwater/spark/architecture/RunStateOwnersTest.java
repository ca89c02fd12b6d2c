package io.headwater.spark.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import java.util.List;
import java.util.function.Predicate;
import org.junit.Test;

/**
 * A run's state has one writer per part ({@code agent.runs.OperationRun}): what reading its
 * executions found ({@code RunFindings}) is written by {@code RunFindingsWriter} alone, its job
 * name and what START waits for ({@code RunNaming}) by {@code ExecutionTracker} alone, its figures
 * ({@code RunMetrics}: private fields, changed by its {@code void} methods) by {@code
 * RunCoordinator} alone; its identity is final. A setter called from anywhere else fails the build
 * with the calling line named.
 *
 * <p>The guarded classes are named by strings (they are package-private), so each rule first checks
 * that the state class and its writer exist, that the state class has setters (for {@code
 * RunMetrics}, its {@code void} methods) and that the writer calls one: a renamed or moved class,
 * or setters renamed away from {@code set*}, fails the rule instead of leaving it with nothing to
 * check.
 */
public class RunStateOwnersTest {
  private static final String RUNS = AgentClasses.ROOT + ".agent.runs.";
  private static final String TRACKING = AgentClasses.ROOT + ".agent.tracking.";
  private static final String EXECUTIONS = AgentClasses.ROOT + ".agent.executions.";

  @Test
  public void runFindingsAreWrittenOnlyByTheirWriter() {
    onlyWriterOf(RUNS + "RunFindings", RUNS + "RunFindingsWriter");
  }

  @Test
  public void runNamingIsWrittenOnlyByTheTracker() {
    onlyWriterOf(RUNS + "RunNaming", TRACKING + "ExecutionTracker");
  }

  @Test
  public void runMetricsAreWrittenOnlyByTheRunCoordinator() {
    onlyWriterOf(
        RUNS + "RunMetrics",
        EXECUTIONS + "RunCoordinator",
        method -> method.getRawReturnType().getName().equals("void"));
  }

  private static void onlyWriterOf(String stateName, String writerName) {
    onlyWriterOf(stateName, writerName, method -> isSetter(method.getName()));
  }

  /**
   * @param mutator which methods of {@code stateName} change it
   */
  private static void onlyWriterOf(
      String stateName, String writerName, Predicate<JavaMethod> mutator) {
    JavaClasses classes = AgentClasses.get();
    JavaClass stateClass = existing(classes, stateName);
    JavaClass writerClass = existing(classes, writerName);
    List<String> setters =
        stateClass.getMethods().stream().filter(mutator).map(JavaMethod::getName).toList();
    assertFalse(stateName + " has no set* method left to guard", setters.isEmpty());
    assertTrue(
        writerName + " calls no setter of " + stateName + " " + setters,
        writerClass.getMethodCallsFromSelf().stream()
            .anyMatch(call -> setterOf(stateName, setters).test(call)));
    noClasses()
        .that()
        .doNotHaveFullyQualifiedName(writerName)
        .and()
        .doNotHaveFullyQualifiedName(stateName)
        .should()
        .callMethodWhere(setterOf(stateName, setters))
        .because(writerName + " alone writes a run's " + stateName)
        .check(classes);
  }

  private static JavaClass existing(JavaClasses classes, String name) {
    assertTrue(name + " not found among the agent's classes", classes.contain(name));
    return classes.get(name);
  }

  private static boolean isSetter(String method) {
    return method.startsWith("set");
  }

  private static DescribedPredicate<JavaMethodCall> setterOf(String owner, List<String> setters) {
    return DescribedPredicate.describe(
        "a setter of " + owner + " " + setters,
        call ->
            call.getTargetOwner().getFullName().equals(owner)
                && setters.contains(call.getTarget().getName()));
  }
}
