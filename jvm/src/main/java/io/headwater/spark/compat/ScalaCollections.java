package io.headwater.spark.compat;

import io.headwater.spark.annotation.Internal;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one place Headwater converts Scala collections and options to Java ones, a version seam
 * (docs/development.md, "Spark-version seams"). It is written against {@code
 * scala.collection.JavaConverters} and {@code scala.Option}, which Scala 2.12 (Spark 3.5) and 2.13
 * (Spark 4.x) both have, and takes the general {@code scala.collection} types, so the same source
 * compiles against either Scala; code elsewhere names neither {@code scala.jdk} (2.13 only) nor
 * {@code scala.collection.Seq} (what Spark 4 returns, a plain {@code Seq} in Spark 3.5).
 *
 * <p>Conversions are views, not copies: O(1), and they reflect the Scala collection.
 */
@SuppressWarnings("deprecation") // JavaConverters: deprecated in 2.13, the only converter in 2.12
@Internal
public final class ScalaCollections {
  private ScalaCollections() {}

  /** A Scala sequence, list, set or other iterable as a Java list (in its iteration order). */
  public static <T> List<T> asJava(scala.collection.Seq<T> seq) {
    return scala.collection.JavaConverters.seqAsJavaList(seq);
  }

  /** A Scala iterable that is not a sequence (a set, a map's values) as a Java list, copied. */
  public static <T> List<T> asJavaList(scala.collection.Iterable<T> iterable) {
    return List.copyOf(
        scala.collection.JavaConverters.asJavaCollection(iterable).stream()
            .filter(java.util.Objects::nonNull)
            .toList());
  }

  /** A Scala map as a Java map. */
  public static <K, V> Map<K, V> asJava(scala.collection.Map<K, V> map) {
    return scala.collection.JavaConverters.mapAsJavaMap(map);
  }

  /** A Scala option as a Java optional (a {@code Some(null)} is empty). */
  public static <T> Optional<T> asJava(scala.Option<T> option) {
    return option != null && option.isDefined()
        ? Optional.ofNullable(option.get())
        : Optional.empty();
  }

  /** A Java list as a Scala sequence (for building plans and options in code and tests). */
  public static <T> scala.collection.Seq<T> asScala(List<T> list) {
    return scala.collection.JavaConverters.asScalaBuffer(list).toSeq();
  }
}
