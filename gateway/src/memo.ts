// Values made once and shared: kept per object for as long as it lives (memo, a WeakMap per kind),
// or frozen so that every request can share them (deepFreeze).

/** The value kept for `key`, made by `make` the first time it is asked for. */
export function memo<K extends object, V>(cache: WeakMap<K, V>, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** The value with every object in it frozen. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
