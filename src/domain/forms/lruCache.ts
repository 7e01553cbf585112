// A small least-recently-used cache over Map insertion order: get moves an entry to the back,
// set evicts from the front once the bound is reached. Bounds memory on forms with many fields.

export interface LruCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  has(key: K): boolean;
  clear(): void;
  readonly size: number;
  readonly capacity: number;
}

export function createLruCache<K, V>(capacity: number): LruCache<K, V> {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('LRU capacity must be a positive integer');
  const map = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      if (!map.has(key)) return undefined;
      const value = map.get(key) as V;
      map.delete(key);
      map.set(key, value);
      return value;
    },
    set(key: K, value: V): void {
      if (map.has(key)) map.delete(key);
      else if (map.size >= capacity) map.delete(map.keys().next().value as K);
      map.set(key, value);
    },
    has: (key: K): boolean => map.has(key),
    clear: (): void => map.clear(),
    get size(): number {
      return map.size;
    },
    capacity,
  };
}
