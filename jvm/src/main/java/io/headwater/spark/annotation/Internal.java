package io.headwater.spark.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a public type of the agent that is <em>not</em> part of its extension API: it is public
 * only because another package of the agent uses it (Java has no module-private visibility on the
 * class path), or because Spark, py4j or {@link java.util.ServiceLoader} instantiate it by name. An
 * extension must not use such a type: it may change or go in any release, and the API check
 * (japicmp over {@code io.headwater.spark.api}) does not cover it. Nested types share their
 * enclosing type's status.
 *
 * <p>The extension API is the package {@code io.headwater.spark.api} and nothing else; every other
 * public top-level type carries this mark (an ArchUnit rule, {@code LayeringTest}, fails the build
 * otherwise). The convention follows Apache Flink's {@code @Internal} and Spark's {@code @Private}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Internal {}
