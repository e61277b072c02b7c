import { quantize } from 'topojson-client';
import { presimplify } from 'topojson-simplify';
import type { Topology } from 'topojson-specification';
import type { Bbox } from '../../shared/maps';
import type { Area } from './read-geometry';

/** Points kept for the web: about 60 a area, at least 3,000, at most 40,000 (a 600-area page stays within 150 kB). */
export function pointBudget(areas: number): number {
  return Math.min(40_000, Math.max(3_000, areas * 60));
}

export interface StoredMap {
  topology: Topology;
  bbox: Bbox;
  areas: { code: string; name: string }[];
}

/** The grid the topology is built on (as topojson-server's `topology(objects, 1e6)`). */
const QUANTIZATION = 1e6;
/** Points given to topojson-simplify's presimplify at a time (its points and triangles are JavaScript objects). */
const PRESIMPLIFY_POINTS = 20_000;

/** Open-addressing hash of a point (x, y integers on the grid): the first position that holds it. */
function firstPositions(xy: Int32Array, n: number): Int32Array {
  const size = 1 << Math.max(4, Math.ceil(Math.log2(n * 1.4)));
  const mask = size - 1;
  const keys = new Int32Array(size).fill(-1);
  const first = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const x = xy[2 * i]!;
    const y = xy[2 * i + 1]!;
    let h = (Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca6b)) & mask;
    for (;;) {
      const k = keys[h]!;
      if (k === -1) {
        keys[h] = i;
        first[i] = i;
        break;
      }
      if (xy[2 * k] === x && xy[2 * k + 1] === y) {
        first[i] = k;
        break;
      }
      h = (h + 1) & mask;
    }
  }
  return first;
}

interface Piece {
  0: number;
  1: number;
  next?: Piece;
}

/**
 * topojson-server's `topology(…, 1e6)` (bounds, prequantize, extract, join, cut, dedup, delta),
 * step for step, on typed arrays: the points sit in one Int32Array (8 bytes a point) with a point
 * identity per position (the first position of an equal point), instead of an [x, y] array per
 * point and hash tables keyed on them. The arcs come out as ranges of one Int32Array of absolute
 * grid points; `transform` undoes the grid.
 */
function buildTopology(areas: Area[]) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  let total = 0;
  let ringCount = 0;
  for (const a of areas)
    for (const poly of a.polygons)
      for (const ring of poly) {
        ringCount++;
        total += ring.length / 2;
        for (let i = 0; i < ring.length; i += 2) {
          const x = ring[i]!;
          const y = ring[i + 1]!;
          if (x < x0) x0 = x;
          if (x > x1) x1 = x;
          if (y < y0) y0 = y;
          if (y > y1) y1 = y;
        }
      }
  const bbox = [x0, y0, x1, y1] as [number, number, number, number];
  const kx = x1 - x0 ? (QUANTIZATION - 1) / (x1 - x0) : 1;
  const ky = y1 - y0 ? (QUANTIZATION - 1) / (y1 - y0) : 1;

  // prequantize + extract: rings one after the other, coincident neighbours dropped, padded to 4 points.
  let xy: Int32Array | null = new Int32Array(2 * (total + 4 * ringCount));
  let n = 0;
  const rings: Piece[] = [];
  const geometries = areas.map((a) => ({
    code: a.code,
    name: a.name,
    polygons: a.polygons.map((poly) =>
      poly.map((ring) => {
        const start = n;
        let px: number | undefined;
        let py: number | undefined;
        for (let i = 0; i < ring.length; i += 2) {
          const x = Math.round((ring[i]! - x0) * kx);
          const y = Math.round((ring[i + 1]! - y0) * ky);
          if (x !== px || y !== py) {
            xy![2 * n] = px = x;
            xy![2 * n + 1] = py = y;
            n++;
          }
        }
        while (n - start < 4) {
          xy![2 * n] = xy![2 * start]!;
          xy![2 * n + 1] = xy![2 * start + 1]!;
          n++;
        }
        const piece: Piece = { 0: start, 1: n - 1 };
        rings.push(piece);
        return piece;
      }),
    ),
  }));
  // The file's coordinates are not needed any more.
  areas.length = 0;

  // join: a point is a junction where the rings through it have different neighbours there.
  const id = firstPositions(xy, n);
  const junction = new Uint8Array(n);
  {
    const visited = new Int32Array(n).fill(-1);
    const left = new Int32Array(n).fill(-1);
    const right = new Int32Array(n).fill(-1);
    const sequence = (r: number, previous: number, current: number, next: number) => {
      if (visited[current] === r) return;
      visited[current] = r;
      const l = left[current]!;
      if (l >= 0) {
        const rt = right[current]!;
        if ((l !== previous || rt !== next) && (l !== next || rt !== previous)) junction[current] = 1;
      } else {
        left[current] = previous;
        right[current] = next;
      }
    };
    for (let r = 0; r < rings.length; r++) {
      let ringStart = rings[r]![0] + 1;
      const ringEnd = rings[r]![1];
      let previous = id[ringEnd - 1]!;
      let current = id[ringStart - 1]!;
      let next = id[ringStart]!;
      sequence(r, previous, current, next);
      while (++ringStart <= ringEnd) sequence(r, (previous = current), (current = next), (next = id[ringStart]!));
    }
  }
  const isJunction = (pos: number) => junction[id[pos]!] === 1;
  const swap = (a: number, b: number) => {
    let t = xy![2 * a]!;
    xy![2 * a] = xy![2 * b]!;
    xy![2 * b] = t;
    t = xy![2 * a + 1]!;
    xy![2 * a + 1] = xy![2 * b + 1]!;
    xy![2 * b + 1] = t;
    t = id[a]!;
    id[a] = id[b]!;
    id[b] = t;
  };
  const reverse = (start: number, end: number) => {
    for (let mid = start + ((end-- - start) >> 1); start < mid; ++start, --end) swap(start, end);
  };

  // cut: rings rotated to their first junction, then cut at every further one.
  for (const first of rings) {
    let ring = first;
    const ringStart = ring[0];
    let ringMid = ringStart;
    const ringEnd = ring[1];
    let ringFixed = isJunction(ringStart);
    while (++ringMid < ringEnd) {
      if (isJunction(ringMid)) {
        if (ringFixed) {
          const next: Piece = { 0: ringMid, 1: ring[1] };
          ring[1] = ringMid;
          ring = ring.next = next;
        } else {
          const offset = ringEnd - ringMid;
          reverse(ringStart, ringEnd);
          reverse(ringStart, ringStart + offset);
          reverse(ringStart + offset, ringEnd);
          xy[2 * ringEnd] = xy[2 * ringStart]!;
          xy[2 * ringEnd + 1] = xy[2 * ringStart + 1]!;
          id[ringEnd] = id[ringStart]!;
          ringFixed = true;
          ringMid = ringStart;
        }
      }
    }
  }

  // dedup: equal arcs (in order, reversed, or rings rotated) become one.
  const same = (a: number, b: number) => id[a] === id[b];
  const minimumOffset = (arc: Piece) => {
    const start = arc[0];
    const end = arc[1];
    let minimum = start;
    for (let mid = start + 1; mid < end; mid++) {
      if (xy![2 * mid]! < xy![2 * minimum]! || (xy![2 * mid] === xy![2 * minimum] && xy![2 * mid + 1]! < xy![2 * minimum + 1]!)) minimum = mid;
    }
    return minimum - start;
  };
  const equalLine = (a: Piece, b: Piece) => {
    let [ia, ib] = [a[0], b[0]];
    const ja = a[1];
    if (ia - ja !== ib - b[1]) return false;
    for (; ia <= ja; ++ia, ++ib) if (!same(ia, ib)) return false;
    return true;
  };
  const reverseEqualLine = (a: Piece, b: Piece) => {
    let ia = a[0];
    let jb = b[1];
    const ja = a[1];
    if (ia - ja !== b[0] - jb) return false;
    for (; ia <= ja; ++ia, --jb) if (!same(ia, jb)) return false;
    return true;
  };
  const equalRing = (a: Piece, b: Piece) => {
    const len = a[1] - a[0];
    if (len !== b[1] - b[0]) return false;
    const ka = minimumOffset(a);
    const kb = minimumOffset(b);
    for (let i = 0; i < len; ++i) if (!same(a[0] + ((i + ka) % len), b[0] + ((i + kb) % len))) return false;
    return true;
  };
  const reverseEqualRing = (a: Piece, b: Piece) => {
    const len = a[1] - a[0];
    if (len !== b[1] - b[0]) return false;
    const ka = minimumOffset(a);
    const kb = len - minimumOffset(b);
    for (let i = 0; i < len; ++i) if (!same(a[0] + ((i + ka) % len), b[1] - ((i + kb) % len))) return false;
    return true;
  };
  const arcsByEnd = new Map<number, Piece[]>();
  const arcs: Piece[] = [];
  const dedupLine = (arc: Piece) => {
    const startArcs = arcsByEnd.get(id[arc[0]]!);
    if (startArcs)
      for (const s of startArcs)
        if (equalLine(s, arc)) {
          arc[0] = s[0];
          arc[1] = s[1];
          return;
        }
    const endArcs = arcsByEnd.get(id[arc[1]]!);
    if (endArcs)
      for (const e of endArcs)
        if (reverseEqualLine(e, arc)) {
          arc[1] = e[0];
          arc[0] = e[1];
          return;
        }
    if (startArcs) startArcs.push(arc);
    else arcsByEnd.set(id[arc[0]]!, [arc]);
    if (endArcs) endArcs.push(arc);
    else arcsByEnd.set(id[arc[1]]!, [arc]);
    arcs.push(arc);
  };
  const dedupRing = (arc: Piece) => {
    for (const key of [id[arc[0]]!, -1]) {
      const endPoint = key === -1 ? id[arc[0] + minimumOffset(arc)]! : key;
      const endArcs = arcsByEnd.get(endPoint);
      if (endArcs)
        for (const e of endArcs) {
          if (equalRing(e, arc)) {
            arc[0] = e[0];
            arc[1] = e[1];
            return;
          }
          if (reverseEqualRing(e, arc)) {
            arc[0] = e[1];
            arc[1] = e[0];
            return;
          }
        }
      if (key === -1) {
        if (endArcs) endArcs.push(arc);
        else arcsByEnd.set(endPoint, [arc]);
      }
    }
    arcs.push(arc);
  };
  for (const first of rings) {
    let ring: Piece | undefined = first;
    if (ring.next) {
      do dedupLine(ring);
      while ((ring = ring.next));
    } else dedupRing(ring);
  }

  // The arcs' points, absolute on the grid, coincident neighbours dropped (topojson-server's delta step), at least two.
  const offsets = new Int32Array(arcs.length + 1);
  let size = 0;
  for (const arc of arcs) size += arc[1] - arc[0] + 2;
  const points = new Int32Array(2 * size);
  let m = 0;
  const indexOf = new Map<number, number>();
  arcs.forEach((arc, i) => {
    indexOf.set(arc[0] * (n + 1) + arc[1], i);
    offsets[i] = m;
    const start = m;
    for (let p = arc[0]; p <= arc[1]; p++) {
      const x = xy![2 * p]!;
      const y = xy![2 * p + 1]!;
      if (m === start || x !== points[2 * m - 2] || y !== points[2 * m - 1]) {
        points[2 * m] = x;
        points[2 * m + 1] = y;
        m++;
      }
    }
    if (m - start === 1) {
      points[2 * m] = points[2 * start]!;
      points[2 * m + 1] = points[2 * start + 1]!;
      m++;
    }
  });
  offsets[arcs.length] = m;
  xy = null;
  const arcIndex = (piece: Piece) => {
    const [lo, hi] = piece[0] < piece[1] ? [piece[0], piece[1]] : [piece[1], piece[0]];
    const i = indexOf.get(lo * (n + 1) + hi)!;
    return piece[0] < piece[1] ? i : ~i;
  };
  const objects = geometries.map((g) => ({
    type: 'MultiPolygon' as const,
    arcs: g.polygons.map((poly) =>
      poly.map((first) => {
        const out: number[] = [];
        let piece: Piece | undefined = first;
        do out.push(arcIndex(piece));
        while ((piece = piece.next));
        return out;
      }),
    ),
    properties: { code: g.code, name: g.name },
  }));
  return { bbox, transform: { scale: [1 / kx, 1 / ky] as [number, number], translate: [x0, y0] as [number, number] }, objects, points: points.subarray(0, 2 * m), offsets };
}

/**
 * The areas as one TopoJSON topology (object `areas`; neighbours share their borders as arcs),
 * simplified by Visvalingam weights down to the point budget. Shared arcs are simplified once,
 * so neighbours keep a common border (no gaps, no overlaps); every arc keeps its two strongest
 * inner points, so no ring collapses and every area stays on the map.
 *
 * Memory (a 20 MB upload in a 128 MB Worker): the topology is built on typed arrays
 * (buildTopology), `areas` is emptied once its points are on the grid, the Visvalingam weights
 * (topojson-simplify's presimplify, about 20,000 points at a time) go into one Float64Array, and
 * only the points kept become JavaScript arrays.
 */
export function simplifyAreas(areas: Area[]): StoredMap {
  const list = areas.map((a) => ({ code: a.code, name: a.name }));
  const count = areas.length;
  const { bbox, transform, objects, points, offsets } = buildTopology(areas);
  const arcCount = offsets.length - 1;
  const total = offsets[arcCount]!;
  const [sx, sy] = transform.scale;
  const [tx, ty] = transform.translate;

  // Visvalingam weights per point (presimplify weighs each arc on its own), arcs in batches.
  const weights = new Float64Array(total);
  for (let a = 0; a < arcCount; ) {
    const batch: number[][][] = [];
    const from = a;
    let size = 0;
    while (a < arcCount && (size === 0 || size + offsets[a + 1]! - offsets[a]! <= PRESIMPLIFY_POINTS)) {
      const arc: number[][] = [];
      let [px, py] = [0, 0];
      for (let p = offsets[a]!; p < offsets[a + 1]!; p++) {
        arc.push([points[2 * p]! - px, points[2 * p + 1]! - py]);
        [px, py] = [points[2 * p]!, points[2 * p + 1]!];
      }
      size += arc.length;
      batch.push(arc);
      a++;
    }
    const weighed = presimplify({ type: 'Topology', transform, objects: {}, arcs: batch } as never) as unknown as { arcs: number[][][] };
    weighed.arcs.forEach((arc, i) => arc.forEach((p, j) => (weights[offsets[from + i]! + j] = p[2]!)));
  }
  // Keep the two heaviest inner points of every arc (a ring of one arc stays a triangle at least).
  for (let a = 0; a < arcCount; a++) {
    let best = -1;
    let second = -1;
    for (let p = offsets[a]! + 1; p < offsets[a + 1]! - 1; p++) {
      if (best < 0 || weights[p]! > weights[best]!) [second, best] = [best, p];
      else if (second < 0 || weights[p]! > weights[second]!) second = p;
    }
    if (best >= 0) weights[best] = Infinity;
    if (second >= 0) weights[second] = Infinity;
  }
  // topojson-simplify's quantile: the weight at share p of the finite weights sorted from high to low
  // (p = budget / total lies strictly between 0 and 1 here; no finite weight keeps every point).
  const budget = pointBudget(count);
  let minWeight = 0;
  if (total > budget) {
    const finite = weights.filter((w) => Number.isFinite(w)).sort();
    const len = finite.length;
    const desc = (i: number) => finite[len - 1 - i]!;
    if (len === 1) minWeight = desc(0);
    else if (len > 1) {
      const h = (len - 1) * (budget / total);
      const i = Math.floor(h);
      minWeight = desc(i) + (desc(i + 1) - desc(i)) * (h - i);
    }
  }
  const arcs: number[][][] = [];
  for (let a = 0; a < arcCount; a++) {
    const arc: number[][] = [];
    for (let p = offsets[a]!; p < offsets[a + 1]!; p++) if (weights[p]! >= minWeight) arc.push([points[2 * p]! * sx + tx, points[2 * p + 1]! * sy + ty]);
    arcs.push(arc);
  }
  const simplified = { type: 'Topology', bbox, objects: { areas: { type: 'GeometryCollection', geometries: objects } }, arcs };
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  // The topology's bounding box is the map's in WGS84 (holes lie within their exterior ring).
  const [minLon, minLat, maxLon, maxLat] = bbox;
  // Quantised again (1e5 steps across the map, delta-encoded integers): compact to store.
  return { topology: quantize(simplified as never, 1e5) as Topology, bbox: [round(minLon), round(minLat), round(maxLon), round(maxLat)], areas: list };
}
