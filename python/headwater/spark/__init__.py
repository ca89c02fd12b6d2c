"""Everything that attaches Headwater to Spark.

The agent jar (``jar``); adding the agent to a session at its creation (``session``: :func:`headwater.configure`,
:func:`headwater.flush`) or while it runs (``attach``: :func:`headwater.attach`); making the jar loadable in a running
driver (``driver``); the driver's Java entry points (``agent``); Spark Connect sessions (``connect``); and the one-line
display of runs in notebooks and shells (``interactive``).

The public functions are those the ``headwater`` package exports; these modules are how they are built. Importing this
package imports neither pyspark nor anything that starts a JVM.
"""
