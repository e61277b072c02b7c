/** Stand-in origin of cache keys: Cache API keys are URLs; nothing is ever fetched from it. */
const ORIGIN = 'https://public-report.impulz.internal/';
const TTL_SECONDS = 86_400;

function edgeCache(): Cache | null {
  const c = (globalThis as { caches?: CacheStorage & { default?: Cache } }).caches;
  return c?.default ?? null;
}

/**
 * JSON value cached in the Worker's edge cache (`caches.default`) under `key`. The key carries the
 * report version, so an edit or a new import simply misses; old entries age out after a day.
 * Outside workerd (tests, Node) there is no cache and `load` runs every time.
 */
export async function edgeCached<T>(key: string, load: () => Promise<T>): Promise<{ value: T; cache: 'hit' | 'miss' | 'none' }> {
  const cache = edgeCache();
  const request = new Request(ORIGIN + key);
  if (cache) {
    const hit = await cache.match(request);
    if (hit) return { value: (await hit.json()) as T, cache: 'hit' };
  }
  const value = await load();
  if (cache) {
    const body = JSON.stringify(value);
    await cache.put(request, new Response(body, { headers: { 'Content-Type': 'application/json', 'Cache-Control': `public, max-age=${TTL_SECONDS}` } }));
  }
  return { value, cache: cache ? 'miss' : 'none' };
}
