package io.headwater.spark.agent.jobs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import io.headwater.spark.extensions.SchedulerObjects;
import io.headwater.spark.junit.LocalSpark;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.scheduler.ActiveJob;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.Stage;
import org.apache.spark.scheduler.StageInfo;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import scala.Tuple2;

/**
 * What builders see of a real Spark job (the shared session's SparkContext): the ActiveJob the
 * listener captures on the listener bus ({@link ActiveJobs}), the job's stages found from it, and
 * the stages' RDDs unwrapped down to the source RDD and no further than a shuffle.
 */
public class SchedulerObjectsTest {
  private static JavaSparkContext spark;
  private static final Map<Integer, ActiveJob> CAPTURED = new ConcurrentHashMap<>();
  private static final List<StageInfo> COMPLETED = new ArrayList<>();
  private static final List<SparkListenerJobEnd> ENDED = new ArrayList<>();

  /**
   * Opened once the listener captured a job's ActiveJob. The job's tasks (local mode: this JVM)
   * wait on it, so the job is still running when the listener bus delivers its start.
   */
  private static final CountDownLatch JOB_CAPTURED = new CountDownLatch(1);

  private static final long HOLD_SECONDS = 60;

  /** Does on the listener bus what OpenLineageSparkListener does: capture the ActiveJob in O(1). */
  static final class Capturing extends SparkListener {
    private final ActiveJobs activeJobs = new ActiveJobs();

    @Override
    public void onJobStart(SparkListenerJobStart event) {
      ActiveJob job = activeJobs.lookup(event.jobId());
      if (job != null) {
        CAPTURED.put(event.jobId(), job);
        JOB_CAPTURED.countDown();
      }
    }

    @Override
    public synchronized void onStageCompleted(SparkListenerStageCompleted event) {
      COMPLETED.add(event.stageInfo());
    }

    @Override
    public synchronized void onJobEnd(SparkListenerJobEnd event) {
      ENDED.add(event);
    }
  }

  private static final Capturing LISTENER = new Capturing();

  /** The shared session's context (one SparkContext per JVM, whichever test class runs first). */
  @BeforeClass
  public static void startSpark() {
    spark = JavaSparkContext.fromSparkContext(LocalSpark.session().sparkContext());
    spark.sc().addSparkListener(LISTENER);
  }

  @AfterClass
  public static void stopListening() {
    spark.sc().removeSparkListener(LISTENER);
  }

  private static List<String> classes(List<?> objects) {
    return objects.stream().map(o -> o.getClass().getSimpleName()).toList();
  }

  @Test
  public void stagesAreFoundFromTheCapturedJobAndTheirRddsUnwrappedUpToTheShuffle()
      throws Exception {
    JavaRDD<Integer> numbers = spark.parallelize(List.of(1, 2, 3, 4), 2);
    List<Tuple2<Integer, Integer>> sums =
        numbers
            .map(
                n -> {
                  if (!JOB_CAPTURED.await(HOLD_SECONDS, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the listener never captured the running job");
                  }
                  return n * 10;
                })
            .mapToPair(n -> new Tuple2<>(n % 20, n))
            .reduceByKey(Integer::sum)
            .collect();
    spark.sc().listenerBus().waitUntilEmpty(10_000);

    assertEquals(2, sums.size());
    assertEquals(1, CAPTURED.size());
    ActiveJob job = CAPTURED.values().iterator().next();
    Stage result = job.finalStage();
    Stage shuffleMap = result.parents().head();

    // The result stage computes the ShuffledRDD: its parents are behind the shuffle, in the parent
    // stage.
    assertEquals(List.of("ShuffledRDD"), classes(SchedulerObjects.unwrap(result.rdd())));
    // The parent stage: mapToPair over map over the parallelized collection, all narrow.
    List<RDD<?>> unwrapped = SchedulerObjects.unwrap(shuffleMap.rdd());
    assertEquals(
        List.of("MapPartitionsRDD", "MapPartitionsRDD", "ParallelCollectionRDD"),
        classes(unwrapped));
    assertSame(numbers.rdd(), unwrapped.get(2));

    assertSame(shuffleMap, SchedulerObjects.stage(job, shuffleMap.id()).orElseThrow());
    assertSame(result, SchedulerObjects.stage(job, result.id()).orElseThrow());
    assertTrue(SchedulerObjects.stage(job, 999).isEmpty());

    // What builders see for each event: the event's own object first, then the scheduler's objects.
    StageInfo completedShuffleMap =
        COMPLETED.stream().filter(s -> s.stageId() == shuffleMap.id()).findFirst().orElseThrow();
    assertEquals(
        List.of(
            "StageInfo",
            "ShuffleMapStage",
            "MapPartitionsRDD",
            "MapPartitionsRDD",
            "ParallelCollectionRDD"),
        classes(SchedulerObjects.stageCompleted(completedShuffleMap, shuffleMap)));
    assertEquals(
        List.of("StageInfo"), classes(SchedulerObjects.stageCompleted(completedShuffleMap, null)));
    SparkListenerJobEnd end = ENDED.get(ENDED.size() - 1);
    assertEquals(
        List.of("SparkListenerJobEnd", "ResultStage", "ShuffledRDD"),
        classes(SchedulerObjects.jobEnd(end, result)));
  }

  @Test
  public void aJobThatIsGoneHasNoActiveJob() {
    assertEquals(null, new ActiveJobs().lookup(123_456));
  }
}
