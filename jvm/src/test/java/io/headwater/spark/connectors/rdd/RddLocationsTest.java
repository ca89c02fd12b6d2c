package io.headwater.spark.connectors.rdd;

import static org.junit.Assert.assertEquals;

import java.io.File;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** The dataset directories of the paths RDDs read and write, on the real local file system. */
public class RddLocationsTest {
  @Rule public TemporaryFolder temp = new TemporaryFolder();
  private final Configuration conf = new Configuration();

  @Test
  public void aDirectoryIsItselfQualified() throws Exception {
    File dir = temp.newFolder("logs");
    assertEquals(
        new Path("file:" + dir.getPath()),
        RddLocations.inputDirectory(new Path(dir.getPath()), conf));
  }

  @Test
  public void aFileIsItsDirectory() throws Exception {
    File dir = temp.newFolder("words");
    File file = new File(dir, "part-1.txt");
    Files.writeString(file.toPath(), "x\n");
    assertEquals(
        new Path("file:" + dir.getPath()),
        RddLocations.inputDirectory(new Path(file.getPath()), conf));
  }

  @Test
  public void aGlobIsTheDirectoryAboveItsFirstWildcard() throws Exception {
    File dir = temp.newFolder("events");
    assertEquals(
        new Path("file:" + dir.getPath()),
        RddLocations.inputDirectory(new Path(dir.getPath() + "/2024-*/day=*/part-*.json"), conf));
    assertEquals(
        new Path("file:" + dir.getPath()),
        RddLocations.inputDirectory(new Path(dir.getPath() + "/{a,b}"), conf));
  }

  @Test
  public void aMissingPathIsKeptAsGiven() throws Exception {
    String missing = temp.getRoot().getPath() + "/not/there";
    assertEquals(new Path("file:" + missing), RddLocations.inputDirectory(new Path(missing), conf));
  }

  @Test
  public void aRelativeOutputIsResolvedAgainstTheWorkingDirectory() throws Exception {
    assertEquals(
        new Path("file:" + new File("out/dir").getAbsolutePath()),
        RddLocations.outputDirectory(new Path("out/dir"), conf));
  }
}
