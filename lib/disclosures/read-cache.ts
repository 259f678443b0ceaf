import { LRUCache } from "lru-cache";

/**
 * A short-lived, bounded cache of free read results in front of a database. The feed
 * changes at most every poll (~30 s) and the directory daily, so a few seconds of reuse
 * turns a burst of identical requests into one query. Concurrent misses share one promise.
 * Entries are kept per database handle, so two databases in one process never mix.
 */
export function readThroughCache<T extends object>(ttlMs: number, max = 1000) {
  const caches = new WeakMap<object, LRUCache<string, Promise<T>>>();
  return (db: object, key: string, load: () => Promise<T>): Promise<T> => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new LRUCache<string, Promise<T>>({ max, ttl: ttlMs })));
    const hit = cache.get(key);
    if (hit) return hit;
    const pending = load();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
    return pending;
  };
}
