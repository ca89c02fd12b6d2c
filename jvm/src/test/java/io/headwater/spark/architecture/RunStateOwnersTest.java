package io.headwater.spark.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import org.junit.Test;

/**
 * A run's state has one writer per part ({@code agent.ExecutionRun}): what reading its executions
 * found ({@code RunFindings}) is written by {@code RunReading} alone, its job name and what START
 * waits for ({@code RunNaming}) by {@code ExecutionTracker} alone; its identity is final and its
 * figures ({@code RunMetrics}) keep their fields private. A setter called from anywhere else fails
 * the build with the calling line named.
 */
public class RunStateOwnersTest {
  private static final String AGENT = AgentClasses.ROOT + ".agent.";

  @Test
  public void runFindingsAreWrittenOnlyByTheReading() {
    onlyWriterOf("RunFindings", "RunReading");
  }

  @Test
  public void runNamingIsWrittenOnlyByTheTracker() {
    onlyWriterOf("RunNaming", "ExecutionTracker");
  }

  private static void onlyWriterOf(String state, String writer) {
    noClasses()
        .that()
        .doNotHaveFullyQualifiedName(AGENT + writer)
        .and()
        .doNotHaveFullyQualifiedName(AGENT + state)
        .should()
        .callMethodWhere(setterOf(AGENT + state))
        .because(writer + " alone writes a run's " + state)
        .check(AgentClasses.get());
  }

  private static DescribedPredicate<JavaMethodCall> setterOf(String owner) {
    return DescribedPredicate.describe(
        "a setter of " + owner,
        call ->
            call.getTargetOwner().getFullName().equals(owner)
                && call.getTarget().getName().startsWith("set"));
  }
}
