package io.headwater.spark.reading.columns;

import io.headwater.spark.annotation.Internal;

/**
 * One transformation of the spec's ColumnLineageDatasetFacet (1-2-0): {@code DIRECT} (the value is
 * computed from the input field: IDENTITY, TRANSFORMATION, AGGREGATION) or {@code INDIRECT} (the
 * input field decides which rows or in what order: FILTER, JOIN, GROUP_BY, SORT, WINDOW,
 * CONDITIONAL). {@code masking} is true when a masking function (a hash, {@code mask}) stands
 * between the input and the output. {@code description} is the SQL text of what transformed the
 * field (e.g. {@code sum(dep_delay) AS total_delay}, {@code INNER JOIN ON (carrier = carrier)},
 * {@code GROUP BY carrier}), or null when descriptions are off or none is known.
 */
@Internal
public record Transformation(String type, String subtype, boolean masking, String description) {
  public static final Transformation IDENTITY = direct("IDENTITY");
  public static final Transformation TRANSFORMATION = direct("TRANSFORMATION");
  public static final Transformation AGGREGATION = direct("AGGREGATION");
  public static final Transformation FILTER = indirect("FILTER");
  public static final Transformation JOIN = indirect("JOIN");
  public static final Transformation GROUP_BY = indirect("GROUP_BY");
  public static final Transformation SORT = indirect("SORT");
  public static final Transformation WINDOW = indirect("WINDOW");
  public static final Transformation CONDITIONAL = indirect("CONDITIONAL");

  private static Transformation direct(String subtype) {
    return new Transformation("DIRECT", subtype, false, null);
  }

  private static Transformation indirect(String subtype) {
    return new Transformation("INDIRECT", subtype, false, null);
  }

  public boolean isDirect() {
    return "DIRECT".equals(type);
  }

  public Transformation masked(boolean masked) {
    return masked == masking ? this : new Transformation(type, subtype, masked, description);
  }

  /** This transformation with {@code text} as its description (null: none). */
  public Transformation described(String text) {
    return java.util.Objects.equals(text, description)
        ? this
        : new Transformation(type, subtype, masking, text);
  }

  /**
   * This transformation seen through a later one: a value passed on unchanged keeps what happened
   * to it; a direct value transformed again is as strong as the stronger of the two (AGGREGATION
   * over TRANSFORMATION over IDENTITY), described by the later one's description when it has one;
   * anything used by an indirect transformation becomes that indirect transformation. Masking is
   * kept.
   */
  public Transformation then(Transformation later) {
    boolean masked = masking || later.masking;
    if (!later.isDirect()) {
      return later.masked(masked);
    }
    if (!isDirect()) {
      return masked(masked);
    }
    Transformation stronger = rank(later) > rank(this) ? later : this;
    return stronger
        .masked(masked)
        .described(later.description != null ? later.description : description);
  }

  private static int rank(Transformation t) {
    return switch (t.subtype) {
      case "AGGREGATION" -> 2;
      case "TRANSFORMATION" -> 1;
      default -> 0;
    };
  }
}
