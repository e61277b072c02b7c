import proj4 from 'proj4';
import { feature as topoFeature } from 'topojson-client';
import { mapsNl } from '../../shared/i18n/maps';

/** RD New (EPSG:28992) with the datum shift to WGS84 that the EPSG registry and PDOK publish. */
export const RD_NEW = '+proj=sterea +lat_0=52.15616055555555 +lon_0=5.38763888888889 +k=0.9999079 +x_0=155000 +y_0=463000 +ellps=bessel +towgs84=565.417,50.3319,465.552,-0.398957,0.343988,-1.8774,4.0725 +units=m +no_defs';
const rdToWgs84 = proj4(RD_NEW, 'WGS84');

export const MAX_AREAS = 2000;

type Ring = number[][];
export type PolygonCoords = Ring[];
export interface Area {
  code: string;
  name: string;
  /** MultiPolygon coordinates in WGS84, exterior rings clockwise (d3-geo's spherical convention). */
  polygons: PolygonCoords[];
}

/** A file that can't become a map; `field` is the form field the Dutch message belongs to. */
export class GeometryError extends Error {
  constructor(
    readonly field: 'file' | 'code_property' | 'name_property',
    message: string,
  ) {
    super(message);
  }
}

/** RD New (metres) → WGS84 [lon, lat]. */
export function rdToLonLat(x: number, y: number): [number, number] {
  const [lon, lat] = rdToWgs84.forward([x, y]);
  return [lon!, lat!];
}

interface GeoFeature {
  type?: string;
  properties?: Record<string, unknown> | null;
  geometry?: { type?: string; coordinates?: unknown } | null;
}

/** Features of a GeoJSON FeatureCollection/Feature or of every object of a TopoJSON topology. */
function featuresOf(json: unknown): GeoFeature[] {
  if (!json || typeof json !== 'object') throw new GeometryError('file', mapsNl.notGeo);
  const o = json as { type?: unknown; features?: unknown; objects?: Record<string, unknown>; arcs?: unknown };
  if (o.type === 'FeatureCollection' && Array.isArray(o.features)) return o.features as GeoFeature[];
  if (o.type === 'Feature') return [o as GeoFeature];
  if (o.type === 'Topology' && o.objects && typeof o.objects === 'object' && Array.isArray(o.arcs)) {
    try {
      return Object.values(o.objects).flatMap((obj) => {
        const f = topoFeature(json as never, obj as never) as unknown as { type: string; features?: GeoFeature[] };
        return f.type === 'FeatureCollection' ? (f.features ?? []) : [f as GeoFeature];
      });
    } catch {
      throw new GeometryError('file', mapsNl.notGeo);
    }
  }
  throw new GeometryError('file', mapsNl.notGeo);
}

/** The polygons of a Polygon or MultiPolygon geometry (others: none), with numeric coordinates checked. */
function polygonsOf(g: GeoFeature['geometry']): PolygonCoords[] | null {
  if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return null;
  const polys = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as unknown;
  if (!Array.isArray(polys)) throw new GeometryError('file', mapsNl.notGeo);
  for (const poly of polys) {
    if (!Array.isArray(poly)) throw new GeometryError('file', mapsNl.notGeo);
    for (const ring of poly) {
      if (!Array.isArray(ring)) throw new GeometryError('file', mapsNl.notGeo);
      for (const p of ring) if (!Array.isArray(p) || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) throw new GeometryError('file', mapsNl.notGeo);
    }
  }
  return polys as PolygonCoords[];
}

type Crs = 'wgs84' | 'rd';

/** The named CRS of a GeoJSON (2008 `crs` member, as PDOK writes it), else the coordinates' range. */
function detectCrs(json: { crs?: { properties?: { name?: unknown } } }, areas: PolygonCoords[][]): Crs {
  const name = json.crs?.properties?.name;
  if (typeof name === 'string') {
    if (/(^|[^0-9])28992$/.test(name)) return 'rd';
    if (/(^|[^0-9])4326$|CRS84$/i.test(name)) return 'wgs84';
    throw new GeometryError('file', mapsNl.unknownProjection);
  }
  let degrees = true;
  let rd = true;
  for (const polys of areas)
    for (const poly of polys)
      for (const ring of poly)
        for (const [x, y] of ring) {
          if (degrees && (Math.abs(x!) > 180 || Math.abs(y!) > 90)) degrees = false;
          if (rd && (x! < -7000 || x! > 300000 || y! < 289000 || y! > 629000)) rd = false;
          if (!degrees && !rd) throw new GeometryError('file', mapsNl.unknownProjection);
        }
  return degrees ? 'wgs84' : 'rd';
}

/** Shoelace area in the plane of lon/lat (north up), as Σ (x₂ − x₁)(y₂ + y₁) / −2: negative = clockwise. */
function signedArea(ring: Ring): number {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) s += (ring[j]![0]! - ring[i]![0]!) * (ring[j]![1]! + ring[i]![1]!);
  return s / 2;
}

/** d3-geo reads a polygon as the sphere minus its ring unless exteriors run clockwise and holes anticlockwise (GeoJSON RFC 7946 has it the other way). In place. */
function rewind(poly: PolygonCoords): PolygonCoords {
  poly.forEach((ring, i) => {
    const a = signedArea(ring);
    if (i === 0 ? a > 0 : a < 0) ring.reverse();
  });
  return poly;
}

/** RD New → WGS84 in place: the parsed file's own coordinate arrays take the new values (no second copy of every point). */
function reprojectInPlace(poly: PolygonCoords): PolygonCoords {
  for (const ring of poly)
    for (const p of ring) {
      const [lon, lat] = rdToLonLat(p[0]!, p[1]!);
      p[0] = lon;
      p[1] = lat;
      p.length = 2;
    }
  return poly;
}

function property(props: Record<string, unknown> | null | undefined, key: string): string | null {
  const v = props?.[key];
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
}

/**
 * The areas of an uploaded boundary file: GeoJSON or TopoJSON, in RD New or WGS84 (named in a
 * `crs` member or recognised by the coordinates' range), reprojected to WGS84 and wound for
 * d3-geo. Refused (GeometryError, Dutch): not GeoJSON/TopoJSON, no polygons, an unknown
 * projection, more than 2,000 areas, a code or name property missing, duplicate codes.
 */
export function readGeometry(text: string, codeProperty: string, nameProperty: string): Area[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GeometryError('file', mapsNl.notGeo);
  }
  const features = featuresOf(json);
  const withPolys = features.flatMap((f) => {
    const polys = f && typeof f === 'object' ? polygonsOf(f.geometry) : null;
    return polys && polys.length ? [{ props: f.properties ?? null, polys }] : [];
  });
  if (!withPolys.length) throw new GeometryError('file', mapsNl.noPolygons);
  if (withPolys.length > MAX_AREAS) throw new GeometryError('file', mapsNl.tooMany(withPolys.length, MAX_AREAS));
  const available = Object.keys(withPolys[0]!.props ?? {});
  for (const [field, key] of [['code_property', codeProperty], ['name_property', nameProperty]] as const) {
    const missing = withPolys.filter((f) => property(f.props, key) === null).length;
    if (missing) throw new GeometryError(field, mapsNl.missingProperty(key, missing, available));
  }
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const f of withPolys) {
    const code = property(f.props, codeProperty)!;
    if (seen.has(code)) dupes.add(code);
    seen.add(code);
  }
  if (dupes.size) throw new GeometryError('code_property', mapsNl.duplicateCodes([...dupes]));
  const crs = detectCrs(json as never, withPolys.map((f) => f.polys));
  // The parsed coordinates are reused (reprojected and rewound in place): memory for one copy of the file's points, not two.
  return withPolys.map((f) => ({
    code: property(f.props, codeProperty)!,
    name: property(f.props, nameProperty)!,
    polygons: f.polys.map((poly) => rewind(crs === 'rd' ? reprojectInPlace(poly) : poly.map((ring) => ring.map((p) => (p.length === 2 ? p : [p[0]!, p[1]!]))))),
  }));
}
