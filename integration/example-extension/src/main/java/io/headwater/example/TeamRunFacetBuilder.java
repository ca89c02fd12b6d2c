package io.headwater.example;

import io.headwater.spark.api.CustomFacetBuilder;
import io.headwater.spark.api.OpenLineageContext;
import io.openlineage.client.OpenLineage;
import java.util.function.BiConsumer;
import org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart;

/**
 * Run facet {@code example_team}: {@code {"team": <spark.example.team, or "unknown">}}, reported
 * when a SQL execution starts, so it is on the run's START and terminal events.
 */
public final class TeamRunFacetBuilder
    extends CustomFacetBuilder<SparkListenerSQLExecutionStart, OpenLineage.RunFacet> {
  private final OpenLineageContext context;

  public TeamRunFacetBuilder(OpenLineageContext context) {
    this.context = context;
  }

  @Override
  protected void build(
      SparkListenerSQLExecutionStart event,
      BiConsumer<String, ? super OpenLineage.RunFacet> consumer) {
    String team =
        context
            .getSparkContext()
            .map(sc -> sc.getConf().get("spark.example.team", "unknown"))
            .orElse("unknown");
    consumer.accept("example_team", new TeamRunFacet(team));
  }

  /** {@code {"team": ...}}; its schema is the spec's base RunFacet. */
  public static final class TeamRunFacet extends OpenLineage.DefaultRunFacet {
    private final String team;

    TeamRunFacet(String team) {
      super(ExampleEventHandlerFactory.PRODUCER);
      this.team = team;
    }

    public String getTeam() {
      return team;
    }
  }
}
