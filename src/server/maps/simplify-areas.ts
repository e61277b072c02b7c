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

/**
 * The areas as one TopoJSON topology (object `areas`; neighbours share their borders as arcs),
 * simplified by Visvalingam weights down to the point budget. Shared arcs are simplified once,
 * so neighbours keep a common border (no gaps, no overlaps); every arc keeps its two strongest
 * inner points, so no ring collapses and every area stays on the map.
 */
export function simplifyAreas(areas: Area[]): StoredMap {
  const collection = {
    type: 'FeatureCollection' as const,
    features: areas.map((a) => ({ type: 'Feature' as const, properties: { code: a.code, name: a.name }, geometry: { type: 'MultiPolygon' as const, coordinates: a.polygons } })),
  };
  const topo = presimplify(topology({ areas: collection } as never, 1e6) as never);
  let points = 0;
  for (const arc of topo.arcs as unknown as number[][][]) {
    points += arc.length;
    // Keep the two heaviest inner points of every arc (a ring of one arc stays a triangle at least).
    const inner = arc.slice(1, -1).sort((p, q) => q[2]! - p[2]!);
    for (const p of inner.slice(0, 2)) p[2] = Infinity;
  }
  const budget = pointBudget(areas.length);
  // quantile(p) sorts weights from high to low: p is the share of (inner) points kept.
  const simplified = points > budget ? simplify(topo, quantile(topo, budget / points)) : simplify(topo, 0);
  let [minLon, minLat, maxLon, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const a of areas)
    for (const poly of a.polygons)
      for (const [lon, lat] of poly[0]!) {
        minLon = Math.min(minLon, lon!);
        maxLon = Math.max(maxLon, lon!);
        minLat = Math.min(minLat, lat!);
        maxLat = Math.max(maxLat, lat!);
      }
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  // Quantised again (1e5 steps across the map, delta-encoded integers): compact to store.
  return { topology: quantize(simplified as never, 1e5) as Topology, bbox: [round(minLon), round(minLat), round(maxLon), round(maxLat)], areas: areas.map((a) => ({ code: a.code, name: a.name })) };
}
