import { quantize } from 'topojson-client';
import { topology } from 'topojson-server';
import { presimplify, quantile, simplify } from 'topojson-simplify';
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

/** Arcs given to presimplify at a time: its copy of the points (with weights) replaces the input arc by arc, so the two never both exist whole. */
const PRESIMPLIFY_CHUNK = 256;

/**
 * Visvalingam weights for every arc (topojson-simplify's presimplify), a chunk of arcs at a time:
 * presimplify weighs each arc on its own, so the result is the same as one call; the input arcs
 * already done are let go, so an upload's points are held once (as input or as output), not twice.
 */
function presimplifyInChunks(topo: Topology): Topology {
  const arcs = topo.arcs as unknown as (number[][] | null)[];
  const out: number[][][] = new Array(arcs.length);
  for (let i = 0; i < arcs.length; i += PRESIMPLIFY_CHUNK) {
    const part = presimplify({ type: 'Topology', transform: topo.transform, objects: {}, arcs: arcs.slice(i, i + PRESIMPLIFY_CHUNK) } as never) as unknown as { arcs: number[][][] };
    for (let j = 0; j < part.arcs.length; j++) {
      out[i + j] = part.arcs[j]!;
      arcs[i + j] = null;
    }
  }
  const { transform: _quantised, ...rest } = topo;
  return { ...rest, arcs: out } as unknown as Topology;
}

/**
 * The areas as one TopoJSON topology (object `areas`; neighbours share their borders as arcs),
 * simplified by Visvalingam weights down to the point budget. Shared arcs are simplified once,
 * so neighbours keep a common border (no gaps, no overlaps); every arc keeps its two strongest
 * inner points, so no ring collapses and every area stays on the map.
 *
 * Memory (a 20 MB upload in a 128 MB Worker): `areas` is consumed — emptied here, so that once
 * topojson-server has quantised the coordinates nothing holds the originals any more; the
 * weighing goes chunk by chunk (presimplifyInChunks).
 */
export function simplifyAreas(areas: Area[]): StoredMap {
  let [minLon, minLat, maxLon, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const a of areas)
    for (const poly of a.polygons)
      for (const [lon, lat] of poly[0]!) {
        minLon = Math.min(minLon, lon!);
        maxLon = Math.max(maxLon, lon!);
        minLat = Math.min(minLat, lat!);
        maxLat = Math.max(maxLat, lat!);
      }
  const list = areas.map((a) => ({ code: a.code, name: a.name }));
  const count = areas.length;
  // Handed over through a getter, so no frame here holds the collection: topojson-server replaces
  // each geometry's coordinates by quantised ones, and the originals can be collected meanwhile.
  const input = {
    get areas() {
      return { type: 'FeatureCollection', features: areas.splice(0).map((a) => ({ type: 'Feature', properties: { code: a.code, name: a.name }, geometry: { type: 'MultiPolygon', coordinates: a.polygons } })) };
    },
  };
  const built = topology(input as never, 1e6) as unknown as Topology;
  const topo = presimplifyInChunks(built);
  let points = 0;
  for (const arc of topo.arcs as unknown as number[][][]) {
    points += arc.length;
    // Keep the two heaviest inner points of every arc (a ring of one arc stays a triangle at least).
    const inner = arc.slice(1, -1).sort((p, q) => q[2]! - p[2]!);
    for (const p of inner.slice(0, 2)) p[2] = Infinity;
  }
  const budget = pointBudget(count);
  // quantile(p) sorts weights from high to low: p is the share of (inner) points kept.
  const simplified = points > budget ? simplify(topo as never, quantile(topo as never, budget / points)) : simplify(topo as never, 0);
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  // Quantised again (1e5 steps across the map, delta-encoded integers): compact to store.
  return { topology: quantize(simplified as never, 1e5) as Topology, bbox: [round(minLon), round(minLat), round(maxLon), round(maxLat)], areas: list };
}
