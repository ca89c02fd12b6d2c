package io.headwater.spark.connectors.delta;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.junit.Test;

/** Delta recognition without Delta on the class path: what a session without Delta sees. */
public class DeltaSupportTest {
  @Test
  public void transactionLogFilesAreRecognisedByTheirDirectory() {
    assertTrue(
        io.headwater.spark.tables.DeltaLog.isInDeltaLog(
            new Path("file:/wh/t/_delta_log/00000000000000000001.json")));
    assertTrue(
        io.headwater.spark.tables.DeltaLog.isInDeltaLog(
            new Path("s3a://b/t/_delta_log/00000000000000000010.checkpoint.parquet")));
    assertTrue(io.headwater.spark.tables.DeltaLog.isInDeltaLog(new Path("/wh/t/_delta_log")));
    assertFalse(
        io.headwater.spark.tables.DeltaLog.isInDeltaLog(new Path("file:/wh/t/part-00000.parquet")));
    assertFalse(
        io.headwater.spark.tables.DeltaLog.isInDeltaLog(new Path("/wh/my_delta_log/x.json")));
  }

  @Test
  public void nonDeltaObjectsAreNotDelta() {
    assertFalse(DeltaSupport.isDeltaDataSource(new Object()));
    assertFalse(DeltaSupport.isDeltaDataSource(null));
    assertEquals(
        Optional.empty(), io.headwater.spark.tables.DeltaLog.snapshotVersion(new Object()));
    org.apache.spark.sql.catalyst.plans.logical.LogicalPlan plan =
        new org.apache.spark.sql.catalyst.plans.logical.OneRowRelation();
    assertFalse(DeltaSupport.isRowLevelCommand(plan));
    assertEquals(Optional.empty(), DeltaSupport.rowLevelTarget(plan));
    assertEquals(List.of(), DeltaSupport.hiddenQueries(plan));
  }
}
