package io.headwater.spark.agent.runs;

import io.headwater.spark.annotation.Internal;
import io.headwater.spark.api.OpenLineageContext;
import io.headwater.spark.extensions.CustomFacets;
import io.headwater.spark.facets.SparkPropertiesRunFacet;
import io.headwater.spark.naming.JobNames;
import io.headwater.spark.reading.ExecutionLineage;
import io.headwater.spark.reading.StaticLineage;
import java.util.Objects;
import java.util.Optional;

/**
 * What reading a run's executions found: its datasets, what its plans say about its job name, its
 * kind, SQL text, {@code spark_properties}, the context extensions get and the facets their
 * builders gave. {@link RunFindingsWriter} alone writes it (its setters are called from nowhere
 * else: the ArchUnit rule {@code runFindingsAreWrittenOnlyByTheReading}); everyone else reads. Only
 * the agent's analysis thread touches it.
 */
@Internal
public final class RunFindings {
  private ExecutionLineage lineage = ExecutionLineage.EMPTY;
  private String planPart;
  private String rootClass;
  private String readAction;
  private String jobNamePrefix;
  private Optional<String> sql = Optional.empty();
  private SparkPropertiesRunFacet properties;
  private OpenLineageContext context;
  private CustomFacets facets = CustomFacets.EMPTY;
  private boolean analysisFailed;
  private StaticLineage.Kind staticKind = StaticLineage.Kind.NONE;

  /** The datasets of the run's executions so far, and their column lineage; never null. */
  public ExecutionLineage lineage() {
    return lineage;
  }

  public void setLineage(ExecutionLineage lineage) {
    this.lineage = Objects.requireNonNull(lineage, "lineage");
  }

  /**
   * The class of the root execution's optimized-plan root (for {@code
   * spark.openlineage.filter.allowedSparkNodes|deniedSparkNodes}); null until the root was read.
   */
  public String rootClass() {
    return rootClass;
  }

  void setRootClass(String rootClass) {
    this.rootClass = rootClass;
  }

  /**
   * The plan part of the job name, from the root execution's executed plan (a streaming run's: its
   * query name or micro-batch write node); null until the root was read.
   */
  public String planPart() {
    return planPart;
  }

  public void setPlanPart(String planPart) {
    this.planPart = planPart;
  }

  /**
   * The plan part of the job name of a read-only run in Headwater's style ({@link
   * JobNames#readAction}): the action its call site names, e.g. {@code collect}; null until the
   * root execution's start was read.
   */
  public String readAction() {
    return readAction;
  }

  void setReadAction(String readAction) {
    this.readAction = readAction;
  }

  /**
   * The first part of the job name when it is not the application's: a Spark Connect client's
   * application name ({@link ConnectClients}); null for the application's.
   */
  public String jobNamePrefix() {
    return jobNamePrefix;
  }

  void setJobNamePrefix(String jobNamePrefix) {
    this.jobNamePrefix = jobNamePrefix;
  }

  /** The SQL text of {@code spark.sql(...)}, when the plan carries it (redacted when emitted). */
  Optional<String> sql() {
    return sql;
  }

  void setSql(Optional<String> sql) {
    this.sql = Objects.requireNonNull(sql, "sql");
  }

  /** The run's {@code spark_properties} facet, read with the root execution; null until then. */
  public SparkPropertiesRunFacet properties() {
    return properties;
  }

  void setProperties(SparkPropertiesRunFacet properties) {
    this.properties = properties;
  }

  /**
   * The context extensions get for this run: the root execution's once it was read, else one
   * without a plan; null until the run was first read.
   */
  public OpenLineageContext context() {
    return context;
  }

  void setContext(OpenLineageContext context) {
    this.context = context;
  }

  /** The facets extensions' facet builders reported for the run so far; never null. */
  public CustomFacets facets() {
    return facets;
  }

  void setFacets(CustomFacets facets) {
    this.facets = Objects.requireNonNull(facets, "facets");
  }

  /**
   * True when the root execution is Spark's report of a query whose analysis failed ({@link
   * FailedAnalysis}): its plans are never read, and the run is reported (START, then FAIL with the
   * user's error) though no dataset is known.
   */
  public boolean analysisFailed() {
    return analysisFailed;
  }

  public void setAnalysisFailed() {
    this.analysisFailed = true;
  }

  /**
   * How the run is reported: a run, or static events for metadata-only DDL ({@link StaticLineage}).
   */
  public StaticLineage.Kind staticKind() {
    return staticKind;
  }

  public void setStaticKind(StaticLineage.Kind staticKind) {
    this.staticKind = Objects.requireNonNull(staticKind, "staticKind");
  }
}
