/**
 * A value kept per database handle (a cache, say): two apps in one process, as test files sharing
 * modules are, each get their own, and a closed database's value goes with its handle.
 */
export function perDatabase<Value>(create: () => Value): (db: object) => Value {
  const values = new WeakMap<object, Value>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = create();
      values.set(db, value);
    }
    return value;
  };
}
