package io.headwater.spark.api;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Resolves the concrete class bound to a type parameter of a generic supertype, walking the whole
 * class hierarchy (superclasses and interfaces, through intermediate generic classes). This is the
 * one place the API reads generic type arguments: {@link QueryPlanVisitor} uses it for its default
 * node type.
 */
final class GenericTypes {
  /**
   * The arguments resolved so far, per concrete class and {@code <generic class>#<index>}: a
   * visitor or builder is made for every run, and the walk of its hierarchy is the same each time.
   * A {@link ClassValue}, so that an extension's classes can still be unloaded.
   */
  private static final ClassValue<Map<String, Class<?>>> RESOLVED =
      new ClassValue<>() {
        @Override
        protected Map<String, Class<?>> computeValue(Class<?> type) {
          return new ConcurrentHashMap<>();
        }
      };

  private GenericTypes() {}

  /**
   * The class bound to type parameter {@code index} of {@code generic} in {@code concrete}'s
   * hierarchy.
   *
   * @throws IllegalArgumentException when the argument is not a concrete class (for example a raw
   *     or still-generic subclass); the message names the class and says how to fix it
   */
  static Class<?> typeArgument(Class<?> concrete, Class<?> generic, int index) {
    return typeArgument(concrete, generic, index, "nodeType()");
  }

  /**
   * As {@link #typeArgument(Class, Class, int)}; {@code override} names the method that declares
   * the type explicitly, for the error message (e.g. {@code eventType()}).
   */
  static Class<?> typeArgument(Class<?> concrete, Class<?> generic, int index, String override) {
    String key = generic.getName() + '#' + index;
    Class<?> known = RESOLVED.get(concrete).get(key);
    if (known != null) {
      return known;
    }
    Class<?> type = resolveClass(concrete, generic, index, override);
    RESOLVED.get(concrete).put(key, type);
    return type;
  }

  private static Class<?> resolveClass(
      Class<?> concrete, Class<?> generic, int index, String override) {
    Type resolved = resolve(concrete, generic, index, new HashMap<>());
    if (resolved instanceof Class<?> type) {
      return type;
    }
    if (resolved instanceof ParameterizedType parameterized
        && parameterized.getRawType() instanceof Class<?> raw) {
      return raw;
    }
    throw new IllegalArgumentException(
        concrete.getName()
            + " does not bind type parameter "
            + generic.getTypeParameters()[index].getName()
            + " of "
            + generic.getSimpleName()
            + " to a concrete class; bind it in the class declaration (e.g. extends "
            + generic.getSimpleName()
            + "<LogicalRelation, ...>) or override "
            + override);
  }

  private static Type resolve(
      Type type, Class<?> generic, int index, Map<TypeVariable<?>, Type> bindings) {
    Class<?> raw;
    if (type instanceof ParameterizedType parameterized) {
      raw = (Class<?>) parameterized.getRawType();
      TypeVariable<?>[] variables = raw.getTypeParameters();
      Type[] arguments = parameterized.getActualTypeArguments();
      Map<TypeVariable<?>, Type> next = new HashMap<>(bindings);
      for (int i = 0; i < variables.length; i++) {
        Type argument = arguments[i];
        next.put(
            variables[i],
            argument instanceof TypeVariable<?> v ? bindings.getOrDefault(v, v) : argument);
      }
      bindings = next;
    } else if (type instanceof Class<?> cls) {
      raw = cls;
    } else {
      return null;
    }
    if (raw == generic) {
      Type argument = bindings.get(generic.getTypeParameters()[index]);
      return argument == null ? generic.getTypeParameters()[index] : argument;
    }
    Type superclass = raw.getGenericSuperclass();
    if (superclass != null) {
      Type found = resolve(superclass, generic, index, bindings);
      if (found != null) {
        return found;
      }
    }
    for (Type iface : raw.getGenericInterfaces()) {
      Type found = resolve(iface, generic, index, bindings);
      if (found != null) {
        return found;
      }
    }
    return null;
  }
}
