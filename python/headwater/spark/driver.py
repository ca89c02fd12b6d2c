"""Making the agent's classes loadable in a driver JVM that is already running.

A PySpark driver JVM reads ``spark.jars`` once, when it starts. When it started without Headwater's jar (a notebook's
session, or an earlier session of the same Python process), the jar is added to the class loader Spark loads
listeners and extensions with: the thread's context class loader, a ``org.apache.spark.util.MutableURLClassLoader``
whose ``addURL`` is public, as ``spark.jars`` would have done at start-up. Then ``spark.extraListeners`` works for the
next SparkContext of the process, and extensions on ``spark.jars`` see the agent's API. Where the context loader is of
another kind, the jar gets a ``URLClassLoader`` of its own below it, made once per JVM; Spark then cannot name the
listener in ``spark.extraListeners``, but :func:`headwater.attach` works.
"""

from __future__ import annotations

from typing import Any

from headwater.spark.agent import LISTENER_CLASS
from headwater.spark.jar import jar_path

# The class loader of the agent's jar when it is not Spark's, per py4j gateway (one driver JVM) and jar.
_own_loaders: dict[tuple[int, str], Any] = {}


def agent_class(gateway: Any, jvm: Any, name: str) -> Any:  # noqa: ANN401 - py4j proxies
    """The agent class ``name`` in the driver JVM, its jar added to the driver's class loader first when needed."""
    loader = agent_loader(gateway, jvm)
    return jvm.java.lang.Class.forName(name, True, loader)  # noqa: FBT003 - Java's signature


def agent_loader(gateway: Any, jvm: Any) -> Any:  # noqa: ANN401 - py4j proxies
    """The class loader that loads the agent's classes: Spark's (the jar added to it when missing), else its own."""
    from py4j.protocol import Py4JError

    context = jvm.java.lang.Thread.currentThread().getContextClassLoader()
    if _loads_agent(jvm, context):
        return context
    jar = jar_path()
    url = jvm.java.io.File(jar).toURI().toURL()
    try:
        context.addURL(url)  # public on Spark's MutableURLClassLoader only
    except Py4JError:
        pass
    else:
        if _loads_agent(jvm, context):
            return context
    key = (id(gateway), jar)
    if key not in _own_loaders:
        urls = gateway.new_array(jvm.java.net.URL, 1)
        urls[0] = url
        _own_loaders[key] = jvm.java.net.URLClassLoader(urls, context)
    return _own_loaders[key]


def make_loadable_by_spark(gateway: Any, jvm: Any) -> bool:  # noqa: ANN401 - py4j proxies
    """Add the agent's jar to the running driver's class loader, so ``spark.extraListeners`` can name the listener.

    Returns:
        False when Spark's class loader cannot take the jar (the agent can still be attached).
    """
    context = jvm.java.lang.Thread.currentThread().getContextClassLoader()
    return bool(agent_loader(gateway, jvm).equals(context))


def _loads_agent(jvm: Any, loader: Any) -> bool:  # noqa: ANN401
    from py4j.protocol import Py4JJavaError

    try:
        jvm.java.lang.Class.forName(LISTENER_CLASS, False, loader)  # noqa: FBT003 - Java's signature
    except Py4JJavaError:  # ClassNotFoundException
        return False
    return True
