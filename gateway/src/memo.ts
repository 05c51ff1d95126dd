// Values derived once per object and kept for as long as the object lives (a WeakMap per kind).

/** The value kept for `key`, made by `make` the first time it is asked for. */
export function memo<K extends object, V>(cache: WeakMap<K, V>, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}
