import { type Cube, cubeByteSize } from './cube';

/**
 * Isolate-memory LRU of cubes keyed by survey id + responses version, bounded by bytes. A new
 * version simply misses (old versions age out), so no invalidation message is needed.
 */
export class CubeCache {
  private readonly entries = new Map<string, { cube: Cube; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  static key(surveyId: number, version: number): string {
    return `${surveyId}:${version}`;
  }

  get(surveyId: number, version: number): Cube | undefined {
    const key = CubeCache.key(surveyId, version);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.cube;
  }

  /** Stores a cube; a cube bigger than the whole budget is not kept. */
  set(cube: Cube): void {
    const key = CubeCache.key(cube.surveyId, cube.version);
    this.delete(cube.surveyId, cube.version);
    const bytes = cubeByteSize(cube);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { cube, bytes });
    this.total += bytes;
    for (const [k, e] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(k);
      this.total -= e.bytes;
    }
  }

  delete(surveyId: number, version: number): void {
    const key = CubeCache.key(surveyId, version);
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.bytes;
  }

  /** Returns the cached cube or loads, caches and returns it. */
  async getOrLoad(surveyId: number, version: number, load: () => Promise<Cube>): Promise<Cube> {
    const hit = this.get(surveyId, version);
    if (hit) return hit;
    const cube = await load();
    this.set(cube);
    return cube;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }
}
