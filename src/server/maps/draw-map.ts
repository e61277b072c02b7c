import { type GeoIdentityTransform, type GeoProjection, geoIdentity, geoMercator, geoPath } from 'd3-geo';
import type { FeatureCollection, MultiPolygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { MapDrawing } from '../../shared/maps';

type Areas = FeatureCollection<MultiPolygon, { code: string; name: string }>;

const mercator = geoMercator().scale(1000).translate([0, 0]).precision(0);

/** The stored topology's areas in Mercator's plane: decoding and the spherical projection. */
function planarAreas(topology: Topology): Areas {
  const sphere = feature(topology, topology.objects.areas as GeometryCollection<{ code: string; name: string }>) as unknown as Areas;
  return {
    type: 'FeatureCollection',
    features: sphere.features.map((f) => ({ ...f, geometry: { type: 'MultiPolygon', coordinates: f.geometry.coordinates.map((poly) => poly.map((ring) => ring.map((p) => mercator(p as [number, number]) as Position))) } })),
  };
}

/**
 * Drawings per map version, a few per isolate. A stored map's geometry never changes (a new
 * upload is a new map), and decoding, projecting and writing the paths of 600 areas costs tens of
 * milliseconds: every data call and page after the first gets the drawing from here.
 */
const drawings = new Map<string, MapDrawing>();
const MAX_DRAWINGS = 32;

/** The drawing of a map version when this isolate has made it (then the topology need not be read). */
export const cachedDrawing = (key: string): MapDrawing | undefined => drawings.get(key);

/** Smallest box (in drawing units) in which a short value ('7,4' or '56%') fits as a label. */
const LABEL_BOX = { width: 34, height: 16 };

const WIDTH = 640;
const MAX_HEIGHT = 560;

/**
 * A stored map drawn for a viewBox 640 wide (height from the map's shape, at most 560):
 * Mercator fitted to the areas, one SVG path per area (0.1 unit precision), each area's centroid
 * as the label anchor and whether a label fits. `key` names the map version for the isolate's
 * cache (services/maps/access.ts mapVersion).
 */
export function drawMap(key: string, topology: Topology): MapDrawing {
  let drawing = drawings.get(key);
  if (!drawing) {
    drawing = draw(planarAreas(topology), WIDTH, MAX_HEIGHT);
    if (drawings.size >= MAX_DRAWINGS) drawings.delete(drawings.keys().next().value!);
    drawings.set(key, drawing);
  }
  return drawing;
}

/** Path coordinates are on a grid of half a unit of the 640-wide drawing (≤ 0.25 unit off: well below a pixel on any screen). */
const GRID = 2;
const num = (v: number) => String(v / GRID);

/**
 * An area's SVG path, written for size (a 600-area map is drawn twice on the public page): per
 * ring an absolute start, then relative steps on the half-unit grid with implicit repeats
 * ('M37 535.5l3 1 2-.5…z'); points that fall on the previous one are left out. Neighbours round
 * their shared border's points alike, so they still meet without gaps.
 */
export function areaPath(polygons: Position[][][], at: (p: Position) => [number, number]): string {
  let d = '';
  for (const poly of polygons)
    for (const ring of poly) {
      let px = 0;
      let py = 0;
      let steps = '';
      let last = '';
      let kept = 0;
      let start = '';
      // GeoJSON rings end on their first point: 'z' closes them.
      for (let i = 0; i < ring.length - 1; i++) {
        const [x, y] = at(ring[i]!);
        const qx = Math.round(x * GRID);
        const qy = Math.round(y * GRID);
        if (kept === 0) start = `M${num(qx)} ${num(qy)}`;
        else {
          if (qx === px && qy === py) continue;
          const dx = num(qx - px).replace(/^(-?)0\./, '$1.');
          const dy = num(qy - py).replace(/^(-?)0\./, '$1.');
          // A separator only where the next number does not start with '-' (and '.5' after a decimal number).
          const sep = (prev: string, next: string) => (next.startsWith('-') || (next.startsWith('.') && prev.includes('.')) ? '' : ' ');
          steps += `${steps === '' ? 'l' : sep(last, dx)}${dx}${sep(dx, dy)}${dy}`;
          last = dy;
        }
        px = qx;
        py = qy;
        kept++;
      }
      if (kept) d += `${start}${steps}z`;
    }
  return d;
}

function draw(fc: Areas, width: number, maxHeight: number): MapDrawing {
  // fitWidth is d3-geo's (since 1.12); @types/d3-geo lists it on projections only.
  let fit = (geoIdentity() as unknown as GeoProjection).fitWidth(width, fc) as unknown as GeoIdentityTransform;
  let path = geoPath(fit).digits(1);
  let [[, top], [, bottom]] = path.bounds(fc);
  if (bottom - top > maxHeight) {
    fit = geoIdentity().fitExtent([[0, 0], [width, maxHeight]], fc);
    path = geoPath(fit).digits(1);
    [[, top], [, bottom]] = path.bounds(fc);
  }
  // fitWidth centres on nothing vertically: shift so the map starts at y = 0.
  const [tx, ty] = fit.translate();
  fit.translate([tx, ty - top]);
  const height = Math.ceil(bottom - top);
  const areas = fc.features.map((f) => {
    const [[x0, y0], [x1, y1]] = path.bounds(f);
    const [x, y] = path.centroid(f);
    return { code: f.properties.code, name: f.properties.name, d: areaPath(f.geometry.coordinates, (p) => fit(p as [number, number]) as [number, number]), x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, fits: x1 - x0 >= LABEL_BOX.width && y1 - y0 >= LABEL_BOX.height };
  });
  return { width, height, areas };
}
